"""The school under test: the checkout's root, the fixed test date, the CLI in a new process, databases."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

import pytest

from agent.config.settings import Settings
from agent.infra.scratch import temporary_database

ROOT = Path(__file__).resolve().parents[2]
"""The checkout's root (the folder that holds pyproject.toml)."""

TODAY = date(2026, 12, 1)
"""Every test runs on this date, so seeded cohort dates and refund windows are fixed."""


@contextmanager
def fresh_database(server_url: str) -> Iterator[str]:
    """Create an empty database `test_<random>` on the server; drop it afterwards."""
    with temporary_database(server_url, "test") as url:
        yield url


def run_cli(
    settings: Settings, *args: str, extra_env: dict[str, str] | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    """Run `school-agent ARGS` in a new process against the test database."""
    env = {k: v for k, v in os.environ.items() if k != "SCHOOL_FAULT_POINT"}
    env |= {"DATABASE_URL": settings.database_url or "", "SCHOOL_TODAY": TODAY.isoformat()}
    env |= extra_env or {}
    result = subprocess.run(
        [sys.executable, "-m", "agent.interfaces.cli", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if check and result.returncode != 0:
        pytest.fail(
            f"school-agent {' '.join(args)} exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
        )
    return result
