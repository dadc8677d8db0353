"""One writer per thread, across processes: a Postgres advisory lock held while a request runs.

Each held lock keeps one connection for the length of the run, so the locks have a pool of their
own: a run holding a lock still finds connections for its checkpoints in the main pool (sharing
one pool deadlocks as soon as more requests wait than it has connections). If the process dies,
Postgres ends its sessions and their locks with them, so a crash never leaves a thread locked.
`agent.infra.persistence` opens the lock pool beside the main one and registers it here.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

LOCK_SPACE = 0x5C400
"""The first key of every thread lock (two-key form), apart from the keys setup and the budget use."""

Query = tuple[str, Mapping[str, Any]]
"""SQL and its named parameters."""

_registry: weakref.WeakKeyDictionary[ConnectionPool[Any], ThreadLocks] = weakref.WeakKeyDictionary()
_held: ContextVar[tuple[str, psycopg.Connection[Any]] | None] = ContextVar("school_held_lock", default=None)


class ThreadBusyError(Exception):
    """Another request is running on the thread right now."""


class ThreadLocks:
    """Thread locks over their own connection pool."""

    def __init__(self, pool: ConnectionPool[Any]) -> None:
        self.pool = pool

    @contextmanager
    def hold(self, thread_id: str, *, then: Query | None = None) -> Iterator[Any]:
        """Hold the thread's lock for the block; ThreadBusyError at once if someone else holds it.

        `then` (SQL, parameters) is run right after the lock is taken, in the same round trip; the
        block receives its first row (None without `then`). It sees everything committed before
        the lock was granted: each statement reads the database as of its own start.
        """
        with self.pool.connection() as conn:
            with conn.pipeline():
                taken = conn.execute(
                    "SELECT pg_try_advisory_lock(%s, hashtext(%s)) AS got", (LOCK_SPACE, thread_id)
                )
                after = conn.execute(then[0], then[1]) if then is not None else None
            row = taken.fetchone()
            if not row or not row["got"]:
                message = f"thread {thread_id} is busy with another request; try again when it has finished"
                raise ThreadBusyError(message)
            token = _held.set((thread_id, conn))
            try:
                yield after.fetchone() if after is not None else None
            finally:
                _held.reset(token)
                # If the session is gone (the database restarted), its locks went with it.
                with contextlib.suppress(psycopg.OperationalError):
                    conn.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCK_SPACE, thread_id))


def held_connection(thread_id: str) -> psycopg.Connection[Any] | None:
    """The connection holding `thread_id`'s lock in this context, if this context holds it.

    The run writes its journal through it: the connection is the run's alone until the lock is
    released, so the journal costs no pool checkout (and see `unsynced_commits`).
    """
    held = _held.get()
    return held[1] if held is not None and held[0] == thread_id else None


def unsynced_commits(conn: psycopg.Connection[Any]) -> None:
    """Configure a lock-pool connection: its commits do not wait for the disk.

    Only the journal writes through these connections (a lock itself writes nothing). An
    unsynced commit is visible at once and survives a crash of the application; a crash of
    Postgres itself can lose it only together with everything committed after it, because the
    next synchronous commit (the next checkpoint) flushes the log up to and including it. So the
    journal may lose its last events, never show an event whose checkpoint is missing, and a
    turn no longer waits for a disk flush per event.
    """
    conn.execute("SET synchronous_commit TO off")


def register(main_pool: ConnectionPool[Any], locks: ThreadLocks) -> None:
    """Make `locks` the thread locks of everything that runs on `main_pool`."""
    _registry[main_pool] = locks


def locks_for(main_pool: ConnectionPool[Any] | None) -> ThreadLocks | None:
    """The thread locks registered for a main pool, if any."""
    return _registry.get(main_pool) if main_pool is not None else None
