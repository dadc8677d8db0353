"""Who a thread belongs to, and the one error for anyone else.

A thread belongs to the student who started it. Its state names that student once the router has
run (`student_id`); before that, `thread_owners` does: the student of a thread's first request is
claimed there as its run starts (`agent.journal.turns.start_turn`) or when the HTTP API creates
the thread (`claim_owner`), so that a first run cut off before the router stored the student is
resumed for the right one. `agent.runtime.runs.owner` is the one lookup (the state's student, else
this table's); `refuse_foreign` is the check the runtime and the HTTP API apply to it, and the
router raises the same `ForeignThreadError` when a run's user is not the state's student.

Plain SQL over the pool it is handed; imports nothing above the journal.
"""

from __future__ import annotations

from typing import Any

from psycopg_pool import ConnectionPool

from agent.journal.connections import Database, connection


class ThreadError(Exception):
    """A request about a thread that cannot be carried out; the message says why.

    The base of the runtime's refusals (`agent.runtime.threads`), which the faces report as bad
    input; it lives here so that `ForeignThreadError`, which the graph raises too, can be one.
    """


class ForeignThreadError(ThreadError, PermissionError):
    """A request or a run on a thread by someone other than the student it belongs to."""


def refuse_foreign(thread_id: str, owner: str | None, user: str) -> None:
    """Raise ForeignThreadError when the thread has an owner and it is not `user`."""
    if owner and owner != user:
        message = f"thread {thread_id} belongs to another student"
        raise ForeignThreadError(message)


def owner_query(thread_id: str) -> tuple[str, dict[str, Any]]:
    """The owner's lookup (SQL, named parameters): its one row's `journal_owner` is the owner or None.

    For a caller that reads it in a round trip it makes anyway (`agent.runtime.threads.send`, in
    the one that takes the thread's lock).
    """
    return "SELECT (SELECT owner FROM thread_owners WHERE thread_id = %(owned)s) AS journal_owner", {
        "owned": thread_id
    }


def owner_of(db: Database, thread_id: str) -> str | None:
    """The student `thread_owners` records as the thread's owner, if any."""
    with connection(db) as conn:
        row = conn.execute(*owner_query(thread_id)).fetchone()
    return str(row["journal_owner"]) if row and row["journal_owner"] else None


def claim_owner(pool: ConnectionPool[Any], thread_id: str, owner: str) -> str:
    """The thread's owner: `owner` when the thread is new, else whoever created it."""
    with pool.connection() as conn:
        conn.execute(
            "INSERT INTO thread_owners (thread_id, owner) VALUES (%s, %s) ON CONFLICT (thread_id) DO NOTHING",
            (thread_id, owner),
        )
        row = conn.execute("SELECT owner FROM thread_owners WHERE thread_id = %s", (thread_id,)).fetchone()
    assert row is not None
    return str(row["owner"])
