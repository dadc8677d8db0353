"""Program rules: the reviewer's checks, the rule-based optimizer, the greedy planner, and reading requests.

Hand-made items pin each rule and its message; the seeded catalog (on a real Postgres, today
2026-12-01) pins what the offline planner does with the issue's example.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from agent.domain.catalog import load_seed
from agent.domain.paths import load_paths
from agent.domain.programs import (
    Draft,
    InvalidProgramRequestError,
    Problem,
    ProgramItem,
    ProgramRequest,
    cohort_items,
    item_from,
    plan_candidates,
    review,
    revise,
    total_cents,
    with_prerequisites,
)
from agent.infra.persistence import Resources
from graphs.fuzzy import closest, similar
from graphs.planner.request import decompose, is_program_request, parse_program_request
from tests.support.school import TODAY

COURSE_IDS = [c["id"] for c in load_seed()["courses"]]
ISSUE_EXAMPLE = (
    "put together a program of three courses for my goal of moving into ML engineering, "
    "within 1500, starting before March"
)


def item(
    cohort_id: str,
    starts_on: date,
    weeks: int,
    euros: int,
    *prerequisites: str,
    seats_left: int | None = None,
) -> ProgramItem:
    course_id = cohort_id.rsplit("-", 1)[0]
    return ProgramItem(
        course_id=course_id,
        cohort_id=cohort_id,
        title=course_id.title(),
        price_cents=euros * 100,
        starts_on=starts_on,
        ends_on=starts_on + timedelta(weeks=weeks),
        prerequisites=prerequisites,
        seats_left=seats_left,
    )


# Python Basics 2026-12-04 → 2027-01-08; Statistics starts the day Python ends; Data Analysis the day
# Statistics ends: back to back, which the half-open rule allows.
PY1 = item("python-basics-1", date(2026, 12, 4), 5, 290)
ST = item("statistics-9", date(2027, 1, 8), 6, 450)
DA = item("data-analysis-9", date(2027, 2, 19), 6, 550, "python-basics", "statistics")
CLEAN = [PY1, ST, DA]
REQUEST = ProgramRequest(goal="data science", budget_cents=130000, start_before=date(2027, 3, 1), size=3)


def codes(problems: list[Problem]) -> list[tuple[str, str | None]]:
    return [(p.code, p.course_id) for p in problems]


# -- review ---------------------------------------------------------------------------------------
def test_a_clean_program_back_to_back_has_no_problems() -> None:
    assert PY1.ends_on == ST.starts_on and ST.ends_on == DA.starts_on == date(2027, 2, 19)
    assert review(CLEAN, REQUEST, today=TODAY) == []
    assert total_cents(CLEAN) == 129000


@pytest.mark.parametrize(
    ("items", "request_", "expected"),
    [
        pytest.param([], REQUEST, [Problem("empty", None, "The program has no courses.")], id="empty"),
        pytest.param(
            [PY1, item("python-basics-2", date(2027, 1, 1), 5, 290)],
            REQUEST,
            [
                Problem(
                    "duplicate_course",
                    "python-basics",
                    "python-basics is in the program twice (python-basics-1 and python-basics-2); "
                    "take it once.",
                )
            ],
            id="duplicate (and no overlap reported for it)",
        ),
        pytest.param(
            [item("rag-1", date(2026, 11, 20), 6, 900)],
            REQUEST,
            [
                Problem(
                    "starts_in_past",
                    "rag",
                    "rag-1 starts on 2026-11-20, not after today (2026-12-01); a cohort takes no new "
                    "students once it has started.",
                )
            ],
            id="started",
        ),
        pytest.param(
            [item("rag-1", TODAY, 6, 900)],
            REQUEST,
            [
                Problem(
                    "starts_in_past",
                    "rag",
                    "rag-1 starts on 2026-12-01, not after today (2026-12-01); a cohort takes no new "
                    "students once it has started.",
                )
            ],
            id="starts today",
        ),
        pytest.param(
            [PY1],
            ProgramRequest(goal="x", start_after=date(2027, 1, 1)),
            [
                Problem(
                    "starts_too_early",
                    "python-basics",
                    "python-basics-1 starts on 2026-12-04, before the earliest start asked for (2027-01-01).",
                )
            ],
            id="too early",
        ),
        pytest.param(
            [item("mlops-1", date(2027, 3, 1), 6, 1100)],
            ProgramRequest(goal="x", start_before=date(2027, 3, 1)),
            [
                Problem(
                    "starts_too_late",
                    "mlops",
                    "mlops-1 starts on 2027-03-01; every course must start before 2027-03-01.",
                )
            ],
            id="starting on the deadline is too late",
        ),
        pytest.param(
            [item("rag-1", date(2026, 12, 21), 6, 900, seats_left=0)],
            REQUEST,
            [
                Problem(
                    "cohort_full",
                    "rag",
                    "rag-1 is full; only a waitlist place is left, and the student has not accepted one.",
                )
            ],
            id="full",
        ),
        pytest.param(
            [item("rag-1", date(2026, 12, 21), 6, 900, seats_left=0)],
            ProgramRequest(goal="x", waitlist_ok=True),
            [],
            id="full but waitlist accepted",
        ),
        pytest.param(
            [DA],
            ProgramRequest(goal="x", completed=("python-basics",)),
            [
                Problem(
                    "missing_prerequisite",
                    "data-analysis",
                    "data-analysis needs statistics, which is neither completed nor in the program.",
                )
            ],
            id="missing prerequisite",
        ),
        pytest.param(
            [
                item("data-analysis-1", date(2026, 12, 21), 6, 550),
                item("ml-foundations-1", date(2027, 1, 10), 8, 950, "data-analysis"),
            ],
            ProgramRequest(goal="x"),
            [
                Problem(
                    "prerequisite_order",
                    "ml-foundations",
                    "ml-foundations starts 2027-01-10, before its prerequisite data-analysis ends on "
                    "2027-02-01.",
                )
            ],
            id="prerequisite order (the overlap of the same pair is not reported twice)",
        ),
        pytest.param(
            [PY1, item("sql-fundamentals-1", date(2026, 12, 6), 4, 350)],
            REQUEST,
            [
                Problem(
                    "overlap",
                    "sql-fundamentals",
                    "sql-fundamentals-1 (2026-12-06 to 2027-01-03) overlaps python-basics-1 (2026-12-04 "
                    "to 2027-01-08); courses are taken one after another.",
                )
            ],
            id="overlap",
        ),
        pytest.param(
            CLEAN,
            ProgramRequest(goal="x", size=2),
            [Problem("too_many", None, "The program has 3 courses; you asked for at most 2.")],
            id="too many",
        ),
        pytest.param(
            CLEAN,
            ProgramRequest(goal="x", budget_cents=100000),
            [
                Problem(
                    "over_budget", None, "The program costs €1,290 in total, €290 over the budget of €1,000."
                )
            ],
            id="over budget",
        ),
        pytest.param(CLEAN, ProgramRequest(goal="x", budget_cents=129000), [], id="exactly the budget"),
    ],
)
def test_review_finds_each_problem_with_its_message(
    items: list[ProgramItem], request_: ProgramRequest, expected: list[Problem]
) -> None:
    assert review(items, request_, today=TODAY) == expected


def test_review_lists_problems_per_course_then_overlaps_size_and_budget() -> None:
    items = [
        item("ml-foundations-1", date(2026, 12, 22), 8, 950, "data-analysis"),
        PY1,
        item("mlops-1", date(2027, 1, 12), 6, 1100, "ml-foundations", "cloud-deployment"),
        item("web-apis-1", date(2026, 11, 30), 5, 600, "python-basics"),
    ]
    assert codes(review(items, ProgramRequest(goal="x", budget_cents=150000, size=3), today=TODAY)) == [
        ("missing_prerequisite", "ml-foundations"),
        ("prerequisite_order", "mlops"),
        ("missing_prerequisite", "mlops"),
        ("starts_in_past", "web-apis"),
        ("prerequisite_order", "web-apis"),
        # web-apis/python-basics and mlops/ml-foundations overlap too, but are reported as order problems.
        ("overlap", "ml-foundations"),
        ("overlap", "ml-foundations"),
        ("too_many", None),
        ("over_budget", None),
    ]


def test_request_refuses_what_no_program_can_satisfy() -> None:
    with pytest.raises(InvalidProgramRequestError, match="at least one course"):
        ProgramRequest(goal="x", size=0)
    with pytest.raises(InvalidProgramRequestError, match="cannot be negative"):
        ProgramRequest(goal="x", budget_cents=-1)


def test_items_requests_and_problems_survive_a_round_trip_through_plain_dicts() -> None:
    request = ProgramRequest(goal="x", budget_cents=1, start_before=date(2027, 3, 1), completed=("rag",))
    assert ProgramRequest.from_dict(request.as_dict()) == request
    assert ProgramItem.from_dict(DA.as_dict()) == DA
    assert DA.as_dict()["starts_on"] == "2027-02-19"
    problem = review([], REQUEST, today=TODAY)[0]
    assert Problem.from_dict(problem.as_dict()) == problem


# -- revise ---------------------------------------------------------------------------------------
def test_revise_removes_an_overlap_by_taking_a_later_cohort() -> None:
    sql1 = item("sql-fundamentals-1", date(2026, 12, 6), 4, 350)
    sql2 = item("sql-fundamentals-2", date(2027, 1, 10), 4, 350)
    request = ProgramRequest(goal="x")
    problems = review([PY1, sql1], request, today=TODAY)
    revised = revise([PY1, sql1], problems, {"sql-fundamentals": [sql1, sql2]}, request, today=TODAY)
    assert revised == [PY1, sql2]
    assert review(revised, request, today=TODAY) == []


def test_revise_puts_a_course_after_its_prerequisite() -> None:
    da = item("data-analysis-1", date(2026, 12, 21), 6, 550)
    ml1 = item("ml-foundations-1", date(2027, 1, 10), 8, 950, "data-analysis")
    ml2 = item("ml-foundations-2", date(2027, 3, 21), 8, 950, "data-analysis")
    request = ProgramRequest(goal="x")
    problems = review([da, ml1], request, today=TODAY)
    assert codes(problems) == [("prerequisite_order", "ml-foundations")]
    assert revise([da, ml1], problems, {"ml-foundations": [ml1, ml2]}, request, today=TODAY) == [da, ml2]


def test_revise_fits_the_budget_by_dropping_the_dearest_course_no_other_one_needs() -> None:
    # Deep Learning (€1,400) is the dearest, but NLP needs it: NLP (€1,200) goes.
    prompt = item("prompt-engineering-1", date(2026, 12, 7), 3, 250)
    deep = item("deep-learning-1", date(2027, 1, 4), 10, 1400, "ml-foundations")
    nlp = item("nlp-1", date(2027, 3, 15), 8, 1200, "deep-learning")
    request = ProgramRequest(goal="x", budget_cents=200000, completed=("ml-foundations",))
    problems = review([prompt, deep, nlp], request, today=TODAY)
    assert problems == [
        Problem("over_budget", None, "The program costs €2,850 in total, €850 over the budget of €2,000.")
    ]
    assert revise([prompt, deep, nlp], problems, {}, request, today=TODAY) == [prompt, deep]


def test_revise_drops_a_course_that_cannot_be_fixed_with_what_needs_it() -> None:
    late = item("data-analysis-3", date(2027, 3, 12), 6, 550)
    ml = item("ml-foundations-2", date(2027, 4, 23), 8, 950, "data-analysis")
    request = ProgramRequest(goal="x", start_before=date(2027, 3, 1))
    items = [PY1, late, ml]
    problems = review(items, request, today=TODAY)
    assert codes(problems) == [("starts_too_late", "data-analysis"), ("starts_too_late", "ml-foundations")]
    assert revise(items, problems, {}, request, today=TODAY) == [PY1]


def test_revise_returns_the_same_program_when_nothing_can_be_fixed() -> None:
    # The only course starts too late and has no other cohort: dropping it would leave an empty
    # program, which is no better, so the list comes back unchanged and the caller stops.
    late = [item("mlops-2", date(2027, 4, 20), 6, 1100)]
    request = ProgramRequest(goal="x", start_before=date(2027, 3, 1))
    problems = review(late, request, today=TODAY)
    assert revise(late, problems, {"mlops": late}, request, today=TODAY) == late
    assert revise([], review([], request, today=TODAY), {}, request, today=TODAY) == []


def test_revise_rounds_always_end() -> None:
    # Everything wrong at once: each round must lower the score, so the loop ends without a limit.
    items = [
        item("ml-foundations-1", date(2026, 12, 22), 8, 950, "data-analysis"),
        PY1,
        item("mlops-1", date(2027, 1, 12), 6, 1100, "ml-foundations", "cloud-deployment"),
        item("web-apis-1", date(2026, 11, 30), 5, 600, "python-basics"),
        PY1,
    ]
    request = ProgramRequest(goal="x", budget_cents=50000, size=2)
    rounds = 0
    while (problems := review(items, request, today=TODAY)) and rounds < 50:
        revised = revise(items, problems, {}, request, today=TODAY)
        if revised == items:
            break
        items, rounds = revised, rounds + 1
    assert (items, rounds) == ([PY1], 1)
    assert review(items, request, today=TODAY) == []


# -- plan on hand-made rows -----------------------------------------------------------------------
def course_row(
    course_id: str, euros: int, weeks: int, prerequisites: list[str], cohorts: list[tuple[str, date, int]]
) -> dict[str, Any]:
    return {
        "id": course_id,
        "title": course_id.title(),
        "price_cents": euros * 100,
        "duration_weeks": weeks,
        "prerequisites": prerequisites,
        "cohorts": [
            {"id": cid, "course_id": course_id, "starts_on": start, "capacity": 10, "seats_taken": 10 - seats}
            for cid, start, seats in cohorts
        ],
    }


def test_plan_prefers_a_cohort_with_seats_unless_the_student_accepts_a_waitlist() -> None:
    rag = course_row("rag", 900, 6, [], [("rag-1", date(2026, 12, 21), 0), ("rag-2", date(2027, 1, 15), 5)])
    draft = plan_candidates([[rag]], ProgramRequest(goal="x"), today=TODAY)
    assert [i.cohort_id for i in draft.items] == ["rag-2"]
    # A waitlist place is taken only when no cohort with seats fits.
    waitlisted = plan_candidates([[rag]], ProgramRequest(goal="x", waitlist_ok=True), today=TODAY)
    assert [i.cohort_id for i in waitlisted.items] == ["rag-2"]
    only_full = course_row("rag", 900, 6, [], [("rag-1", date(2026, 12, 21), 0)])
    waitlisted = plan_candidates([[only_full]], ProgramRequest(goal="x", waitlist_ok=True), today=TODAY)
    assert [i.cohort_id for i in waitlisted.items] == ["rag-1"]
    assert plan_candidates([[only_full]], ProgramRequest(goal="x"), today=TODAY) == Draft(
        items=(),
        left_out=(Problem("cohort_full", "rag", "rag is left out: every cohort that fits is full (rag-1)."),),
        candidates={"rag": [item_from(only_full, only_full["cohorts"][0])]},
    )


def test_plan_reports_a_prerequisite_the_catalog_rows_do_not_have() -> None:
    agents = course_row("llm-agents", 1300, 6, ["rag"], [("llm-agents-2", date(2027, 3, 6), 14)])
    draft = plan_candidates([[agents]], ProgramRequest(goal="x"), today=TODAY)
    assert draft.items == ()
    assert draft.left_out == (
        Problem(
            "missing_prerequisite",
            "llm-agents",
            "llm-agents is left out: it needs rag (not in the catalog), which the program could not include.",
        ),
    )


# -- plan on the seeded catalog -------------------------------------------------------------------
def offline_plan(resources: Resources, text: str) -> tuple[ProgramRequest, Draft]:
    """What the planner does with no model: parse, decompose, search, gather prerequisites, plan."""
    request = parse_program_request(text, today=TODAY, course_ids=COURSE_IDS)
    found = [resources.school.search(q, limit=4) for q in decompose(request)]
    catalog = with_prerequisites([r for rows in found for r in rows], resources.school.courses_with_cohorts)
    return request, plan_candidates(found, request, today=TODAY, catalog=catalog)


def schedule(items: list[ProgramItem] | tuple[ProgramItem, ...]) -> list[tuple[str, str, str, int]]:
    return [(i.cohort_id, i.starts_on.isoformat(), i.ends_on.isoformat(), i.price_cents) for i in items]


def test_the_issues_example_gives_two_courses_before_march_and_says_why_not_three(
    resources: Resources,
) -> None:
    request, draft = offline_plan(resources, ISSUE_EXAMPLE)
    assert request == ProgramRequest(
        goal="moving into ML engineering", budget_cents=150000, start_before=date(2027, 3, 1), size=3
    )
    # One course at a time: Python Basics, then the next Statistics cohort (statistics-1 overlaps).
    assert schedule(draft.items) == [
        ("python-basics-1", "2026-12-04", "2027-01-08", 29000),
        ("statistics-2", "2027-01-22", "2027-03-05", 45000),
    ]
    assert review(list(draft.items), request, today=TODAY) == []
    assert [p.message for p in draft.left_out] == [
        "data-analysis is left out: statistics-2 ends on 2027-03-05, too late to start another course "
        "before 2027-03-01; its next cohort, data-analysis-3, starts on 2027-03-12.",
        "ml-foundations is left out: it needs data-analysis, which the program could not include.",
        "command-line-git is left out: statistics-2 ends on 2027-03-05, too late to start another course "
        "before 2027-03-01; it has no later cohort.",
        "web-apis is left out: statistics-2 ends on 2027-03-05, too late to start another course before "
        "2027-03-01; it has no later cohort.",
        "cloud-deployment is left out: it needs web-apis and command-line-git, which the program could "
        "not include.",
        "mlops is left out: it needs ml-foundations and cloud-deployment, which the program could not "
        "include.",
    ]
    assert draft.candidates == cohort_items(resources.school.courses_with_cohorts(sorted(draft.candidates)))
    assert sorted(draft.candidates) == [
        "cloud-deployment",
        "command-line-git",
        "data-analysis",
        "ml-foundations",
        "mlops",
        "python-basics",
        "statistics",
        "web-apis",
    ]


def test_one_course_per_sub_goal_is_rejected_and_revised_down_to_what_holds(resources: Resources) -> None:
    # What a model might propose for the issue's example: the headline course of each sub-goal.
    request, draft = offline_plan(resources, ISSUE_EXAMPLE)
    first = {c: cohorts[0] for c, cohorts in draft.candidates.items()}
    proposal = [first["python-basics"], first["ml-foundations"], first["mlops"]]
    problems = review(proposal, request, today=TODAY)
    assert [p.message for p in problems] == [
        "ml-foundations needs data-analysis, which is neither completed nor in the program.",
        "mlops starts 2027-01-12, before its prerequisite ml-foundations ends on 2027-02-16.",
        "mlops needs cloud-deployment, which is neither completed nor in the program.",
        "ml-foundations-1 (2026-12-22 to 2027-02-16) overlaps python-basics-1 (2026-12-04 to 2027-01-08); "
        "courses are taken one after another.",
        "The program costs €2,340 in total, €840 over the budget of €1,500.",
    ]
    # No other cohort fixes ml-foundations' missing prerequisite, so it goes, and mlops with it.
    revised = revise(proposal, problems, draft.candidates, request, today=TODAY)
    assert schedule(revised) == [("python-basics-1", "2026-12-04", "2027-01-08", 29000)]
    assert review(revised, request, today=TODAY) == []


def test_an_llm_path_over_budget_is_rejected_twice_then_accepted(resources: Resources) -> None:
    request, draft = offline_plan(
        resources,
        "a learning path of 4 courses to become an LLM engineer, within 1000, starting before April",
    )
    assert schedule(draft.items) == [
        ("python-basics-1", "2026-12-04", "2027-01-08", 29000),
        ("rag-2", "2027-01-15", "2027-02-26", 90000),
        ("llm-agents-2", "2027-03-06", "2027-04-17", 130000),
    ]
    assert [p.message for p in draft.left_out] == [
        "prompt-engineering is left out: no cohort starts on or after 2027-01-08 (when python-basics-1 "
        "ends) and before 2027-04-01; it has no later cohort."
    ]
    items = list(draft.items)
    verdicts = []
    while problems := review(items, request, today=TODAY):
        verdicts.append([p.message for p in problems])
        items = revise(items, problems, draft.candidates, request, today=TODAY)
    assert verdicts == [
        ["The program costs €2,490 in total, €1,490 over the budget of €1,000."],
        ["The program costs €1,190 in total, €190 over the budget of €1,000."],
    ]
    assert schedule(items) == [("python-basics-1", "2026-12-04", "2027-01-08", 29000)]


def test_each_sub_question_finds_exactly_the_courses_it_names(resources: Resources) -> None:
    request = parse_program_request(ISSUE_EXAMPLE, today=TODAY, course_ids=COURSE_IDS)
    found = {q: sorted(r["id"] for r in resources.school.search(q, limit=4)) for q in decompose(request)}
    assert found == {
        "foundations: python-basics and statistics": ["python-basics", "statistics"],
        "machine learning: ml-foundations": ["ml-foundations"],
        "deploying models: mlops": ["mlops"],
    }


# -- reading requests -----------------------------------------------------------------------------
def req(
    goal: str,
    budget: int | None = None,
    before: date | None = None,
    after: date | None = None,
    size: int = 3,
    completed: tuple[str, ...] = (),
    waitlist_ok: bool = False,
    named: tuple[str, ...] = (),
) -> ProgramRequest:
    return ProgramRequest(
        goal=goal,
        budget_cents=budget,
        start_before=before,
        start_after=after,
        size=size,
        completed=completed,
        waitlist_ok=waitlist_ok,
        named=named,
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (ISSUE_EXAMPLE, req("moving into ML engineering", 150000, date(2027, 3, 1))),
        (
            "Plan my studies: I want to become a data scientist, budget of 2000 euros, starting in January",
            req("become a data scientist", 200000, date(2027, 2, 1), date(2027, 1, 1)),
        ),
        (
            "I already know python and want to become an LLM engineer. Max 1.5k, 4 courses please",
            req("become an LLM engineer", 150000, size=4, completed=("python-basics",)),
        ),
        (
            "i have done python-basics and statistics, what courses should I take to get into machine "
            "learning before 2027-02-01?",
            req(
                "get into machine learning",
                before=date(2027, 2, 1),
                completed=("python-basics", "statistics"),
            ),
        ),
        (
            "Can you make me a learning path into data engineering under €2,000? A couple of courses is enough",
            req("data engineering", 200000, size=2, named=("data-engineering",)),
        ),
        (
            "thre cources for backend development, up to 1.200 EUR, start after January",
            req("backend development", 120000, after=date(2027, 2, 1)),
        ),
        (
            "Which courses should I take to become a NLP researcher, $3000 budget, next spring",
            req("become a NLP researcher", None, date(2027, 6, 1), date(2027, 3, 1)),
        ),
        (
            "roadmap to deep learning within 3 months, I'm familiar with git, waitlist is fine",
            req(
                "deep learning",
                before=date(2027, 3, 1),
                completed=("command-line-git",),
                waitlist_ok=True,
                named=("deep-learning",),
            ),
        ),
        (
            "Build me a programme for computer vision by spring with 900€",
            req("computer vision", 90000, named=("computer-vision",)),
        ),
        (
            "two or three courses for AI engineering, by 1 February, no more than 1,500.50 euros",
            req("AI engineering", 150050, date(2027, 2, 2)),
        ),
        (
            "I don't know python, I want to be an ML engineer within 1200 by the end of January",
            req("be an ML engineer", 120000, date(2027, 2, 1), named=("python-basics",)),
        ),
        (
            "learning path for cloud and devops, I can only take one course at a time, starting from 10 January",
            req("cloud and devops", after=date(2027, 1, 10)),
        ),
        (
            "I want to finish before June, a program for data analysis, 1500 euro budget",
            req("data analysis", 150000, named=("data-analysis",)),
        ),
        (
            "put together 3 classes in statistics and sql before Febuary 15th, I've taken pyhton",
            req(
                "statistics and sql",
                before=date(2027, 2, 15),
                completed=("python-basics",),
                named=("statistics", "sql-fundamentals"),
            ),
        ),
        (
            "a roadmap for llm agents in spring 2027, budget 2k",
            req("llm agents", 200000, date(2027, 6, 1), date(2027, 3, 1), named=("llm-agents",)),
        ),
        (
            "a program of 5 courses to become a data engineer with $2000, before December",
            req("become a data engineer", None, date(2027, 12, 1), size=5),
        ),
        (
            "three coures for data science this winter, under 1,200€, I'm comfortable with SQL and statistics",
            req(
                "data science",
                120000,
                date(2027, 3, 1),
                date(2026, 12, 1),
                completed=("sql-fundamentals", "statistics"),
            ),
        ),
        (
            "I'd like to start by March, three courses on data engineering",
            req("data engineering", named=("data-engineering",)),
        ),
        (
            "starting after the new year, budget: €1.500, roadmap for web development",
            req("web development", 150000, after=date(2027, 1, 2)),
        ),
        (
            "which courses should I take for statistics, after 15 January and before the end of March, "
            "I have done 0 courses",
            req("statistics", before=date(2027, 4, 1), after=date(2027, 1, 16), named=("statistics",)),
        ),
        ("a program in data science starting after March but before February", req("data science")),
    ],
)
def test_parse_program_request(text: str, expected: ProgramRequest) -> None:
    assert parse_program_request(text, today=TODAY, course_ids=COURSE_IDS) == expected


@pytest.mark.parametrize(
    ("goal", "completed", "expected"),
    [
        (
            "moving into ML engineering",
            (),
            [
                "foundations: python-basics and statistics",
                "machine learning: ml-foundations",
                "deploying models: mlops",
            ],
        ),
        (
            "become an LLM engineer",
            ("python-basics",),
            ["prompting: prompt-engineering", "retrieval: rag", "agents: llm-agents"],
        ),
        (
            "become a NLP researcher",
            (),
            ["machine learning: ml-foundations", "deep learning: deep-learning", "specialisation: nlp"],
        ),
        (
            "data enginering",
            (),
            ["foundations: python-basics and sql-fundamentals", "data pipelines: data-engineering"],
        ),
        (
            "backend development",
            ("command-line-git",),
            ["foundations: python-basics", "web apis: web-apis", "deployment: cloud-deployment"],
        ),
        ("knitting and pottery", (), ["knitting", "pottery"]),
        ("", (), []),
    ],
)
def test_decompose(goal: str, completed: tuple[str, ...], expected: list[str]) -> None:
    assert decompose(ProgramRequest(goal=goal, completed=completed)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (ISSUE_EXAMPLE, True),
        ("Which courses should I take to learn ML?", True),
        ("make me a learning path for data science", True),
        ("I want a roadmap", True),
        ("I want to become a data engineer", True),
        ("put together three courses on LLMs", True),
        ("Put together a programm for ML", True),
        ("a program for data analysis within €1500", True),
        ("plan my studies please", True),
        ("Is there a program for beginners?", False),
        ("What does the program cost?", False),
        ("Recommend some courses please", False),
        ("what will I build in the RAG course?", False),
        ("Does python-basics teach programming?", False),
        ("Enroll me in rag-2", False),
        ("I can only take one course at a time", False),
    ],
)
def test_is_program_request(text: str, expected: bool) -> None:
    assert is_program_request(text) is expected


@pytest.mark.parametrize(
    "text",
    [
        "Lay out the track, course by course, to nlp thx.",
        "walk me course by course to mlops",
        "rough out an order of courses that ends with web apis with fastapi",
        "what's the best order of courses to reach Retrieval-Augmented Generation?",
        "hey, order of courses to get to sql-fundamentals",
    ],
)
def test_courses_one_by_one_or_in_an_order_ask_for_a_program(text: str) -> None:
    """ "Course by course" and "an order of courses" name several courses in an order: a program."""
    assert is_program_request(text)


def test_the_paths_name_only_catalog_courses() -> None:
    paths = load_paths()
    steps = {c for career in paths.careers for step in career.steps for c in step.course_ids}
    named = set(paths.aliases.values()) | steps | set(paths.specialisations)
    assert named <= set(COURSE_IDS)
    assert [step.label for step in paths.careers[0].steps] == [
        "foundations",
        "machine learning",
        "deploying models",
    ]


@pytest.mark.parametrize(
    ("word", "known", "options", "expected"),
    [
        ("febuary", ("february", "march"), {}, "february"),
        ("march", ("february", "march"), {"min_length": 9}, "march"),
        ("marhc", ("february", "march"), {"min_length": 9}, None),
        ("thre", ("three", "two"), {"min_length": 4, "same_start": True}, "three"),
        ("done", ("one", "two"), {"min_length": 4}, "one"),
        ("done", ("one", "two"), {"min_length": 4, "same_start": True}, None),
        ("knitting", ("course", "courses"), {}, None),
    ],
)
def test_closest(word: str, known: tuple[str, ...], options: dict[str, Any], expected: str | None) -> None:
    assert closest(word, known, **options) == expected
    assert similar(word, known[0], **options) is (expected == known[0])
