"""`school-agent eval combination`: candidates scored on the rules' first readings, kept by round."""

from __future__ import annotations

import subprocess
from pathlib import Path

from graphs.intents import Reading, read
from graphs.routing import Combination
from qa.combination import CANDIDATES, Row, Score, record, report, score, stale
from qa.evaluation import EvalCase

ROWS = [
    # The rules first read an action; the reader is unsure, but a safe reading is likely enough.
    Row(
        EvalCase("can bob enroll too?", False, "question"),
        Reading("enroll"),
        {"question": 0.45, "enroll": 0.55},
    ),
    # The rules first read a question; the reader is sure of the enrollment asked for.
    Row(
        EvalCase("python basics, the May one", False, "enroll"),
        Reading("question"),
        {"enroll": 0.85, "question": 0.15},
    ),
    # A safety guard read it: the reader's action never stands over it, however sure.
    Row(EvalCase("enroll my son in rag-2", False, "other"), Reading("other", "injected"), {"enroll": 0.99}),
]


def test_each_candidate_is_scored_for_reads_right_and_unsafe_readings() -> None:
    assert score(ROWS, None) == Score(right=1, unsafe=1, total=3)
    assert score(ROWS, Combination(0.8, 0.9, mass=0.4)) == Score(right=3, unsafe=0, total=3)
    assert score(ROWS, Combination(0.9, 0.9, mass=0.4)) == Score(right=2, unsafe=0, total=3)
    assert score(ROWS, Combination(0.8, 0.9, mass=0.5)) == Score(right=2, unsafe=1, total=3)


def test_the_report_has_a_line_per_candidate_with_each_round() -> None:
    lines = report([ROWS, ROWS[:1]]).splitlines()

    assert len(lines) == 1 + len(CANDIDATES)
    assert lines[1] == "rules alone                   0.2500 (1/4), unsafe 2    0.333/1 0.000/1"
    assert lines[1 + CANDIDATES.index(Combination())].startswith(
        "0.80 0.90 veto 0.30 (shipped) 1.0000 (4/4), unsafe 0"
    )


def test_a_rounds_first_readings_are_its_freeze_commits_rules_run_in_a_worktree() -> None:
    def worktrees() -> str:
        return subprocess.run(["git", "worktree", "list"], capture_output=True, text=True, check=True).stdout

    before = worktrees()
    cases = [EvalCase("enroll me in rag-2", False, "enroll"), EvalCase("yes please", True, "confirm")]

    assert record("HEAD", cases) == [read(c.text, pending=c.pending) for c in cases]
    assert worktrees() == before


def test_the_shipped_first_readings_cover_every_seen_round(tmp_path: Path) -> None:
    # A seen round changed or added without `eval combination` recording its first readings fails here.
    assert stale() == []
    assert stale(tmp_path / "none.json.gz") == list(range(1, 101))
