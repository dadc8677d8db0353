"""The application's checkpointer: LangGraph's `PostgresSaver` over a pool, without its lock, plus rollback and copy."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    WRITES_IDX_MAP,
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
    get_checkpoint_id,
)
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from psycopg import Cursor
from psycopg.rows import DictRow, dict_row
from psycopg_pool import ConnectionPool

from agent.infra import internals
from agent.infra.savers.base import (
    Rider,
    checkpoint_in_one_statement,
    copy_thread_plan,
    delete_for_runs_plan,
    id_list,
    run_plan,
    tune_delta_paging,
    writes_in_one_statement,
)
from agent.infra.savers.heads import Heads


class PooledPostgresSaver(PostgresSaver):
    """LangGraph's `PostgresSaver` over a connection pool, without its saver-wide lock.

    The stock saver holds one lock around every query, so that threads sharing its single
    connection take turns. Over a pool each query takes a connection of its own, and the lock
    only makes every run in the process wait for every other run's checkpoint reads and writes:
    with it, concurrent turns queue on one lock (see `school-agent bench`, concurrency).

    A task's writes go in one statement (`put_writes`), not one each, and a checkpoint with its
    blobs in one (`put`), not one per blob and one for the checkpoint. A caller may hand rows to
    write with a thread's next checkpoint (`ride`): they go in the checkpoint's own statement, so
    they commit exactly when it does and cost no round trip of their own.

    It remembers the newest checkpoint it wrote or read of each thread (`heads`), and answers the
    next load of a thread from it when the caller expects that checkpoint to be the newest
    (`expect_head`): a turn's first read then costs no query.

    It adds what the stock saver leaves unimplemented: `delete_for_runs` (a rolled-back run) and
    `copy_thread` (a thread copied), each one transaction on a connection of its own.
    """

    def __init__(self, conn: ConnectionPool[Any], *, serde: JsonPlusSerializer | None = None) -> None:
        super().__init__(conn, serde=serde)
        self.pool = conn
        tune_delta_paging(sys.modules[PostgresSaver.__module__])
        # A no-op context manager in place of the lock: `_cursor` enters it around each query.
        internals.drop_saver_lock(self)
        self._riders: dict[str, Rider] = {}
        self._riders_lock = threading.Lock()
        self._putting = threading.local()
        self._loading = threading.local()
        self.heads = Heads()

    def expect_head(self, thread_id: str, checkpoint_id: str) -> None:
        """Say that the thread's newest checkpoint in the database is `checkpoint_id`, as stored here.

        The caller checked it under the thread's lock, with no writes against it unknown here: the
        thread's next load may come from memory.
        """
        self.heads.expect(thread_id, checkpoint_id)

    def hold_values(
        self, thread_id: str, checkpoint_id: str, values: dict[str, Any], delta_channels: frozenset[str]
    ) -> None:
        """A run's state at the checkpoint it wrote last; the values of `delta_channels` are kept from it.

        A delta channel (LangGraph's `DeltaChannel`) is stored as writes since its last snapshot,
        which a load rebuilds with two more queries; the run that wrote the checkpoint has its value.
        """
        self.heads.hold_values(thread_id, checkpoint_id, values, delta_channels)

    def get_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        """The stock load, or the thread's newest checkpoint from memory when it was expected (`expect_head`)."""
        configurable = config["configurable"]
        thread = str(configurable["thread_id"])
        if configurable.get("checkpoint_ns", "") != "" or get_checkpoint_id(config):
            return super().get_tuple(config)
        answered = self.heads.answer(thread, self.serde)
        if answered is not None:
            return answered
        self._loading.thread = thread
        try:
            found = super().get_tuple(config)
        finally:
            self._loading.thread = None
        if found is None:
            self.heads.loaded_nothing(thread)
        return found

    def _load_checkpoint_tuple(self, value: Any) -> CheckpointTuple:
        if getattr(self._loading, "thread", None) == value["thread_id"] and value["checkpoint_ns"] == "":
            self.heads.loaded(value)
        return super()._load_checkpoint_tuple(value)

    def ride(self, thread_id: str, rider: Rider | None) -> None:
        """Write what `rider` holds with each later checkpoint of the thread (root namespace); None: stop.

        One rider per thread: the run that holds the thread's lock.
        """
        with self._riders_lock:
            if rider is None:
                self._riders.pop(thread_id, None)
            else:
                self._riders[thread_id] = rider

    def put(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        """Store a checkpoint as the stock saver does, its blobs and riders in the checkpoint's statement.

        The stock method runs as it is; its statements are gathered (`_cursor`) and sent as one
        (`checkpoint_in_one_statement`): the same rows, written in one transaction as before.
        """
        configurable = config["configurable"]
        root = configurable.get("checkpoint_ns", "") == ""
        self._putting.thread = str(configurable["thread_id"]) if root else ""
        # Riders go with a run's checkpoints only: its input checkpoint (stored while its first step
        # already runs) and those that close a step (`Rider.take`).
        source = metadata.get("source")
        self._putting.ride = source if root and source in ("input", "loop") else None
        try:
            return super().put(config, checkpoint, metadata, new_versions)
        finally:
            self._putting.thread = None

    @contextmanager
    def _cursor(self, *, pipeline: bool = False) -> Iterator[Cursor[DictRow]]:
        thread = getattr(self._putting, "thread", None)
        if thread is None or not pipeline:
            with super()._cursor(pipeline=pipeline) as cur:
                yield cur
            return
        self._putting.thread = None  # anything else the put asks for goes straight through
        gathered = _Gathered()
        yield gathered  # type: ignore[misc]  # the stock put only executes statements on it
        source = self._putting.ride
        with self._riders_lock:
            rider = self._riders.get(thread) if thread and source else None
        try:
            riders = rider.take(closing=source == "loop") if rider is not None else []
            one = checkpoint_in_one_statement(gathered.calls, riders)
            # In a pipeline where one may be used: a statement's text new to the connection is
            # then prepared and run in one round trip, not two (riders vary the text).
            with super()._cursor(pipeline=one is None or self.supports_pipeline) as cur:
                if one is not None:
                    cur.execute(*one)
                else:
                    for sql, params in riders:
                        cur.execute(sql, params)
                    for sql, params, many in gathered.calls:
                        (cur.executemany if many else cur.execute)(sql, params)
        except BaseException:
            if rider is not None:
                rider.give_back()
            if thread:
                self.heads.forget(thread)
            raise
        if rider is not None:
            rider.carried()
        if thread:
            self._stored(thread, gathered.calls)

    def _stored(self, thread: str, calls: list[tuple[str, Any, bool]]) -> None:
        """Tell `heads` what a root checkpoint's statements stored (or forget the thread if unsure)."""
        *blobs, (sql, params, many) = calls
        if many or "INSERT INTO checkpoints" not in sql or len(params) != 6:
            self.heads.forget(thread)
            return
        _, _, _, parent, checkpoint, metadata = params
        rows = [row for _, blob_rows, _ in blobs for row in blob_rows]
        self.heads.stored(thread, parent, checkpoint.obj, metadata.obj, rows)

    def put_writes(
        self, config: RunnableConfig, writes: Sequence[tuple[str, Any]], task_id: str, task_path: str = ""
    ) -> None:
        """Store a task's writes as the stock saver does, in one statement rather than one per write.

        The rows, their conflict rule and their transaction are the stock saver's: the stock writes
        commit together at the pipeline's end (or in its transaction), these in the one statement.
        Where one statement cannot write them alike (`writes_in_one_statement`), the stock method does.
        """
        query = (
            self.UPSERT_CHECKPOINT_WRITES_SQL
            if all(channel in WRITES_IDX_MAP for channel, _ in writes)
            else self.INSERT_CHECKPOINT_WRITES_SQL
        )
        configurable = config["configurable"]
        if configurable["checkpoint_ns"] == "":
            self.heads.wrote_against(str(configurable["thread_id"]), str(configurable["checkpoint_id"]))
        rows = self._dump_writes(
            configurable["thread_id"],
            configurable["checkpoint_ns"],
            configurable["checkpoint_id"],
            task_id,
            task_path,
            writes,
        )
        batched = writes_in_one_statement(query, rows)
        if batched is None:
            super().put_writes(config, writes, task_id, task_path)
            return
        with self._cursor() as cur:
            cur.execute(*batched)

    def delete_for_runs(self, run_ids: Sequence[str]) -> None:
        """Delete the checkpoints these runs wrote (`metadata.run_id`), their writes and unused blobs.

        In every thread and namespace, in one transaction. See `delete_for_runs_plan` for what stays.
        """
        ids = id_list(run_ids, "run_ids")
        if ids:
            self.heads.forget()
            with self._transaction() as cur:
                run_plan(cur, delete_for_runs_plan(ids))

    def copy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        """Copy every checkpoint, write and blob of `source_thread_id` to the empty `target_thread_id`.

        All namespaces, in one transaction on one snapshot. Raises `CopyTargetNotEmptyError` if the
        target already has rows (nothing is then copied).
        """
        self.heads.forget(str(target_thread_id))
        with self._transaction() as cur:
            run_plan(cur, copy_thread_plan(str(source_thread_id), str(target_thread_id)))

    def delete_thread(self, thread_id: str) -> None:
        """The stock deletion, and the thread forgotten here."""
        self.heads.forget(str(thread_id))
        super().delete_thread(thread_id)

    def prune(self, thread_ids: Sequence[str], *, strategy: str = "keep_latest") -> None:
        """The stock prune, and the threads forgotten here."""
        for thread_id in thread_ids:
            self.heads.forget(str(thread_id))
        super().prune(thread_ids, strategy=strategy)

    @contextmanager
    def _transaction(self) -> Iterator[Cursor[DictRow]]:
        with self.pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
            yield cur


class _Gathered:
    """Stands in for a cursor while the stock `put` runs: keeps its statements to send them as one."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any, bool]] = []

    def execute(self, query: str, params: Any = None) -> None:
        """Keep one statement."""
        self.calls.append((query, params, False))

    def executemany(self, query: str, params_seq: Any) -> None:
        """Keep one statement and its rows."""
        self.calls.append((query, list(params_seq), True))
