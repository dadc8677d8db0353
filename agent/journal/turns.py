"""Turns and their steps in the journal: one row per request, one plan item per step it ran.

Plain psycopg over the journal's tables (`agent.journal.events`). A turn is created `running` before the
graph runs and finished with its final status; a crash leaves it `running`, which is how stuck runs
are found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypedDict, cast

from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from agent.domain.plain_json import to_json
from agent.journal.connections import Database, connection
from agent.journal.events import KEYED_INSERT_SQL, event_rows

TurnKind = Literal["message", "decision", "resume"]
Status = Literal["running", "awaiting_approval", "completed", "failed", "cancelled"]
StepStatus = Literal["running", "completed", "interrupted", "failed"]
Events = Sequence[tuple[str, Mapping[str, Any]]]
"""Journal events (kind, payload) written with a turn's row, in the same round trip."""


class TurnRow(TypedDict):
    """One turn as `turns_of` reads it."""

    id: int
    thread_id: str
    kind: TurnKind
    actor: str
    input: dict[str, Any]
    """The request as the runtime received it, plain JSON."""
    intent: str | None
    status: Status
    output: dict[str, Any] | None
    """What the turn answered, plain JSON; None while it runs."""
    error: str | None
    created_at: datetime
    finished_at: datetime | None


class StepRow(TypedDict):
    """One step of a turn as `steps_of` reads it (a `StepRecord` as stored)."""

    step: int
    node: str
    tool: str | None
    args: dict[str, Any] | None
    approval_mode: Literal["none", "required"]
    status: StepStatus
    result: dict[str, Any] | None


_START_SQL = """
WITH claimed AS (
    INSERT INTO thread_owners (thread_id, owner) SELECT %(thread)s, %(owner)s
    WHERE %(owner)s::text IS NOT NULL ON CONFLICT (thread_id) DO NOTHING),
turn AS (
    INSERT INTO turns (thread_id, kind, actor, input, status)
    VALUES (%(thread)s, %(kind)s, %(actor)s, %(input)s, 'running') RETURNING id),
started AS (
    INSERT INTO journal_events (thread_id, kind, payload, turn_id)
    SELECT %(thread)s, 'turn_started',
           jsonb_build_object('turn_id', id, 'thread_id', %(thread)s::text, 'kind', %(kind)s::text), id
    FROM turn RETURNING turn_id)
SELECT turn_id{unsynced} FROM started
"""
"""One statement: the owner claimed (a new thread's), the turn created, its `turn_started` event."""


def start_turn(
    db: Database,
    *,
    thread_id: str,
    kind: TurnKind,
    actor: str,
    payload: dict[str, Any],
    owner: str | None = None,
) -> int:
    """Create a running turn and its `turn_started` event; its id.

    With `owner`, the thread is first claimed for that student if it has no owner yet (as
    `agent.journal.owners.claim_owner`), in the same statement.
    """
    row = _write(
        db,
        _START_SQL,
        {"thread": thread_id, "owner": owner, "kind": kind, "actor": actor, "input": Jsonb(to_json(payload))},
    )
    assert row is not None
    return int(row["turn_id"])


_RESERVE_SQL = "SELECT nextval(pg_get_serial_sequence('turns', 'id')) AS next_turn"
_OWNER_SQL = "INSERT INTO thread_owners (thread_id, owner) VALUES (%s, %s) ON CONFLICT (thread_id) DO NOTHING"
_TURN_SQL = (
    "INSERT INTO turns (id, thread_id, kind, actor, input, status) VALUES (%s, %s, %s, %s, %s, 'running')"
)


def reserve_query() -> tuple[str, Mapping[str, Any]]:
    """A query whose one row's `next_turn` is a turn id of its own (a sequence value, never handed out twice).

    For a caller that reads it in a round trip it makes anyway, and writes the turn later (`Start`).
    """
    return _RESERVE_SQL, {}


@dataclass(frozen=True)
class Start:
    """A turn to create with a reserved id (`reserve_query`), as `start_turn` creates one."""

    turn_id: int
    thread_id: str
    kind: TurnKind
    actor: str
    payload: dict[str, Any]
    owner: str | None = None

    def rows(self) -> list[Query]:
        """The owner's claim (with `owner`) and the running turn, as statements for `parts`."""
        claim = [(_OWNER_SQL, (self.thread_id, self.owner))] if self.owner is not None else []
        turn = (self.turn_id, self.thread_id, self.kind, self.actor, Jsonb(to_json(self.payload)))
        return [*claim, (_TURN_SQL, turn)]

    def event(self) -> tuple[str, dict[str, Any]]:
        """Its `turn_started` event, as `start_turn` writes it."""
        return "turn_started", {"turn_id": self.turn_id, "thread_id": self.thread_id, "kind": self.kind}


@dataclass(frozen=True)
class StepRecord:
    """One step of a turn (a node that ran), for `plan_items`."""

    step: int
    node: str
    status: str
    approval: bool = False
    tool: str | None = None
    args: dict[str, Any] | None = None
    result: dict[str, Any] | None = None


@dataclass(frozen=True)
class Ending:
    """How a turn ended, for its `turns` row."""

    status: Status
    intent: str | None = None
    output: dict[str, Any] | None = None
    error: str | None = None


_STEPS_SQL = (
    "INSERT INTO plan_items (turn_id, step, node, tool, args, approval_mode, status, result) VALUES {values}"
)
_ENDING_SQL = (
    "UPDATE turns SET status = %s, intent = %s, output = %s, error = %s, finished_at = now() WHERE id = %s"
)
_EVENTS_SQL = "INSERT INTO journal_events (thread_id, kind, payload, turn_id, key) VALUES {values}"

Query = tuple[str, Sequence[Any]]
"""SQL with positional parameters."""


def parts(
    turn_id: int,
    *,
    thread_id: str,
    start: Start | None = None,
    steps: Sequence[StepRecord] = (),
    ending: Ending | None = None,
    events: Events = (),
) -> list[Query]:
    """The statements that write `start`, `steps`, `ending` and `events` (in order): one per table.

    Plain INSERT and UPDATE statements, so that they can ride as data-modifying WITH clauses in
    another statement (a checkpoint's, `agent.infra.savers`) or be chained by `record`. The rows
    of each table are in one statement, in the order given (`start`'s event first). A `start`
    cannot come with an `ending`: the statements of one WITH do not see each other's rows.
    """
    found = _beside_events(turn_id, start=start, steps=steps, ending=ending)
    events = [start.event(), *events] if start is not None else events
    if events:
        values, event_params = event_rows(thread_id, events, turn_id=turn_id)
        found.append((_EVENTS_SQL.format(values=values), event_params))
    return found


def _beside_events(
    turn_id: int, *, start: Start | None, steps: Sequence[StepRecord], ending: Ending | None
) -> list[Query]:
    """`parts`' statements for the tables other than `journal_events`."""
    if start is not None and ending is not None:
        raise ValueError("a turn's start and its ending cannot be written in one statement")
    found: list[Query] = start.rows() if start is not None else []
    if steps:
        values = ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s)"] * len(steps))
        found.append((_STEPS_SQL.format(values=values), [v for s in steps for v in _step_row(turn_id, s)]))
    if ending is not None:
        found.append(
            (_ENDING_SQL, (ending.status, ending.intent, _json(ending.output), ending.error, turn_id))
        )
    return found


def then_event(
    turn_id: int,
    row: tuple[Any, ...],
    *,
    thread_id: str,
    start: Start | None = None,
    steps: Sequence[StepRecord] = (),
    events: Events = (),
) -> tuple[Query, int]:
    """One statement writing `start`, `steps` and `events` (as `parts`), then the checked event `row`.

    For a node's own event (`agent.journal.events.Pending`): the run's pending rows and it commit
    together, its row after theirs in the journal (one multi-row insert numbers its rows in order;
    `row` may have a key already written, and is then skipped). Returns the statement and the
    number of rows its `RETURNING id` gives before `row`'s (`row`'s id is the next, if any).
    """
    others = _beside_events(turn_id, start=start, steps=steps, ending=None)
    events = [start.event(), *events] if start is not None else events
    values, params = event_rows(thread_id, events, turn_id=turn_id) if events else ("", [])
    values = ", ".join([*([values] if values else []), "(%s, %s, %s, %s, %s)"])
    main = KEYED_INSERT_SQL.format(values=values)
    if others:
        main = "WITH " + ", ".join(f"w{i} AS ({sql})" for i, (sql, _) in enumerate(others)) + " " + main
    return (main, [v for _, p in others for v in p] + params + list(row)), len(events)


def chained(statements: Sequence[Query]) -> Query | None:
    """`statements` as one (data-modifying WITH clauses) for `_write`; None if there are none."""
    if not statements:
        return None
    joined = ", ".join(f"w{i} AS ({sql})" for i, (sql, _) in enumerate(statements))
    return f"WITH {joined} SELECT 1 AS written{{unsynced}}", [v for _, params in statements for v in params]


def unsynced(query: Query) -> Query:
    """A `chained` statement whose transaction's commit does not wait for the disk (as `_write`'s).

    For a statement sent on a connection whose transaction the caller commits right after it.
    """
    return query[0].replace("{unsynced}", _UNSYNCED), query[1]


def record(
    db: Database,
    turn_id: int,
    *,
    thread_id: str,
    step: StepRecord | None = None,
    ending: Ending | None = None,
    events: Events = (),
) -> None:
    """Write a step of the turn, its ending and `events` (in order): whichever are given, one statement.

    Data-modifying WITH clauses chain the inserts and the update, so a run pays one round trip
    per write however much it writes, and the rows commit together.
    """
    steps = [step] if step is not None else []
    write(db, parts(turn_id, thread_id=thread_id, steps=steps, ending=ending, events=events))


def write(db: Database, statements: Sequence[Query]) -> None:
    """Write `parts` statements as one (`chained`), on `db` as `_write` does; nothing if there are none."""
    one = chained(statements)
    if one is not None:
        _write(db, *one)


def _step_row(turn_id: int, step: StepRecord) -> tuple[Any, ...]:
    approval = "required" if step.approval else "none"
    return (
        turn_id,
        step.step,
        step.node,
        step.tool,
        _json(step.args),
        approval,
        step.status,
        _json(step.result),
    )


_UNSYNCED = ", set_config('synchronous_commit', 'off', true) AS unsynced"
"""Ends a pooled journal write's select list: its commit does not wait for the disk."""


def _write(db: Database, sql: str, params: Any) -> dict[str, Any] | None:
    """Run one journal write of a run (`sql` ends its select list with `{unsynced}`); its first row.

    From a pool, the write is one statement in a transaction of its own (the pool's connections
    autocommit), one round trip, and its commit does not wait for the disk: the statement sets
    `synchronous_commit` off for its own transaction (`set_config(..., true)`), which Postgres
    reads when it commits the statement and forgets right after, so the setting never reaches
    another client of the same server connection, through PgBouncer in transaction mode too. No
    pipeline, so no Flush after a Sync (`agent.infra.persistence.unpipelined_if_pooled`). An
    unsynced commit is visible at once and survives a crash of the application; a crash of
    Postgres itself can lose it only together with everything committed after it, because the next
    synchronous commit (the next checkpoint, on any connection) flushes the log up to and
    including it. So the journal may lose its last events, never show an event whose checkpoint
    is missing, and a turn does not wait for a disk flush per event.

    A connection the caller holds is used as it is, without the setting: the write commits (or
    rolls back) with the caller's work, as synced as the caller's transaction is.
    """
    pooled = isinstance(db, ConnectionPool)
    with connection(db) as conn:
        cursor = conn.execute(sql.replace("{unsynced}", _UNSYNCED if pooled else ""), params)
        return cursor.fetchone()


def _json(value: dict[str, Any] | None) -> Jsonb | None:
    return Jsonb(to_json(value)) if value is not None else None


def turns_of(pool: ConnectionPool[Any], thread_id: str) -> list[TurnRow]:
    """The thread's turns, oldest first."""
    with pool.connection() as conn:
        return [
            cast(TurnRow, dict(r))
            for r in conn.execute(
                "SELECT id, thread_id, kind, actor, input, intent, status, output, error, created_at,"
                " finished_at FROM turns WHERE thread_id = %s ORDER BY id",
                (thread_id,),
            ).fetchall()
        ]


def steps_of(pool: ConnectionPool[Any], turn_id: int) -> list[StepRow]:
    """A turn's steps, in order."""
    with pool.connection() as conn:
        return [
            cast(StepRow, dict(r))
            for r in conn.execute(
                "SELECT step, node, tool, args, approval_mode, status, result FROM plan_items"
                " WHERE turn_id = %s ORDER BY id",
                (turn_id,),
            ).fetchall()
        ]
