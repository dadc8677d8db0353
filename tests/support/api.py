"""The HTTP API's test keys, the headers that carry them, where the API is served, and its clients.

`API_PATH` is where `serve` answers the LangGraph Server API, relative to its base URL: the one
place tests name it. `langgraph_url` turns a server's base URL into the URL a client is given;
`sdk_clients` opens the official SDK's sync clients of the test keys on it. `fingerprint` and
`changed` tell whether a request wrote anything (a refusal must not).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from langgraph_sdk import get_sync_client
from langgraph_sdk.client import SyncLangGraphClient
from psycopg import sql
from psycopg_pool import ConnectionPool

from agent.upkeep.scheduled import SYSTEM_THREAD

API_KEYS = "key-ada-1234=ada:student,key-bob-1234=bob:student,key-olga-1234=olga:operator"
"""The HTTP API's test keys: students ada and bob, operator olga."""

ADA, BOB, OLGA = ({"Authorization": f"Bearer key-{n}-1234"} for n in ("ada", "bob", "olga"))
"""The `Authorization` headers of ada, bob (students) and olga (operator)."""

API_PATH = ""
"""Where `serve` answers the LangGraph Server API under its base URL: the root. (`/langgraph` is an
alias that clients configured before the move keep using; tests that mean the alias name it.)"""

ASK = {"messages": [{"role": "user", "content": "Enroll me in rag-2"}]}
"""A run's input: ada asks to enroll in rag-2 (the graph stops at her own approval)."""
APPROVE = {"resume": {"decisions": [{"type": "approve"}]}}
"""A run's command: approve what waits."""


def langgraph_url(base_url: str | httpx.URL) -> str:
    """The LangGraph API's URL on the server at `base_url`, as a client is given it."""
    return f"{base_url}".rstrip("/") + API_PATH


def message(text: str) -> dict[str, Any]:
    """A run's input of one student message."""
    return {"messages": [{"role": "user", "content": text}]}


@contextmanager
def sdk_clients(url: str, *names: str) -> Iterator[dict[str, SyncLangGraphClient]]:
    """The official SDK's sync clients on the LangGraph API at `url`, one per user name (`key-<name>-1234`)."""
    made = {name: get_sync_client(url=url, api_key=f"key-{name}-1234") for name in names}
    try:
        yield made
    finally:
        for client in made.values():
            client.close()


Fingerprint = dict[str, tuple[int, str]]
_SCHEDULED_ROWS_LEFT_OUT = sql.SQL(" WHERE thread_id <> {}").format(sql.Literal(SYSTEM_THREAD))


def fingerprint(pool: ConnectionPool[Any]) -> Fingerprint:
    """Each table (domain, journal, runs, checkpoints, store) as its row count and a digest of its rows.

    What changes on its own is left out: the task engine's bookkeeping (its periodic recovery task)
    and the scheduled work's journal rows on `SYSTEM_THREAD` (the hourly doctor, the nightly prune),
    which land whenever their minute falls inside a test.
    """
    with pool.connection() as conn:
        tables = [
            row["table_name"]
            for row in conn.execute(
                "SELECT table_name FROM information_schema.tables"
                " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
                " AND table_name NOT LIKE 'procrastinate%%'"
            )
        ]
        parts = [
            sql.SQL(
                "SELECT {name} AS name, count(*) AS n,"
                " md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest"
                " FROM {table} t{where}"
            ).format(
                name=sql.Literal(table),
                table=sql.Identifier(table),
                where=_SCHEDULED_ROWS_LEFT_OUT if table == "journal_events" else sql.SQL(""),
            )
            for table in tables
        ]
        rows = conn.execute(sql.SQL(" UNION ALL ").join(parts)).fetchall()
    return {row["name"]: (row["n"], row["digest"]) for row in rows}


def changed(before: Fingerprint, after: Fingerprint) -> dict[str, str]:
    """The tables that differ, each with its row count before → after."""
    return {
        name: f"{before.get(name, (0, ''))[0]} → {after.get(name, (0, ''))[0]} rows"
        for name in sorted(before.keys() | after.keys())
        if before.get(name) != after.get(name)
    }
