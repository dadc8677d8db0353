"""The start window of a program request: bounds on cohort start dates, `[start_after, start_before)`.

"before March" / "until March" (the next 1 March after today), "before 2027-02-01", "before 15
February", "by 2027-02-01" (that day included), "by the end of January", "before spring", "in
January" / "in spring" / "next spring" / "next month" (the whole period), "after January" (from 1
February), "from 10 January", "within 3 months" / "within the next 6 weeks". "By March" and "by
spring" are ambiguous (in March, or before it?) and leave the deadline unset, as do "soon", "early
next year" and dates written with slashes. A deadline about *finishing* ("finish before June") is
not a start date and is ignored.

Dates resolve to their next occurrence after today; month names tolerate a typo ("Febuary");
seasons are meteorological (spring from 1 March).
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from graphs.fuzzy import closest
from graphs.months import MONTH_NUMBERS
from graphs.planner.request.counts import number_word

SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
"""Meteorological seasons (northern hemisphere): the month each one starts; each lasts three months."""

_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_MONTH_WORD = r"(?P<month>[a-z]{3,10})"
_YEAR = r"(?:,?\s*(?P<year>\d{4}))?"
_DATE_EXPR = (
    rf"(?P<iso>\d{{4}}-\d{{2}}-\d{{2}})|{_DAY}\s+(?:of\s+)?{_MONTH_WORD}{_YEAR}|"
    rf"(?P<month2>[a-z]{{3,10}})\s+(?P<day2>\d{{1,2}})(?:st|nd|rd|th)?\b"
    rf"{_YEAR.replace('year', 'year2')}|"
    rf"(?:the\s+)?(?P<edge>end|start|beginning)\s+of\s+(?:the\s+)?(?P<edge_what>year|[a-z]{{3,10}})|"
    rf"(?P<new_year>(?:the\s+)?new\s+year)|"
    rf"(?:(?P<rel>next|this|coming)\s+)?(?P<period>[a-z]{{3,10}})(?:\s+(?P<pyear>\d{{4}}))?"
)
DATE = re.compile(rf"(?:{_DATE_EXPR})\b")
"""A date or period in lower-cased text (`start_window` lowers it first)."""


@dataclass(frozen=True)
class Span:
    """A period or a day the text names: `[first, end)`; `exact` when it is one day."""

    first: date
    end: date
    exact: bool = False
    recurring: bool = False
    """A month or season named without a year: "before March" means the next 1 March after today."""


def span(match: re.Match[str], today: date) -> Span | None:
    """The period or day a `DATE` match names, resolved to the next occurrence after today."""
    g = match.groupdict()
    if g["iso"]:
        try:
            day = date.fromisoformat(g["iso"])
        except ValueError:
            return None
        return Span(day, day + timedelta(days=1), exact=True)
    if g["day"] or g["day2"]:
        month = _month(g["month"] or g["month2"])
        year = g["year"] or g["year2"]
        return _day(int(g["day"] or g["day2"]), month, int(year) if year else None, today)
    if g["edge"]:
        return _edge(g["edge"], g["edge_what"], today)
    if g["new_year"]:
        first = date(today.year + 1, 1, 1)
        return Span(first, first + timedelta(days=1), exact=True)
    return _period(g["rel"], g["period"], g["pyear"], today)


def _day(day: int, month: int | None, year: int | None, today: date) -> Span | None:
    if month is None:
        return None
    try:
        found = date(year or today.year, month, day)
        if year is None and found <= today:
            found = date(today.year + 1, month, day)
    except ValueError:
        return None
    return Span(found, found + timedelta(days=1), exact=True)


def _edge(edge: str, what: str, today: date) -> Span | None:
    """'the end of January' is the day after it ends; 'the start of March' its first day."""
    if what == "year":
        first = date(today.year, 1, 1) if edge != "end" else date(today.year + 1, 1, 1)
        return Span(first, first + timedelta(days=1), exact=True)
    month = _month(what)
    if month is None:
        return None
    first = _next_month_start(month, today, allow_current=True)
    day = add_months(first, 1) if edge == "end" else first
    # "by the end of January" is exact: the deadline is the day after January.
    return Span(day, day + timedelta(days=1) if edge != "end" else day, exact=True)


def _period(rel: str | None, word: str, year: str | None, today: date) -> Span | None:
    """A month or a season: the one not yet over ('this'), or the next one to start ('next')."""
    month, months = _month(word), 1
    if month is None:
        season = closest(word, SEASONS, min_length=4)
        if season is None:
            return None
        month, months = SEASONS[season], 3
    if year is not None:
        first = date(int(year), month, 1)
    elif rel in ("next", "coming"):
        first = _next_month_start(month, today, allow_current=False)
    else:
        first = _next_month_start(month, today, allow_current=True, months=months)
    return Span(first, add_months(first, months), recurring=year is None)


def _month(word: str) -> int | None:
    """A month by name or abbreviation, tolerating a typo in full names ("Febuary")."""
    if word in MONTH_NUMBERS:
        return MONTH_NUMBERS[word]
    found = closest(word, [m for m in MONTH_NUMBERS if len(m) > 3], min_length=5)
    return None if found is None else MONTH_NUMBERS[found]


def _next_month_start(month: int, today: date, *, allow_current: bool, months: int = 1) -> date:
    """The first day of the next `month` after today; with `allow_current`, of the period not yet over."""
    for year in (today.year - 1, today.year):
        first = date(year, month, 1)
        if first > today or (allow_current and add_months(first, months) > today):
            return first
    return date(today.year + 1, month, 1)  # always after today


def add_months(day: date, months: int) -> date:
    """The same day `months` later (or earlier), clamped to the end of a shorter month."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


_BEFORE = ("before", "until", "till", "til", "prior")
_PREPOSITION = re.compile(
    r"\b(?P<prep>before|until|till|til|prior\s+to|by|in|during|after|from|starting|start|begin(?:ning)?|"
    r"not\s+before|no\s+earlier\s+than|as\s+of)\s+(?:the\s+)?",
)
_WITHIN = re.compile(r"\bwithin\s+(?:the\s+)?(?:next\s+)?(?P<n>\d+|[a-z]+)\s+(?P<unit>weeks?|months?)\b")
_NEXT_MONTH = re.compile(r"\b(?P<which>next|this)\s+month\b")
_NEXT_PERIOD = re.compile(r"(?<!\w)(?=(?:next|this|coming)\s+[a-z]{3,10}\b)")
"""Where "next spring" or "this January" stands without a preposition: the whole period."""
_PREPOSITION_BEFORE = re.compile(
    r"\b(?:before|until|till|til|to|by|in|during|after|from|starting|start|of|"
    r"than|as)\s+(?:the\s+)?$",
)
_FINISH = re.compile(r"\b(?:finish\w*|complet\w*|end(?:ed|ing)?|done|wrap\w*|graduat\w*)\s+(?:\w+\s+)?$")
"""Words before a date that make it an end date ("finish before June"), which is not a start window."""
_ANY_DAY = date(2000, 1, 1)
"""A reference day for asking whether a text names a date at all: which day it is does not matter."""


def start_window(text: str, today: date) -> tuple[date | None, date | None]:
    """`(start_after, start_before)`; a window that is empty or contradictory gives `(None, None)`."""
    text = text.lower()
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
        word = prep.group("prep").split()[0]
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
        if match.group("which") == "next":
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
    raw = match.group("n")
    n = int(raw) if raw.isdigit() else number_word(raw)
    if n is None:
        return None
    if match.group("unit").startswith("week"):
        return today + timedelta(weeks=n)
    return add_months(today, n)
