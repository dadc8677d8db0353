"""The application's checkpointer: LangGraph's `PostgresSaver` over a pool, without its lock, plus rollback and copy."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import WRITES_IDX_MAP
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from psycopg import Cursor
from psycopg.rows import DictRow, dict_row
from psycopg_pool import ConnectionPool

from agent.infra import internals
from agent.infra.savers.base import (
    copy_thread_plan,
    delete_for_runs_plan,
    id_list,
    run_plan,
    tune_delta_paging,
    writes_in_one_statement,
)


class PooledPostgresSaver(PostgresSaver):
    """LangGraph's `PostgresSaver` over a connection pool, without its saver-wide lock.

    The stock saver holds one lock around every query, so that threads sharing its single
    connection take turns. Over a pool each query takes a connection of its own, and the lock
    only makes every run in the process wait for every other run's checkpoint reads and writes:
    with it, concurrent turns queue on one lock (see `school-agent bench`, concurrency).

    A task's writes go in one statement (`put_writes`), not one each.

    It adds what the stock saver leaves unimplemented: `delete_for_runs` (a rolled-back run) and
    `copy_thread` (a thread copied), each one transaction on a connection of its own.
    """

    def __init__(self, conn: ConnectionPool[Any], *, serde: JsonPlusSerializer | None = None) -> None:
        super().__init__(conn, serde=serde)
        self.pool = conn
        tune_delta_paging(sys.modules[PostgresSaver.__module__])
        # A no-op context manager in place of the lock: `_cursor` enters it around each query.
        internals.drop_saver_lock(self)

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
            with self._transaction() as cur:
                run_plan(cur, delete_for_runs_plan(ids))

    def copy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        """Copy every checkpoint, write and blob of `source_thread_id` to the empty `target_thread_id`.

        All namespaces, in one transaction on one snapshot. Raises `CopyTargetNotEmptyError` if the
        target already has rows (nothing is then copied).
        """
        with self._transaction() as cur:
            run_plan(cur, copy_thread_plan(str(source_thread_id), str(target_thread_id)))

    @contextmanager
    def _transaction(self) -> Iterator[Cursor[DictRow]]:
        with self.pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
            yield cur
