"""Bad input to the task engine: a clear log line and a failed (or empty) job, never a crash loop or a silent drop.

A job with a malformed payload, a job whose thread was deleted, a run whose recorded work makes no
sense, and a database that lost the engine's tables, each met by a real worker in this process.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import psycopg
import pytest

from agent.config import faults
from agent.infra import engine
from agent.infra.persistence import Resources
from agent.journal import api_runs
from agent.runtime.failures import INTERNAL
from agent.worker.process import Worker
from tests.support.runs import record_run

pytestmark = pytest.mark.postgres


def job_status(resources: Resources, job_id: int) -> str | None:
    with resources.pool.connection() as conn:
        row = conn.execute("SELECT status FROM procrastinate_jobs WHERE id = %s", (job_id,)).fetchone()
    return row["status"] if row else None  # a succeeded job is deleted (`delete_jobs="successful"`)


def defer_run(resources: Resources, thread_id: str) -> int:
    """Defer the thread's run job with the statement the server sends in a run's transaction; its id."""
    with resources.pool.connection() as conn:
        row = conn.execute(*engine.run_job(thread_id)).fetchone()
    return int(next(iter(row.values()))[0])


def settle(check: Any, timeout_s: float = 20) -> Any:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            found = check()
        except psycopg.OperationalError:  # this test's own pooled connection, ended with the others
            found = None
        if found:
            return found
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.05)


def test_bad_jobs_fail_with_a_reason_and_the_worker_goes_on(
    resources: Resources, worker: Worker, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    jobs = engine.deferrer(resources.pool)
    malformed = jobs.configure_task(engine.RUN_TASK, queue=engine.RUNS_QUEUE).defer(thread="t1", extra=1)
    nothing_to_do = defer_run(resources, "deleted-thread")
    nonsense = record_run(resources, "t9", {"kind": "format the disk"})
    defer_run(resources, "t9")
    good = record_run(
        resources,
        "t1",
        {
            "kind": "send",
            "modes": ["values"],
            "text": "When does rag-2 start?",
            "user_id": "ada",
        },
    )
    defer_run(resources, "t1")
    ended = settle(
        lambda: (r := api_runs.by_id(resources.pool, good)) and r["status"] in api_runs.FINAL and r
    )
    settle(lambda: job_status(resources, malformed) == "failed")
    settle(lambda: job_status(resources, nothing_to_do) is None)
    refused = settle(lambda: (r := api_runs.by_id(resources.pool, nonsense)) and r["status"] == "error" and r)
    assert ended["status"] == "success" and ended["result"]["messages"]
    assert refused["error"] == "malformed run"
    assert refused["refusal"] == {
        "error": "ValueError",
        "kind": "internal",
        "message": INTERNAL,
        "began": False,
    }
    assert "thread deleted-thread has no run to do" in caplog.text
    assert f"run {nonsense} cannot be executed: not a run's work" in caplog.text
    assert worker.alive()


def test_a_worker_without_the_engines_tables_says_so_and_waits(
    resources: Resources, graph: Any, caplog: pytest.LogCaptureFixture
) -> None:
    with resources.pool.connection() as conn:
        conn.execute("DROP TABLE procrastinate_jobs CASCADE")
    caplog.set_level(logging.ERROR)
    waiting = Worker(resources, graph, concurrency=1).start(wait_s=1.0)
    time.sleep(0.5)
    assert waiting.alive() and waiting.failed is None  # no crash, no loop of restarts
    assert "the task engine's tables (procrastinate_jobs) are missing from this database" in caplog.text
    waiting.stop()
    assert not waiting.alive()


def test_a_run_cut_off_by_the_database_going_away_is_retried_and_the_worker_comes_back(
    resources: Resources, worker: Worker, monkeypatch: pytest.MonkeyPatch
) -> None:
    reached, go = threading.Event(), threading.Event()

    def hold(name: str) -> None:
        if name == "before:propose" and not go.is_set():
            reached.set()
            assert go.wait(timeout=30)

    monkeypatch.setattr(faults, "point", hold)
    cut = record_run(
        resources,
        "t1",
        {
            "kind": "send",
            "modes": ["values"],
            "text": "Enroll me in rag-2",
            "user_id": "ada",
        },
    )
    defer_run(resources, "t1")
    assert reached.wait(30)
    # As a Postgres restart does: every session of the database ends, the workers' included.
    with resources.pool.connection() as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    go.set()
    ended = settle(
        lambda: (r := api_runs.by_id(resources.pool, cut)) and r["status"] in api_runs.FINAL and r, 60
    )
    # Its pool replaced the closed connections, or its job was retried.
    assert ended["status"] == "success", ended
    assert ended["result"]["__interrupt__"][0]["value"]["action_requests"][0]["args"]["cohort_id"] == "rag-2"
    after = record_run(
        resources,
        "t2",
        {
            "kind": "send",
            "modes": ["values"],
            "text": "When does rag-2 start?",
            "user_id": "bob",
        },
    )
    defer_run(resources, "t2")
    assert settle(lambda: (r := api_runs.by_id(resources.pool, after)) and r["status"] == "success", 60)
    assert worker.alive()
