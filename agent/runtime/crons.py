"""Crons: when a cron is due next, and firing the due ones, once per tick across every worker.

A cron (`agent.journal.crons`) keeps `next_run_at`, the next tick of its `schedule` (five cron
fields, read by croniter) in its IANA `timezone`. The workers' periodic scan (`fire_due`, every
few seconds, `agent.worker.schedule`) takes one due cron at a time with `FOR UPDATE SKIP LOCKED`
and, in that same transaction, records its run and moves `next_run_at` to the first tick after
now. So a tick fires once however many workers scan; a worker killed between the claim and the
commit leaves nothing (its transaction dies with it) and the next scan fires the tick. A cron
whose ticks were missed while no worker ran fires once, not once per missed tick.

The run is recorded as an API run is (`agent.journal.api_runs.create`: the multitask strategy
decided under the thread's transaction lock, then the thread's engine job, the one-writer lock and
the journal when a worker executes it), as the student the thread belongs to. A firing the run
desk would refuse (`reject` on a busy thread, a spent daily budget) is skipped for that tick and
logged, and so is a tick that fails otherwise (logged with its error: one broken cron does not hold
back those due after it); a cron whose thread is gone is deleted. A stateless cron makes a new thread each time,
deleted when its run ends unless `on_run_completed` is `keep`.

The run's engine job is queued in the same transaction (`agent.infra.engine.run_job`), as the run
desk queues an API run's: the tick, its run and its job are committed together or not at all.
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from croniter import croniter
from psycopg import Connection

from agent.config import env, faults
from agent.infra import engine
from agent.infra.persistence import Resources
from agent.journal import api_runs, owners, thread_records
from agent.journal import crons as cron_rows
from agent.runtime import run_shapes, threads
from agent.runtime.runs import Pregel

log = logging.getLogger(__name__)

FIRE_FAULT_POINT = "crons.before_commit"
"""Where `SCHOOL_FAULT_POINT` kills a worker: a cron claimed, its run recorded, nothing committed."""
MAX_PER_SCAN = 100
"""The most crons one scan fires; the rest wait for the next scan, seconds later."""
LIMIT_ENV = "SCHOOL_MAX_CRONS_PER_STUDENT"
DEFAULT_LIMIT = 5


class CronScheduleError(ValueError):
    """A schedule, timezone or end time no cron can have; the message says which and why."""


def max_per_student() -> int:
    """How many crons a student may have (`SCHOOL_MAX_CRONS_PER_STUDENT`, default 5); operators have no limit."""
    return env.integer(LIMIT_ENV, DEFAULT_LIMIT)


def check_schedule(schedule: str) -> str:
    """The schedule, when it is five cron fields croniter reads; CronScheduleError otherwise."""
    fields = schedule.split()
    if len(fields) != 5 or not croniter.is_valid(schedule):
        message = (
            f"schedule {schedule!r} is not a cron schedule of five fields (minute hour day month weekday)"
        )
        raise CronScheduleError(message)
    return " ".join(fields)


def zone(timezone: str | None) -> ZoneInfo:
    """The IANA timezone (None: UTC); CronScheduleError for a name the tz database lacks."""
    try:
        return ZoneInfo(timezone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        message = f"timezone {timezone!r} is not an IANA timezone (such as 'Europe/Berlin')"
        raise CronScheduleError(message) from None


def next_tick(
    schedule: str, timezone: str | None, after: datetime, end_time: datetime | None
) -> datetime | None:
    """The first tick of `schedule` in `timezone` strictly after `after`; None when it falls after `end_time`."""
    tick = croniter(schedule, after.astimezone(zone(timezone))).get_next(datetime)
    at = cast(datetime, tick).astimezone(UTC)
    return None if end_time is not None and at > end_time else at


def first_tick(schedule: str, timezone: str | None, end_time: datetime | None, now: datetime) -> datetime:
    """When a new or changed cron fires first; CronScheduleError when its end time leaves it none."""
    if end_time is not None and end_time <= now:
        raise CronScheduleError(f"end_time {end_time.isoformat()} is in the past")
    found = next_tick(check_schedule(schedule), timezone, now, end_time)
    if found is None:
        message = f"schedule {schedule!r} has no tick before end_time {end_time}"
        raise CronScheduleError(message)
    return found


@dataclass(frozen=True)
class Fired:
    """What one due cron did at a scan."""

    cron_id: str
    thread_id: str | None
    run_id: str | None
    """The run it recorded; None when the tick was skipped."""
    skipped: str | None = None
    """Why no run was recorded (a busy thread under `reject`, a spent budget, the thread gone)."""


def fire_due(resources: Resources, graph: Pregel, *, now: datetime) -> list[Fired]:
    """Fire every cron due at `now` (or at the clock, if later), each in its own transaction."""
    now = max(now, datetime.now(UTC))
    fired: list[Fired] = []
    for _ in range(MAX_PER_SCAN):
        with resources.pool.connection() as conn, conn.transaction():
            cron = cron_rows.claim_due(conn, now)
            if cron is None:
                break
            outcome = _fire(conn, graph, resources, cron, now)
            faults.point(FIRE_FAULT_POINT)
            if outcome.skipped != _GONE:
                ahead = next_tick(cron["schedule"], cron["timezone"], now, cron["end_time"])
                cron_rows.update(conn, cron["cron_id"], {"next_run_at": ahead})
        fired.append(outcome)
    return fired


_GONE = "its thread is gone; the cron is deleted"


def _fire(
    conn: Connection[Any], graph: Pregel, resources: Resources, cron: cron_rows.CronRow, now: datetime
) -> Fired:
    """Record the cron's run on `conn` (in a savepoint: a refused firing leaves nothing of itself)."""
    cron_id, thread_id = cron["cron_id"], cron["thread_id"]
    if thread_id is not None and owners.owner_of(conn, thread_id) != cron["owner"]:
        cron_rows.delete(conn, cron_id)
        log.warning("cron %s: %s", cron_id, _GONE)
        return Fired(cron_id, thread_id, None, _GONE)
    if cron["end_time"] is not None and cron["end_time"] <= now:
        return Fired(cron_id, thread_id, None, "its end time has passed")
    try:
        with conn.transaction():
            if thread_id is None:
                thread_id = str(uuid.uuid4())
                thread_records.create(conn, thread_id, cron["owner"], {})
            run_id = _record_run(conn, graph, resources, cron, thread_id)
    except (api_runs.RunConflictError, owners.ThreadError) as err:  # refused as the run desk would
        log.warning("cron %s: this tick is skipped: %s", cron_id, err)
        return Fired(cron_id, cron["thread_id"], None, str(err))
    except Exception as err:  # one broken cron must not hold back the ones due after it
        log.exception("cron %s: this tick failed and is skipped", cron_id)
        return Fired(cron_id, cron["thread_id"], None, f"failed: {type(err).__name__}: {err}")
    return Fired(cron_id, thread_id, run_id)


def _record_run(
    conn: Connection[Any], graph: Pregel, resources: Resources, cron: cron_rows.CronRow, thread_id: str
) -> str:
    """Record the run of the cron's message on the thread, as the run desk records a student's message."""
    student, payload = cron["owner"], cron["payload"]
    row = thread_records.find(conn, thread_id)
    assert row is not None
    threads.refuse_spent(graph, thread_id, student)
    text = threads.check_message(cron["message"], resources.settings)
    strategy = cast(api_runs.Strategy, payload.get("multitask_strategy") or "enqueue")
    asked = payload.get("stream_mode") or ["values"]
    asked = [asked] if isinstance(asked, str) else list(asked)
    temporary = cron["thread_id"] is None and cron["on_run_completed"] != "keep"
    work = run_shapes.work(
        user_id=student,
        asked=asked,
        subgraphs=bool(payload.get("stream_subgraphs")),
        relay=True,
        waits=strategy != "reject",
        temporary=temporary,
    )
    work.update(kind="send", text=text, user_id=student)
    kwargs = run_shapes.kwargs(
        {**payload, "command": None, "webhook": None}, asked=asked, temporary=temporary
    )
    metadata = run_shapes.metadata(row["metadata"], {**cron["metadata"], "cron_id": cron["cron_id"]})
    record = api_runs.create(
        conn,
        run_id=str(uuid.uuid4()),
        thread_id=thread_id,
        assistant_id=thread_records.ASSISTANT_ID,
        actor=student,
        strategy=strategy,
        kwargs=kwargs,
        metadata=metadata,
        busy=row["busy"],
        stops_others=cron["by_operator"],
        work=work,
        job=engine.run_job(thread_id),
    )
    if any(row["metadata"].get(k) != v for k, v in run_shapes.IDS.items()) or not row["recorded"]:
        thread_records.merge_metadata(conn, row, run_shapes.IDS)
    return record["run_id"]
