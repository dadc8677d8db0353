"""Idempotent execution of mutating operations.

A key is recorded in the same transaction as the change it guards, so a change and its record
commit together or not at all. A repeat with the same key returns the stored outcome and changes
nothing; refusals are outcomes too, so a retry after a crash answers exactly as the first run did.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NotRequired, TypedDict

from psycopg import Connection, Rollback
from psycopg.types.json import Jsonb

from agent.domain.errors import DomainError, IdempotencyConflictError
from agent.domain.plain_json import to_json


class Outcome(TypedDict):
    """What a mutating operation did, or why it refused; stored with its key and read back as it was."""

    ok: bool
    result: NotRequired[Any]
    """What the action returned, plain JSON (`ok` only)."""
    error: NotRequired[str]
    """The refusal's code (`DomainError.code`), when not `ok`."""
    message: NotRequired[str]
    """The refusal in words, when not `ok`."""
    details: NotRequired[dict[str, Any]]
    """What the refusal is about, plain JSON, when not `ok`."""
    replayed: NotRequired[bool]
    """True when read back for a repeated key rather than produced now."""


def require_key(key: str) -> None:
    """Refuse a missing idempotency key, before anything is written or paid."""
    if not key:
        message = "an idempotency key is required for every mutating operation"
        raise ValueError(message)


def run_once(
    conn: Connection[dict[str, Any]],
    *,
    key: str,
    name: str,
    request: dict[str, Any],
    action: Callable[[Connection[dict[str, Any]]], dict[str, Any]],
) -> Outcome:
    """Run `action` once for `key` and return its outcome, or the stored outcome of an earlier run.

    The outcome is `{"ok": True, "result": ...}` or `{"ok": False, "error": code, "message": ...}`;
    `"replayed": True` marks one that was read back rather than produced now.
    """
    require_key(key)
    request = to_json(request, "request")
    with conn.transaction():
        # A concurrent holder of the same key makes this INSERT wait until it commits or rolls back.
        claimed = conn.execute(
            "INSERT INTO operations (key, name, request) VALUES (%s, %s, %s)"
            " ON CONFLICT (key) DO NOTHING RETURNING key",
            (key, name, Jsonb(request)),
        ).fetchone()
        if claimed is None:
            return _stored_outcome(conn, key=key, name=name, request=request)
        try:
            with conn.transaction():
                outcome: Outcome = {"ok": True, "result": to_json(action(conn), "result")}
        except DomainError as err:
            outcome = _refusal(err)
        conn.execute("UPDATE operations SET outcome = %s WHERE key = %s", (Jsonb(outcome), key))
    return outcome


def dry_run(
    conn: Connection[dict[str, Any]], action: Callable[[Connection[dict[str, Any]]], dict[str, Any]]
) -> Outcome:
    """Run `action` with every rule and lock, then roll it back: what it would do right now.

    Proposals use this so that what a reviewer approves was checked by the same code that will
    perform it; the real run checks again, under its own locks.
    """
    outcome: Outcome
    try:
        with conn.transaction() as tx:
            outcome = {"ok": True, "result": to_json(action(conn), "result")}
            raise Rollback(tx)
    except DomainError as err:
        outcome = _refusal(err)
    return outcome


def _refusal(err: DomainError) -> Outcome:
    return {
        "ok": False,
        "error": err.code,
        "message": err.message,
        "details": to_json(err.details, "details"),
    }


def _stored_outcome(
    conn: Connection[dict[str, Any]], *, key: str, name: str, request: dict[str, Any]
) -> Outcome:
    row = conn.execute("SELECT name, request, outcome FROM operations WHERE key = %s", (key,)).fetchone()
    if row is None or row["outcome"] is None:
        message = f"operation {key!r} has no recorded outcome"
        raise RuntimeError(message)
    if row["name"] != name or row["request"] != request:
        message = (
            f"idempotency key {key!r} was already used for {row['name']} {row['request']};"
            " refusing to reuse it for a different request"
        )
        raise IdempotencyConflictError(message, key=key)
    stored: Outcome = row["outcome"]
    return {**stored, "replayed": True}
