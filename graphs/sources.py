"""What a reply rests on: the tables' query, the knowledge base's sections, the courses found.

`retrieval` finds courses; this module decides which of the school's documents answer a question
beside them or instead of them (or, for "What can I take after Python Basics?", which courses
build on the one found), and `retrieve` is the whole choice, as the answer node makes it, in
one call (the retrieval evaluation measures it).

A question is the knowledge base's when one of its words or phrases is a document's subject (in
its keywords: "withdraw" and "drop out" for the cancellation document), or when a section holds
all its words. Whether the knowledge base answers depends on the courses found:
- none: it answers;
- found by words that only appear in their descriptions ("Who approves a transfer?" meets the
  course on transfer learning): the document whose subject the question names answers, and those
  courses are dropped;
- named by the question ("How do I cancel my RAG enrollment?"): the document answers and the course
  is cited beside it, unless the question asks a fact the catalog holds (its price, dates, level,
  prerequisites, seats, length), which the catalog answers; its format is the knowledge base's.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import Any, cast

from agent.domain import CourseWithCohorts, School, catalog_queries, knowledge, term_hits
from agent.domain.catalog_queries import Filters
from graphs.filters import Reading, read_question
from graphs.fuzzy import closest
from graphs.retrieval import Retriever, Subject, reciprocal_rank_fusion

Row = Mapping[str, Any]
"""A row read from the domain (a course, a cohort, a section); only read here."""

KNOWLEDGE_FILLER = frozenset(
    """class classes course courses policy policies rule rules get gets got getting tell know want
    please school us happen happens work works really exactly offer offers offered teach teaches""".split()  # noqa: SIM905 - a readable word list
)
"""Words a knowledge-base section need not hold to answer a question: "Do you have a knitting
class?" is about knitting, and the format document's word "class" is no answer to it; "what courses
do you offer?" asks for the catalog, not for a section that offers something. Postgres's
English stop words ("your", "do", "how") are dropped by the search itself."""
KNOWLEDGE_FACETS = frozenset({"format"})
"""Facets of a course question that the knowledge base answers, not the catalog rows."""
CATALOG_FACETS = frozenset({"price", "dates", "level", "prerequisites", "seats", "duration"})
"""Facets of a named course that its catalog row answers, knowledge-base subject or not."""
KNOWLEDGE_SECTIONS = 3
"""At most this many sections answer one question."""
TYPO_MIN_LENGTH = 5
"""Shorter words are read as written: one letter changed in a short word is another word."""
TYPO_MAX_WORDS = 12
"""At most this many unknown words of a question are read as misspellings; the rest as written
(a student's question is a few words; a page of text would cost a second of spelling checks)."""
_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def knowledge_words(question: str, *, named: frozenset[str] = frozenset()) -> list[str]:
    """The words of `question` a section is searched for: no filler, no number, none of `named`.

    `named` are words that name a course the question is about ("sql" of "Is the SQL course online?"):
    the format document does not name courses.
    """
    words = _WORD.findall(question.lower())
    kept = [w for w in words if w not in KNOWLEDGE_FILLER and w not in named and not w.isdigit()]
    return list(dict.fromkeys(kept))


def read_as_subjects(words: list[str], vocabulary: knowledge.Vocabulary) -> list[str]:
    """`words` with each misspelt subject word read as that word ("cerificate" → "certificate").

    Only a word the knowledge base and the catalog do not hold is read as another (`vocabulary`):
    "should" is a word, not "sold" misspelt. A word of fewer than `TYPO_MIN_LENGTH` letters, or
    close to no subject word, or starting with another letter, is kept as written: "knitting"
    stays "knitting", and finds nothing. Only the first `TYPO_MAX_WORDS` unknown words are tried.
    """
    unknown = [w for w in words if w not in vocabulary.known][:TYPO_MAX_WORDS]
    read_as = {
        w: closest(w, vocabulary.subjects, min_length=TYPO_MIN_LENGTH, same_start=True) for w in unknown
    }
    return list(dict.fromkeys(read_as.get(w) or w for w in words))


def knowledge_sections(
    school: School,
    question: str,
    *,
    named: frozenset[str] = frozenset(),
    retriever: Retriever | None = None,
    limit: int = KNOWLEDGE_SECTIONS,
) -> Sequence[Row]:
    """The knowledge-base sections about `question`, best first, at most `limit`.

    By its words (`knowledge.sections_about`'s rows, with their `topic`), fused by reciprocal rank
    with the sections nearest it by vector when `retriever` has embeddings (rows of
    `knowledge.chunks`, without `topic`: a neighbour names no subject). `named` are the
    question's words that name the courses it is about, which are not asked of the documents.
    """
    words = knowledge_words(question, named=named)
    if not words:
        return []
    found = _found_at_read_version(words, limit)
    if found is None:  # a connection only for what memory does not answer
        with school.pool.connection() as conn:
            found = _sections_about(conn, words, limit)
    near = retriever.nearest_sections(question, limit) if retriever else []
    if not near:
        return found
    with school.pool.connection() as conn:
        neighbours = knowledge.chunks(conn, near)
    rows = {r["citation"]: r for r in neighbours} | {r["citation"]: r for r in found}
    rankings = [[r["citation"] for r in found], [r["citation"] for r in neighbours]]
    return [rows[c] for c in reciprocal_rank_fusion(rankings, limit=limit)]


_VOCABULARIES: dict[tuple[Any, ...], knowledge.Vocabulary] = {}
_VOCABULARIES_KEPT = 8
_VOCABULARIES_LOCK = threading.Lock()


_LATEST_VERSIONS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
"""Each database as a connection names it (`_database`) -> the vocabulary version last read there."""

_FOUND: OrderedDict[tuple[Any, ...], list[knowledge.SectionAbout]] = OrderedDict()
"""(version, *the question's words, limit) -> the sections `sections_about_at_version` found for
them at that version; the least recently used go first past `FOUND_KEPT`."""
FOUND_KEPT = 4_096
"""Searches kept per process: a few hundred bytes each (a section's text is in its row)."""


def _database(conn: Any) -> tuple[Any, ...]:
    return (conn.info.host, conn.info.port, conn.info.dbname)


def _found_at_read_version(words: list[str], limit: int) -> Sequence[Row] | None:
    """The sections a search of the same words found before at the version the caller read just now.

    When the caller read the version just now (`knowledge.version_read_now`: a turn reads it with
    its thread's lock), a search of the same words made before at that version is answered from
    memory, with no query and no reading of misspellings: at one version the vocabulary and the
    sections are the same (a change of the knowledge base or catalog changes the version; see
    `knowledge.vocabulary_version`). None when there is no such search (or no version read).
    """
    read_now = knowledge.version_read_now()
    if read_now is None:
        return None
    with _VOCABULARIES_LOCK:
        kept = _FOUND.get((read_now, *words, limit))
        if kept is not None:
            _FOUND.move_to_end((read_now, *words, limit))
    return [dict(r) for r in kept] if kept is not None else None


def _sections_about(conn: Any, words: list[str], limit: int) -> Sequence[Row]:
    """`knowledge.sections_about` the words, each misspelt subject word read as the word it stands for.

    With the vocabulary last read on this database, the words are read at once and the version
    comes back with the sections, in one statement: if it is still that vocabulary's, the sections
    stand; if not (a new ingestion or catalog since), the version is read again with the new
    vocabulary and the sections with the words it reads, as without one. The sections found at a
    version are kept for `_found_at_read_version`.
    """
    read_now = knowledge.version_read_now()
    with _VOCABULARIES_LOCK:
        latest = read_now if read_now in _VOCABULARIES else _LATEST_VERSIONS.get(_database(conn))
        held = _VOCABULARIES.get(latest) if latest is not None else None
    if held is not None:
        text = " ".join(read_as_subjects(words, held))
        version, found = knowledge.sections_about_at_version(conn, text, limit=limit)
        if version == latest:
            _keep((version, *words, limit), found)  # the sections of these words at `version`
            return found
    read = read_as_subjects(words, _vocabulary(conn))
    return knowledge.sections_about(conn, " ".join(read), limit=limit)


def _vocabulary(conn: Any) -> knowledge.Vocabulary:
    """`knowledge.vocabulary`, read again only when its version changed (a new ingestion or catalog)."""
    version = knowledge.vocabulary_version(conn)
    with _VOCABULARIES_LOCK:
        found = _VOCABULARIES.get(version)
    if found is None:
        found = knowledge.vocabulary(conn)
        with _VOCABULARIES_LOCK:
            if len(_VOCABULARIES) >= _VOCABULARIES_KEPT:
                _VOCABULARIES.pop(next(iter(_VOCABULARIES)))
            _VOCABULARIES[version] = found
    with _VOCABULARIES_LOCK:
        _LATEST_VERSIONS[_database(conn)] = version
    return found


def _keep(key: tuple[Any, ...], found: list[knowledge.SectionAbout]) -> None:
    with _VOCABULARIES_LOCK:
        _FOUND[key] = [
            cast(knowledge.SectionAbout, dict(r)) for r in found
        ]  # a copy: callers may change theirs
        _FOUND.move_to_end(key)
        while len(_FOUND) > FOUND_KEPT:
            _FOUND.popitem(last=False)


def naming_words(school: School, question: str, courses: Sequence[Row]) -> frozenset[str]:
    """The words of `question` that name one of `courses` (its id, a word of its title or tags)."""
    return frozenset().union(*_names(school, question, courses).values())


def _names(school: School, question: str, courses: Sequence[Row]) -> dict[str, set[str]]:
    """For each of `courses` the question names, the words of `question` that name it."""
    if not courses:
        return {}
    hits = term_hits.course_term_hits(school.pool, courses, knowledge_words(question))
    words = _WORD.findall(question.lower())
    names = {
        c["id"]: set(hits[c["id"]].named if c["id"] in hits else ())
        | {w for w in words if w == c["id"] or w.startswith(f"{c['id']}-")}
        for c in courses
    }
    return {course: named for course, named in names.items() if named}


def answer_sources(
    school: School, question: str, subject: Subject, reading: Reading, *, retriever: Retriever | None = None
) -> tuple[Subject, Sequence[Row]]:
    """The subject the reply states and the knowledge-base sections it answers from (maybe none).

    The rules are the module's: a subject whose courses were only found, not named, gives way to
    the document the question names; a named course keeps its catalog facts. `retriever`, when it
    has embeddings, adds the sections nearest the question (`knowledge_sections`).
    """
    named = naming_words(school, question, subject.courses) if subject.kind != "nothing" else frozenset()
    if named and reading.facets & CATALOG_FACETS and not reading.facets & KNOWLEDGE_FACETS:
        return subject, []
    sections = knowledge_sections(school, question, named=named, retriever=retriever)
    on_subject = [s for s in sections if s.get("topic", 0) > 0]
    if subject.kind == "nothing" or (named and (on_subject or reading.facets & KNOWLEDGE_FACETS)):
        return subject, sections
    if on_subject:
        reason = "the courses found only mention the question's words; a document is about them"
        return Subject("nothing", [], subject.searched, reason=reason), on_subject
    return subject, []


def follow_on_query(
    school: School, question: str, reading: Reading, subject: Subject, today: date
) -> tuple[Filters, Row, list[CourseWithCohorts]] | None:
    """The filters applied, the course named and the courses that build on it ("after Python Basics").

    The courses that build on it list it among their prerequisites; the question's other filters
    apply too ("Which intermediate courses can I take after Python Basics for under 600 euros?").
    None unless the question asks what to take after a course (`Reading.follow_on`) and names
    exactly one of the courses found, by id, title or tags: "Can I take RAG after Python Basics?"
    names two, and is a question about RAG.
    """
    if not reading.follow_on or subject.kind != "courses":
        return None
    names = _names(school, question, subject.courses)
    named = [c for c in subject.courses if c["id"] in names]
    if len(named) != 1:
        return None
    filters = replace(reading.filters, builds_on=named[0]["id"])
    with school.pool.connection() as conn:
        courses = catalog_queries.matching(conn, filters, today=today)
    return filters, named[0], courses


def structured_query(
    school: School, reading: Reading, student: str | None, today: date
) -> tuple[Filters, list[CourseWithCohorts], Row | None] | None:
    """The filters applied, the courses found and the student's enrollment they start after.

    None when the question asks for what starts after the student's current course and the
    student has none (or is not known).
    """
    filters, after = reading.filters, None
    if reading.after_my_course:
        with school.pool.connection() as conn:
            after = catalog_queries.current_course_end(conn, student, today=today) if student else None
        if after is None:
            return None
        filters = replace(filters, starts_after=after["ends_on"])
    with school.pool.connection() as conn:
        courses = catalog_queries.matching(conn, filters, today=today)
    return filters, courses, after


def retrieve(
    school: School,
    question: str,
    *,
    student: str | None = None,
    today: date | None = None,
    retriever: Retriever | None = None,
) -> list[str]:
    """The ids the answer node's reply to `question` (asked on its own) rests on, best first.

    A structured question: the courses the tables' query found. Otherwise the knowledge-base
    sections that answer it (citations, `refunds#the-7-day-rule`), then the courses the reply
    states; nothing when nothing is about the question. `retriever` is the catalog search (one
    with embeddings for hybrid), `Retriever(school)` by default.
    """
    today = today or school.clock()
    reading = read_question(question, today=today)
    if reading.structured:
        result = structured_query(school, reading, student, today)
        return [c["id"] for c in result[1]] if result else []
    retriever = retriever or Retriever(school)
    found = retriever.read(question, retriever.search(question))
    follow_ons = follow_on_query(school, question, reading, found, today)
    if follow_ons is not None:
        return [c["id"] for c in follow_ons[2]]
    subject, sections = answer_sources(school, question, found, reading, retriever=retriever)
    return [s["citation"] for s in sections] + [c["id"] for c in subject.courses]
