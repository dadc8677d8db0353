"""The knowledge base beside the catalog: the school's policies and FAQ in Postgres, ingested and searched.

Tables (migration 11, `agent.infra.migrations`): `knowledge_documents` (one row a document: id,
title, source file, content hash, when it was ingested) and `knowledge_chunks` (its sections in
order, each with a generated `tsvector` under a GIN index). The documents themselves are Markdown
files (`documents`; the shipped ones are in `agent/domain/knowledge_base/`).

`ingest` makes the tables hold exactly a set of documents, idempotently: a document whose content
hash is stored already is left untouched, a changed one is re-chunked, a new one added, one no
longer in the set deleted. It is cheap when nothing changed (one query comparing hashes, no
write), and otherwise one transaction under an advisory lock, so a reader never sees a document
half re-chunked and two processes ingesting at once do it one after the other.

`sections_about` is the answer node's search (through `graphs.sources`): the sections of the
documents whose keywords (migration 12) name the question's subject, or holding all its words,
ranked as its docstring says. `search` is plain full-text search: the chunks that have every word
of the question (`plainto_tsquery`, which reads any text as words: no operator, quote or syntax
error, and Postgres's parser drops markup tags), or when none has, those with any of its words;
either way only those ranking within `RELATIVE_RANK` of the best, so that a weak match does not
come along with a strong one. Ranks are `ts_rank`'s without length
normalisation: sections are of similar length, and dividing by it favoured a short section that
mentions a word in passing over the one about it.

Plain psycopg over a connection handed in; nothing of LangChain. Vectors: `vectors` keeps an
embedding a chunk and model (`ensure_chunk_vector_schema`, `stale_chunks`, `store_chunk_embeddings`,
`nearest_chunks`), computed by the caller as for courses; the answer node's retriever fuses those
neighbours with `sections_about`'s ranking (`graphs.sources.knowledge_sections`), reading them back
with `chunks`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal, TypedDict, cast

from psycopg import Connection

from agent.domain.documents import Document, citation

Row = dict[str, Any]


class Section(TypedDict):
    """One stored chunk of a document (a section, or a part of a long one), with its citation."""

    id: int
    """The chunk's id; it changes when its document is re-chunked."""
    document_id: str
    title: str
    """The document's title."""
    section: str
    """The section's heading."""
    anchor: str
    position: int
    """Its place in its document (0: the first section)."""
    text: str
    """The section's Markdown."""
    citation: str
    """`document#anchor`, e.g. `refunds#the-7-day-rule`."""


class FoundSection(Section):
    """A section `search` found."""

    rank: float
    """Full-text rank, comparable within one search only."""
    match: Literal["all", "any"]
    """`all`: the sections found hold every word of the question; `any`: some of them."""


class SectionAbout(Section):
    """A section `sections_about` found, with the counts it was ranked by."""

    asked: int
    topic: int
    heading: int
    covered: int
    rank: float


MAX_QUERY_CHARS = 2_000
"""Only this much of a question is searched: past it, more words only blur the ranking (a student's
message is capped at `SCHOOL_MAX_MESSAGE_CHARS` before it gets here anyway)."""
RELATIVE_RANK = 0.3
"""A chunk found is kept when it ranks at least this share of the best one found."""
_LOCK = "hashtext('school-agent:knowledge')"

_SEARCH_SQL = """
SELECT k.id, k.document_id, k.title, k.section, k.anchor, k.position, k.body AS text,
       ts_rank(k.search, w.q) AS rank
FROM knowledge_chunks k, (SELECT {query} AS q) w
WHERE numnode(w.q) > 0 AND k.search @@ w.q
ORDER BY rank DESC, k.document_id, k.position
LIMIT %(limit)s
"""
_ALL_WORDS = "plainto_tsquery('english', %(text)s)"
# plainto_tsquery's text joins the words with ' & '; a lexeme holds no space, so the replacement
# touches nothing else, and the text of a tsquery reads back as the same query.
_ANY_WORD = "replace(plainto_tsquery('english', %(text)s)::text, ' & ', ' | ')::tsquery"


@dataclass(frozen=True)
class IngestReport:
    """What one ingestion did, by document id (each list in id order)."""

    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    """Re-chunked: the content hash differed."""
    removed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)

    @property
    def wrote(self) -> bool:
        """Whether anything in the database changed."""
        return bool(self.added or self.changed or self.removed)

    def as_dict(self) -> dict[str, list[str]]:
        """The report as plain JSON."""
        return {
            "added": self.added,
            "changed": self.changed,
            "removed": self.removed,
            "unchanged": self.unchanged,
        }


def ingest(conn: Connection[Row], documents: Sequence[Document]) -> IngestReport:
    """Make the knowledge base hold exactly `documents`; what was added, changed, removed, unchanged.

    Compares content hashes first and writes nothing when all match. Otherwise the whole change is
    one transaction: it waits for any other ingestion, compares again (the other may have done the
    work) and applies the difference, so a failure leaves the knowledge base as it was.
    """
    ids = [d.id for d in documents]
    if len(set(ids)) != len(ids):
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        message = f"document ids must be unique; given more than once: {', '.join(repeated)}"
        raise ValueError(message)
    report = _compare(_stored_hashes(conn), documents)
    if not report.wrote:
        return report
    with conn.transaction():
        conn.execute(f"SELECT pg_advisory_xact_lock({_LOCK})")
        report = _compare(_stored_hashes(conn), documents)
        by_id = {d.id: d for d in documents}
        if report.removed:
            conn.execute("DELETE FROM knowledge_documents WHERE id = ANY(%s)", (report.removed,))
        for doc_id in report.changed:
            conn.execute("DELETE FROM knowledge_chunks WHERE document_id = %s", (doc_id,))
        for doc_id in [*report.added, *report.changed]:
            _write(conn, by_id[doc_id])
    return report


def _stored_hashes(conn: Connection[Row]) -> dict[str, str]:
    rows = conn.execute("SELECT id, content_hash FROM knowledge_documents").fetchall()
    return {r["id"]: r["content_hash"] for r in rows}


def _compare(stored: dict[str, str], documents: Sequence[Document]) -> IngestReport:
    report = IngestReport(removed=sorted(set(stored) - {d.id for d in documents}))
    for doc in sorted(documents, key=lambda d: d.id):
        if doc.id not in stored:
            report.added.append(doc.id)
        elif stored[doc.id] != doc.content_hash:
            report.changed.append(doc.id)
        else:
            report.unchanged.append(doc.id)
    return report


def _write(conn: Connection[Row], doc: Document) -> None:
    """Insert or update the document's row and insert its chunks (its old chunks are gone)."""
    conn.execute(
        "INSERT INTO knowledge_documents (id, title, source, content_hash, keywords, phrases)"
        " VALUES (%s, %s, %s, %s, %s, %s)"
        " ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, source = EXCLUDED.source,"
        " content_hash = EXCLUDED.content_hash, keywords = EXCLUDED.keywords,"
        " phrases = EXCLUDED.phrases, ingested_at = now()",
        (
            doc.id,
            doc.title,
            doc.source,
            doc.content_hash,
            " ".join(k for k in doc.keywords if " " not in k),
            [k for k in doc.keywords if " " in k],
        ),
    )
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO knowledge_chunks (document_id, position, title, section, anchor, body)"
            " VALUES (%s, %s, %s, %s, %s, %s)",
            [(doc.id, c.position, doc.title, c.section, c.anchor, c.text) for c in doc.chunks],
        )


def search(conn: Connection[Row], text: str, limit: int = 5) -> list[FoundSection]:
    """The chunks that best answer `text`, best first, at most `limit`.

    Each row: `id` (the chunk's; it changes when its document is re-chunked), `document_id`,
    `title` (the document's), `section` (its heading), `anchor`, `citation`
    (`refunds#the-7-day-rule`), `position`, `text` (the section's Markdown), `rank` (full-text rank,
    comparable within one search only) and `match`: `all` when the chunks found have every word of
    the question, `any` when none has them all and these have some. A question of only common
    words ("what is it?") or of no words finds nothing. Text is data here: quotes, operators, SQL or
    markup in it are searched as words.
    """
    question = _searchable(text, limit)
    if question is None:
        return []
    match, found = "all", _ranked(conn, _ALL_WORDS, question, limit)
    if not found:
        match, found = "any", _ranked(conn, _ANY_WORD, question, limit)
    best = found[0]["rank"] if found else 0
    return [
        cast(FoundSection, r | {"citation": citation(r["document_id"], r["anchor"]), "match": match})
        for r in found
        if r["rank"] >= best * RELATIVE_RANK
    ]


def _searchable(text: str, limit: int) -> str | None:
    """The part of `text` a search reads (None when it has no words); refuses a `limit` below 1."""
    if limit < 1:
        message = f"limit must be at least 1, got {limit}"
        raise ValueError(message)
    # Postgres text cannot hold NUL; a question is words, so it is a space like any other separator.
    question = text[:MAX_QUERY_CHARS].replace("\x00", " ")
    return question if question.strip() else None


def _ranked(conn: Connection[Row], query: str, text: str, limit: int) -> list[Row]:
    return conn.execute(_SEARCH_SQL.format(query=query), {"text": text, "limit": limit}).fetchall()


_ABOUT_CTES = """
q AS (
    SELECT array(SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('english', %(text)s)))) AS words,
           plainto_tsquery('english', %(text)s) AS every_word,
           replace(plainto_tsquery('english', %(text)s)::text, ' & ', ' | ')::tsquery AS any_word,
           to_tsvector('simple', %(text)s) AS as_written
), documents AS MATERIALIZED (
    SELECT d.id, d.subject,
           (SELECT count(*) FROM unnest(q.words) w WHERE w = ANY(tsvector_to_array(d.subject)))
           + (SELECT count(*) FROM unnest(d.phrases) p WHERE q.as_written @@ phraseto_tsquery('simple', p))
             AS topic
    FROM knowledge_documents d, q
)"""

_ABOUT_SELECT = """
SELECT k.id, k.document_id, k.title, k.section, k.anchor, k.position, k.body AS text,
       cardinality(q.words) AS asked,
       d.topic,
       (SELECT count(*) FROM unnest(q.words) w
         WHERE w = ANY(tsvector_to_array(to_tsvector('english', k.section)))
           AND NOT w = ANY(tsvector_to_array(d.subject))) AS heading,
       (SELECT count(*) FROM unnest(q.words) w
         WHERE w = ANY(tsvector_to_array(k.search || d.subject))) AS covered,
       ts_rank(k.search, q.any_word) AS rank
FROM knowledge_chunks k JOIN documents d ON d.id = k.document_id, q
WHERE cardinality(q.words) > 0 AND (d.topic > 0 OR (k.search || d.subject) @@ q.every_word)
"""

_ABOUT_SQL = f"WITH {_ABOUT_CTES} {_ABOUT_SELECT}"


def sections_about(conn: Connection[Row], text: str, limit: int = 5) -> list[SectionAbout]:
    """The chunks about `text`'s words, best first, at most `limit`.

    A chunk is about them when its document's subject holds one of the words (`topic` counts them:
    a word of its keywords, compared stemmed; or one of its keyword phrases, word for word: "drop
    out" is the cancellation's, "drop table" is not), or when the chunk holds every one of them.
    Ranked by `topic`, then by the other words its heading holds (`heading`: in "Who approves a refund?", "approves"), then
    by all it holds with its document's subject (`covered`, of `asked`), then by its place in its
    document (a document's first section states its main rule: "What is your refund policy?" is
    the 7-day rule), then by full-text rank; and the best section of each document named by
    subject comes before a second section of any (`_each_subject_first`). Words are compared as
    full-text search compares them (English stemming, stop words dropped). Each row as `search`'s,
    less `match`, plus those counts.
    """
    question = _searchable(text, limit)
    if question is None:
        return []
    # Only chunks about the words come back: a subject word or phrase, or every word held (`@@`).
    return _best_about(conn.execute(_ABOUT_SQL, {"text": question}).fetchall(), limit)


_VERSION_SQL = """
SELECT current_database() AS kb_database, host(inet_server_addr()) AS kb_server, inet_server_port() AS kb_port,
       (SELECT count(*) FROM knowledge_documents) AS kb_documents,
       (SELECT max(ingested_at) FROM knowledge_documents) AS kb_ingested,
       (SELECT count(*) FROM courses) AS kb_courses,
       (SELECT md5(string_agg(id || ' ' || xmin::text, ' ' ORDER BY id)) FROM courses) AS kb_catalog,
       (SELECT md5(string_agg(id || ' ' || course_id, ' ' ORDER BY id)) FROM cohorts) AS kb_cohorts
"""
# The cohorts' ids and courses are in it for `School.known_ids` and `School.named_ids`, which a turn
# answers from what they read at the version (`agent.domain.at_version`).
# A course row's `xmin` (the transaction that wrote this version of the row) changes with any change
# to the row; reading it costs a third of hashing every search vector's text, and the version is
# read in every turn's first round trip (the one that takes the thread's lock).
_VERSION_COLUMNS = (
    "kb_database",
    "kb_server",
    "kb_port",
    "kb_documents",
    "kb_ingested",
    "kb_courses",
    "kb_catalog",
    "kb_cohorts",
)
"""The database as the server names it (so a version read through any connection, pooler or not,
names it alike), then what the knowledge base and the catalog hold."""

_ABOUT_AT_VERSION_SQL = f"""
WITH {_ABOUT_CTES}, about AS ({_ABOUT_SELECT}), version AS ({_VERSION_SQL})
SELECT version.*, about.* FROM version LEFT JOIN about ON true
"""
"""`_ABOUT_SQL`'s rows, each with the vocabulary version beside it; one row with no `id` when none."""


def sections_about_at_version(
    conn: Connection[Row], text: str, limit: int = 5
) -> tuple[tuple[Any, ...], list[SectionAbout]]:
    """`vocabulary_version` and `sections_about(text)`, read in one statement (one snapshot).

    For a caller that chose `text`'s words with a vocabulary it holds: when the version is the
    one that vocabulary was read at, the sections are what reading the version first would give.
    """
    question = _searchable(text, limit)
    rows = conn.execute(_ABOUT_AT_VERSION_SQL, {"text": question or ""}).fetchall()
    version = version_of(rows[0])
    about = [_without_version(r) for r in rows if r["id"] is not None] if question is not None else []
    return version, _best_about(about, limit)


def _without_version(row: Row) -> Row:
    return {column: value for column, value in row.items() if column not in _VERSION_COLUMNS}


def _best_about(about: list[Row], limit: int) -> list[SectionAbout]:
    about.sort(key=lambda r: (-r["topic"], -r["heading"], -r["covered"], r["position"], -r["rank"]))
    return [
        cast(SectionAbout, r | {"citation": citation(r["document_id"], r["anchor"])})
        for r in _each_subject_first(about)[:limit]
    ]


def _each_subject_first(ranked: list[Row]) -> list[Row]:
    """The best section of each document the question names by subject, then the rest, in rank order.

    "If I'm in the queue and someone gives up their place, how long do I have to pay?" names the
    waitlists and the payments: both answer, so both come before a second section of either.
    """
    firsts: dict[str, Row] = {}
    for row in ranked:
        if row["topic"] > 0:
            firsts.setdefault(row["document_id"], row)
    chosen = {id(r) for r in firsts.values()}
    return [*firsts.values(), *(r for r in ranked if id(r) not in chosen)]


@dataclass(frozen=True)
class Vocabulary:
    """The lowercase words of the knowledge base and the catalog, as a question's typos are read against them."""

    subjects: frozenset[str]
    """The words of the documents' titles, keywords and headings: what a misspelt word may stand for."""
    known: frozenset[str]
    """Every word of the documents and of the courses (ids, titles, descriptions, tags): a word
    among them is no typo ("should" is not "sold")."""


_VOCABULARY_SQL = """
SELECT DISTINCT s.subject, w
FROM (SELECT true AS subject, title || ' ' || keywords || ' ' || array_to_string(phrases, ' ') AS t
      FROM knowledge_documents
      UNION ALL SELECT true, section FROM knowledge_chunks
      UNION ALL SELECT false, body FROM knowledge_chunks
      UNION ALL SELECT false, id || ' ' || title || ' ' || description || ' ' || array_to_string(tags, ' ')
                FROM courses) s,
     regexp_split_to_table(lower(s.t), '[^a-z0-9]+') AS w
WHERE w <> ''
"""


def vocabulary_version(conn: Connection[Row]) -> tuple[Any, ...]:
    """What `vocabulary` depends on, read cheaply: equal versions of one database, equal vocabularies.

    The documents change only by `ingest`, which stamps `ingested_at`; the courses only by seeding,
    which adds rows, and any change to a course row gives it a new `xmin`.
    """
    row = conn.execute(_VERSION_SQL).fetchone()
    assert row is not None
    return version_of(row)


def version_query() -> tuple[str, dict[str, Any]]:
    """`vocabulary_version`'s query, for a caller that reads it in a round trip it makes anyway.

    Its one row's columns start with `kb_`; `version_of` makes the version of it.
    """
    return _VERSION_SQL, {}


def version_of(row: Row) -> tuple[Any, ...]:
    """The version in a row of `version_query` (or of a query that has its columns)."""
    return tuple(row[c] for c in _VERSION_COLUMNS)


_READ_VERSION: ContextVar[tuple[Any, ...] | None] = ContextVar("knowledge_version", default=None)


@contextmanager
def version_read(version: tuple[Any, ...] | None) -> Iterator[None]:
    """While inside, `version_read_now` is `version`: the caller read it just now, for this work.

    A turn reads the version in the round trip that takes its thread's lock; a search in that turn
    may then answer from what it found at that version before (`graphs.sources`), with no query.
    A change of the knowledge base or the catalog committed before that read changes the version.
    """
    token = _READ_VERSION.set(version)
    try:
        yield
    finally:
        _READ_VERSION.reset(token)


def version_read_now() -> tuple[Any, ...] | None:
    """The version the caller read for the work in progress (`version_read`); None when none was."""
    return _READ_VERSION.get()


def vocabulary(conn: Connection[Row]) -> Vocabulary:
    """The knowledge base's and the catalog's words (one query of about 10 ms; a few thousand words)."""
    rows = conn.execute(_VOCABULARY_SQL).fetchall()
    subjects = frozenset(r["w"] for r in rows if r["subject"])
    return Vocabulary(subjects, subjects | {r["w"] for r in rows})


def heading_hits(conn: Connection[Row], ids: Sequence[int], text: str) -> dict[int, int]:
    """For each chunk id, how many distinct words of `text` its document's title and its heading hold.

    Words are compared as full-text search compares them (English stemming, stop words dropped):
    "What is your refund policy?" has two in "Refund policy: The 7-day rule". Unknown ids are left out.
    """
    rows = conn.execute(
        "SELECT k.id, (SELECT count(*) FROM unnest(tsvector_to_array("
        "   to_tsvector('english', k.title || ' ' || k.section))) AS h(lexeme)"
        "   WHERE h.lexeme = ANY(tsvector_to_array(to_tsvector('english', %(text)s)))) AS hits"
        " FROM knowledge_chunks k WHERE k.id = ANY(%(ids)s)",
        {"ids": list(ids), "text": text[:MAX_QUERY_CHARS].replace("\x00", " ")},
    ).fetchall()
    return {r["id"]: r["hits"] for r in rows}


def chunks(conn: Connection[Row], ids: Sequence[int]) -> list[Section]:
    """The chunks with these ids in the order given, as `search` returns them less `rank` and `match`.

    For a ranking made elsewhere (vector neighbours, `vectors.nearest_chunks`, or a fusion of both);
    ids no longer stored (a document re-chunked since) are left out.
    """
    rows = conn.execute(
        "SELECT id, document_id, title, section, anchor, position, body AS text"
        " FROM knowledge_chunks WHERE id = ANY(%s)",
        (list(ids),),
    ).fetchall()
    by_id = {r["id"]: cast(Section, r | {"citation": citation(r["document_id"], r["anchor"])}) for r in rows}
    return [by_id[i] for i in ids if i in by_id]


def stored_documents(conn: Connection[Row]) -> list[Row]:
    """The ingested documents, by id: `id`, `title`, `source`, `content_hash`, `ingested_at`, `chunks`."""
    return conn.execute(
        "SELECT d.id, d.title, d.source, d.content_hash, d.ingested_at,"
        " (SELECT count(*) FROM knowledge_chunks k WHERE k.document_id = d.id) AS chunks"
        " FROM knowledge_documents d ORDER BY d.id"
    ).fetchall()
