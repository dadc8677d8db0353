"""Studio's checkpointer: LangGraph's `AsyncPostgresSaver` over an async pool, plus rollback and copy."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from psycopg import AsyncCursor
from psycopg.rows import DictRow, dict_row
from psycopg_pool import AsyncConnectionPool

from agent.infra.savers.base import (
    arun_plan,
    copy_thread_plan,
    delete_for_runs_plan,
    id_list,
    tune_delta_paging,
)


class AsyncPooledPostgresSaver(AsyncPostgresSaver):
    """LangGraph's `AsyncPostgresSaver` over an async connection pool, with `delete_for_runs` and `copy_thread`.

    What `langgraph dev` (Studio) checkpoints through. The LangGraph server calls
    `adelete_for_runs` to roll back a run (multitask strategy `rollback`) and `acopy_thread` for
    `POST /threads/{id}/copy`; with the stock saver both fail. The inherited methods are the stock
    ones, saver-wide lock included (this class changes nothing else of Studio's behaviour); the two
    added ones each take a pool connection of their own, one transaction each. The sync methods are
    bridges to these on the saver's event loop, as the stock ones are.
    """

    def __init__(self, conn: AsyncConnectionPool[Any], *, serde: JsonPlusSerializer | None = None) -> None:
        super().__init__(conn, serde=serde)
        self.pool = conn
        tune_delta_paging(sys.modules[AsyncPostgresSaver.__module__])

    async def adelete_for_runs(self, run_ids: Sequence[str]) -> None:
        """Delete the checkpoints these runs wrote (`metadata.run_id`), their writes and unused blobs.

        In every thread and namespace, in one transaction. See `delete_for_runs_plan` for what stays.
        """
        ids = id_list(run_ids, "run_ids")
        if ids:
            async with self._transaction() as cur:
                await arun_plan(cur, delete_for_runs_plan(ids))

    async def acopy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        """Copy every checkpoint, write and blob of `source_thread_id` to the empty `target_thread_id`.

        All namespaces, in one transaction on one snapshot. Raises `CopyTargetNotEmptyError` if the
        target already has rows (nothing is then copied).
        """
        async with self._transaction() as cur:
            await arun_plan(cur, copy_thread_plan(str(source_thread_id), str(target_thread_id)))

    def delete_for_runs(self, run_ids: Sequence[str]) -> None:
        """`adelete_for_runs` from another thread than the saver's event loop."""
        self._refuse_on_own_loop("adelete_for_runs")
        asyncio.run_coroutine_threadsafe(self.adelete_for_runs(run_ids), self.loop).result()

    def copy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        """`acopy_thread` from another thread than the saver's event loop."""
        self._refuse_on_own_loop("acopy_thread")
        asyncio.run_coroutine_threadsafe(
            self.acopy_thread(source_thread_id, target_thread_id), self.loop
        ).result()

    def _refuse_on_own_loop(self, method: str) -> None:
        # Blocking the loop the coroutine needs would hang forever; the stock bridges refuse alike.
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            return
        if running is self.loop:
            message = (
                "Synchronous calls to AsyncPooledPostgresSaver are only allowed from a different "
                f"thread. From the main thread, use `await checkpointer.{method}(...)`."
            )
            raise asyncio.InvalidStateError(message)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[AsyncCursor[DictRow]]:
        async with (
            self.pool.connection() as conn,
            conn.transaction(),
            conn.cursor(row_factory=dict_row) as cur,
        ):
            yield cur
