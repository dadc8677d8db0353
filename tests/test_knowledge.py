"""The knowledge base on real Postgres: idempotent ingestion, refusals that write nothing, and search.

Each test gets a database set up as the application sets it up, the shipped documents ingested.
Folders of changed documents are copies of the shipped ones in the test's temporary folder.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
import pytest

from agent.config.settings import Settings
from agent.domain import knowledge
from agent.domain.documents import DocumentError, load_documents, shipped_folder
from agent.domain.knowledge import IngestReport, ingest, search
from agent.infra.persistence import Resources, open_resources, setup_database
from agent.runtime import threads
from graphs import sources
from tests.support.school import run_cli

Conn = psycopg.Connection[dict[str, Any]]
SHIPPED = load_documents()
SHIPPED_IDS = sorted(d.id for d in SHIPPED)


@pytest.fixture
def conn(resources: Resources) -> Iterator[Conn]:
    with resources.pool.connection() as c:
        yield c


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the shipped documents, to change."""
    copy = tmp_path / "kb"
    copy.mkdir()
    for doc in SHIPPED:
        (copy / doc.source).write_text(shipped_folder().joinpath(doc.source).read_text(encoding="utf-8"))
    return copy


def stored(conn: Conn) -> dict[str, list[dict[str, Any]]]:
    """Every row of the knowledge base, ingestion times and chunk ids included."""
    return {
        "documents": conn.execute(
            "SELECT id, title, source, content_hash, ingested_at FROM knowledge_documents ORDER BY id"
        ).fetchall(),
        "chunks": conn.execute(
            "SELECT id, document_id, position, title, section, anchor, body FROM knowledge_chunks ORDER BY id"
        ).fetchall(),
    }


def chunks_of(state: dict[str, list[dict[str, Any]]], doc_id: str) -> list[dict[str, Any]]:
    return [c for c in state["chunks"] if c["document_id"] == doc_id]


def documents_but(state: dict[str, list[dict[str, Any]]], *doc_ids: str) -> dict[str, list[dict[str, Any]]]:
    return {
        table: [r for r in rows if r.get("document_id", r["id"]) not in doc_ids]
        for table, rows in state.items()
    }


def add_section(folder: Path, source: str, section: str) -> None:
    path = folder / source
    path.write_text(path.read_text(encoding="utf-8") + f"\n{section}")


GIFT_CARDS = "## Gift cards\n\nA gift card pays for any course; it is not refunded in cash.\n"


# -- ingestion ----------------------------------------------------------------------------------
def test_setup_ingests_the_shipped_documents_and_setting_up_again_changes_nothing(
    resources: Resources, conn: Conn
) -> None:
    before = stored(conn)

    again = setup_database(resources)

    assert [d["id"] for d in before["documents"]] == SHIPPED_IDS
    assert [(c["document_id"], c["position"], c["section"], c["body"]) for c in before["chunks"]] == [
        (d.id, c.position, c.section, c.text) for d in sorted(SHIPPED, key=lambda d: d.id) for c in d.chunks
    ]
    assert again == IngestReport(unchanged=SHIPPED_IDS)
    assert not again.wrote
    assert stored(conn) == before


def test_a_changed_document_is_rechunked_and_the_others_are_left_untouched(conn: Conn, folder: Path) -> None:
    before = stored(conn)
    add_section(folder, "refunds.md", GIFT_CARDS)
    changed = {d.id: d for d in load_documents(folder)}["refunds"]

    report = ingest(conn, load_documents(folder))

    after = stored(conn)
    assert report == IngestReport(changed=["refunds"], unchanged=[i for i in SHIPPED_IDS if i != "refunds"])
    assert documents_but(after, "refunds") == documents_but(before, "refunds")
    old, new = chunks_of(before, "refunds"), chunks_of(after, "refunds")
    assert {c["id"] for c in old}.isdisjoint(c["id"] for c in new)
    assert [(c["position"], c["anchor"], c["body"]) for c in new] == [
        (c.position, c.anchor, c.text) for c in changed.chunks
    ]
    assert new[-1]["anchor"] == "gift-cards"
    (refunds,) = [d for d in after["documents"] if d["id"] == "refunds"]
    assert refunds["content_hash"] == changed.content_hash
    assert [r["citation"] for r in search(conn, "gift card")] == ["refunds#gift-cards"]
    assert ingest(conn, load_documents(folder)) == IngestReport(unchanged=SHIPPED_IDS)
    assert stored(conn) == after


def test_a_removed_document_is_deleted_with_its_chunks_and_a_new_one_added(conn: Conn, folder: Path) -> None:
    (folder / "waitlists.md").unlink()
    (folder / "gift-cards.md").write_text(f"---\nid: gift-cards\ntitle: Gift cards\n---\n{GIFT_CARDS}")

    report = ingest(conn, load_documents(folder))

    after = stored(conn)
    assert report == IngestReport(
        added=["gift-cards"], removed=["waitlists"], unchanged=[i for i in SHIPPED_IDS if i != "waitlists"]
    )
    assert [d["id"] for d in after["documents"]] == sorted({*SHIPPED_IDS, "gift-cards"} - {"waitlists"})
    assert chunks_of(after, "waitlists") == []
    assert [c["anchor"] for c in chunks_of(after, "gift-cards")] == ["gift-cards"]
    assert [r["document_id"] for r in search(conn, "How does the waitlist work?")] == ["cancellation"]


def test_broken_front_matter_is_refused_naming_the_file_and_nothing_is_written(
    resources: Resources, conn: Conn, folder: Path
) -> None:
    before = stored(conn)
    add_section(folder, "refunds.md", GIFT_CARDS)  # a good change in the same run: not made either
    (folder / "faq.md").write_text("---\nid: faq\ntitle: FAQ\n---\n## Hours\n\n9 to 5.\n")
    broken = (folder / "certificates.md").read_text(encoding="utf-8").replace("---\n## ", "## ", 1)
    (folder / "certificates.md").write_text(broken)

    with pytest.raises(DocumentError) as refused:
        setup_database(resources, knowledge_dir=folder)

    assert str(refused.value) == "certificates.md: the front matter has no closing '---' line"
    assert stored(conn) == before


def test_a_failure_while_writing_leaves_the_knowledge_base_as_it_was(
    conn: Conn, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = stored(conn)
    add_section(folder, "refunds.md", GIFT_CARDS)
    add_section(folder, "transfers.md", GIFT_CARDS)
    (folder / "waitlists.md").unlink()
    written = []
    real_write = knowledge._write

    def write_then_fail(c: Conn, doc: Any) -> None:
        if written:
            raise RuntimeError("the server went away")
        written.append(doc.id)
        real_write(c, doc)

    monkeypatch.setattr(knowledge, "_write", write_then_fail)

    with pytest.raises(RuntimeError, match="the server went away"):
        ingest(conn, load_documents(folder))

    assert written == ["refunds"]
    assert stored(conn) == before


def test_two_ingestions_at_once_apply_a_change_once(resources: Resources, folder: Path) -> None:
    add_section(folder, "refunds.md", GIFT_CARDS)
    documents = load_documents(folder)
    reports: list[IngestReport] = []
    start = threading.Barrier(2)

    def run() -> None:
        with resources.pool.connection() as c:
            start.wait()
            reports.append(ingest(c, documents))

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    others = [i for i in SHIPPED_IDS if i != "refunds"]
    assert sorted(reports, key=lambda r: r.changed) == [
        IngestReport(unchanged=SHIPPED_IDS),
        IngestReport(changed=["refunds"], unchanged=others),
    ]


def test_ids_given_twice_are_refused(conn: Conn) -> None:
    before = stored(conn)
    with pytest.raises(ValueError, match="given more than once: refunds"):
        ingest(conn, [*SHIPPED, next(d for d in SHIPPED if d.id == "refunds")])
    assert stored(conn) == before


def test_setup_ingests_school_knowledge_dir_and_refuses_a_broken_one(
    settings: Settings, tmp_path: Path
) -> None:
    own = tmp_path / "own"
    own.mkdir()
    (own / "faq.md").write_text("---\nid: faq\ntitle: FAQ\n---\n## Opening hours\n\nAlways open.\n")

    with open_resources(replace(settings, knowledge_dir=own)) as res, res.pool.connection() as c:
        assert [d["id"] for d in knowledge.stored_documents(c)] == ["faq"]
        assert [r["citation"] for r in res.school.knowledge("when are you open?")] == ["faq#opening-hours"]
    (own / "faq.md").write_text("---\nid: faq\n---\n## Opening hours\n")

    with pytest.raises(DocumentError, match=r"^faq\.md: the front matter lacks title$"):
        open_resources(replace(settings, knowledge_dir=own)).__enter__()


# -- search -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("can I get my money back", "refunds#the-7-day-rule"),
        ("Do I get a certificate?", "certificates#who-gets-a-certificate"),
        ("How do I cancel an enrollment?", "cancellation#how-to-cancel-an-enrollment"),
        ("Is the SQL course online or in person?", "format#online-or-in-person"),
        ("Can I switch to the January group?", "transfers#moving-to-another-cohort-of-the-same-course"),
        ("What happens if I don't pay?", "payments#the-payment-deadline-and-the-seat-hold"),
        ("Are the sessions recorded?", "format#live-sessions-and-recordings"),
        ("Is there a refund if the course already started?", "cancellation#after-the-cohort-has-started"),
        ("I am deaf, are there captions?", "accessibility#captions-transcripts-and-materials"),
        ("Do I need to know Python before data analysis?", "prerequisites#prerequisites-of-a-course"),
        ("<b>Can I get my money back?</b>", "refunds#the-7-day-rule"),
    ],
)
def test_a_students_question_finds_the_section_that_answers_it(conn: Conn, question: str, first: str) -> None:
    found = search(conn, question)

    assert found[0]["citation"] == first


def test_a_question_about_a_policy_finds_only_that_policys_sections(conn: Conn) -> None:
    found = search(conn, "What is your refund policy?", limit=10)

    assert {r["document_id"] for r in found} == {"refunds"}
    assert "refunds#the-7-day-rule" in [r["citation"] for r in found]


def test_a_row_of_the_search_is_the_section_with_its_citation(resources: Resources, conn: Conn) -> None:
    section = next(
        c for c in next(d for d in SHIPPED if d.id == "refunds").chunks if c.anchor == "the-7-day-rule"
    )

    found = search(conn, "can I get my money back", limit=5)

    assert found == [
        {
            "id": found[0]["id"],
            "document_id": "refunds",
            "title": "Refund policy",
            "section": "The 7-day rule",
            "anchor": "the-7-day-rule",
            "citation": "refunds#the-7-day-rule",
            "position": section.position,
            "text": section.text,
            "rank": found[0]["rank"],
            "match": "all",
        }
    ]
    assert isinstance(found[0]["id"], int)
    assert found[0]["rank"] > 0
    assert resources.school.knowledge("can I get my money back") == found


def test_without_a_chunk_having_every_word_the_chunks_with_some_are_found(conn: Conn) -> None:
    found = search(conn, "How does the waitlist work?")

    assert {r["match"] for r in found} == {"any"}
    assert found[0]["document_id"] == "waitlists"
    assert all("waitlist" in (r["section"] + r["text"]).lower() for r in found)


@pytest.mark.parametrize(
    ("words", "first"),
    [
        # A keyword names the document: "withdraw" is a cancellation, "diploma" a certificate.
        ("withdraw", "cancellation#how-to-cancel-an-enrollment"),
        # A keyword phrase, word for word: "drop out" is a cancellation, "drop table" is not.
        ("drop out", "cancellation#how-to-cancel-an-enrollment"),
        ("diploma", "certificates#who-gets-a-certificate"),
        # The document's subject alone: its first section, which states its main rule.
        ("refund", "refunds#the-7-day-rule"),
        # Another word in a heading picks the section: "approves" of "Who approves a refund".
        ("approves refund", "refunds#who-approves-a-refund"),
        # Two subjects (payments, transfers): the heading holding the other words decides.
        ("payment carried move cohort", "transfers#your-payment-is-carried-over"),
        # Two subjects named (the waitlists' "queue", the payments' "pay"): the best of each first.
        ("queue pay", "waitlists#who-gets-a-freed-seat"),
        # No keyword, but a section holding every word.
        ("mentor weekly projects", "format#weekly-projects-and-mentors"),
    ],
)
def test_sections_about_a_question_are_those_of_the_document_it_names(
    conn: Conn, words: str, first: str
) -> None:
    found = knowledge.sections_about(conn, words)

    assert found[0]["citation"] == first
    assert all(r["topic"] > 0 or r["covered"] == r["asked"] for r in found)


@pytest.mark.parametrize("words", ["knitting", "weather paris", "", "   ", "cooking", "drop table"])
def test_words_no_document_is_about_and_no_section_holds_find_no_section(conn: Conn, words: str) -> None:
    assert knowledge.sections_about(conn, words) == []


def test_each_document_a_question_names_comes_before_a_second_section_of_another(conn: Conn) -> None:
    found = knowledge.sections_about(conn, "queue pay", limit=3)

    assert [r["document_id"] for r in found[:2]] == ["waitlists", "payments"]


@pytest.mark.parametrize("words", ["queue pay", "refund", "knitting", "", "   ", "approves refund"])
def test_sections_about_at_version_are_the_version_and_the_sections_in_one_statement(
    conn: Conn, words: str
) -> None:
    expected = (knowledge.vocabulary_version(conn), knowledge.sections_about(conn, words))
    assert knowledge.sections_about_at_version(conn, words) == expected


def test_sources_read_the_sections_with_the_vocabulary_of_the_version_they_find(resources: Resources) -> None:
    question = "What is the refnd policy?"  # "refnd": read as "refund" by the vocabulary
    first = sources.knowledge_sections(resources.school, question)
    assert first and first[0]["document_id"] == "refunds"
    with resources.pool.connection() as conn:
        version = knowledge.vocabulary_version(conn)
        assert sources._LATEST_VERSIONS[sources._database(conn)] == version
        # The catalog changes: the version read with the sections differs, so it is all read again.
        conn.execute("UPDATE courses SET description = description || ' Zzz.' WHERE id = 'rag'")
        changed = knowledge.vocabulary_version(conn)
        assert changed != version
        assert sources.knowledge_sections(resources.school, question) == first
        assert sources._LATEST_VERSIONS[sources._database(conn)] == changed


def test_a_version_names_the_database_as_the_server_does(resources: Resources, conn: Conn) -> None:
    row = conn.execute(*knowledge.version_query()).fetchone()
    assert row is not None
    version = knowledge.version_of(row)
    assert version == knowledge.vocabulary_version(conn)
    assert version[0] == resources.settings.database_url.split("dbname=")[1].split()[0]


def counted_searches(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts `sections_about_at_version` is asked for from now on (it still answers)."""
    asked: list[str] = []
    real = knowledge.sections_about_at_version

    def counting(conn: Conn, text: str, limit: int = 5) -> Any:
        asked.append(text)
        return real(conn, text, limit)

    monkeypatch.setattr(knowledge, "sections_about_at_version", counting)
    return asked


def test_a_search_made_before_at_the_version_read_now_sends_no_query_and_a_change_is_never_stale(
    resources: Resources, conn: Conn, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    question = "What is your refund policy?"
    asked = counted_searches(monkeypatch)
    version = knowledge.vocabulary_version(conn)
    with knowledge.version_read(version):
        first = sources.knowledge_sections(resources.school, question)
        sources.knowledge_sections(resources.school, question)  # the vocabulary of `version` is held now
        searched = len(asked)
        first[0]["text"] = "changed by the caller"  # a caller's copy, not what is kept
        again = sources.knowledge_sections(resources.school, question)
    assert len(asked) == searched >= 1, "a search made at the version read now is not sent again"
    assert [r["citation"] for r in again][:1] == ["refunds#the-7-day-rule"]
    assert again[0]["text"] != "changed by the caller"
    # Without a version read now (a caller that read none), the search is sent as before.
    assert sources.knowledge_sections(resources.school, question) == again
    assert len(asked) == searched + 1
    # The knowledge base changes: its first section is rewritten (and re-chunked: new ids).
    path = folder / "refunds.md"
    path.write_text(path.read_text(encoding="utf-8").replace("full refund", "full refund, in 3 days"))
    assert ingest(conn, load_documents(folder)).changed == ["refunds"]
    changed = knowledge.vocabulary_version(conn)
    assert changed != version
    with knowledge.version_read(changed):
        # The first search reads the new vocabulary; the second reads it from memory, as `again` did.
        after = [sources.knowledge_sections(resources.school, question) for _ in range(2)]
    for found in after:
        assert found[0]["citation"] == "refunds#the-7-day-rule" and "in 3 days" in found[0]["text"]
        assert found[0]["id"] != again[0]["id"]
    after = after[-1]
    # What memory gave is what the database gives at that version.
    sources._FOUND.clear()
    with knowledge.version_read(changed):
        assert sources.knowledge_sections(resources.school, question) == after


def test_the_vocabulary_holds_subjects_and_every_word_known(conn: Conn) -> None:
    vocabulary = knowledge.vocabulary(conn)

    assert {"withdraw", "certificate", "waitlist", "refund"} <= vocabulary.subjects
    assert "statistics" not in vocabulary.subjects and "statistics" in vocabulary.known
    assert vocabulary.subjects <= vocabulary.known


def test_the_limit_is_kept(conn: Conn) -> None:
    assert len(search(conn, "How do I cancel an enrollment?", limit=2)) == 2
    with pytest.raises(ValueError, match="limit must be at least 1, got 0"):
        search(conn, "refund", limit=0)


@pytest.mark.parametrize(
    "question",
    ["", "   \n", "what is it?", "hello", "Kann ich mein Geld zurückbekommen?", "<script>alert(1)</script>"],
)
def test_a_question_without_words_of_ours_finds_nothing(conn: Conn, question: str) -> None:
    assert search(conn, question) == []


@pytest.mark.parametrize(
    "question",
    [
        "'; DROP TABLE knowledge_chunks; --",
        "refund' OR '1'='1",
        "refund & | ! :* ( ) <-> \\",
        '"refund',
        "refund\x00policy",
        "-refund -policy",
        "%s %(text)s {query}",
        "refund " * 200_000,
    ],
)
def test_sql_operators_and_markup_in_a_question_are_only_words(conn: Conn, question: str) -> None:
    before = stored(conn)

    found = search(conn, question)

    assert all(r["document_id"] in SHIPPED_IDS for r in found)
    assert stored(conn) == before


# -- the command --------------------------------------------------------------------------------
def test_kb_ingest_prints_what_it_did_and_refuses_a_broken_folder_writing_nothing(
    resources: Resources, settings: Settings, conn: Conn, folder: Path
) -> None:
    unchanged = ", ".join(SHIPPED_IDS)
    first = run_cli(settings, "kb", "ingest")
    assert (first.stdout, first.stderr) == (
        f"added (0): -\nchanged (0): -\nremoved (0): -\nunchanged (10): {unchanged}\n",
        "",
    )
    add_section(folder, "refunds.md", GIFT_CARDS)
    (folder / "waitlists.md").unlink()

    changed = run_cli(settings, "kb", "ingest", "--dir", str(folder), "--json")

    assert json.loads(changed.stdout) == {
        "added": [],
        "changed": ["refunds"],
        "removed": ["waitlists"],
        "unchanged": [i for i in SHIPPED_IDS if i not in ("refunds", "waitlists")],
    }
    assert changed.stderr.startswith("note: every start makes the knowledge base hold SCHOOL_KNOWLEDGE_DIR")
    before = stored(conn)
    (folder / "format.md").write_text("---\nid: format\n")

    broken = run_cli(settings, "kb", "ingest", "--dir", str(folder), check=False)

    assert (broken.returncode, broken.stdout) == (2, "")
    assert broken.stderr == "error: format.md: the front matter has no closing '---' line\n"
    assert stored(conn) == before


def test_kb_search_prints_citations(resources: Resources, settings: Settings) -> None:
    found = run_cli(settings, "kb", "search", "Do I get a certificate?")

    assert found.stdout.startswith(
        "certificates#who-gets-a-certificate  (Certificates: Who gets a certificate; subject words 1,"
    )
    # A student's word for the subject, misspelt: the answer's search, not plain full-text.
    assert run_cli(settings, "kb", "search", "how do I withdrw?").stdout.startswith(
        "cancellation#how-to-cancel-an-enrollment  (Cancelling an enrollment: How to cancel an enrollment;"
    )
    assert run_cli(settings, "kb", "search", "hello").stdout == "Nothing in the knowledge base matches.\n"


def test_a_turn_searches_at_the_version_read_with_its_lock_and_again_after_a_change(
    resources: Resources, graph: Any, conn: Conn, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    question = "What is your refund policy?"
    asked = counted_searches(monkeypatch)

    def turns(first: int) -> list[list[str]]:
        return [threads.send(graph, f"kb-{first + i}", question, user_id="ada").replies for i in range(3)]

    before = turns(0)
    # The first turn reads the vocabulary and searches; the second searches with it, at the version
    # its lock's round trip read; the third finds that search in memory.
    assert len(asked) == 1
    path = folder / "refunds.md"
    path.write_text(path.read_text(encoding="utf-8").replace("full refund", "full refund, in 3 days"))
    assert ingest(conn, load_documents(folder)).changed == ["refunds"]
    after = turns(3)
    assert len(asked) == 3  # the new version is searched again: once to learn it, once to keep
    assert before[0] == before[1] == before[2] and after[0] == after[1] == after[2]
    assert "in 3 days" not in " ".join(before[0]) and "in 3 days" in " ".join(after[0])
