"""Structured questions over the catalog tables: dates, prices, levels, durations, seats, prerequisites.

The courses that build on another are one of them too ("What can I take after Python Basics?").

"Which courses start in January?" or "What can I take for under 500 euros?" are answered by SQL on
`courses` and `cohorts`, never by text search over descriptions: a price or a date is a column.
`Filters` is what a question asks for, however it was read (rules in `graphs.filters` today; a
router model's structured output can fill the same dataclass). Plain psycopg over a connection
handed in; nothing here writes, and nothing here knows about replies.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date
from typing import Literal, cast

from psycopg import Connection

from agent.domain.catalog import CohortRow, CourseRow, CourseWithCohorts, Row, courses_by_ids
from agent.domain.enrollments import ACTIVE

LEVELS = ("beginner", "intermediate", "advanced")


class BadFilterError(ValueError):
    """A filter that no catalog row could meet (an unknown level, a month 13, a negative price)."""


PICKS = ("cheapest", "priciest", "shortest", "longest")
"""The superlatives a structured question may ask for."""


@dataclass(frozen=True)
class Filters:
    """What a structured question asks of the catalog; None (or False) is "any"."""

    month: tuple[int, int] | None = None
    """(year, month): a cohort starts in that month."""
    starts_after: date | None = None
    """A cohort starts after this day (the end of the student's current course, say)."""
    starts_by: date | None = None
    """A cohort starts on or before this day ("this week": by Sunday)."""
    max_price_cents: int | None = None
    """The course costs at most this much."""
    min_price_cents: int | None = None
    """The course costs at least this much."""
    level: str | None = None
    """The course's level, one of `LEVELS`."""
    max_weeks: int | None = None
    """The course lasts at most this many weeks."""
    min_weeks: int | None = None
    """The course lasts at least this many weeks."""
    free_seats: bool = False
    """The cohort has a seat left."""
    no_prerequisites: bool = False
    """The course has no prerequisite course."""
    pick: str | None = None
    """Of the courses the other filters keep, only the extreme ones (ties kept): one of `PICKS`."""
    builds_on: str | None = None
    """The course lists this course id among its prerequisites ("What can I take after Python Basics?")."""

    def __post_init__(self) -> None:
        if self.level is not None and self.level not in LEVELS:
            message = f"level must be one of {', '.join(LEVELS)}, got {self.level!r}"
            raise BadFilterError(message)
        if self.pick is not None and self.pick not in PICKS:
            message = f"pick must be one of {', '.join(PICKS)}, got {self.pick!r}"
            raise BadFilterError(message)
        if self.month is not None and not 1 <= self.month[1] <= 12:
            message = f"month must be between 1 and 12, got {self.month[1]}"
            raise BadFilterError(message)
        limits = [self.max_price_cents, self.min_price_cents, self.max_weeks, self.min_weeks]
        if any(v is not None and v < 0 for v in limits):
            message = f"prices and durations are not negative, got {self}"
            raise BadFilterError(message)

    def __bool__(self) -> bool:
        """Whether any filter is set."""
        # `is`, not `in`: a limit of 0 (free courses) is a filter, and 0 == False.
        return any(
            getattr(self, f.name) is not None and getattr(self, f.name) is not False for f in fields(self)
        )

    @property
    def on_cohorts(self) -> bool:
        """Whether a filter concerns cohorts (dates, seats), not only courses."""
        return (
            self.month is not None
            or self.starts_after is not None
            or self.starts_by is not None
            or self.free_seats
        )


_MATCHING_SQL = """
SELECT c.id AS course_id, h.id AS cohort_id
FROM courses c LEFT JOIN cohorts h ON h.course_id = c.id
  AND h.starts_on >= %(today)s
  AND (%(month_start)s::date IS NULL OR (h.starts_on >= %(month_start)s AND h.starts_on < %(month_end)s))
  AND (%(after)s::date IS NULL OR h.starts_on > %(after)s)
  AND (%(by)s::date IS NULL OR h.starts_on <= %(by)s)
  AND (NOT %(free)s OR h.seats_taken < h.capacity)
WHERE (%(max_price)s::int IS NULL OR c.price_cents <= %(max_price)s)
  AND (%(min_price)s::int IS NULL OR c.price_cents >= %(min_price)s)
  AND (%(level)s::text IS NULL OR c.level = %(level)s)
  AND (%(max_weeks)s::int IS NULL OR c.duration_weeks <= %(max_weeks)s)
  AND (%(min_weeks)s::int IS NULL OR c.duration_weeks >= %(min_weeks)s)
  AND (NOT %(no_prerequisites)s OR cardinality(c.prerequisites) = 0)
  AND (%(builds_on)s::text IS NULL OR %(builds_on)s = ANY(c.prerequisites))
ORDER BY c.price_cents, c.id, h.starts_on, h.id
"""


def matching(conn: Connection[Row], filters: Filters, *, today: date) -> list[CourseWithCohorts]:
    """The courses that meet `filters`, cheapest first, each with its matching cohorts under `"cohorts"`.

    Only cohorts starting on or after `today` are listed. With a filter on cohorts (a month, a day
    to start after, free seats) a course is kept only when one of its cohorts meets it; with
    filters on courses alone, a course is kept with all its upcoming cohorts (maybe none).
    """
    month_start = month_end = None
    if filters.month is not None:
        year, month = filters.month
        month_start = date(year, month, 1)
        month_end = date(year + month // 12, month % 12 + 1, 1)
    rows = conn.execute(
        _MATCHING_SQL,
        {
            "today": today,
            "month_start": month_start,
            "month_end": month_end,
            "after": filters.starts_after,
            "by": filters.starts_by,
            "free": filters.free_seats,
            "max_price": filters.max_price_cents,
            "min_price": filters.min_price_cents,
            "level": filters.level,
            "max_weeks": filters.max_weeks,
            "min_weeks": filters.min_weeks,
            "no_prerequisites": filters.no_prerequisites,
            "builds_on": filters.builds_on,
        },
    ).fetchall()
    wanted: dict[str, set[str]] = {}
    for row in rows:
        cohorts = wanted.setdefault(row["course_id"], set())
        if row["cohort_id"] is not None:
            cohorts.add(row["cohort_id"])
    if filters.on_cohorts:
        wanted = {course: cohorts for course, cohorts in wanted.items() if cohorts}
    courses = _picked(courses_by_ids(conn, list(wanted)), filters.pick)
    found = _cohorts(conn, [h for c in courses for h in wanted[c["id"]]])
    return [{**c, "cohorts": [h for h in found if h["course_id"] == c["id"]]} for c in courses]


def _picked(courses: list[CourseRow], pick: str | None) -> list[CourseRow]:
    """The courses whose price or length is the extreme `pick` asks for (all of them when None)."""
    if pick is None or not courses:
        return courses
    key: Literal["price_cents", "duration_weeks"] = (
        "price_cents" if pick in ("cheapest", "priciest") else "duration_weeks"
    )
    extreme = (min if pick in ("cheapest", "shortest") else max)(c[key] for c in courses)
    return [c for c in courses if c[key] == extreme]


def current_course_end(conn: Connection[Row], student_id: str, *, today: date) -> Row | None:
    """The student's active enrollment that ends last, as its cohort, course title and `ends_on`.

    A course ends `duration_weeks` after its cohort starts. None when the student has no active
    enrollment in a cohort that has not ended by `today`.
    """
    row: Row | None = conn.execute(
        "SELECT h.id AS cohort_id, h.course_id, c.title, h.starts_on,"
        " h.starts_on + 7 * c.duration_weeks AS ends_on"
        " FROM enrollments e JOIN cohorts h ON h.id = e.cohort_id JOIN courses c ON c.id = h.course_id"
        f" WHERE e.student_id = %s AND e.{ACTIVE} AND e.status <> 'WAITLISTED'"
        " AND h.starts_on + 7 * c.duration_weeks >= %s"
        " ORDER BY ends_on DESC, h.id LIMIT 1",
        (student_id, today),
    ).fetchone()
    return row


def prerequisite_chain(conn: Connection[Row], course_id: str) -> list[CourseRow]:
    """Every course `course_id` needs, directly or through another, in an order to take them.

    Each course comes after all its own prerequisites (ties by id); the course itself is not listed.
    """
    rows = conn.execute(
        "WITH RECURSIVE need(id, depth) AS ("
        "  SELECT unnest(prerequisites), 1 FROM courses WHERE id = %s"
        "  UNION SELECT unnest(c.prerequisites), n.depth + 1 FROM courses c JOIN need n ON c.id = n.id"
        "  WHERE n.depth < 20"
        ") SELECT id, max(depth) AS depth FROM need GROUP BY id ORDER BY max(depth) DESC, id",
        (course_id,),
    ).fetchall()
    return courses_by_ids(conn, [r["id"] for r in rows])


def _cohorts(conn: Connection[Row], ids: list[str]) -> list[CohortRow]:
    if not ids:
        return []
    rows = conn.execute(
        "SELECT id, course_id, starts_on, capacity, seats_taken FROM cohorts WHERE id = ANY(%s)"
        " ORDER BY starts_on, id",
        (ids,),
    ).fetchall()
    return cast(list[CohortRow], rows)


def next_month(today: date, month: int) -> tuple[int, int]:
    """The (year, month) of the next `month` on or after `today`'s month: January in December is next year's."""
    year = today.year if month >= today.month else today.year + 1
    return year, month
