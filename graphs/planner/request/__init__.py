"""Reads a program request out of a student's message, by rules: no model, no network, no database.

Used when no model is configured, and to check a model's structured output against the text. It
only reads text; the rules a program must satisfy live in `agent.domain.programs`, and the
catalog's vocabulary (common course names, career paths) in `agent.domain.paths`. One module per
part of the request, each saying what it understands; anything else leaves the field unset, so
that the planner asks. The courses the student names (`graphs.entities`) are required parts of
the program.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from datetime import date

from agent.domain.programs import DEFAULT_SIZE, ProgramRequest
from graphs.entities import courses_named
from graphs.planner.request.completed import completed_courses
from graphs.planner.request.counts import course_count
from graphs.planner.request.detect import enrolls_in_the_program, is_program_request, names_the_program
from graphs.planner.request.goal import goal_phrase
from graphs.planner.request.money import budget_cents
from graphs.planner.request.subgoals import decompose
from graphs.planner.request.window import start_window

__all__ = [
    "decompose",
    "enrolls_in_the_program",
    "is_program_request",
    "names_the_program",
    "parse_program_request",
]

_WAITLIST_OK = re.compile(
    r"\b(?:wait\s*list|waiting\s+list)\s+(?:is|would\s+be|are)\s+(?:fine|ok(?:ay)?|good|acceptable)|"
    r"\b(?:happy|fine|ok(?:ay)?|willing|glad)\s+(?:with|to\s+(?:be\s+on|join|go\s+on|take))\s+(?:a\s+|the\s+)?"
    r"(?:wait\s*list|waiting\s+list)",
)
"""A waitlisted cohort is fine: "a waitlist is fine", "happy to be on a waitlist"."""


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
        waitlist_ok=_WAITLIST_OK.search(text.lower()) is not None,
        named=tuple(c for c in named if c not in completed),
    )
