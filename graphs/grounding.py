"""Checking that an answer cites the catalog ids it was given, and nothing else.

Pure functions over text: which ids a reply cites, and which of those were not in the passages.
"""

from __future__ import annotations

import re
from typing import Any

# A lookahead, so that "course (course rag)" yields both candidates, "course" and "rag".
_CITED = re.compile(r"(?=\b(?:course|cohort)s?\s*[(:]?\s*([a-z0-9]+(?:-[a-z0-9]+)*))", re.IGNORECASE)
_CLAIMED_ACTION = re.compile(
    r"\b(?:i|we)(?:'ve| have)?\s+(?:now\s+|just\s+|already\s+)?"
    r"(?:enrolled|registered|signed (?:you|everyone) up|booked|cancell?ed|charged|refunded|paid)\b"
    r"|\byou(?:'re| are)\s+(?:now\s+)?(?:enrolled|registered|booked)\b"
    r"|\b(?:has|have)\s+been\s+(?:enrolled|registered|cancell?ed|charged|refunded)\b",
    re.IGNORECASE,
)
_COHORT_LIKE = re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d+\b")


def allowed_ids(courses: list[dict[str, Any]]) -> set[str]:
    """Ids an answer may cite: the retrieved courses, their cohorts and their prerequisites."""
    ids = {c["id"] for c in courses}
    ids |= {h["id"] for c in courses for h in c["cohorts"]}
    ids |= {p for c in courses for p in c["prerequisites"]}
    return ids


def cited_ids(reply: str, known: set[str]) -> list[str]:
    """The ids a reply cites, in order of first mention.

    A citation is a known id or an id-shaped word (`name-3`) after "course"/"cohort", or any
    cohort-shaped word; plain words such as "statistics" in prose are not citations.
    """
    found: list[str] = []
    candidates = [m.group(1).lower() for m in _CITED.finditer(reply)]
    candidates = [c for c in candidates if c in known or _COHORT_LIKE.fullmatch(c)]
    candidates += [m.group(0) for m in _COHORT_LIKE.finditer(reply.lower())]
    for candidate in candidates:
        if candidate not in found:
            found.append(candidate)
    return found


def claims_an_action(reply: str) -> bool:
    """Whether a reply says something was enrolled, cancelled, charged or refunded.

    The answer node has no tools: such a claim is false (a model following an instruction
    planted in catalog text, say), and the student must not believe it.
    """
    return _CLAIMED_ACTION.search(reply) is not None
