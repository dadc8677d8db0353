"""Finds the cohort or course a message refers to, from the catalog's ids and titles, and nothing else.

A course is named by its id ("rag", "python-basics"), by its title or the start of it ("Deep
Learning", "machine learning"), or by the first word of its id when no other course shares it
and it is not an everyday word ("sql", "mlops"). A cohort is named by its id, or by its place
among its course's cohorts: an order ("the second cohort", "the last one"), a month ("the
January group", "starting in March") or a relation ("the next cohort", "the other one").
A loose match on unrelated words names nothing: better to ask than to guess.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise

from graphs.fuzzy import CACHED, closest, one_slip, similar, word_set
from graphs.months import MONTH_NAMES, MONTH_NUMBERS

_TOKEN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_WORD = re.compile(r"[a-z0-9]+")
COHORT_SHAPED = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+(?:-[a-z]+)?\b")
"""A word shaped like a cohort id ("rag-2", "python-basics-3", "rag-1-jan")."""

MONTHS = MONTH_NAMES
_ORDINALS = {
    word: n
    for n, words in enumerate(("first 1st earliest", "second 2nd", "third 3rd", "fourth 4th"), start=1)
    for word in words.split()
} | dict.fromkeys(("last", "final", "latest"), -1)
_CLOSING = frozenset({"please", "thanks", "thank", "you", "then", "instead", "thx", "pls"})
"""Words that may follow an order at the end of a message ("the 2nd please")."""
_RELATIONS = {"next", "later", "earlier", "other", "another", "different", "previous"}
_GROUP_WORDS = word_set(
    "cohort cohorts group groups one ones class session intake batch start edition round run date"
)
_SLIPS = (
    *(w for w in _ORDINALS if w.isalpha()),
    *(m for m in MONTHS if m != "may"),
    *("cohort", "cohorts", "group", "groups", "class", "intake", "batch", "session"),
)
"""The words a slip of the hand is read as ("secnd" as "second", "janury" as "january", "cohrot" as
"cohort"): orders, months and the words that name a cohort, but not "one", "may" or "run", whose slips
are everyday words."""
_NOT_SLIPS = {"fist", "firs", "forth", "finale", "finals", "mach", "marc", "aril", "lass", "classy", "bath", "bach"}  # fmt: skip
"""Words one slip from a word of `_SLIPS` that are words of their own ("first" and "fist")."""
_MAY = re.compile(r"\b(?:in|the|from|for|of|starting|starts|start|begins|beginning|until)\s+may\b")
_EVERYDAY = word_set(
    "data deep web computer command cloud prompt machine building learning line models basics natural "
    "language retrieval"
)
"""Words too common to name a course by themselves ("my computer crashed", "in the cloud")."""
_ROLES = {"engineer", "engineers", "engineering", "developer", "developers", "scientist", "scientists"}
_ROLES |= {"researcher", "researchers", "analyst", "analysts", "specialist", "specialists", "expert"}
"""Words that make the course words before them a career: "an LLM engineer", "a data scientist"."""
_NUMBERED = {"cohort", "group", "class", "intake", "batch"}
"""Words that number a cohort within its course: "cohort 2", "group #1" (an id like rag-2 is found first)."""
_TITLE_CUT = re.compile(r"\s(?:with|for|and|in)\s|:")


@dataclass(frozen=True)
class Mention:
    """What a message names: a cohort id, or else one course, or neither.

    `courses` lists every course named by title when several are, so that the caller can ask.
    """

    cohort_id: str | None
    course_id: str | None
    courses: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class CohortReference:
    """A cohort named by its place among its course's cohorts rather than by its id."""

    month: int | None = None
    """1-12: the cohort starting in that month ("the January group")."""
    months_ahead: int | None = None
    """0 or 1: "this month", "next month", counted from today."""
    order: int | None = None
    """1-based place in start order, -1 for the last ("the second cohort")."""
    relation: str | None = None
    """'next', 'later', 'earlier' or 'other': relative to the cohort being discussed."""


def read_words(text: str, pattern: re.Pattern[str] = _WORD) -> list[str]:
    """The lower-cased words of `text`, each slip of an order, month or cohort word read as that word."""
    return [_meant(w) for w in pattern.findall(text.lower().replace("’", "'"))]


@lru_cache(maxsize=CACHED)
def _meant(word: str) -> str:
    if word in _SLIPS or word in _NOT_SLIPS or len(word) < 3:
        return word
    return next((known for known in _SLIPS if one_slip(word, known)), word)


def _candidates(text: str) -> list[str]:
    """Tokens, plus 'rag 2' / 'rag cohort 2' glued into 'rag-2'."""
    tokens = read_words(text, _TOKEN)
    glued = [f"{a}-{b}" for a, b in pairwise(t for t in tokens if t != "cohort") if b.isdigit()]
    return glued + tokens


def find_mention(
    text: str,
    *,
    course_ids: set[str],
    cohort_ids: set[str],
    titles: Mapping[str, str] | None = None,
) -> Mention:
    """The first cohort id named (exactly, or within one typo), else the course named.

    A course is named by its id, else by its title (`titles`: course id → title); when the
    titles name several courses, `course_id` is None and `courses` lists them.
    """
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
    named = courses_named(text, titles or {})
    if len(named) == 1:
        return Mention(None, named[0])
    return Mention(None, None, tuple(named))


def courses_named(text: str, titles: Mapping[str, str]) -> list[str]:
    """The courses a message names by title or distinctive id word, in order of first mention."""
    words = _WORD.findall(text.lower())
    found: dict[str, int] = {}
    firsts = [cid.split("-")[0] for cid in titles]
    for course_id, title in titles.items():
        names = _names(course_id, title)
        first = course_id.split("-")[0]
        if firsts.count(first) == 1 and first not in _EVERYDAY:
            names.append([first])
        at = min((i for name in names if (i := _phrase_at(words, name)) is not None), default=None)
        if at is not None:
            found[course_id] = at
    return sorted(found, key=lambda c: found[c])


def _names(course_id: str, title: str) -> list[list[str]]:
    """The word sequences that name a course: its id's words, its title, the title's head."""
    lowered = title.lower()
    words = _WORD.findall(lowered)
    names = [course_id.split("-"), words, _WORD.findall(_TITLE_CUT.split(lowered)[0])]
    if len(words) > 2 and not _TITLE_CUT.search(f" {words[1]} "):
        names.append(words[:2])  # "machine learning" for Machine Learning Foundations
    return [n for n in names if len(n) > 1 or (n and n[0] not in _EVERYDAY)]


def _phrase_at(words: list[str], name: list[str]) -> int | None:
    """Where the words contain the name, each word exactly or (5+ letters) as a close misspelling.

    A name followed by a role names a career, not the course: "an LLM engineer", "ML engineering".
    """
    for i in range(len(words) - len(name) + 1):
        here, after = words[i : i + len(name)], words[i + len(name) : i + len(name) + 1]
        if all(_same(w, n) for w, n in zip(here, name, strict=True)) and not _ROLES.intersection(after):
            return i
    return None


def _same(word: str, name: str) -> bool:
    if word == name or len(name) < 5 or word in _ROLES:  # "data engineer" is not "data engineering"
        return word == name
    return similar(word, name, min_length=5, same_start=True) or one_slip(word, name)


def cohort_reference(text: str) -> CohortReference | None:
    """The cohort a message names by month, order or relation, if any ("the January group")."""
    words = read_words(text)
    for word, following in pairwise([*words, ""]):
        if word in ("this", "next") and following == "month":
            return CohortReference(months_ahead=0 if word == "this" else 1)
    # "may" is a month only after a word that dates it ("in May", "the May group"), not "may I".
    month = next(
        (MONTH_NUMBERS[w] for w in words if w in MONTH_NUMBERS and (w != "may" or _MAY.search(text.lower()))),
        None,
    )
    if month is not None:
        return CohortReference(month=month)
    for i, word in enumerate(words):
        number = next((w for w in words[i + 1 : i + 3] if w not in ("number", "no")), "")
        if word in _NUMBERED and len(number) == 1 and number.isdigit():
            return CohortReference(order=int(number))
    for i, word in enumerate(words):
        if not (word in _ORDINALS or word in _RELATIONS):
            continue
        nearby = words[i + 1 : i + 4]
        # "the 2nd please", "the next, thanks": an order that ends the message names a cohort too.
        ends = i > 0 and words[i - 1] == "the" and all(w in _CLOSING for w in words[i + 1 :])
        if not (ends or any(w in _GROUP_WORDS for w in nearby)):
            continue
        if word in _ORDINALS:
            return CohortReference(order=_ORDINALS[word])
        relation = {"another": "other", "different": "other", "previous": "earlier"}.get(word, word)
        return CohortReference(relation=relation)
    return None
