"""Run records of the LangGraph Server API in Postgres: the queue of runs per thread and their events.

A run is recorded `pending` when a client asks for it; the process that executes it claims it
(`running`) only when it is the oldest pending run of its thread and no other run of the thread
is running, so runs on one thread go one at a time in the order they were asked for, whichever
process accepted them. Creating and claiming take a transaction-level advisory lock on the
thread (`RUN_LOCK_SPACE`), which serialises the decisions of every process without holding
anything between transactions.

The multitask strategies are decided here, in the creating transaction: `reject` refuses when
the thread has a run in flight; `interrupt` and `rollback` ask the runs in flight to stop
(`stop`; a `NOTIFY` on `STOP_CHANNEL` wakes the process running one) and queue the new run;
`enqueue` queues it. A process that executes runs holds a session advisory lock on its own id
(`WORKER_LOCK_SPACE`) while it lives: a `running` run whose worker holds no such lock was cut off
with its process, and the next claim on the thread ends it as `error`. The tables come from
migration 4 (`agent.infra.migrations`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from psycopg import Connection
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from agent.domain.plain_json import to_json

RUN_LOCK_SPACE = 0x5C401
"""Advisory lock space of the per-thread transaction locks taken to create and claim runs."""
WORKER_LOCK_SPACE = 0x5C402
"""Advisory lock space of the session locks that say a worker (a process running runs) is alive."""
STOP_CHANNEL = "school_run_stop"
"""The `NOTIFY` channel that carries the id of a run asked to stop."""

Strategy = Literal["reject", "enqueue", "interrupt", "rollback"]
Claim = Literal["run", "wait", "gone"]
"""What a claim found: the run is now the caller's to run, must wait its turn, or was stopped."""

ACTIVE = ("pending", "running")
FINAL = ("success", "error", "timeout", "interrupted")
COLUMNS = (
    "run_id::text AS run_id, thread_id, assistant_id, created_at, updated_at, status,"
    " metadata, multitask_strategy, kwargs, stop, error, actor, worker"
)


class RunConflictError(Exception):
    """A run asked for with `reject` on a thread that has a run in flight."""


def _lock_thread(conn: Connection[Any], thread_id: str) -> None:
    conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (RUN_LOCK_SPACE, thread_id))


def create(
    pool: ConnectionPool[Any],
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
    worker: str | None = None,
) -> dict[str, Any]:
    """Record a pending run under `strategy`; its row.

    With `worker`, a run that has nothing ahead of it on the thread is recorded `running` for
    that worker at once (the claim made in the same transaction).

    `busy` says the thread is held by a request that is not a run of this API (the CLI, the
    private API): `reject` refuses then too. Without `stops_others`, `interrupt` and `rollback`
    stop only the actor's own runs and refuse when someone else's is in flight (a student cannot
    stop an operator's resume). Raises RunConflictError for a refused run.
    """
    with pool.connection() as conn, conn.transaction():
        _lock_thread(conn, thread_id)
        active = conn.execute(
            "SELECT run_id::text AS run_id, status, actor FROM api_runs"
            " WHERE thread_id = %s AND status IN ('pending', 'running') ORDER BY created_at",
            (thread_id,),
        ).fetchall()
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
            _stop(conn, [r["run_id"] for r in active], strategy)
        status, claimed_by = ("running", worker) if worker is not None and not active else ("pending", None)
        row = conn.execute(
            "INSERT INTO api_runs"
            " (run_id, thread_id, assistant_id, actor, multitask_strategy, kwargs, metadata, status, worker)"
            f" VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING {COLUMNS}",
            (
                run_id,
                thread_id,
                assistant_id,
                actor,
                strategy,
                Jsonb(to_json(kwargs)),
                Jsonb(to_json(metadata)),
                status,
                claimed_by,
            ),
        ).fetchone()
    assert row is not None
    return dict(row)


def _stop(conn: Connection[Any], run_ids: Sequence[str], action: Literal["interrupt", "rollback"]) -> None:
    """Stop these runs.

    A pending one at once (a rolled-back one is deleted), a running one at its next step boundary
    (`stop`, and a notification for its process).
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
    running = conn.execute(
        "UPDATE api_runs SET stop = %s, updated_at = clock_timestamp()"
        " WHERE run_id = ANY(%s::uuid[]) AND status = 'running' RETURNING run_id::text AS run_id",
        (action, list(run_ids)),
    ).fetchall()
    for row in running:
        conn.execute("SELECT pg_notify(%s, %s)", (STOP_CHANNEL, row["run_id"]))


def request_stop(
    pool: ConnectionPool[Any], thread_id: str, run_id: str, action: Literal["interrupt", "rollback"]
) -> None:
    """Ask one run of the thread to stop (nothing happens to a run that has already ended)."""
    with pool.connection() as conn, conn.transaction():
        _lock_thread(conn, thread_id)
        _stop(conn, [run_id], action)


def claim(pool: ConnectionPool[Any], run_id: str, thread_id: str, worker: str) -> Claim:
    """Start the run for `worker` if it is its turn on the thread.

    A `running` run of the thread whose worker is gone (its liveness lock is not held) is ended
    as `error` first, so a dead process does not hold up the thread's queue.
    """
    with pool.connection() as conn, conn.transaction():
        _lock_thread(conn, thread_id)
        conn.execute(
            "UPDATE api_runs SET status = 'error', error = 'its server process stopped during the run',"
            " updated_at = clock_timestamp()"
            " WHERE thread_id = %s AND status = 'running' AND NOT EXISTS ("
            "   SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2"
            "     AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            "     AND l.classid = %s::bigint::oid"
            "     AND l.objid = (hashtext(api_runs.worker)::bigint & 4294967295)::oid)",
            (thread_id, WORKER_LOCK_SPACE),
        )
        rows = conn.execute(
            "SELECT run_id::text AS run_id, status FROM api_runs"
            " WHERE thread_id = %s AND status IN ('pending', 'running') ORDER BY created_at",
            (thread_id,),
        ).fetchall()
        if run_id not in [r["run_id"] for r in rows]:
            return "gone"
        if rows[0]["run_id"] != run_id or rows[0]["status"] == "running":
            return "wait"
        conn.execute(
            "UPDATE api_runs SET status = 'running', worker = %s, updated_at = clock_timestamp() WHERE run_id = %s",
            (worker, run_id),
        )
    return "run"


def finish(pool: ConnectionPool[Any], run_id: str, status: str, error: str | None = None) -> None:
    """Record how the run ended."""
    assert status in FINAL
    with pool.connection() as conn:
        conn.execute(
            "UPDATE api_runs SET status = %s, error = %s, updated_at = clock_timestamp() WHERE run_id = %s",
            (status, error, run_id),
        )


def stops_of_running(conn: Connection[Any], worker: str) -> list[tuple[str, str]]:
    """(run id, stop) of the worker's running runs asked to stop."""
    rows = conn.execute(
        "SELECT run_id::text AS run_id, stop FROM api_runs WHERE worker = %s AND status = 'running'"
        " AND stop IS NOT NULL",
        (worker,),
    ).fetchall()
    return [(r["run_id"], r["stop"]) for r in rows]


def get(pool: ConnectionPool[Any], thread_id: str, run_id: str) -> dict[str, Any] | None:
    """The run, if it is one of the thread's."""
    with pool.connection() as conn:
        row = conn.execute(
            f"SELECT {COLUMNS} FROM api_runs WHERE thread_id = %s AND run_id = %s", (thread_id, run_id)
        ).fetchone()
    return dict(row) if row else None


def of_thread(
    pool: ConnectionPool[Any], thread_id: str, *, limit: int, offset: int, status: str | None
) -> list[dict[str, Any]]:
    """The thread's runs, newest first."""
    with pool.connection() as conn:
        rows = conn.execute(
            f"SELECT {COLUMNS} FROM api_runs WHERE thread_id = %s AND (%s::text IS NULL OR status = %s)"
            " ORDER BY created_at DESC, run_id LIMIT %s OFFSET %s",
            (thread_id, status, status, limit, offset),
        ).fetchall()
    return [dict(r) for r in rows]


def delete(pool: ConnectionPool[Any], thread_id: str, run_id: str) -> bool:
    """Forget a run that has ended (with its events); False when there is no such ended run."""
    with pool.connection() as conn:
        row = conn.execute(
            "DELETE FROM api_runs WHERE thread_id = %s AND run_id = %s AND status <> ALL(%s) RETURNING 1",
            (thread_id, run_id, list(ACTIVE)),
        ).fetchone()
    return row is not None


def delete_run(pool: ConnectionPool[Any], run_id: str) -> None:
    """Forget a run whatever its state (a rolled-back run, a run refused before it began)."""
    with pool.connection() as conn:
        conn.execute("DELETE FROM api_runs WHERE run_id = %s", (run_id,))


def delete_for_thread(conn: Connection[Any], thread_id: str) -> None:
    """Forget every run of the thread (the thread is being deleted)."""
    conn.execute("DELETE FROM api_runs WHERE thread_id = %s", (thread_id,))


def append_events(pool: ConnectionPool[Any], run_id: str, events: Sequence[tuple[int, str, str]]) -> None:
    """Keep these (seq, event, JSON text) events of the run for clients that rejoin its stream."""
    if not events:
        return
    with pool.connection() as conn, conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO api_run_events (run_id, seq, event, data) VALUES (%s, %s, %s, %s)"
            " ON CONFLICT DO NOTHING",
            [(run_id, *event) for event in events],
        )


def events_after(pool: ConnectionPool[Any], run_id: str, seq: int) -> list[tuple[int, str, str]]:
    """The kept events of the run after `seq`, in order."""
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT seq, event, data FROM api_run_events WHERE run_id = %s AND seq > %s ORDER BY seq",
            (run_id, seq),
        ).fetchall()
    return [(r["seq"], r["event"], r["data"]) for r in rows]
