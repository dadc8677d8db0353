"""A pool or a connection the caller holds, used the same way: the journal's one rule for it.

A connection is used as it is, so what is written commits (or rolls back) with the caller's work
(a run writes its journal on its lock's connection, see `agent.runtime.runs`); a pool lends one
for the statement. Opens nothing of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from psycopg import Connection
from psycopg_pool import ConnectionPool

Database = ConnectionPool[Any] | Connection[Any]
"""The pool, or a connection the caller holds."""


@contextmanager
def connection(db: Database) -> Iterator[Connection[Any]]:
    """A connection from the pool `db` (returned to it afterwards), or `db` itself."""
    if isinstance(db, ConnectionPool):
        with db.connection() as conn:
            yield conn
    else:
        yield db
