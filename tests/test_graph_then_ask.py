"""A yes or no to what waits with a question after it: the yes or no is carried out as ever, then the
question, alone, is answered from the catalog in the same turn (the `then_ask` state field)."""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import AIMessage
from langgraph.types import Command

from agent.infra.persistence import Resources
from graphs.state import Context
from tests.support.approvals import STAFF_AFTER_YES, operator_approves, paid
from tests.support.fakes import ScriptedChatModel
from tests.support.turns import cfg, graph_with, nodes_run, say, transcript

PROPOSED = ["__start__", "router", "propose", "approval"]
"""The trajectory of "enroll me in rag-2", up to the pause for the student's yes."""
DROPPED = "All right, I dropped that request; nothing was changed."
ENROLLED = "Done: you are enrolled in rag-2 and your seat is held. Payment of €900 is due; say 'pay for rag-2' when ready."
COHORTS = (
    "Cohorts: rag-1 starts 2026-12-21 (1 of 1 seats free); rag-2 starts 2027-01-15 ({free} of 25 seats free)."
)
PRICE = (
    "Retrieval-Augmented Generation (course rag) costs €900. " + COHORTS + "\n\nSources: rag, rag-1, rag-2."
)


def enrollments(resources: Resources) -> list[tuple[str, str, str]]:
    return [(r["student_id"], r["cohort_id"], r["status"]) for r in resources.school.enrollments()]


def replies_of_last_turn(graph: Any, thread: str) -> list[str]:
    said = transcript(graph, thread)
    last = max(i for i, (kind, _) in enumerate(said) if kind == "human")
    return [text for _, text in said[last + 1 :]]


def settled(graph: Any, thread: str) -> dict[str, Any]:
    """The thread's values, checked to be at rest: no pause, nothing waiting, no question left over."""
    state = graph.get_state(cfg(thread))
    assert state.next == () and state.interrupts == ()
    assert state.values["pending_action"] is None and state.values.get("then_ask") is None
    values: dict[str, Any] = state.values
    return values


def test_decline_then_question_drops_the_action_and_answers_the_question(
    graph: Any, resources: Resources
) -> None:
    say(graph, "t", "enroll me in rag-2")
    say(graph, "t", "no, hold off. is there a cohort after rag-2?")
    dropped, answer = replies_of_last_turn(graph, "t")
    assert dropped == DROPPED
    assert COHORTS.format(free=25) in answer and answer.endswith("Sources: rag, rag-1, rag-2.")
    assert settled(graph, "t")["intent"] == "decline"
    assert enrollments(resources) == []
    assert nodes_run(graph, "t") == [*PROPOSED, "__start__", "router", "approval", "answer"]


def test_confirm_then_question_enrolls_and_answers_the_question(graph: Any, resources: Resources) -> None:
    say(graph, "t", "enroll me in rag-2")
    say(graph, "t", "yes, book it. is there a cohort after rag-2?")
    enrolled, answer = replies_of_last_turn(graph, "t")
    assert enrolled == ENROLLED
    assert COHORTS.format(free=24) in answer and answer.endswith("Sources: rag, rag-1, rag-2.")
    assert settled(graph, "t")["intent"] == "confirm"
    assert enrollments(resources) == [("ada", "rag-2", "PENDING_PAYMENT")]
    assert nodes_run(graph, "t") == [*PROPOSED, "__start__", "router", "approval", "execute", "answer"]


def test_a_no_and_a_question_in_one_sentence(graph: Any, resources: Resources) -> None:
    say(graph, "t", "enroll me in rag-2")
    say(graph, "t", "not yet, how much is rag?")
    assert replies_of_last_turn(graph, "t") == [DROPPED, PRICE.format(free=25)]
    settled(graph, "t")
    assert enrollments(resources) == []


def test_a_plain_yes_or_no_is_answered_as_before(graph: Any, resources: Resources) -> None:
    say(graph, "no", "enroll me in rag-2")
    say(graph, "no", "no thanks")
    assert replies_of_last_turn(graph, "no") == [DROPPED]
    assert nodes_run(graph, "no") == [*PROPOSED, "__start__", "router", "approval"]
    say(graph, "yes", "enroll me in rag-2")
    say(graph, "yes", "yes please")
    assert replies_of_last_turn(graph, "yes") == [ENROLLED]
    assert nodes_run(graph, "yes") == [*PROPOSED, "__start__", "router", "approval", "execute"]
    assert settled(graph, "yes")["last_outcome"]["ok"]
    assert enrollments(resources) == [("ada", "rag-2", "PENDING_PAYMENT")]


def test_a_question_alone_keeps_the_approval_waiting(graph: Any, resources: Resources) -> None:
    say(graph, "t", "enroll me in rag-2")
    result = say(graph, "t", "what does rag cost?")
    assert result["__interrupt__"][0].value["action_requests"][0]["args"]["cohort_id"] == "rag-2"
    assert replies_of_last_turn(graph, "t") == [PRICE.format(free=25)]
    state = graph.get_state(cfg("t"))
    assert state.next == ("approval",) and state.values.get("then_ask") is None
    assert nodes_run(graph, "t") == [*PROPOSED, "__start__", "router", "answer", "approval"]
    assert enrollments(resources) == []


def test_a_yes_that_waits_for_staff_answers_once_and_never_again(graph: Any, resources: Resources) -> None:
    paid(resources.school)
    say(graph, "t", "Please cancel my enrollment in rag-2")
    result = say(graph, "t", "yes go ahead. how much is rag?")
    assert result["__interrupt__"]  # the refund waits for an operator
    assert replies_of_last_turn(graph, "t") == [STAFF_AFTER_YES, PRICE.format(free=24)]
    assert graph.get_state(cfg("t")).values["then_ask"] is None
    graph.invoke(Command(resume=operator_approves()), cfg("t"), context=Context(user_id="ada"))
    assert replies_of_last_turn(graph, "t") == [
        STAFF_AFTER_YES,
        PRICE.format(free=24),
        "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full.",
    ]
    settled(graph, "t")
    assert enrollments(resources) == [("ada", "rag-2", "CANCELLED")]


def route(intent: str) -> AIMessage:
    return AIMessage(json.dumps({"intent": intent, "filters": None}))


def test_a_router_models_decline_answers_the_question_after_it(resources: Resources) -> None:
    router = ScriptedChatModel([route("enroll"), route("decline")])
    graph = graph_with(resources, router=router)
    say(graph, "t", "enroll me in rag-2")
    say(graph, "t", "no, hold off. is there a cohort after rag-2?")
    router.assert_complete()
    dropped, answer = replies_of_last_turn(graph, "t")
    assert dropped == DROPPED and COHORTS.format(free=25) in answer
    assert settled(graph, "t")["turn"]["route"]["source"] == "model"
    assert enrollments(resources) == []
    assert nodes_run(graph, "t") == [*PROPOSED, "__start__", "router", "approval", "answer"]
