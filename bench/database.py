"""Scratch databases for the benchmark (and the tests): created on a server, dropped afterwards."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from psycopg.conninfo import make_conninfo

from agent.config.settings import Settings
from agent.infra.persistence import database_url


@contextmanager
def temporary_database(server_url: str, prefix: str) -> Iterator[str]:
    """A new empty database `<prefix>_<random>` on the server of `server_url`; dropped on exit."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_conninfo(server_url, dbname=name)
    finally:
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def scratch_database(settings: Settings) -> Iterator[str]:
    """A new empty database on `DATABASE_URL`'s server (or the embedded one's); dropped on exit."""
    with temporary_database(database_url(settings), "bench") as url:
        yield url
