"""Durability: confirm in a new process, SIGKILL inside execute, and racing confirmations for one seat."""

from __future__ import annotations

import dataclasses
import signal
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from agent.config.settings import Settings
from agent.infra.persistence import Resources, open_resources
from agent.runtime import threads
from graphs.school import build_graph
from tests.support.school import fresh_database, run_cli


def cfg(thread: str) -> Any:
    return {"configurable": {"thread_id": thread}}


def rows(res: Resources, sql: str) -> list[dict[str, Any]]:
    with res.pool.connection() as conn:
        return conn.execute(sql).fetchall()


def final_state(graph: Any, res: Resources, thread: str) -> dict[str, Any]:
    """What must be equal between a crashed-and-resumed run and an uncrashed one."""
    state = graph.get_state(cfg(thread))
    outcome = state.values["last_outcome"]
    enrollment = outcome["result"]["enrollment"]
    return {
        "next": state.next,
        "interrupts": state.interrupts,
        "messages": [(m.type, m.content) for m in state.values["messages"]],
        "pending_action": state.values["pending_action"],
        "outcome": {
            **outcome,
            "result": {
                **outcome["result"],
                "enrollment": {k: enrollment[k] for k in ("student_id", "cohort_id", "status")},
            },
        },
        "enrollments": [
            (r["student_id"], r["cohort_id"], r["status"])
            for r in rows(res, "SELECT * FROM enrollments ORDER BY id")
        ],
        "operations": [r["name"] for r in rows(res, "SELECT name FROM operations ORDER BY key")],
        "seats": rows(res, "SELECT seats_taken FROM cohorts WHERE id = 'rag-2'"),
    }


def test_approval_from_a_new_process(graph: Any, resources: Resources) -> None:
    turn = threads.send(graph, "restart", "Please enroll me in rag-2", user_id="ada")
    assert turn.pending is not None
    result = run_cli(resources.settings, "send", "restart", "yes", "--user", "ada")
    assert result.stdout == (
        "Done: you are enrolled in rag-2 and your seat is held. Payment of €900 is due; "
        "say 'pay for rag-2' when ready.\n"
    )
    state = graph.get_state(cfg("restart"))  # this process sees what the other one did
    assert state.interrupts == () and state.next == ()
    assert [(r["student_id"], r["status"]) for r in resources.school.enrollments()] == [
        ("ada", "PENDING_PAYMENT")
    ]


def test_sigkill_after_the_domain_write_resumes_to_the_uncrashed_state(
    graph: Any, resources: Resources, server_url: str
) -> None:
    threads.send(graph, "crash", "Please enroll me in rag-2", user_id="ada")
    # Ada's "yes" is carried by a process killed between the enrollment and the checkpoint.
    killed = run_cli(
        resources.settings,
        "send",
        "crash",
        "yes",
        "--user",
        "ada",
        check=False,
        extra_env={"SCHOOL_FAULT_POINT": "execute.after_domain_write"},
    )
    assert killed.returncode == -signal.SIGKILL
    # The write committed; the checkpoint after execute never did.
    assert [r["status"] for r in resources.school.enrollments()] == ["PENDING_PAYMENT"]
    assert graph.get_state(cfg("crash")).next == ("execute",)

    resumed = run_cli(resources.settings, "resume", "crash")
    assert "Done: you are enrolled in rag-2" in resumed.stdout
    crashed = final_state(graph, resources, "crash")

    with fresh_database(server_url) as url:
        control_settings = dataclasses.replace(resources.settings, database_url=url)
        with open_resources(control_settings) as control:
            control_graph = build_graph(
                checkpointer=control.checkpointer, school=control.school, settings=control_settings
            )
            threads.send(control_graph, "crash", "Please enroll me in rag-2", user_id="ada")
            threads.send(control_graph, "crash", "yes", user_id="ada")
            uncrashed = final_state(control_graph, control, "crash")
    assert crashed == uncrashed
    assert crashed["enrollments"] == [("ada", "rag-2", "PENDING_PAYMENT")]
    assert crashed["operations"] == ["enroll"]


def test_twenty_concurrent_confirmations_for_the_last_seat(graph: Any, resources: Resources) -> None:
    students = [f"s{i:02d}" for i in range(20)]
    for student in students:
        turn = threads.send(graph, f"race-{student}", "Enroll me in rag-1", user_id=student)
        assert turn.pending is not None and turn.pending["action_requests"][0]["name"] == "enroll"

    with ThreadPoolExecutor(max_workers=20) as pool:
        turns = list(pool.map(lambda s: threads.send(graph, f"race-{s}", "yes", user_id=s), students))

    enrolled = [t for t in turns if t.pending is None]
    offered = [t for t in turns if t.pending is not None]
    assert len(enrolled) == 1 and len(offered) == 19
    assert enrolled[0].replies == [
        "Done: you are enrolled in rag-1 and your seat is held. Payment of €900 is due; "
        "say 'pay for rag-1' when ready."
    ]
    for turn in offered:
        assert turn.pending is not None
        assert turn.pending["action_requests"][0]["name"] == "join_waitlist"
        assert turn.replies[0].startswith(
            "Sorry, the last seat in rag-1 was just taken, so you are not enrolled."
        )
    assert [r["status"] for r in resources.school.enrollments(cohort_id="rag-1")] == ["PENDING_PAYMENT"]
    assert rows(resources, "SELECT seats_taken, capacity FROM cohorts WHERE id = 'rag-1'") == [
        {"seats_taken": 1, "capacity": 1}
    ]


def test_settings_reach_the_child_processes(settings: Settings) -> None:
    # A guard for the tests above: the CLI child must use the test database, not the default one.
    result = run_cli(settings, "db", "url")
    assert result.stdout.strip().endswith(settings.database_url.rsplit("=", 1)[-1])
