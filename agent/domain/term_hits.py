"""Reads for answers: where a question's words meet each course, and the course closest by name.

Plain Python over psycopg, like the rest of the domain. The answer node uses these to tell a course
a question is about (a word in its id, title or tags) from one whose description merely mentions a
word (a question about the weather meets a course that analyses weather data), and to suggest a
course by name when nothing matched. Nothing here writes, and nothing here knows about replies.

Whether a course's text holds a term depends on nothing but that text and the term, so the
answers are kept per process, keyed by the course's searchable text as the caller read it
(`course_term_hits`): a question whose words were met before costs no statement, and an edited
course is a new key.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Any

from psycopg import Connection
from psycopg_pool import ConnectionPool

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


CACHE_SIZE = 50_000
"""(course text, term) answers kept per process, least recently used first out."""

_KEYED_SQL = """
SELECT c.id, c.title, c.tags, c.description, t.term,
       c.search @@ to_tsquery('english', t.named) AS in_name,
       c.search @@ to_tsquery('english', t.anywhere) AS anywhere,
       NULL::bigint AS n
FROM courses c, unnest(%(terms)s::text[], %(anywhere)s::text[], %(named)s::text[]) AS t(term, anywhere, named)
WHERE c.id = ANY(%(ids)s)
UNION ALL
SELECT NULL, NULL, NULL, NULL, u.t, NULL, NULL, u.n FROM unnest(%(content)s::text[]) WITH ORDINALITY AS u(t, n)
WHERE to_tsvector('english', u.t) <> ''::tsvector
"""
"""`_HITS_AND_CONTENT_SQL` with the text each course's hits were computed from (their cache key)."""

CourseText = tuple[str, str, tuple[str, ...], str]
"""What a course's search vector is made of (migration 0001): id, title, tags, description."""


class _Memo:
    """The process's answers: (course text, term) → (in its name, anywhere); term → kept by search."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self.hits: OrderedDict[tuple[CourseText, str], tuple[bool, bool]] = OrderedDict()
        self.content: dict[str, bool] = {}
        self.lock = threading.Lock()

    def hit(self, course: CourseText, term: str) -> tuple[bool, bool] | None:
        with self.lock:
            found = self.hits.get((course, term))
            if found is not None:
                self.hits.move_to_end((course, term))
            return found

    def keep(self, course: CourseText, term: str, answer: tuple[bool, bool]) -> None:
        with self.lock:
            self.hits[(course, term)] = answer
            while len(self.hits) > self.size:
                self.hits.popitem(last=False)


_memo = _Memo()


def course_term_hits(
    db: Connection[Row] | ConnectionPool[Any], courses: Sequence[Mapping[str, Any]], terms: list[str]
) -> dict[str, TermHits]:
    """`term_hits` of these course rows (id, title, tags, description as read), answered from memory when it can.

    Courses the database no longer has are left out, as `term_hits` leaves out unknown ids.
    """
    return course_hits_and_content_terms(db, courses, terms, content=False)[0]


def course_hits_and_content_terms(
    db: Connection[Row] | ConnectionPool[Any],
    courses: Sequence[Mapping[str, Any]],
    terms: list[str],
    *,
    content: bool = True,
) -> tuple[dict[str, TermHits], list[str]]:
    """`hits_and_content_terms` of these course rows, answered from memory when it can (one statement at most).

    With `content=False` the content terms are not asked for (an empty list comes back). `db` is
    a connection, or a pool a connection is taken from only when memory does not answer.
    """
    _check_terms(terms)
    texts = {str(c["id"]): _text(c) for c in courses}
    pairs = {(i, t): _memo.hit(text, t) for i, text in texts.items() for t in terms}
    with _memo.lock:
        kept = {t: _memo.content.get(t) for t in terms} if content else {}
    ask_ids = sorted({i for (i, _), answer in pairs.items() if answer is None})
    ask_terms = [t for t, found in kept.items() if found is None]
    if ask_ids or ask_terms:
        params = _hit_params(ask_ids, terms if ask_ids else []) | {"content": ask_terms}
        rows = _fetch(db, _KEYED_SQL, params)
        answered: set[str] = set()
        for row in rows:
            if row["id"] is None:
                continue
            answer = (bool(row["in_name"]), bool(row["anywhere"]))
            _memo.keep(_text(row), row["term"], answer)
            pairs[(row["id"], row["term"])] = answer  # what the database holds now
            answered.add(row["id"])
        for i in set(ask_ids) - answered:  # gone from the catalog since the caller read it
            texts.pop(i)
        found_terms = {row["term"] for row in rows if row["id"] is None}
        with _memo.lock:
            for t in ask_terms:
                _memo.content[t] = kept[t] = t in found_terms
    hits = {
        i: TermHits(
            frozenset(t for t in terms if (pairs[(i, t)] or (False, False))[0]),
            frozenset(t for t in terms if (pairs[(i, t)] or (False, False)) == (False, True)),
        )
        for i in texts
    }
    return hits, [t for t in terms if kept.get(t)]


def _fetch(db: Connection[Row] | ConnectionPool[Any], sql: str, params: Mapping[str, Any]) -> list[Row]:
    if isinstance(db, ConnectionPool):
        with db.connection() as conn:
            return list(conn.execute(sql, params).fetchall())
    return list(db.execute(sql, params).fetchall())


def _text(course: Mapping[str, Any]) -> CourseText:
    return (str(course["id"]), str(course["title"]), tuple(course["tags"] or ()), str(course["description"]))


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
