"""The school's scheduled work, as periodic tasks of the engine: each tick runs once across all workers.

procrastinate defers a periodic task once per tick, whatever the number of workers (a unique row
per task and tick in `procrastinate_periodic_defers`), and hands the tick to the task as its
`timestamp`: the task acts on that instant, not on the clock of the worker that happens to run it.
The work itself is race-safe on its own too (`agent.upkeep.holds`, `agent.upkeep.scheduled`), so a
tick run again after its worker died changes nothing twice. The students' and operators' crons are
one periodic scan of a due-time table (`agent.runtime.crons`): each cron's tick fires once however
many workers scan, because the claim, the run and the next due time commit together.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import procrastinate

from agent.infra import engine
from agent.runtime import crons
from agent.upkeep import holds, scheduled, thread_pruning

if TYPE_CHECKING:
    from agent.worker.tasks import Host


@dataclass(frozen=True)
class Schedule:
    """When each piece of scheduled work runs (cron; a sixth field is seconds)."""

    expire_holds: str = "* * * * *"
    """Every minute: unpaid holds older than `SCHOOL_HOLD_HOURS` end, their seats go to the waitlist."""
    remind_holds: str = "*/15 * * * *"
    """Every 15 minutes: holds ending within `SCHOOL_REMIND_HOURS` get a reminder, once."""
    prune: str = "17 3 * * *"
    """Nightly at 03:17 (UTC): old checkpoints, by the default retention policy."""
    doctor: str = "7 * * * *"
    """Hourly: the doctor's findings into the journal and the log."""
    thread_ttls: str = "* * * * *"
    """Every minute: threads whose TTL has passed are pruned, and store items past theirs deleted."""
    crons: str = "* * * * * */5"
    """Every 5 seconds: the crons that are due fire, each once (`agent.runtime.crons`)."""


def _at(timestamp: int) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)


def install(app: procrastinate.App, host: Host) -> None:
    """Define the scheduled tasks on `app`, at the times of `host.schedule`."""
    when = host.schedule
    queue = engine.SCHEDULED_QUEUE

    @app.periodic(cron=when.expire_holds, periodic_id="expire_holds")
    @app.task(name="school.expire_holds", queue=queue)
    def expire_holds(timestamp: int) -> None:
        holds.expire_holds(host.resources, host.graph, now=_at(timestamp))

    @app.periodic(cron=when.remind_holds, periodic_id="remind_holds")
    @app.task(name="school.remind_holds", queue=queue)
    def remind_holds(timestamp: int) -> None:
        holds.remind_holds(host.resources, host.graph, now=_at(timestamp))

    @app.periodic(cron=when.prune, periodic_id="prune")
    @app.task(name="school.prune", queue=queue)
    def prune(timestamp: int) -> None:
        scheduled.prune_checkpoints(host.resources, now=_at(timestamp))

    @app.periodic(cron=when.doctor, periodic_id="doctor")
    @app.task(name="school.doctor", queue=queue)
    def doctor(timestamp: int) -> None:
        scheduled.run_doctor(host.resources, host.graph, now=_at(timestamp))

    @app.periodic(cron=when.thread_ttls, periodic_id="thread_ttls")
    @app.task(name="school.thread_ttls", queue=queue)
    def thread_ttls(timestamp: int) -> None:
        thread_pruning.sweep(host.resources, host.graph, now=_at(timestamp))

    @app.periodic(cron=when.crons, periodic_id="crons")
    @app.task(name="school.crons", queue=queue)
    def fire_crons(timestamp: int) -> None:
        crons.fire_due(host.resources, host.graph, now=_at(timestamp))
