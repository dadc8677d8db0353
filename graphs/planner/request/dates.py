"""Dates and periods a message names ("15 February", "2027-02-01", "the end of January", "next spring").

`DATE` finds one; `span` resolves it to the next occurrence after today. Month names tolerate a
typo ("Febuary"); seasons are meteorological (spring from 1 March). What the text says about the
date (before, after, in) is `window`'s business.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from graphs.fuzzy import closest
from graphs.months import MONTH_NUMBERS

MONTHS = MONTH_NUMBERS
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
DATE = re.compile(rf"(?:{_DATE_EXPR})\b", re.IGNORECASE)


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
        return _edge(g["edge"].lower(), g["edge_what"].lower(), today)
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
    word = word.lower()
    month, months = _month(word), 1
    if month is None:
        season = closest(word, SEASONS, min_length=4)
        if season is None:
            return None
        month, months = SEASONS[season], 3
    if year is not None:
        first = date(int(year), month, 1)
    elif rel is not None and rel.lower() in ("next", "coming"):
        first = _next_month_start(month, today, allow_current=False)
    else:
        first = _next_month_start(month, today, allow_current=True, months=months)
    return Span(first, add_months(first, months), recurring=year is None)


def _month(word: str | None) -> int | None:
    """A month by name or abbreviation, tolerating a typo in full names ("Febuary")."""
    if not word:
        return None
    word = word.lower()
    if word in MONTHS:
        return MONTHS[word]
    found = closest(word, [m for m in MONTHS if len(m) > 3], min_length=5)
    return None if found is None else MONTHS[found]


def _next_month_start(month: int, today: date, *, allow_current: bool, months: int = 1) -> date:
    """The first day of the next `month` after today; with `allow_current`, of the period not yet over."""
    for year in (today.year - 1, today.year, today.year + 1):
        first = date(year, month, 1)
        if first > today or (allow_current and add_months(first, months) > today):
            return first
    return date(today.year + 2, month, 1)


def add_months(day: date, months: int) -> date:
    """The same day `months` later (or earlier), clamped to the end of a shorter month."""
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))
