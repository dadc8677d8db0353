"""Reading a question's filters and the facts it asks for, by rules (no database, no model)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from agent.domain.catalog_queries import BadFilterError, Filters
from graphs.filters import read_question

TODAY = date(2026, 12, 1)


@pytest.mark.parametrize(
    ("question", "filters"),
    [
        ("Which courses start in January?", Filters(month=(2027, 1))),
        ("anything starting in December 2026?", Filters(month=(2026, 12))),
        ("what starts next month", Filters(month=(2027, 1))),
        ("What can I take for under 500 euros?", Filters(max_price_cents=50000)),
        ("courses below €1,000", Filters(max_price_cents=100000)),
        ("courses over 1000 euros", Filters(min_price_cents=100000)),
        ("any free courses?", Filters(max_price_cents=0)),
        ("Which courses are free?", Filters(max_price_cents=0)),
        ("free courses", Filters(max_price_cents=0)),
        ("beginner courses", Filters(level="beginner")),
        ("courses shorter than 5 weeks", Filters(max_weeks=4)),
        ("6 weeks or longer", Filters(min_weeks=6)),
        ("which cohorts still have seats", Filters(free_seats=True)),
        ("Which courses last 8 weeks?", Filters(min_weeks=8, max_weeks=8)),
        ("Which course lasts 10 weeks?", Filters(min_weeks=10, max_weeks=10)),
        ("Which courses are 6 weeks long?", Filters(min_weeks=6, max_weeks=6)),
        ("any 4-week courses?", Filters(min_weeks=4, max_weeks=4)),
        ("Which courses have no prerequisites?", Filters(no_prerequisites=True)),
        ("courses without requirements", Filters(no_prerequisites=True)),
        ("Is there a course costing nothing?", Filters(max_price_cents=0)),
        ("List the beginner courses", Filters(level="beginner")),
        # TODAY is Tuesday 2026-12-01: this week ends on Sunday the 6th.
        ("Is anything starting this week?", Filters(starts_by=date(2026, 12, 6))),
        ("what starts next week", Filters(starts_after=date(2026, 12, 6), starts_by=date(2026, 12, 13))),
        ("courses starting in the next 10 days", Filters(starts_by=date(2026, 12, 11))),
        ("anything starting this month?", Filters(month=(2026, 12))),
        ("courses priced between 500 and 800 euros", Filters(min_price_cents=50000, max_price_cents=80000)),
        # An amount is read whole, with its thousands ("1.500"), or not at all: "under 12 weeks" is no price.
        ("courses under 1.500 euros", Filters(max_price_cents=150000)),
        ("courses between €1,000 and €2.000", Filters(min_price_cents=100000, max_price_cents=200000)),
        ("What is your cheapest course?", Filters(pick="cheapest")),
        ("the most expensive advanced course", Filters(level="advanced", pick="priciest")),
        ("any advanced-level course?", Filters(level="advanced")),
        ("is there anything I can take without paying a cent?", Filters(max_price_cents=0)),
        (
            "Which courses can I take without having completed any other course?",
            Filters(no_prerequisites=True),
        ),
        (
            "advanced courses in March with free seats",
            Filters(month=(2027, 3), level="advanced", free_seats=True),
        ),
    ],
)
def test_filters_are_read_and_the_question_is_a_query_on_the_tables(question: str, filters: Filters) -> None:
    reading = read_question(question, today=TODAY)
    assert reading.filters == filters
    assert reading.subject == [] and reading.structured


@pytest.mark.parametrize(
    ("question", "subject", "facets"),
    [
        ("deep learning for beginners", ["deep"], {"level"}),
        ("How much is the RAG course?", ["rag"], {"price"}),
        ("When does the RAG course start, and what does it cost?", ["rag"], {"price", "dates"}),
        ("What do I need before llm-agents?", ["llm-agents"], {"prerequisites"}),
        ("Is the SQL course online or in person?", ["sql", "person"], {"format"}),
    ],
)
def test_a_question_with_a_subject_is_about_it_and_asks_for_facts(
    question: str, subject: list[str], facets: set[str]
) -> None:
    reading = read_question(question, today=TODAY)
    assert reading.subject == subject
    assert reading.facets == facets
    assert not reading.structured


@pytest.mark.parametrize(
    ("question", "filters"),
    [
        # Fewer or more than N weeks leaves N out; durations are whole weeks, and the bounds inclusive.
        ("courses shorter than 5 weeks", Filters(max_weeks=4)),
        ("courses less than 5 weeks long", Filters(max_weeks=4)),
        ("courses under 5 weeks", Filters(max_weeks=4)),
        ("courses below 5 weeks", Filters(max_weeks=4)),
        ("courses of fewer than 5 weeks", Filters(max_weeks=4)),
        ("courses under 1 week", Filters(max_weeks=0)),
        ("courses of at most 5 weeks", Filters(max_weeks=5)),
        ("courses up to 5 weeks", Filters(max_weeks=5)),
        ("courses of no more than 5 weeks", Filters(max_weeks=5)),
        ("5 weeks or less", Filters(max_weeks=5)),
        ("courses longer than 6 weeks", Filters(min_weeks=7)),
        ("courses over 6 weeks", Filters(min_weeks=7)),
        ("courses of more than 6 weeks", Filters(min_weeks=7)),
        ("courses of at least 6 weeks", Filters(min_weeks=6)),
        ("courses under 12 weeks", Filters(max_weeks=11)),
        ("courses of at most 10 weeks", Filters(max_weeks=10)),
    ],
)
def test_fewer_than_n_weeks_is_strict_and_at_most_n_weeks_inclusive(question: str, filters: Filters) -> None:
    assert read_question(question, today=TODAY).filters == filters


def test_a_follow_up_about_it_is_not_a_query_on_the_tables() -> None:
    reading = read_question("and is it for beginners?", today=TODAY)
    assert reading.filters == Filters(level="beginner") and not reading.structured


def test_may_the_verb_is_no_month() -> None:
    assert read_question("May I pay later?", today=TODAY).filters.month is None
    assert read_question("courses in may", today=TODAY).filters.month == (2027, 5)


def test_after_my_course_is_read_for_the_caller_to_resolve() -> None:
    reading = read_question("Which cohorts start after my current course ends?", today=TODAY)
    assert reading.after_my_course and reading.structured


@pytest.mark.parametrize(
    ("question", "follow_on"),
    [
        ("What can I take after Python Basics?", True),
        ("Which courses can I do once I finish SQL Fundamentals?", True),
        ("What comes after the statistics course?", True),
        ("What should I take next after RAG?", True),
        ("I finished Python Basics, what next?", True),
        ("Which courses build on Python Basics?", True),
        ("Which courses require Python Basics?", True),
        ("which courses have SQL fundamentals as a prerequisite", True),
        ("What can I take when I'm done with statistics?", True),
        ("Which intermediate courses can I take after python basics?", True),
        ("Can I take RAG after Python Basics?", False),  # a question about RAG (the node checks the names)
        ("Which courses start after my current course ends?", False),
        ("Which courses start after I finish?", False),
        ("Which Python courses start after January?", False),
        ("What does RAG require?", False),
        ("What are the prerequisites for RAG?", False),
        ("What is the next cohort of RAG?", False),
        ("When does the next course start?", False),
        ("What certificate do I get after completing Python Basics?", False),
        ("What courses need a laptop?", False),
    ],
)
def test_a_question_for_the_courses_after_one_is_read_for_the_caller_to_resolve(
    question: str, follow_on: bool
) -> None:
    assert read_question(question, today=TODAY).follow_on is follow_on


def test_the_courses_after_one_are_no_query_on_the_tables_even_without_subject_words() -> None:
    """A router model's filters leave no subject words; the search must still find the course."""
    question = "Which intermediate courses can I take after Python Basics?"
    follow_on = replace(read_question(question, today=TODAY), subject=[])
    plain = replace(read_question("Which intermediate courses can I take?", today=TODAY), subject=[])
    assert (follow_on.follow_on, follow_on.structured) == (True, False)
    assert (plain.follow_on, plain.structured) == (False, True)


@pytest.mark.parametrize(
    "kwargs", [{"level": "expert"}, {"month": (2027, 13)}, {"max_price_cents": -1}, {"pick": "best"}]
)
def test_impossible_filters_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(BadFilterError):
        Filters(**kwargs)  # type: ignore[arg-type]
