"""Watching when a saver stores each checkpoint, to tell a run's durability from outside.

With `durability="sync"` a step starts only once the previous step's checkpoint is stored, so
the writes of every step reach the saver for a checkpoint it has already stored. With `"async"` the
store runs beside the next step, whose writes can come first. `RecordingSaverMixin` makes every
store slow (so that "beside" shows every time) and records, for each `aput_writes`, whether the
checkpoint the writes belong to was stored yet; `late_writes` reads the record.

LangGraph does not wait for the run's *input* checkpoint (source `input`) even in sync mode: the
first step's writes may come before it is stored. `late_writes` reports those too; callers expect
them.

`checkpointer` is Studio's checkpointer with this recording, for a `langgraph dev` started with a
`langgraph.json` that names it: it appends the record to the JSON-lines file `$DURABILITY_LOG`.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import ChannelVersions, Checkpoint, CheckpointMetadata
from langgraph.checkpoint.memory import InMemorySaver

from agent.infra.savers import AsyncPooledPostgresSaver
from agent.interfaces import studio

STORE_DELAY_S = 0.2
"""How long each checkpoint takes to store: far longer than a step of the graphs tested."""
LOG_ENV = "DURABILITY_LOG"


class RecordingSaverMixin:
    """Before a saver's async methods: slow `aput`, and a record of what each call saw."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.events: list[dict[str, Any]] = []
        self._stored: set[str] = set()

    def _record(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        if path := os.environ.get(LOG_ENV):
            with Path(path).open("a") as log:
                log.write(json.dumps(event) + "\n")

    async def aput(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        source, step = metadata.get("source"), metadata.get("step")
        self._record({"event": "put", "checkpoint_id": checkpoint["id"], "source": source, "step": step})
        await asyncio.sleep(STORE_DELAY_S)
        stored: RunnableConfig = await super().aput(config, checkpoint, metadata, new_versions)
        self._stored.add(checkpoint["id"])
        self._record({"event": "stored", "checkpoint_id": checkpoint["id"]})
        return stored

    async def aput_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        checkpoint_id = config["configurable"]["checkpoint_id"]
        self._record(
            {"event": "writes", "checkpoint_id": checkpoint_id, "stored": checkpoint_id in self._stored}
        )
        await super().aput_writes(config, writes, task_id, task_path)


class RecordingMemorySaver(RecordingSaverMixin, InMemorySaver):
    """LangGraph's in-memory saver, recorded."""


class RecordingPostgresSaver(RecordingSaverMixin, AsyncPooledPostgresSaver):
    """Studio's Postgres saver, recorded."""


def late_writes(events: list[dict[str, Any]]) -> list[tuple[str | None, int | None]]:
    """(source, step) of each checkpoint that got writes before it was stored, in order."""
    put = {e["checkpoint_id"]: (e["source"], e["step"]) for e in events if e["event"] == "put"}
    return [
        put.get(e["checkpoint_id"], (None, None))
        for e in events
        if e["event"] == "writes" and not e["stored"]
    ]


def writes_count(events: list[dict[str, Any]]) -> int:
    """How many `aput_writes` calls the saver saw."""
    return sum(1 for e in events if e["event"] == "writes")


def read_events(path: Path) -> list[dict[str, Any]]:
    """The record a `checkpointer` in another process appended to `path`."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@asynccontextmanager
async def checkpointer() -> AsyncIterator[AsyncPooledPostgresSaver]:
    """Studio's checkpointer (`agent.interfaces.studio.checkpointer`), recorded."""
    async with studio.checkpointer(RecordingPostgresSaver) as saver:
        yield saver
