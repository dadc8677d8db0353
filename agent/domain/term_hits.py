"""Reads for answers: where a question's words meet each course, and the course closest by name.

Plain Python over psycopg, like the rest of the domain. The answer node uses these to tell a course
a question is about (a word in its id, title or tags) from one whose description merely mentions a
word (a question about the weather meets a course that analyses weather data), and to suggest a
course by name when nothing matched. Nothing here writes, and nothing here knows about replies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from psycopg import Connection

from agent.domain.catalog import Row

NAME_WEIGHTS = "AB"
"""The weights of a course's search vector that hold its name: id and title (A) and tags (B);
its description is weight C (migration 0001)."""
CLOSE_SPELLING = 0.8
"""The least `difflib` ratio at which a word counts as a misspelling of a course's name word:
"pyhton" and "python" score 0.83; "rust" and "rest" 0.75, which must not match."""
MIN_FUZZY_LENGTH = 4
"""Words shorter than this are too short to call anything a misspelling of them."""
_TERM = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class BadTermError(ValueError):
    """A search term is not a lower-case word (letters, digits, inner hyphens)."""


@dataclass(frozen=True)
class TermHits:
    """Which of a question's terms one course's text holds."""

    named: frozenset[str]
    """Terms in the course's id, title or tags: the question names its subject."""
    mentioned: frozenset[str]
    """Terms only in its description."""


_HITS_SQL = """
SELECT c.id, t.term,
       c.search @@ to_tsquery('english', t.named) AS in_name,
       c.search @@ to_tsquery('english', t.anywhere) AS anywhere
FROM courses c, unnest(%(terms)s::text[], %(anywhere)s::text[], %(named)s::text[]) AS t(term, anywhere, named)
WHERE c.id = ANY(%(ids)s)
"""

_CONTENT_SQL = """
SELECT t FROM unnest(%(terms)s::text[]) WITH ORDINALITY AS u(t, n)
WHERE to_tsvector('english', t) <> ''::tsvector ORDER BY n
"""

_HITS_AND_CONTENT_SQL = """
SELECT c.id, t.term,
       c.search @@ to_tsquery('english', t.named) AS in_name,
       c.search @@ to_tsquery('english', t.anywhere) AS anywhere,
       NULL::bigint AS n
FROM courses c, unnest(%(terms)s::text[], %(anywhere)s::text[], %(named)s::text[]) AS t(term, anywhere, named)
WHERE c.id = ANY(%(ids)s)
UNION ALL
SELECT NULL, u.t, NULL, NULL, u.n FROM unnest(%(terms)s::text[]) WITH ORDINALITY AS u(t, n)
WHERE to_tsvector('english', u.t) <> ''::tsvector
"""
"""`_HITS_SQL` and `_CONTENT_SQL` in one statement: a row with no course id is a content term."""


def term_hits(conn: Connection[Row], course_ids: list[str], terms: list[str]) -> dict[str, TermHits]:
    """For each course id, which of `terms` its name holds and which only its description holds.

    Terms are matched as the catalog's full-text search matches them (English stemming, a
    hyphenated term needs all its parts). Unknown ids are left out of the result.
    """
    _check_terms(terms)
    if not course_ids:
        return {}
    if not terms:
        known = conn.execute("SELECT id FROM courses WHERE id = ANY(%s)", (course_ids,)).fetchall()
        return {r["id"]: TermHits(frozenset(), frozenset()) for r in known}
    return _hits(conn.execute(_HITS_SQL, _hit_params(course_ids, terms)).fetchall())


def content_terms(conn: Connection[Row], terms: list[str]) -> list[str]:
    """The terms full-text search keeps, in order, without its stop words ("where", "about")."""
    if not terms:
        return []
    return [r["t"] for r in conn.execute(_CONTENT_SQL, {"terms": terms}).fetchall()]


def hits_and_content_terms(
    conn: Connection[Row], course_ids: list[str], terms: list[str]
) -> tuple[dict[str, TermHits], list[str]]:
    """`term_hits` and `content_terms` of the same terms: one statement where both need the database."""
    _check_terms(terms)
    if not course_ids or not terms:
        return term_hits(conn, course_ids, terms), content_terms(conn, terms)
    rows = conn.execute(_HITS_AND_CONTENT_SQL, _hit_params(course_ids, terms)).fetchall()
    content = sorted((r for r in rows if r["id"] is None), key=lambda r: r["n"])
    return _hits([r for r in rows if r["id"] is not None]), [r["term"] for r in content]


def _check_terms(terms: list[str]) -> None:
    bad = [t for t in terms if not _TERM.fullmatch(t)]
    if bad:
        message = f"search terms are lower-case words, got {bad!r}"
        raise BadTermError(message)


def _hit_params(course_ids: list[str], terms: list[str]) -> dict[str, list[str]]:
    return {
        "terms": terms,
        "anywhere": [_query(t) for t in terms],
        "named": [_query(t, NAME_WEIGHTS) for t in terms],
        "ids": course_ids,
    }


def _hits(rows: list[Row]) -> dict[str, TermHits]:
    named: dict[str, set[str]] = {}
    mentioned: dict[str, set[str]] = {}
    for row in rows:
        named.setdefault(row["id"], set())
        mentioned.setdefault(row["id"], set())
        if row["in_name"]:
            named[row["id"]].add(row["term"])
        elif row["anywhere"]:
            mentioned[row["id"]].add(row["term"])
    return {i: TermHits(frozenset(named[i]), frozenset(mentioned[i])) for i in named}


def course_names(conn: Connection[Row]) -> list[Row]:
    """Every course's id, title and tags, by id."""
    return conn.execute("SELECT id, title, tags FROM courses ORDER BY id").fetchall()


def closest_by_name(courses: list[Row], terms: list[str]) -> Row | None:
    """The course whose name is closest in spelling to `terms` ("pyhton" → python-basics), or None.

    A course scores the sum, over the terms, of the best `difflib` ratio between the term and a
    word of its id, title or tags, counting only ratios of at least `CLOSE_SPELLING`; so "machne
    lerning" prefers the course named by both words. Ties go to the course listed first.
    """
    best: Row | None = None
    best_score = 0.0
    for course in courses:
        words = set(_TERM.findall(" ".join([course["title"], *course["tags"]]).lower()))
        words |= set(course["id"].split("-")) | {w for t in list(words) for w in t.split("-")}
        score = sum(_closeness(term, words) for term in terms if len(term) >= MIN_FUZZY_LENGTH)
        if score > best_score:
            best, best_score = course, score
    return best


def _closeness(term: str, words: set[str]) -> float:
    ratios = [SequenceMatcher(None, term, word).ratio() for word in words]
    top = max(ratios, default=0.0)
    return top if top >= CLOSE_SPELLING else 0.0


def _query(term: str, weights: str = "") -> str:
    """A tsquery for one term: "python-basics" → "python:AB & basics:AB" with weights "AB"."""
    suffix = f":{weights}" if weights else ""
    return " & ".join(part + suffix for part in term.split("-"))
