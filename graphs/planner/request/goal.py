"""The goal of a program request, in the student's words.

The phrase after "goal of", "become", "move into", "career in", "learning path for", "roadmap to",
"program in" …, cut at the budget, the dates or the end of the clause.
"""

from __future__ import annotations

import re

from graphs.fuzzy import closest
from graphs.months import MONTH_NUMBERS
from graphs.planner.request.counts import COURSE_WORDS
from graphs.planner.request.detect import CAREER_MOVE
from graphs.planner.request.money import BUDGET_WORDS
from graphs.planner.request.window import SEASONS

_GOALS = tuple(
    re.compile(pattern, re.IGNORECASE)
    for pattern in (
        r"\bgoal\s+(?:is\s+|of\s+|:\s*)?(?:to\s+)?(?P<g>.+)",
        rf"(?P<g>\b(?:{CAREER_MOVE})\s+.+)",
        r"\b(?:learning\s+path|road\s*map|curriculum|program(?:me)?|path|plan|courses|classes|modules)"
        r"(?:\s+(?:should|do|must|would|can)\s+i\s+(?:take|do|need|follow))?\s+(?:to|for|into|"
        r"in|on|about|towards?)\s+(?P<g>.+)",
        r"\b(?:learn|study|master|get\s+good\s+at)\s+(?P<g>.+)",
    )
)
"""Where a goal starts, strongest signal first: "goal of X", "become X", "a roadmap to X", "learn X"."""
_SEASONS = "|".join(SEASONS)
_GOAL_END = re.compile(
    rf"\s*(?:[.,;!?(]|€|\$|£|\d|\b(?:{BUDGET_WORDS.replace('|for', '')}|start\w*|before|after|by|until|from"
    r"|but|because|i|which|what|please|(?:can|could|would)\s+you"
    rf"|(?:this|next|coming)\s+(?:month|year|{_SEASONS})|in\s+(?:the\s+)?(?:next|{'|'.join(MONTH_NUMBERS)}|{_SEASONS}))\b)",
    re.IGNORECASE,
)
"""Where the goal ends: punctuation, money, a number, a constraint, a date or the next clause."""
_TRAILING = re.compile(r"(?:\s+(?:and|or|with|for|of|to|a|an|the|my))+$", re.IGNORECASE)


def goal_phrase(text: str) -> str:
    """The student's goal in their words; the text up to its first constraint when no goal phrase is found."""
    # "cources for X" is "courses for X": course words are corrected first (the goal keeps the rest).
    text = re.sub(r"\b[a-z]{5,8}\b", _course_word, text, flags=re.IGNORECASE)
    starts = [m.start("g") for m in (p.search(text) for p in _GOALS) if m is not None]
    rest = text[starts[0] :] if starts else text
    end = _GOAL_END.search(rest)
    goal = rest[: end.start()] if end else rest
    return _TRAILING.sub("", goal.strip()).strip()


def _course_word(match: re.Match[str]) -> str:
    word = match.group(0)
    if word.lower() in COURSE_WORDS:
        return word
    return closest(word.lower(), COURSE_WORDS, min_length=5) or word
