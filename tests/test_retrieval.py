"""Retrieval: reciprocal rank fusion, full-text search alone, and hybrid search with pgvector.

Hybrid tests need a server with pgvector. The test server may lack it, so they run on it only
when it has the extension, and otherwise on an embedded PostgreSQL (pgserver ships pgvector)
started once for this module. Embeddings come from a deterministic bag-of-concepts fake.
"""

from __future__ import annotations

import logging
import math
import re
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier
from typing import Any

import psycopg
import pytest
from langchain_core.embeddings import Embeddings
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolClosed

from agent.domain import knowledge, term_hits, vectors
from agent.infra.persistence import Resources
from graphs.retrieval import (
    Retrieval,
    Retriever,
    Subject,
    asks_to_compare,
    reciprocal_rank_fusion,
    topic_terms,
)
from graphs.sources import TYPO_MAX_WORDS, read_as_subjects, retrieve
from tests.support.openai_stub import OpenAIStub
from tests.support.turns import school_graph

# -- reciprocal rank fusion ---------------------------------------------------------------------


def test_rrf_sums_reciprocal_ranks() -> None:
    # a: 1/61 + 1/62; c: 1/63 + 1/61; b: 1/62; d: 1/63
    assert reciprocal_rank_fusion([["a", "b", "c"], ["c", "a", "d"]], limit=4) == ["a", "c", "b", "d"]
    assert reciprocal_rank_fusion([["a", "b", "c"], ["c", "a", "d"]], limit=2) == ["a", "c"]


def test_rrf_breaks_ties_by_first_appearance_reading_the_rankings_in_order() -> None:
    assert reciprocal_rank_fusion([["a", "b"], ["b", "a"]], limit=2) == ["a", "b"]
    assert reciprocal_rank_fusion([["b", "a"], ["a", "b"]], limit=2) == ["b", "a"]
    # a and y tie at 1/61, x and b at 1/62: the first ranking's id goes first in each pair.
    assert reciprocal_rank_fusion([["a", "x"], ["y", "b"]], limit=4) == ["a", "y", "x", "b"]
    # Three-way sums in different orders are still exactly equal (no float drift).
    three = [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    assert reciprocal_rank_fusion(three, limit=3) == ["a", "b", "c"]


def test_rrf_k_trades_a_top_hit_against_agreement() -> None:
    rankings = [["a", "x", "y", "b"], ["z", "w", "v", "b"]]
    # k=0: a = 1 beats b = 1/4 + 1/4; k=60: b = 2/64 beats a = 1/61.
    assert reciprocal_rank_fusion(rankings, k=0, limit=2) == ["a", "z"]
    assert reciprocal_rank_fusion(rankings, limit=2) == ["b", "a"]


def test_rrf_counts_an_id_once_per_ranking_and_handles_empty_input() -> None:
    assert reciprocal_rank_fusion([["a", "b", "a"], ["b"]], limit=3) == ["b", "a"]
    assert reciprocal_rank_fusion([[], []], limit=3) == []
    assert reciprocal_rank_fusion([], limit=3) == []
    assert reciprocal_rank_fusion([["a"]], limit=0) == []
    with pytest.raises(ValueError, match="must not be negative"):
        reciprocal_rank_fusion([["a"]], k=-1, limit=1)


# -- full-text only -----------------------------------------------------------------------------

QUESTIONS = [
    "retrieval augmented generation",
    "tell me about rag-2",
    "do you teach knitting?",
    "sql",
    "what courses do you offer?",
    "python and data analysis with pandas",
    "deploying machine learning models to production",
    "",
]


def test_without_embeddings_a_retriever_is_school_search(resources: Resources) -> None:
    retriever = Retriever(resources.school)
    for question in QUESTIONS:
        found = retriever.search(question)
        expected = resources.school.search(question)
        assert found.courses == expected, question
        assert found.fts_ids == [c["id"] for c in expected]
        assert found.vector_ids is None
        assert found.note is None
    assert retriever.search("tell me about rag-2").mode == "named"
    assert retriever.search("sql").mode == "fts"


def test_retriever_arguments_are_checked(resources: Resources) -> None:
    with pytest.raises(ValueError, match="limit must be at least 1"):
        Retriever(resources.school, limit=0)
    with pytest.raises(ValueError, match="max_distance"):
        Retriever(resources.school, embeddings=ConceptEmbeddings(), max_distance=3.0)
    with pytest.raises(ValueError, match="pass embeddings too"):
        Retriever(resources.school, model_name="fake")


# -- what a question is about -------------------------------------------------------------------


def test_subject_words_leave_out_facts_and_comparisons() -> None:
    assert topic_terms("Is SQL or Python better, and how many seats are free?") == [
        "sql",
        "python",
        "many",
        "free",
    ]
    assert topic_terms("and is it for beginners, and the start date?") == []
    assert asks_to_compare("rag vs nlp") and asks_to_compare("Python or SQL?")
    assert not asks_to_compare("Tell me about the SQL course")


def test_term_hits_tell_a_name_from_a_mention(resources: Resources) -> None:
    with resources.pool.connection() as conn:
        hits = term_hits.term_hits(
            conn, ["data-analysis", "rag", "nope"], ["weather", "pandas", "rag", "llm"]
        )
        assert hits == {
            "data-analysis": term_hits.TermHits(
                named=frozenset({"pandas"}), mentioned=frozenset({"weather"})
            ),
            "rag": term_hits.TermHits(named=frozenset({"rag", "llm"}), mentioned=frozenset()),
        }
        # Stemmed as the catalog search stems ("networks" names deep-learning's "neural-networks" tag).
        assert term_hits.term_hits(conn, ["deep-learning"], ["networks", "python-basics"]) == {
            "deep-learning": term_hits.TermHits(named=frozenset({"networks"}), mentioned=frozenset())
        }
        assert term_hits.term_hits(conn, ["rag"], []) == {"rag": term_hits.TermHits(frozenset(), frozenset())}
        with pytest.raises(term_hits.BadTermError, match="lower-case words"):
            term_hits.term_hits(conn, ["rag"], ["rag & !"])


def test_hits_and_content_terms_in_one_statement_are_the_two_reads(resources: Resources) -> None:
    cases = [
        (["data-analysis", "rag", "nope"], ["weather", "where", "pandas", "rag", "about", "llm"]),
        (["deep-learning"], ["networks", "python-basics"]),
        (["rag"], []),
        ([], ["where", "pandas"]),
        (["nope"], ["the", "about"]),
    ]
    with resources.pool.connection() as conn:
        for ids, terms in cases:
            both = (term_hits.term_hits(conn, ids, terms), term_hits.content_terms(conn, terms))
            assert term_hits.hits_and_content_terms(conn, ids, terms) == both
        assert term_hits.content_terms(conn, ["weather", "where", "pandas"]) == ["weather", "pandas"]
        with pytest.raises(term_hits.BadTermError, match="lower-case words"):
            term_hits.hits_and_content_terms(conn, ["rag"], ["rag & !"])


def test_term_hits_from_memory_are_the_database_reads_and_a_course_edit_is_a_new_key(
    resources: Resources,
) -> None:
    cases = [
        (["data-analysis", "rag"], ["weather", "where", "pandas", "rag", "about", "llm"]),
        (["deep-learning"], ["networks", "python-basics"]),
        (["rag"], []),
        (["data-analysis"], ["pandas", "weather"]),  # every pair known by now
    ]
    with resources.pool.connection() as conn:
        rows = {r["id"]: r for r in conn.execute("SELECT id, title, tags, description FROM courses")}
        for ids, terms in cases:
            courses = [rows[i] for i in ids]
            expected = term_hits.hits_and_content_terms(conn, ids, terms)
            for _ in range(2):  # asked, then remembered
                assert term_hits.course_hits_and_content_terms(conn, courses, terms) == expected
                assert term_hits.course_term_hits(conn, courses, terms) == expected[0]
        conn.execute(
            "UPDATE courses SET description = 'Forecasting the weather with pandas.' WHERE id = 'rag'"
        )
        edited = conn.execute("SELECT id, title, tags, description FROM courses WHERE id = 'rag'").fetchone()
        assert term_hits.course_term_hits(conn, [edited], ["weather", "rag"]) == {
            "rag": term_hits.TermHits(named=frozenset({"rag"}), mentioned=frozenset({"weather"}))
        }
        conn.execute("DELETE FROM courses WHERE id = 'nope'")  # a row read before the course went
        gone = {"id": "nope", "title": "Gone", "tags": [], "description": "gone"}
        assert term_hits.course_term_hits(conn, [gone, rows["rag"]], ["rag"]) == {
            "rag": term_hits.TermHits(named=frozenset({"rag"}), mentioned=frozenset())
        }


def test_term_hits_from_memory_take_no_connection_from_a_pool(resources: Resources) -> None:
    with resources.pool.connection() as conn:
        rows = [
            dict(r) for r in conn.execute("SELECT id, title, tags, description FROM courses WHERE id = 'rag'")
        ]
    terms = ["rag", "weather"]
    asked = term_hits.course_term_hits(resources.pool, rows, terms)  # through the pool, once
    closed: ConnectionPool[Any] = ConnectionPool(resources.url, open=False)
    with pytest.raises(PoolClosed):
        closed.getconn()
    assert term_hits.course_term_hits(closed, rows, terms) == asked  # no connection taken


def test_closest_by_name_is_a_spelling_match_or_none() -> None:
    courses = [
        {"id": "deep-learning", "title": "Deep Learning with PyTorch", "tags": ["pytorch"]},
        {"id": "ml-foundations", "title": "Machine Learning Foundations", "tags": ["machine-learning"]},
        {"id": "python-basics", "title": "Python Basics", "tags": ["python"]},
        {"id": "web-apis", "title": "Web APIs with FastAPI", "tags": ["rest"]},
    ]
    assert term_hits.closest_by_name(courses, ["pyhton"]) == courses[2]
    # Both learning courses are close to "lerning"; "machne" decides.
    assert term_hits.closest_by_name(courses, ["machne", "lerning"]) == courses[1]
    assert term_hits.closest_by_name(courses, ["lerning"]) == courses[0]  # a tie: the first listed
    assert term_hits.closest_by_name(courses, ["rust"]) is None  # "rest" scores 0.75
    assert term_hits.closest_by_name(courses, ["knitting", "py"]) is None
    assert term_hits.closest_by_name([], ["python"]) is None


def test_a_comparison_naming_one_course_by_id_finds_the_other_by_name(resources: Resources) -> None:
    retriever = Retriever(resources.school)
    found = retriever.search("What's the difference between RAG and LLM agents?")
    assert (found.mode, found.fts_ids) == ("named", ["rag", "llm-agents"])
    # A word that only a description holds ("personal" project) does not make a comparison.
    assert retriever.search("Is rag online or in person?").fts_ids == ["rag"]
    assert retriever.search("Tell me about rag and llm agents").fts_ids == ["rag"]  # no comparison asked


READINGS = [
    ("Tell me about the SQL course", "courses", ["sql-fundamentals"], ["sql"], None, None),
    ("When does rag-2 start?", "courses", ["rag"], ["rag-2"], None, None),
    ("Compare rag and nlp", "comparison", ["rag", "nlp"], ["rag", "nlp"], None, None),
    (
        "Machine learning or deep learning?",
        "comparison",
        ["ml-foundations", "deep-learning"],
        ["machine", "deep"],
        None,
        None,
    ),
    # Both names hold "data"; "pandas" and "airflow" tell them apart.
    (
        "data: pandas or airflow?",
        "comparison",
        ["data-analysis", "data-engineering"],
        ["data", "pandas", "airflow"],
        None,
        None,
    ),
    ("Is there a free course?", "courses", ["command-line-git"], ["free"], None, None),
    ("Do you teach Spark?", "courses", ["data-engineering"], ["spark"], None, None),
    # Most of the words are in one description ("where" is no search word): a match.
    (
        "Where would I learn window functions and joins?",
        "courses",
        ["sql-fundamentals"],
        ["where", "window", "functions", "joins"],
        None,
        None,
    ),
    ("Do you have a knitting class?", "nothing", [], ["knitting"], None, "no course matched"),
    # Every subject word misspells a word of one course's name: that course, read as misspelt.
    ("pyhton?", "courses", ["python-basics"], ["pyhton"], None, None),
    ("how much is the stastics course", "courses", ["statistics"], ["stastics"], None, None),
    # A word too short to judge ("wen") is no obstacle.
    ("wen does the statistcs class start", "courses", ["statistics"], ["wen", "statistcs"], None, None),
    # One close word beside one close to nothing: no course, the close one suggested.
    ("pyhton knitting?", "nothing", [], ["pyhton", "knitting"], "python-basics", "no course matched"),
    ("what courses do you offer?", "nothing", [], [], None, "no search terms"),
    (
        "What's the weather like in Paris?",
        "nothing",
        [],
        ["weather", "paris"],
        "data-analysis",
        "only mentioned in a description: weather (data-analysis)",
    ),
]


@pytest.mark.parametrize(("question", "kind", "courses", "searched", "suggestion", "reason"), READINGS)
def test_what_a_question_is_about(
    resources: Resources,
    question: str,
    kind: str,
    courses: list[str],
    searched: list[str],
    suggestion: str | None,
    reason: str | None,
) -> None:
    retriever = Retriever(resources.school)
    subject = retriever.read(question, retriever.search(question))
    assert (subject.kind, ids(subject), subject.searched, subject.reason) == (kind, courses, searched, reason)
    assert (subject.suggestion or {}).get("id") == suggestion
    assert subject.misspelt == (
        question in ("pyhton?", "how much is the stastics course", "wen does the statistcs class start")
    )


def test_a_vector_neighbour_is_not_second_guessed_by_words(resources: Resources) -> None:
    """In hybrid search a course the vectors found stands, though no word of the question names it."""
    course = resources.school.courses_with_cohorts(["computer-vision"])
    found = Retrieval(course, [], ["computer-vision"], "hybrid")
    assert Retriever(resources.school).read("Anything about pictures?", found) == Subject(
        "courses", course, ["pictures"]
    )


# -- hybrid: a fake embeddings model ------------------------------------------------------------

CONCEPTS = {
    "python": "python pandas numpy jupyter pytest scripts notebook notebooks",
    "data": "data datasets dataset analysis statistics probability tabular warehouse etl spreadsheets",
    "ml": "machine-learning scikit-learn regression predictions predicts churn clustering supervised",
    "neural": "neural networks deep pytorch tensors backpropagation convolutional recurrent gpu",
    "language": "llm language text nlp transformers prompts prompt prompting chatbot chatbots bot sentiment",
    # "pictures" appears in no course: only the embeddings know it means vision.
    "vision": "vision image images detection detector photos opencv pictures video",
    "ops": "docker kubernetes cloud deployment deploy devops containers mlops monitoring production",
    "web": "api apis fastapi backend rest http https",
    "db": "sql databases database postgresql query tables indexes pgvector",
    "tools": "git shell bash terminal command-line grep",
}
_DIMENSION = {w: i for i, words in enumerate(CONCEPTS.values(), start=1) for w in words.split()}
_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class ConceptEmbeddings(Embeddings):
    """Counts of concept words plus a constant first component, L2-normalised; records its calls.

    The constant component gives every text, gibberish included, a direction: it makes the
    distance floor, not a zero vector, what keeps "asdfgh" from matching.
    """

    def __init__(
        self,
        *,
        fail: BaseException | None = None,
        fail_query: BaseException | None = None,
        constant: float = 1.0,
    ):
        self.constant = constant
        self.documents: list[list[str]] = []
        self.queries: list[str] = []
        self.fail = fail
        self.fail_query = fail_query

    def vector(self, text: str) -> list[float]:
        counts = [self.constant] + [0.0] * len(CONCEPTS)
        for word in _WORD.findall(text.lower()):
            if word in _DIMENSION:
                counts[_DIMENSION[word]] += 1
        norm = math.sqrt(sum(x * x for x in counts))
        return [x / norm for x in counts]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        if self.fail is not None:
            raise self.fail
        self.documents.append(list(texts))
        return [self.vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        if self.fail_query is not None:
            raise self.fail_query
        self.queries.append(text)
        return self.vector(text)


def chunk_count(res: Resources) -> int:
    with res.pool.connection() as conn:
        row = conn.execute("SELECT count(*) AS n FROM knowledge_chunks").fetchone()
    assert row is not None
    return int(row["n"])


CONCEPT_FLOOR = 0.6
"""The distance floor for `ConceptEmbeddings`' vectors (the default is calibrated for e5's)."""


def ids(found: Retrieval | Subject) -> list[str]:
    return [c["id"] for c in found.courses]


def test_a_synonym_full_text_misses_is_found_by_vectors(hybrid: Resources) -> None:
    question = "Anything about pictures?"
    assert hybrid.school.search(question) == []
    found = Retriever(
        hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=ConceptEmbeddings(), model_name="fake"
    ).search(question)
    assert found == Retrieval(
        courses=hybrid.school.courses_with_cohorts(["computer-vision"]),
        fts_ids=[],
        vector_ids=["computer-vision"],
        mode="hybrid",
    )
    assert [h["id"] for h in found.courses[0]["cohorts"]] == ["computer-vision-1", "computer-vision-2"]


def test_hybrid_order_is_the_fusion_of_both_rankings(hybrid: Resources) -> None:
    retriever = Retriever(
        hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=ConceptEmbeddings(), model_name="fake"
    )
    found = retriever.search("chatbots and databases")
    assert found.fts_ids == ["sql-fundamentals"]
    # Equal distances fall back to id order.
    assert found.vector_ids == ["llm-agents", "rag", "nlp", "prompt-engineering", "sql-fundamentals"]
    # sql-fundamentals: 1/61 + 1/65 (in both); llm-agents: 1/61; rag: 1/62.
    assert ids(found) == ["sql-fundamentals", "llm-agents", "rag"]
    assert found.mode == "hybrid"
    assert found.courses == hybrid.school.courses_with_cohorts(ids(found))

    # python-basics and data-analysis tie (1/61 + 1/62 each): full-text's order wins.
    found = retriever.search("python data")
    assert found.fts_ids == ["python-basics", "data-analysis", "data-engineering"]
    assert found.vector_ids == ["data-analysis", "python-basics", "statistics", "data-engineering"]
    assert ids(found) == ["python-basics", "data-analysis", "data-engineering"]


def test_courses_are_embedded_once_then_only_questions(hybrid: Resources) -> None:
    fake = ConceptEmbeddings()
    retriever = Retriever(hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=fake, model_name="fake")
    retriever.search("neural networks for images")
    # The courses, then the knowledge base's sections, each in one call.
    assert [len(texts) for texts in fake.documents] == [16, chunk_count(hybrid)]
    assert fake.documents[0][0].startswith("Cloud Deployment with Docker and Kubernetes\nShip applications")
    assert fake.documents[0][0].endswith("\ndocker kubernetes devops cloud\nintermediate")
    retriever.search("git")
    assert len(fake.documents) == 2
    assert fake.queries == ["neural networks for images", "git"]

    # A new process (a new retriever) finds the stored embeddings up to date.
    again = ConceptEmbeddings()
    assert ids(
        Retriever(hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=again, model_name="fake").search(
            "git"
        )
    ) == ["command-line-git"]
    assert again.documents == []
    # Another model has its own vectors.
    other = ConceptEmbeddings()
    Retriever(hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=other, model_name="other").search("git")
    assert len(other.documents[0]) == 16


def test_a_changed_course_is_embedded_again(hybrid: Resources) -> None:
    fake = ConceptEmbeddings()
    retriever = Retriever(hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=fake, model_name="fake")
    assert ids(retriever.search("pictures")) == ["computer-vision"]
    with hybrid.pool.connection() as conn:
        conn.execute(
            "UPDATE courses SET description = 'Store photos, images and video in a database.'"
            " WHERE id = 'sql-fundamentals'"
        )
    assert retriever.sync() == 1
    assert fake.documents[-1] == [
        "SQL Fundamentals\nStore photos, images and video in a database.\nsql databases postgresql\nbeginner"
    ]
    found = retriever.search("pictures")
    assert (found.fts_ids, found.vector_ids) == ([], ["computer-vision", "sql-fundamentals"])
    assert retriever.sync() == 0


def test_questions_without_meaning_find_nothing(hybrid: Resources) -> None:
    fake = ConceptEmbeddings()
    retriever = Retriever(hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=fake, model_name="fake")
    # Only words every school question has: no vector search at all.
    assert retriever.search("what courses do you offer?") == Retrieval([], [], None, "fts")
    assert fake.queries == []
    # Gibberish: embedded, but every course is beyond the distance floor.
    assert retriever.search("asdfgh") == Retrieval([], [], [], "hybrid")
    # Without the floor, the same question pulls in the courses with the fewest concept words
    # (nearest at distance 0.70); the closest real match in these tests is at 0.23.
    unfloored = Retriever(hybrid.school, embeddings=fake, model_name="fake", max_distance=None)
    found = unfloored.search("asdfgh")
    assert found.vector_ids == ["llm-agents", "rag", "python-basics", "data-engineering", "mlops", "nlp"]
    assert ids(found) == ["llm-agents", "rag", "python-basics"]


def test_a_named_id_keeps_only_the_named_course(hybrid: Resources) -> None:
    fake = ConceptEmbeddings()
    found = Retriever(hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=fake, model_name="fake").search(
        "tell me about rag-2"
    )
    assert found == Retrieval(hybrid.school.search("tell me about rag-2"), ["rag"], None, "named")
    assert fake.documents == [] and fake.queries == []


def test_a_failing_embeddings_client_falls_back_to_full_text(
    hybrid: Resources, caplog: pytest.LogCaptureFixture
) -> None:
    fake = ConceptEmbeddings(fail=TimeoutError("read timed out after 30s"))
    retriever = Retriever(hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=fake, model_name="fake")
    note = "vectors unavailable: embedding failed (TimeoutError)"
    with caplog.at_level(logging.WARNING, logger="graphs.retrieval"):
        for question in ("sql", "python and data analysis with pandas"):
            assert retriever.search(question) == Retrieval(
                hybrid.school.search(question),
                [c["id"] for c in hybrid.school.search(question)],
                None,
                "fts",
                note,
            )
    assert [(r.levelname, r.getMessage(), r.exc_info) for r in caplog.records] == [
        (
            "WARNING",
            "course search falls back to full-text only, embedding failed (TimeoutError):"
            " read timed out after 30s",
            None,
        )
    ]

    # The client recovers: the next search embeds the catalog and is hybrid again.
    fake.fail = None
    assert retriever.search("pictures").mode == "hybrid"
    assert len(fake.documents) == 2

    # The query embedding fails after the catalog was embedded.
    fake.fail_query = RuntimeError("HTTP 500")
    found = retriever.search("sql")
    assert (found.mode, found.note) == ("fts", "vectors unavailable: embedding failed (RuntimeError)")
    assert ids(found) == ["sql-fundamentals"]


def test_bad_embeddings_output_falls_back(hybrid: Resources) -> None:
    class Short(ConceptEmbeddings):
        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return super().embed_documents(texts)[:-1]

    found = Retriever(
        hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=Short(), model_name="fake"
    ).search("sql")
    assert (found.mode, found.note) == ("fts", "vectors unavailable: embedding failed (EmbeddingShapeError)")

    class NotANumber(ConceptEmbeddings):
        def embed_query(self, text: str) -> list[float]:
            return [math.nan] * (len(CONCEPTS) + 1)

    found = Retriever(
        hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=NotANumber(), model_name="fake"
    ).search("sql")
    assert (found.mode, found.note) == ("fts", "vectors unavailable: embedding failed (ValueError)")


def test_without_pgvector_search_is_full_text_with_a_note(
    hybrid: Resources, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(vectors, "vector_available", lambda conn: False)
    fake = ConceptEmbeddings()
    retriever = Retriever(hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=fake, model_name="fake")
    with caplog.at_level(logging.WARNING, logger="graphs.retrieval"):
        for _ in range(2):
            found = retriever.search("sql")
            assert found == Retrieval(
                hybrid.school.search("sql"),
                ["sql-fundamentals"],
                None,
                "fts",
                "vectors unavailable: the database server has no pgvector extension",
            )
    assert len(caplog.records) == 1
    assert fake.documents == [] and fake.queries == []
    with hybrid.pool.connection() as conn:
        assert conn.execute("SELECT to_regclass('course_embeddings') AS t").fetchone() == {"t": None}


def test_concurrent_first_searches_embed_the_catalog_once(hybrid: Resources) -> None:
    fake = ConceptEmbeddings()
    retriever = Retriever(hybrid.school, max_distance=CONCEPT_FLOOR, embeddings=fake, model_name="fake")
    barrier = Barrier(6)

    def search(_: int) -> list[str]:
        barrier.wait()
        return ids(retriever.search("pictures"))

    with ThreadPoolExecutor(max_workers=6) as pool:
        assert list(pool.map(search, range(6))) == [["computer-vision"]] * 6
    assert len(fake.documents) == 2 and len(fake.queries) == 6


def test_vector_schema_set_up_by_several_processes_at_once(hybrid: Resources) -> None:
    barrier = Barrier(4)

    def ensure(_: int) -> None:
        with psycopg.connect(hybrid.url, autocommit=True, row_factory=dict_row) as conn:
            barrier.wait()
            vectors.ensure_vector_schema(conn)

    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(ensure, range(4)))
    with hybrid.pool.connection() as conn:
        assert vectors.stale_courses(conn, "fake")[0][0] == "cloud-deployment"
        assert len(vectors.stale_courses(conn, "fake")) == 16


def test_the_graph_uses_an_embeddings_endpoint_over_http(hybrid: Resources, openai_stub: OpenAIStub) -> None:
    """`SCHOOL_EMBEDDINGS_MODEL` through `init_embeddings` against an OpenAI-compatible server."""
    from agent.config.model_config import ModelConfig, RoleConfig
    from agent.llm.models import Models
    from agent.runtime import threads
    from tests.support.openai_stub import Embed

    # A small constant component: the graph's retriever has the default floor, calibrated for e5.
    concepts = ConceptEmbeddings(constant=0.1)
    openai_stub.respond_with(lambda body: Embed([concepts.vector(t) for t in body["input"]]))
    config = ModelConfig(embeddings=RoleConfig("embeddings", "openai:stub-embed", openai_stub.base_url))
    graph = school_graph(hybrid, Models(config))
    turn = threads.send(graph, "t", "Anything about pictures?", user_id="ada")
    assert turn.replies[0].startswith("Computer Vision (course computer-vision)")
    answer = graph.get_state({"configurable": {"thread_id": "t"}}).values["turn"]["answer"]
    assert (answer["retrieval"], answer["retrieved"]) == ("hybrid", ["computer-vision"])
    courses, sections, query = openai_stub.requests
    assert courses.body["model"] == "stub-embed" and len(courses.body["input"]) == 16
    assert len(sections.body["input"]) == chunk_count(hybrid)
    # One embedding of the question, for the courses and the sections alike.
    assert query.body["input"] == ["Anything about pictures?"]


def test_misspelt_subject_words_are_read_as_the_knowledge_bases_and_known_words_are_not() -> None:
    vocabulary = knowledge.Vocabulary(
        subjects=frozenset({"certificate", "waitlist", "sold", "refund"}),
        known=frozenset({"certificate", "waitlist", "sold", "refund", "should", "several"}),
    )

    assert read_as_subjects(["cerificate", "waitlsit", "refnd"], vocabulary) == [
        "certificate",
        "waitlist",
        "refund",
    ]
    # Words of ours are no typos; short words and words close to nothing stay as written.
    assert read_as_subjects(["should", "several", "knitting", "wait"], vocabulary) == [
        "should",
        "several",
        "knitting",
        "wait",
    ]


POLICY_CONCEPTS = ("refund refunds refunded money recompense", "certificate diploma employer")


class PolicyEmbeddings(ConceptEmbeddings):
    """Concepts of the knowledge base: "recompense" means money back, as a model would know."""

    def vector(self, text: str) -> list[float]:
        words = _WORD.findall(text.lower())
        counts = [self.constant] + [float(sum(w in c.split() for w in words)) for c in POLICY_CONCEPTS]
        norm = math.sqrt(sum(x * x for x in counts))
        return [x / norm for x in counts]


def test_a_section_full_text_misses_is_found_by_vectors_and_fused(hybrid: Resources) -> None:
    question = "could I get a recompense instead?"
    assert retrieve(hybrid.school, question) == []

    retriever = Retriever(
        hybrid.school, section_max_distance=0.2, embeddings=PolicyEmbeddings(), model_name="policy"
    )
    found = retrieve(hybrid.school, question, retriever=retriever)

    near = retriever.nearest_sections(question, 3)
    with hybrid.pool.connection() as conn:
        neighbours = knowledge.chunks(conn, near)
    assert found == list(dict.fromkeys(r["citation"] for r in neighbours))
    assert found and all("refund" in r["text"].lower() for r in neighbours)
    # Full-text's sections come first where both find some: "diploma" is the certificates' keyword.
    assert retrieve(hybrid.school, "Do I get a diploma?", retriever=retriever)[0].startswith("certificates#")


def test_only_the_first_unknown_words_of_a_long_question_are_read_as_misspellings() -> None:
    vocabulary = knowledge.Vocabulary(subjects=frozenset({"certificate"}), known=frozenset({"certificate"}))
    words = [f"filler{i:02d}" for i in range(TYPO_MAX_WORDS)] + ["cerificate"]

    assert read_as_subjects(words, vocabulary)[-1] == "cerificate"
    assert read_as_subjects(words[-1:], vocabulary) == ["certificate"]
