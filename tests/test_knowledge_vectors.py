"""Embeddings of the knowledge base's chunks in pgvector: what is stale, storage, neighbours, re-chunking.

The vectors are made by a few lines here (counts of some words), not by a model: what is tested is
the storage and the SQL. The server is the test server when it has pgvector, else an embedded one.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from agent.config.settings import Settings
from agent.domain import knowledge, vectors
from agent.domain.documents import load_documents, shipped_folder
from agent.infra.persistence import open_resources
from tests.support.school import TODAY, fresh_database

Conn = psycopg.Connection[dict[str, Any]]
WORDS = ("money", "certificate", "waitlist", "cancel", "transfer")


def embed(text: str) -> list[float]:
    counts = [float(text.lower().count(w)) for w in WORDS]
    norm = math.sqrt(sum(c * c for c in counts)) or 1.0
    return [c / norm for c in counts] if any(counts) else [0.0] * len(WORDS)


@pytest.fixture
def conn(vector_server: str, tmp_path: Path) -> Iterator[Conn]:
    with fresh_database(vector_server) as url:
        settings = Settings(database_url=url, data_dir=tmp_path / "data", today=TODAY)
        with open_resources(settings) as res, res.pool.connection() as c:
            vectors.ensure_chunk_vector_schema(c)
            vectors.ensure_chunk_vector_schema(c)  # idempotent
            yield c


def embed_stale(conn: Conn, model: str = "words") -> list[int]:
    stale = vectors.stale_chunks(conn, model)
    vectors.store_chunk_embeddings(conn, model, [(i, h, embed(text)) for i, text, h in stale])
    return [i for i, _, _ in stale]


def test_every_chunk_is_embedded_once_and_its_neighbours_are_found(conn: Conn) -> None:
    all_ids = [r["id"] for r in conn.execute("SELECT id FROM knowledge_chunks ORDER BY id").fetchall()]
    (text,) = [t for i, t, _ in vectors.stale_chunks(conn, "words") if i == all_ids[0]]

    assert embed_stale(conn) == all_ids
    assert embed_stale(conn) == []
    assert vectors.stale_chunks(conn, "another-model") != []
    first = conn.execute(
        "SELECT title, section, body FROM knowledge_chunks WHERE id = %s", (all_ids[0],)
    ).fetchone()
    assert first is not None
    assert text == f"{first['title']}\n{first['section']}\n{first['body']}"

    near = vectors.nearest_chunks(conn, "words", embed("a certificate"), 3, max_distance=0.5)
    found = knowledge.chunks(conn, near)

    assert [r["id"] for r in found] == near
    assert {r["document_id"] for r in found} == {"certificates"}
    assert set(found[0]) == {
        "id",
        "document_id",
        "title",
        "section",
        "anchor",
        "position",
        "text",
        "citation",
    }
    assert vectors.nearest_chunks(conn, "words", embed("nothing of ours"), 3, max_distance=0.5) == []


def certificate_chunks(conn: Conn) -> list[int]:
    rows = conn.execute("SELECT id FROM knowledge_chunks WHERE document_id = 'certificates' ORDER BY id")
    return [r["id"] for r in rows.fetchall()]


def test_a_rechunked_document_loses_its_embeddings_and_only_its_chunks_are_stale(
    conn: Conn, tmp_path: Path
) -> None:
    embed_stale(conn)
    old = certificate_chunks(conn)
    folder = tmp_path / "kb"
    folder.mkdir()
    for doc in load_documents():
        text = shipped_folder().joinpath(doc.source).read_text(encoding="utf-8")
        if doc.id == "certificates":
            text += "\n## Paper copies\n\nA printed certificate is posted on request.\n"
        (folder / doc.source).write_text(text)

    knowledge.ingest(conn, load_documents(folder))

    assert knowledge.chunks(conn, old) == []
    embedded = conn.execute("SELECT count(*) AS n FROM knowledge_embeddings WHERE chunk_id = ANY(%s)", (old,))
    assert embedded.fetchone() == {"n": 0}
    assert embed_stale(conn) == certificate_chunks(conn)
    # A chunk deleted after `stale_chunks` named it (its document re-chunked meanwhile) is skipped.
    vectors.store_chunk_embeddings(conn, "words", [(old[0], "gone", embed("certificate"))])
    counts = conn.execute(
        "SELECT (SELECT count(*) FROM knowledge_embeddings) AS embedded, (SELECT count(*) FROM knowledge_chunks) AS chunks"
    ).fetchone()
    assert counts is not None
    assert counts["embedded"] == counts["chunks"]
