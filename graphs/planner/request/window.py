"""The start window of a program request: bounds on cohort start dates, `[start_after, start_before)`.

"before March" / "until March" (the next 1 March after today), "before 2027-02-01", "before 15
February", "by 2027-02-01" (that day included), "by the end of January", "before spring", "in
January" / "in spring" / "next spring" / "next month" (the whole period), "after January" (from 1
February), "from 10 January", "within 3 months" / "within the next 6 weeks". "By March" and "by
spring" are ambiguous (in March, or before it?) and leave the deadline unset, as do "soon", "early
next year" and dates written with slashes. A deadline about *finishing* ("finish before June") is
not a start date and is ignored.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from graphs.planner.request.counts import number_word
from graphs.planner.request.dates import DATE, Span, add_months, span

_BEFORE = ("before", "until", "till", "til", "prior")
_PREPOSITION = re.compile(
    r"\b(?P<prep>before|until|till|til|prior\s+to|by|in|during|after|from|starting|start|begin(?:ning)?|"
    r"not\s+before|no\s+earlier\s+than|as\s+of)\s+(?:the\s+)?",
    re.IGNORECASE,
)
_WITHIN = re.compile(
    r"\bwithin\s+(?:the\s+)?(?:next\s+)?(?P<n>\d+|[a-z]+)\s+(?P<unit>weeks?|months?)\b", re.IGNORECASE
)
_NEXT_MONTH = re.compile(r"\b(?P<which>next|this)\s+month\b", re.IGNORECASE)
_NEXT_PERIOD = re.compile(r"(?<!\w)(?=(?:next|this|coming)\s+[a-z]{3,10}\b)", re.IGNORECASE)
"""Where "next spring" or "this January" stands without a preposition: the whole period."""
_PREPOSITION_BEFORE = re.compile(
    r"\b(?:before|until|till|til|to|by|in|during|after|from|starting|start|of|"
    r"than|as)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_FINISH = re.compile(
    r"\b(?:finish\w*|complet\w*|end(?:ed|ing)?|done|wrap\w*|graduat\w*)\s+(?:\w+\s+)?$", re.IGNORECASE
)
"""Words before a date that make it an end date ("finish before June"), which is not a start window."""
_ANY_DAY = date(2000, 1, 1)
"""A reference day for asking whether a text names a date at all: which day it is does not matter."""


def start_window(text: str, today: date) -> tuple[date | None, date | None]:
    """`(start_after, start_before)`; a window that is empty or contradictory gives `(None, None)`."""
    after: date | None = None
    before: date | None = None

    def bound(lo: date | None, hi: date | None) -> None:
        nonlocal after, before
        if lo is not None:
            after = lo if after is None else max(after, lo)
        if hi is not None:
            before = hi if before is None else min(before, hi)

    for prep in _PREPOSITION.finditer(text):
        found = DATE.match(text, prep.end())
        if found is None or _FINISH.search(text[: prep.start()]):
            continue
        named = span(found, today)
        word = prep.group("prep").lower().split()[0]
        if named is not None and word in _BEFORE and named.recurring and named.first <= today:
            named = Span(add_months(named.first, 12), add_months(named.end, 12))
        if named is not None:
            bound(*_bounds(word, named))
    for match in _NEXT_PERIOD.finditer(text):
        found = DATE.match(text, match.end())
        preceded = _PREPOSITION_BEFORE.search(text[: match.start()])
        named = span(found, today) if found and not preceded else None
        if named is not None and not _FINISH.search(text[: match.start()]):
            bound(named.first, named.end)
    for match in _WITHIN.finditer(text):
        if not _FINISH.search(text[: match.start()]):
            bound(None, _within(match, today))
    for match in _NEXT_MONTH.finditer(text):
        first = date(today.year, today.month, 1)
        if match.group("which").lower() == "next":
            first = add_months(first, 1)
        bound(first, add_months(first, 1))
    if after is not None and before is not None and after >= before:
        return None, None
    return after, before


def names_a_date(text: str) -> bool:
    """Whether the text bounds a start date at all ("before March", "in spring", "within 3 months")."""
    return start_window(text, _ANY_DAY) != (None, None)


def _bounds(prep: str, named: Span) -> tuple[date | None, date | None]:
    """What one `preposition + date` says about the window."""
    if prep in _BEFORE:
        return None, named.first
    if prep == "by":
        # "by 1 February" includes that day; "by March" may mean in March or before it.
        return (None, named.end) if named.exact else (None, None)
    if prep == "after":
        return named.end, None
    if prep in ("from", "not", "no", "as"):
        return named.first, None
    return named.first, named.end  # in, during, starting, start, begin(ning)


def _within(match: re.Match[str], today: date) -> date | None:
    raw = match.group("n").lower()
    n = int(raw) if raw.isdigit() else number_word(raw)
    if n is None:
        return None
    if match.group("unit").lower().startswith("week"):
        return today + timedelta(weeks=n)
    return add_months(today, n)
