"""The checkpointer that `langgraph dev` (LangGraph Studio) uses, named in `langgraph.json`.

`langgraph.json` points `"checkpointer": {"path": "./agent/interfaces/studio.py:checkpointer"}` here, so
threads run through the dev server are checkpointed in the same Postgres as the CLI and the tests
(`DATABASE_URL`, or the embedded server) and survive a restart of the server.

The server calls `checkpointer()` with no arguments, enters it once per event loop at startup and
exits it at shutdown. This module opens nothing at import time and does not set up the domain
schema: the graph's nodes do that on first use through `agent.infra.persistence.default_resources()`.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from psycopg_pool import AsyncConnectionPool

from agent.config.settings import Settings
from agent.infra.persistence import acheck_if_disturbed, database_url, pool_options, strict_serializer
from agent.infra.savers import AsyncPooledPostgresSaver


@asynccontextmanager
async def checkpointer() -> AsyncIterator[AsyncPooledPostgresSaver]:
    """Yield an `AsyncPooledPostgresSaver` on a pool opened from the environment's settings.

    It is LangGraph's `AsyncPostgresSaver` plus `adelete_for_runs` and `acopy_thread`, which the dev
    server calls for a `rollback` run and a thread copy.

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
        saver = AsyncPooledPostgresSaver(pool, serde=strict_serializer())
        await saver.setup()
        yield saver
    finally:
        await pool.close()
