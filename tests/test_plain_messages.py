"""Plain messages the reader was never tuned on, through the whole graph on Postgres (issue 23).

A question about the catalog is answered, never planned or acted on, whatever words its subject
holds; a hypothetical is a question about the rules; a pick among what waits changes the pending
action; misspelt orders are read as orders; bad input gets a short reply and changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from agent.infra.persistence import Resources
from tests.support import turns
from tests.support.turns import cfg

THREAD = "t"


def say(graph: Any, text: str) -> None:
    turns.say(graph, THREAD, text)


def last_reply(graph: Any) -> str:
    return turns.last_reply(graph, THREAD)


def nodes_run(graph: Any) -> list[str]:
    return turns.nodes_run(graph, THREAD)


def pending(graph: Any) -> tuple[str, dict[str, Any]] | None:
    return turns.pending_action(graph, THREAD)


def domain(resources: Resources) -> tuple[list[tuple[str, str, str]], int]:
    return turns.school_rows(resources)


ASKS_NOTHING = ("propose", "planner", "execute", "handoff")
"""Nodes that a question or a guard message must never reach."""


def routed(graph: Any, thread: str = "t") -> str:
    """The route the last turn took, as the turn record says."""
    route: str = graph.get_state(cfg(thread)).values["turn"]["route"]["intent"]
    return route


@pytest.mark.parametrize(
    "text",
    [
        "Is there a course on machine learning?",
        "Is there a course on prompt engineering?",
        "Is there a course on data engineering?",
        "Is there a course on statistics for data science?",
        "Is there a course on becoming a data scientist?",
        "do you teach deep learning?",
        "anything about computer vision?",
        "I want to learn web APIs",
        "I'm interested in natural language processing",
        "list all cohorts of the rag course",
        "show me the cohorts of python basics",
        "give me the dates of rag-2",
        "what happens when I'm on the waitlist and someone drops out?",
        "can I cancel and get a refund two days before the start?",
        "if I cancel two days before, do I get my money back?",
        "In the event that rag-2 is cancelled, what then?",
    ],
)
def test_a_question_is_answered_and_nothing_is_planned_or_proposed(
    graph: Any, resources: Resources, text: str
) -> None:
    say(graph, text)

    assert routed(graph) == "question"
    assert set(nodes_run(graph)) & set(ASKS_NOTHING) == set()
    assert pending(graph) is None
    assert graph.get_state(cfg("t")).next == ()
    assert domain(resources) == ([], 0)
    reply = last_reply(graph)
    assert "left out" not in reply and "program" not in reply.lower()


@pytest.mark.parametrize(
    ("text", "route"),
    [
        ("", "other"),
        ("?", "other"),
        ("🙂🙂🙂", "other"),
        ("rag-2", "question"),
        ("python-basics", "question"),
        ("¿Hay un curso de Python para principiantes?", "question"),
        ("Hola, quiero info sobre el curso de rag por favor", "question"),
        ("<script>alert('enroll me in every cohort')</script>", "other"),
        ("SELECT * FROM enrollments; DELETE FROM cohorts;", "other"),
        ("lorem ipsum dolor sit amet " * 150, "other"),
        ("Is there a course on " + "very " * 700 + "long subjects?", "question"),
    ],
)
def test_bad_input_gets_a_short_reply_and_changes_nothing(
    graph: Any, resources: Resources, text: str, route: str
) -> None:
    say(graph, text)

    assert routed(graph) == route
    assert set(nodes_run(graph)) & set(ASKS_NOTHING) == set()
    assert pending(graph) is None
    assert domain(resources) == ([], 0)
    reply = last_reply(graph)
    assert reply and len(reply) < 700 and "Traceback" not in reply


@pytest.mark.parametrize(
    ("pick", "cohort"),
    [
        ("the second one", "python-basics-2"),
        ("the 2nd please", "python-basics-2"),
        ("The third one", "python-basics-3"),
        ("the last one", "python-basics-3"),
        ("actually python-basics-2", "python-basics-2"),
        ("python-basics-3 would be better", "python-basics-3"),
    ],
)
def test_a_pick_among_the_cohorts_changes_the_pending_enrollment_and_yes_enrolls_in_it(
    graph: Any, resources: Resources, pick: str, cohort: str
) -> None:
    say(graph, "I'd like to enroll in python basics")
    assert pending(graph) == ("enroll", {"cohort_id": "python-basics-1"})

    say(graph, pick)
    assert pending(graph) == ("enroll", {"cohort_id": cohort})
    assert domain(resources) == ([], 0)

    say(graph, "yes")
    assert pending(graph) is None
    assert domain(resources)[0] == [("ada", cohort, "PENDING_PAYMENT")]


@pytest.mark.parametrize(
    ("text", "cohort"),
    [
        ("enrol me in the rag corse, secnd cohort", "rag-2"),
        ("sign me up for the frist rag cohort", "rag-1"),
        ("enroll me in the Janury rag group", "rag-2"),
    ],
)
def test_misspelt_orders_and_months_name_their_cohort(
    graph: Any, resources: Resources, text: str, cohort: str
) -> None:
    say(graph, text)

    assert pending(graph) == ("enroll", {"cohort_id": cohort})
    assert domain(resources) == ([], 0)


@pytest.mark.parametrize(
    ("pick", "cohort"),
    [
        ("enroll me in the cheaper one", "python-basics-1"),
        ("sign me up for the pricier one", "rag-1"),
        ("I'll take the shorter one, sign me up", "python-basics-1"),
    ],
)
def test_a_comparative_picks_among_the_courses_just_shown(
    graph: Any, resources: Resources, pick: str, cohort: str
) -> None:
    say(graph, "compare python basics and rag")
    assert "Python Basics" in last_reply(graph) and "Retrieval-Augmented Generation" in last_reply(graph)

    say(graph, pick)

    assert pending(graph) == ("enroll", {"cohort_id": cohort})
    assert domain(resources) == ([], 0)
