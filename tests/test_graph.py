"""Whole trajectories of the school graph on Postgres: messages, interrupts, state, domain rows."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.types import Command

from agent.infra.persistence import Resources
from graphs.state import Context

ENROLL_RAG2 = (
    "Enroll ada in rag-2 (Retrieval-Augmented Generation, starts 2027-01-15). "
    "Price €900, payable after enrollment."
)


def cfg(thread: str) -> Any:
    return {"configurable": {"thread_id": thread}}


def say(graph: Any, thread: str, text: str, user: str = "ada") -> dict[str, Any]:
    result: dict[str, Any] = graph.invoke(
        {"messages": [HumanMessage(text)]}, cfg(thread), context=Context(user_id=user)
    )
    return result


def transcript(graph: Any, thread: str) -> list[tuple[str, str]]:
    return [(m.type, m.content) for m in graph.get_state(cfg(thread)).values["messages"]]


def nodes_run(graph: Any, thread: str) -> list[str]:
    """The nodes each checkpoint says ran, oldest first (the trajectory)."""
    history = reversed(list(graph.get_state_history(cfg(thread))))
    return [snapshot.next[0] for snapshot in history if snapshot.next]


def hitl(name: str, cohort: str, description: str, action_id: str, student: str = "ada") -> dict[str, Any]:
    return {
        "action_requests": [
            {"name": name, "args": {"cohort_id": cohort, "student_id": student}, "description": description}
        ],
        "review_configs": [{"action_name": name, "allowed_decisions": ["approve", "edit", "reject"]}],
        "action_id": action_id,
    }


def test_question_is_answered_from_the_catalog_with_ids(graph: Any) -> None:
    result = say(graph, "q", "When does the RAG course start, and what does it cost?")
    answer = result["messages"][-1]
    assert isinstance(answer, AIMessage)
    # A question about the start and the price gets those, not the whole card.
    assert answer.content == (
        "Retrieval-Augmented Generation (course rag) costs €900. "
        "Cohorts: rag-1 starts 2026-12-21 (1 of 1 seats free); rag-2 starts 2027-01-15 (25 of 25 seats free)."
        "\n\nSources: rag, rag-1, rag-2."
    )
    state = graph.get_state(cfg("q"))
    assert state.next == () and state.values["intent"] == "question"
    assert nodes_run(graph, "q") == ["__start__", "router", "answer"]


def test_unknown_topic_says_nothing_matched(graph: Any) -> None:
    say(graph, "q", "Do you have a knitting class?")
    assert transcript(graph, "q")[-1] == (
        "ai",
        (
            'I searched our catalog for "knitting" and found no course about that. Try a topic such as '
            "Python, SQL, machine learning or RAG, or ask for a course id."
        ),
    )


def test_enroll_pauses_for_approval_then_executes_once(graph: Any, resources: Resources) -> None:
    result = say(graph, "t", "Please enroll me in rag-2")
    [interrupt] = result["__interrupt__"]
    action = graph.get_state(cfg("t")).values["pending_action"]
    assert interrupt.value == hitl("enroll", "rag-2", ENROLL_RAG2, action["id"])
    assert graph.get_state(cfg("t")).next == ("approval",)
    assert resources.school.enrollments() == []  # nothing happens before the yes

    graph.invoke(
        Command(resume={"decisions": [{"type": "approve"}]}), cfg("t"), context=Context(user_id="ada")
    )
    state = graph.get_state(cfg("t"))
    assert state.interrupts == () and state.next == ()
    assert state.values["pending_action"] is None
    assert transcript(graph, "t") == [
        ("human", "Please enroll me in rag-2"),
        (
            "ai",
            f"Here is what I will do once it is approved: {ENROLL_RAG2} "
            "Reply 'yes' to confirm or 'no' to drop it.",
        ),
        (
            "ai",
            "Done: you are enrolled in rag-2 and your seat is held. Payment of €900 is due; "
            "say 'pay for rag-2' when ready.",
        ),
    ]
    assert [(r["student_id"], r["cohort_id"], r["status"]) for r in resources.school.enrollments()] == [
        ("ada", "rag-2", "PENDING_PAYMENT")
    ]
    assert nodes_run(graph, "t") == ["__start__", "router", "propose", "approval", "execute"]


def test_student_confirms_in_chat_and_pays(graph: Any, resources: Resources) -> None:
    say(graph, "t", "sign me up for rag-2")
    say(graph, "t", "yes please")
    say(graph, "t", "I want to pay for rag-2")
    assert graph.get_state(cfg("t")).values["pending_action"]["name"] == "pay"
    say(graph, "t", "ok go ahead")
    assert transcript(graph, "t")[-1] == ("ai", "Payment of €900 received: your place in rag-2 is confirmed.")
    assert [r["status"] for r in resources.school.enrollments()] == ["CONFIRMED"]


def test_decline_in_chat_drops_the_action(graph: Any, resources: Resources) -> None:
    say(graph, "t", "enroll me in rag-2")
    say(graph, "t", "no, never mind")
    state = graph.get_state(cfg("t"))
    assert state.values["pending_action"] is None and state.interrupts == ()
    assert transcript(graph, "t")[-1] == ("ai", "All right, I dropped that request; nothing was changed.")
    assert resources.school.enrollments() == []


def test_reviewer_rejects_with_a_reason(graph: Any, resources: Resources) -> None:
    say(graph, "t", "enroll me in rag-2")
    graph.invoke(
        Command(resume={"decisions": [{"type": "reject", "message": "Prerequisite missing."}]}),
        cfg("t"),
        context=Context(user_id="ada"),
    )
    assert transcript(graph, "t")[-1] == (
        "ai",
        "Your request was not approved, so nothing was changed. Reason: Prerequisite missing.",
    )
    assert graph.get_state(cfg("t")).interrupts == ()
    assert resources.school.enrollments() == []


def test_reviewer_edit_is_revalidated_and_executed(graph: Any, resources: Resources) -> None:
    say(graph, "t", "enroll me in rag-2")
    edit = {"type": "edit", "edited_action": {"name": "enroll", "args": {"cohort_id": "nlp-1"}}}
    graph.invoke(Command(resume={"decisions": [edit]}), cfg("t"), context=Context(user_id="ada"))
    assert [(r["cohort_id"], r["status"]) for r in resources.school.enrollments()] == [
        ("nlp-1", "PENDING_PAYMENT")
    ]
    assert transcript(graph, "t")[-2][1].startswith("A reviewer changed your request: Enroll ada in nlp-1")


def test_edit_to_a_cohort_the_domain_refuses_pauses_again(graph: Any, resources: Resources) -> None:
    say(graph, "t", "enroll me in rag-2")
    before = graph.get_state(cfg("t")).values["pending_action"]
    edit = {"type": "edit", "edited_action": {"name": "enroll", "args": {"cohort_id": "zzz-9"}}}
    result = graph.invoke(Command(resume={"decisions": [edit]}), cfg("t"), context=Context(user_id="ada"))
    [interrupt] = result["__interrupt__"]
    assert interrupt.value["error"] == "the edit was refused: There is no cohort with id 'zzz-9'."
    assert interrupt.value["action_requests"][0]["args"]["cohort_id"] == "rag-2"
    assert graph.get_state(cfg("t")).values["pending_action"] == before
    assert resources.school.enrollments() == []


def test_full_cohort_offers_the_waitlist(graph: Any, resources: Resources) -> None:
    assert resources.school.enroll("seed", student_id="zoe", cohort_id="rag-1")["ok"]
    result = say(graph, "t", "Enroll me in rag-1")
    [interrupt] = result["__interrupt__"]
    request = interrupt.value["action_requests"][0]
    assert (request["name"], request["description"]) == (
        "join_waitlist",
        "rag-1 is full. Put ada on its waitlist for rag-1 "
        "(Retrieval-Augmented Generation, starts 2026-12-21), at position 1.",
    )
    say(graph, "t", "yes")
    assert [(r["student_id"], r["status"]) for r in resources.school.enrollments(cohort_id="rag-1")] == [
        ("zoe", "PENDING_PAYMENT"),
        ("ada", "WAITLISTED"),
    ]


def test_cancel_previews_the_refund(graph: Any, resources: Resources) -> None:
    school = resources.school
    assert school.enroll("a", student_id="ada", cohort_id="rag-2")["ok"]
    assert school.pay("b", student_id="ada", cohort_id="rag-2")["ok"]
    result = say(graph, "t", "I need to cancel my enrollment, please")
    description = result["__interrupt__"][0].value["action_requests"][0]["description"]
    assert description == (
        "Cancel ada's enrollment in rag-2 (Retrieval-Augmented Generation, "
        "starts 2027-01-15). Full refund of €900."
    )
    say(graph, "t", "yes")
    assert transcript(graph, "t")[-1] == (
        "ai",
        "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full.",
    )


def test_complaint_goes_to_a_human_once(graph: Any, resources: Resources) -> None:
    say(graph, "t", "I was charged twice and I want my money back!")
    reply = transcript(graph, "t")[-1][1]
    assert reply.startswith("I have passed this to a member of our team (ticket #1).")
    with resources.pool.connection() as conn:
        rows = conn.execute("SELECT student_id, thread_id, status FROM handoffs").fetchall()
    assert rows == [{"student_id": "ada", "thread_id": "t", "status": "open"}]


def test_yes_with_nothing_pending_is_not_a_confirmation(graph: Any, resources: Resources) -> None:
    say(graph, "t", "yes")
    assert transcript(graph, "t")[-1][1].startswith(
        "There is nothing waiting for your confirmation right now."
    )
    assert graph.get_state(cfg("t")).values["intent"] == "other"
    assert resources.school.enrollments() == []


def test_a_question_while_pending_keeps_the_approval_waiting(graph: Any) -> None:
    say(graph, "t", "enroll me in rag-2")
    result = say(graph, "t", "what are the prerequisites of rag?")
    assert result["__interrupt__"][0].value["action_requests"][0]["args"]["cohort_id"] == "rag-2"
    assert graph.get_state(cfg("t")).next == ("approval",)


def test_identity_comes_from_context_not_text(graph: Any, resources: Resources) -> None:
    say(graph, "t", "enroll student bob in rag-2", user="ada")
    assert graph.get_state(cfg("t")).values.get("pending_action") is None  # not a request for herself
    say(graph, "t", "enroll me in rag-2", user="ada")
    action = graph.get_state(cfg("t")).values["pending_action"]
    assert action["student_id"] == "ada"
    with pytest.raises(PermissionError):
        say(graph, "t", "yes", user="bob")
    assert resources.school.enrollments() == []
