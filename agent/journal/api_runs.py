"""Run records in Postgres: the queue of runs per thread, their events, and how each ended.

Every run a client asks for (through the LangGraph Server API: the page, the SDKs, the CLI) is recorded
`pending` here and executed by a task-engine job (`agent.infra.engine`) locked on its thread. The
job takes the thread's oldest run that has not ended (`claim_next`): one the thread's previous
job left `running` first (its worker died; this is the retry), else the oldest `pending` one. So
runs on one thread go one at a time, in the order they were asked for, on whichever worker.
Creating and claiming take a transaction-level advisory lock on the thread (`RUN_LOCK_SPACE`),
which serialises the decisions of every process without holding anything between transactions
(and works through a transaction pooler).

The multitask strategies are decided here, in the creating transaction: `reject` refuses when
the thread has a run in flight; `interrupt` and `rollback` ask the runs in flight to stop
(`stop`, read by the running run at its next step boundary once its worker hears it) and queue
the new run; `enqueue` queues it. A run's events and its end are announced on `EVENTS_CHANNEL`
(payload: the run id), its end alone too (`end_key`), a new run on a thread (`thread_key`) and
a stop asked of a run of the thread (`stop_key`), so followers and workers in any process wake
without polling. The tables come from migrations 4 and 7
(`agent.infra.migrations`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, TypedDict, cast

import psycopg
from psycopg import Connection
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from agent.domain.plain_json import to_json
from agent.infra.locks import in_one_query
from agent.journal.connections import Database, connection

RUN_LOCK_SPACE = 0x5C401
"""Advisory lock space of the per-thread transaction locks taken to create and claim runs."""
EVENTS_CHANNEL = "school_run_events"
"""The `NOTIFY` channel that carries the id of a run that kept new events or ended."""

Strategy = Literal["reject", "enqueue", "interrupt", "rollback"]
RunStatus = Literal["pending", "running", "success", "error", "timeout", "interrupted"]
Stop = Literal["interrupt", "rollback"]
Awaiting = Literal["operator", "student", "nobody"] | None
"""Whose decision a thread waits for once its run ended (`nobody`: none); None leaves it as it was."""

ACTIVE = ("pending", "running")
FINAL = ("success", "error", "timeout", "interrupted")
COLUMNS = (
    "run_id::text AS run_id, thread_id, assistant_id, created_at, updated_at, status,"
    " metadata, multitask_strategy, kwargs, stop, error, actor, worker, work, attempt, began_at, result, refusal"
)


class RunRow(TypedDict):
    """One run as `api_runs` keeps it (the columns of `COLUMNS`)."""

    run_id: str
    thread_id: str
    assistant_id: str
    created_at: datetime
    updated_at: datetime
    status: RunStatus
    metadata: dict[str, Any]
    """The client's metadata, JSON kept as given."""
    multitask_strategy: Strategy
    kwargs: dict[str, Any]
    """The run's request as the API answers it back (input, command, config ...), JSON."""
    stop: Stop | None
    """A stop asked of the run while it was running; read at its next step boundary."""
    error: str | None
    actor: str
    """The key's user who asked for the run."""
    worker: str | None
    """The worker that took it last."""
    work: dict[str, Any]
    """What its worker does (`agent.runtime.execution`), JSON."""
    attempt: int
    """How many times a worker has taken it."""
    began_at: datetime | None
    """When it did its first work (None: not yet, or refused before it began)."""
    result: Any
    """Its final values for `wait`, JSON; None until it ends."""
    refusal: dict[str, Any] | None
    """How a failed run is answered, JSON; None unless it failed."""


class QueuedRun(RunRow):
    """A run just recorded by `create`."""

    ahead: int
    """The runs in flight on its thread before it."""


class ClaimedRun(RunRow):
    """A run just taken by `claim_next`."""

    worker_before: str | None
    """The worker that took it last (None the first time)."""


class RunProgress(TypedDict):
    """Where a run stands, without its large columns (`progress`)."""

    status: RunStatus
    began_at: datetime | None
    refusal: dict[str, Any] | None


class RunEnd(TypedDict):
    """Where a run stands, with its result as the JSON text Postgres keeps (`ending`): what `wait` answers."""

    status: RunStatus
    began_at: datetime | None
    refusal: dict[str, Any] | None
    result_json: str | None
    """Its final values as JSON text, passed on to the client unparsed; None until it ends."""


class ThreadRun(TypedDict):
    """A run as a thread's stream follows it (`thread_runs`, `thread_start`)."""

    run_id: str
    created_at: datetime
    """Where the run stands in the thread's order: runs on a thread execute in this order."""
    status: RunStatus
    refusal: dict[str, Any] | None
    last_seq: int
    """The number of its last kept event (-1: none yet)."""


_THREAD_RUN = (
    "SELECT run_id::text AS run_id, created_at, status, refusal,"
    " (SELECT coalesce(max(e.seq), -1) FROM api_run_events e WHERE e.run_id = r.run_id) AS last_seq"
    " FROM api_runs r WHERE thread_id = %s"
)


@dataclass(frozen=True)
class JsonText:
    """A value already written as JSON text (a run's result), kept as it is, not written again."""

    text: str


class RunConflictError(Exception):
    """A run asked for with `reject` on a thread that has a run in flight."""


def thread_key(thread_id: str) -> str:
    """The `EVENTS_CHANNEL` payload that announces a new run on the thread (its followers wait on it)."""
    return f"thread:{thread_id}"


def end_key(run_id: str) -> str:
    """The `EVENTS_CHANNEL` payload that announces the run's end alone (who waits only for it hears nothing else)."""
    return f"end:{run_id}"


def stop_key(thread_id: str) -> str:
    """The `EVENTS_CHANNEL` payload that announces a stop asked of a run of the thread (its worker hears it)."""
    return f"stop:{thread_id}"


def _roll_back(conn: Connection[Any]) -> None:
    """End a failed transaction of a pool's connection; a connection that broke is the pool's to replace."""
    with contextlib.suppress(psycopg.Error):
        conn.rollback()


Statement = tuple[str, Any]
"""A statement and its parameters (None: none)."""


def _lock_thread(conn: Connection[Any], thread_id: str) -> None:
    conn.execute(*_locking(thread_id))


def create(
    db: Database,
    *,
    run_id: str,
    thread_id: str,
    assistant_id: str,
    actor: str,
    strategy: Strategy,
    kwargs: dict[str, Any],
    metadata: dict[str, Any],
    busy: bool,
    stops_others: bool,
    work: dict[str, Any],
    job: Statement | None = None,
) -> QueuedRun:
    """Record a pending run under `strategy`; its row, with `ahead`: the runs in flight before it.

    `work` is what its worker will do (`agent.runtime.execution`). `busy` says the
    thread's lock is held by something that is not a recorded run (a CLI turn): `reject` refuses
    then too. Without `stops_others`, `interrupt` and `rollback`
    stop only the actor's own runs and refuse when someone else's is in flight (a student cannot
    stop an operator's resume). `job`: a statement that queues the run's job
    (`agent.infra.engine.run_job`), sent in the same transaction, so the run and its job are
    committed together. Raises RunConflictError for a refused run. On a connection the
    caller holds, it commits with the caller's transaction.
    """
    values = (
        run_id,
        thread_id,
        assistant_id,
        actor,
        strategy,
        Jsonb(to_json(kwargs)),
        Jsonb(to_json(metadata)),
        Jsonb(to_json(work)),
    )
    if not isinstance(db, ConnectionPool):
        with db.transaction():
            active, row = _decide(db, thread_id, strategy, actor, stops_others, busy, values, job)
        return cast(QueuedRun, {**row, "ahead": len(active)})
    with db.connection() as conn:
        try:
            if strategy == "enqueue":
                # An `enqueue` (the default) decides nothing from what it reads: the whole
                # transaction, its COMMIT and the run's job too, goes as one query, one round trip
                # (a simple query, which leaves nothing behind a transaction pooler). A death
                # before the COMMIT leaves nothing; after it, the run and its job.
                statements = [
                    ("BEGIN", None),
                    _locking(thread_id),
                    (_ACTIVE, (thread_id,)),
                    (_INSERT, values),
                    _announce(thread_key(thread_id)),
                    *([job] if job is not None else []),
                    ("COMMIT", None),
                ]
                _, active, (row,), *_ = in_one_query(conn, statements)
            else:
                with conn.transaction():
                    active, row = _decide(conn, thread_id, strategy, actor, stops_others, busy, values, job)
        except BaseException:
            _roll_back(conn)
            raise
    assert row is not None
    return cast(QueuedRun, {**row, "ahead": len(active)})


def _decide(
    conn: Connection[Any],
    thread_id: str,
    strategy: Strategy,
    actor: str,
    stops_others: bool,
    busy: bool,
    values: tuple[Any, ...],
    job: Statement | None,
) -> tuple[list[Any], Any]:
    """Lock the thread, read its runs in flight, queue the run and its job; those runs and the row.

    In the caller's transaction, under `strategy`, as `create` describes.
    """
    _lock_thread(conn, thread_id)
    active = conn.execute(_ACTIVE, (thread_id,)).fetchall()
    row = _queue(conn, thread_id, active, strategy, actor, stops_others, busy, values)
    if job is not None:
        conn.execute(*job)
    return active, row


def _locking(thread_id: str) -> Statement:
    """The transaction-level lock on the thread that creating and claiming take."""
    return ("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (RUN_LOCK_SPACE, thread_id))


def _announce(key: str) -> Statement:
    return ("SELECT pg_notify(%s, %s)", (EVENTS_CHANNEL, key))


_ACTIVE = (
    "SELECT run_id::text AS run_id, status, actor FROM api_runs"
    " WHERE thread_id = %s AND status IN ('pending', 'running') ORDER BY created_at"
)


def _queue(
    conn: Connection[Any],
    thread_id: str,
    active: list[Any],
    strategy: Strategy,
    actor: str,
    stops_others: bool,
    busy: bool,
    values: tuple[Any, ...],
) -> Any:
    """Decide the run under `strategy` from the thread's `active` runs, inside the locked transaction; its row."""
    if strategy == "reject" and (active or busy):
        message = f"thread {thread_id} is busy with another run; try again when it has finished"
        raise RunConflictError(message)
    if (
        strategy in ("interrupt", "rollback")
        and not stops_others
        and any(r["actor"] != actor for r in active)
    ):
        message = (
            f"thread {thread_id} has a run in flight that someone else started; it cannot be {strategy}ed"
        )
        raise RunConflictError(message)
    if strategy in ("interrupt", "rollback") and active:
        _stop(conn, thread_id, [r["run_id"] for r in active], strategy)
    row = _insert(conn, thread_id, values).fetchone()
    assert row is not None
    return row


def _insert(conn: Connection[Any], thread_id: str, values: tuple[Any, ...]) -> Any:
    """Insert the run (`values` in `create`'s column order) and announce it on its thread; the insert's cursor."""
    inserted = conn.execute(_INSERT, values)
    conn.execute(*_announce(thread_key(thread_id)))
    return inserted


_INSERT = (
    "INSERT INTO api_runs (run_id, thread_id, assistant_id, actor, multitask_strategy, kwargs, metadata, work)"
    f" VALUES (%s, %s, %s, %s, %s, %s, %s, %s) RETURNING {COLUMNS}"
)


def _stop(conn: Connection[Any], thread_id: str, run_ids: Sequence[str], action: Stop) -> None:
    """Stop these runs of the thread.

    A pending one at once (a rolled-back one is deleted), a running one at its next step boundary
    (`stop`, which it reads there once its worker hears `stop_key`). Followers of a run stopped at
    once are woken.
    """
    if action == "rollback":
        conn.execute(
            "DELETE FROM api_runs WHERE run_id = ANY(%s::uuid[]) AND status = 'pending'", (list(run_ids),)
        )
    else:
        conn.execute(
            "UPDATE api_runs SET status = 'interrupted', stop = 'interrupt', updated_at = clock_timestamp()"
            " WHERE run_id = ANY(%s::uuid[]) AND status = 'pending'",
            (list(run_ids),),
        )
    conn.execute(
        "UPDATE api_runs SET stop = %s, updated_at = clock_timestamp()"
        " WHERE run_id = ANY(%s::uuid[]) AND status = 'running'",
        (action, list(run_ids)),
    )
    # A pending run stopped here has ended; a running one will, at its next step boundary.
    for key in [*run_ids, *map(end_key, run_ids), stop_key(thread_id)]:
        conn.execute("SELECT pg_notify(%s, %s)", (EVENTS_CHANNEL, key))


def request_stop(pool: ConnectionPool[Any], thread_id: str, run_id: str, action: Stop) -> None:
    """Ask one run of the thread to stop (nothing happens to a run that has already ended)."""
    with pool.connection() as conn, conn.transaction():
        _lock_thread(conn, thread_id)
        _stop(conn, thread_id, [run_id], action)


def claim_next(pool: ConnectionPool[Any], thread_id: str, worker: str) -> ClaimedRun | None:
    """Take the thread's next run for `worker`: one left `running` by a dead worker, else the oldest pending.

    Its row as now `running`, `attempt` counting this take and `worker_before` naming the worker
    that took it last (None the first time); None when the thread has no run to do
    (a job whose run was cancelled while it waited). Only the thread's engine job calls this, and
    the engine runs one job per thread at a time, so a `running` run found here is an orphan.
    """
    # The lock, the claim and the COMMIT in one query, one round trip (as in `create`).
    claim = (
        "WITH next AS (SELECT run_id AS next_id, worker AS worker_before FROM api_runs"
        "   WHERE thread_id = %s AND status IN ('pending', 'running')"
        "   ORDER BY status = 'running' DESC, created_at LIMIT 1)"
        " UPDATE api_runs SET status = 'running', worker = %s, attempt = attempt + 1,"
        " updated_at = clock_timestamp() FROM next WHERE api_runs.run_id = next.next_id"
        f" RETURNING {COLUMNS}, next.worker_before"
    )
    with pool.connection() as conn:
        try:
            _, claimed = in_one_query(
                conn, [("BEGIN", None), _locking(thread_id), (claim, (thread_id, worker)), ("COMMIT", None)]
            )
        except BaseException:
            _roll_back(conn)
            raise
    row = claimed[0] if claimed else None
    return cast(ClaimedRun, dict(row)) if row else None


def stop_of(pool: ConnectionPool[Any], run_id: str) -> Stop | None:
    """The stop asked of a running run (`interrupt`, `rollback`), if any."""
    with pool.connection() as conn:
        row = conn.execute("SELECT stop FROM api_runs WHERE run_id = %s", (run_id,)).fetchone()
    return cast(Stop | None, row["stop"]) if row else None


def finish(
    db: Database,
    run_id: str,
    status: str,
    error: str | None = None,
    *,
    result: Any = None,
    failure: Mapping[str, Any] | None = None,
    awaiting: Awaiting = None,
    forget_thread: bool = False,
) -> None:
    """Record how the run ended (its `result` for `wait`, its `failure` as answered) and wake its followers.

    `result`: JSON values, or a `JsonText` the caller has written already (kept as it is).

    With `awaiting`, the thread's metadata says whose decision it now waits for (key `awaiting`,
    removed for `nobody`), in the same transaction: the inbox is a thread search on that key.
    With `forget_thread` (a stateless run's temporary thread), the thread's record, owner and
    checkpoints (LangGraph's three tables, every namespace) go with it, so whoever sees the run
    ended sees the thread gone; the run's own record and events stay for the clients that follow
    them.
    On a connection the caller holds, it commits with the caller's transaction; on the pool it is
    one statement, which commits alone, all of it or nothing.
    """
    assert status in FINAL
    thread = "(SELECT thread_id FROM api_runs WHERE run_id = %(run)s::uuid)"
    if forget_thread:
        tables = ("thread_records", "thread_owners", "checkpoints", "checkpoint_blobs", "checkpoint_writes")
        before = "".join(
            f" gone_{n} AS (DELETE FROM {t} WHERE thread_id = {thread})," for n, t in enumerate(tables)
        )
    elif awaiting is not None:
        before = (
            "waits AS (UPDATE thread_records SET metadata = CASE WHEN %(who)s::text = 'nobody'"
            " THEN metadata - 'awaiting' ELSE metadata || jsonb_build_object('awaiting', %(who)s::text) END,"
            f" updated_at = now() WHERE thread_id = {thread}"
            " AND metadata->>'awaiting' IS DISTINCT FROM nullif(%(who)s::text, 'nobody')),"
        )
    else:
        before = ""
    # The statements of one WITH see the same snapshot: the thread's record is found through the
    # run's row as it was, which `ended` does not change in that column.
    query = (
        f"WITH {before} ended AS (UPDATE api_runs SET status = %(status)s, error = %(error)s,"
        " result = %(result)s, refusal = %(refusal)s, updated_at = clock_timestamp()"
        " WHERE run_id = %(run)s::uuid)"
        " SELECT pg_notify(%(channel)s, %(run)s::uuid::text), pg_notify(%(channel)s, %(end)s)"
    )
    params = {
        "run": run_id,
        "who": awaiting,
        "status": status,
        "error": error,
        "result": _jsonb(result),
        "refusal": Jsonb(failure) if failure is not None else None,
        "channel": EVENTS_CHANNEL,
        "end": end_key(run_id),
    }
    with connection(db) as conn:
        conn.execute(query, params)


def _jsonb(value: Any) -> Jsonb | None:
    """`value` for a jsonb column: a `JsonText` as it is, anything else written as JSON."""
    if value is None:
        return None
    if isinstance(value, JsonText):
        return Jsonb(value.text, dumps=_as_is)
    return Jsonb(value)


def _as_is(text: Any) -> str:
    return str(text)


def get(pool: ConnectionPool[Any], thread_id: str, run_id: str) -> RunRow | None:
    """The run, if it is one of the thread's."""
    with pool.connection() as conn:
        row = conn.execute(
            f"SELECT {COLUMNS} FROM api_runs WHERE thread_id = %s AND run_id = %s", (thread_id, run_id)
        ).fetchone()
    return _run(row)


def progress(pool: ConnectionPool[Any], thread_id: str, run_id: str) -> RunProgress | None:
    """Where the run stands (status, began_at, refusal), without its large columns; None if gone."""
    with pool.connection() as conn:
        row = conn.execute(
            "SELECT status, began_at, refusal FROM api_runs WHERE thread_id = %s AND run_id = %s",
            (thread_id, run_id),
        ).fetchone()
    return cast(RunProgress, dict(row)) if row else None


def ending(pool: ConnectionPool[Any], thread_id: str, run_id: str) -> RunEnd | None:
    """Where the run stands, its result as JSON text (not parsed, to be answered as it is); None if gone."""
    with pool.connection() as conn:
        row = conn.execute(
            "SELECT status, began_at, refusal, result::text AS result_json FROM api_runs"
            " WHERE thread_id = %s AND run_id = %s",
            (thread_id, run_id),
        ).fetchone()
    return cast(RunEnd, dict(row)) if row else None


def by_id(db: Database, run_id: str) -> RunRow | None:
    """The run, whatever its thread."""
    with connection(db) as conn:
        row = conn.execute(f"SELECT {COLUMNS} FROM api_runs WHERE run_id = %s", (run_id,)).fetchone()
    return _run(row)


def of_thread(
    pool: ConnectionPool[Any], thread_id: str, *, limit: int, offset: int, status: str | None
) -> list[RunRow]:
    """The thread's runs, newest first."""
    with pool.connection() as conn:
        rows = conn.execute(
            f"SELECT {COLUMNS} FROM api_runs WHERE thread_id = %s AND (%s::text IS NULL OR status = %s)"
            " ORDER BY created_at DESC, run_id LIMIT %s OFFSET %s",
            (thread_id, status, status, limit, offset),
        ).fetchall()
    return [cast(RunRow, dict(r)) for r in rows]


def _run(row: Any) -> RunRow | None:
    """A row read with `COLUMNS` as a `RunRow` (None stays None)."""
    return cast(RunRow, dict(row)) if row else None


def delete(pool: ConnectionPool[Any], thread_id: str, run_id: str) -> bool:
    """Forget a run that has ended (with its events); False when there is no such ended run."""
    with pool.connection() as conn:
        row = conn.execute(
            "DELETE FROM api_runs WHERE thread_id = %s AND run_id = %s AND status <> ALL(%s) RETURNING 1",
            (thread_id, run_id, list(ACTIVE)),
        ).fetchone()
    return row is not None


def delete_run(pool: ConnectionPool[Any], run_id: str) -> None:
    """Forget a run whatever its state (a rolled-back run, a run refused before it began).

    Its followers are woken in the same statement: they find it gone.
    """
    with pool.connection() as conn:
        conn.execute(
            "WITH gone AS (DELETE FROM api_runs WHERE run_id = %(run)s)"
            " SELECT pg_notify(%(channel)s, %(run)s::uuid::text), pg_notify(%(channel)s, %(end)s)",
            {"run": run_id, "channel": EVENTS_CHANNEL, "end": end_key(run_id)},
        )


def delete_for_thread(conn: Connection[Any], thread_id: str) -> None:
    """Forget every run of the thread (the thread is being deleted).

    Each run's followers are woken in the same statement, at its commit: they find it gone.
    """
    conn.execute(
        "WITH gone AS (DELETE FROM api_runs WHERE thread_id = %(thread)s RETURNING run_id::text AS run)"
        " SELECT pg_notify(%(channel)s, run), pg_notify(%(channel)s, 'end:' || run) FROM gone",
        {"thread": thread_id, "channel": EVENTS_CHANNEL},
    )


def thread_runs(
    pool: ConnectionPool[Any], thread_id: str, since: datetime, limit: int = 20
) -> list[ThreadRun]:
    """The thread's runs created at `since` or later, in the order they execute (at most `limit`)."""
    with pool.connection() as conn:
        rows = conn.execute(
            f"{_THREAD_RUN} AND created_at >= %s ORDER BY created_at, run_id LIMIT %s",
            (thread_id, since, limit),
        ).fetchall()
    return [cast(ThreadRun, dict(r)) for r in rows]


def thread_start(pool: ConnectionPool[Any], thread_id: str) -> ThreadRun | None:
    """Where a thread's stream joins it now: its oldest run not ended, else its newest; None: no run."""
    with pool.connection() as conn:
        row = conn.execute(
            f"{_THREAD_RUN} ORDER BY status IN ('pending', 'running') DESC,"
            " CASE WHEN status IN ('pending', 'running') THEN created_at END, created_at DESC LIMIT 1",
            (thread_id,),
        ).fetchone()
    return cast(ThreadRun, dict(row)) if row else None


def append_events(
    pool: ConnectionPool[Any], run_id: str, events: Sequence[tuple[int, str, str]], *, began: bool = False
) -> None:
    """Keep these (seq, event, JSON text) events of the run, and wake the clients that follow it.

    With `began`, the run is marked as having done its first work (it was not refused before
    starting) in the same statement: one statement, which commits alone, all of it or nothing.
    """
    if not events and not began:
        return
    start = (
        "began AS (UPDATE api_runs SET began_at = clock_timestamp()"
        " WHERE run_id = %(run)s::uuid AND began_at IS NULL), "
        if began
        else ""
    )
    query = (
        f"WITH {start}kept AS (INSERT INTO api_run_events (run_id, seq, event, data)"
        " SELECT %(run)s::uuid, * FROM unnest(%(seqs)s::integer[], %(events)s::text[], %(data)s::text[])"
        " ON CONFLICT DO NOTHING) SELECT pg_notify(%(channel)s, %(run)s::uuid::text)"
    )
    params = {
        "run": run_id,
        "seqs": [e[0] for e in events],
        "events": [e[1] for e in events],
        "data": [e[2] for e in events],
        "channel": EVENTS_CHANNEL,
    }
    with pool.connection() as conn:
        conn.execute(query, params)


def last_seq(pool: ConnectionPool[Any], run_id: str) -> int:
    """The number of the run's last kept event (-1: none); a retried run numbers on from it."""
    with pool.connection() as conn:
        row = conn.execute(
            "SELECT coalesce(max(seq), -1) AS seq FROM api_run_events WHERE run_id = %s", (run_id,)
        ).fetchone()
    return int(row["seq"]) if row else -1


def orphaned_threads(pool: ConnectionPool[Any], older_than_s: float) -> list[str]:
    """Threads with a run not ended for `older_than_s` and no engine job to take it.

    A run whose job was never deferred (the accepting process died between the two writes) or
    whose job failed outside the run. The recovery task defers a job for each.
    """
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT DISTINCT r.thread_id FROM api_runs r"
            " WHERE r.status IN ('pending', 'running')"
            "   AND r.updated_at < clock_timestamp() - make_interval(secs => %s)"
            "   AND NOT EXISTS (SELECT 1 FROM procrastinate_jobs j"
            "     WHERE j.lock = 'thread:' || r.thread_id AND j.status IN ('todo', 'doing'))",
            (older_than_s,),
        ).fetchall()
    return [r["thread_id"] for r in rows]


def zombie_jobs(pool: ConnectionPool[Any], older_than_s: float) -> list[int]:
    """Run jobs left `doing` by a live worker that could not record their end (the database was away).

    Their thread has no run in flight, and they started over `older_than_s` ago; the job lock would
    otherwise hold the thread's later runs forever. Given back to the queue, such a job finds
    nothing to do and ends.
    """
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT j.id FROM procrastinate_jobs j"
            " WHERE j.status = 'doing' AND j.task_name = 'school.run'"
            "   AND NOT EXISTS (SELECT 1 FROM api_runs r"
            "     WHERE 'thread:' || r.thread_id = j.lock AND r.status = 'running')"
            "   AND (SELECT max(e.at) FROM procrastinate_events e WHERE e.job_id = j.id AND e.type = 'started')"
            "     < clock_timestamp() - make_interval(secs => %s)",
            (older_than_s,),
        ).fetchall()
    return [int(r["id"]) for r in rows]


def events_after(pool: ConnectionPool[Any], run_id: str, seq: int) -> list[tuple[int, str, str]]:
    """The kept events of the run after `seq`, in order."""
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT seq, event, data FROM api_run_events WHERE run_id = %s AND seq > %s ORDER BY seq",
            (run_id, seq),
        ).fetchall()
    return [(r["seq"], r["event"], r["data"]) for r in rows]
