"""What `langgraph dev` (LangGraph Studio) runs, named in `langgraph.json`: the graph and its checkpointer.

`langgraph.json` points `"graphs": {"school": "./agent/interfaces/studio.py:graph"}` and
`"checkpointer": {"path": "./agent/interfaces/studio.py:checkpointer"}` here, so that threads run
through the dev server are checkpointed in the same Postgres as the CLI and the tests
(`DATABASE_URL`, or the embedded server), survive a restart of the server, and run with the
project's durability: a step starts only once the previous step's checkpoint is stored.

The server calls `checkpointer()` with no arguments, enters it once per event loop at startup and
exits it at shutdown. This module opens nothing at import time (the graph it builds has no
checkpointer: the server supplies one) and does not set up the domain schema: the graph's nodes do
that on first use through `agent.infra.persistence.default_resources()`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.graph.state import CompiledStateGraph
from psycopg_pool import AsyncConnectionPool

from agent.config.settings import Settings
from agent.infra.persistence import (
    acheck_if_disturbed,
    database_url,
    pool_options,
    strict_serializer,
    unpipelined_if_pooled,
)
from agent.infra.savers import AsyncPooledPostgresSaver
from graphs import school

DURABILITY = "sync"
"""Every run's durability, as `agent.runtime.runs` uses it: a crash never leaves a checkpoint
whose next step is lost (found by the crash sweep)."""


class SyncDurabilityGraph(CompiledStateGraph[Any, Any, Any, Any]):
    """A compiled graph whose every run uses `durability="sync"`, whatever its caller passed.

    The dev server passes `durability` to each run explicitly, `"async"` unless the client sent
    one, and Studio sends none; neither `langgraph.json` nor an environment variable changes that
    default (langgraph-api 0.16), and an explicit argument wins over the graph's
    `configurable.__pregel_durability`. Every path of the server (`runs`, `runs/stream`,
    `runs/wait`, event streams, crons) ends in `astream` (`astream_events` calls it), so this is
    the one place that sees them all. Subgraphs inherit the parent run's durability.
    """

    def astream(  # type: ignore[override]  # forwards every overload's arguments unchanged but one
        self, input: Any, config: RunnableConfig | None = None, **kwargs: Any
    ) -> AsyncIterator[Any]:
        """`CompiledStateGraph.astream` with `durability="sync"`."""
        return super().astream(input, config, **_sync_durability(kwargs))

    def stream(  # type: ignore[override]  # forwards every overload's arguments unchanged but one
        self, input: Any, config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[Any]:
        """`CompiledStateGraph.stream` with `durability="sync"`."""
        return super().stream(input, config, **_sync_durability(kwargs))


def _sync_durability(kwargs: dict[str, Any]) -> dict[str, Any]:
    # `checkpoint_during`, the deprecated spelling, may not come with `durability`.
    return {k: v for k, v in kwargs.items() if k != "checkpoint_during"} | {"durability": DURABILITY}


def sync_durability(compiled: CompiledStateGraph[Any, Any, Any, Any]) -> SyncDurabilityGraph:
    """`compiled` as a `SyncDurabilityGraph`: the same nodes, edges and config.

    Built the way `Pregel.copy` builds a copy (its attributes are its constructor's arguments),
    so an upgrade that changed that fails here at import, loudly.
    """
    attrs = {k: v for k, v in vars(compiled).items() if k != "__orig_class__"}
    return SyncDurabilityGraph(**attrs)


graph = sync_durability(school.graph)
"""The school graph as `langgraph dev` serves it (`langgraph.json`)."""


@asynccontextmanager
async def checkpointer(
    saver_class: type[AsyncPooledPostgresSaver] = AsyncPooledPostgresSaver,
) -> AsyncIterator[AsyncPooledPostgresSaver]:
    """Yield an `AsyncPooledPostgresSaver` on a pool opened from the environment's settings.

    It is LangGraph's `AsyncPostgresSaver` plus `adelete_for_runs` and `acopy_thread`, which the dev
    server calls for a `rollback` run and a thread copy. (`saver_class` lets a test watch the calls.)

    The checkpoint tables are created (idempotently) before the saver is handed out; the pool is
    closed when the server exits the context.
    """
    settings = Settings.from_env()
    # Blocking: with DATABASE_URL unset it starts the embedded Postgres, which takes a second.
    url = await asyncio.to_thread(database_url, settings)
    pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
        url, name="school-agent-studio", **(pool_options(settings) | {"check": acheck_if_disturbed})
    )
    try:
        await pool.open(wait=True, timeout=settings.connect_timeout_s)
        saver = unpipelined_if_pooled(saver_class(pool, serde=strict_serializer()), settings)
        await saver.setup()
        yield saver
    finally:
        await pool.close()
