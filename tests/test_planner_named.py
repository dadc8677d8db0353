"""A course the student names in a program request is part of the goal, never left out because the program is full.

Generated requests name one or two courses of the seeded catalog (by id, title, lower case or with a
slip) with a small size; the named courses are in the program, and unnamed ones give way. When the
named courses alone need more than the size, the program keeps them and the review says so.
"""

from __future__ import annotations

from typing import Any

import pytest

from agent.domain.catalog import load_seed
from agent.domain.programs import Draft, ProgramRequest, plan_candidates, review, with_prerequisites
from agent.infra.persistence import Resources
from agent.llm.models import Models
from agent.runtime import threads
from graphs.planner.request import decompose, parse_program_request
from tests.support.school import TODAY
from tests.support.turns import school_graph

TITLES = {c["id"]: c["title"] for c in load_seed()["courses"]}
# Courses that fit a small program with what they need (none needs more than one course first).
SMALL = ("prompt-engineering", "rag", "python-basics", "statistics", "sql-fundamentals", "web-apis")


def names_of(course_id: str) -> list[str]:
    """How a student names a course: its id, its title, in lower case, with a letter left out."""
    title = TITLES[course_id]
    longest = max(title.split(), key=len)
    slip = title.replace(longest, longest[:3] + longest[4:]) if len(longest) >= 6 else title.lower()
    return [course_id, title, title.lower(), slip]


TEMPLATES = (
    "a program of {size} with {names} to become an LLM engineer",
    "put together {size} for my goal of becoming a data scientist, including {names}",
    "plan me {size} that include {names}, within 5000",
    "I want a learning path with {names}, {size} please",
)
SIZES = {"3 courses": 3, "two courses": 2, "three classes": 3}


def requests() -> list[tuple[str, tuple[str, ...], int]]:
    cases: list[tuple[str, tuple[str, ...], int]] = []
    for n, course in enumerate(SMALL):
        for k, name in enumerate(names_of(course)):
            template = TEMPLATES[(n + k) % len(TEMPLATES)]
            size_words = list(SIZES)[(n + k) % len(SIZES)]
            cases.append((template.format(size=size_words, names=name), (course,), SIZES[size_words]))
    pairs = [
        ("statistics", "sql-fundamentals"),
        ("python-basics", "prompt-engineering"),
        ("python-basics", "web-apis"),
    ]
    for first, second in pairs:
        names = f"{TITLES[first].lower()} and {second}"
        cases.append((TEMPLATES[0].format(size="3 courses", names=names), (first, second), 3))
    return cases


def plan(resources: Resources, text: str) -> tuple[ProgramRequest, Draft]:
    """What the offline planner does: read the request with the titles, research, plan."""
    school = resources.school
    request = parse_program_request(text, today=TODAY, course_ids=list(TITLES), titles=TITLES)
    found = [school.search(q, limit=4) for q in decompose(request)]
    rows = [r for group in found for r in group] + school.courses_with_cohorts(list(request.named))
    catalog = with_prerequisites(rows, school.courses_with_cohorts)
    return request, plan_candidates(found, request, today=TODAY, catalog=catalog)


@pytest.mark.parametrize(("text", "named", "size"), requests())
def test_a_named_course_is_in_the_program_and_unnamed_ones_give_way(
    resources: Resources, text: str, named: tuple[str, ...], size: int
) -> None:
    request, draft = plan(resources, text)
    assert (request.named, request.size) == (named, size)
    placed = [i.course_id for i in draft.items]
    assert set(named) <= set(placed) and len(placed) <= size
    assert {p.course_id for p in draft.left_out}.isdisjoint(named)
    needed = {p for i in draft.items if i.course_id in named for p in i.prerequisites}
    assert [c for c in placed if c in named or c in needed] == placed[: len(set(named) | needed)]
    assert all(
        p.message.endswith(f"the program already has {size} courses.")
        for p in draft.left_out
        if p.code == "too_many"
    )


def test_named_courses_the_dates_cannot_hold_together_are_left_out_for_the_dates(
    resources: Resources,
) -> None:
    # Prompt Engineering's one cohort overlaps Python Basics' first; RAG has no cohort after the second.
    request, draft = plan(resources, "a program with prompt engineering and RAG to become an LLM engineer")
    assert request.named == ("prompt-engineering", "rag")
    assert [i.cohort_id for i in draft.items] == ["prompt-engineering-1", "python-basics-2"]
    assert [p.message for p in draft.left_out] == [
        "rag is left out: no cohort starts on or after 2027-02-05 (when python-basics-2 ends); it has no later "
        "cohort.",
        "llm-agents is left out: it needs rag, which the program could not include.",
    ]


def test_the_issues_question_keeps_the_course_it_asks_about(resources: Resources) -> None:
    request, draft = plan(resources, "Is there a course on machine learning? Two courses please")
    assert request.named == ("ml-foundations",)
    # It needs data-analysis, which needs python-basics and statistics: four courses, all kept.
    assert [i.course_id for i in draft.items][-1] == "ml-foundations" or any(
        p.course_id == "ml-foundations" and p.code != "too_many" for p in draft.left_out
    )
    assert all(p.code != "too_many" for p in draft.left_out if p.course_id == "ml-foundations")


def test_named_courses_that_alone_exceed_the_size_are_kept_and_the_review_says_so(
    resources: Resources,
) -> None:
    request, draft = plan(resources, "a program of two courses with llm agents")
    assert [i.course_id for i in draft.items] == ["python-basics", "rag", "llm-agents"]
    assert [p.message for p in review(list(draft.items), request, today=TODAY)] == [
        "The program has 3 courses; you asked for at most 2. That is what llm-agents, which you asked "
        "for, takes with the courses it needs."
    ]


@pytest.mark.parametrize(
    "text",
    [
        "a learning path of 4 courses to become an LLM engineer, within 1000, starting before April",
        "put together a program of three courses for my goal of moving into ML engineering, within 1500",
        "a program of 3 courses to become a data engineer",
        "Which courses should I take to become a NLP researcher, next spring",
        "two courses to get into AI engineering",
    ],
)
def test_a_request_that_names_no_course_is_planned_as_before(resources: Resources, text: str) -> None:
    request, draft = plan(resources, text)
    assert request.named == ()
    without_titles = parse_program_request(text, today=TODAY, course_ids=list(TITLES))
    assert request == without_titles
    found = [resources.school.search(q, limit=4) for q in decompose(request)]
    catalog = with_prerequisites([r for g in found for r in g], resources.school.courses_with_cohorts)
    assert draft == plan_candidates(found, request, today=TODAY, catalog=catalog)


def test_the_planner_graph_keeps_the_named_course(resources: Resources) -> None:
    graph: Any = school_graph(resources, Models(resources.settings.models))
    text = "a program of two courses with prompt engineering to become an LLM engineer"
    threads.send(graph, "p", text, user_id="ada")
    program = graph.get_state({"configurable": {"thread_id": "p"}}).values["program"]
    assert program["request"]["named"] == ["prompt-engineering"]
    assert "prompt-engineering" in [i["course_id"] for i in program["items"]]
    assert all(p["course_id"] != "prompt-engineering" for p in program["left_out"])
