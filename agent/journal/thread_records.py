"""Thread records in Postgres: what the LangGraph API knows of a thread besides its graph state.

A thread is any id with a record (`thread_records`, migration 3), an owner (`thread_owners`, as
the runs and the runtime claim them) or a checkpoint: threads the CLI started in its own
process are listed too, with the graph's metadata. Each row also says whether the thread's
one-writer lock is held now (`pg_locks`, the lock of `agent.infra.locks`) and how its latest
journal turn ended (`stopped` for a run stopped on request); a thread is busy while the lock is
held or a run of the API is pending or running on it. Plain SQL over the pool it is handed;
it knows no face (the HTTP API's JSON shapes are `agent.interfaces.server.langgraph_api.shapes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypedDict, cast
from uuid import UUID, uuid5

from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from agent.infra.locks import LOCK_SPACE
from agent.journal import api_runs
from agent.journal.connections import Database, connection

GRAPH_ID = "school"
"""The one graph this application serves (`langgraph.json`); usable as an `assistant_id`, as on the platform."""

NAMESPACE_GRAPH = UUID("6ba7b821-9dad-11d1-80b4-00c04fd430c8")
"""The namespace the platform derives a graph's default assistant id from (uuid5 of the graph id)."""

ASSISTANT_ID = str(uuid5(NAMESPACE_GRAPH, GRAPH_ID))
"""The default assistant's id, the same as `langgraph dev` gives the graph `school`."""

DEFAULT_METADATA = {"graph_id": GRAPH_ID, "assistant_id": ASSISTANT_ID}
"""The metadata of a thread that has no record (started by the CLI in its own process)."""


class ThreadRecord(TypedDict):
    """A thread as the API knows it: its record, else its owner, else its checkpoints (`_ROWS`)."""

    thread_id: str
    recorded: bool
    """Whether `thread_records` has a row (a thread a run made before the API did has none)."""
    owner: str | None
    metadata: dict[str, Any]
    """The client's metadata, JSON kept as given."""
    created_at: datetime | None
    updated_at: datetime | None
    state_updated_at: datetime | None
    """When its last checkpoint was written (None: no checkpoint yet)."""
    busy: bool
    """A run is in flight on it, or a request holds its lock."""
    last_turn: str | None
    """How its last turn ended (`stopped` for a run that was asked to stop), or None."""


SQL_SORTS = ("thread_id", "created_at", "updated_at", "state_updated_at")
"""Sort keys the database orders by (`status` is known only after reading each state)."""

_ROWS = """
WITH ids AS (
    SELECT thread_id FROM thread_records
    UNION SELECT thread_id FROM thread_owners
    UNION SELECT DISTINCT thread_id FROM checkpoints WHERE checkpoint_ns = ''
), found AS (
    SELECT ids.thread_id,
           r.thread_id IS NOT NULL AS recorded,
           coalesce(r.owner, o.owner) AS owner,
           coalesce(r.metadata, %(default)s) AS metadata,
           coalesce(r.created_at, o.created_at, head.ts) AS created_at,
           coalesce(greatest(r.updated_at, head.ts), o.created_at, head.ts) AS updated_at,
           head.ts AS state_updated_at
    FROM ids
    LEFT JOIN thread_records r ON r.thread_id = ids.thread_id
    LEFT JOIN thread_owners o ON o.thread_id = ids.thread_id
    LEFT JOIN LATERAL (
        SELECT (c.checkpoint ->> 'ts')::timestamptz AS ts FROM checkpoints c
        WHERE c.thread_id = ids.thread_id AND c.checkpoint_ns = ''
        ORDER BY c.checkpoint_id DESC LIMIT 1
    ) head ON true
)
SELECT found.*,
       EXISTS (
           SELECT 1 FROM api_runs a WHERE a.thread_id = found.thread_id AND a.status IN ('pending', 'running')
       ) OR EXISTS (
           SELECT 1 FROM pg_locks l
           WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
             AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND l.classid = %(space)s::bigint::oid
             AND l.objid = (hashtext(found.thread_id)::bigint & 4294967295)::oid
       ) AS busy,
       (SELECT CASE WHEN t.status = 'failed' AND t.error = 'RunStoppedError' THEN 'stopped' ELSE t.status END
        FROM turns t WHERE t.thread_id = found.thread_id ORDER BY t.id DESC LIMIT 1)
           AS last_turn
FROM found
WHERE (%(ids)s::text[] IS NULL OR found.thread_id = ANY(%(ids)s))
  AND (%(owner)s::text IS NULL OR found.owner = %(owner)s)
  AND found.metadata @> %(metadata)s
"""


def _params(
    *, ids: Sequence[str] | None = None, owner: str | None = None, metadata: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "default": Jsonb(DEFAULT_METADATA),
        "space": LOCK_SPACE,
        "ids": list(ids) if ids is not None else None,
        "owner": owner,
        "metadata": Jsonb(metadata or {}),
    }


def find(db: Database, thread_id: str) -> ThreadRecord | None:
    """The thread's row, or None when no thread has the id."""
    with connection(db) as conn:
        row = conn.execute(*find_query(thread_id)).fetchone()
    return cast(ThreadRecord | None, row)


def find_query(thread_id: str) -> tuple[str, dict[str, Any]]:
    """The SQL and named parameters of `find`, for a caller that reads other things in its statement."""
    return _ROWS, _params(ids=[thread_id])


def search(
    pool: ConnectionPool[Any],
    *,
    ids: Sequence[str] | None,
    owner: str | None,
    metadata: dict[str, Any] | None,
    sort: tuple[str, str] | None,
    page: tuple[int, int] | None,
) -> list[ThreadRecord]:
    """The rows that match (`owner` None: anyone's).

    Ordered by `sort` (key, asc|desc) and cut to `page` (offset, limit) when given.
    """
    sql = _ROWS
    if sort is not None:
        key, order = sort
        assert key in SQL_SORTS and order in ("asc", "desc")  # checked by the route
        sql += f" ORDER BY {key} {order} NULLS LAST, thread_id"
    if page is not None:
        sql += f" OFFSET {int(page[0])} LIMIT {int(page[1])}"
    with pool.connection() as conn:
        rows = conn.execute(sql, _params(ids=ids, owner=owner, metadata=metadata)).fetchall()
    return cast(list[ThreadRecord], rows)


def create(db: Database, thread_id: str, owner: str, metadata: dict[str, Any]) -> bool:
    """Record a new thread for `owner` (claiming it in `thread_owners` too); False if the id is taken."""
    with connection(db) as conn, conn.transaction():
        claimed = conn.execute(
            "INSERT INTO thread_owners (thread_id, owner) VALUES (%s, %s) ON CONFLICT DO NOTHING RETURNING 1",
            (thread_id, owner),
        ).fetchone()
        if claimed is None:
            return False
        conn.execute(
            "INSERT INTO thread_records (thread_id, owner, metadata) VALUES (%s, %s, %s)",
            (thread_id, owner, Jsonb(metadata)),
        )
    return True


def merge_metadata(db: Database, row: ThreadRecord, metadata: dict[str, Any]) -> None:
    """Merge `metadata` into the thread's (recording a thread that had no record yet)."""
    with connection(db) as conn:
        conn.execute(
            "INSERT INTO thread_records (thread_id, owner, metadata, created_at)"
            " VALUES (%(t)s, %(owner)s, %(old)s || %(new)s, %(created)s)"
            " ON CONFLICT (thread_id) DO UPDATE"
            " SET metadata = thread_records.metadata || %(new)s, updated_at = now()",
            {
                "t": row["thread_id"],
                "owner": row["owner"],
                "old": Jsonb(row["metadata"]),
                "new": Jsonb(metadata),
                "created": row["created_at"],
            },
        )


def delete(pool: ConnectionPool[Any], thread_id: str) -> None:
    """Forget the thread's record and owner (its checkpoints are the checkpointer's to delete).

    The journal (turns, events, grants) stays: it is the audit of what happened.
    """
    with pool.connection() as conn, conn.transaction():
        conn.execute("DELETE FROM thread_records WHERE thread_id = %s", (thread_id,))
        conn.execute("DELETE FROM thread_owners WHERE thread_id = %s", (thread_id,))
        api_runs.delete_for_thread(conn, thread_id)
