"""Handoffs to a human operator: refund disputes and complaints the assistant must not decide."""

from __future__ import annotations

from typing import Any

from psycopg import Connection

Row = dict[str, Any]


def open_handoff(
    conn: Connection[Row],
    *,
    student_id: str,
    thread_id: str,
    reason: str,
    message: str,
    operation_key: str,
) -> Row:
    """Record a request for a human operator (refund dispute, complaint)."""
    row = conn.execute(
        "INSERT INTO handoffs (student_id, thread_id, reason, message, operation_key)"
        " VALUES (%s, %s, %s, %s, %s) RETURNING id, status",
        (student_id, thread_id, reason, message, operation_key),
    ).fetchone()
    return {"handoff": row}
