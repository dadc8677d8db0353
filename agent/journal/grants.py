"""Approval grants: who approved which action, with which arguments, in which role, under which policy row.

The approval step writes a grant per approver the school's policy asks for (`agent.domain.policy`:
the student, an operator, or both); the execute step performs an action only when every one of
them has a grant for exactly that action id and those arguments, so nothing runs that the right
people did not approve as it is.
Plain psycopg; the table (`approval_grants`) is made by the schema migrations (`agent.infra.migrations`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Literal, TypedDict, cast

from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool


class GrantRow(TypedDict):
    """One approval grant as `grants_of` reads it."""

    thread_id: str
    action_id: str
    action_name: str
    args: dict[str, Any]
    """The action's arguments as approved, plain JSON."""
    student_id: str
    """The student the action is for."""
    reviewer: str
    role: str
    """The role the reviewer approved in (`agent.domain.policy`)."""
    policy: str
    """The id of the policy row that asked for this approval."""
    decision: Literal["approve", "edit"]
    at: datetime


def grant(
    pool: ConnectionPool[Any],
    *,
    thread_id: str,
    action: Mapping[str, Any],
    reviewer: str,
    decision: str,
    role: str,
    policy: str,
) -> bool:
    """Record that `reviewer`, as `role`, approved `action` (a PendingAction) under a policy row.

    `policy` is the row's id. False when that role's grant was recorded before.
    """
    with pool.connection() as conn:
        row = conn.execute(
            "INSERT INTO approval_grants (thread_id, action_id, action_name, args, student_id, reviewer,"
            " decision, role, policy) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
            " ON CONFLICT (thread_id, action_id, role) DO NOTHING RETURNING action_id",
            (
                thread_id,
                action["id"],
                action["name"],
                Jsonb(action["args"]),
                action["student_id"],
                reviewer,
                decision,
                role,
                policy,
            ),
        ).fetchone()
    return row is not None


def granted(
    pool: ConnectionPool[Any], *, thread_id: str, action: Mapping[str, Any], roles: list[str]
) -> bool:
    """Whether each of `roles` granted exactly this action: its id, name, arguments and student."""
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT role FROM approval_grants WHERE thread_id = %s AND action_id = %s AND action_name = %s"
            " AND args = %s AND student_id = %s",
            (thread_id, action["id"], action["name"], Jsonb(action["args"]), action["student_id"]),
        ).fetchall()
    return bool(roles) and set(roles) <= {r["role"] for r in rows}


def grants_of(pool: ConnectionPool[Any], thread_id: str) -> list[GrantRow]:
    """The thread's grants, oldest first."""
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT thread_id, action_id, action_name, args, student_id, reviewer, role, policy, decision, at"
            " FROM approval_grants WHERE thread_id = %s ORDER BY at, action_id, role",
            (thread_id,),
        ).fetchall()
    return [cast(GrantRow, dict(r)) for r in rows]
