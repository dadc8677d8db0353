"""Splits a program request's goal into sub-questions for the planner's workers: `decompose`."""

from __future__ import annotations

import re
from functools import cache

from agent.domain.paths import load_paths
from agent.domain.programs import ProgramRequest
from graphs.fuzzy import corrected

_SPLIT = re.compile(r"\s*(?:,|&|\band\b|\bplus\b|\bas\s+well\s+as\b)\s*", re.IGNORECASE)


def decompose(request: ProgramRequest) -> list[str]:
    """Sub-questions for the planner's workers, one per sub-goal, in the order the courses build up.

    A goal naming a career path of `agent.domain.paths` gives one per step of the path (2–4), like
    "foundations: python-basics and statistics" (course ids make `School.search` find exactly those
    courses), leaving out completed courses and steps left empty. Any other goal is split on "and"
    and commas into up to four. The model-backed planner may replace this with its own decomposition.
    """
    goal = " ".join(corrected(request.goal, _vocabulary(), cutoff=0.85, min_length=5))
    if not goal:
        return []
    for career in load_paths().careers:
        if any(_names(goal, k) for k in career.keywords):
            questions = []
            for step in career.steps:
                wanted = [c for c in _specialised(step.course_ids, goal) if c not in request.completed]
                if wanted:
                    questions.append(f"{step.label}: {' and '.join(wanted)}")
            return questions
    parts = [p for p in _SPLIT.split(request.goal.strip()) if p]
    return parts[:4]


def _names(goal: str, words: str) -> bool:
    return re.search(rf"\b{re.escape(words)}\b", goal) is not None


def _specialised(ids: tuple[str, ...], goal: str) -> tuple[str, ...]:
    """Of several specialisations, the ones the goal names; all of them when it names none."""
    choices = load_paths().specialisations
    named = tuple(c for c in ids if any(_names(goal, w) for w in choices.get(c, ())))
    return named or ids


@cache
def _vocabulary() -> tuple[str, ...]:
    """Every word of the career keywords and specialisations, sorted."""
    paths = load_paths()
    return tuple(
        sorted(
            {w for career in paths.careers for k in career.keywords for w in k.split()}
            | {w for words in paths.specialisations.values() for w in words}
        )
    )
