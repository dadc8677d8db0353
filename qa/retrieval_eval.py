"""Scores the answer node's retrieval on labelled student questions, and prints the result.

Each labelled question carries the ids that answer it: course ids, cohort ids, or knowledge-base
document ids (an empty list: out of scope, nothing should be found). A search under evaluation is
any function `question -> ids, best first`; `answer_node_search` is the one the answer node's reply
rests on (`graphs.sources.retrieve`: the structured query's courses, or the knowledge-base
sections that answer and the courses stated), on a scratch database seeded like the app on
`EVAL_TODAY`.

Scores (`evaluate`): recall@5, the share of a question's expected ids found in the first five
(out of at most five, so that "which courses start in January?" with ten answers can still score
1); MRR, the mean over questions of 1 / the rank of the first expected id found (0 when none is);
latency percentiles by nearest rank. A cohort id counts as found when the ranking holds it or its
course, and a course id when the ranking holds it or one of its cohorts: a retrieval that ranks
courses answers "when does rag-2 start?" with the course that holds rag-2; a document id counts as
found when the ranking cites one of its sections (`refunds#the-7-day-rule`). Out-of-scope questions
are not in recall or MRR; they are counted as quiet when the search found nothing.

The answer check (`answer_check`) asks the answer node itself, offline, and passes when its
reply cites or names an expected id (a document as its citation, `refunds#...`).

The set ships in four parts (`PARTS`): the tuned part (`retrieval_eval.jsonl`), which retrieval
may be tuned against; two held-out parts that were measured once and then tuned on, so they are
reported as seen (`retrieval_eval_heldout.jsonl`, written before the retrieval ran on it, and
`retrieval_eval_heldout_2.jsonl`, measured at the first freeze, 415e7ef); and the held-out part
(`retrieval_eval_heldout_3.jsonl`), written by someone who read only the catalog and the documents,
after the second freeze (ef869af), and never used to change it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import cast

from langchain_core.messages import HumanMessage
from langgraph.runtime import Runtime

from agent.config.settings import Settings
from agent.domain import School, catalog, documents
from agent.infra.persistence import database_url, open_resources
from agent.infra.scratch import temporary_database
from agent.llm.models import Models
from graphs.nodes.answer import make_answer
from graphs.retrieval import DEFAULT_MAX_DISTANCE, DEFAULT_SECTION_MAX_DISTANCE, Retriever
from graphs.sources import retrieve
from graphs.state import Context, State
from qa.evaluation import EvalSetError, labelled_object, percentile, read_cases

Search = Callable[[str], Sequence[str]]
"""A retrieval under evaluation: `question -> ids, best first` (courses, cohorts, documents)."""

SHIPPED_SET = Path(__file__).with_name("data") / "retrieval_eval.jsonl"
"""The tuned part of the labelled retrieval set (`qa/data`, in the checkout)."""
SEEN_SETS = (
    Path(__file__).with_name("data") / "retrieval_eval_heldout.jsonl",
    Path(__file__).with_name("data") / "retrieval_eval_heldout_2.jsonl",
)
"""Former held-out parts: measured once, then tuned on, so they are held out no longer."""
HELDOUT_SET = Path(__file__).with_name("data") / "retrieval_eval_heldout_3.jsonl"
"""The held-out part: written after the retrieval was frozen, and never used to tune it."""
PARTS: tuple[tuple[str, Path], ...] = (
    ("tuned", SHIPPED_SET),
    ("first held-out, seen", SEEN_SETS[0]),
    ("second held-out, seen", SEEN_SETS[1]),
    ("held-out", HELDOUT_SET),
)
"""The parts `school-agent eval retrieval` reports separately, by name."""
EVAL_TODAY = date(2026, 12, 1)
"""The day the scratch catalog is seeded on: the labels of date questions ("in January") hold for it."""
K = 5
"""Recall is counted in the first `K` ids."""
HELDOUT_GOAL = 0.90
"""The recall@5 the offline retrieval should reach on the held-out part."""
MAX_MISSES_SHOWN = 20
"""How many misses `format_report` lists before summing up the rest in one line."""

_FIELDS = {"text": str, "ids": list}
_OPTIONAL_FIELDS = {"note": str}
_TOKEN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*(#[a-z0-9-]+)?")


@dataclass(frozen=True)
class RetrievalCase:
    """One labelled student question."""

    text: str
    """The question as the student typed it."""
    ids: tuple[str, ...]
    """The course, cohort or document ids that answer it; empty when it is out of scope."""
    note: str | None = None
    """The kind of question ("policy", "date", "typo" ...), if given."""


@dataclass(frozen=True)
class Labels:
    """The ids a label may use, and how they relate: read from the catalog and the documents."""

    cohorts: Mapping[str, str]
    """Cohort id → its course id."""
    courses: Mapping[str, frozenset[str]]
    """Course id → its cohort ids."""
    documents: frozenset[str]
    """The knowledge base's document ids."""

    @classmethod
    def shipped(cls) -> Labels:
        """The labels of the shipped catalog (`catalog.json`) and knowledge base documents."""
        data = catalog.load_seed()
        cohorts = {c["id"]: c["course_id"] for c in data["cohorts"]}
        courses = {
            c["id"]: frozenset(h for h, course in cohorts.items() if course == c["id"])
            for c in data["courses"]
        }
        return cls(cohorts, courses, frozenset(d.id for d in documents.load_documents()))

    def accepted(self, expected: str) -> frozenset[str]:
        """The ids that, found in a ranking, count as `expected` (see the module's docstring)."""
        if expected in self.cohorts:
            return frozenset({expected, self.cohorts[expected]})
        return frozenset({expected}) | self.courses.get(expected, frozenset())

    def unknown(self, ids: Iterable[str]) -> list[str]:
        """The ids that are no course, cohort or document."""
        return [i for i in ids if i not in self.cohorts and i not in self.courses and i not in self.documents]


def load_cases(path: Path | None = None, *, labels: Labels | None = None) -> list[RetrievalCase]:
    """The labelled questions of a JSON-lines file; the tuned part when no path is given.

    Blank lines are skipped. Raises `EvalSetError`, naming the line, for bad JSON, a missing,
    unknown or mistyped field, an empty question, a repeated question or id, an id that is no
    course, cohort or document of `labels` (the shipped ones by default), or a file without cases.
    """
    known = labels or Labels.shipped()

    def parse(line: str, where: str) -> RetrievalCase:
        case = _parse_line(line, where)
        unknown = known.unknown(case.ids)
        if unknown:
            message = f"{where}: {unknown[0]!r} is no course, cohort or knowledge document id"
            raise EvalSetError(message)
        return case

    return read_cases(
        path or SHIPPED_SET,
        parse,
        key=lambda case: case.text.strip().lower(),
        repeated="repeats the question of line {line}",
    )


def _parse_line(line: str, where: str) -> RetrievalCase:
    raw = labelled_object(line, where, _FIELDS, _OPTIONAL_FIELDS)
    ids = raw["ids"]
    if not all(isinstance(i, str) for i in ids):
        message = f"{where}: field 'ids' must be a list of strings"
        raise EvalSetError(message)
    if len(set(ids)) != len(ids):
        message = f"{where}: field 'ids' repeats an id"
        raise EvalSetError(message)
    return RetrievalCase(text=raw["text"], ids=tuple(ids), note=raw.get("note"))


# -- scoring ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CaseResult:
    """What the search found for one question."""

    case: RetrievalCase
    """The labelled question."""
    found: tuple[str, ...]
    """The ids the search returned, best first."""
    latency_s: float
    """Seconds the search took."""
    recall: float | None
    """Expected ids found in the first `K`, over min(expected, `K`), at most 1; None when out of scope."""
    reciprocal_rank: float | None
    """1 / the rank of the first expected id found, 0.0 when none; None when out of scope."""
    error: str | None = None
    """The class name of the exception the search raised, if it raised."""


@dataclass(frozen=True)
class RetrievalReport:
    """The scores of one search on one set."""

    results: list[CaseResult]
    """Every question's result, in case order."""
    recall_at_k: float
    """Mean recall@`K` over the questions with expected ids."""
    mrr: float
    """Mean reciprocal rank over the questions with expected ids."""
    scored: int
    """How many questions have expected ids."""
    out_of_scope: int
    """How many questions expect nothing."""
    quiet: int
    """How many of those the search found nothing for."""
    p50: float
    """Median latency in seconds (nearest rank)."""
    p95: float
    """95th-percentile latency in seconds (nearest rank)."""

    @property
    def misses(self) -> list[CaseResult]:
        """The questions with expected ids whose recall@`K` is below 1, in case order."""
        return [r for r in self.results if r.recall is not None and r.recall < 1]


def score(
    expected: Sequence[str], found: Sequence[str], labels: Labels, *, k: int = K
) -> tuple[float, float]:
    """(recall@k, reciprocal rank) of a ranking `found` for the `expected` ids (not empty)."""
    if not expected:
        message = "score needs at least one expected id"
        raise ValueError(message)
    ranks = []
    labelled = [got.split("#", 1)[0] for got in found]  # a section's citation counts for its document
    for wanted in expected:
        accepted = labels.accepted(wanted)
        rank = next((i for i, got in enumerate(labelled, start=1) if got in accepted), None)
        if rank is not None:
            ranks.append(rank)
    # One course found counts for each of its cohorts expected, so the share is capped at 1.
    recall = min(1.0, sum(rank <= k for rank in ranks) / min(len(expected), k))
    return recall, 1 / min(ranks) if ranks else 0.0


def evaluate(
    cases: Iterable[RetrievalCase],
    search: Search,
    labels: Labels,
    *,
    clock: Callable[[], float] = time.perf_counter,
) -> RetrievalReport:
    """The report of `search` on the cases, each call timed with `clock`.

    A search that raises found nothing for that question; the exception's class name is kept.
    """
    results = []
    for case in cases:
        error = None
        started = clock()
        try:
            found = tuple(search(case.text))
        except Exception as exc:  # the search's failure is the measurement, kept per case
            found, error = (), type(exc).__name__
        elapsed = clock() - started
        recall, rr = score(case.ids, found, labels) if case.ids else (None, None)
        results.append(CaseResult(case, found, elapsed, recall, rr, error))
    if not results:
        message = "no cases to evaluate"
        raise EvalSetError(message)
    recalls = [r.recall for r in results if r.recall is not None]
    rrs = [r.reciprocal_rank for r in results if r.reciprocal_rank is not None]
    latencies = [r.latency_s for r in results]
    outside = [r for r in results if not r.case.ids]
    return RetrievalReport(
        results=results,
        recall_at_k=sum(recalls) / len(recalls) if recalls else 0.0,
        mrr=sum(rrs) / len(rrs) if rrs else 0.0,
        scored=len(recalls),
        out_of_scope=len(outside),
        quiet=sum(not r.found for r in outside),
        p50=percentile(latencies, 50),
        p95=percentile(latencies, 95),
    )


def mentions(reply: str, expected: Sequence[str], labels: Labels) -> bool:
    """Whether `reply` cites or names one of the expected ids.

    A course or cohort id counts as a word of the reply (`rag`, `rag-2`, as `Labels.accepted`); a
    document only as a citation (`refunds#the-7-day-rule`), since its id is an ordinary word.
    """
    words, cited = set(), set()
    for match in _TOKEN.finditer(reply.lower()):
        text = match.group(0)
        if match.group(1):
            cited.add(text.split("#", 1)[0])
        else:
            words.add(text)
    for wanted in expected:
        if wanted in labels.documents:
            if wanted in cited:
                return True
        elif labels.accepted(wanted) & words:
            return True
    return False


def answer_check(
    cases: Iterable[RetrievalCase], reply: Callable[[str], str], labels: Labels
) -> tuple[int, int]:
    """(passed, checked): of the questions with expected ids, how many replies mention one."""
    checked = [c for c in cases if c.ids]
    return sum(mentions(reply(c.text), c.ids, labels) for c in checked), len(checked)


# -- the answer node's retrieval, on a scratch database ---------------------------------------------
@contextmanager
def scratch_school(settings: Settings, today: date = EVAL_TODAY) -> Iterator[tuple[School, Models]]:
    """A school on a scratch database set up and seeded like the app on `today`; dropped on exit."""
    with (
        temporary_database(database_url(settings), "eval_retrieval") as url,
        open_resources(replace(settings, database_url=url, today=today)) as res,
    ):
        yield res.school, Models(res.settings.models)


def answer_node_search(
    school: School,
    models: Models | None = None,
    *,
    limit: int = K,
    max_distance: float | None = None,
    section_max_distance: float | None = None,
) -> Search:
    """What the answer node's reply rests on (`graphs.sources.retrieve`), hybrid when `models` has embeddings.

    The ids of a structured question's courses, or the citations of the knowledge-base sections
    that answer the question and the ids of the courses the reply states; nothing when nothing is
    about the question. At most `limit` of them. `max_distance` and `section_max_distance` are
    the vector floors for courses and sections, the retriever's defaults when None.
    """
    embeddings = models.embeddings() if models else None
    retriever = Retriever(
        school,
        embeddings=embeddings.model if embeddings else None,
        model_name=embeddings.name if embeddings else None,
        max_distance=DEFAULT_MAX_DISTANCE if max_distance is None else max_distance,
        section_max_distance=(
            DEFAULT_SECTION_MAX_DISTANCE if section_max_distance is None else section_max_distance
        ),
    )

    def search(question: str) -> list[str]:
        return retrieve(school, question, retriever=retriever)[:limit]

    return search


def offline_reply(school: School) -> Callable[[str], str]:
    """The answer node's reply, offline (no answer model), to a question asked on a new thread."""
    node = make_answer(lambda: school, Models())
    runtime = Runtime(context=Context(answer_model="offline"))

    def reply(question: str) -> str:
        state = cast("State", {"messages": [HumanMessage(question)]})  # a first turn holds only its message
        update = node(state, runtime=runtime)
        return str(update["messages"][-1].content)

    return reply


# -- the report ---------------------------------------------------------------------------------
def format_report(report: RetrievalReport, *, title: str) -> str:
    """The report as plain text: recall@5, MRR, out-of-scope questions, latency, misses."""
    lines = [
        title,
        f"  recall@{K} {report.recall_at_k:.3f}, MRR {report.mrr:.3f} ({report.scored} questions with answers)",
        f"  out of scope: {report.quiet}/{report.out_of_scope} found nothing",
    ]
    lines += [
        f"    {r.case.text!r}: found {', '.join(r.found)}"
        for r in report.results
        if not r.case.ids and r.found
    ]
    lines += [
        f"  latency: p50 {report.p50 * 1000:.1f} ms, p95 {report.p95 * 1000:.1f} ms (nearest rank)",
        f"  misses: {len(report.misses)}",
    ]
    for miss in report.misses[:MAX_MISSES_SHOWN]:
        raised = f" ({miss.error})" if miss.error else ""
        lines.append(
            f"    {miss.case.text!r}: expected {', '.join(miss.case.ids)}; "
            f"found {', '.join(miss.found) or 'nothing'}{raised}"
        )
    if len(report.misses) > MAX_MISSES_SHOWN:
        lines.append(f"    … and {len(report.misses) - MAX_MISSES_SHOWN} more")
    return "\n".join(lines) + "\n"
