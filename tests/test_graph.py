"""Whole trajectories of the school graph on Postgres: messages, interrupts, state, domain rows."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage
from langgraph.types import Command

from agent.infra.persistence import Resources
from agent.journal import grants
from graphs.state import Context
from tests.support.approvals import (
    CANCEL_RAG2,
    REFUND_ASKS,
    STAFF_AFTER_YES,
    STUDENT_ASKS,
    grant_rows,
    hitl,
    operator_approves,
    paid,
    refund_hitl,
    student_yes,
)
from tests.support.turns import cfg, nodes_run, say, transcript

ENROLL_RAG2 = (
    "Enroll ada in rag-2 (Retrieval-Augmented Generation, starts 2027-01-15). "
    "Price €900, payable after enrollment."
)


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

    # The student confirms in their own name (a chat "yes" does the same, see below).
    graph.invoke(Command(resume=student_yes()), cfg("t"), context=Context(user_id="ada"))
    state = graph.get_state(cfg("t"))
    assert state.interrupts == () and state.next == ()
    assert state.values["pending_action"] is None
    assert transcript(graph, "t") == [
        ("human", "Please enroll me in rag-2"),
        (
            "ai",
            f"Here is what I will do once it is approved: {ENROLL_RAG2} {STUDENT_ASKS}",
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
    assert grant_rows(grants.grants_of(resources.pool, "t")) == [
        ("enroll", "ada", "student", "enroll", "approve")
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


def refund_waiting_for_staff(graph: Any, resources: Resources) -> dict[str, Any]:
    """Ada cancels her paid seat in rag-2 and says yes: the refund waits for an operator."""
    paid(resources.school)
    say(graph, "t", "Please cancel my enrollment in rag-2")
    result = say(graph, "t", "yes")
    action: dict[str, Any] = graph.get_state(cfg("t")).values["pending_action"]
    assert result["__interrupt__"][0].value == refund_hitl(action["id"])
    return action


def test_operator_rejects_with_a_reason(graph: Any, resources: Resources) -> None:
    refund_waiting_for_staff(graph, resources)
    graph.invoke(
        Command(resume={"decisions": [{"type": "reject", "message": "Past the refund window."}]}),
        cfg("t"),
        context=Context(user_id="ada"),
    )
    assert transcript(graph, "t")[-2:] == [
        ("ai", STAFF_AFTER_YES),
        ("ai", "Your request was not approved, so nothing was changed. Reason: Past the refund window."),
    ]
    state = graph.get_state(cfg("t"))
    assert state.interrupts == () and state.values["pending_action"] is None
    assert [(r["cohort_id"], r["status"]) for r in resources.school.enrollments()] == [("rag-2", "CONFIRMED")]
    assert grant_rows(grants.grants_of(resources.pool, "t")) == [
        ("cancel", "ada", "student", "cancel-refund-over-limit", "approve")
    ]


def test_operator_edit_is_revalidated_and_goes_back_to_the_student(graph: Any, resources: Resources) -> None:
    assert resources.school.enroll("seed-nlp", student_id="ada", cohort_id="nlp-1")["ok"]
    refund_waiting_for_staff(graph, resources)
    edit = {"type": "edit", "edited_action": {"name": "cancel", "args": {"cohort_id": "nlp-1"}}}
    result = graph.invoke(
        Command(resume={"decisions": [edit], "reviewer": "olga"}), cfg("t"), context=Context(user_id="ada")
    )
    action = graph.get_state(cfg("t")).values["pending_action"]
    cancel_nlp = (
        "Cancel ada's enrollment in nlp-1 (Natural Language Processing, starts 2027-01-19). "
        "Nothing was paid, so there is nothing to refund."
    )
    # The changed request is the student's to confirm: nothing is refunded, so no operator after them.
    assert result["__interrupt__"][0].value == hitl(
        "cancel", "nlp-1", cancel_nlp, action["id"], rule="cancel-no-refund", approved=("operator",)
    )
    assert transcript(graph, "t")[-1] == (
        "ai",
        f"A member of our staff suggests a change to your request: {cancel_nlp} "
        "Reply 'yes' to accept it or 'no' to drop the request.",
    )
    assert [(r["cohort_id"], r["status"]) for r in resources.school.enrollments()] == [
        ("nlp-1", "PENDING_PAYMENT"),
        ("rag-2", "CONFIRMED"),
    ]
    say(graph, "t", "yes")
    assert transcript(graph, "t")[-1] == (
        "ai",
        "Done: your enrollment in nlp-1 is cancelled. No refund is due.",
    )
    assert [(r["cohort_id"], r["status"]) for r in resources.school.enrollments()] == [
        ("nlp-1", "CANCELLED"),
        ("rag-2", "CONFIRMED"),
    ]
    assert grant_rows(grants.grants_of(resources.pool, "t")) == [
        ("cancel", "ada", "student", "cancel-refund-over-limit", "approve"),
        ("cancel", "olga", "operator", "cancel-no-refund", "edit"),
        ("cancel", "ada", "student", "cancel-no-refund", "approve"),
    ]


def test_operator_edit_to_a_cohort_the_domain_refuses_pauses_again(graph: Any, resources: Resources) -> None:
    before = refund_waiting_for_staff(graph, resources)
    edit = {"type": "edit", "edited_action": {"name": "cancel", "args": {"cohort_id": "zzz-9"}}}
    result = graph.invoke(Command(resume={"decisions": [edit]}), cfg("t"), context=Context(user_id="ada"))
    [interrupt] = result["__interrupt__"]
    assert interrupt.value == refund_hitl(before["id"]) | {
        "error": "the edit was refused: There is no cohort with id 'zzz-9'."
    }
    assert graph.get_state(cfg("t")).values["pending_action"] == before
    assert [(r["cohort_id"], r["status"]) for r in resources.school.enrollments()] == [("rag-2", "CONFIRMED")]


def test_an_operator_cannot_decide_what_waits_for_the_student(graph: Any, resources: Resources) -> None:
    say(graph, "t", "enroll me in rag-2")
    before = graph.get_state(cfg("t")).values["pending_action"]
    for decision in (
        {"type": "approve"},
        {"type": "reject", "message": "no"},
        {"type": "edit", "edited_action": {"name": "enroll", "args": {"cohort_id": "nlp-1"}}},
    ):
        result = graph.invoke(
            Command(resume=operator_approves() | {"decisions": [decision]}),
            cfg("t"),
            context=Context(user_id="ada"),
        )
        assert result["__interrupt__"][0].value == hitl("enroll", "rag-2", ENROLL_RAG2, before["id"]) | {
            "error": "out of policy: enroll waits for the student's confirmation (policy enroll), "
            "not for a decision by the operator"
        }
        assert graph.get_state(cfg("t")).values["pending_action"] == before
    assert resources.school.enrollments() == []
    assert grants.grants_of(resources.pool, "t") == []


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


def test_cancel_previews_the_refund_and_waits_for_staff_after_the_yes(
    graph: Any, resources: Resources
) -> None:
    paid(resources.school)
    result = say(graph, "t", "I need to cancel my enrollment, please")
    action = graph.get_state(cfg("t")).values["pending_action"]
    assert result["__interrupt__"][0].value == refund_hitl(action["id"], approved=())
    say(graph, "t", "yes")
    assert resources.school.enrollments()[0]["status"] == "CONFIRMED"  # nothing yet: staff decide
    graph.invoke(Command(resume=operator_approves()), cfg("t"), context=Context(user_id="ada"))
    assert transcript(graph, "t") == [
        ("human", "I need to cancel my enrollment, please"),
        ("ai", f"Here is what I will do once it is approved: {CANCEL_RAG2} {REFUND_ASKS}"),
        ("human", "yes"),
        ("ai", STAFF_AFTER_YES),
        ("ai", "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full."),
    ]
    assert [(r["cohort_id"], r["status"]) for r in resources.school.enrollments()] == [("rag-2", "CANCELLED")]
    with resources.pool.connection() as conn:
        money = conn.execute("SELECT kind, amount_cents FROM payments ORDER BY id").fetchall()
    assert money == [{"kind": "charge", "amount_cents": 90000}, {"kind": "refund", "amount_cents": 90000}]


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
