"""What the sync and the async saver share: the SQL of `delete_for_runs` and `copy_thread`, and tuning.

Each operation is a plan: a generator that yields `(sql, params, fetch)` and is sent back the rows
of each statement it asked to fetch, so the one plan runs unchanged through `run_plan` (a psycopg
cursor) and `arun_plan` (an async one). It is checkpoint-postgres's own pattern for `prune`
(`langgraph.checkpoint.postgres.base`); the plans here use only LangGraph's public tables, none of
its private functions. Nothing here opens a connection or a transaction: the savers do, one
transaction per plan.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import Any, Final, Protocol

from psycopg import AsyncCursor, Cursor
from psycopg.rows import DictRow

from agent.infra import internals

DELTA_PAGE_SIZE = 128
"""Checkpoints LangGraph's Postgres savers read per page when rebuilding a delta channel.

Rebuilding the conversation walks back from a checkpoint to the last one holding a full copy of
it: about 4 checkpoints a turn, a copy every 25 turns, so about 100. LangGraph reads 1024 per page
(its `_DELTA_PAGE_SIZE`, internal and not yet a parameter): on a long thread every state load read
ten times the rows it needed, and turns grew slower with the thread. `tune_delta_paging` sets it.
"""


def tune_delta_paging(module: Any) -> None:
    """Set the delta rebuild page size in a LangGraph Postgres saver module (sync or async).

    Fails loudly if LangGraph renames the constant, rather than silently reading 1024 again.
    """
    internals.set_delta_page_size(module, DELTA_PAGE_SIZE)


_WRITE_VALUES = "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
"""The one row of LangGraph's checkpoint-write statements (`INSERT_CHECKPOINT_WRITES_SQL`, `UPSERT_...`)."""


def writes_in_one_statement(query: str, rows: Sequence[Sequence[Any]]) -> tuple[str, list[Any]] | None:
    """LangGraph's statement for one checkpoint write, made to insert all of `rows` at once: (SQL, params).

    The stock saver sends one statement per write (`executemany`); one multi-row statement writes
    the same rows with the same conflict rule, in one statement and one transaction. None when
    that would not be the same: fewer than two rows, two rows with the same key (task and `idx`,
    which one statement cannot both insert and update), or a statement not as LangGraph wrote it.
    """
    keys = {(row[3], row[5]) for row in rows}
    if len(rows) < 2 or len(keys) < len(rows) or query.count(_WRITE_VALUES) != 1:
        return None
    values = "VALUES " + ", ".join([_WRITE_VALUES.removeprefix("VALUES ")] * len(rows))
    return query.replace(_WRITE_VALUES, values), [value for row in rows for value in row]


_BLOB_VALUES = "VALUES (%s, %s, %s, %s, %s, %s)"
"""The one row of LangGraph's blob statement (`UPSERT_CHECKPOINT_BLOBS_SQL`)."""

Query = tuple[str, Sequence[Any]]
"""SQL with positional parameters."""


class Rider(Protocol):
    """Rows a caller wants written with a thread's next checkpoint, in the checkpoint's own statement.

    `take` hands over what is pending as data-modifying statements (plain INSERT or UPDATE, no
    WITH of their own, positional parameters), at most one per table so that their rows keep the
    caller's order. `closing` says whether the checkpoint closes a step (stored after the step's
    tasks ran, and waited for before the next step), or is a run's input checkpoint (stored while
    the first step already runs). Once the statement is written the saver calls `carried`; when
    it was not, `give_back`, which keeps what `take` handed over in front of what is pending.
    """

    def take(self, *, closing: bool) -> list[Query]:
        """What is pending now for a checkpoint of this kind (emptied)."""
        ...

    def carried(self) -> None:
        """The last `take`'s statements were written with their checkpoint."""
        ...

    def give_back(self) -> None:
        """The last `take`'s statements were not written: keep them for the next write."""
        ...


def checkpoint_in_one_statement(
    calls: Sequence[tuple[str, Any, bool]], riders: Sequence[Query]
) -> Query | None:
    """LangGraph's statements for one checkpoint (its blobs, then the checkpoint), and `riders`, as one.

    `calls` are what the stock `put` ran: `(sql, params, many)`, an `executemany` of the blob
    statement (when the checkpoint has new blobs) and an `execute` of the checkpoint's. The blobs
    become one multi-row insert with the same conflict rule, and it and the riders become
    data-modifying WITH clauses of the checkpoint's insert: one statement, one transaction, the
    same rows. None when the calls are not of that shape (the caller then runs them as they were).
    """
    if not calls:
        return None
    *blobs, (sql, params, many) = calls
    if (
        many
        or params is None
        or len(blobs) > 1
        or "INSERT INTO checkpoints" not in sql
        or sql.lstrip().upper().startswith("WITH")
    ):
        return None
    parts: list[Query] = list(riders)
    for blob_sql, blob_rows, blob_many in blobs:
        rows = list(blob_rows or [])
        if not blob_many or blob_sql.count(_BLOB_VALUES) != 1 or "DO NOTHING" not in blob_sql:
            return None
        if rows:
            values = "VALUES " + ", ".join([_BLOB_VALUES.removeprefix("VALUES ")] * len(rows))
            parts.append((blob_sql.replace(_BLOB_VALUES, values).strip(), [v for row in rows for v in row]))
    if not parts:
        return sql, list(params)
    # Named so that the statement's first words still say it stores a checkpoint (`qa.wire` kinds).
    chained = ", ".join(f"checkpoint_{i} AS ({part_sql})" for i, (part_sql, _) in enumerate(parts))
    joined = [v for _, part_params in parts for v in part_params]
    return f"WITH {chained} {sql.strip().removesuffix(';')}", [*joined, *params]


class CopyTargetNotEmptyError(ValueError):
    """`copy_thread` was asked to copy into a thread that already has checkpoints, writes or blobs."""


Plan = Generator[tuple[str, Sequence[Any], bool], list[DictRow], None]
"""Statements to run in one transaction: each `(sql, params, fetch)`; fetched rows are sent back."""


# -- delete_for_runs ------------------------------------------------------------------------------

# A checkpoint records the run that wrote it in its metadata (LangGraph copies `run_id` from the
# run's config into every checkpoint it saves). No index covers it: a rollback reads the table once.
DELETE_RUN_CHECKPOINTS_SQL: Final = """
DELETE FROM checkpoints
WHERE metadata ->> 'run_id' = ANY(%s)
RETURNING thread_id, checkpoint_ns, checkpoint_id, checkpoint -> 'channel_versions' AS versions
"""

# Writes go by the checkpoints deleted: a run saves a step's writes against the checkpoint the
# step started from, which that run wrote (its first checkpoint is its input).
DELETE_CHECKPOINT_WRITES_SQL: Final = """
DELETE FROM checkpoint_writes
WHERE thread_id = %s AND checkpoint_ns = %s AND checkpoint_id = ANY(%s)
"""

# As `prune` does: a checkpoint kept whose parent is deleted is left with no parent, rather than
# with a parent that no longer exists.
ORPHAN_CHILDREN_SQL: Final = """
UPDATE checkpoints SET parent_checkpoint_id = NULL
WHERE thread_id = %s AND checkpoint_ns = %s AND parent_checkpoint_id = ANY(%s)
"""

# Read once per namespace, not joined per blob: a join is planned from per-thread estimates and
# goes quadratic on the few huge threads (the reason checkpoint-postgres's prune does the same).
REFERENCED_BLOBS_SQL: Final = """
SELECT DISTINCT v.key AS channel, v.value AS version
FROM checkpoints c
CROSS JOIN LATERAL jsonb_each_text(c.checkpoint -> 'channel_versions') AS v
WHERE c.thread_id = %s AND c.checkpoint_ns = %s
"""

DELETE_BLOBS_SQL: Final = """
DELETE FROM checkpoint_blobs
WHERE thread_id = %s AND checkpoint_ns = %s AND channel = %s AND version = ANY(%s)
"""


def delete_for_runs_plan(run_ids: Sequence[str]) -> Plan:
    """Delete the checkpoints the runs wrote, their writes, and the blobs no checkpoint left uses.

    Across every thread and namespace. Writes a run saved against a checkpoint that another run
    wrote (a resume's writes against the interrupted checkpoint) record no run and stay.
    """
    deleted = yield DELETE_RUN_CHECKPOINTS_SQL, (list(run_ids),), True
    by_namespace: dict[tuple[str, str], list[DictRow]] = {}
    for row in deleted:
        by_namespace.setdefault((row["thread_id"], row["checkpoint_ns"]), []).append(row)
    for (thread_id, ns), rows in by_namespace.items():
        ids = [r["checkpoint_id"] for r in rows]
        yield DELETE_CHECKPOINT_WRITES_SQL, (thread_id, ns, ids), False
        yield ORPHAN_CHILDREN_SQL, (thread_id, ns, ids), False
        referenced = yield REFERENCED_BLOBS_SQL, (thread_id, ns), True
        for channel, versions in garbage_blobs(rows, referenced).items():
            yield DELETE_BLOBS_SQL, (thread_id, ns, channel, versions), False


def garbage_blobs(
    deleted: Sequence[Mapping[str, Any]], referenced: Sequence[Mapping[str, Any]]
) -> dict[str, list[str]]:
    """The blob versions, by channel, that a deleted checkpoint used and no remaining one does."""
    kept = {(r["channel"], r["version"]) for r in referenced}
    garbage: dict[str, set[str]] = {}
    for row in deleted:
        for channel, version in (row["versions"] or {}).items():
            if (channel, str(version)) not in kept:
                garbage.setdefault(channel, set()).add(str(version))
    return {channel: sorted(versions) for channel, versions in garbage.items()}


# -- copy_thread ----------------------------------------------------------------------------------

# Every statement of the copy reads one snapshot: a run saving to the source meanwhile is copied
# wholly or not at all, never a checkpoint without the blobs it names.
SNAPSHOT_SQL: Final = "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"

THREAD_HAS_ROWS_SQL: Final = """
SELECT EXISTS (SELECT 1 FROM checkpoints WHERE thread_id = %s)
    OR EXISTS (SELECT 1 FROM checkpoint_writes WHERE thread_id = %s)
    OR EXISTS (SELECT 1 FROM checkpoint_blobs WHERE thread_id = %s) AS has_rows
"""

COPY_CHECKPOINTS_SQL: Final = """
INSERT INTO checkpoints
    (thread_id, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata)
SELECT %s, checkpoint_ns, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata
FROM checkpoints WHERE thread_id = %s
"""

COPY_BLOBS_SQL: Final = """
INSERT INTO checkpoint_blobs (thread_id, checkpoint_ns, channel, version, type, blob)
SELECT %s, checkpoint_ns, channel, version, type, blob
FROM checkpoint_blobs WHERE thread_id = %s
"""

COPY_WRITES_SQL: Final = """
INSERT INTO checkpoint_writes
    (thread_id, checkpoint_ns, checkpoint_id, task_id, task_path, idx, channel, type, blob)
SELECT %s, checkpoint_ns, checkpoint_id, task_id, task_path, idx, channel, type, blob
FROM checkpoint_writes WHERE thread_id = %s
"""


def copy_thread_plan(source_thread_id: str, target_thread_id: str) -> Plan:
    """Copy every checkpoint, write and blob of one thread, in all its namespaces, to an empty one.

    Rows are copied as stored (ids, parents, metadata, serialized values): the target's history is
    the source's, with the whole parent chain a delta channel is rebuilt from. A target that
    already has rows is refused (`CopyTargetNotEmptyError`), so two histories never mix.
    """
    if source_thread_id == target_thread_id:
        message = f"copy_thread: source and target are the same thread {source_thread_id!r}"
        raise CopyTargetNotEmptyError(message)
    yield SNAPSHOT_SQL, (), False
    rows = yield THREAD_HAS_ROWS_SQL, (target_thread_id,) * 3, True
    if rows and rows[0]["has_rows"]:
        message = (
            f"copy_thread: target thread {target_thread_id!r} already has checkpoints; copy into a new thread"
        )
        raise CopyTargetNotEmptyError(message)
    for sql in (COPY_CHECKPOINTS_SQL, COPY_BLOBS_SQL, COPY_WRITES_SQL):
        yield sql, (target_thread_id, source_thread_id), False


# -- running a plan -------------------------------------------------------------------------------


def id_list(ids: Sequence[str], what: str) -> list[str]:
    """`ids` as a list of strings; a single string (a common slip) is refused, as `prune` does."""
    if isinstance(ids, str):
        message = f"{what} must be a sequence of ids, not a str"
        raise TypeError(message)
    return [str(i) for i in ids]


# Unprepared, so that Postgres plans each statement knowing its arrays (as checkpoint-postgres's
# prune does): a cached generic plan checks a row against an `= ANY(...)` array one element at a time.
def run_plan(cur: Cursor[DictRow], plan: Plan) -> None:
    """Run `plan`'s statements on `cur`, sending each one's rows back when it asked for them."""
    try:
        sql, params, fetch = next(plan)
        while True:
            cur.execute(sql, params, prepare=False)
            sql, params, fetch = plan.send(cur.fetchall() if fetch else [])
    except StopIteration:
        pass


async def arun_plan(cur: AsyncCursor[DictRow], plan: Plan) -> None:
    """`run_plan` on an async cursor."""
    try:
        sql, params, fetch = next(plan)
        while True:
            await cur.execute(sql, params, prepare=False)
            rows = await cur.fetchall() if fetch else []
            sql, params, fetch = plan.send(rows)
    except StopIteration:
        pass
