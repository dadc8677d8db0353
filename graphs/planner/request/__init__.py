"""Reads a program request out of a student's message, by rules: no model, no network, no database.

Used when no model is configured, and to check a model's structured output against the text. It
only reads text; the rules a program must satisfy live in `agent.domain.programs`, and the
catalog's vocabulary (common course names, career paths) in `agent.domain.paths`.

One module per part of the request; what each understands is in its docstring (anything else
leaves the field unset, so that the planner asks):

- `money`: the budget, in euros ("within 1500", "max 1.5k", "€900"; other currencies stay unset).
- `window` (over `dates`): bounds on cohort start dates ("before March", "in spring", "within 3
  months"; a deadline about finishing is not a start date).
- `counts`: how many courses ("three courses", "a couple of courses").
- `completed`: courses already done ("I already know python", "I've taken statistics and SQL").
- `waitlist`: whether a waitlist is fine.
- the courses the student names (`graphs.entities`: by id, title or distinctive word; "an LLM
  engineer" is a career, not a course): required parts of the program.
- `goal`: the goal in the student's words ("my goal of moving into ML engineering").
- `detect`: whether a message asks for a program at all, and the one "the program" matcher.
- `subgoals`: `decompose`, the goal split into sub-questions for the planner's workers.
- (`graphs.fuzzy` is the one misspelling-tolerant word match, shared with `graphs.intents` and `graphs.entities`.)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import date

from agent.domain.programs import DEFAULT_SIZE, ProgramRequest
from graphs.entities import courses_named
from graphs.planner.request.completed import completed_courses
from graphs.planner.request.counts import MAX_SIZE, course_count
from graphs.planner.request.detect import enrolls_in_the_program, is_program_request, names_the_program
from graphs.planner.request.goal import goal_phrase
from graphs.planner.request.money import budget_cents
from graphs.planner.request.subgoals import decompose
from graphs.planner.request.waitlist import waitlist_ok
from graphs.planner.request.window import start_window

__all__ = [
    "MAX_SIZE",
    "decompose",
    "enrolls_in_the_program",
    "is_program_request",
    "names_the_program",
    "parse_program_request",
]


def parse_program_request(
    text: str, *, today: date, course_ids: Collection[str], titles: Mapping[str, str] | None = None
) -> ProgramRequest:
    """The program request in `text`, with what it does not say left unset (see the modules).

    `course_ids` are the catalog's course ids, for the completed courses the text names; the
    courses it asks for are named by id, or by title too when `titles` (course id → title) are given.
    """
    after, before = start_window(text, today)
    completed = completed_courses(text, course_ids)
    named = courses_named(text, titles or {c: c for c in course_ids})
    return ProgramRequest(
        goal=goal_phrase(text),
        budget_cents=budget_cents(text),
        start_before=before,
        start_after=after,
        size=course_count(text) or DEFAULT_SIZE,
        completed=completed,
        waitlist_ok=waitlist_ok(text),
        named=tuple(c for c in named if c not in completed),
    )
