"""Which cohort a request means: by order, month or relation, from the words or the conversation, else a question."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from agent.infra.persistence import Resources
from graphs.entities import CohortReference
from graphs.nodes.proposals import Refusal
from graphs.nodes.targets import ASK_WHICH, Catalog, Discussed, Target, pick, resolve

TODAY = date(2026, 12, 1)
COHORTS = [
    {"id": "x-1", "starts_on": date(2026, 11, 20)},  # started
    {"id": "x-2", "starts_on": date(2027, 1, 10)},
    {"id": "x-3", "starts_on": date(2027, 1, 25)},
    {"id": "x-4", "starts_on": date(2027, 3, 1)},
]


@pytest.mark.parametrize(
    ("reference", "anchor", "expected"),
    [
        (CohortReference(order=2), None, "x-2"),
        (CohortReference(order=-1), None, "x-4"),
        (CohortReference(month=3), None, "x-4"),
        (CohortReference(month=11), None, "x-1"),  # only a started one: it is the one named
        (CohortReference(months_ahead=3), None, "x-4"),  # December + 3: March
        (CohortReference(relation="next"), None, "x-2"),  # the next to start
        (CohortReference(relation="next"), "x-2", "x-3"),  # the one after the cohort discussed
        (CohortReference(relation="later"), "x-3", "x-4"),
        (CohortReference(relation="earlier"), "x-4", "x-3"),
        (
            CohortReference(order=5),
            None,
            Refusal(
                "x has only 4 cohorts: x-1 (starts 2026-11-20), x-2 (starts 2027-01-10), "
                "x-3 (starts 2027-01-25), x-4 (starts 2027-03-01)."
            ),
        ),
        (
            CohortReference(month=1),
            None,
            Refusal(
                "x has 2 cohorts starting in January: x-2 (starts 2027-01-10), x-3 (starts 2027-01-25). Which one?"
            ),
        ),
        (
            CohortReference(month=6),
            None,
            Refusal(
                "x has no cohort starting in June. Its cohorts: x-1 (starts 2026-11-20), "
                "x-2 (starts 2027-01-10), x-3 (starts 2027-01-25), x-4 (starts 2027-03-01)."
            ),
        ),
        (
            CohortReference(relation="other"),
            "x-2",
            Refusal(
                "Which cohort of x do you mean? Its cohorts: x-1 (starts 2026-11-20), "
                "x-2 (starts 2027-01-10), x-3 (starts 2027-01-25), x-4 (starts 2027-03-01)."
            ),
        ),
        (
            CohortReference(relation="later"),
            None,  # later than what?
            Refusal(
                "Which cohort of x do you mean? Its cohorts: x-1 (starts 2026-11-20), "
                "x-2 (starts 2027-01-10), x-3 (starts 2027-01-25), x-4 (starts 2027-03-01)."
            ),
        ),
    ],
)
def test_pick(reference: CohortReference, anchor: str | None, expected: str) -> None:
    assert pick(COHORTS, reference, anchor=anchor, today=TODAY, course="x") == expected


def test_the_other_cohort_of_two() -> None:
    two = COHORTS[1:3]
    assert pick(two, CohortReference(relation="other"), anchor="x-3", today=TODAY, course="x") == "x-2"


def target(resources: Resources, name: str, text: str, discussed: Discussed | None = None) -> Any:
    return resolve(Catalog(resources.school), name, text, "ada", discussed or Discussed())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("enroll me in rag-2", Target("rag-2")),
        ("sign me up for the January RAG cohort", Target("rag-2")),
        ("the second cohort of the python course", Target("python-basics-2")),
        ("enroll me in deep learning", Target("deep-learning-1")),
        ("I want the llm agents course", Target("llm-agents-2")),  # llm-agents-1 has no free seat
        ("enroll me in every cohort", Refusal(ASK_WHICH)),
        ("enroll me please", Refusal(ASK_WHICH)),
        ("enroll me in something about data", Refusal(ASK_WHICH)),
        (
            "deep learning or machine learning, sign me up",
            Refusal("Which course do you mean: deep-learning or ml-foundations?"),
        ),
        (
            "enroll me in rag-9",
            Refusal("There is no cohort with id 'rag-9'. Ask me about a course to see its cohorts."),
        ),
    ],
)
def test_an_enrollment_target(resources: Resources, text: str, expected: Any) -> None:
    assert resources.school.enroll("seed", student_id="zoe", cohort_id="llm-agents-1")["ok"]
    assert target(resources, "enroll", text) == expected


def test_the_course_being_discussed_answers_an_order_or_month(resources: Resources) -> None:
    assert target(resources, "enroll", "the January one instead", Discussed("rag-1", "rag")) == Target(
        "rag-2"
    )
    assert target(
        resources, "enroll", "the next one", Discussed("python-basics-1", "python-basics")
    ) == Target("python-basics-2")
    assert target(resources, "enroll", "sign me up", Discussed(course_id="sql-fundamentals")) == Target(
        "sql-fundamentals-1"
    )


def test_the_last_reply_tells_the_course_being_discussed(resources: Resources) -> None:
    catalog = Catalog(resources.school)
    assert catalog.discussed_in(
        "Cohorts: rag-1 starts 2026-12-21; rag-2 starts 2027-01-15. Sources: rag."
    ) == (Discussed(course_id="rag"))
    assert catalog.discussed_in("Sources: rag, nlp.") == Discussed()  # two courses: none
    assert catalog.discussed_in("I can enroll you, put you on a waitlist ...") == Discussed()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("can I switch to the January group?", Target("rag-2", from_cohort_id="rag-1")),
        ("move me to rag-2", Target("rag-2", from_cohort_id="rag-1")),
        ("please switch my rag-1 seat to rag-2", Target("rag-2", from_cohort_id="rag-1")),
        ("transfer me to the next cohort", Target("rag-2", from_cohort_id="rag-1")),
        ("I want to switch to the other group", Target("rag-2", from_cohort_id="rag-1")),
        ("move me to rag-1", Refusal("You are already in rag-1.")),
        (
            "move me to the next python cohort",
            Refusal(
                "You have no enrollment in python-basics to move. To join one of its cohorts, ask me to enroll you."
            ),
        ),
    ],
)
def test_a_transfer_moves_the_student_s_own_enrollment(
    resources: Resources, text: str, expected: Any
) -> None:
    assert resources.school.enroll("seed", student_id="ada", cohort_id="rag-1")["ok"]
    assert target(resources, "transfer", text) == expected


def test_a_transfer_asks_which_course_when_the_student_has_several(resources: Resources) -> None:
    assert resources.school.enroll("a", student_id="ada", cohort_id="rag-1")["ok"]
    assert resources.school.enroll("b", student_id="ada", cohort_id="nlp-1")["ok"]

    assert target(resources, "transfer", "can I switch to the later cohort?") == Refusal(
        "Which course's cohort do you want to change: nlp or rag?"
    )
    assert target(resources, "transfer", "switch my rag seat to the January group") == Target(
        "rag-2", from_cohort_id="rag-1"
    )


def test_a_transfer_without_an_enrollment_says_so(resources: Resources) -> None:
    assert target(resources, "transfer", "move me to the next cohort") == Refusal(
        "You have no enrollment I could move to another cohort."
    )
