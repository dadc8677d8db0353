"""Turns and their steps in the journal: one row per request, one plan item per step it ran.

Plain psycopg over the journal's tables (`agent.journal`). A turn is created `running` before the
graph runs and finished with its final status; a crash leaves it `running`, which is how stuck runs
are found.
"""

from __future__ import annotations

from typing import Any, Literal

from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from agent.journal import to_json

TurnKind = Literal["message", "decision", "resume"]
Status = Literal["running", "awaiting_approval", "completed", "failed", "cancelled"]


def start_turn(pool: ConnectionPool[Any], *, thread_id: str, kind: TurnKind, actor: str,
               payload: dict[str, Any]) -> int:
    """Create a running turn; its id."""
    with pool.connection() as conn:
        row = conn.execute(
            "INSERT INTO turns (thread_id, kind, actor, input, status) VALUES (%s, %s, %s, %s, 'running')"
            " RETURNING id", (thread_id, kind, actor, Jsonb(to_json(payload)))).fetchone()
    assert row is not None
    return int(row["id"])


def finish_turn(pool: ConnectionPool[Any], turn_id: int, *, status: Status, intent: str | None = None,
                output: dict[str, Any] | None = None, error: str | None = None) -> None:
    """Record how a turn ended."""
    with pool.connection() as conn:
        conn.execute(
            "UPDATE turns SET status = %s, intent = %s, output = %s, error = %s, finished_at = now()"
            " WHERE id = %s",
            (status, intent, Jsonb(to_json(output)) if output is not None else None, error, turn_id))


def add_step(pool: ConnectionPool[Any], turn_id: int, *, step: int, node: str, status: str,
             tool: str | None = None, args: dict[str, Any] | None = None,
             result: dict[str, Any] | None = None, approval: bool = False) -> None:
    """Record one step (a node that ran) of a turn."""
    with pool.connection() as conn:
        conn.execute(
            "INSERT INTO plan_items (turn_id, step, node, tool, args, approval_mode, status, result)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
            (turn_id, step, node, tool, Jsonb(to_json(args)) if args is not None else None,
             "required" if approval else "none", status,
             Jsonb(to_json(result)) if result is not None else None))


def turns_of(pool: ConnectionPool[Any], thread_id: str) -> list[dict[str, Any]]:
    """The thread's turns, oldest first."""
    with pool.connection() as conn:
        return [dict(r) for r in conn.execute(
            "SELECT id, thread_id, kind, actor, input, intent, status, output, error, created_at,"
            " finished_at FROM turns WHERE thread_id = %s ORDER BY id", (thread_id,)).fetchall()]


def steps_of(pool: ConnectionPool[Any], turn_id: int) -> list[dict[str, Any]]:
    """A turn's steps, in order."""
    with pool.connection() as conn:
        return [dict(r) for r in conn.execute(
            "SELECT step, node, tool, args, approval_mode, status, result FROM plan_items"
            " WHERE turn_id = %s ORDER BY id", (turn_id,)).fetchall()]


def owner_of(pool: ConnectionPool[Any], thread_id: str) -> str | None:
    """The student recorded as the thread's owner, if any."""
    with pool.connection() as conn:
        row = conn.execute("SELECT owner FROM thread_owners WHERE thread_id = %s", (thread_id,)).fetchone()
    return str(row["owner"]) if row else None


def claim_owner(pool: ConnectionPool[Any], thread_id: str, owner: str) -> str:
    """The thread's owner: `owner` when the thread is new, else whoever created it."""
    with pool.connection() as conn:
        conn.execute("INSERT INTO thread_owners (thread_id, owner) VALUES (%s, %s)"
                     " ON CONFLICT (thread_id) DO NOTHING", (thread_id, owner))
        row = conn.execute("SELECT owner FROM thread_owners WHERE thread_id = %s", (thread_id,)).fetchone()
    assert row is not None
    return str(row["owner"])
