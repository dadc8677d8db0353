"""Scratch databases: created on a Postgres server for one use (an evaluation, a benchmark, a test), dropped after."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from psycopg.conninfo import make_conninfo


@contextmanager
def temporary_database(server_url: str, prefix: str, *, template: str | None = None) -> Iterator[str]:
    """A new database `<prefix>_<random>` on the server of `server_url`; its URL.

    It is a copy of the database `template` when given, else empty; dropped on exit, whoever is
    still connected.
    """
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    copy = f' TEMPLATE "{template}"' if template else ""
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"{copy}')
    try:
        yield make_conninfo(server_url, dbname=name)
    finally:
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
