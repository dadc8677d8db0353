"""Scratch databases for the benchmark: created on a server, dropped afterwards (the tests take `agent.infra.scratch`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from agent.config.settings import Settings
from agent.infra.persistence import database_url
from agent.infra.scratch import temporary_database

__all__ = ["scratch_database", "temporary_database"]


@contextmanager
def scratch_database(settings: Settings) -> Iterator[str]:
    """A new empty database on `DATABASE_URL`'s server (or the embedded one's); dropped on exit."""
    with temporary_database(database_url(settings), "bench") as url:
        yield url
