"""Checkpoint retention: `prune` deletes old LangGraph checkpoints and reports what it freed.

Plain SQL over the tables `PostgresSaver` owns (`checkpoints`, `checkpoint_writes`,
`checkpoint_blobs`), on the pool that `agent.infra.persistence` opens; it imports nothing from LangGraph
and opens no connection of its own. The rules, per thread:

- **Each namespace keeps a recent tail.** The root namespace (`''`) and any persistent subgraph
  namespace (no `:` in it) keep, in `checkpoint_id` order (uuid6, time-ordered: what the saver
  itself sorts by to find the latest), every checkpoint from the oldest one that a rule keeps:
  the last `keep_last`, and those whose `ts` is within `older_than` of now. With both options a
  checkpoint is kept when either rule keeps it. The latest checkpoint is always kept (with its
  parent too when it predates checkpoint format v4, which read pending sends from the parent).
- **A subgraph call's namespace** (`planner:<task id>`) goes with the root checkpoint the call
  started from (`metadata.parents['']`): kept whole while that one is kept, deleted whole with it.
- **A thread paused for approval follows the same rules.** What a resume reads is the latest
  checkpoint and its pending writes (the interrupt among them), and both are always kept; the tests
  prove a paused thread resumes after the harshest prune. A paused thread is not kept whole
  because an abandoned approval would then keep its history forever (`school-agent doctor` lists
  approvals that wait too long).
- **Writes** are deleted by the checkpoints they belong to, never by absence of a checkpoint: a run
  saves a step's writes in the background, and they can commit before their checkpoint does.
- **Blobs** are keyed by (thread, namespace, channel, version); a blob is deleted when a deleted
  checkpoint referenced it in `channel_versions` and no remaining checkpoint of its namespace does.
  Blobs no checkpoint ever referenced are left alone: a checkpoint being saved writes its blobs
  first.
- **A `DeltaChannel` reaches back to its last stored value.** Most checkpoints store no value for
  such a channel; LangGraph rebuilds it by following `parent_checkpoint_id` to the nearest ancestor
  that stores one (a `_DeltaSnapshot` blob behind an inline `true` marker, a plain value left by a
  thread saved before the channel became a delta, or an inline primitive) and replaying the writes
  of that ancestor and of every checkpoint after it on the way. So a namespace also keeps every
  checkpoint that walk visits from any checkpoint it keeps (a fork's branch keeps the history it
  grew from), which extends its tail back to the newest checkpoint at or before the oldest one kept
  that stores a value of each of its delta channels, or to its first checkpoint when there is none:
  a namespace with two delta channels that are never stored at one checkpoint is kept whole. That
  checkpoint is the one left with no parent, and a rebuild stops at it. A channel is a delta channel
  of a namespace when a checkpoint's metadata counts its updates since a snapshot
  (`counters_since_delta_snapshot`) or a checkpoint stores a snapshot of it. Threads written by
  LangGraph.js (`delta_writes_versioned` in the metadata), which mark no snapshot, are skipped and
  reported.
- A kept checkpoint whose parent was deleted is left with no parent, so no row points at a missing one.

Each thread is pruned in its own transaction, on one REPEATABLE READ snapshot: a run appending to
the thread meanwhile is neither seen nor touched, and a crash leaves every thread either pruned or as
it was. A dry run executes the same statements and rolls them back, so it reports the same numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Final

import psycopg
from psycopg import Connection
from psycopg.errors import DeadlockDetected, SerializationFailure
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

CHECKPOINT_TABLES: Final = ("checkpoints", "checkpoint_writes", "checkpoint_blobs")
RETRIES: Final = 3
"""Attempts per thread when a concurrent transaction changed its rows (serialization failure)."""

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$", re.IGNORECASE)
_UNITS: Final = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}

_JS_DELTA_THREAD_SQL: Final = """
SELECT EXISTS (
    SELECT 1 FROM checkpoints WHERE thread_id = %s AND metadata ? 'delta_writes_versioned'
) AS js
"""
"""LangGraph.js marks its DeltaChannel threads so, and keeps snapshots without an inline marker."""

_DELTA_CHANNELS_SQL: Final = """
SELECT c.checkpoint_ns, k.channel
FROM checkpoints c
CROSS JOIN LATERAL jsonb_object_keys(CASE jsonb_typeof(c.metadata -> 'counters_since_delta_snapshot')
    WHEN 'object' THEN c.metadata -> 'counters_since_delta_snapshot' END) AS k(channel)
WHERE c.thread_id = %(t)s
UNION
SELECT c.checkpoint_ns, v.key
FROM checkpoints c CROSS JOIN LATERAL jsonb_each(c.checkpoint -> 'channel_values') AS v
WHERE c.thread_id = %(t)s AND v.value = 'true'::jsonb AND EXISTS (
    SELECT 1 FROM checkpoint_blobs b
    WHERE b.thread_id = c.thread_id AND b.checkpoint_ns = c.checkpoint_ns AND b.channel = v.key
    AND b.version = c.checkpoint -> 'channel_versions' ->> v.key)
"""
"""The delta channels of each namespace: counted since their last snapshot, or with a snapshot (an
inline `true` marker with a blob behind it, which a plain `True` value never has)."""

_ROWS_SQL: Final = """
SELECT checkpoint_ns, checkpoint_id, parent_checkpoint_id AS parent, checkpoint ->> 'ts' AS ts,
       checkpoint ->> 'v' AS v, metadata -> 'parents' ->> '' AS root,
       ARRAY(SELECT ch FROM unnest(%(channels)s::text[]) AS ch
             WHERE c.checkpoint -> 'channel_versions' ? ch) AS versioned,
       ARRAY(SELECT ch FROM unnest(%(channels)s::text[]) AS ch
             WHERE coalesce(jsonb_typeof(c.checkpoint -> 'channel_values' -> ch), 'null') <> 'null'
             OR EXISTS (
                 SELECT 1 FROM checkpoint_blobs b
                 WHERE b.thread_id = c.thread_id AND b.checkpoint_ns = c.checkpoint_ns AND b.channel = ch
                 AND b.version = c.checkpoint -> 'channel_versions' ->> ch AND b.type <> 'empty')
       ) AS stored
FROM checkpoints c WHERE thread_id = %(t)s ORDER BY checkpoint_ns, checkpoint_id
"""
"""Each checkpoint, with the delta channels (of `channels`) it has a version of, and those it stores
a value of: the test `PostgresSaver.get_delta_channel_history` stops its walk on (a blob at the
checkpoint's version of the channel, or a non-null inline value)."""

_DELETE_WRITES_SQL: Final = """
WITH gone AS (
    DELETE FROM checkpoint_writes
    WHERE thread_id = %s AND checkpoint_ns = %s AND checkpoint_id = ANY(%s)
    RETURNING pg_column_size(checkpoint_writes.*) AS size)
SELECT count(*) AS n, coalesce(sum(size), 0) AS bytes FROM gone
"""

_DELETE_CHECKPOINTS_SQL: Final = """
DELETE FROM checkpoints
WHERE thread_id = %s AND checkpoint_ns = %s AND checkpoint_id = ANY(%s)
RETURNING checkpoint -> 'channel_versions' AS versions, pg_column_size(checkpoints.*) AS size
"""

_ORPHAN_PARENTS_SQL: Final = """
WITH old AS (
    SELECT checkpoint_id, pg_column_size(c.*) AS size FROM checkpoints c
    WHERE thread_id = %(t)s AND checkpoint_ns = %(ns)s AND parent_checkpoint_id = ANY(%(ids)s)),
new AS (
    UPDATE checkpoints SET parent_checkpoint_id = NULL FROM old
    WHERE checkpoints.thread_id = %(t)s AND checkpoints.checkpoint_ns = %(ns)s
    AND checkpoints.checkpoint_id = old.checkpoint_id
    RETURNING old.size - pg_column_size(checkpoints.*) AS freed)
SELECT coalesce(sum(freed), 0) AS bytes FROM new
"""
"""Leaves no kept checkpoint pointing at a deleted parent; the bytes this saves count as freed."""

_REFERENCED_SQL: Final = """
SELECT DISTINCT v.key AS channel, v.value AS version
FROM checkpoints c CROSS JOIN LATERAL jsonb_each_text(c.checkpoint -> 'channel_versions') AS v
WHERE c.thread_id = %s AND c.checkpoint_ns = %s
"""

_DELETE_BLOBS_SQL: Final = """
WITH gone AS (
    DELETE FROM checkpoint_blobs
    WHERE thread_id = %s AND checkpoint_ns = %s
    AND (channel, version) IN (SELECT * FROM unnest(%s::text[], %s::text[]))
    RETURNING pg_column_size(checkpoint_blobs.*) AS size)
SELECT count(*) AS n, coalesce(sum(size), 0) AS bytes FROM gone
"""

_DELETE_NAMESPACES_SQL: Final = {
    table: f"""
WITH gone AS (
    DELETE FROM {table} WHERE thread_id = %s AND checkpoint_ns = ANY(%s)
    RETURNING pg_column_size({table}.*) AS size)
SELECT count(*) AS n, coalesce(sum(size), 0) AS bytes FROM gone
"""
    for table in CHECKPOINT_TABLES
}

_LIVE_BYTES_SQL: Final = " + ".join(
    f"(SELECT coalesce(sum(pg_column_size(t.*)), 0) FROM {table} AS t)" for table in CHECKPOINT_TABLES
)
_DISK_BYTES_SQL: Final = " + ".join(f"pg_total_relation_size('{table}')" for table in CHECKPOINT_TABLES)


class DurationError(ValueError):
    """A duration that is not a number followed by s, m, h, d or w."""


def parse_duration(text: str, *, option: str = "duration") -> timedelta:
    """`30d`, `12h`, `15m`, `90s` or `2w` as a timedelta; DurationError names `option` otherwise."""
    found = _DURATION.match(text or "")
    if found is None:
        message = f"{option} must be a duration such as 30d, 12h, 15m, 90s or 2w, got {text!r}"
        raise DurationError(message)
    return timedelta(**{_UNITS[found.group(2).lower()]: float(found.group(1))})


@dataclass(frozen=True)
class PruneReport:
    """What `prune` deleted (or, in a dry run, would delete), and the storage before and after."""

    dry_run: bool
    threads_scanned: int
    threads: tuple[str, ...]
    """The threads that lost at least one row, sorted."""
    checkpoints: int
    writes: int
    blobs: int
    freed_bytes: int
    """The summed `pg_column_size` of the rows deleted (or to delete), and of the parent ids cleared."""
    live_bytes_before: int
    """The summed `pg_column_size` of every row of the three checkpoint tables, before."""
    live_bytes_after: int
    """The same after (in a dry run: before minus `freed_bytes`)."""
    disk_bytes_before: int
    """`pg_total_relation_size` of the three tables (heap, TOAST, indexes, free-space maps), before."""
    disk_bytes_after: int
    """The same after; a plain VACUUM makes deleted rows' space reusable but seldom returns it to the OS."""
    vacuumed: bool = False
    """Whether both measures were taken after a VACUUM."""
    skipped: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    """(thread, why) for the threads left as they were."""

    def as_dict(self) -> dict[str, Any]:
        """The report as plain JSON types."""
        data = asdict(self)
        data["threads"] = list(self.threads)
        data["skipped"] = [{"thread_id": t, "reason": why} for t, why in self.skipped]
        return data


@dataclass
class _Tally:
    checkpoints: int = 0
    writes: int = 0
    blobs: int = 0
    bytes: int = 0

    def add(self, table: str, n: int, size: int) -> None:
        attr = {"checkpoints": "checkpoints", "checkpoint_writes": "writes", "checkpoint_blobs": "blobs"}[
            table
        ]
        setattr(self, attr, getattr(self, attr) + n)
        self.bytes += size

    @property
    def rows(self) -> int:
        return self.checkpoints + self.writes + self.blobs

    def merge(self, other: _Tally) -> None:
        self.checkpoints += other.checkpoints
        self.writes += other.writes
        self.blobs += other.blobs
        self.bytes += other.bytes


class _Skip(Exception):
    """Leave this thread as it is, for the reason given."""


def prune(
    pool: ConnectionPool[Any],
    *,
    older_than: timedelta | None,
    keep_last: int | None,
    dry_run: bool,
    now: datetime | None = None,
    thread_ids: Sequence[str] | None = None,
    vacuum: bool = True,
) -> PruneReport:
    """Delete old checkpoints of every thread (or of `thread_ids`) by the module's rules.

    `older_than` and `keep_last` say what is kept (see the module docstring); at least one is
    required. `now` is the clock that `older_than` counts back from (default: the current time).
    The pool's connections must be in autocommit mode, as LangGraph's savers need them too. When
    `vacuum` is true, a real prune VACUUMs the three tables before measuring them and again after
    deleting, so that the bytes on disk before and after compare like with like.

    Raises:
        ValueError: If neither rule is given, `keep_last` is below 1, `older_than` is negative, or
            the pool's connections are not in autocommit mode.

    """
    if older_than is None and keep_last is None:
        raise ValueError("prune needs older_than, keep_last or both")
    if keep_last is not None and keep_last < 1:
        message = f"keep_last must be at least 1 (the latest checkpoint is always kept), got {keep_last}"
        raise ValueError(message)
    if older_than is not None and older_than < timedelta(0):
        message = f"older_than cannot be negative, got {older_than}"
        raise ValueError(message)
    cutoff = (now or datetime.now(UTC)) - older_than if older_than is not None else None
    with pool.connection() as conn:
        if not conn.autocommit:
            raise ValueError("prune needs a pool whose connections are in autocommit mode")
        vacuum = vacuum and not dry_run
        if vacuum:  # so that before and after are measured alike (VACUUM adds free-space maps)
            _vacuum(conn)
        live_before, disk_before = _measure(conn)
        if thread_ids is None:
            with conn.cursor(row_factory=dict_row) as cur:
                thread_ids = [
                    r["thread_id"]
                    for r in cur.execute(
                        "SELECT DISTINCT thread_id FROM checkpoints ORDER BY thread_id", prepare=False
                    )
                ]
        total, touched, skipped = _Tally(), [], []
        for thread_id in thread_ids:
            try:
                tally = _prune_thread(conn, thread_id, cutoff, keep_last, dry_run)
            except _Skip as why:
                skipped.append((thread_id, str(why)))
                continue
            if tally.rows:
                touched.append(thread_id)
            total.merge(tally)
        if vacuum and total.rows:
            _vacuum(conn)
        live_after, disk_after = (live_before - total.bytes, disk_before) if dry_run else _measure(conn)
    return PruneReport(
        dry_run=dry_run,
        threads_scanned=len(thread_ids),
        threads=tuple(sorted(touched)),
        checkpoints=total.checkpoints,
        writes=total.writes,
        blobs=total.blobs,
        freed_bytes=total.bytes,
        live_bytes_before=live_before,
        live_bytes_after=live_after,
        disk_bytes_before=disk_before,
        disk_bytes_after=disk_after,
        vacuumed=vacuum,
        skipped=tuple(skipped),
    )


def storage(pool: ConnectionPool[Any]) -> tuple[int, int]:
    """(live row bytes, bytes on disk) of the three checkpoint tables, as `PruneReport` counts them."""
    with pool.connection() as conn:
        return _measure(conn)


def _vacuum(conn: Connection[Any]) -> None:
    """A plain VACUUM: it takes no lock that blocks reads or writes, unlike VACUUM FULL."""
    conn.execute(f"VACUUM (ANALYZE) {', '.join(CHECKPOINT_TABLES)}", prepare=False)


def _measure(conn: Connection[Any]) -> tuple[int, int]:
    with conn.cursor(row_factory=dict_row) as cur:
        row = cur.execute(
            f"SELECT {_LIVE_BYTES_SQL} AS live, {_DISK_BYTES_SQL} AS disk", prepare=False
        ).fetchone()
    assert row is not None
    return int(row["live"]), int(row["disk"])


def _prune_thread(
    conn: Connection[Any], thread_id: str, cutoff: datetime | None, keep_last: int | None, dry_run: bool
) -> _Tally:
    """One thread in one transaction, retried when a concurrent one changed its rows."""
    for attempt in range(1, RETRIES + 1):
        try:
            # A dry run goes through the very same statements and is rolled back.
            with conn.transaction(force_rollback=dry_run), conn.cursor(row_factory=dict_row) as cur:
                cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", prepare=False)
                return _prune_in_snapshot(cur, thread_id, cutoff, keep_last)
        except (SerializationFailure, DeadlockDetected):
            if attempt == RETRIES:
                raise
    raise AssertionError("unreachable")  # the loop returns or raises


def _prune_in_snapshot(
    cur: psycopg.Cursor[Any], thread_id: str, cutoff: datetime | None, keep_last: int | None
) -> _Tally:
    if _one(cur, _JS_DELTA_THREAD_SQL, (thread_id,))["js"]:
        raise _Skip("uses a LangGraph.js DeltaChannel, whose snapshots carry no marker to find them by")
    delta: dict[str, set[str]] = {}
    for row in cur.execute(_DELTA_CHANNELS_SQL, {"t": thread_id}, prepare=False):
        delta.setdefault(row["checkpoint_ns"], set()).add(row["channel"])
    channels = sorted(set[str]().union(*delta.values()))
    by_ns: dict[str, list[dict[str, Any]]] = {}
    for row in cur.execute(_ROWS_SQL, {"t": thread_id, "channels": channels}, prepare=False):
        by_ns.setdefault(row["checkpoint_ns"], []).append(row)
    tally = _Tally()
    calls = [ns for ns in by_ns if ":" in ns]
    starts = {
        ns: _delta_start(rows, _tail_start(rows, cutoff, keep_last), delta.get(ns, set()))
        for ns, rows in by_ns.items()
        if ns not in calls
    }
    for ns, start in starts.items():
        doomed = [r["checkpoint_id"] for r in by_ns[ns][:start]]
        if doomed:
            _delete_checkpoints(cur, thread_id, ns, doomed, tally)
    if "" in starts:
        oldest_kept = by_ns[""][starts[""]]["checkpoint_id"]
        # A call whose root is unknown (or not saved yet, so newer than every root seen) is kept.
        gone = [ns for ns in calls if (_call_root(by_ns[ns]) or oldest_kept) < oldest_kept]
        if gone:
            for table, sql in _DELETE_NAMESPACES_SQL.items():
                found = _one(cur, sql, (thread_id, gone))
                tally.add(table, int(found["n"]), int(found["bytes"]))
    return tally


def _one(cur: psycopg.Cursor[Any], sql: str, params: Any) -> dict[str, Any]:
    """The one row of an aggregate query (which always has one)."""
    row = cur.execute(sql, params, prepare=False).fetchone()
    assert row is not None
    return dict(row)


def _tail_start(rows: Sequence[dict[str, Any]], cutoff: datetime | None, keep_last: int | None) -> int:
    """The index of the oldest checkpoint kept: everything from it to the latest stays."""
    start = len(rows) - 1
    if rows and _format_version(rows[-1]) < 4:
        start -= 1  # before v4 the latest checkpoint read its pending sends from its parent
    if keep_last is not None:
        start = min(start, len(rows) - keep_last)
    if cutoff is not None:
        recent = (i for i, r in enumerate(rows) if not _older(r["ts"], cutoff))
        start = min(start, next(recent, start))
    return max(start, 0)


def _delta_start(rows: Sequence[dict[str, Any]], start: int, channels: set[str]) -> int:
    """`start`, moved back so that every delta channel can be rebuilt at every checkpoint kept.

    A checkpoint that has a version of a delta channel but stores no value of it is rebuilt from
    its ancestors: LangGraph follows `parent` to the nearest one that stores a value and replays
    the writes of each checkpoint on the way, that one's included. Each such walk from a kept
    checkpoint marks what it visits as kept too; the checkpoints a walk adds are walked from in
    turn (the loop runs on down to the new start), since `get_state_history` lists them as well.
    An ancestor is older than its child (uuid6 ids), so one pass from the latest down suffices,
    and no (checkpoint, channel) is walked from twice.
    """
    if not channels:
        return start
    at = {r["checkpoint_id"]: i for i, r in enumerate(rows)}
    walked: set[tuple[str, str]] = set()
    i = len(rows) - 1
    while i >= start:
        row = rows[i]
        for channel in channels.intersection(row["versioned"]).difference(row["stored"]):
            parent = row["parent"]
            while parent in at and (parent, channel) not in walked:
                walked.add((parent, channel))
                start = min(start, at[parent])
                if channel in rows[at[parent]]["stored"]:
                    break
                parent = rows[at[parent]]["parent"]
        i -= 1
    return start


def _format_version(row: dict[str, Any]) -> int:
    try:
        return int(row["v"])
    except (TypeError, ValueError):
        return 0


def _older(ts: str | None, cutoff: datetime) -> bool:
    """Whether a checkpoint's `ts` is before `cutoff`; one without a readable `ts` counts as recent."""
    try:
        when = datetime.fromisoformat(ts or "")
    except ValueError:
        return False
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when < cutoff


def _call_root(rows: Iterable[dict[str, Any]]) -> str | None:
    """The newest root checkpoint any checkpoint of a subgraph call's namespace started from."""
    roots = [r["root"] for r in rows if r["root"]]
    return max(roots) if roots else None


def _delete_checkpoints(
    cur: psycopg.Cursor[Any], thread_id: str, ns: str, doomed: list[str], tally: _Tally
) -> None:
    found = _one(cur, _DELETE_WRITES_SQL, (thread_id, ns, doomed))
    tally.add("checkpoint_writes", int(found["n"]), int(found["bytes"]))
    deleted = cur.execute(_DELETE_CHECKPOINTS_SQL, (thread_id, ns, doomed), prepare=False).fetchall()
    tally.add("checkpoints", len(deleted), sum(int(r["size"]) for r in deleted))
    tally.bytes += int(_one(cur, _ORPHAN_PARENTS_SQL, {"t": thread_id, "ns": ns, "ids": doomed})["bytes"])
    freed = {(channel, str(version)) for r in deleted for channel, version in (r["versions"] or {}).items()}
    kept = {
        (r["channel"], r["version"]) for r in cur.execute(_REFERENCED_SQL, (thread_id, ns), prepare=False)
    }
    garbage = sorted(freed - kept)
    if garbage:
        channels, versions = [c for c, _ in garbage], [v for _, v in garbage]
        found = _one(cur, _DELETE_BLOBS_SQL, (thread_id, ns, channels, versions))
        tally.add("checkpoint_blobs", int(found["n"]), int(found["bytes"]))


def format_report(report: PruneReport) -> str:
    """The report as a few lines for people."""
    verb = "Would delete" if report.dry_run else "Deleted"
    lines = [
        f"{verb} {report.checkpoints:,} checkpoints, {report.writes:,} writes and {report.blobs:,} "
        f"blobs from {len(report.threads):,} of {report.threads_scanned:,} threads."
    ]
    lines.append(
        f"Checkpoint data: {report.live_bytes_before:,} -> {report.live_bytes_after:,} bytes "
        f"({report.freed_bytes:,} {'to free' if report.dry_run else 'freed'})."
    )
    if report.dry_run:
        lines.append(f"On disk: {report.disk_bytes_before:,} bytes; nothing was deleted (--dry-run).")
    else:
        after = "after VACUUM" if report.vacuumed else "not vacuumed"
        lines.append(
            f"On disk: {report.disk_bytes_before:,} -> {report.disk_bytes_after:,} bytes ({after}; "
            "the space is reused by new checkpoints, VACUUM FULL would return it to the OS)."
        )
    if report.threads:
        shown = ", ".join(report.threads[:20])
        more = f" and {len(report.threads) - 20} more" if len(report.threads) > 20 else ""
        lines.append(f"Threads: {shown}{more}.")
    lines.extend(f"Skipped {thread}: {why}." for thread, why in report.skipped)
    return "\n".join(lines)
