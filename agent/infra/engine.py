"""The task engine: procrastinate over the school's own Postgres.

Every run (of the LangGraph Server API: a message or a decision, from the page, the SDKs or the
CLI) and every piece of scheduled work is a procrastinate job, executed by whichever worker process takes it
(`school-agent worker`, or the one `serve` starts as its child). What the engine gives and the
project no longer writes itself:
- a job per run, taken by exactly one worker, woken by LISTEN/NOTIFY (or polled behind a
  transaction pooler, `SCHOOL_DB_POOLING=transaction`);
- `lock`: jobs with the same lock run one at a time, oldest first, across every worker; a run's
  job is locked on its thread, so one thread's runs never overlap;
- worker heartbeats (`procrastinate_workers`): a worker silent for `SCHOOL_STALLED_AFTER_S` is
  dead, and the recovery task (`agent.worker.tasks`) puts its jobs back in the queue;
- periodic tasks, deferred once per tick whatever the number of workers (its
  `procrastinate_periodic_defers` table).

Its schema is procrastinate's own `schema.sql`, applied as one of the school's migrations
(`agent.infra.migrations`). This module opens nothing by itself: `deferrer` wraps the process's
main (sync) pool, `worker_app` makes an async connector for a worker's event loop.
"""

from __future__ import annotations

from typing import Any, Final

import procrastinate
from procrastinate import exceptions
from psycopg import AsyncConnection
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool, ConnectionPool

from agent.config.settings import Settings

RUN_TASK: Final = "school.run"
"""The task that executes the next run of a thread (its only argument: `thread_id`)."""
RUNS_QUEUE: Final = "runs"
SCHEDULED_QUEUE: Final = "scheduled"
ENGINE_POOL_MAX: Final = 6
"""Connections of a worker's engine pool: fetching, finishing and heartbeats are short statements."""
POLL_S: Final = 5.0
"""How often an idle worker asks for jobs when notifications wake it (they usually do)."""
POOLED_POLL_S: Final = 0.1
"""How often a worker asks behind a transaction pooler, where LISTEN cannot work."""

EngineError = exceptions.ProcrastinateException
"""Anything the engine raises (a failed defer, a lost connection)."""


def schema_sql() -> str:
    """The engine's schema, as the installed procrastinate ships it."""
    return procrastinate.schema.SchemaManager.get_schema()


def thread_lock(thread_id: str) -> str:
    """The job lock of a thread: its runs' jobs execute one at a time, in order."""
    return f"thread:{thread_id}"


def deferrer(pool: ConnectionPool[Any]) -> procrastinate.App:
    """An app that defers jobs through the process's own pool (an API process defers, never works)."""
    app = procrastinate.App(connector=procrastinate.SyncPsycopgConnector())
    app.open(pool)
    return app


def run_job(thread_id: str) -> tuple[str, tuple[Any, ...]]:
    """The statement that asks a worker to execute the thread's next pending run, for a transaction of the caller's.

    Sent in the transaction that records the run (`agent.journal.api_runs.create`), the run and
    its job are committed together: no run is left without a job, nor a job without its run. It
    calls the engine's own function (`procrastinate_defer_jobs_v1`, as procrastinate's `defer`
    does); the insert's trigger wakes the workers.
    """
    job = "ROW(%s, %s, 0, %s, NULL, %s, NULL)::procrastinate_job_to_defer_v1"
    return (
        f"SELECT procrastinate_defer_jobs_v1(ARRAY[{job}])",
        (RUNS_QUEUE, RUN_TASK, thread_lock(thread_id), Jsonb({"thread_id": thread_id})),
    )


def worker_app(settings: Settings, url: str) -> procrastinate.App:
    """An app with an async connector to `url`, for a worker's event loop (open it there)."""
    kwargs: dict[str, Any] = {"prepare_threshold": settings.prepare_threshold}
    connector = procrastinate.PsycopgConnector(
        conninfo=url,
        min_size=ENGINE_POOL_MAX,
        max_size=ENGINE_POOL_MAX,
        kwargs=kwargs,
        pool_factory=_engine_pool,
    )
    return procrastinate.App(connector=connector)


def _engine_pool(**options: Any) -> AsyncConnectionPool[Any]:
    """The engine's pool: the school's check of a connection taken, and autocommit.

    procrastinate asks the server about every connection it takes (a round trip before each
    fetch, finish and defer of a job); `check_if_disturbed` asks only when the socket shows the
    server went away (a restart closed it), so the pool still replaces the connections a restart
    broke. Each of the engine's statements is a function call that stands alone, so it commits
    alone (autocommit), without a BEGIN and a COMMIT around it.
    """
    from agent.infra.persistence import acheck_if_disturbed  # the engine is imported without the rest

    return AsyncConnectionPool(**{**options, "check": acheck_if_disturbed, "configure": _autocommit})


async def _autocommit(conn: AsyncConnection[Any]) -> None:
    await conn.set_autocommit(True)


def worker_options(settings: Settings, *, concurrency: int, name: str) -> dict[str, Any]:
    """The options of `App.run_worker_async` for this deployment."""
    listen = settings.db_pooling != "transaction"
    return {
        "concurrency": concurrency,
        "name": name,
        "listen_notify": listen,
        "fetch_job_polling_interval": POLL_S if listen else POOLED_POLL_S,
        "update_heartbeat_interval": max(1.0, settings.stalled_after_s / 3),
        "stalled_worker_timeout": float(settings.stalled_after_s),
        "install_signal_handlers": False,
        "delete_jobs": "successful",
    }
