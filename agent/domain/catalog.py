"""The course catalog: the shipped seed, lookups and full-text search (tables: `agent.infra.migrations`)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from datetime import date, timedelta
from importlib import resources
from itertools import pairwise
from typing import Any, NotRequired, TypedDict, cast

from psycopg import Connection

Row = dict[str, Any]
"""A row as the connection's `dict_row` reads it, before it is given a type."""


class CourseRow(TypedDict):
    """One course of the catalog."""

    id: str
    title: str
    description: str
    level: str
    price_cents: int
    duration_weeks: int
    prerequisites: list[str]
    """Ids of the courses to take first."""
    tags: list[str]


class CohortRow(TypedDict):
    """One cohort of a course, with how many wait for a seat."""

    id: str
    course_id: str
    starts_on: date
    capacity: int
    seats_taken: int
    waitlisted: NotRequired[int]
    """Students on its waitlist (read by `cohorts_of`; a filtered search leaves it out)."""


class CourseWithCohorts(CourseRow):
    """A course with its cohorts, earliest first (what the catalog's readers answer from)."""

    cohorts: list[CohortRow]


class CohortOfCourse(TypedDict):
    """One cohort joined with its course's title, price, length and level (`get_cohort`)."""

    id: str
    course_id: str
    starts_on: date
    capacity: int
    seats_taken: int
    title: str
    price_cents: int
    duration_weeks: int
    level: str


# Words every school question contains; searching on them would match every course.
_GENERIC_WORDS = frozenset(
    """a an and are about any anything book can cancel class classes cohort cohorts cost costs
    course courses do does enrol enroll enrollment for from get have how i in is it join learn
    learning like me much my need of offer on or pay place please price program programs register
    school seat sign start starts study take teach tell that the there this to up want waitlist
    what when which who will with would you your""".split()  # noqa: SIM905 - a readable word list
)
_RELATIVE_RANK = 0.5
"""Courses ranking below this share of the best match are left out of an answer."""
_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def load_seed() -> dict[str, list[Row]]:
    """The catalog shipped with the project."""
    text = resources.files("agent.domain").joinpath("catalog.json").read_text()
    seed: dict[str, list[Row]] = json.loads(text)
    return seed


def catalog_words() -> frozenset[str]:
    """The words that name the shipped courses: their ids, titles and tags, lower case, split at hyphens."""
    seed = load_seed()
    names = [f"{c['id']} {c['title']} {' '.join(c['tags'])}" for c in seed["courses"]]
    return frozenset(re.findall(r"[a-z0-9]+", " ".join(names).lower()))


def catalog_names() -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """How messages name the shipped courses: one-word tags, and word pairs of titles, ids and tags.

    "math" and "pandas" name a course, so do "machine learning" and "web apis"; a title's word
    alone ("machine", "deep") names nothing.
    """
    seed = load_seed()
    single = {str(t) for c in seed["courses"] for t in c["tags"] if "-" not in str(t)}
    names = [str(c["title"]) for c in seed["courses"]] + [str(c["id"]) for c in seed["courses"]]
    names += [str(t) for c in seed["courses"] for t in c["tags"] if "-" in str(t)]
    pairs: set[tuple[str, str]] = set()
    for name in names:
        words = re.findall(r"[a-z0-9]+", name.lower())
        pairs.update(pairwise(words))
    return frozenset(single), frozenset(pairs)


def seed_catalog(conn: Connection[Row], *, today: date) -> int:
    """Insert the shipped courses and cohorts that are missing; returns how many rows were added.

    Cohort start dates are offsets from the day of seeding, so a fresh database always has
    cohorts starting soon; existing rows are never changed.
    """
    seed = load_seed()
    cohorts = [
        h | {"starts_on": (today + timedelta(days=h["starts_in_days"])).isoformat()} for h in seed["cohorts"]
    ]
    # One statement a table: a start on a seeded database sends two, not one per row.
    with conn.transaction():
        courses = conn.execute(
            "INSERT INTO courses (id, title, description, level, price_cents, duration_weeks,"
            " prerequisites, tags) SELECT id, title, description, level, price_cents, duration_weeks,"
            " prerequisites, tags FROM jsonb_to_recordset(%s::jsonb) AS s(id text, title text,"
            " description text, level text, price_cents int, duration_weeks int, prerequisites text[],"
            " tags text[]) ON CONFLICT (id) DO NOTHING",
            (json.dumps(seed["courses"]),),
        ).rowcount
        added = conn.execute(
            "INSERT INTO cohorts (id, course_id, starts_on, capacity) SELECT id, course_id, starts_on,"
            " capacity FROM jsonb_to_recordset(%s::jsonb) AS s(id text, course_id text, starts_on date,"
            " capacity int) ON CONFLICT (id) DO NOTHING",
            (json.dumps(cohorts),),
        ).rowcount
    return courses + added


def get_cohort(conn: Connection[Row], cohort_id: str) -> CohortOfCourse | None:
    """A cohort joined with its course, or None."""
    row = conn.execute(
        "SELECT h.id, h.course_id, h.starts_on, h.capacity, h.seats_taken,"
        " c.title, c.price_cents, c.duration_weeks, c.level"
        " FROM cohorts h JOIN courses c ON c.id = h.course_id WHERE h.id = %s",
        (cohort_id,),
    ).fetchone()
    return cast(CohortOfCourse | None, row)


def cohorts_of(conn: Connection[Row], course_ids: list[str]) -> list[CohortRow]:
    """The cohorts of the given courses, earliest first."""
    rows = conn.execute(
        "SELECT id, course_id, starts_on, capacity, seats_taken,"
        " (SELECT count(*) FROM enrollments e WHERE e.cohort_id = h.id"
        "  AND e.status = 'WAITLISTED') AS waitlisted"
        " FROM cohorts h WHERE course_id = ANY(%s) ORDER BY starts_on, id",
        (course_ids,),
    ).fetchall()
    return cast(list[CohortRow], rows)


def known_ids(conn: Connection[Row]) -> tuple[set[str], set[str]]:
    """All course ids and all cohort ids (one statement: a reply's check reads them every model turn)."""
    row = conn.execute(
        "SELECT ARRAY(SELECT id FROM courses) AS courses, ARRAY(SELECT id FROM cohorts) AS cohorts"
    ).fetchone()
    assert row is not None  # a SELECT without FROM gives one row
    return set(row["courses"]), set(row["cohorts"])


def search_terms(text: str) -> list[str]:
    """The words of `text` worth searching for."""
    words = _WORD.findall(text.lower())
    return [w for w in words if w not in _GENERIC_WORDS and len(w) > 1]


def search_course_ids(conn: Connection[Row], text: str, *, limit: int = 3) -> list[str]:
    """Ids of the courses matching `text`, best first: ids named outright, else full-text rank."""
    # A question that names a course or cohort is about that one, not about look-alikes.
    return named_course_ids(conn, text, limit=limit) or ranked_course_ids(conn, text, limit=limit)


def named_course_ids(conn: Connection[Row], text: str, *, limit: int = 3) -> list[str]:
    """Ids of the courses that `text` names outright, by course id or by one of its cohort ids, in id order."""
    terms = search_terms(text)
    if not terms:
        return []
    named = conn.execute(
        "SELECT DISTINCT c.id FROM courses c LEFT JOIN cohorts h ON h.course_id = c.id"
        " WHERE c.id = ANY(%s) OR h.id = ANY(%s) ORDER BY c.id",
        (terms, terms),
    ).fetchall()
    return [r["id"] for r in named][:limit]


def course_names(conn: Connection[Row]) -> dict[str, str]:
    """Every course id and cohort id, each mapped to its course's id (what `named_among` looks in)."""
    rows = conn.execute("SELECT id, id AS course_id FROM courses UNION ALL SELECT id, course_id FROM cohorts")
    return {r["id"]: r["course_id"] for r in rows.fetchall()}


def named_among(names: Mapping[str, str], text: str, *, limit: int = 3) -> list[str]:
    """`named_course_ids`, answered from `course_names`' mapping instead of the database."""
    return sorted({names[t] for t in search_terms(text) if t in names})[:limit]


def ranked_course_ids(conn: Connection[Row], text: str, *, limit: int = 3) -> list[str]:
    """Ids of the courses whose text matches the search terms of `text`, by full-text rank."""
    terms = search_terms(text)
    return _ranked_ids(conn, terms, limit) if terms else []


def courses_by_ids(conn: Connection[Row], ids: list[str]) -> list[CourseRow]:
    """The courses with these ids, in the order given; unknown ids are left out."""
    if not ids:
        return []
    rows = conn.execute(
        "SELECT id, title, description, level, price_cents, duration_weeks, prerequisites, tags"
        " FROM courses WHERE id = ANY(%s)",
        (ids,),
    ).fetchall()
    by_id = {r["id"]: cast(CourseRow, r) for r in rows}
    return [by_id[i] for i in ids if i in by_id]


_COURSE_COLUMNS = (
    "id",
    "title",
    "description",
    "level",
    "price_cents",
    "duration_weeks",
    "prerequisites",
    "tags",
)
_COHORT_COLUMNS = ("id", "course_id", "starts_on", "capacity", "seats_taken", "waitlisted")
_WITH_COHORTS_SQL = (
    "SELECT " + ", ".join(f"c.{c}" for c in _COURSE_COLUMNS) + ","
    " h.id AS h_id, h.course_id AS h_course_id, h.starts_on AS h_starts_on, h.capacity AS h_capacity,"
    " h.seats_taken AS h_seats_taken,"
    " (SELECT count(*) FROM enrollments e WHERE e.cohort_id = h.id AND e.status = 'WAITLISTED') AS h_waitlisted"
    " FROM courses c LEFT JOIN cohorts h ON h.course_id = c.id WHERE c.id = ANY(%s)"
    " ORDER BY h.starts_on, h.id"
)


def courses_with_cohorts(conn: Connection[Row], ids: list[str]) -> list[CourseWithCohorts]:
    """`courses_by_ids`, each course with its `cohorts_of` under `"cohorts"`, read in one statement.

    A catalog answer reads both every turn: one round trip instead of two, and one snapshot.
    """
    if not ids:
        return []
    courses: dict[str, CourseRow] = {}
    cohorts: dict[str, list[CohortRow]] = {}
    for row in conn.execute(_WITH_COHORTS_SQL, (ids,)).fetchall():
        course_id = row["id"]
        if course_id not in courses:
            courses[course_id] = cast(CourseRow, {c: row[c] for c in _COURSE_COLUMNS})
            cohorts[course_id] = []
        if row["h_id"] is not None:  # a course without cohorts has one row, with no cohort
            cohorts[course_id].append(cast(CohortRow, {c: row[f"h_{c}"] for c in _COHORT_COLUMNS}))
    return [{**courses[i], "cohorts": cohorts[i]} for i in ids if i in courses]


def _ranked_ids(conn: Connection[Row], terms: list[str], limit: int) -> list[str]:
    """Full-text OR query over the terms, keeping courses that rank close to the best one."""
    query = " | ".join("(" + " & ".join(t.split("-")) + ")" for t in terms)
    ranked = conn.execute(
        "SELECT id, ts_rank(search, q) AS rank FROM courses, to_tsquery('english', %s) q"
        " WHERE search @@ q ORDER BY rank DESC, id LIMIT %s",
        (query, limit),
    ).fetchall()
    if not ranked:
        return []
    best = ranked[0]["rank"]
    return [r["id"] for r in ranked if r["rank"] >= best * _RELATIVE_RANK]
