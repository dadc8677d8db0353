"""The benchmark's own parts: the counting proxy counts what the wire carries, the command runs.

No timing is asserted: the benchmark reports figures, these tests check that it can produce them.
"""

from __future__ import annotations

import socket
from pathlib import Path

import psycopg
import pytest

from bench import main as bench_main
from bench import setups
from qa.wire import WireCounter


@pytest.fixture
def counter(database_url: str):
    proxy = WireCounter(database_url)
    yield proxy
    proxy.close()


def test_the_proxy_counts_statements_and_round_trips(counter: WireCounter) -> None:
    with psycopg.connect(counter.url, autocommit=True) as conn:
        before = counter.snapshot()
        for i in range(3):
            assert conn.execute("SELECT %s::int AS n", (i,)).fetchone() == (i,)
        singles = counter.snapshot() - before

        before = counter.snapshot()
        with conn.pipeline():
            cursors = [conn.execute("SELECT %s::int AS n", (i,)) for i in range(3)]
        assert [c.fetchone() for c in cursors] == [(0,), (1,), (2,)]
        piped = counter.snapshot() - before

        before = counter.snapshot()
        conn.execute("SELECT 1; SELECT 'a;b' /* ; */; SELECT $$;$$ -- ;\n;")
        simple = counter.snapshot() - before

    select = {"SELECT $1::int AS n": 3}
    assert (singles.statements, singles.round_trips, dict(singles.kinds)) == (3, 3, select)
    assert (piped.statements, piped.round_trips, dict(piped.kinds)) == (3, 1, select)
    # The simple protocol sends one Query message; each statement its text holds counts (the
    # semicolons in quotes and comments split nothing).
    kinds = {"SELECT 1": 1, "SELECT 'a;b' /* ; */": 1, "SELECT $$;$$ -- ;": 1}
    assert (simple.statements, simple.round_trips, dict(simple.kinds)) == (3, 1, kinds)
    assert singles.bytes_to_server > 0 and singles.bytes_to_client > 0


def test_a_quick_run_writes_every_section_of_the_report(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)
    out = tmp_path / "BENCH.md"

    code = bench_main.main(["--quick", "--only", "overhead,storage,first_event", "--out", str(out)])

    assert code == 0
    report = out.read_text()
    headings = [line for line in report.splitlines() if line.startswith("## ")]
    assert headings == [
        "## Targets",
        "## 1. Per-turn overhead",
        "## 2. Checkpoint storage and thread length",
        "## 5. First streamed event",
    ]
    targets = report.split("## Targets")[1].split("## 1.")[0]
    assert [
        row.split("|")[1].strip()
        for row in targets.splitlines()
        if row.startswith("| ") and not row.startswith("| target")
    ] == [
        "per-turn time ≤ 1.2× stock, ≤ 20 statements and ≤ 14 round trips a turn (offline model, journal on)",
        "checkpoint bytes at 12 turns ≤ 1/10 of stock",
        "bytes per turn flat (written per turn, last interval / the one before)",
        "a turn at 12 turns ≤ 1.5× a thread's first turn (median of 25 pairs taken together)",
        "first event (reported)",
    ]
    storage = report.split("## 2.")[1].split("## 5.")[0]
    for contender in ("ours", "stock", "stock+delta"):
        assert [
            line.split("|")[2].strip() for line in storage.splitlines() if line.startswith(f"| {contender} |")
        ] == ["1", "6", "12"]
    assert "| python |" in report and "| langgraph |" in report and "| postgres |" in report


def test_a_quick_concurrency_run_sets_ours_beside_stock_async_and_stock_on_threads(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)
    out = tmp_path / "BENCH.md"

    assert bench_main.main(["--quick", "--only", "concurrency", "--out", str(out)]) == 0

    section = out.read_text().split("## 3. Concurrency")[1]
    labels = [line.split("|")[1].strip() for line in section.splitlines() if line.startswith("| ")][1:]
    assert [label.split(" (")[0].split(",")[0] for label in labels] == [
        "ours",
        "ours",
        "stock",
        "stock async",
        "stock on threads",
    ]
    assert labels[-1] == "stock on threads (`invoke`, PostgresSaver), 4 threads"
    split = next(line for line in section.splitlines() if line.startswith("Turns/s, ours over stock async"))
    ratios = [float(part.split("×")[0]) for part in split.split("(")[1:]]
    # The two parts multiply to the whole: (threads / async) × (ours / threads) = ours / async.
    assert ratios[0] == pytest.approx(ratios[1] * ratios[2], rel=0.02)


def test_it_fails_only_when_it_cannot_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    monkeypatch.setenv("DATABASE_URL", f"postgresql://postgres@127.0.0.1:{port}/postgres?connect_timeout=2")
    out = tmp_path / "BENCH.md"

    assert bench_main.main(["--quick", "--only", "overhead", "--out", str(out)]) == 2

    assert "bench: could not run: OperationalError" in capsys.readouterr().err
    assert not out.exists()


def test_an_unknown_section_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        bench_main.main(["--only", "overhead,speed"])
    assert exited.value.code == 2
    assert "unknown section(s): speed" in capsys.readouterr().err


def test_a_quick_http_run_drives_both_servers_with_both_models(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)
    out = tmp_path / "BENCH.md"

    code = bench_main.main(["--quick", "--only", "http", "--out", str(out)])

    assert code == 0
    report = out.read_text()
    assert [line for line in report.splitlines() if line.startswith("## ")] == [
        "## Targets",
        "## 6. Over HTTP: `langgraph dev` and `serve`",
    ]
    targets = report.split("## Targets")[1].split("## 6.")[0]
    assert [
        row.split("|")[1].strip()
        for row in targets.splitlines()
        if row.startswith("| ") and not row.startswith("| target")
    ] == [
        "HTTP, 3 students × 2 turns, offline model: `serve` ≥ 1.5× `langgraph dev`'s turns/s at an equal or better p95",
        "HTTP, offline model: `serve` ≥ 0.6× the in-process ceiling (the same turns on 3 threads in one process)",
        "HTTP, 3 students × 2 turns, model 200 ms: `serve` ≥ 3× `langgraph dev`'s turns/s at a p95 under 1.5× the model's delay plus a turn in process",
        "HTTP, model 200 ms: `serve` ≥ 0.6× the in-process ceiling (the same turns on 3 threads in one process)",
    ]
    table = report.split("## 6.")[1].split("| model | serve / dev")[0]
    rows = [[cell.strip() for cell in line.split("|")[1:3]] for line in table.splitlines()]
    for model in ("offline model", "model 200 ms"):
        runs = [
            run.split(" (mean of ")[0] for found, run in (r for r in rows if len(r) == 2) if found == model
        ]
        assert runs == [
            "`langgraph dev` (default: 1 job at a time)",
            "`langgraph dev --n-jobs-per-worker 3`",
            "`school-agent serve`",
            "in process, 3 threads, no HTTP",
            "in process, one at a time, model answering at once: the ceiling",
        ]


def test_a_turn_writes_its_journal_and_each_tasks_writes_in_one_statement_each(
    counter: WireCounter, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCHOOL_STUDENT_DAILY_TOKENS", "1000000")  # a limit, so the turn reads the spend
    with setups.project(counter.url) as ours:
        ours.turn("t")
        before = counter.snapshot()
        for _ in range(3):
            ours.turn("t")
        seen = counter.snapshot() - before
    kinds = {kind: n / 3 for kind, n in seen.kinds.items()}
    # No journal transaction of its own (BEGIN, SET LOCAL, the write, COMMIT): one statement each.
    assert "BEGIN" not in kinds
    assert not [k for k in kinds if "synchronous_commit" in k]
    assert kinds["COMMIT"] == 1  # the thread lock's transaction, ended
    # The turn's spend is read in the lock's round trip, not on its own, by a statement prepared there.
    assert not [k for k in kinds if k.startswith("SELECT coalesce(sum(input_tokens)")]
    assert not [k for k in kinds if k.startswith("SELECT * FROM ( SELECT (SELECT max")]
    assert [k for k in kinds if k.startswith("EXECUTE school_read_")]
    # A task's writes in one statement: never more of them than checkpoints; a checkpoint with its
    # blobs (and what rides with it) in one: no statement of blobs alone.
    writes = sum(n for k, n in kinds.items() if k.startswith("INSERT INTO checkpoint_writes"))
    checkpoints = sum(
        n for k, n in kinds.items() if k.startswith(("INSERT INTO checkpoints", "WITH checkpoint_"))
    )
    assert 0 < writes < checkpoints
    assert not [k for k in kinds if k.startswith("INSERT INTO checkpoint_blobs")]
    # The turn's first read of the thread is answered from what the last turn stored: no load.
    assert not [k for k in kinds if k.lower().startswith("select thread_id, checkpoint")]
    assert not [k for k in kinds if k.startswith("SELECT checkpoint_id, parent_checkpoint_id")]
