"""Approval grants: who approved which action, with which arguments, when.

The approval step writes a grant; the execute step performs an action only when a grant exists for
exactly that action id and those arguments, so nothing runs that a human did not approve as it is.
Plain psycopg; the table (`approval_grants`) is made by the schema migrations (`agent.infra.migrations`).
"""

from __future__ import annotations

from typing import Any

from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool


def grant(
    pool: ConnectionPool[Any], *, thread_id: str, action: dict[str, Any], reviewer: str, decision: str
) -> bool:
    """Record that `reviewer` approved `action` (a PendingAction); False when it was recorded before."""
    with pool.connection() as conn:
        row = conn.execute(
            "INSERT INTO approval_grants (thread_id, action_id, action_name, args, student_id, reviewer,"
            " decision) VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (thread_id, action_id) DO NOTHING"
            " RETURNING action_id",
            (
                thread_id,
                action["id"],
                action["name"],
                Jsonb(action["args"]),
                action["student_id"],
                reviewer,
                decision,
            ),
        ).fetchone()
    return row is not None


def granted(pool: ConnectionPool[Any], *, thread_id: str, action: dict[str, Any]) -> bool:
    """Whether a grant exists for exactly this action: its id, name, arguments and student."""
    with pool.connection() as conn:
        row = conn.execute(
            "SELECT 1 FROM approval_grants WHERE thread_id = %s AND action_id = %s AND action_name = %s"
            " AND args = %s AND student_id = %s",
            (thread_id, action["id"], action["name"], Jsonb(action["args"]), action["student_id"]),
        ).fetchone()
    return row is not None


def grants_of(pool: ConnectionPool[Any], thread_id: str) -> list[dict[str, Any]]:
    """The thread's grants, oldest first."""
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT thread_id, action_id, action_name, args, student_id, reviewer, decision, at"
            " FROM approval_grants WHERE thread_id = %s ORDER BY at, action_id",
            (thread_id,),
        ).fetchall()
    return [dict(r) for r in rows]
