"""A sync checkpointer seen through the async interface, for the conformance suite that calls only that.

`langgraph-checkpoint-conformance` awaits `aput`, `alist`, ... and decides what a saver can do by
which of those its class overrides. `threaded_async(saver)` answers each with the sync method run
in a worker thread (as LangGraph's sync graph runs it, off the caller's thread) and overrides only
the async methods whose sync counterpart the saver's class implements: the suite then detects what
the sync saver has, not what this adapter has.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    BaseCheckpointSaver,
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
)

SYNC_OF_ASYNC = {
    "aput": "put",
    "aput_writes": "put_writes",
    "aget_tuple": "get_tuple",
    "alist": "list",
    "adelete_thread": "delete_thread",
    "adelete_for_runs": "delete_for_runs",
    "acopy_thread": "copy_thread",
    "aprune": "prune",
}
"""Each async method of `BaseCheckpointSaver` the suite calls, and the sync method it stands for."""


class ThreadedAsync(BaseCheckpointSaver[str]):
    """The async methods of `saver`, each its sync method in a worker thread."""

    def __init__(self, saver: BaseCheckpointSaver[Any]) -> None:
        super().__init__(serde=saver.serde)
        self.saver = saver

    def get_next_version(self, current: str | None, channel: None) -> str:
        """The wrapped saver's versions."""
        version: str = self.saver.get_next_version(current, channel)
        return version

    async def aput(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        """`put` in a worker thread."""
        return await asyncio.to_thread(self.saver.put, config, checkpoint, metadata, new_versions)

    async def aput_writes(
        self, config: RunnableConfig, writes: Sequence[tuple[str, Any]], task_id: str, task_path: str = ""
    ) -> None:
        """`put_writes` in a worker thread."""
        await asyncio.to_thread(self.saver.put_writes, config, writes, task_id, task_path)

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        """`get_tuple` in a worker thread."""
        return await asyncio.to_thread(self.saver.get_tuple, config)

    async def alist(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[CheckpointTuple]:
        """`list` in a worker thread, read to the end there."""
        tuples = await asyncio.to_thread(
            lambda: list(self.saver.list(config, filter=filter, before=before, limit=limit))
        )
        for item in tuples:
            yield item

    async def adelete_thread(self, thread_id: str) -> None:
        """`delete_thread` in a worker thread."""
        await asyncio.to_thread(self.saver.delete_thread, thread_id)

    async def adelete_for_runs(self, run_ids: Sequence[str]) -> None:
        """`delete_for_runs` in a worker thread."""
        await asyncio.to_thread(self.saver.delete_for_runs, run_ids)

    async def acopy_thread(self, source_thread_id: str, target_thread_id: str) -> None:
        """`copy_thread` in a worker thread."""
        await asyncio.to_thread(self.saver.copy_thread, source_thread_id, target_thread_id)

    async def aprune(self, thread_ids: Sequence[str], *, strategy: str = "keep_latest") -> None:
        """`prune` in a worker thread."""
        await asyncio.to_thread(lambda: self.saver.prune(thread_ids, strategy=strategy))


def threaded_async(saver: BaseCheckpointSaver[Any]) -> ThreadedAsync:
    """`saver`'s async face, overriding only the async methods whose sync one its class implements."""
    unimplemented = {
        name: getattr(BaseCheckpointSaver, name)
        for name, sync in SYNC_OF_ASYNC.items()
        if getattr(type(saver), sync) is getattr(BaseCheckpointSaver, sync)
    }
    face = type(f"ThreadedAsync{type(saver).__name__}", (ThreadedAsync,), unimplemented)
    adapter: ThreadedAsync = face(saver)
    return adapter
