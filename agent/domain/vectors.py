"""Embeddings in Postgres with pgvector: schema, staleness, storage and nearest neighbours.

Of courses (`course_embeddings`, used by `graphs.retrieval`) and of the knowledge base's chunks
(`knowledge_embeddings`, `agent.domain.knowledge`; the same four steps, ready for the retriever to
fuse with `knowledge.search`'s ranking). Plain psycopg over a connection handed in; it imports
nothing from LangChain and computes no embeddings itself (the caller does, see `graphs.retrieval`).
Vectors travel as pgvector's text form (`'[0.1,0.2]'::vector`), so no client-side adapter package
is needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, LiteralString

from psycopg import Connection

Row = dict[str, Any]

_SCHEMA_LOCK = "hashtext('school-agent:vectors')"

# What is embedded for a course: the text a student could be asking about. Its hash, computed by
# the server from the same expression, says when a stored embedding no longer matches the course.
_DOCUMENT = "c.title || E'\\n' || c.description || E'\\n' || school_words(c.tags) || E'\\n' || c.level"
# What is embedded for a chunk of the knowledge base: its document's title, its heading and its text.
_CHUNK = "k.title || E'\\n' || k.section || E'\\n' || k.body"
_HASH = "encode(sha256(convert_to({}, 'UTF8')), 'hex')"


def vector_available(conn: Connection[Row]) -> bool:
    """Whether this server has the pgvector extension (installed, or installable with CREATE EXTENSION)."""
    row = conn.execute(
        "SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS ok"
    ).fetchone()
    return bool(row and row["ok"])


def ensure_vector_schema(conn: Connection[Row]) -> None:
    """Install pgvector and create `course_embeddings` if missing (idempotent; needs `courses`).

    Safe when several processes start at once: two concurrent `CREATE EXTENSION IF NOT EXISTS`
    can both see it missing and one then fails on a duplicate key, so the statements run under a
    transaction-level advisory lock.
    """
    # `vector` without a dimension: each model has its own, and rows are keyed by model.
    # No ANN index: the catalog has a handful of courses, so an exact scan is both faster
    # and exact (an HNSW/IVFFlat index would need a fixed dimension per model anyway).
    _create_with_extension(
        conn,
        "CREATE TABLE IF NOT EXISTS course_embeddings ("
        " course_id text NOT NULL REFERENCES courses (id) ON DELETE CASCADE,"
        " model text NOT NULL,"
        " content_hash text NOT NULL,"
        " embedding vector NOT NULL,"
        " PRIMARY KEY (course_id, model))",
    )


def _create_with_extension(conn: Connection[Row], table: LiteralString) -> None:
    """Install pgvector if missing and run `table` (a `CREATE TABLE IF NOT EXISTS`), under the lock."""
    with conn.transaction():
        conn.execute(f"SELECT pg_advisory_xact_lock({_SCHEMA_LOCK})")
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        conn.execute(table)


def stale_courses(conn: Connection[Row], model: str) -> list[tuple[str, str, str]]:
    """`(course_id, text, content_hash)` of courses with no embedding for `model`, or an outdated one."""
    rows = conn.execute(
        "WITH docs AS ("
        f"  SELECT c.id, {_DOCUMENT} AS document FROM courses c"
        "), hashed AS ("
        f"  SELECT id, document, {_HASH.format('document')} AS content_hash"
        "  FROM docs"
        ")"
        " SELECT d.id, d.document, d.content_hash FROM hashed d"
        " LEFT JOIN course_embeddings e ON e.course_id = d.id AND e.model = %s"
        " WHERE e.content_hash IS DISTINCT FROM d.content_hash"
        " ORDER BY d.id",
        (model,),
    ).fetchall()
    return [(r["id"], r["document"], r["content_hash"]) for r in rows]


def store_embeddings(
    conn: Connection[Row], model: str, rows: Sequence[tuple[str, str, Sequence[float]]]
) -> None:
    """Insert or replace the embeddings `(course_id, content_hash, vector)` of `model`."""
    params = [
        (course_id, model, content_hash, to_literal(vector)) for course_id, content_hash, vector in rows
    ]
    if not params:
        return
    with conn.transaction(), conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO course_embeddings (course_id, model, content_hash, embedding)"
            " VALUES (%s, %s, %s, %s::vector)"
            " ON CONFLICT (course_id, model) DO UPDATE"
            " SET content_hash = EXCLUDED.content_hash, embedding = EXCLUDED.embedding",
            params,
        )


def nearest_courses(
    conn: Connection[Row],
    model: str,
    vector: Sequence[float],
    limit: int,
    *,
    max_distance: float | None = None,
) -> list[str]:
    """Ids of the `limit` courses closest to `vector` by cosine distance, nearest first.

    With `max_distance`, courses further away than that are left out. A zero query vector has
    no direction: its distances are NaN, which Postgres orders above every number, so they never
    pass a `max_distance`.
    """
    rows = conn.execute(
        "SELECT course_id FROM ("
        "  SELECT course_id, embedding <=> %s::vector AS distance FROM course_embeddings"
        "  WHERE model = %s"
        ") d WHERE %s::float8 IS NULL OR distance <= %s::float8"
        " ORDER BY distance, course_id LIMIT %s",
        (to_literal(vector), model, max_distance, max_distance, limit),
    ).fetchall()
    return [r["course_id"] for r in rows]


def to_literal(vector: Sequence[float]) -> str:
    """The pgvector text form of `vector`, e.g. `[1.0,0.5]`; refuses empty and non-finite vectors."""
    values = [float(x) for x in vector]
    if not values or not all(math.isfinite(x) for x in values):
        message = f"an embedding must be a non-empty list of finite numbers, got {values[:4]!r}…"
        raise ValueError(message)
    # repr() is the shortest text that reads back as the same double.
    return "[" + ",".join(repr(x) for x in values) + "]"


# -- the knowledge base's chunks -------------------------------------------------------------------
def ensure_chunk_vector_schema(conn: Connection[Row]) -> None:
    """Install pgvector and create `knowledge_embeddings` if missing (idempotent; needs `knowledge_chunks`).

    Under the same advisory lock as `ensure_vector_schema`, for the same reason. A chunk's
    embeddings go with it: re-chunking a document deletes its chunks, and `stale_chunks` then
    names the new ones.
    """
    # No ANN index, as for courses: a knowledge base of policies has tens of chunks.
    _create_with_extension(
        conn,
        "CREATE TABLE IF NOT EXISTS knowledge_embeddings ("
        " chunk_id bigint NOT NULL REFERENCES knowledge_chunks (id) ON DELETE CASCADE,"
        " model text NOT NULL,"
        " content_hash text NOT NULL,"
        " embedding vector NOT NULL,"
        " PRIMARY KEY (chunk_id, model))",
    )


def stale_chunks(conn: Connection[Row], model: str) -> list[tuple[int, str, str]]:
    """`(chunk_id, text, content_hash)` of chunks with no embedding for `model`, or an outdated one."""
    text, digest = _CHUNK, _HASH.format(_CHUNK)
    rows = conn.execute(
        f"SELECT k.id, {text} AS text, {digest} AS content_hash FROM knowledge_chunks k"
        " LEFT JOIN knowledge_embeddings e ON e.chunk_id = k.id AND e.model = %s"
        f" WHERE e.content_hash IS DISTINCT FROM {digest}"
        " ORDER BY k.id",
        (model,),
    ).fetchall()
    return [(r["id"], r["text"], r["content_hash"]) for r in rows]


def store_chunk_embeddings(
    conn: Connection[Row], model: str, rows: Sequence[tuple[int, str, Sequence[float]]]
) -> None:
    """Insert or replace the embeddings `(chunk_id, content_hash, vector)` of `model`.

    A chunk deleted since `stale_chunks` named it (its document re-chunked meanwhile) is skipped.
    """
    params = [(model, content_hash, to_literal(vector), chunk_id) for chunk_id, content_hash, vector in rows]
    if not params:
        return
    with conn.transaction(), conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO knowledge_embeddings (chunk_id, model, content_hash, embedding)"
            " SELECT k.id, %s, %s, %s::vector FROM knowledge_chunks k WHERE k.id = %s"
            " ON CONFLICT (chunk_id, model) DO UPDATE"
            " SET content_hash = EXCLUDED.content_hash, embedding = EXCLUDED.embedding",
            params,
        )


def nearest_chunks(
    conn: Connection[Row],
    model: str,
    vector: Sequence[float],
    limit: int,
    *,
    max_distance: float | None = None,
) -> list[int]:
    """Ids of the `limit` chunks closest to `vector` by cosine distance, nearest first.

    With `max_distance`, chunks further away are left out (see `nearest_courses`: a question the
    knowledge base does not answer must find nothing rather than its nearest section).
    """
    rows = conn.execute(
        "SELECT chunk_id FROM ("
        "  SELECT chunk_id, embedding <=> %s::vector AS distance FROM knowledge_embeddings"
        "  WHERE model = %s"
        ") d WHERE %s::float8 IS NULL OR distance <= %s::float8"
        " ORDER BY distance, chunk_id LIMIT %s",
        (to_literal(vector), model, max_distance, max_distance, limit),
    ).fetchall()
    return [r["chunk_id"] for r in rows]
