"""Finds the cohort or course a message refers to, given the ids the catalog knows."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

from graphs.fuzzy import closest

_TOKEN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class Mention:
    """What a message names: a cohort id, or else a course id, or neither."""

    cohort_id: str | None
    course_id: str | None


def _candidates(text: str) -> list[str]:
    """Tokens, plus 'rag 2' / 'rag cohort 2' glued into 'rag-2'."""
    tokens = _TOKEN.findall(text.lower())
    glued = [f"{a}-{b}" for a, b in pairwise(tokens) if b.isdigit()]
    glued += [
        f"{a}-{c}"
        for a, b, c in zip(tokens, tokens[1:], tokens[2:], strict=False)
        if b == "cohort" and c.isdigit()
    ]
    return glued + tokens


def find_mention(text: str, *, course_ids: set[str], cohort_ids: set[str]) -> Mention:
    """The first cohort id named (exactly, or within one typo), else the first course id."""
    candidates = _candidates(text)
    for token in candidates:
        if token in cohort_ids:
            return Mention(token, None)
    for token in candidates:
        if "-" in token and token[-1].isdigit():
            close = closest(token, sorted(cohort_ids), cutoff=0.85)
            if close is not None:
                return Mention(close, None)
    for token in candidates:
        if token in course_ids:
            return Mention(None, token)
    return Mention(None, None)
