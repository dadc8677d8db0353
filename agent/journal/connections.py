"""A pool or a connection the caller holds, used the same way: the journal's one rule for it.

A connection is used as it is, so what is written commits (or rolls back) with the caller's work
(a node's events commit with its domain write); a pool lends one for the statement (a run's own
journal, see `agent.journal.turns`). Opens nothing of its own.
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
