"""The retrieval evaluation: the shipped set, the scores on a hand set, and `school-agent eval retrieval`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.interfaces.cli import main
from qa import retrieval_eval
from qa.evaluation import EvalSetError
from qa.retrieval_eval import (
    PARTS,
    Labels,
    RetrievalCase,
    evaluate,
    load_cases,
    mentions,
    score,
)

LABELS = Labels(
    cohorts={"rag-1": "rag", "rag-2": "rag", "nlp-1": "nlp"},
    courses={"rag": frozenset({"rag-1", "rag-2"}), "nlp": frozenset({"nlp-1"}), "sql": frozenset()},
    documents=frozenset({"refunds", "format"}),
)


@pytest.mark.parametrize(("part", "path"), PARTS)
def test_each_shipped_part_loads_and_names_only_known_ids(part: str, path: Path) -> None:
    cases = load_cases(path)

    labels = Labels.shipped()
    assert {i for c in cases for i in c.ids} <= set(labels.cohorts) | set(labels.courses) | labels.documents
    assert any(not c.ids for c in cases), f"the {part} part has no out-of-scope question"


def test_the_shipped_set_has_at_least_100_questions_of_every_kind() -> None:
    cases = [c for _, path in PARTS for c in load_cases(path)]

    assert len(cases) >= 100
    assert len(load_cases()) >= 100
    assert {c.note for c in cases} == {"fact", "filter", "policy", "compare", "typo", "offtopic"}
    labels = Labels.shipped()
    assert {i for c in cases for i in c.ids} >= labels.documents, "every document is asked about"


@pytest.mark.parametrize(
    ("line", "error"),
    [
        (
            '{"text": "price of rag", "ids": ["ragg"]}',
            "x.jsonl:2: 'ragg' is no course, cohort or knowledge document id",
        ),
        ('{"text": "price of rag"}', "x.jsonl:2: missing field 'ids'"),
        ('{"text": "price of rag", "ids": "rag"}', "x.jsonl:2: field 'ids' must be list, got str"),
        ('{"text": "price of rag", "ids": ["rag", "rag"]}', "x.jsonl:2: field 'ids' repeats an id"),
        ('{"text": " ", "ids": []}', "x.jsonl:2: field 'text' is empty"),
        ('{"text": "a", "ids": [], "kind": "x"}', "x.jsonl:2: unknown field 'kind'"),
        ('{"text": "Is rag online?", "ids": ["format"]}', "x.jsonl:2: repeats the question of line 1"),
    ],
)
def test_a_bad_line_is_refused_naming_it(tmp_path: Path, line: str, error: str) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"text": "is rag online?", "ids": ["format"]}\n' + line + "\n")

    with pytest.raises(EvalSetError) as raised:
        load_cases(path, labels=LABELS)

    assert str(raised.value) == f"{tmp_path}/{error}"


def test_recall_at_5_and_reciprocal_rank_of_one_ranking() -> None:
    assert score(["rag"], ["nlp", "rag"], LABELS) == (1.0, 0.5)
    assert score(["rag-2"], ["nlp", "sql", "rag"], LABELS) == (1.0, 1 / 3)  # its course counts
    assert score(["rag"], ["rag-1"], LABELS) == (1.0, 1.0)  # and a course's cohort
    assert score(["rag", "nlp"], ["sql", "nlp"], LABELS) == (0.5, 0.5)
    assert score(["refunds"], ["a", "b", "c", "d", "e", "refunds"], LABELS) == (0.0, 1 / 6)
    assert score(["refunds"], [], LABELS) == (0.0, 0.0)
    # seven expected ids: five found in the first five is all recall@5 can ask for
    many = ["rag-1", "rag-2", "nlp-1", "refunds", "format", "sql", "nlp"]
    assert score(many, ["refunds", "format", "sql", "nlp", "rag"], LABELS) == (1.0, 1.0)


def test_evaluate_averages_over_the_answered_questions_and_counts_quiet_out_of_scope_ones() -> None:
    cases = [
        RetrievalCase("price of rag", ("rag",)),
        RetrievalCase("refund policy", ("refunds",)),
        RetrievalCase("rag or nlp", ("rag", "nlp")),
        RetrievalCase("weather", ()),
        RetrievalCase("joke", ()),
    ]
    rankings = {
        "price of rag": ["rag"],
        "refund policy": ["rag", "format", "refunds"],
        "rag or nlp": ["sql", "nlp", "a", "b", "c", "rag"],
        "weather": [],
        "joke": ["format"],
    }
    ticks = iter([0.0, 0.001, 1.0, 1.004, 2.0, 2.002, 3.0, 3.003, 4.0, 4.010])

    report = evaluate(cases, rankings.__getitem__, LABELS, clock=lambda: next(ticks))

    assert report.scored == 3
    assert report.recall_at_k == pytest.approx((1 + 1 + 0.5) / 3)
    assert report.mrr == pytest.approx((1 + 1 / 3 + 1 / 2) / 3)
    assert (report.out_of_scope, report.quiet) == (2, 1)
    assert report.p50 == pytest.approx(0.003)
    assert report.p95 == pytest.approx(0.010)
    assert [m.case.text for m in report.misses] == ["rag or nlp"]


def test_a_search_that_raises_found_nothing() -> None:
    def broken(_: str) -> list[str]:
        raise RuntimeError

    report = evaluate([RetrievalCase("price of rag", ("rag",))], broken, LABELS)

    assert (report.recall_at_k, report.mrr, report.results[0].error) == (0.0, 0.0, "RuntimeError")


def test_the_answer_check_wants_a_course_or_cohort_named_and_a_document_cited() -> None:
    assert mentions("Retrieval-Augmented Generation (course rag): €900", ["rag"], LABELS)
    assert mentions("rag-2 starts 2027-01-15", ["rag"], LABELS)
    assert mentions("The rag course", ["rag-1"], LABELS)
    assert not mentions("Dragons (course dragon)", ["rag"], LABELS)
    assert mentions("Cancel 7 days before [refunds#the-7-day-rule].", ["refunds"], LABELS)
    assert not mentions("We handle refunds by email.", ["refunds"], LABELS)


def test_eval_retrieval_prints_both_parts(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)
    for name in ("SCHOOL_EMBEDDINGS_MODEL", "SCHOOL_ANSWER_MODEL", "SCHOOL_ROUTER_MODEL"):
        monkeypatch.delenv(name, raising=False)
    tuned, heldout = tmp_path / "tuned.jsonl", tmp_path / "heldout.jsonl"
    tuned.write_text(
        "\n".join(
            json.dumps(c)
            for c in [
                {"text": "How much does the RAG course cost?", "ids": ["rag"]},
                {"text": "asdfgh", "ids": []},
            ]
        )
    )
    heldout.write_text(json.dumps({"text": "When does python-basics-2 start?", "ids": ["python-basics-2"]}))
    monkeypatch.setattr(retrieval_eval, "PARTS", (("tuned", tuned), ("held-out", heldout)))

    assert main(["eval", "retrieval"]) == 0

    lines = [line for line in capsys.readouterr().out.splitlines() if "latency" not in line]
    assert lines == [
        "== the tuned part (tuned.jsonl): 2 questions",
        "full-text:",
        "  recall@5 1.000, MRR 1.000 (1 questions with answers)",
        "  out of scope: 1/1 found nothing",
        "  misses: 0",
        "",
        "answer check (offline reply names an expected id): 1.000 (1/1)",
        "",
        "== the held-out part (heldout.jsonl): 1 questions",
        "full-text:",
        "  recall@5 1.000, MRR 1.000 (1 questions with answers)",
        "  out of scope: 0/0 found nothing",
        "  misses: 0",
        "",
        "answer check (offline reply names an expected id): 1.000 (1/1)",
        "",
        "hybrid: not run (no embeddings model; set SCHOOL_EMBEDDINGS_MODEL)",
    ]


def test_a_sections_citation_counts_for_its_document() -> None:
    labels = Labels.shipped()
    assert score(["refunds"], ["rag", "refunds#the-7-day-rule"], labels) == (1.0, 0.5)
    assert score(["refunds"], ["cancellation#how-to-cancel-an-enrollment"], labels) == (0.0, 0.0)
