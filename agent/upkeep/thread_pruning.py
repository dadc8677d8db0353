"""Pruning whole threads: on request (`POST /threads/prune`) and when a thread's TTL has passed.

Two strategies, as the LangGraph Server API names them:
- `delete`: the thread goes (its checkpoints, record, owner and TTL); its journal stays.
- `keep_latest`: the thread keeps its latest checkpoint and loses the older ones. The conversation
  is a `DeltaChannel` (`graphs.state`), which most checkpoints store as the step's new messages
  only; the latest checkpoint is first made to store the whole value (a snapshot, as LangGraph
  writes one every `MESSAGE_SNAPSHOT_EVERY` updates), so that nothing before it is needed to read
  it. Then `agent.infra.retention.prune` with `keep_last=1` deletes the rest by its rules (pending
  writes of the latest checkpoint stay; a subgraph call goes with its root checkpoint). Where the
  latest checkpoint's own pending writes touch a delta channel, no snapshot is written and the
  retention rules keep what rebuilding it needs.

A thread waiting for an approval is pruned only when the caller says so (`include_interrupted`);
the TTL sweep never does, and leaves it for a later sweep. Each pruned thread gets one journal
event, `checkpoints_pruned` on its own id (who, how, what was deleted): the audit trail, which
outlives a deleted thread. Everything happens under the thread's one-writer lock (ThreadBusyError
while a run holds it, or is queued on the thread).

The TTLs themselves are rows of `thread_ttls` (migration 13). The sweep takes `now` from its
caller (the engine's tick) and reads no clock of its own.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal, TypedDict, cast

from langgraph.channels import DeltaChannel
from langgraph.checkpoint.base import BaseCheckpointSaver
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from agent.infra import internals
from agent.infra.locks import ThreadBusyError
from agent.infra.persistence import Resources
from agent.infra.retention import prune
from agent.journal import thread_records
from agent.journal.events import record_event
from agent.runtime import runs, threads
from agent.runtime.runs import Pregel

log = logging.getLogger(__name__)

Strategy = Literal["delete", "keep_latest"]
SWEEP_BATCH = 100
"""Threads one sweep prunes at most; the rest wait for the next tick."""


class ThreadWaitingError(Exception):
    """A thread waits for an approval and the caller did not ask to prune such threads."""


class ThreadTTL(TypedDict):
    """A thread's TTL: how it is pruned, after how many minutes, and when next."""

    strategy: Strategy
    ttl_minutes: float
    expires_at: datetime


@dataclass(frozen=True)
class Pruned:
    """What pruning one thread deleted."""

    thread_id: str
    strategy: Strategy
    checkpoints: int
    writes: int
    blobs: int


def set_ttl(
    pool: ConnectionPool[Any], thread_id: str, strategy: Strategy, minutes: float, now: datetime
) -> None:
    """Give the thread a TTL of `minutes` from `now` (replacing any it had)."""
    with pool.connection() as conn:
        conn.execute(
            "INSERT INTO thread_ttls (thread_id, strategy, ttl_minutes, expires_at)"
            " VALUES (%(t)s, %(s)s, %(m)s, %(at)s)"
            " ON CONFLICT (thread_id) DO UPDATE SET strategy = %(s)s, ttl_minutes = %(m)s,"
            " expires_at = %(at)s, updated_at = now()",
            {"t": thread_id, "s": strategy, "m": minutes, "at": now + timedelta(minutes=minutes)},
        )


def ttl_of(pool: ConnectionPool[Any], thread_id: str) -> ThreadTTL | None:
    """The thread's TTL, or None when it has none."""
    with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        row = cur.execute(
            "SELECT strategy, ttl_minutes, expires_at FROM thread_ttls WHERE thread_id = %s", (thread_id,)
        ).fetchone()
    return cast(ThreadTTL | None, row)


def forget_ttl(pool: ConnectionPool[Any], thread_id: str) -> None:
    """Drop the thread's TTL (the thread was deleted)."""
    with pool.connection() as conn:
        conn.execute("DELETE FROM thread_ttls WHERE thread_id = %s", (thread_id,))


def waiting(graph: Pregel, thread_id: str) -> bool:
    """Whether the thread is paused at an interrupt (an approval waiting for a decision)."""
    return bool(graph.get_state(threads.config_for(thread_id)).interrupts)


def prune_thread(
    pool: ConnectionPool[Any],
    graph: Pregel,
    thread_id: str,
    strategy: Strategy,
    *,
    by: str,
    now: datetime,
    include_interrupted: bool = False,
) -> Pruned | None:
    """Prune one thread by `strategy` under its lock and journal it; None when no such thread exists.

    Raises:
        ThreadBusyError: If a run holds the thread or is queued on it.
        ThreadWaitingError: If it waits for an approval and `include_interrupted` is false.

    """
    with runs.exclusive(graph, thread_id):
        return _prune_locked(
            pool, graph, thread_id, strategy, by=by, now=now, include_interrupted=include_interrupted
        )


def _prune_locked(
    pool: ConnectionPool[Any],
    graph: Pregel,
    thread_id: str,
    strategy: Strategy,
    *,
    by: str,
    now: datetime,
    include_interrupted: bool,
) -> Pruned | None:
    if thread_records.find(pool, thread_id) is None:
        forget_ttl(pool, thread_id)
        return None
    if _runs_in_flight(pool, thread_id):
        raise ThreadBusyError(f"a run is queued or running on thread {thread_id}; prune it when the run ends")
    paused = waiting(graph, thread_id)
    if paused and not include_interrupted:
        message = f"thread {thread_id} waits for an approval; it is pruned only with include_interrupted=true"
        raise ThreadWaitingError(message)
    pruned = _delete(pool, graph, thread_id) if strategy == "delete" else _keep_latest(pool, graph, thread_id)
    payload = {
        "at": now,
        "strategy": strategy,
        "by": by,
        "was_waiting": paused,
        "checkpoints": pruned.checkpoints,
        "writes": pruned.writes,
        "blobs": pruned.blobs,
    }
    record_event(pool, thread_id, "checkpoints_pruned", payload)
    return pruned


def _runs_in_flight(pool: ConnectionPool[Any], thread_id: str) -> bool:
    """Whether a run of the API is queued or running on the thread (it would run on what is pruned)."""
    with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        row = cur.execute(
            "SELECT EXISTS (SELECT 1 FROM api_runs WHERE thread_id = %s AND status IN ('pending', 'running'))"
            " AS found",
            (thread_id,),
        ).fetchone()
    return bool(row and row["found"])


_COUNTS_SQL = """
SELECT (SELECT count(*) FROM checkpoints WHERE thread_id = %(t)s) AS checkpoints,
       (SELECT count(*) FROM checkpoint_writes WHERE thread_id = %(t)s) AS writes,
       (SELECT count(*) FROM checkpoint_blobs WHERE thread_id = %(t)s) AS blobs
"""


def _delete(pool: ConnectionPool[Any], graph: Pregel, thread_id: str) -> Pruned:
    with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        counts = cur.execute(_COUNTS_SQL, {"t": thread_id}).fetchone()
    assert counts is not None
    cast(BaseCheckpointSaver[Any], graph.checkpointer).delete_thread(thread_id)
    thread_records.delete(pool, thread_id)
    forget_ttl(pool, thread_id)
    return Pruned(thread_id, "delete", counts["checkpoints"], counts["writes"], counts["blobs"])


def _keep_latest(pool: ConnectionPool[Any], graph: Pregel, thread_id: str) -> Pruned:
    snapshot_latest(pool, graph, thread_id)
    report = prune(pool, older_than=None, keep_last=1, dry_run=False, thread_ids=[thread_id], vacuum=False)
    return Pruned(thread_id, "keep_latest", report.checkpoints, report.writes, report.blobs)


def snapshot_latest(pool: ConnectionPool[Any], graph: Pregel, thread_id: str) -> list[str]:
    """Make the thread's latest root checkpoint store the whole value of its delta channels; their names.

    A channel is snapshotted when the checkpoint has a version of it but stores no value, and no
    pending write of the checkpoint touches it (its value is then the state's). The blob goes in at
    the checkpoint's version of the channel, with the inline `true` marker LangGraph writes beside
    a snapshot: older checkpoints at the same version read the same value from it.
    """
    saver = cast(BaseCheckpointSaver[Any], graph.checkpointer)
    config = threads.config_for(thread_id)
    saved = saver.get_tuple(config)
    if saved is None:
        return []
    checkpoint = saved.checkpoint
    versions, stored = checkpoint["channel_versions"], checkpoint["channel_values"]
    written = {write[1] for write in saved.pending_writes or ()}
    channels = [
        name
        for name, channel in graph.channels.items()
        if isinstance(channel, DeltaChannel)
        and name in versions
        and name not in stored
        and name not in written
    ]
    if not channels:
        return []
    values = graph.get_state(config).values
    rows = [
        (
            thread_id,
            name,
            str(versions[name]),
            *saver.serde.dumps_typed(internals.delta_snapshot(values[name])),
        )
        for name in channels
    ]
    markers = Jsonb(dict.fromkeys(channels, True))
    with pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)"
            " VALUES (%s, '', %s, %s, %s, %s) ON CONFLICT DO NOTHING",
            rows,
        )
        cur.execute(
            "UPDATE checkpoints SET checkpoint = jsonb_set(checkpoint, '{channel_values}',"
            " coalesce(checkpoint -> 'channel_values', '{}') || %s)"
            " WHERE thread_id = %s AND checkpoint_ns = '' AND checkpoint_id = %s",
            (markers, thread_id, checkpoint["id"]),
        )
    return channels


@dataclass(frozen=True)
class Sweep:
    """What one TTL sweep did."""

    pruned: tuple[Pruned, ...]
    waiting: tuple[str, ...]
    """Threads due but waiting for an approval: left for a later sweep."""
    busy: tuple[str, ...]
    """Threads due but held by a run: left for the next sweep."""
    store_items: int
    """Store items past their TTL, deleted."""


_DUE_SQL = """
SELECT t.thread_id FROM thread_ttls t LEFT JOIN thread_records r ON r.thread_id = t.thread_id
WHERE t.expires_at <= %s AND NOT coalesce(r.metadata ? 'awaiting', false)
ORDER BY t.expires_at LIMIT %s
"""
"""The threads due, oldest expiry first, less those the inbox marks as waiting for an approval
(`awaiting` in their metadata): so that many waiting threads cannot fill every batch. The state,
read under the lock, has the last word: a thread the CLI paused carries no mark."""


def sweep(resources: Resources, graph: Pregel, *, now: datetime) -> Sweep:
    """Prune the threads whose TTL has passed at `now` (at most `SWEEP_BATCH`), and expired store items.

    A `keep_latest` thread's next expiry is `ttl_minutes` after `now`. Safe to run from several
    workers at once: each thread is pruned under its lock, once its TTL is found still due there.
    """
    pool = resources.pool
    with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        due = cur.execute(_DUE_SQL, (now, SWEEP_BATCH)).fetchall()
    pruned, paused, busy = [], [], []
    for row in due:
        thread_id = row["thread_id"]
        try:
            with runs.exclusive(graph, thread_id):
                ttl = ttl_of(pool, thread_id)
                if ttl is None or ttl["expires_at"] > now:
                    continue  # swept meanwhile by another worker, or given a new TTL
                done = _prune_locked(
                    pool, graph, thread_id, ttl["strategy"], by="ttl", now=now, include_interrupted=False
                )
                if ttl["strategy"] == "keep_latest":
                    set_ttl(pool, thread_id, "keep_latest", ttl["ttl_minutes"], now)
        except ThreadWaitingError:
            paused.append(thread_id)
            continue
        except ThreadBusyError:
            busy.append(thread_id)
            continue
        if done is not None:
            pruned.append(done)
    store_items = resources.store.sweep_ttl()
    if pruned or store_items:
        log.info("TTL sweep: %s threads pruned, %s store items expired", len(pruned), store_items)
    return Sweep(tuple(pruned), tuple(paused), tuple(busy), store_items)
