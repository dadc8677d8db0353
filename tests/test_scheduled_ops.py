"""The scheduled prune and doctor on real Postgres: what they do, and what they leave in the journal and the log."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from agent.infra.persistence import Resources
from agent.infra.retention import storage
from agent.journal.events import events
from agent.runtime import threads
from agent.upkeep.scheduled import SYSTEM_THREAD, DoctorAges, Retention, prune_checkpoints, run_doctor
from graphs.state import MESSAGE_SNAPSHOT_EVERY


def checkpoints(res: Resources, thread: str) -> int:
    with res.pool.connection() as conn:
        row = conn.execute(
            "SELECT count(*) AS n FROM checkpoints WHERE thread_id = %s AND checkpoint_ns = ''", (thread,)
        ).fetchone()
    assert row is not None
    return int(row["n"])


def test_the_scheduled_prune_applies_the_policy_and_journals_its_report(
    resources: Resources, graph: Any, caplog: pytest.LogCaptureFixture
) -> None:
    # The thread's messages are stored whole every MESSAGE_SNAPSHOT_EVERY updates, and a prune keeps
    # the checkpoints back to that copy: a thread must have made one for anything to go.
    for i in range(MESSAGE_SNAPSHOT_EVERY // 2 + 3):
        threads.send(graph, "t", f"When does rag-{1 + i % 2} start?", user_id="ada")
    threads.send(graph, "short", "When does rag-1 start?", user_id="bob")
    before, short = checkpoints(resources, "t"), checkpoints(resources, "short")
    now = datetime.now(UTC) + timedelta(days=1)
    last = graph.get_state({"configurable": {"thread_id": "t"}}).values["messages"]

    with caplog.at_level(logging.INFO, logger="agent.upkeep.scheduled"):
        report = prune_checkpoints(resources, now=now, retention=Retention(keep_last=2, older_than=None))

    after = checkpoints(resources, "t")
    assert (report.dry_run, report.threads, report.checkpoints) == (False, ("t",), before - after)
    assert 2 <= after < before / 4 and checkpoints(resources, "short") == short
    assert report.live_bytes_after == storage(resources.pool)[0]
    (event,) = events(resources.pool, SYSTEM_THREAD)
    assert (event["kind"], event["turn_id"]) == ("checkpoints_pruned", None)
    assert event["payload"] == {
        "at": now.isoformat(),
        "policy": {"keep_last": 2, "older_than_s": None},
        "report": report.as_dict(),
    }
    assert [r.getMessage() for r in caplog.records] == [
        f"scheduled prune: Deleted {report.checkpoints} checkpoints, {report.writes} writes and "
        f"{report.blobs} blobs from 1 of 2 threads. Checkpoint data: {report.live_bytes_before:,} -> "
        f"{report.live_bytes_after:,} bytes ({report.freed_bytes:,} freed). On disk: "
        f"{report.disk_bytes_before:,} -> {report.disk_bytes_after:,} bytes (after VACUUM; the space is "
        "reused by new checkpoints, VACUUM FULL would return it to the OS). Threads: t."
    ]
    # The thread is as it was, and its next turn works.
    assert graph.get_state({"configurable": {"thread_id": "t"}}).values["messages"] == last
    assert threads.send(graph, "t", "Thanks, and rag-1?", user_id="ada").replies


def test_the_default_policy_keeps_the_last_twenty_and_a_month(resources: Resources, graph: Any) -> None:
    threads.send(graph, "t", "When does the RAG course start?", user_id="ada")
    report = prune_checkpoints(resources, now=datetime.now(UTC) + timedelta(days=60))
    assert (report.checkpoints, report.threads) == (0, ())  # fewer than twenty: all kept
    (event,) = events(resources.pool, SYSTEM_THREAD)
    assert event["payload"]["policy"] == {"keep_last": 20, "older_than_s": 30 * 24 * 3600.0}


def test_the_periodic_doctor_journals_and_logs_its_findings(
    resources: Resources, graph: Any, caplog: pytest.LogCaptureFixture
) -> None:
    # A refund waits for an operator after the student's yes: staff's backlog, which the doctor watches.
    assert resources.school.enroll("seed-enroll", student_id="ada", cohort_id="rag-2")["ok"]
    assert resources.school.pay("seed-pay", student_id="ada", cohort_id="rag-2")["ok"]
    threads.send(graph, "t-wait", "Please cancel my enrollment in rag-2", user_id="ada")
    paused = threads.send(graph, "t-wait", "yes", user_id="ada")
    assert paused.pending is not None and paused.pending["approver"] == "operator"
    now = datetime.now(UTC) + timedelta(days=2)

    with caplog.at_level(logging.INFO, logger="agent.upkeep.scheduled"):
        checks = run_doctor(
            resources, graph, now=now, ages=DoctorAges(stale_approval_after=timedelta(hours=1))
        )

    found = {c.name: c for c in checks}
    assert found["database"].status == "ok", checks
    assert found["approvals"].status == "warn" and "t-wait (2d" in found["approvals"].detail
    (event,) = events(resources.pool, SYSTEM_THREAD)
    worst = "fail" if any(c.status == "fail" for c in checks) else "warn"
    assert (event["kind"], event["payload"]) == (
        "doctor_checked",
        {
            "at": now.isoformat(),
            "worst": worst,
            "checks": [{"name": c.name, "status": c.status, "detail": c.detail} for c in checks],
        },
    )
    levels = {"ok": logging.INFO, "skip": logging.INFO, "warn": logging.WARNING, "fail": logging.ERROR}
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [
        (levels[c.status], f"scheduled doctor: {c.status} {c.name}: {c.detail}") for c in checks
    ]
