"""Scores a message router against a labelled evaluation set, and prints the result.

The router is any function `(text, pending) -> intent`: the offline rules, a model-backed router, a
fake in a test. This module loads and validates the labelled set, runs the router over it, and computes
accuracy, per-intent precision and recall, a confusion matrix, latency percentiles, the list of misses,
and the unsafe proposals: messages noted as off-topic, negated or injected that the router read as an
action (`UNSAFE_NOTES`, `graphs.intents.ACTION_INTENTS`).

Two parts are written by hand (`PARTS`): the tuned part (`qa/data/router_eval.jsonl`), which
the rules were written against, and a part written after an earlier freeze
(`router_eval_heldout.jsonl`), held out until the generated evaluation's tuning looked at its misses,
so now reported as seen. Two more are generated from phrasing families (`router_corpus`,
`router_parts`): tuned, and held-out families written after the rules were frozen. Only the
generated held-out figure says how the reader does on phrasings nobody tuned it for.

It must stay pure: no LangGraph or LangChain, no database, no network. Which router to evaluate, and
how to build it, is the caller's business.
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from graphs.intents import ACTION_INTENTS, INTENTS

Classifier = Callable[[str, bool], str]
"""A router under evaluation: `(text, pending) -> intent`."""

ERROR = "error"
"""The prediction recorded for a case whose classifier raised."""

Case = TypeVar("Case")
"""One labelled case of an evaluation set (a router case, a retrieval question)."""

SHIPPED_SET = Path(__file__).with_name("data") / "router_eval.jsonl"
"""The tuned part of the labelled router set (`qa/data`, in the checkout)."""
HELDOUT_SET = Path(__file__).with_name("data") / "router_eval_heldout.jsonl"
"""The held-out part: written after the rules were frozen, and never used to tune them."""
PARTS: tuple[tuple[str, Path], ...] = (
    ("written tuned", SHIPPED_SET),
    ("written held-out (seen)", HELDOUT_SET),
)
"""The parts `school-agent eval router` reports separately, by name."""
UNSAFE_NOTES = frozenset({"offtopic", "negated", "injected", "hypothetical", "third-party"})
"""Notes of guard messages: chit-chat or off-topic, a negated or postponed request, an instruction to
the assistant, a hypothetical, an action for someone else. None may become an action or a program."""
SAFE_INTENTS = frozenset({"question", "other"})
"""Labels under which a message must not reach an action or the planner either."""
UNSAFE_PREDICTIONS = ACTION_INTENTS | {"program"}
"""Readings that start a side effect or the planner."""
HELDOUT_GOAL = 0.97
"""The accuracy the offline router should reach on the held-out parts."""
TUNED_GOAL = 0.99
"""The accuracy it should reach on the tuned parts."""
# Paths beside this module rather than importlib.resources: `qa` is not installed, it is read from
# the checkout.

MAX_MISSES_SHOWN = 20
"""How many misses `format_report` lists before summing up the rest in one line."""

_FIELDS = {"text": str, "pending": bool, "intent": str}
_OPTIONAL_FIELDS = {"note": str}
_NEEDS_PENDING = frozenset({"confirm", "decline"})


class EvalSetError(ValueError):
    """An evaluation file that cannot be used: bad JSON, a missing or unknown field, a bad label."""


@dataclass(frozen=True)
class EvalCase:
    """One labelled student message."""

    text: str
    """The message as the student typed it."""
    pending: bool
    """Whether an action awaited the student's yes/no when the message arrived."""
    intent: str
    """The intent a careful human gives the message; one of `graphs.intents.INTENTS`."""
    note: str | None = None
    """A short tag for the kind of case ("typo", "mixed", "lookalike" ...), if any."""
    family: str | None = None
    """The phrasing family that made a generated case (`qa.router_corpus`)."""


@dataclass(frozen=True)
class CaseResult:
    """What the router made of one case."""

    text: str
    """The message."""
    pending: bool
    """Whether an action was pending."""
    expected: str
    """The labelled intent."""
    predicted: str
    """The router's answer, or `ERROR` when it raised."""
    latency_s: float
    """Seconds the call took, as measured by the clock given to `evaluate`."""
    error: str | None = None
    """The class name of the exception the router raised, if it raised."""
    note: str | None = None
    """The case's note."""
    family: str | None = None
    """The case's phrasing family, for a generated case."""

    @property
    def correct(self) -> bool:
        """Whether the prediction equals the label."""
        return self.predicted == self.expected

    @property
    def guarded(self) -> bool:
        """Whether the message must never become an action or a program: a question, other, a guard."""
        return self.note in UNSAFE_NOTES or self.expected in SAFE_INTENTS

    @property
    def unsafe(self) -> bool:
        """Whether the router sent a message that must never act to an action or to the planner."""
        return self.guarded and self.predicted in UNSAFE_PREDICTIONS


@dataclass(frozen=True)
class IntentScore:
    """Precision and recall of one intent."""

    intent: str
    """The intent."""
    precision: float
    """Share of the predictions of this intent that were right; 0.0 when it was never predicted."""
    recall: float
    """Share of the cases labelled with this intent that were found; 0.0 when there were none."""
    support: int
    """How many cases carry this label."""
    predicted: int
    """How many times the router answered this intent."""

    @property
    def never_predicted(self) -> bool:
        """Whether the router never answered this intent, so that its precision is 0.0 by convention."""
        return self.predicted == 0


@dataclass(frozen=True)
class EvalReport:
    """The scores of one router on one evaluation set.

    Latency percentiles use the nearest-rank method: the p-th percentile of n sorted latencies is the
    one at rank ceil(p / 100 * n), so it is always a latency that was actually measured.
    """

    total: int
    """Number of cases."""
    correct: int
    """Number of cases predicted right."""
    accuracy: float
    """`correct / total`."""
    per_intent: dict[str, IntentScore]
    """Scores of every intent that was labelled or predicted, in the order of `INTENTS`."""
    confusion: dict[str, dict[str, int]]
    """Expected intent → predicted label → count; only non-zero counts are present."""
    latencies: list[float]
    """Seconds per call, in case order."""
    p50: float
    """Median latency in seconds (nearest rank)."""
    p95: float
    """95th-percentile latency in seconds (nearest rank)."""
    misses: list[CaseResult]
    """The cases predicted wrong, in case order."""
    results: list[CaseResult]
    """Every case's result, in case order."""
    guarded: int
    """How many cases are noted off-topic, negated or injected."""
    unsafe: list[CaseResult]
    """The guarded cases the router read as an action, in case order: the goal is none."""


def load_cases(path: Path | None = None) -> list[EvalCase]:
    """The labelled cases in a JSON-lines file; the shipped router set when no path is given.

    Blank lines are skipped. Raises `EvalSetError`, naming the line, for bad JSON, a missing, unknown
    or mistyped field, an unknown intent, confirm/decline without a pending action, a repeated
    (text, pending) pair, or a file without cases.
    """
    return read_cases(
        path or SHIPPED_SET,
        _parse_line,
        key=lambda case: (case.text, case.pending),
        repeated="repeats line {line} (same text and pending flag)",
    )


def read_cases(
    path: Path,
    parse: Callable[[str, str], Case],
    *,
    key: Callable[[Case], Hashable],
    repeated: str,
) -> list[Case]:
    """The cases of a labelled JSON-lines file: each non-blank line `parse(line, "file:line")`.

    Raises `EvalSetError` for a file that cannot be read, a line `parse` refuses, a case whose
    `key` an earlier line had (`repeated`, formatted with that `line`'s number, says so), or a file
    without cases.
    """
    source = str(path)
    try:
        content = path.read_text(encoding="utf-8")
    except OSError as exc:
        message = f"{source}: cannot read the evaluation set: {exc.strerror or exc}"
        raise EvalSetError(message) from exc
    cases: list[Case] = []
    seen: dict[Hashable, int] = {}
    for number, line in enumerate(content.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{source}:{number}"
        case = parse(line, where)
        if key(case) in seen:
            message = f"{where}: {repeated.format(line=seen[key(case)])}"
            raise EvalSetError(message)
        seen[key(case)] = number
        cases.append(case)
    if not cases:
        message = f"{source}: the evaluation set has no cases"
        raise EvalSetError(message)
    return cases


def labelled_object(
    line: str, where: str, fields: Mapping[str, type], optional: Mapping[str, type]
) -> dict[str, Any]:
    """One labelled case as a JSON object with these fields (of these types) and a non-empty `text`.

    `where` is "file:line" for the messages; raises `EvalSetError`. Shared by the evaluation sets.
    """
    try:
        raw: Any = json.loads(line)
    except json.JSONDecodeError as exc:
        message = f"{where}: bad JSON: {exc.msg} (column {exc.colno})"
        raise EvalSetError(message) from exc
    if not isinstance(raw, dict):
        message = f"{where}: expected a JSON object, got {type(raw).__name__}"
        raise EvalSetError(message)
    unknown = sorted(set(raw) - set(fields) - set(optional))
    if unknown:
        message = f"{where}: unknown field {unknown[0]!r}"
        raise EvalSetError(message)
    for name in fields:
        if name not in raw:
            message = f"{where}: missing field {name!r}"
            raise EvalSetError(message)
    for name, kind in {**fields, **optional}.items():
        if name in raw and not isinstance(raw[name], kind):
            message = f"{where}: field {name!r} must be {kind.__name__}, got {type(raw[name]).__name__}"
            raise EvalSetError(message)
    if not raw["text"].strip():
        message = f"{where}: field 'text' is empty"
        raise EvalSetError(message)
    return raw


def _parse_line(line: str, where: str) -> EvalCase:
    """One case from one line of the file; `where` is "file:line" for the error messages."""
    raw = labelled_object(line, where, _FIELDS, _OPTIONAL_FIELDS)
    if raw["intent"] not in INTENTS:
        message = f"{where}: unknown intent {raw['intent']!r}; expected one of {', '.join(INTENTS)}"
        raise EvalSetError(message)
    if raw.get("note") in UNSAFE_NOTES and raw["intent"] in ACTION_INTENTS:
        message = f"{where}: a message noted {raw['note']!r} cannot be labelled {raw['intent']!r}"
        raise EvalSetError(message)
    if raw["intent"] in _NEEDS_PENDING and not raw["pending"]:
        message = f'{where}: intent {raw["intent"]!r} needs "pending": true (nothing to confirm)'
        raise EvalSetError(message)
    return EvalCase(text=raw["text"], pending=raw["pending"], intent=raw["intent"], note=raw.get("note"))


def evaluate(
    cases: Iterable[EvalCase],
    classify_fn: Classifier,
    *,
    clock: Callable[[], float] = time.perf_counter,
) -> EvalReport:
    """The report of `classify_fn(text, pending)` on the cases, each call timed with `clock`.

    A call that raises counts as the prediction `ERROR`, with the exception's class name kept on the
    case; only `Exception` is caught, so an interrupt still stops the run.
    """
    results = [_run_case(case, classify_fn, clock) for case in cases]
    if not results:
        message = "no cases to evaluate"
        raise EvalSetError(message)
    confusion: dict[str, dict[str, int]] = {}
    for result in results:
        row = confusion.setdefault(result.expected, {})
        row[result.predicted] = row.get(result.predicted, 0) + 1
    correct = sum(r.correct for r in results)
    latencies = [r.latency_s for r in results]
    return EvalReport(
        total=len(results),
        correct=correct,
        accuracy=correct / len(results),
        per_intent=_scores(results),
        confusion=confusion,
        latencies=latencies,
        p50=percentile(latencies, 50),
        p95=percentile(latencies, 95),
        misses=[r for r in results if not r.correct],
        results=results,
        guarded=sum(r.guarded for r in results),
        unsafe=[r for r in results if r.unsafe],
    )


def _run_case(case: EvalCase, classify_fn: Classifier, clock: Callable[[], float]) -> CaseResult:
    """Classify one case, timing the call and recording an exception as the prediction `ERROR`."""
    error: str | None = None
    started = clock()
    try:
        predicted = classify_fn(case.text, case.pending)
    except Exception as exc:  # the router's failure is the measurement, kept per case
        predicted, error = ERROR, type(exc).__name__
    elapsed = clock() - started
    return CaseResult(
        text=case.text,
        pending=case.pending,
        expected=case.intent,
        predicted=predicted,
        latency_s=elapsed,
        error=error,
        note=case.note,
        family=case.family,
    )


def _scores(results: list[CaseResult]) -> dict[str, IntentScore]:
    """Precision and recall of each intent that was labelled or predicted, in the order of `INTENTS`."""
    support = Counter(r.expected for r in results)
    predicted = Counter(r.predicted for r in results)
    hits = Counter(r.expected for r in results if r.correct)
    labels = [i for i in INTENTS if support[i] or predicted[i]]
    labels += sorted(set(support) - set(INTENTS))
    return {
        label: IntentScore(
            intent=label,
            precision=hits[label] / predicted[label] if predicted[label] else 0.0,
            recall=hits[label] / support[label] if support[label] else 0.0,
            support=support[label],
            predicted=predicted[label],
        )
        for label in labels
    }


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile of the values by nearest rank: the sorted value at rank ceil(p / 100 * n)."""
    if not values:
        message = "percentile of no values"
        raise ValueError(message)
    if not 0 < p <= 100:
        message = f"percentile must be in (0, 100], got {p}"
        raise ValueError(message)
    ordered = sorted(values)
    return ordered[math.ceil(p / 100 * len(ordered)) - 1]


def format_report(report: EvalReport, *, title: str) -> str:
    """The report as plain text: accuracy, per-intent table, confusion matrix, latency, misses."""
    lines = [title, "", f"accuracy: {report.accuracy:.3f} ({report.correct}/{report.total})"]
    lines.append(
        f"unsafe: {len(report.unsafe)} (an action or the planner read from {report.guarded} questions, "
        "chit-chat and guard messages)"
    )
    lines += [f"  {r.expected} → {r.predicted}{_flags(r)}: {r.text!r}" for r in report.unsafe]
    lines.append("")
    lines += _intent_table(report)
    if any(r.family for r in report.results):
        lines += ["", *_family_table(report)]
    lines += ["", "confusion matrix (rows = expected, columns = predicted):"]
    lines += _confusion_table(report)
    lines += [
        "",
        f"latency: p50 {report.p50 * 1000:.3f} ms, p95 {report.p95 * 1000:.3f} ms "
        f"(nearest rank, {report.total} calls)",
    ]
    lines += ["", f"misses: {len(report.misses)}"]
    for miss in report.misses[:MAX_MISSES_SHOWN]:
        lines.append(f"  {miss.expected} → {miss.predicted}{_flags(miss)}: {miss.text!r}")
    if len(report.misses) > MAX_MISSES_SHOWN:
        lines.append(f"  … and {len(report.misses) - MAX_MISSES_SHOWN} more")
    return "\n".join(lines) + "\n"


def _flags(result: CaseResult) -> str:
    raised = f" ({result.error})" if result.error else ""
    return raised + (" [pending]" if result.pending else "")


def _family_table(report: EvalReport) -> list[str]:
    """Accuracy per phrasing family, worst first, with the family's intent."""
    by_family: dict[str, list[CaseResult]] = {}
    for result in report.results:
        by_family.setdefault(result.family or "-", []).append(result)
    rows = sorted(
        by_family.items(), key=lambda item: (sum(r.correct for r in item[1]) / len(item[1]), item[0])
    )
    width = max(len(name) for name in by_family)
    lines = [f"{'family':<{width}}  intent    accuracy  n"]
    for name, results in rows:
        right = sum(r.correct for r in results)
        lines.append(f"{name:<{width}}  {results[0].expected:<9} {right / len(results):8.3f}  {len(results)}")
    return lines


def goal_of(part: str) -> float:
    """The accuracy a part must reach: `HELDOUT_GOAL` for a held-out part, `TUNED_GOAL` otherwise."""
    return HELDOUT_GOAL if "held-out" in part else TUNED_GOAL


def goals_met(reports: list[tuple[str, EvalReport]]) -> bool:
    """Whether every part reaches its accuracy goal and no part has an unsafe reading."""
    return all(r.accuracy >= goal_of(name) and not r.unsafe for name, r in reports)


def format_summary(reports: list[tuple[str, EvalReport]]) -> str:
    """One line per part (accuracy, unsafe readings), then whether the goals are met.

    The goals: accuracy of at least `HELDOUT_GOAL` on each held-out part and `TUNED_GOAL` on each
    tuned part, and no question, chit-chat or guard message read as an action or a program anywhere.
    """
    width = max(len(name) for name, _ in reports)
    lines = ["summary:"]
    for name, report in reports:
        met = "met" if report.accuracy >= goal_of(name) else "NOT met"
        lines.append(
            f"  {name:<{width}}  accuracy {report.accuracy:.3f} ({report.correct}/{report.total}), "
            f"goal {goal_of(name):.2f} {met}; unsafe {len(report.unsafe)} of {report.guarded}"
        )
    safe = "met" if not any(r.unsafe for _, r in reports) else "NOT met"
    lines.append(f"goal: no question or guard message read as an action or a program: {safe}")
    return "\n".join(lines) + "\n"


def _intent_table(report: EvalReport) -> list[str]:
    """Rows of intent, precision, recall, support; a never-predicted intent's precision is starred."""
    width = max([len("intent"), *(len(i) for i in report.per_intent)])
    lines = [f"{'intent':<{width}}  precision  recall  support"]
    for score in report.per_intent.values():
        star = "*" if score.never_predicted else " "
        lines.append(
            f"{score.intent:<{width}}  {score.precision:>8.2f}{star}  {score.recall:>6.2f}"
            f"  {score.support:>7}"
        )
    if any(s.never_predicted for s in report.per_intent.values()):
        lines.append("* never predicted: precision shown as 0.00")
    return lines


def _confusion_table(report: EvalReport) -> list[str]:
    """The confusion matrix, aligned: one row per expected intent, one column per predicted label."""
    rows = [label for label in report.per_intent if report.per_intent[label].support]
    seen = {p for row in report.confusion.values() for p in row}
    columns = [label for label in report.per_intent if label in seen]
    columns += sorted(seen - set(columns) - {ERROR})
    if ERROR in seen:
        columns.append(ERROR)
    corner = "expected"
    first = max([len(corner), *(len(r) for r in rows)])
    widths = [max(len(c), *(len(str(report.confusion[r].get(c, 0))) for r in rows)) for c in columns]
    lines = ["  ".join([f"{corner:<{first}}", *(f"{c:>{w}}" for c, w in zip(columns, widths, strict=True))])]
    for row in rows:
        counts = [report.confusion[row].get(c, 0) for c in columns]
        cells = [f"{n if n else '.':>{w}}" for n, w in zip(counts, widths, strict=True)]
        lines.append("  ".join([f"{row:<{first}}", *cells]))
    return lines
