"""Scheduled work through the engine's periodic tasks: every tick runs once, whatever the number of workers.

Two workers in this process race on every tick (each has the periodic deferrer); the schedule is
every second so that the test sees several ticks. The work's own clock is the tick's timestamp.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from agent.infra.persistence import Resources
from agent.journal.events import events
from agent.runtime import threads
from agent.upkeep.scheduled import SYSTEM_THREAD
from agent.worker.process import Worker
from agent.worker.schedule import Schedule
from tests.support.approvals import student_yes

pytestmark = pytest.mark.postgres

EVERY_SECOND = "* * * * * *"
NEVER = "0 0 1 1 *"  # January 1st: not during a test


def enroll_and_approve(graph: Any, thread_id: str, student: str) -> None:
    asked = threads.send(graph, thread_id, "Enroll me in rag-2", user_id=student)
    assert asked.pending is not None
    threads.decide(graph, thread_id, student_yes(student))  # the student's own confirmation


def test_an_expired_hold_and_the_doctor_run_once_per_tick_across_two_workers(
    resources: Resources, graph: Any
) -> None:
    enroll_and_approve(graph, "t-ada", "ada")
    with resources.pool.connection() as conn:
        conn.execute(
            "UPDATE enrollments SET hold_started_at = now() - make_interval(hours => %s)"
            " WHERE student_id = 'ada'",
            (resources.settings.hold_hours + 1,),
        )
    schedule = Schedule(expire_holds=EVERY_SECOND, remind_holds=NEVER, prune=NEVER, doctor=EVERY_SECOND)
    racing = [
        Worker(resources, graph, concurrency=2, name=name, schedule=schedule).start() for name in ("w1", "w2")
    ]
    try:
        deadline = time.monotonic() + 30
        while len(events(resources.pool, SYSTEM_THREAD, kinds=["doctor_checked"])) < 4 or not events(
            resources.pool, "t-ada", kinds=["hold_expired"]
        ):
            assert time.monotonic() < deadline, "the scheduled work did not run"
            time.sleep(0.2)
    finally:
        for worker in racing:
            worker.stop()
    ticks = [e["payload"]["at"] for e in events(resources.pool, SYSTEM_THREAD, kinds=["doctor_checked"])]
    assert len(ticks) == len(set(ticks)) >= 4  # each tick once, though both workers deferred it
    expired = events(resources.pool, "t-ada", kinds=["hold_expired"])
    assert len(expired) == 1
    with resources.pool.connection() as conn:
        status = conn.execute("SELECT status FROM enrollments WHERE student_id = 'ada'").fetchone()
    assert status == {"status": "CANCELLED"}
    last = threads.history(graph, "t-ada")[-1]
    assert last[0] == "assistant" and "rag-2" in last[1]  # the student's thread was told
