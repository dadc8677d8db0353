"""Scratch databases for the benchmark: created on the configured server, dropped afterwards."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from psycopg.conninfo import make_conninfo

from agent.persistence import database_url
from agent.settings import Settings


@contextmanager
def scratch_database(settings: Settings) -> Iterator[str]:
    """A new empty database on `DATABASE_URL`'s server (or the embedded one); dropped on exit."""
    server = database_url(settings)
    name = f"bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield make_conninfo(server, dbname=name)
    finally:
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
