"""Cron records in Postgres (table `crons`, migration 14): the runs a student or an operator scheduled.

Plain SQL over the pool or the connection it is handed (`agent.journal.connections`). What a
cron does when it is due, and when it is due next, is `agent.runtime.crons`'s; here are its rows:
create, read, search, count, update, delete, and `claim_due`, which locks one due cron for the
caller's transaction with `FOR UPDATE SKIP LOCKED`, so that workers scanning at once never take
the same one.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Literal, TypedDict, cast

from psycopg import Connection, sql
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from agent.domain.plain_json import to_json
from agent.journal.connections import Database, connection

SORTS = ("cron_id", "assistant_id", "thread_id", "created_at", "updated_at", "next_run_date", "end_time")
"""The platform's sort keys (`next_run_date` is the column `next_run_at`)."""
COLUMNS = (
    "cron_id::text AS cron_id, assistant_id, thread_id, owner, user_id, by_operator, schedule, timezone,"
    " end_time, enabled, on_run_completed, message, payload, metadata, next_run_at, created_at, updated_at"
)
_EDITABLE = (
    "schedule",
    "timezone",
    "end_time",
    "enabled",
    "on_run_completed",
    "message",
    "payload",
    "metadata",
    "next_run_at",
)


class CronRow(TypedDict):
    """One cron as `crons` keeps it."""

    cron_id: str
    assistant_id: str
    thread_id: str | None
    """Its thread; None for a stateless cron (a new thread each firing)."""
    owner: str
    """The student its runs are sent as (the thread's, or the stateless cron's creator)."""
    user_id: str
    """Who created it (a student, or an operator)."""
    by_operator: bool
    """Created by an operator: its runs may stop anyone's under `interrupt` and `rollback`."""
    schedule: str
    timezone: str | None
    """IANA name; None is UTC."""
    end_time: datetime | None
    enabled: bool
    on_run_completed: Literal["delete", "keep"] | None
    message: str
    """The student's message each run sends, checked when the cron was made."""
    payload: dict[str, Any]
    """The run request as the client sent it (input, config, context, multitask_strategy ...), JSON."""
    metadata: dict[str, Any]
    next_run_at: datetime | None
    """When it fires next; None once it has no tick left before `end_time`."""
    created_at: datetime
    updated_at: datetime


def create(db: Database, row: Mapping[str, Any]) -> CronRow:
    """Record a cron (every column of `CronRow` but the dates); its row."""
    names = [n for n in CronRow.__annotations__ if n not in ("created_at", "updated_at")]
    query = sql.SQL("INSERT INTO crons ({}) VALUES ({}) RETURNING " + COLUMNS).format(
        sql.SQL(", ").join(map(sql.Identifier, names)), sql.SQL(", ").join(sql.Placeholder() * len(names))
    )
    with connection(db) as conn:
        found = conn.execute(query, [_value(n, row[n]) for n in names]).fetchone()
    assert found is not None
    return cast(CronRow, found)


class CronLimitError(Exception):
    """A student who already has as many crons as they may."""


LIMIT_LOCK_SPACE = 0x5C402
"""Advisory lock space of the per-user transaction lock that counts and creates crons together."""


def create_within(pool: ConnectionPool[Any], row: Mapping[str, Any], limit: int | None) -> CronRow:
    """`create`, unless its creator already has `limit` crons (None: no limit): CronLimitError.

    The count and the insert share a transaction locked on the creator, so requests sent at once
    cannot pass the limit together.
    """
    with pool.connection() as conn, conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (LIMIT_LOCK_SPACE, row["user_id"]))
        if limit is not None and count_made_by(conn, row["user_id"]) >= limit:
            message = f"you have {limit} crons, the most a student may have; delete one to make another"
            raise CronLimitError(message)
        return create(conn, row)


def get(db: Database, cron_id: str) -> CronRow | None:
    """The cron, if there is one with this id."""
    with connection(db) as conn:
        found = conn.execute(f"SELECT {COLUMNS} FROM crons WHERE cron_id = %s", (cron_id,)).fetchone()
    return cast(CronRow | None, found)


def _where(filters: Mapping[str, Any]) -> tuple[str, list[Any]]:
    """The WHERE clause of a search: exact `owner`, `assistant_id`, `thread_id`, `enabled`, metadata."""
    clauses, params = ["TRUE"], []
    for name in ("owner", "assistant_id", "thread_id", "enabled"):
        if filters.get(name) is not None:
            clauses.append(f"{name} = %s")
            params.append(filters[name])
    if filters.get("metadata"):
        clauses.append("metadata @> %s")
        params.append(Jsonb(to_json(filters["metadata"])))
    return " AND ".join(clauses), params


def search(
    db: Database,
    filters: Mapping[str, Any],
    *,
    limit: int,
    offset: int,
    sort_by: str = "created_at",
    sort_order: Literal["asc", "desc"] = "desc",
) -> list[CronRow]:
    """The crons matching `filters` (see `_where`), sorted (`SORTS`), one page."""
    column = "next_run_at" if sort_by == "next_run_date" else sort_by
    assert sort_by in SORTS
    where, params = _where(filters)
    order = "ASC" if sort_order == "asc" else "DESC"
    query = f"SELECT {COLUMNS} FROM crons WHERE {where} ORDER BY {column} {order}, cron_id LIMIT %s OFFSET %s"
    with connection(db) as conn:
        return cast(list[CronRow], conn.execute(query, [*params, limit, offset]).fetchall())


def count(db: Database, filters: Mapping[str, Any]) -> int:
    """How many crons match `filters` (see `_where`)."""
    where, params = _where(filters)
    with connection(db) as conn:
        found = conn.execute(f"SELECT count(*) AS n FROM crons WHERE {where}", params).fetchone()
    return int(found["n"]) if found else 0


def count_made_by(db: Database, user_id: str) -> int:
    """How many crons `user_id` has made (the per-student limit counts these)."""
    with connection(db) as conn:
        found = conn.execute("SELECT count(*) AS n FROM crons WHERE user_id = %s", (user_id,)).fetchone()
    return int(found["n"]) if found else 0


def update(db: Database, cron_id: str, changes: Mapping[str, Any]) -> CronRow | None:
    """Change the columns in `changes` (of `_EDITABLE`); the row after, None when it is gone."""
    assert changes and set(changes) <= set(_EDITABLE)
    sets = sql.SQL(", ").join(
        sql.SQL("{} = {}").format(sql.Identifier(n), sql.Placeholder()) for n in changes
    )
    query = sql.SQL("UPDATE crons SET {}, updated_at = now() WHERE cron_id = %s RETURNING " + COLUMNS).format(
        sets
    )
    with connection(db) as conn:
        found = conn.execute(query, [*(_value(n, v) for n, v in changes.items()), cron_id]).fetchone()
    return cast(CronRow | None, found)


def delete(db: Database, cron_id: str) -> bool:
    """Forget the cron (its past runs stay); False when there was none."""
    with connection(db) as conn:
        return (
            conn.execute("DELETE FROM crons WHERE cron_id = %s RETURNING 1", (cron_id,)).fetchone()
            is not None
        )


def claim_due(conn: Connection[Any], now: datetime) -> CronRow | None:
    """Lock the longest-due enabled cron for the caller's transaction; None when none is due.

    `FOR UPDATE SKIP LOCKED`: a cron another transaction holds is passed over, so scans that run at
    once take different crons, and a claim dies with its transaction (a killed worker's included).
    """
    return cast(
        CronRow | None,
        conn.execute(
            f"SELECT {COLUMNS} FROM crons WHERE enabled AND next_run_at <= %s"
            " ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED",
            (now,),
        ).fetchone(),
    )


def _value(name: str, value: Any) -> Any:
    return Jsonb(to_json(value)) if name in ("payload", "metadata") else value
