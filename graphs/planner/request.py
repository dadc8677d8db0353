"""Reads a program request out of a student's message, by rules: no model, no network, no database.

Used when no model is configured, and to check a model's structured output against the text. It
only reads text; the rules a program must satisfy live in `agent.domain.programs`.

What is understood (anything else leaves the field unset, so that the planner asks):

- **Budget**, in euros: a number after a budget word ("within 1500", "under €2,000", "max 1.5k",
  "budget of 1500 euros", "up to 1.200 EUR"), or with a euro sign or word ("€900", "900 euros").
  "1,500" and "1.500" are thousands, "1.5k" is 1500, "12.50" is 12.50. An amount in another currency
  ($, USD, dollars, £, GBP, pounds) is not converted: the budget stays unset.
- **Start window**, as bounds on cohort start dates `[start_after, start_before)`:
  "before March" / "until March" (the next 1 March after today), "before 2027-02-01",
  "before 15 February", "by 2027-02-01" (that day included), "by the end of January", "before
  spring" (seasons are meteorological: spring from 1 March), "in January" / "in spring" / "next
  spring" / "next month" (the whole period), "after January" (from 1 February), "from 10 January",
  "within 3 months" / "within the next 6 weeks". "By March" and "by spring" are ambiguous (in
  March, or before it?) and leave the deadline unset, as do "soon", "early next year" and dates
  written with slashes. A deadline about *finishing* ("finish before June") is not a start date
  and is ignored.
- **Size**: "three courses", "3 courses", "a 4-course program", "two or three courses" (3),
  "a couple of courses" / "a pair of courses" (2); number and course words tolerate one typo.
- **Completed courses**: "I already know python", "I have done python-basics", "I've taken
  statistics and SQL", "I'm familiar with git" → catalog course ids, by id, by the id's words, by
  the id's first word when only one course has it, or by a few common names (pandas, git, docker …).
- **Waitlist**: "a waitlist is fine", "happy to be on a waitlist".
- **Goal**: the phrase after "goal of", "become", "move into", "career in", "learning path for",
  "roadmap to", "program in" …, cut at the budget, the dates or the end of the clause.

`decompose` splits a goal into sub-questions for the planner's workers from a small table of goals;
the model-backed planner may replace it with the model's own decomposition.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Collection
from dataclasses import dataclass
from datetime import date, timedelta
from difflib import SequenceMatcher, get_close_matches

from agent.domain.programs import DEFAULT_SIZE, ProgramRequest

MAX_SIZE = 10
"""A stated number of courses above this is not read as the program's size."""

_MONTH_NAMES = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)
"""English names, written out: `calendar.month_name` follows the process locale."""
_MONTHS = {name: n for n, name in enumerate(_MONTH_NAMES, start=1)}
_MONTHS |= {name[:3]: n for name, n in list(_MONTHS.items())} | {"sept": 9}
_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
"""Meteorological seasons (northern hemisphere): the month each one starts; each lasts three months."""
_NUMBERS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "single": 1,
    "couple": 2,
    "pair": 2,
}
_COURSE_WORDS = ("course", "courses", "class", "classes", "module", "modules")
_SIZE_FILLERS = {
    "of",
    "more",
    "different",
    "good",
    "short",
    "online",
    "new",
    "or",
    "to",
    "-",
    "a",
    "the",
    "related",
    "relevant",
    "separate",
}

_EURO = r"(?:€|eur\b|euros?\b)"
_FOREIGN = r"(?:\$|£|usd\b|gbp\b|dollars?\b|pounds?\b|bucks\b)"
_AMOUNT = r"(?P<num>\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?!\d)(?:\s*(?P<k>k)\b)?"
_NOT_MONEY = (
    r"(?!\s*(?:-\s*)?(?:courses?|class(?:es)?|modules?|weeks?|months?|days?|hours?|minutes?|"
    r"years?|%|people|students|seats))"
)
"""An amount followed by one of these counts something other than money ("within 3 months")."""
_BUDGET_WORDS = (
    r"within|under|below|less\s+than|no\s+more\s+than|not\s+more\s+than|max(?:imum)?|"
    r"at\s+most|up\s+to|budget(?:\s+(?:of|is|:))?|spend(?:ing)?|afford|cap(?:\s+of)?|"
    r"limit(?:\s+(?:of|is))?|for"
)
_MONEY_AROUND = r"(?:(?:around|about|roughly|approx(?:imately)?|~|only|just|a)\s*)?"
_KEYWORD_BUDGET = re.compile(
    rf"\b(?:{_BUDGET_WORDS})\s*:?\s*{_MONEY_AROUND}(?P<pre>{_EURO}|{_FOREIGN})?\s*{_AMOUNT}{_NOT_MONEY}"
    rf"(?:\s*(?P<post>{_EURO}|{_FOREIGN}))?",
    re.IGNORECASE,
)
_TRAILING_BUDGET = re.compile(
    rf"(?P<pre>{_EURO}|{_FOREIGN})?\s*\b{_AMOUNT}{_NOT_MONEY}\s*(?P<post>{_EURO}|{_FOREIGN})?\s*"
    r"(?:budget|max(?:imum)?|to\s+spend|tops)\b",
    re.IGNORECASE,
)
_SIGN_FIRST = re.compile(rf"(?P<pre>{_EURO}|{_FOREIGN})\s*{_AMOUNT}(?P<post>)", re.IGNORECASE)
_SIGN_AFTER = re.compile(rf"(?P<pre>)\b{_AMOUNT}\s*(?P<post>{_EURO}|{_FOREIGN})", re.IGNORECASE)

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
_BEFORE = ("before", "until", "till", "til", "prior")
_PREPOSITION = re.compile(
    r"\b(?P<prep>before|until|till|til|prior\s+to|by|in|during|after|from|starting|start|begin(?:ning)?|"
    r"not\s+before|no\s+earlier\s+than|as\s+of)\s+(?:the\s+)?",
    re.IGNORECASE,
)
_DATE = re.compile(rf"(?:{_DATE_EXPR})\b", re.IGNORECASE)
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

_WAITLIST_OK = re.compile(
    r"\b(?:wait\s*list|waiting\s+list)\s+(?:is|would\s+be|are)\s+(?:fine|ok(?:ay)?|good|acceptable)|"
    r"\b(?:happy|fine|ok(?:ay)?|willing|glad)\s+(?:with|to\s+(?:be\s+on|join|go\s+on|take))\s+(?:a\s+|the\s+)?"
    r"(?:wait\s*list|waiting\s+list)",
    re.IGNORECASE,
)

_COMPLETED = re.compile(
    r"(?<![a-z'])(?:i\s+(?:already\s+)?(?:know|knew|did|took|completed|finished|passed|studied)|"
    r"i(?:'ve|\s+have)\s+(?:already\s+)?(?:done|taken|completed|finished|passed|studied|had)|"
    r"already\s+(?:know|did|done|took|taken|have|had|completed|finished)|"
    r"i(?:'m|\s+am)\s+(?:already\s+)?(?:familiar|comfortable|good|fluent|experienced|confident)\s+"
    r"(?:with|in|at)|(?:background|experience)\s+(?:in|with))\b(?P<what>[^.;!?]*)",
    re.IGNORECASE,
)
_NEGATED = re.compile(
    r"\b(?:not|no|never|don't|dont|do\s+not|haven't|havent|didn't|didnt)\W+(?:\w+\W+)?$", re.IGNORECASE
)
_CLAUSE_END = re.compile(
    r"\b(?:but|so|because|though|although|want|wanna|would|need|now|what|which|how|"
    r"when|where|to|into|for|before|after|within|under|starting|and\s+(?:i|now|"
    r"want|would|need|looking))\b|,\s*(?:i|now|so|but|and\s+i)\b",
    re.IGNORECASE,
)
_ALIASES = {
    "git": "command-line-git",
    "shell": "command-line-git",
    "bash": "command-line-git",
    "pandas": "data-analysis",
    "numpy": "data-analysis",
    "stats": "statistics",
    "probability": "statistics",
    "machine learning": "ml-foundations",
    "scikit-learn": "ml-foundations",
    "sklearn": "ml-foundations",
    "docker": "cloud-deployment",
    "kubernetes": "cloud-deployment",
    "fastapi": "web-apis",
    "pytorch": "deep-learning",
    "neural networks": "deep-learning",
    "vision": "computer-vision",
    "prompting": "prompt-engineering",
    "agents": "llm-agents",
    "airflow": "data-engineering",
    "etl": "data-engineering",
    "postgres": "sql-fundamentals",
    "postgresql": "sql-fundamentals",
}
"""Common names of what a course teaches; used only for ids the catalog passed in actually has."""

_GOALS = (
    re.compile(r"\bgoal\s+(?:is\s+|of\s+|:\s*)?(?:to\s+)?(?P<g>.+)", re.IGNORECASE),
    re.compile(
        r"(?P<g>\b(?:becom\w*|be\s+an?|mov\w+\s+into|get\w*\s+into|switch\w*\s+(?:to|into)|"
        r"transition\w*\s+(?:to|into)|break\w*\s+into|career\s+(?:in|as)|work\s+as)\s+.+)",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:learning\s+path|road\s*map|curriculum|program(?:me)?|path|plan|courses|classes|modules)"
        r"(?:\s+(?:should|do|must|would|can)\s+i\s+(?:take|do|need|follow))?\s+(?:to|for|into|"
        r"in|on|about|towards?)\s+(?P<g>.+)",
        re.IGNORECASE,
    ),
    re.compile(r"\b(?:learn|study|master|get\s+good\s+at)\s+(?P<g>.+)", re.IGNORECASE),
)
"""Where a goal starts, strongest signal first: "goal of X", "become X", "a roadmap to X", "learn X"."""
_GOAL_END = re.compile(
    rf"\s*(?:[.,;!?(]|\b(?:{_BUDGET_WORDS.replace('|for', '')})\b|€|\$|£|\d|\bstart\w*\b|"
    r"\bbefore\b|\bafter\b|"
    r"\bby\b|\buntil\b|\bfrom\b|\bbut\b|\bbecause\b|\bi\b|\bi'(?:ve|m|d|ll)\b|\bwhich\b|\bwhat\b|"
    r"\b(?:can|could|would)\s+you\b|\bplease\b|\b(?:this|next|coming)\s+(?:month|year|"
    + "|".join(_SEASONS)
    + r")\b|\bin\s+(?:the\s+)?(?:next|"
    + "|".join(_MONTHS)
    + "|"
    + "|".join(_SEASONS)
    + r")\b)",
    re.IGNORECASE,
)
_TRAILING = re.compile(r"(?:\s+(?:and|or|with|for|of|to|a|an|the|my))+$", re.IGNORECASE)

_PROGRAM_PHRASES = (
    "learning path",
    "roadmap",
    "road map",
    "curriculum",
    "study plan",
    "plan my studies",
    "plan my study",
    "plan my learning",
    "which courses should i take",
    "what courses should i take",
    "which courses do i need",
    "what courses do i need",
    "which courses should i do",
    "what should i take",
    "in which order",
    "what order should",
    "sequence of courses",
    "career path",
    "career change",
    "series of courses",
    "set of courses",
    "combination of courses",
    "bundle of courses",
)
_PROGRAM_WORDS = ("program", "programme", "roadmap", "curriculum")
_PLANNING_VERBS = re.compile(
    r"\b(?:put\s+together|plan|build|make|design|create|suggest|recommend|propose|"
    r"draw\s+up|set\s+up|combine|assemble)\b",
    re.IGNORECASE,
)
_CAREER = re.compile(
    r"\b(?:becom\w*|be\s+an?|mov\w+\s+into|get\w*\s+into|switch\w*\s+(?:to|into)|"
    r"transition\w*\s+(?:to|into)|break\w*\s+into|career\s+(?:in|as)|work\s+as)\b",
    re.IGNORECASE,
)
_ROLE = re.compile(
    r"\b(?:engineer|scientist|developer|analyst|architect|specialist|expert|researcher|"
    r"engineering|science|analytics|development)s?\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z0-9€$£]+(?:[-'][a-z0-9]+)*")
_ANY_DAY = date(2000, 1, 1)
"""A reference day for asking whether a text names a date at all: which day it is does not matter."""


def parse_program_request(text: str, *, today: date, course_ids: Collection[str]) -> ProgramRequest:
    """The program request in `text`, with what it does not say left unset (see the module docstring).

    `course_ids` are the catalog's course ids, for the completed courses the text names.
    """
    after, before = _window(text, today)
    return ProgramRequest(
        goal=_goal(text),
        budget_cents=_budget(text),
        start_before=before,
        start_after=after,
        size=_size(text) or DEFAULT_SIZE,
        completed=_completed(text, course_ids),
        waitlist_ok=bool(_WAITLIST_OK.search(text)),
    )


def is_program_request(text: str) -> bool:
    """Whether a message asks for a program of several courses rather than about one course.

    True for a planning phrase ("learning path", "roadmap", "which courses should I take"), for a
    number of courses of two or more ("three courses for ..."), for a career move ("become a data
    engineer", "move into ML engineering"), and for "program" or a planning verb with courses, a
    goal, a budget or a start date ("put together a program", "a program for data analysis within
    €1500"). "Is there a program for beginners?" is a question about the catalog, not a request.
    Actions on a pending proposal are the router's business, not this function's.
    """
    flat = " ".join(_fuzzy_words(text))
    if any(p in flat for p in _PROGRAM_PHRASES):
        return True
    if (_size(text) or 0) >= 2 or (_CAREER.search(flat) and _ROLE.search(flat)):
        return True
    words = set(flat.split())
    courses = bool(words & {"courses", "classes", "modules"})
    constrained = "goal" in words or _budget(text) is not None or _names_a_date(text)
    planning = bool(_PLANNING_VERBS.search(flat))
    if words & set(_PROGRAM_WORDS):
        return planning or courses or constrained
    return planning and courses and constrained


# -- budget ---------------------------------------------------------------------------------------
def _budget(text: str) -> int | None:
    """The budget in cents: a budget word with an amount first, else an amount in euros; None if foreign."""
    for pattern in (_KEYWORD_BUDGET, _TRAILING_BUDGET, _SIGN_FIRST, _SIGN_AFTER):
        for match in pattern.finditer(text):
            currency = (match.group("pre") or "") + (match.group("post") or "")
            if pattern is _KEYWORD_BUDGET and match.group(0).lower().startswith("for") and not currency:
                continue  # "for 3 weeks" or "for 2027": "for" alone is not a budget word
            if re.search(_FOREIGN, currency, re.IGNORECASE):
                return None
            return _cents(match.group("num"), bool(match.group("k")))
    return None


def _cents(number: str, thousands: bool) -> int:
    """'1,500' and '1.500' → 150000, '1.5' with k → 150000, '12.50' → 1250."""
    whole, cents = number, "0"
    grouped = re.fullmatch(r"(\d{1,3}(?:[.,]\d{3})+)(?:[.,](\d{1,2}))?", number)
    if grouped:
        whole, cents = re.sub(r"[.,]", "", grouped.group(1)), grouped.group(2) or "0"
    elif re.search(r"[.,]", number):
        whole, cents = re.split(r"[.,]", number)
    amount = int(whole) * 100 + int(cents.ljust(2, "0"))
    return amount * 1000 if thousands else amount


# -- window ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Span:
    """A period or a day the text names: `[first, end)`; `exact` when it is one day."""

    first: date
    end: date
    exact: bool = False
    recurring: bool = False
    """A month or season named without a year: "before March" means the next 1 March after today."""


def _window(text: str, today: date) -> tuple[date | None, date | None]:
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
        found = _DATE.match(text, prep.end())
        if found is None or _FINISH.search(text[: prep.start()]):
            continue
        span = _span(found, today)
        word = prep.group("prep").lower().split()[0]
        if span is not None and word in _BEFORE and span.recurring and span.first <= today:
            span = _Span(_add_months(span.first, 12), _add_months(span.end, 12))
        if span is not None:
            bound(*_bounds(word, span))
    for match in _NEXT_PERIOD.finditer(text):
        found = _DATE.match(text, match.end())
        preceded = _PREPOSITION_BEFORE.search(text[: match.start()])
        span = _span(found, today) if found and not preceded else None
        if span is not None and not _FINISH.search(text[: match.start()]):
            bound(span.first, span.end)
    for match in _WITHIN.finditer(text):
        if not _FINISH.search(text[: match.start()]):
            bound(None, _within(match, today))
    for match in _NEXT_MONTH.finditer(text):
        first = _month_start(today.year, today.month)
        if match.group("which").lower() == "next":
            first = _add_months(first, 1)
        bound(first, _add_months(first, 1))
    if after is not None and before is not None and after >= before:
        return None, None
    return after, before


def _names_a_date(text: str) -> bool:
    """Whether the text bounds a start date at all ("before March", "in spring", "within 3 months")."""
    return _window(text, _ANY_DAY) != (None, None)


def _bounds(prep: str, span: _Span) -> tuple[date | None, date | None]:
    """What one `preposition + date` says about the window."""
    if prep in _BEFORE:
        return None, span.first
    if prep == "by":
        # "by 1 February" includes that day; "by March" may mean in March or before it.
        return (None, span.end) if span.exact else (None, None)
    if prep == "after":
        return span.end, None
    if prep in ("from", "not", "no", "as"):
        return span.first, None
    return span.first, span.end  # in, during, starting, start, begin(ning)


def _span(match: re.Match[str], today: date) -> _Span | None:
    """The period or day a window match names, resolved to the next occurrence after today."""
    g = match.groupdict()
    if g["iso"]:
        try:
            day = date.fromisoformat(g["iso"])
        except ValueError:
            return None
        return _Span(day, day + timedelta(days=1), exact=True)
    if g["day"] or g["day2"]:
        month = _month(g["month"] or g["month2"])
        year = g["year"] or g["year2"]
        return _day(int(g["day"] or g["day2"]), month, int(year) if year else None, today)
    if g["edge"]:
        return _edge(g["edge"].lower(), g["edge_what"].lower(), today)
    if g["new_year"]:
        first = date(today.year + 1, 1, 1)
        return _Span(first, first + timedelta(days=1), exact=True)
    return _period(g["rel"], g["period"], g["pyear"], today)


def _day(day: int, month: int | None, year: int | None, today: date) -> _Span | None:
    if month is None:
        return None
    try:
        found = date(year or today.year, month, day)
        if year is None and found <= today:
            found = date(today.year + 1, month, day)
    except ValueError:
        return None
    return _Span(found, found + timedelta(days=1), exact=True)


def _edge(edge: str, what: str, today: date) -> _Span | None:
    """'the end of January' is the day after it ends; 'the start of March' its first day."""
    if what == "year":
        first = date(today.year, 1, 1) if edge != "end" else date(today.year + 1, 1, 1)
        return _Span(first, first + timedelta(days=1), exact=True)
    month = _month(what)
    if month is None:
        return None
    first = _next_month_start(month, today, allow_current=True)
    day = _add_months(first, 1) if edge == "end" else first
    # "by the end of January" is exact: the deadline is the day after January.
    return _Span(day, day + timedelta(days=1) if edge != "end" else day, exact=True)


def _period(rel: str | None, word: str, year: str | None, today: date) -> _Span | None:
    """A month or a season: the one not yet over ('this'), or the next one to start ('next')."""
    word = word.lower()
    month = _month(word)
    if month is not None:
        months = 1
    elif _season(word) is not None:
        month, months = _SEASONS[_season(word) or ""], 3
    else:
        return None
    if year is not None:
        first = date(int(year), month, 1)
    elif rel is not None and rel.lower() in ("next", "coming"):
        first = _next_month_start(month, today, allow_current=False)
    else:
        first = _next_month_start(month, today, allow_current=True, months=months)
    return _Span(first, _add_months(first, months), recurring=year is None)


def _within(match: re.Match[str], today: date) -> date | None:
    raw = match.group("n").lower()
    n = int(raw) if raw.isdigit() else _number(raw)
    if n is None:
        return None
    if match.group("unit").lower().startswith("week"):
        return today + timedelta(weeks=n)
    return _add_months(today, n)


def _month(word: str | None) -> int | None:
    """A month by name or abbreviation, tolerating a typo in full names ("Febuary")."""
    if not word:
        return None
    word = word.lower()
    if word in _MONTHS:
        return _MONTHS[word]
    if len(word) < 5:
        return None
    close = get_close_matches(word, [m for m in _MONTHS if len(m) > 3], n=1, cutoff=0.8)
    return _MONTHS[close[0]] if close else None


def _season(word: str) -> str | None:
    if word in _SEASONS:
        return word
    close = get_close_matches(word, list(_SEASONS), n=1, cutoff=0.8)
    return close[0] if close and len(word) >= 4 else None


def _month_start(year: int, month: int) -> date:
    return date(year, month, 1)


def _next_month_start(month: int, today: date, *, allow_current: bool, months: int = 1) -> date:
    """The first day of the next `month` after today; with `allow_current`, of the period not yet over."""
    for year in (today.year - 1, today.year, today.year + 1):
        first = date(year, month, 1)
        if first > today or (allow_current and _add_months(first, months) > today):
            return first
    return date(today.year + 2, month, 1)


def _add_months(day: date, months: int) -> date:
    index = day.month - 1 + months
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


# -- size, completed, goal ------------------------------------------------------------------------
def _size(text: str) -> int | None:
    """How many courses the text asks for; the larger of 'two or three'; None when it does not say."""
    words = _WORD.findall(text.lower().replace("-", " - "))
    for n, word in enumerate(words):
        if not _is_course_word(word):
            continue
        found: list[int] = []
        for before in reversed(words[max(0, n - 5) : n]):
            number = int(before) if before.isdigit() else _number(before)
            if number is not None:
                found.append(number)
            elif before not in _SIZE_FILLERS:
                break
        at_once = " ".join(words[n + 1 : n + 4]).startswith(("at a time", "at once", "in parallel"))
        if found and 1 <= max(found) <= MAX_SIZE and not at_once:
            return max(found)
    return None


def _is_course_word(word: str) -> bool:
    return word in _COURSE_WORDS or (
        len(word) >= 5 and bool(get_close_matches(word, _COURSE_WORDS, n=1, cutoff=0.8))
    )


def _number(word: str) -> int | None:
    if word in _NUMBERS:
        return _NUMBERS[word]
    if len(word) < 4:
        return None
    close = get_close_matches(word, list(_NUMBERS), n=1, cutoff=0.8)
    # The first letter must agree: "done" is not "one", "thre" is "three".
    return _NUMBERS[close[0]] if close and close[0][0] == word[0] else None


def _completed(text: str, course_ids: Collection[str]) -> tuple[str, ...]:
    """The catalog courses the text says the student has already done, in the order named."""
    aliases = _course_aliases(course_ids)
    found: list[str] = []
    for match in _COMPLETED.finditer(text):
        if _NEGATED.search(text[: match.start()]):
            continue
        clause = _CLAUSE_END.split(match.group("what"), maxsplit=1)[0]
        for course_id in _named_courses(clause, aliases):
            if course_id not in found:
                found.append(course_id)
    return tuple(found)


def _course_aliases(course_ids: Collection[str]) -> dict[str, str]:
    """Name → course id: the id, its words, its first word when unique, and the common names above."""
    aliases = {alias: cid for alias, cid in _ALIASES.items() if cid in course_ids}
    first_words: dict[str, list[str]] = {}
    for cid in course_ids:
        first_words.setdefault(cid.split("-")[0], []).append(cid)
    for word, ids in first_words.items():
        if len(ids) == 1 and len(word) >= 2:
            aliases[word] = ids[0]
    for cid in course_ids:
        aliases[cid] = cid
        aliases[cid.replace("-", " ")] = cid
    return aliases


def _named_courses(clause: str, aliases: dict[str, str]) -> list[str]:
    """Course ids named in a clause, longest names first, single words within one typo."""
    words = _WORD.findall(clause.lower())
    found: list[str] = []
    n = 0
    while n < len(words):
        for length in (3, 2, 1):
            phrase = " ".join(words[n : n + length])
            course_id = aliases.get(phrase) or aliases.get(phrase.rstrip("s"))
            if course_id is None and length == 1 and len(phrase) >= 5:
                close = get_close_matches(phrase, [a for a in aliases if " " not in a], n=1, cutoff=0.8)
                course_id = aliases[close[0]] if close else None
            if course_id is not None and len(words[n : n + length]) == length:
                if course_id not in found:
                    found.append(course_id)
                n += length
                break
        else:
            n += 1
    return found


def _goal(text: str) -> str:
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
    if word.lower() in _COURSE_WORDS or not _is_course_word(word.lower()):
        return word
    close = get_close_matches(word.lower(), _COURSE_WORDS, n=1, cutoff=0.8)
    return close[0]


def _fuzzy_words(text: str) -> list[str]:
    """Lower-case words with typos in the planning vocabulary corrected ("programm", "curiculum")."""
    vocabulary = (
        "program",
        "programme",
        "roadmap",
        "curriculum",
        "course",
        "courses",
        "learning",
        "together",
        "become",
        "engineer",
        "scientist",
        "developer",
        "analyst",
        "career",
        "studies",
    )
    out = []
    for word in _WORD.findall(text.lower().replace("’", "'")):
        if len(word) >= 6 and word not in vocabulary:
            close = [v for v in vocabulary if SequenceMatcher(None, word, v).ratio() >= 0.85]
            word = close[0] if close else word
        out.append(word)
    return out


# -- decompose ------------------------------------------------------------------------------------
_PATHS: tuple[tuple[tuple[str, ...], tuple[tuple[str, tuple[str, ...]], ...]], ...] = (
    (
        (
            "mlops",
            "ml ops",
            "ml engineer",
            "ml engineering",
            "machine learning engineer",
            "machine learning engineering",
            "deploy models",
            "deploying models",
            "models in production",
        ),
        (
            ("foundations", ("python-basics", "statistics")),
            ("machine learning", ("ml-foundations",)),
            ("deploying models", ("mlops",)),
        ),
    ),
    (
        (
            "llm",
            "llms",
            "genai",
            "generative ai",
            "ai engineer",
            "ai engineering",
            "agents",
            "agent",
            "chatbot",
            "chatbots",
            "prompt",
            "prompts",
            "rag",
            "retrieval",
        ),
        (
            ("foundations", ("python-basics",)),
            ("prompting", ("prompt-engineering",)),
            ("retrieval", ("rag",)),
            ("agents", ("llm-agents",)),
        ),
    ),
    (
        (
            "deep learning",
            "neural",
            "nlp",
            "natural language",
            "computer vision",
            "vision",
            "image",
            "images",
            "ai research",
            "ai researcher",
        ),
        (
            ("machine learning", ("ml-foundations",)),
            ("deep learning", ("deep-learning",)),
            ("specialisation", ("nlp", "computer-vision")),
        ),
    ),
    (
        ("data engineer", "data engineering", "pipelines", "pipeline", "etl", "warehouse", "airflow"),
        (("foundations", ("python-basics", "sql-fundamentals")), ("data pipelines", ("data-engineering",))),
    ),
    (
        (
            "data science",
            "data scientist",
            "data analysis",
            "data analyst",
            "analytics",
            "machine learning",
            "ml",
        ),
        (
            ("foundations", ("python-basics", "statistics")),
            ("data analysis", ("data-analysis",)),
            ("machine learning", ("ml-foundations",)),
        ),
    ),
    (
        (
            "backend",
            "back end",
            "web",
            "api",
            "apis",
            "devops",
            "cloud",
            "software engineer",
            "software developer",
            "developer",
        ),
        (
            ("foundations", ("python-basics", "command-line-git")),
            ("web apis", ("web-apis",)),
            ("deployment", ("cloud-deployment",)),
        ),
    ),
)
"""Goal keywords → sub-goals (label, course ids); the first row with a keyword in the goal wins."""
_SPECIALISATIONS = {
    "nlp": ("nlp", "natural language", "language", "text"),
    "computer-vision": ("vision", "image", "images", "video"),
}
_SPLIT = re.compile(r"\s*(?:,|&|\band\b|\bplus\b|\bas\s+well\s+as\b)\s*", re.IGNORECASE)


def decompose(request: ProgramRequest) -> list[str]:
    """Sub-questions for the planner's workers, one per sub-goal, in the order the courses build up.

    A goal in the table gives 2–4 sub-questions like "foundations: python-basics and statistics";
    naming course ids makes `School.search` find exactly those courses. Courses the student has
    completed are left out, and so is a sub-goal left empty. A goal not in the table is split on
    "and" and commas into up to four sub-questions (one when it names a single topic). The
    model-backed planner may replace this with its own decomposition.
    """
    goal = " ".join(_fuzzy_goal_words(request.goal))
    if not goal:
        return []
    for keywords, subgoals in _PATHS:
        if any(re.search(rf"\b{re.escape(k)}\b", goal) for k in keywords):
            questions = []
            for label, ids in subgoals:
                wanted = [c for c in _specialised(ids, goal) if c not in request.completed]
                if wanted:
                    questions.append(f"{label}: {' and '.join(wanted)}")
            return questions
    parts = [p for p in _SPLIT.split(request.goal.strip()) if p]
    return parts[:4]


def _specialised(ids: tuple[str, ...], goal: str) -> tuple[str, ...]:
    """Of several specialisations, the ones the goal names; all of them when it names none."""
    named = tuple(
        c for c in ids if any(re.search(rf"\b{re.escape(w)}\b", goal) for w in _SPECIALISATIONS.get(c, ()))
    )
    return named or ids


def _fuzzy_goal_words(goal: str) -> list[str]:
    """The goal's words, lower-case, with typos in the table's keywords corrected ("machne learning")."""
    vocabulary = sorted(
        {w for keywords, _ in _PATHS for k in keywords for w in k.split()}
        | {w for words in _SPECIALISATIONS.values() for w in words}
    )
    out = []
    for word in _WORD.findall(goal.lower()):
        if len(word) >= 5 and word not in vocabulary:
            close = get_close_matches(word, vocabulary, n=1, cutoff=0.85)
            word = close[0] if close else word
        out.append(word)
    return out
