"""Shared fixtures: a real Postgres per test, the graph on it, and a guard against real models.

Postgres is the server named by `DATABASE_URL` when set, else an embedded server started once for
the session. Each test that asks for a database gets its own `test_<uuid>`, dropped afterwards.
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg.conninfo import make_conninfo

from agent.persistence import Resources, embedded_url, open_resources
from agent.settings import Settings
from graphs.school import build_graph

ROOT = Path(__file__).resolve().parents[1]
TODAY = date(2026, 12, 1)
"""Every test runs on this date, so seeded cohort dates and refund windows are fixed."""


@pytest.fixture(autouse=True)
def no_real_models(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail any test that would send a request to a real chat model."""
    from langchain_openai.chat_models.base import BaseChatOpenAI

    def refuse(*_: Any, **__: Any) -> Any:
        pytest.fail("a test tried to call a real chat model; use a scripted fake")

    for name in ("_generate", "_agenerate", "_stream", "_astream"):
        monkeypatch.setattr(BaseChatOpenAI, name, refuse)


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A URL of a maintenance database on the Postgres server the tests use."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    return embedded_url(tmp_path_factory.mktemp("embedded"))


@contextmanager
def fresh_database(server_url: str) -> Iterator[str]:
    """Create an empty database `test_<uuid>` on the server; drop it afterwards."""
    name = f"test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_conninfo(server_url, dbname=name)
    finally:
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def database_url(server_url: str) -> Iterator[str]:
    """A fresh, empty database for one test; dropped afterwards."""
    with fresh_database(server_url) as url:
        yield url


@pytest.fixture
def settings(database_url: str, tmp_path: Path) -> Settings:
    """Settings for one test's database, on the fixed test date."""
    return Settings(database_url=database_url, data_dir=tmp_path / "data", today=TODAY,
                    pool_max_size=8)


@pytest.fixture
def resources(settings: Settings) -> Iterator[Resources]:
    """Pool, checkpointer, store and domain on the test database, set up and seeded."""
    with open_resources(settings) as res:
        yield res


@pytest.fixture
def graph(resources: Resources) -> Any:
    """The school graph on the test database."""
    return build_graph(checkpointer=resources.checkpointer, store=resources.store,
                       school=resources.school, settings=resources.settings)


def run_cli(settings: Settings, *args: str, extra_env: dict[str, str] | None = None,
            check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run `school-agent ARGS` in a new process against the test database."""
    env = {k: v for k, v in os.environ.items() if k != "SCHOOL_FAULT_POINT"}
    env |= {"DATABASE_URL": settings.database_url or "", "SCHOOL_TODAY": TODAY.isoformat()}
    env |= extra_env or {}
    result = subprocess.run([sys.executable, "-m", "agent.cli", *args], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    if check and result.returncode != 0:
        pytest.fail(f"school-agent {' '.join(args)} exited {result.returncode}:\n"
                    f"{result.stdout}\n{result.stderr}")
    return result
