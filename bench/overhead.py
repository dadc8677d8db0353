"""Per-turn overhead: the same catalog question through the project and through the stock graph.

Offline models, so the model hides nothing; the project's journal, thread lock and grants are on.
A timed pass interleaves the two (so drift in the machine hits both alike); a second pass through
the counting proxy (`qa.wire`) counts statements and round trips per turn, and the server's WAL
position before and after gives the WAL bytes a turn writes.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import psycopg

from bench.setups import analyze, project, stock
from bench.stats import ratio, summary
from qa.wire import WireCounter, WireCounts

ANALYZE_EVERY = 20
"""Pairs of turns between two refreshes of the planner's statistics (`bench.setups.analyze`)."""
THREADS = 5
"""Turns rotate over this many threads of each contender (so they stay short)."""


def measure(url: str, *, turns: int = 100) -> dict[str, Any]:
    """Timings, CPU and wire counts per turn for both; `ratio`: the median of ours / stock per pair."""
    with project(url) as ours, stock(url) as base:
        contenders: dict[str, Callable[[str], Any]] = {"ours": ours.turn, "stock": base.turn}
        for name, turn in contenders.items():
            turn(f"{name}-warm")
        wall: dict[str, list[float]] = {name: [] for name in contenders}
        cpu: dict[str, list[float]] = {name: [] for name in contenders}
        for i in range(turns):
            if i % ANALYZE_EVERY == 0:
                analyze(ours.resources.pool)
            for name, turn in contenders.items():
                started, used = time.perf_counter(), time.process_time()
                turn(f"{name}-{i % THREADS}")
                wall[name].append(time.perf_counter() - started)
                cpu[name].append(time.process_time() - used)
    result: dict[str, Any] = {
        name: {"wall": summary(wall[name]), "cpu": summary(cpu[name])} for name in contenders
    }
    # The median of the turn-by-turn ratios: a slow spell of the machine hits both turns of a pair.
    result["ratio"] = statistics.median(ratio(a, b) for a, b in zip(wall["ours"], wall["stock"], strict=True))
    medians = (result["ours"]["wall"]["median_ms"], result["stock"]["wall"]["median_ms"])
    result["ratio_of_medians"] = ratio(*medians)
    result["wire"] = wire_counts(url)
    return result


def wire_counts(url: str, *, turns: int = 10) -> dict[str, dict[str, Any]]:
    """Statements and round trips per turn (after a warm-up turn on each thread)."""
    counter = WireCounter(url)
    try:
        with (
            project(counter.url) as ours,
            stock(counter.url) as base,
            psycopg.connect(url, autocommit=True) as wal,
        ):
            return {
                "ours": _count(counter, wal, ours.turn, "wire-ours", turns),
                "stock": _count(counter, wal, base.turn, "wire-stock", turns),
            }
    finally:
        counter.close()


def _count(
    counter: WireCounter, wal: psycopg.Connection[Any], turn: Callable[[str], Any], thread: str, turns: int
) -> dict[str, Any]:
    """The turns' wire counts, and the WAL the server wrote meanwhile (all of it: run on a quiet server)."""
    turn(thread)
    before, lsn = counter.snapshot(), _wal_position(wal)
    for _ in range(turns):
        turn(thread)
    seen: WireCounts = counter.snapshot() - before
    written = wal.execute(
        "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), %s::pg_lsn)", (lsn,)
    ).fetchone()
    return {
        "statements": seen.statements / turns,
        "round_trips": seen.round_trips / turns,
        "bytes_to_server": seen.bytes_to_server / turns,
        "wal_bytes": float(written[0]) / turns if written else 0.0,
        "kinds": {kind: n / turns for kind, n in seen.kinds.most_common()},
    }


def _wal_position(wal: psycopg.Connection[Any]) -> str:
    row = wal.execute("SELECT pg_current_wal_insert_lsn()::text").fetchone()
    return str(row[0]) if row else "0/0"
