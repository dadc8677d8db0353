"""Checkpoint storage and turn latency as one thread grows to hundreds of turns.

Three threads grow, one after the other: the project's, the stock graph's (whose `add_messages`
history is saved whole at every step) and the stock graph with LangGraph's delta channel (to
tell the channel's share from the rest of the project). At each milestone: the bytes
the thread holds in the checkpoint tables (as stored, after Postgres compresses large values, and
as written), the median latency of the turns just before it, and how
long `get_state` of the thread takes. The project's journal rows are counted apart.
"""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Callable
from functools import partial
from typing import Any

from langchain_core.runnables import RunnableConfig
from psycopg_pool import ConnectionPool

from agent.runtime.runs import Pregel
from bench.setups import analyze, project, stock
from bench.stats import timed

MILESTONES = (1, 50, 100, 200, 400)
ANALYZE_EVERY = 50
"""Turns between two refreshes of the planner's statistics (see `bench.setups.analyze`)."""
WINDOW = 25
"""Turns (ending at a milestone) whose median latency is reported for it, each paired with the
first turn of a fresh thread."""

_CHECKPOINT_BYTES = """
SELECT (SELECT coalesce(sum(pg_column_size(c.*)), 0) FROM checkpoints c WHERE thread_id = %(t)s)
     + (SELECT coalesce(sum(pg_column_size(b.*)), 0) FROM checkpoint_blobs b WHERE thread_id = %(t)s)
     + (SELECT coalesce(sum(pg_column_size(w.*)), 0) FROM checkpoint_writes w WHERE thread_id = %(t)s)
     AS bytes
"""
_PAYLOAD_BYTES = """
SELECT (SELECT coalesce(sum(octet_length(c.checkpoint::text) + octet_length(c.metadata::text)), 0)
        FROM checkpoints c WHERE thread_id = %(t)s)
     + (SELECT coalesce(sum(octet_length(b.blob)), 0) FROM checkpoint_blobs b WHERE thread_id = %(t)s)
     + (SELECT coalesce(sum(octet_length(w.blob)), 0) FROM checkpoint_writes w WHERE thread_id = %(t)s)
     AS bytes
"""
"""What the saver wrote, uncompressed (`pg_column_size` above is after Postgres' own compression)."""
_JOURNAL_BYTES = """
SELECT (SELECT coalesce(sum(pg_column_size(e.*)), 0) FROM journal_events e WHERE thread_id = %(t)s)
     + (SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM turns t WHERE thread_id = %(t)s)
     + (SELECT coalesce(sum(pg_column_size(p.*)), 0) FROM plan_items p
        JOIN turns t ON t.id = p.turn_id WHERE t.thread_id = %(t)s) AS bytes
"""


def measure(url: str, *, milestones: tuple[int, ...] = MILESTONES) -> dict[str, Any]:
    """Per contender and milestone: turns, bytes, bytes per turn, turn latency, get_state latency.

    Each contender grows its thread in a phase of its own: interleaved, the stock graph's hundreds
    of kilobytes a turn would slow the others' turns through the shared server.
    """
    rows: dict[str, list[dict[str, Any]]] = {}
    with project(url) as ours:
        pool = ours.resources.pool
        rows["ours"] = _grow(pool, ours.turn, ours.graph, milestones, journal=True)
        with stock(url) as base:
            rows["stock"] = _grow(pool, base.turn, base.graph, milestones, journal=False)
        with stock(url, delta=True) as delta:
            rows["stock+delta"] = _grow(pool, delta.turn, delta.graph, milestones, journal=False)
    return rows


def _grow(
    pool: ConnectionPool[Any],
    turn: Callable[[str], Any],
    graph: Pregel,
    milestones: tuple[int, ...],
    *,
    journal: bool,
) -> list[dict[str, Any]]:
    """Grow one thread, measuring it at each milestone.

    In the `WINDOW` turns before a milestone each turn is paired with the first turn of a fresh
    thread, taken right after it, so that the machine's drift hits both alike.
    """
    thread = f"long-{uuid.uuid4().hex[:8]}"
    latencies: list[float] = []
    firsts: list[float] = []
    rows = []
    for n in range(1, max(milestones) + 1):
        latencies.append(timed(partial(turn, thread)))
        if any(0 <= m - n < WINDOW for m in milestones):
            firsts.append(timed(partial(turn, f"fresh-{uuid.uuid4().hex[:8]}")))
        else:
            firsts.append(0.0)
        if n % ANALYZE_EVERY == 0:
            analyze(pool)
        if n in milestones:
            row = _milestone(pool, graph, thread, n, journal=journal)
            window = slice(max(0, n - WINDOW), n)
            pairs = [long / first for long, first in zip(latencies[window], firsts[window], strict=True)]
            rows.append(
                row
                | {
                    "turn_ms": statistics.median(latencies[window]) * 1000,
                    "first_turn_ms": statistics.median(firsts[window]) * 1000,
                    "vs_first_turn": statistics.median(pairs),
                }
            )
    return rows


def _milestone(
    pool: ConnectionPool[Any], graph: Pregel, thread: str, turns: int, *, journal: bool
) -> dict[str, Any]:
    with pool.connection() as conn:
        stored = int(conn.execute(_CHECKPOINT_BYTES, {"t": thread}).fetchone()["bytes"])
        payload = int(conn.execute(_PAYLOAD_BYTES, {"t": thread}).fetchone()["bytes"])
        journaled = int(conn.execute(_JOURNAL_BYTES, {"t": thread}).fetchone()["bytes"]) if journal else 0
    config: RunnableConfig = {"configurable": {"thread_id": thread}}
    reads = []
    for _ in range(WINDOW):
        started = time.perf_counter()
        graph.get_state(config)
        reads.append(time.perf_counter() - started)
    return {
        "turns": turns,
        "bytes": stored,
        "bytes_per_turn": stored / turns,
        "payload_bytes": payload,
        "payload_per_turn": payload / turns,
        "journal_bytes": journaled,
        "get_state_ms": statistics.median(reads) * 1000,
    }
