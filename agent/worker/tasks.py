"""The jobs a worker knows: a thread's next run, recovery, and the school's scheduled work.

`install` defines them on one procrastinate app, bound to the process's resources and graph:
- `school.run` (queue `runs`, locked on its thread): execute the thread's next run
  (`agent.runtime.execution`);
- `school.recover`, every `RECOVER_EVERY_S`: put back in the queue the jobs of workers whose
  heartbeat stopped (`SCHOOL_STALLED_AFTER_S`) and run jobs that never recorded their end, and
  give a job to any run left without one;
- `school.deliver_webhook` (queue `webhooks`, locked on its delivery): post one delivery of the
  webhook outbox (`agent.worker.deliveries`), retried with backoff;
- `school.webhook_sweep`, every `SWEEP_EVERY_S`: queue a job for each pending delivery left
  without one (its worker died between the run's end and queueing it);
- the scheduled work (`agent.worker.schedule`).
A periodic task is deferred once per tick however many workers run (the engine's
`procrastinate_periodic_defers`), and each of its ticks is its `timestamp`: the clock it acts on.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime

import procrastinate
from procrastinate import JobContext

from agent.infra import engine
from agent.infra.persistence import Resources
from agent.journal import api_runs, webhooks
from agent.journal.feeds import Wakeups
from agent.runtime.execution import RunCutOffError, execute_next
from agent.runtime.runs import Pregel
from agent.worker import deliveries, schedule

log = logging.getLogger(__name__)

RUN_RETRIES = 8
"""Tries of a run's job cut off by the database (1, 2, 4 ... s apart: about four minutes in all)."""
RECOVER_TASK = "school.recover"
RECOVER_EVERY_S = 5
ORPHAN_AFTER_S = 10.0
"""A run not ended with no job for this long is given one (its accepting process died before deferring)."""
SWEEP_EVERY_S = 5
UNQUEUED_AFTER_S = 2.0
"""A pending delivery due this long with no job is given one (a job is queued right after the run's end)."""


@dataclass(frozen=True)
class Host:
    """What the jobs of one worker process run on."""

    resources: Resources
    graph: Pregel
    name: str
    """The process, in logs and in `api_runs.worker` (with the job's id)."""
    schedule: schedule.Schedule = field(default_factory=schedule.Schedule)
    """When the scheduled work runs."""
    wakeups: Wakeups | None = None
    """The process's listener on the runs' channel: a running run hears the stops asked of it there."""


def install(app: procrastinate.App, host: Host) -> None:
    """Define the school's tasks on `app`, run on `host`."""

    @app.task(
        name=engine.RUN_TASK,
        queue=engine.RUNS_QUEUE,
        pass_context=True,
        # A run cut off by the database going away goes on when it is back (from its checkpoint).
        retry=procrastinate.RetryStrategy(
            max_attempts=RUN_RETRIES, wait=1, exponential_wait=2, retry_exceptions={RunCutOffError}
        ),
    )
    def run_next(context: JobContext, thread_id: str) -> None:
        job_id = context.job.id if context.job else None
        execute_next(host.resources, host.graph, thread_id, f"{host.name}#{job_id}", host.wakeups)

    @app.periodic(cron=f"* * * * * */{RECOVER_EVERY_S}", periodic_id="recover")
    @app.task(name=RECOVER_TASK, queue=engine.SCHEDULED_QUEUE, pass_context=True)
    async def recover(context: JobContext, timestamp: int) -> None:
        manager = context.app.job_manager
        stalled = await manager.get_stalled_jobs(
            seconds_since_heartbeat=host.resources.settings.stalled_after_s
        )
        for job in stalled:
            log.warning("job %s (%s) lost its worker; it goes back to the queue", job.id, job.task_name)
            await manager.retry_job(job)
        zombies = await asyncio.to_thread(api_runs.zombie_jobs, host.resources.pool, ORPHAN_AFTER_S)
        for job_id in zombies:
            log.warning("job %s never recorded its end; it goes back to the queue", job_id)
            await manager.retry_job_by_id_async(job_id, retry_at=datetime.now(UTC))
        orphans = await asyncio.to_thread(api_runs.orphaned_threads, host.resources.pool, ORPHAN_AFTER_S)
        for thread_id in orphans:
            log.warning("thread %s has a run without a job; deferring one", thread_id)
            task = context.app.configure_task(
                engine.RUN_TASK, queue=engine.RUNS_QUEUE, lock=engine.thread_lock(thread_id)
            )
            await task.defer_async(thread_id=thread_id)

    _install_deliveries(app, host)
    schedule.install(app, host)


def _install_deliveries(app: procrastinate.App, host: Host) -> None:
    """The webhook outbox's tasks: post one delivery; queue the deliveries left without a job."""

    @app.task(name=webhooks.DELIVER_TASK, queue=webhooks.QUEUE, retry=deliveries.Backoff())
    def deliver_webhook(delivery_id: str) -> None:
        deliveries.deliver(host.resources, delivery_id)

    @app.periodic(cron=f"* * * * * */{SWEEP_EVERY_S}", periodic_id="webhook_sweep")
    @app.task(name="school.webhook_sweep", queue=engine.SCHEDULED_QUEUE)
    def webhook_sweep(timestamp: int) -> None:
        left = webhooks.unqueued(host.resources.pool, UNQUEUED_AFTER_S)
        if left:
            jobs = engine.deferrer(host.resources.pool)
            for delivery_id in left:
                log.warning("webhook delivery %s has no job; queueing one", delivery_id)
                webhooks.queue(jobs, delivery_id)
