"""The one door from the CLI to the QA tools and the benchmark: the checkout `school-agent` runs from.

`qa` (evaluations, crash sweep, demo) and `bench` are not in the wheel, and the editable install
maps only the packages the wheel holds; so `school-agent eval|demo|crash-sweep|bench` put the
checkout's root on `sys.path` first, and say plainly that they need a checkout when there is none
(an installed wheel). The parser names `qa_command(...)` for the QA subcommands, whose bodies are
`qa.commands`; `run_bench` hands the command line to `bench.main`. Both are imported only when such
a command runs, and only here (the import-linter contract on production code names these two).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from agent.interfaces.cli.session import EXIT_USAGE, CliInputError

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


def qa_command(command: str, name: str) -> Callable[[argparse.Namespace], int]:
    """The runner of the subcommand `command`: `qa.commands.<name>(args)`, from the checkout."""

    def run(args: argparse.Namespace) -> int:
        need_checkout(command)
        from qa import commands  # the QA tools load only for their own commands

        body: Callable[[argparse.Namespace], int] = getattr(commands, name)
        return body(args)

    return run


def run_bench(argv: Sequence[str]) -> int:
    """Run the benchmark (`bench.main`); its own parser reads the rest of the command line."""
    try:
        need_checkout("bench")
    except NoCheckoutError as err:  # `main` dispatches `bench` before its own error handling
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    from bench.main import main as bench_main  # the benchmark loads only for this command

    return bench_main(list(argv))
