"""Crons on the task engine: their ticks (cron fields in an IANA timezone), and firing each tick once.

The fast part reads schedules without a database. The rest is real Postgres: a cron whose ticks
were missed fires once; a firing refused as a run would be (`reject` on a busy thread, a message
past the limit) is skipped and the cron moves on, without holding back the crons due after it; a cron whose thread is gone is deleted; scans racing in two
threads fire each of many due crons once; and real worker processes, one SIGKILLed by the fault
point between the claim and the commit, fire the tick once.
"""

from __future__ import annotations

import signal
import threading
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from agent.config.settings import Settings
from agent.infra import engine
from agent.infra.persistence import Resources, open_resources
from agent.journal import crons as cron_rows
from agent.journal import thread_records
from agent.runtime import crons
from tests.support.school import TODAY
from tests.support.servers import read_log, school_process, wait_for

WHEN = "When does rag-2 start?"
EVERY_MINUTE = "* * * * *"


# -- the fast tier: schedules ---------------------------------------------------------------------


def test_a_tick_is_read_in_the_crons_timezone_across_a_daylight_saving_change() -> None:
    # Mondays 09:00 in Berlin: 08:00 UTC in winter (CET), 07:00 UTC in summer (CEST).
    winter = datetime(2026, 12, 2, 12, tzinfo=UTC)  # a Wednesday
    assert crons.next_tick("0 9 * * 1", "Europe/Berlin", winter, None) == datetime(2026, 12, 7, 8, tzinfo=UTC)
    before_spring = datetime(2027, 3, 24, 12, tzinfo=UTC)  # clocks go forward on Sunday 28 March
    assert crons.next_tick("0 9 * * 1", "Europe/Berlin", before_spring, None) == datetime(
        2027, 3, 29, 7, tzinfo=UTC
    )
    assert crons.next_tick("0 9 * * 1", None, winter, None) == datetime(2026, 12, 7, 9, tzinfo=UTC)
    # A tick exactly at `after` is not the next one.
    assert crons.next_tick(EVERY_MINUTE, None, datetime(2026, 12, 2, 12, tzinfo=UTC), None) == datetime(
        2026, 12, 2, 12, 1, tzinfo=UTC
    )
    # A tick after the end time is none.
    assert crons.next_tick("0 9 * * 1", None, winter, datetime(2026, 12, 7, 8, 59, tzinfo=UTC)) is None


@pytest.mark.parametrize(
    "schedule", ["", "* * * *", "* * * * * *", "60 * * * *", "* 24 * * *", "every monday"]
)
def test_a_schedule_that_is_not_five_cron_fields_is_refused(schedule: str) -> None:
    with pytest.raises(crons.CronScheduleError, match="five fields"):
        crons.check_schedule(schedule)


def test_a_timezone_or_an_end_time_no_cron_can_have_is_refused() -> None:
    now = datetime(2026, 12, 2, 12, tzinfo=UTC)
    for name in ("Mars/Olympus", "../etc/passwd", "Europe/"):
        with pytest.raises(crons.CronScheduleError, match="IANA"):
            crons.zone(name)
    with pytest.raises(crons.CronScheduleError, match="in the past"):
        crons.first_tick(EVERY_MINUTE, None, now - timedelta(seconds=1), now)
    with pytest.raises(crons.CronScheduleError, match="no tick before end_time"):
        crons.first_tick("0 9 * * 1", None, now + timedelta(hours=1), now)
    assert crons.first_tick("0 9 * * 1", "Asia/Tokyo", None, now) == datetime(2026, 12, 7, 0, tzinfo=UTC)


# -- on Postgres ------------------------------------------------------------------------------------


def make_cron(
    pool: Any,
    thread_id: str | None,
    *,
    due: datetime,
    schedule: str = EVERY_MINUTE,
    strategy: str = "enqueue",
    owner: str = "ada",
    message: str = WHEN,
) -> str:
    """A cron of `owner`'s sending `message`, due at `due`; its id."""
    cron_id = str(uuid.uuid4())
    payload = {"assistant_id": "school", "schedule": schedule, "multitask_strategy": strategy}
    payload["input"] = {"messages": [{"role": "user", "content": WHEN}]}
    cron_rows.create(
        pool,
        {
            "cron_id": cron_id,
            "assistant_id": "school",
            "thread_id": thread_id,
            "owner": owner,
            "user_id": owner,
            "by_operator": False,
            "schedule": schedule,
            "timezone": None,
            "end_time": None,
            "enabled": True,
            "on_run_completed": None,
            "message": message,
            "payload": payload,
            "metadata": {},
            "next_run_at": due,
        },
    )
    return cron_id


def runs_of(pool: Any, cron_id: str) -> list[dict[str, Any]]:
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT run_id::text AS run_id, thread_id, actor, status, multitask_strategy FROM api_runs"
            " WHERE metadata->>'cron_id' = %s ORDER BY created_at",
            (cron_id,),
        ).fetchall()
    return [dict(r) for r in rows]


def next_run_at(pool: Any, cron_id: str) -> datetime | None:
    found = cron_rows.get(pool, cron_id)
    assert found is not None
    return found["next_run_at"]


def run_jobs(pool: Any, thread_id: str) -> int:
    with pool.connection() as conn:
        row = conn.execute(
            "SELECT count(*) AS n FROM procrastinate_jobs WHERE task_name = %s AND lock = %s",
            (engine.RUN_TASK, engine.thread_lock(thread_id)),
        ).fetchone()
    return int(row["n"])


@pytest.mark.postgres
def test_a_cron_whose_ticks_were_missed_fires_once_and_moves_past_now(
    resources: Resources, graph: Any
) -> None:
    pool = resources.pool
    thread_records.create(pool, "t-ada", "ada", {})
    cron_id = make_cron(pool, "t-ada", due=datetime.now(UTC) - timedelta(minutes=10))  # ten ticks missed
    started = datetime.now(UTC)
    [fired] = crons.fire_due(resources, graph, now=started)
    assert (fired.cron_id, fired.thread_id, fired.skipped) == (cron_id, "t-ada", None)
    assert runs_of(pool, cron_id) == [
        {
            "run_id": fired.run_id,
            "thread_id": "t-ada",
            "actor": "ada",
            "status": "pending",
            "multitask_strategy": "enqueue",
        }
    ]
    assert run_jobs(pool, "t-ada") == 1
    ahead = next_run_at(pool, cron_id)
    assert ahead is not None and started < ahead <= started.replace(second=0, microsecond=0) + timedelta(
        minutes=2
    )
    assert ahead.second == 0 and ahead.microsecond == 0
    assert crons.fire_due(resources, graph, now=datetime.now(UTC)) == []  # nothing due until then
    assert len(runs_of(pool, cron_id)) == 1


@pytest.mark.postgres
def test_a_tick_refused_as_a_run_would_be_is_skipped_and_a_cron_without_its_thread_is_deleted(
    resources: Resources, graph: Any
) -> None:
    pool = resources.pool
    thread_records.create(pool, "t-ada", "ada", {})
    past = datetime.now(UTC) - timedelta(minutes=1)
    first = make_cron(pool, "t-ada", due=past)
    strict = make_cron(pool, "t-ada", due=past + timedelta(seconds=1), strategy="reject")
    fired = crons.fire_due(resources, graph, now=datetime.now(UTC))
    # No worker runs here: the first cron's run stays pending, so `reject` finds the thread busy.
    assert [(f.cron_id, f.run_id is not None, f.skipped) for f in fired] == [
        (first, True, None),
        (strict, False, "thread t-ada is busy with another run; try again when it has finished"),
    ]
    assert runs_of(pool, strict) == [] and next_run_at(pool, strict) is not None
    assert run_jobs(pool, "t-ada") == 1  # the first cron's run's; the refused tick queued none
    assert next_run_at(pool, strict) > datetime.now(UTC)  # type: ignore[operator]

    orphan = make_cron(pool, "t-gone", due=past)  # its thread was deleted
    [gone] = crons.fire_due(resources, graph, now=datetime.now(UTC))
    assert (gone.cron_id, gone.run_id, gone.skipped) == (
        orphan,
        None,
        "its thread is gone; the cron is deleted",
    )
    assert cron_rows.get(pool, orphan) is None


@pytest.mark.postgres
def test_a_cron_whose_tick_fails_does_not_hold_back_the_crons_due_after_it(
    resources: Resources, graph: Any
) -> None:
    pool = resources.pool
    thread_records.create(pool, "t-ada", "ada", {})
    past = datetime.now(UTC) - timedelta(minutes=1)
    broken = make_cron(pool, "t-ada", due=past, message="x" * (resources.settings.max_message_chars + 1))
    sound = make_cron(pool, "t-ada", due=past + timedelta(seconds=1))
    fired = crons.fire_due(resources, graph, now=datetime.now(UTC))
    limit = resources.settings.max_message_chars
    assert [(f.cron_id, f.run_id is not None, f.skipped) for f in fired] == [
        (broken, False, f"the message is {limit + 1:,} characters long; the limit is {limit:,}"),
        (sound, True, None),
    ]
    assert runs_of(pool, broken) == [] and next_run_at(pool, broken) > datetime.now(UTC)  # type: ignore[operator]
    assert run_jobs(pool, "t-ada") == 1  # the sound cron's run's; the failed tick queued none


@pytest.mark.postgres
def test_scans_racing_in_two_threads_fire_each_due_cron_once(resources: Resources, graph: Any) -> None:
    pool = resources.pool
    past = datetime.now(UTC) - timedelta(minutes=1)
    made = []
    for n in range(12):
        thread_records.create(pool, f"t-{n}", "ada", {})
        made.append(make_cron(pool, f"t-{n}", due=past))
    results: list[list[crons.Fired]] = []
    gate = threading.Barrier(2)

    def scan() -> None:
        gate.wait()
        results.append(crons.fire_due(resources, graph, now=datetime.now(UTC)))

    scans = [threading.Thread(target=scan) for _ in range(2)]
    for t in scans:
        t.start()
    for t in scans:
        t.join(60)
    fired = sorted(f.cron_id for found in results for f in found)
    assert fired == sorted(made)
    assert [len(runs_of(pool, cron_id)) for cron_id in made] == [1] * 12
    assert [run_jobs(pool, f"t-{n}") for n in range(12)] == [1] * 12


# -- real worker processes --------------------------------------------------------------------------

STALLED = {"SCHOOL_STALLED_AFTER_S": "2"}


@pytest.mark.postgres
def test_a_tick_fires_once_when_a_worker_dies_between_the_claim_and_the_commit(
    database_url: str, tmp_path: Path
) -> None:
    settings = Settings(database_url=database_url, data_dir=tmp_path / "data", today=TODAY)
    with open_resources(settings) as res:  # migrated and seeded
        thread_records.create(res.pool, "t-ada", "ada", {})
        # Yearly: the next tick is months away, so a minute boundary inside the waits below
        # cannot fire a second, legitimate tick (every minute it did, about one run in ten).
        cron_id = make_cron(
            res.pool, "t-ada", due=datetime.now(UTC) - timedelta(seconds=1), schedule="0 0 1 1 *"
        )
        due = next_run_at(res.pool, cron_id)
        dying_log = tmp_path / "w1.log"
        fault = {**STALLED, "SCHOOL_FAULT_POINT": crons.FIRE_FAULT_POINT}
        with school_process("worker", database_url, tmp_path / "w1", dying_log, env=fault) as (_, dying):
            dying.wait(timeout=60)  # its first scan claims the cron, records the run, and dies
            assert dying.returncode == -signal.SIGKILL, read_log(dying_log)
        # Nothing of the dead transaction is left: no run, the cron as due as before.
        assert runs_of(res.pool, cron_id) == []
        assert next_run_at(res.pool, cron_id) == due
        assert run_jobs(res.pool, "t-ada") == 0  # nor its job
        with (
            school_process("worker", database_url, tmp_path / "w2", tmp_path / "w2.log", env=STALLED),
            school_process("worker", database_url, tmp_path / "w3", tmp_path / "w3.log", env=STALLED),
        ):
            [run] = wait_for(
                lambda: [r for r in runs_of(res.pool, cron_id) if r["status"] == "success"],
                60,
                "the cron's run, done by a live worker",
            )
            time.sleep(6)  # another scan or two of both workers: the tick does not fire again
            runs = runs_of(res.pool, cron_id)
            ahead = next_run_at(res.pool, cron_id)
    assert runs == [
        {
            "run_id": run["run_id"],
            "thread_id": "t-ada",
            "actor": "ada",
            "status": "success",
            "multitask_strategy": "enqueue",
        }
    ]
    assert (
        due is not None and ahead is not None and ahead > due and (ahead.second, ahead.microsecond) == (0, 0)
    )
