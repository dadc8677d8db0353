"""Background runs: a job queue in Postgres, claimed with `FOR UPDATE SKIP LOCKED`.

Any number of server processes may poll the same table; each job is claimed by exactly one of
them. A job whose thread is busy goes back to the queue for later; a claim that dies with its
process (status `running`, lease expired) is taken again by another worker. The table (`jobs`) is
made by the schema migrations (`agent.infra.migrations`).
"""

from __future__ import annotations

from typing import Any

from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from agent.domain.plain_json import to_json

LEASE_S = 300
"""A running job whose worker has not finished it within this many seconds is taken again."""


def enqueue(pool: ConnectionPool[Any], *, thread_id: str, kind: str, payload: dict[str, Any]) -> int:
    """Queue a run; its job id."""
    with pool.connection() as conn:
        row = conn.execute(
            "INSERT INTO jobs (thread_id, kind, payload) VALUES (%s, %s, %s) RETURNING id",
            (thread_id, kind, Jsonb(to_json(payload))),
        ).fetchone()
    assert row is not None
    return int(row["id"])


def claim(pool: ConnectionPool[Any], worker: str) -> dict[str, Any] | None:
    """Take the oldest ready job (or one whose lease expired) for `worker`; None when there is none."""
    with pool.connection() as conn:
        row = conn.execute(
            "UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = %s, locked_at = now()"
            " WHERE id = (SELECT id FROM jobs WHERE (status = 'queued' AND run_after <= now())"
            "   OR (status = 'running' AND locked_at < now() - make_interval(secs => %s))"
            "   ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)"
            " RETURNING id, thread_id, kind, payload, attempts",
            (worker, LEASE_S),
        ).fetchone()
    return dict(row) if row else None


def finish(
    pool: ConnectionPool[Any], job_id: int, *, result: dict[str, Any] | None = None, error: str | None = None
) -> None:
    """Mark a job done (or failed, with the error's name)."""
    with pool.connection() as conn:
        conn.execute(
            "UPDATE jobs SET status = %s, result = %s, error = %s, finished_at = now() WHERE id = %s",
            ("failed" if error else "done", Jsonb(to_json(result)) if result else None, error, job_id),
        )


def retry_later(pool: ConnectionPool[Any], job_id: int, *, seconds: float) -> None:
    """Put a job back in the queue (its thread was busy)."""
    with pool.connection() as conn:
        conn.execute(
            "UPDATE jobs SET status = 'queued', locked_by = NULL, locked_at = NULL,"
            " run_after = now() + make_interval(secs => %s) WHERE id = %s",
            (seconds, job_id),
        )


def job(pool: ConnectionPool[Any], job_id: int) -> dict[str, Any] | None:
    """One job as stored."""
    with pool.connection() as conn:
        row = conn.execute(
            "SELECT id, thread_id, kind, status, attempts, locked_by, result, error FROM jobs WHERE id = %s",
            (job_id,),
        ).fetchone()
    return dict(row) if row else None
