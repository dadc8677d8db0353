"""Where the commands that run the QA tools or the benchmark find them: the checkout `school-agent` runs from.

`qa` (evaluations, crash sweep, demo) and `bench` are not in the wheel, and the editable install
maps only the packages the wheel holds; so `school-agent eval|demo|crash-sweep|bench` put the
checkout's root on `sys.path` first, and say plainly that they need a checkout when there is none
(an installed wheel). It imports nothing of `qa` or `bench` itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

from agent.interfaces.cli.session import CliInputError

ROOT = Path(__file__).resolve().parents[3]
"""The checkout's root when this module lies in one (`agent/interfaces/cli/` below it)."""


class NoCheckoutError(CliInputError):
    """A command that runs the QA tools or the benchmark, started from an installed wheel."""


def need_checkout(command: str) -> None:
    """Make the checkout's `qa` and `bench` importable for `command`, or refuse it in one line."""
    if not (ROOT / "pyproject.toml").is_file() or not (ROOT / "qa" / "__init__.py").is_file():
        message = (
            f"`school-agent {command}` runs from a checkout of the project: the QA tools and the "
            f"benchmark are not in the installed package (no checkout at {ROOT})"
        )
        raise NoCheckoutError(message)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
