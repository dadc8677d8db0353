"""The journal written by real turns: turns, steps, events, approval grants; one writer per thread."""

from __future__ import annotations

from typing import Any

import pytest
from langgraph.types import Command

from agent.infra.locks import ThreadBusyError, locks_for
from agent.infra.persistence import Resources
from agent.journal.events import events
from agent.journal.grants import grants_of
from agent.journal.turns import steps_of, turns_of
from agent.runtime import threads
from graphs.state import Context
from tests.support.approvals import grant_rows, operator_approves, paid, student_yes

CFG = {"configurable": {"thread_id": "t"}}


def kinds(resources: Resources, thread: str = "t") -> list[str]:
    return [e["kind"] for e in events(resources.pool, thread)]


def test_a_question_turn_is_journaled_with_its_steps(resources: Resources, graph: Any) -> None:
    seen: list[tuple[str, dict[str, Any]]] = []
    threads.send(
        graph,
        "t",
        "When does the RAG course start?",
        user_id="ada",
        on_event=lambda name, data: seen.append((name, data)),
    )
    (turn,) = turns_of(resources.pool, "t")
    assert (turn["kind"], turn["actor"], turn["status"], turn["intent"]) == (
        "message",
        "ada",
        "completed",
        "question",
    )
    assert turn["input"] == {"message": "When does the RAG course start?"}
    assert [(s["node"], s["status"]) for s in steps_of(resources.pool, turn["id"])] == [
        ("router", "completed"),
        ("answer", "completed"),
    ]
    assert kinds(resources) == [
        "turn_started",
        "step_started",
        "step_completed",
        "step_started",
        "step_completed",
        "turn_completed",
    ]
    assert [name for name, _ in seen] == [
        "turn_started",
        "step_started",
        "step_completed",
        "step_started",
        "step_completed",
        "reply",
        "turn_completed",
    ]
    assert seen[-1][1] == {"turn_id": turn["id"], "status": "completed", "intent": "question"}


def test_an_approved_enrollment_leaves_a_grant_and_a_tool_event(resources: Resources, graph: Any) -> None:
    first = threads.send(graph, "t", "Enroll me in rag-2", user_id="ada")
    assert first.pending is not None
    action_id = first.pending["action_id"]
    threads.decide(graph, "t", student_yes("ada"))
    asked, decided = turns_of(resources.pool, "t")
    assert (asked["status"], decided["kind"], decided["actor"], decided["status"]) == (
        "awaiting_approval",
        "decision",
        "ada",
        "completed",
    )
    assert [(s["node"], s["status"], s["approval_mode"]) for s in steps_of(resources.pool, asked["id"])] == [
        ("router", "completed", "none"),
        ("propose", "completed", "none"),
        ("approval", "interrupted", "required"),
    ]
    assert [
        (g["action_id"], g["action_name"], g["args"], g["reviewer"], g["role"], g["policy"], g["decision"])
        for g in grants_of(resources.pool, "t")
    ] == [(action_id, "enroll", {"cohort_id": "rag-2"}, "ada", "student", "enroll", "approve")]
    journal = events(resources.pool, "t")
    assert [e["kind"] for e in journal if e["turn_id"] == decided["id"]] == [
        "turn_started",
        "step_started",
        "approval_granted",
        "step_completed",
        "step_started",
        "tool_completed",
        "step_completed",
        "turn_completed",
    ]
    granted = next(e for e in journal if e["kind"] == "approval_granted")
    assert granted["payload"] == {
        "action_id": action_id,
        "action": "enroll",
        "args": {"cohort_id": "rag-2"},
        "reviewer": "ada",
        "decision": "approve",
        "role": "student",
        "policy": "enroll",
    }
    tool = next(e for e in journal if e["kind"] == "tool_completed")
    assert tool["payload"]["outcome"]["ok"] is True and tool["payload"]["args"] == {"cohort_id": "rag-2"}


def test_a_refund_leaves_the_students_grant_then_the_operators(resources: Resources, graph: Any) -> None:
    paid(resources.school)
    first = threads.send(graph, "t", "Please cancel my enrollment in rag-2", user_id="ada")
    assert first.pending is not None and first.pending["approver"] == "student"
    action_id = first.pending["action_id"]
    confirmed = threads.send(graph, "t", "yes", user_id="ada")
    assert confirmed.pending is not None and confirmed.pending["approver"] == "operator"
    assert "tool_completed" not in kinds(resources)
    threads.decide(graph, "t", operator_approves("olga"))
    asked, said_yes, decided = turns_of(resources.pool, "t")
    assert [(t["kind"], t["actor"], t["status"]) for t in (asked, said_yes, decided)] == [
        ("message", "ada", "awaiting_approval"),
        ("message", "ada", "awaiting_approval"),
        ("decision", "olga", "completed"),
    ]
    assert grant_rows(grants_of(resources.pool, "t")) == [
        ("cancel", "ada", "student", "cancel-refund-over-limit", "approve"),
        ("cancel", "olga", "operator", "cancel-refund-over-limit", "approve"),
    ]
    journal = events(resources.pool, "t")
    assert [
        (e["turn_id"], e["payload"]["role"], e["payload"]["reviewer"])
        for e in journal
        if e["kind"] == "approval_granted"
    ] == [(said_yes["id"], "student", "ada"), (decided["id"], "operator", "olga")]
    [tool] = [e for e in journal if e["kind"] == "tool_completed"]
    assert (
        tool["turn_id"],
        tool["payload"]["action_id"],
        tool["payload"]["outcome"]["result"]["refund_cents"],
    ) == (
        decided["id"],
        action_id,
        90000,
    )
    assert [e["status"] for e in resources.school.enrollments()] == ["CANCELLED"]


def test_execute_without_a_grant_runs_nothing(resources: Resources, graph: Any) -> None:
    first = threads.send(graph, "t", "Enroll me in rag-2", user_id="ada")
    assert first.pending is not None
    # A state edited to skip the approval step (a bug, a tampered checkpoint) reaches execute.
    graph.update_state(CFG, None, as_node="approval")
    graph.invoke(Command(goto="execute"), CFG, context=Context(user_id="ada"))
    assert graph.get_state(CFG).values["messages"][-1].content == (
        "That action has no approval for exactly these details, so I did not run it."
    )
    assert resources.school.enrollments() == [] and grants_of(resources.pool, "t") == []


def test_a_busy_thread_refuses_a_second_request_and_changes_nothing(resources: Resources, graph: Any) -> None:
    threads.send(graph, "t", "Enroll me in rag-2", user_id="ada")
    before = (turns_of(resources.pool, "t"), graph.get_state(CFG).values)
    locks = locks_for(resources.pool)
    assert locks is not None
    with locks.hold("t"), pytest.raises(ThreadBusyError, match="thread t is busy"):
        threads.decide(graph, "t", student_yes())
    with locks.hold("t"), pytest.raises(ThreadBusyError):
        threads.send(graph, "t", "yes", user_id="ada")
    assert (turns_of(resources.pool, "t"), graph.get_state(CFG).values) == before
    threads.decide(graph, "t", student_yes())  # free again
    assert [e["status"] for e in resources.school.enrollments()] == ["PENDING_PAYMENT"]


def test_a_stale_decision_is_refused_under_the_lock(resources: Resources, graph: Any) -> None:
    first = threads.send(graph, "t", "Enroll me in rag-2", user_id="ada")
    threads.send(graph, "t", "Actually enroll me in rag-1 instead", user_id="ada")
    assert first.pending is not None
    with pytest.raises(threads.InvalidApprovalError):
        stale = {"decisions": [{"type": "approve"}], "action_id": first.pending["action_id"]}
        threads.decide(graph, "t", stale)
    assert graph.get_state(CFG).values["pending_action"]["args"] == {"cohort_id": "rag-1"}
    assert resources.school.enrollments() == []


def test_a_first_run_cut_off_before_the_router_resumes_for_its_student(
    resources: Resources, graph: Any
) -> None:
    """Found by the crash sweep: the router stores the student; killed before its checkpoint, the
    resumed run used to lose who asked, and the enrollment request ended as 'please sign in'."""
    from langchain_core.messages import HumanMessage

    from agent.journal.owners import claim_owner

    claim_owner(resources.pool, "t", "ada")  # what runs.run records before the graph runs
    graph.update_state(CFG, {"messages": [HumanMessage("Enroll me in rag-2")]}, as_node="__start__")
    assert graph.get_state(CFG).next == ("router",)
    turn = threads.resume(graph, "t")
    assert turn.pending is not None
    assert turn.pending["action_requests"][0]["args"] == {"cohort_id": "rag-2", "student_id": "ada"}
    with pytest.raises(threads.ForeignThreadError):
        threads.send(graph, "t", "hello", user_id="bob")
