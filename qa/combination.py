"""How the learned reader and the rules combine, scored on the rules' first readings of each round.

A combination (`graphs.routing.Combination`) can only be judged on messages nobody tuned on. Every
seen round was such a round once: it was written after the rules were frozen at the commit its
docstring names (`ROUND_k_FROZEN_AT`), measured, and then the rules were fixed for its misses. So
today's rules flatter themselves on it, but the rules of its freeze commit read it as they first
did. Those first readings are recorded once per round (`record`: the freeze commit checked out in a
temporary git worktree, its rules run in a subprocess) and kept in `FIRST_READINGS`, with the
digest of the messages they belong to. Each candidate is scored on them, each round read by a
reader fitted without that round (`router_training.fit`): how many messages end up read right, and
how many questions or guard messages end up an action or a program.

`school-agent eval combination` prints that table; a checkout with git history is needed only to
record a round not yet in the file.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import qa.router_families_heldout as heldout
from graphs.intents import Reading
from graphs.intents.learned import Reader
from graphs.routing import Combination, learned_reading
from qa.evaluation import SAFE_INTENTS, UNSAFE_NOTES, UNSAFE_PREDICTIONS, EvalCase
from qa.router_parts import generated
from qa.router_training import base_cases, fit

FIRST_READINGS = Path(__file__).with_name("data") / "first_readings.json.gz"
"""Per round: the freeze commit, the digest of the round's messages, and the rules' reading of each."""
CANDIDATES: tuple[Combination | None, ...] = (
    None,
    Combination(confident=1.1, guard_confident=1.1, mass=0.5),
    *(Combination(c, g) for c in (0.95, 0.9, 0.8, 0.7) for g in (0.95, 0.9, 0.8) if g >= c),
    *(Combination(0.8, 0.9, mass=m) for m in (0.5, 0.4, 0.25)),
    *(Combination(0.7, 0.8, mass=m) for m in (0.4, 0.35)),
)
"""The rules alone (None), the reader as a veto only (never sure), then the floors and vetoes tried."""
_READ_IN_WORKTREE = """
import json, sys
from graphs.intents import read
rows = json.load(sys.stdin)
out = [read(text, pending=pending, pending_intent="enroll") for text, pending in rows]
json.dump([[r.intent, getattr(r, "guard", None)] for r in out], sys.stdout)
"""


@dataclass(frozen=True)
class Row:
    """One labelled message, the rules' first reading of it, and a reader's probabilities."""

    case: EvalCase
    first: Reading
    chances: dict[str, float]


@dataclass(frozen=True)
class Score:
    """A candidate's figures on some messages."""

    right: int
    unsafe: int
    total: int


def digest(cases: Sequence[EvalCase]) -> str:
    """The SHA-256 of the messages and their pending flags, in order."""
    return hashlib.sha256(json.dumps([[c.text, c.pending] for c in cases]).encode()).hexdigest()


def record(commit: str, cases: Sequence[EvalCase]) -> list[Reading]:
    """The readings of `cases` by the rules of `commit`, run in a temporary git worktree."""
    repo = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(repo), "worktree", "add", "-q", "--detach", str(tree), commit], check=True
        )
        try:
            done = subprocess.run(
                [sys.executable, "-c", _READ_IN_WORKTREE],
                input=json.dumps([[c.text, c.pending] for c in cases]),
                capture_output=True,
                text=True,
                check=True,
                cwd=tree,
                env={"PYTHONPATH": str(tree), "SCHOOL_LEARNED_READER": "off", "PATH": "/usr/bin:/bin"},
            )
        finally:
            subprocess.run(["git", "-C", str(repo), "worktree", "remove", "--force", str(tree)], check=True)
    return [Reading(intent, guard) for intent, guard in json.loads(done.stdout)]


def rounds() -> list[tuple[str, list[EvalCase]]]:
    """Each seen round's freeze commit and messages, in the order they were written."""
    return [
        (getattr(heldout, f"ROUND_{n}_FROZEN_AT"), generated(round_))
        for n, round_ in enumerate(heldout.ROUNDS, 1)
    ]


def first_readings(
    path: Path = FIRST_READINGS, seen: list[tuple[str, list[EvalCase]]] | None = None
) -> list[list[Reading]]:
    """The rules' first reading of every seen round (`seen`: `rounds()`), recording and saving those the file lacks."""
    seen = rounds() if seen is None else seen
    kept = _kept(path)
    missing = _stale(kept, seen)
    for n in missing:
        commit, cases = seen[n - 1]
        readings = [[r.intent, r.guard] for r in record(commit, cases)]
        kept[str(n)] = {"commit": commit, "digest": digest(cases), "readings": readings}
    if missing:
        path.write_bytes(gzip.compress(json.dumps(kept, separators=(",", ":")).encode(), mtime=0))
    return [[Reading(i, g) for i, g in kept[str(n)]["readings"]] for n in range(1, len(seen) + 1)]


def stale(path: Path = FIRST_READINGS) -> list[int]:
    """The seen rounds whose first readings the file lacks, or holds for other messages or another commit."""
    return _stale(_kept(path), rounds())


def _stale(kept: dict[str, Any], seen: list[tuple[str, list[EvalCase]]]) -> list[int]:
    return [
        n
        for n, (commit, cases) in enumerate(seen, 1)
        if (entry := kept.get(str(n))) is None
        or (entry["commit"], entry["digest"]) != (commit, digest(cases))
    ]


def _kept(path: Path) -> dict[str, Any]:
    return json.loads(gzip.decompress(path.read_bytes())) if path.exists() else {}


def folds() -> list[list[Row]]:
    """Each seen round: its messages, the rules' first readings, a reader fitted without the round."""
    base, seen = base_cases(), rounds()
    cases = [c for _, c in seen]
    out = []
    for k, (left_out, firsts) in enumerate(zip(cases, first_readings(seen=seen), strict=True)):
        reader, _ = fit(base + [c for j, round_ in enumerate(cases) if j != k for c in round_])
        out.append(rows(left_out, firsts, reader))
    return out


def rows(cases: Sequence[EvalCase], firsts: Sequence[Reading], reader: Reader) -> list[Row]:
    """The cases with their first readings and `reader`'s probabilities."""
    return [Row(c, f, reader.probabilities(c.text, c.pending)) for c, f in zip(cases, firsts, strict=True)]


def score(rows: Sequence[Row], how: Combination | None) -> Score:
    """How `how` (None: the rules alone) reads `rows`."""
    right = unsafe = 0
    for row in rows:
        got = row.first.intent
        if how is not None:
            got = learned_reading(row.first, row.chances, pending=row.case.pending, how=how) or got
        right += got == row.case.intent
        guarded = row.case.note in UNSAFE_NOTES or row.case.intent in SAFE_INTENTS
        unsafe += guarded and got in UNSAFE_PREDICTIONS
    return Score(right, unsafe, len(rows))


def label(how: Combination | None) -> str:
    """How the report names a candidate."""
    if how is None:
        return "rules alone"
    sure = "never" if how.confident > 1 else f"{how.confident:.2f} {how.guard_confident:.2f}"
    return f"{sure} veto {how.mass:.2f}" + (" (shipped)" if how == Combination() else "")


def report(folds: Sequence[Sequence[Row]]) -> str:
    """One line per candidate: all rounds together, then each round's share read right and unsafe count."""
    lines = [f"{'sure, guard; veto':<30}all rounds                        each round: read right/unsafe"]
    for how in CANDIDATES:
        scores = [score(fold, how) for fold in folds]
        right, total, unsafe = (sum(getattr(s, f) for s in scores) for f in ("right", "total", "unsafe"))
        each = " ".join(f"{s.right / s.total:.3f}/{s.unsafe}" for s in scores)
        lines.append(f"{label(how):<30}{right / total:.4f} ({right}/{total}), unsafe {unsafe:<4} {each}")
    return "\n".join(lines) + "\n"
