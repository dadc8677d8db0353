"""Reading a question's filters and the facts it asks for, by rules: the offline reader.

"Which courses start in January?" is a month, "under 500 euros" a price limit, "beginner courses"
a level, "which cohorts still have seats" free seats, "after my current course ends" a start after
the student's enrollment, "what can I take after Python Basics?" the courses that build on one.
`read_question` returns them as `agent.domain.catalog_queries.Filters` (the seam where a router
model's structured output can hand in the same dataclass instead), with the words left over once
the filters are read: a question with filters and no subject of its own is answered by a query on
the tables; one with a subject ("deep learning for beginners") is about that course, and the
filter says which of its facts to state (`Reading.facets`).
Pure functions over the lower-cased text (the patterns need no case flag): no database, no model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from agent.domain.catalog_queries import Filters, next_month
from graphs.fuzzy import word_set
from graphs.months import MONTH_NAMES, MONTH_NUMBERS
from graphs.planner.request.money import AMOUNT, EURO, cents
from graphs.terms import topic_terms

_MONTH = re.compile(
    rf"\b(?:(?P<name>{'|'.join(m for m in MONTH_NAMES if m != 'may')})"
    r"|(?<=in )(?P<may>may))\b(?:\s+(?P<year>20\d\d))?",
)
_AMOUNT = rf"(?:€\s?)?{AMOUNT}\s?{EURO}?"
_PRICE = re.compile(
    r"\b(?P<cmp>under|below|less than|at most|up to|no more than|cheaper than|max(?:imum)?|within|over|above"
    r"|more than|at least)\s+(?:a budget of\s+)?" + _AMOUNT + r"(?!\s*(?:weeks?|months?|days?)\b)",
)
_FREE_COURSE = re.compile(
    r"\bfree (?:courses?|classes?|of charge)\b|\bfor free\b|\bcost(?:s|ing)? nothing\b"
    r"|\bwithout paying\b|\b(?:no|zero) cost\b|\bdon'?t (?:have to )?pay\b"
    r"|\b(?:courses?|classes?) (?:are|is) free\b(?! (?:seats?|spots?|places?)\b)",
)
_WEEKS = re.compile(
    r"\b(?P<cmp>under|below|less than|fewer than|at most|up to|no more than|shorter than|within|over"
    r"|more than|longer than|at least)\s+(?P<n>\d{1,2})\s+weeks?\b"
    r"|\b(?P<n2>\d{1,2})\s+weeks?\s+or\s+(?P<cmp2>less|shorter|fewer|more|longer)\b",
)
_BETWEEN = re.compile(r"\bbetween\s+" + _AMOUNT.replace("(?P<", "(?P<low_") + r"\s+and\s+" + _AMOUNT)
_PICK = re.compile(
    r"\b(?:(?P<cheapest>cheapest|least expensive|lowest price)|(?P<priciest>most expensive|priciest|dearest)"
    r"|(?P<shortest>shortest|quickest)|(?P<longest>longest))\b"
)
"""A superlative asks for the extreme course(s) among those the other filters keep (the first group wins)."""
_SOON = re.compile(
    r"\b(?P<which>this|next|coming)\s+(?P<unit>week|month)\b"
    r"|\b(?:in|within)\s+the\s+next\s+(?P<n>\d{1,2})\s+(?P<units>days|weeks)\b",
)
_EXACT_WEEKS = re.compile(
    r"\b(?:lasts?|lasting|takes?)\s+(?:exactly\s+)?(?P<n>\d{1,2})\s+weeks?\b(?!\s+or\b)"
    r"|(?<!than )(?<!least )(?<!most )(?<!to )\b(?P<n2>\d{1,2})[\s-]weeks?\s+long\b"
    r"|\b(?P<n3>\d{1,2})-weeks?\s+(?:courses?|classes?)\b",
)
_NO_PREREQUISITES = re.compile(
    r"\b(?:no|without|zero)\s+(?:prerequisites?|prereqs?|requirements?)\b"
    r"|\bnothing\s+required\b|\bdon'?t\s+(?:require|need)\s+(?:any)?thing\b"
    r"|\bwithout\s+(?:having\s+)?(?:completed|taken|done|finished)\s+(?:any|an)\s*(?:other|another)?\s+course",
)
_FILTER_TERM = re.compile(r"\d+(?:-weeks?)?|(?:beginner|intermediate|advanced)s?-level")
"""A number, a number of weeks or a level written as one word ("4-week", "advanced-level"): not a subject."""
_LEVEL = re.compile(r"\b(?P<level>beginner|intermediate|advanced)s?\b")
_SEATS = re.compile(
    r"\b(?:free|available|open|left|remaining)\s+(?:seats?|spots?|places?)\b"
    r"|\b(?:seats?|spots?|places?)\s+(?:free|available|open|left|remaining)\b"
    r"|\bstill\s+(?:has|have|got)\s+(?:a\s+)?(?:seats?|spots?|places?|room)\b"
    r"|\bnot\s+(?:yet\s+)?full\b",
)
_AFTER_MINE = re.compile(
    r"\bafter\s+(?:my|the)\s+(?:current\s+)?(?:course|cohort|class|enrollment)\b"
    r"|\bafter\s+i\s+(?:finish|complete|am done)\b",
)
_ASKS_FOR_COURSES = re.compile(
    r"\b(?:what|which)(?:'s|\s+is)?(?:\s+the)?(?:\s+(?:other|more|further|beginner|intermediate|advanced))?"
    r"(?:\s+(?:courses?|classes?|options?))?"
    r"\s+(?:(?:can|could|should|do|shall|would|might)\s+i\s+(?:then\s+)?"
    r"(?:take|do|study|learn|enrol+|join|choose|pick|try)|comes?|follows?|courses?|classes?|next|builds?"
    r"|requires?|needs?)\b",
)
"""The question asks which courses to take ("what can I take", "which courses", "what comes")."""
_NOT_A_COURSE = (
    r"(?!(?:my|it|this|that|i|finish\w*|complet\w*|done|the\s+(?:current|deadline|start|end)|next|"
    + "|".join(MONTH_NAMES)
    + r")\b|\d)"
)
_COURSE_BEFORE = re.compile(
    r"\b(?:after|once|when)\s+(?:i(?:'ve|\s+have|\s+am|'m)?\s+)?"
    r"(?:(?:finish(?:ed|ing)?|complet(?:e|ed|ing)|done(?:\s+with)?|taking|doing|passing|passed|took|did)\s+)?"
    + _NOT_A_COURSE
    + r"(?=[a-z])"
    r"|\bnext\s+(?:step|course|class)\b(?!\s+(?:starts?|begins?|dates?|cohorts?))|\bwhat(?:'s|\s+is)?\s+next\b"
    r"|\b(?:take|do|study|learn)\s+next\b|\bbuilds?\s+on\b|\bfollow[- ]?(?:up|on)s?\b"
    r"|\bas\s+(?:a\s+)?prerequisite\b|\b(?:requires?|needs?)\s+(?!(?:a|an|to|any|me|i|it|my)\b)",
)
"""A course that comes before the ones asked for: after a course the question names ("after Python
Basics", "once I finish SQL"), not after a day or the student's current course (`_AFTER_MINE`), or
one that they come next to, build on or require ("what's next", "which courses require SQL")."""
_REFERS = re.compile(r"\b(?:it|its|this one|that one|this course|that course|them)\b")
FILTER_WORDS = word_set(
    """under below less than most up no more cheaper max maximum within over above least budget
    euro euros eur free charge nothing seats seat spots spot places place left remaining available
    open still room full not yet beginner beginners intermediate advanced weeks week shorter longer
    fewer after current finish finishes complete ends end done month next starting begins begin
    cohort cohorts class classes course courses got has take can afford options option before
    list show give all any anything which last lasts long costing costs without exactly group groups
    intake intakes priced price prices strictly only sometime level levels paying pay cent cents
    cheapest shortest longest expensive between run runs jump into having completed taken
    other another first day days"""
) | frozenset(MONTH_NAMES)
"""Words that belong to a filter, not to a subject: "courses under 500 euros" names no subject."""

FACETS = re.compile(
    r"\b(?:(?P<price>price|prices|cost|costs|fee|fees|how much|expensive|cheap|afford)"
    r"|(?P<dates>when|start|starts|starting|date|dates|begin|begins|next cohort)"
    r"|(?P<level>beginners?|level|advanced|intermediate|easy|hard|difficult|newbies?)"
    r"|(?P<prerequisites>prerequisites?|prereqs?|requirements?|required|need (?:to know )?(?:first|before)"
    r"|before)"
    r"|(?P<format>online|in person|in-person|on-?site|remote|live|format|recorded)"
    r"|(?P<seats>seats?|spots?|full|places? left|available)"
    r"|(?P<duration>how long|duration|weeks?|hours?))\b"
)
"""The facts of a course a question can ask for (the groups), by the words that ask; no two overlap."""


@dataclass(frozen=True)
class Reading:
    """What the rules read in a question."""

    filters: Filters
    """The filters on the catalog (empty when none were read)."""
    after_my_course: bool
    """The question asks for cohorts starting after the student's current course ends; the caller
    knows the student and sets `filters.starts_after`."""
    subject: list[str]
    """The question's subject words once filter words are taken out ("deep" of "deep learning for
    beginners"); empty for "Which courses start in January?"."""
    facets: frozenset[str]
    """The facts asked for (group names of `FACETS`)."""

    refers_back: bool
    """The question points at something said before ("is it for beginners?")."""
    follow_on: bool = False
    """The question asks for the courses to take after one it names ("What can I take after Python
    Basics?"): the caller finds the course and sets `filters.builds_on`."""

    @property
    def structured(self) -> bool:
        """Whether the question is a query on the tables: filters, and no subject of its own.

        Not one for the courses after another: the search finds that course first, even when a
        router model's filters left no subject words ("intermediate courses after Python Basics").
        """
        return (
            bool(self.filters or self.after_my_course)
            and not self.subject
            and not self.refers_back
            and not self.follow_on
        )


def read_question(question: str, *, today: date) -> Reading:
    """The filters, subject words and facets of `question`; months are the next such month from `today`."""
    text = question.lower()
    after, by, this_month = _soon(text, today)
    filters = Filters(
        month=_month(text, today) or this_month,
        starts_after=after,
        starts_by=by,
        max_price_cents=_price(text, upper=True),
        min_price_cents=_price(text, upper=False),
        level=next(iter(_LEVEL.findall(text)), None),
        max_weeks=_weeks(text, upper=True),
        min_weeks=_weeks(text, upper=False),
        free_seats=_SEATS.search(text) is not None,
        no_prerequisites=_NO_PREREQUISITES.search(text) is not None,
        pick=next(iter(_found(_PICK, text)), None),
    )
    subject = [t for t in topic_terms(question) if t not in FILTER_WORDS and not _FILTER_TERM.fullmatch(t)]
    facets = frozenset(_found(FACETS, text))
    after_mine = _AFTER_MINE.search(text) is not None
    follow_on = _ASKS_FOR_COURSES.search(text) is not None and _COURSE_BEFORE.search(text) is not None
    return Reading(filters, after_mine, subject, facets, _REFERS.search(text) is not None, follow_on)


def _found(pattern: re.Pattern[str], text: str) -> list[str]:
    """The names of the groups of `pattern` that match somewhere in `text`, in the pattern's order."""
    matched = {m.lastgroup for m in pattern.finditer(text)}
    return [name for name in pattern.groupindex if name in matched]


def _month(text: str, today: date) -> tuple[int, int] | None:
    m = _MONTH.search(text)
    if m is None:
        return None
    number = MONTH_NUMBERS[m["name"] or m["may"]]
    return (int(m["year"]), number) if m["year"] else next_month(today, number)


def _soon(text: str, today: date) -> tuple[date | None, date | None, tuple[int, int] | None]:
    """(starts after, starts by, month) for "this/next week", "this/next month", "in the next 10 days".

    A week ends on Sunday; "the coming week/month" is the next 7 or 30 days.
    """
    m = _SOON.search(text)
    if m is None:
        return None, None, None
    if m["n"]:
        days = int(m["n"]) * (7 if m["units"] == "weeks" else 1)
        return None, today + timedelta(days=days), None
    which, unit = m["which"], m["unit"]
    sunday = today + timedelta(days=6 - today.weekday())
    if which == "coming":
        return None, today + timedelta(days=7 if unit == "week" else 30), None
    if unit == "month":
        return None, None, next_month(today, today.month if which == "this" else today.month % 12 + 1)
    if which == "this":
        return None, sunday, None
    return sunday, sunday + timedelta(days=7), None


def _price(text: str, *, upper: bool) -> int | None:
    if upper and _FREE_COURSE.search(text):
        return 0
    between = _BETWEEN.search(text)
    if between:
        return cents(between, "" if upper else "low_")
    for m in _PRICE.finditer(text):
        if (m["cmp"] not in ("over", "above", "more than", "at least")) == upper:
            return cents(m)
    return None


_WEEK_BOUNDS = {
    **dict.fromkeys(("under", "below", "less than", "fewer than", "shorter than"), (True, -1)),
    **dict.fromkeys(("at most", "up to", "no more than", "within", "less", "shorter", "fewer"), (True, 0)),
    **dict.fromkeys(("over", "more than", "longer than"), (False, 1)),
}
"""(upper bound, weeks added) of a comparison; any other ("at least", "or more") is a lower bound as
said. Durations are whole weeks: "shorter than 5 weeks" is at most 4, "longer than 6 weeks" at least 7."""


def _weeks(text: str, *, upper: bool) -> int | None:
    """The inclusive bound on a course's weeks that the question sets (`Filters` bounds are inclusive).

    An exact length ("lasts 8 weeks", "6 weeks long", "4-week courses") is both bounds.
    """
    exact = _EXACT_WEEKS.search(text)
    if exact:
        return int(exact["n"] or exact["n2"] or exact["n3"])
    for m in _WEEKS.finditer(text):
        is_upper, added = _WEEK_BOUNDS.get(m["cmp"] or m["cmp2"], (False, 0))
        if is_upper == upper:
            return max(int(m["n"] or m["n2"]) + added, 0)
    return None
