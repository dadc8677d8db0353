"""Races across processes and through the LangGraph API: one writer per thread, one seat for twenty."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from agent.config.settings import Settings
from agent.infra.persistence import Resources
from agent.interfaces.server.auth import Principal
from agent.interfaces.server.backend import Backend
from agent.runtime import threads
from tests.support.api import APPROVE, langgraph_url, message, sdk_clients
from tests.support.approvals import paid
from tests.support.school import ROOT, TODAY


def approve_in_a_new_process(settings: Settings, thread: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCHOOL_")}
    env |= {"DATABASE_URL": settings.database_url or "", "SCHOOL_TODAY": TODAY.isoformat()}
    return subprocess.Popen(
        [sys.executable, "-m", "agent.interfaces.cli", "approve", thread],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_resuming_one_paused_thread_run_it_once(
    settings: Settings, graph: Any, resources: Resources
) -> None:
    paid(resources.school)
    threads.send(graph, "t", "Please cancel my enrollment in rag-2", user_id="ada")
    confirmed = threads.send(graph, "t", "yes", user_id="ada")  # the refund now waits for an operator
    assert confirmed.pending is not None and confirmed.pending["approver"] == "operator"
    procs = [approve_in_a_new_process(settings, "t") for _ in range(2)]
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)  # reads and closes both pipes
        results.append((proc.returncode, out, err))
    codes = sorted(code for code, _, _ in results)
    assert codes == [0, 2], results
    loser = next(err for code, _, err in results if code == 2)
    assert ("is busy with another request" in loser) or ("has nothing waiting for approval" in loser), loser
    assert [(e["student_id"], e["cohort_id"], e["status"]) for e in resources.school.enrollments()] == [
        ("ada", "rag-2", "CANCELLED")
    ]
    with resources.pool.connection() as conn:
        assert conn.execute("SELECT name FROM operations WHERE name = 'cancel'").fetchall() == [
            {"name": "cancel"}
        ]
        refunds = conn.execute("SELECT amount_cents FROM payments WHERE kind = 'refund'").fetchall()
    assert refunds == [{"amount_cents": 90000}]


def test_twenty_students_confirming_the_last_seat_through_the_api(
    api: httpx.Client, service: Backend, resources: Resources
) -> None:
    students = [f"s{i:02d}" for i in range(20)]
    service.keys.update({f"key-{s}-1234": Principal(s, "student") for s in students})
    with sdk_clients(langgraph_url(api.base_url), *students) as clients:
        for s in students:
            clients[s].threads.create(thread_id=f"race-{s}")
            asked = clients[s].runs.wait(f"race-{s}", "school", input=message("Enroll me in rag-1"))
            [interrupt] = asked["__interrupt__"]
            assert (interrupt["value"]["action_requests"][0]["name"], interrupt["value"]["approver"]) == (
                "enroll",
                "student",
            )

        def confirm(student: str) -> dict[str, Any]:
            done: dict[str, Any] = clients[student].runs.wait(f"race-{student}", "school", command=APPROVE)
            return done

        with ThreadPoolExecutor(max_workers=20) as pool:
            turns = list(pool.map(confirm, students))
    enrolled = [t for t in turns if "__interrupt__" not in t]
    offered = [t["__interrupt__"][0]["value"] for t in turns if "__interrupt__" in t]
    assert len(enrolled) == 1 and len(offered) == 19
    assert all(
        (o["action_requests"][0]["name"], o["approver"]) == ("join_waitlist", "student") for o in offered
    )
    assert [r["status"] for r in resources.school.enrollments(cohort_id="rag-1")] == ["PENDING_PAYMENT"]
