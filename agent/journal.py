"""A durable, append-only journal of what happened in each thread, kept in Postgres.

Checkpoints say where a thread is; the journal says what happened on the way (a budget spent, a
plan shown, a worker that failed), in order, for audits and for the student's history. Events are
only ever added. Payloads are checked and converted to plain JSON before they are written, so a
payload that cannot be read back as written is refused rather than stored half-right.
This module opens no connection: callers hand in the pool (or a connection) from
`agent.persistence`. It must not import LangGraph or LangChain.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any, Final, Literal, get_args

from psycopg import Connection
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

EventKind = Literal["budget_exhausted", "plan_presented", "worker_failed"]
"""What an event records: a thread's budget was found spent (payload: tokens, cost_usd, limits),
a plan was shown to the student, a worker (subagent) failed."""
KINDS: Final[tuple[EventKind, ...]] = get_args(EventKind)

JOURNAL_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS journal_events (
    id        bigserial PRIMARY KEY,
    thread_id text NOT NULL,
    kind      text NOT NULL,
    payload   jsonb NOT NULL DEFAULT '{}',
    at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS journal_events_thread_idx ON journal_events (thread_id, id);
"""


class JournalPayloadError(TypeError):
    """A payload holds a value that JSON cannot carry; the message names where it is."""


def setup_journal(conn: Connection[Any]) -> None:
    """Create the journal table and its index if they are missing (idempotent)."""
    with conn.transaction():
        # Several statements in one string cannot be a prepared statement.
        conn.execute(JOURNAL_SCHEMA, prepare=False)


def record_event(pool_or_conn: ConnectionPool[Any] | Connection[Any], thread_id: str, kind: str,
                 payload: Mapping[str, Any] | None = None) -> int:
    """Append one event to the thread's journal; the new event's id.

    `kind` is one of `KINDS` (checked when called, so that callers holding a plain str need no cast).
    Dates and datetimes are stored as ISO strings and Decimals as floats; tuples become lists.

    Raises:
        ValueError: If `thread_id` is empty or `kind` is not one of `KINDS`.
        JournalPayloadError: If the payload is not a mapping with str keys, or holds a value JSON
            cannot carry (a set, an object, NaN ...); nothing is written then.

    """
    if not isinstance(thread_id, str) or not thread_id:
        msg = f"thread_id must be a non-empty str, got {thread_id!r}"
        raise ValueError(msg)
    if kind not in KINDS:
        msg = f"unknown journal event kind {kind!r}; known kinds: {', '.join(KINDS)}"
        raise ValueError(msg)
    if payload is None:
        payload = {}
    if not isinstance(payload, Mapping):
        msg = f"a journal payload must be a mapping, got {type(payload).__name__}"
        raise JournalPayloadError(msg)
    document = Jsonb(to_json(payload))
    if isinstance(pool_or_conn, ConnectionPool):
        with pool_or_conn.connection() as conn:
            return _insert(conn, thread_id, kind, document)
    # A connection is used as it is, so the event commits (or rolls back) with the caller's work.
    return _insert(pool_or_conn, thread_id, kind, document)


def _insert(conn: Connection[Any], thread_id: str, kind: str, document: Jsonb) -> int:
    with conn.cursor(row_factory=dict_row) as cur:
        row = cur.execute("INSERT INTO journal_events (thread_id, kind, payload) VALUES (%s, %s, %s)"
                          " RETURNING id", (thread_id, kind, document)).fetchone()
    if row is None:  # pragma: no cover - INSERT ... RETURNING always returns the row
        msg = "INSERT INTO journal_events returned no id"
        raise RuntimeError(msg)
    return int(row["id"])


def events(pool: ConnectionPool[Any], thread_id: str, *,
           kinds: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The thread's events, oldest first, each as {id, thread_id, kind, payload, at}.

    With `kinds`, only events of those kinds (an empty sequence gives none).
    """
    with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        if kinds is None:
            cur.execute("SELECT id, thread_id, kind, payload, at FROM journal_events"
                        " WHERE thread_id = %s ORDER BY id", (thread_id,))
        else:
            cur.execute("SELECT id, thread_id, kind, payload, at FROM journal_events"
                        " WHERE thread_id = %s AND kind = ANY(%s) ORDER BY id", (thread_id, list(kinds)))
        return list(cur.fetchall())


def to_json(value: Any, path: str = "payload") -> Any:
    """`value` as plain JSON types (dict, list, str, int, float, bool, None), or JournalPayloadError.

    `path` names the value in error messages, e.g. `payload['limits']['max_usd']`.
    """
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float | Decimal):
        number = float(value)
        if not math.isfinite(number):
            msg = f"{path} is {value!r}; JSON has no NaN or infinity"
            raise JournalPayloadError(msg)
        return number
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                msg = f"{path} has the key {key!r} ({type(key).__name__}); JSON object keys are str"
                raise JournalPayloadError(msg)
            out[key] = to_json(item, f"{path}[{key!r}]")
        return out
    if isinstance(value, list | tuple):
        return [to_json(item, f"{path}[{i}]") for i, item in enumerate(value)]
    msg = (f"{path} is a {type(value).__name__} ({value!r:.80}), which the journal cannot store as "
           "JSON; convert it to str, int, float, bool, None, a date, a Decimal, a list or a dict")
    raise JournalPayloadError(msg)
