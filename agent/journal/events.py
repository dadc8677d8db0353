"""A durable, append-only journal of what happened in each thread, kept in Postgres.

Checkpoints say where a thread is; the journal says what happened on the way (a budget spent, a
plan shown, a worker that failed), in order, for audits and for the student's history. Events are
only ever added. Payloads are checked and converted to plain JSON before they are written, so a
payload that cannot be read back as written is refused rather than stored half-right.
This module opens no connection: callers hand in the pool (or a connection) from
`agent.infra.persistence`. It must not import LangGraph or LangChain. Its tables (`journal_events`,
`thread_owners`, `turns`, `plan_items`) are made by the schema migrations (`agent.infra.migrations`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from typing import Any, Final, Literal, Protocol, TypedDict, cast, get_args

from psycopg import Connection
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from agent.domain.plain_json import NotJSONError, to_json
from agent.journal.connections import Database, connection

EventKind = Literal[
    "turn_started",
    "step_started",
    "step_completed",
    "step_failed",
    "tool_completed",
    "tool_failed",
    "approval_requested",
    "approval_granted",
    "approval_rejected",
    "turn_completed",
    "turn_failed",
    "budget_exhausted",
    "student_budget_exhausted",
    "plan_presented",
    "worker_failed",
    "state_updated",
    "run_retried",
    "hold_expired",
    "seat_offered",
    "payment_reminded",
    "checkpoints_pruned",
    "doctor_checked",
]
"""What an event records: a turn's lifecycle (started, its steps, completed or failed), a domain
action's result (tool_*), approvals requested and decided, a thread's budget found spent (payload:
tokens, cost_usd, limits), a student's daily budget found spent (once per student and day, on the
thread of the refused message; payload: student_id, day, tokens, cost_usd, limits), a plan shown
to the student, a worker (subagent) that failed, an operator's edit of a thread's state (who,
which keys, as which node, the new checkpoint), a run taken again by another worker after its
first died (run id, attempt, the worker before), the scheduled work's (`agent.upkeep.holds`,
`agent.upkeep.scheduled`): an unpaid hold expired, a freed seat offered to a waitlisted student, a
payment reminder, a prune of old checkpoints, a doctor's findings."""
KINDS: Final[tuple[EventKind, ...]] = get_args(EventKind)


class EventRow(TypedDict):
    """One event of a thread's journal, as `events` reads it."""

    id: int
    thread_id: str
    turn_id: int | None
    """The turn it belongs to (None: written outside a turn, e.g. by scheduled work)."""
    kind: EventKind
    payload: dict[str, Any]
    """What the kind records, plain JSON (see `EventKind`)."""
    at: datetime


class JournalPayloadError(NotJSONError):
    """A payload that is not a mapping, or holds a value JSON cannot carry; the message names where."""


class Pending(Protocol):
    """A run's journal rows not written yet (its steps' starts), which its nodes' own events follow.

    A run keeps its steps' rows until a checkpoint carries them (`agent.runtime.runs`); a node
    that journals an event of its own meanwhile (a grant, a tool's result) has it written after
    them, in the same statement when it can (`record`), so the journal keeps the run's order.
    """

    @property
    def thread_id(self) -> str:
        """The run's thread: only its events are written after the run's rows."""
        ...

    def record(self, db: Database, row: tuple[Any, ...]) -> int | None:
        """Write the pending rows, then `row` (checked, as `record_event` makes it): its id, or None."""
        ...


_PENDING: ContextVar[Pending | None] = ContextVar("journal_pending", default=None)
"""The run whose nodes are running in this context (LangGraph copies it into each task)."""


@contextmanager
def pending_first(pending: Pending) -> Iterator[None]:
    """While inside, `record_event` for `pending`'s thread writes `pending`'s rows first (`Pending`)."""
    token = _PENDING.set(pending)
    try:
        yield
    finally:
        _PENDING.reset(token)


def record_event(
    db: Database,
    thread_id: str,
    kind: str,
    payload: Mapping[str, Any] | None = None,
    *,
    turn_id: int | None = None,
    key: str | None = None,
) -> int | None:
    """Append one event to the thread's journal, on `db` (a pool or the caller's connection); its id.

    With `key`, the event is written once per thread: a second call with the same key (a step
    re-run after a crash) writes nothing and returns None.

    `kind` is one of `KINDS` (checked when called, so that callers holding a plain str need no cast).
    The payload becomes JSON by the project's one policy (`agent.domain.plain_json.to_json`): dates
    and datetimes as ISO strings, Decimals as floats, tuples as lists.

    Raises:
        ValueError: If `thread_id` is empty or `kind` is not one of `KINDS`.
        JournalPayloadError: If the payload is not a mapping with str keys, or holds a value JSON
            cannot carry (a set, an object, NaN ...); nothing is written then.

    """
    row = _checked_row(thread_id, kind, payload, turn_id, key)
    pending = _PENDING.get()
    if pending is not None and pending.thread_id == thread_id:
        return pending.record(db, row)
    return insert_event(db, row)


def insert_event(db: Database, row: tuple[Any, ...]) -> int | None:
    """Insert one checked row (as `record_event` makes it) on `db`: its id, or None if its key was written."""
    # A connection is used as it is, so the event commits (or rolls back) with the caller's work.
    with connection(db) as conn:
        return _insert(conn, row)


def event_rows(
    thread_id: str, events: Sequence[tuple[str, Mapping[str, Any]]], *, turn_id: int | None
) -> tuple[str, list[Any]]:
    """The VALUES list and parameters that insert `events` (kind, payload) into journal_events.

    Checked like `record_event`, all before anything is written; without keys (a run's own events,
    which it writes once).
    """
    rows = [_checked_row(thread_id, kind, payload, turn_id, None) for kind, payload in events]
    return ", ".join(["(%s, %s, %s, %s, %s)"] * len(rows)), [item for row in rows for item in row]


def _checked_row(
    thread_id: str, kind: str, payload: Mapping[str, Any] | None, turn_id: int | None, key: str | None
) -> tuple[Any, ...]:
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
    try:
        plain = to_json(payload, "payload")
    except NotJSONError as err:
        raise JournalPayloadError(str(err)) from None
    return (thread_id, kind, Jsonb(plain), turn_id, key)


KEYED_INSERT_SQL: Final = (
    "INSERT INTO journal_events (thread_id, kind, payload, turn_id, key) VALUES {values}"
    " ON CONFLICT (thread_id, key) WHERE key IS NOT NULL DO NOTHING RETURNING id"
)
"""Inserts events (a `{values}` list of `event_rows`' shape); a keyed one already written is skipped."""


def _insert(conn: Connection[Any], row: tuple[Any, ...]) -> int | None:
    with conn.cursor(row_factory=dict_row) as cur:
        found = cur.execute(KEYED_INSERT_SQL.format(values="(%s, %s, %s, %s, %s)"), row).fetchone()
    return int(found["id"]) if found else None


def events(
    pool: ConnectionPool[Any], thread_id: str, *, kinds: Sequence[str] | None = None, after: int = 0
) -> list[EventRow]:
    """The thread's events, oldest first, each as {id, thread_id, turn_id, kind, payload, at}.

    With `kinds`, only events of those kinds (an empty sequence gives none); with `after`, only
    those with a greater id (a reader that polls asks for what is new, not the whole journal).
    """
    query = (
        "SELECT id, thread_id, turn_id, kind, payload, at FROM journal_events"
        " WHERE thread_id = %s AND id > %s"
    )
    params: list[Any] = [thread_id, after]
    if kinds is not None:
        query += " AND kind = ANY(%s)"
        params.append(list(kinds))
    with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        cur.execute(query + " ORDER BY id", params)
        return cast(list[EventRow], cur.fetchall())
