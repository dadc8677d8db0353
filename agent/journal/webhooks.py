"""The webhook outbox: which URLs may be told, what they are told, and the rows that carry it.

A webhook is never posted from the transaction that decides it. The run's end (and a thread that
starts waiting for an operator) writes one `webhook_deliveries` row per URL to tell, in the same
transaction as the run's record (`agent.runtime.execution`); a worker's job
(`agent.worker.deliveries`) posts it and marks it. So a worker that dies after the run ended
leaves a pending row that another worker delivers (`unqueued` finds those without a job), and a
delivery retried after a death carries the same `id`, the `webhook-id` a receiver dedupes on.

Events: `run.ended`, whose body is the platform's (langgraph-api's webhook: the run as
`GET /threads/{t}/runs/{r}` answers it, its `status`, `run_started_at`, `run_ended_at`,
`values`, `error` on failure, `webhook_sent_at` added when posted), and
`thread.awaiting_operator`, the school's own (`{"event": ..., "thread_id", "run_id", ...}`).

The URL policy (`check_url`): https only, and a host whose every address is public (no loopback,
private, link-local, shared or reserved range), unless the settings allow http or private hosts.
Plain SQL over a connection or pool it is handed; it posts nothing.
"""

from __future__ import annotations

import ipaddress
import socket
import uuid
from collections.abc import Sequence
from contextlib import suppress
from datetime import datetime
from typing import Any, Final, Literal, TypedDict, cast
from urllib.parse import urlsplit

import procrastinate
from procrastinate import exceptions
from psycopg import Connection
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from agent.config.webhooks import WebhookConfig, url_shape_problem
from agent.domain.plain_json import to_json
from agent.journal.api_runs import RunRow

DELIVER_TASK: Final = "school.deliver_webhook"
"""The task that posts one delivery (its only argument: `delivery_id`)."""
QUEUE: Final = "webhooks"
MAX_URL_CHARS: Final = 2048

Event = Literal["run.ended", "thread.awaiting_operator"]
Target = Literal["run", "school"]
"""Whose URL a delivery goes to: the run's own `webhook`, or the school's (`SCHOOL_WEBHOOK_URL`)."""
DeliveryStatus = Literal["pending", "delivered", "failed"]
_COLUMNS = (
    "id::text AS id, event, target, url, thread_id, run_id::text AS run_id, payload, status, attempts,"
    " next_attempt_at, last_status, last_error, created_at, delivered_at"
)


class WebhookUrlError(ValueError):
    """A webhook URL the policy refuses."""


class Delivery(TypedDict):
    """One outbox row (the columns of `webhook_deliveries`)."""

    id: str
    """The `webhook-id` of every attempt."""
    event: Event
    target: Target
    url: str
    thread_id: str
    run_id: str
    payload: dict[str, Any]
    """The body, JSON (`webhook_sent_at` is added when it is posted)."""
    status: DeliveryStatus
    attempts: int
    next_attempt_at: datetime
    last_status: int | None
    """The HTTP status of the last attempt (None: no answer)."""
    last_error: str | None
    created_at: datetime
    delivered_at: datetime | None


def check_url(url: str, config: WebhookConfig) -> None:
    """Refuse (WebhookUrlError) a URL the policy does not allow; its host is resolved here."""
    if len(url) > MAX_URL_CHARS:
        raise WebhookUrlError(f"a webhook URL is at most {MAX_URL_CHARS} characters")
    problem = url_shape_problem(url)
    if problem is not None:
        raise WebhookUrlError(problem)
    parts = urlsplit(url)
    if parts.scheme != "https" and not config.allow_http:
        raise WebhookUrlError("a webhook URL must use https")
    if config.allow_private:
        return
    host = parts.hostname or ""
    try:
        found = socket.getaddrinfo(host, parts.port or 443, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise WebhookUrlError(f"the webhook host {host!r} cannot be resolved") from None
    for *_, address in found:
        ip = ipaddress.ip_address(str(address[0]).split("%")[0])
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        if not ip.is_global or ip.is_multicast:
            message = f"the webhook host {host!r} is at {ip}, a loopback, private or reserved address"
            raise WebhookUrlError(message)


def run_json(row: RunRow) -> dict[str, Any]:
    """A run record as the platform's `Run` (what the API answers and a `run.ended` body starts with)."""
    return {
        "run_id": row["run_id"],
        "thread_id": row["thread_id"],
        "assistant_id": row["assistant_id"],
        "created_at": row["created_at"].isoformat(),
        "updated_at": row["updated_at"].isoformat(),
        "status": row["status"],
        "metadata": row["metadata"],
        "kwargs": row["kwargs"],
        "multitask_strategy": row["multitask_strategy"],
        "langsmith_session_name": None,
    }


def run_ended(row: RunRow, values: Any) -> dict[str, Any]:
    """The body of `run.ended`, as langgraph-api posts it (but `webhook_sent_at`, added when sent)."""
    payload = {
        **run_json(row),
        "run_started_at": row["began_at"].isoformat() if row["began_at"] else None,
        "run_ended_at": row["updated_at"].isoformat(),
        "values": values,
    }
    failure = row["refusal"]
    if row["status"] == "error" and failure is not None:
        payload["error"] = {"error": failure.get("error"), "message": failure.get("message")}
    return payload


def awaiting_operator(row: RunRow, values: Any) -> dict[str, Any]:
    """The body of `thread.awaiting_operator`: the thread, the run that left it waiting, what waits."""
    interrupts = values.get("__interrupt__", []) if isinstance(values, dict) else []
    return {
        "event": "thread.awaiting_operator",
        "thread_id": row["thread_id"],
        "run_id": row["run_id"],
        "assistant_id": row["assistant_id"],
        "awaiting": "operator",
        "at": row["updated_at"].isoformat(),
        "interrupts": interrupts,
    }


def targets(run_webhook: Any, config: WebhookConfig) -> list[tuple[Target, str]]:
    """The URLs a run's events go to: its own `webhook`, then the school's (one row per URL)."""
    found: list[tuple[Target, str]] = []
    if isinstance(run_webhook, str) and run_webhook:
        found.append(("run", run_webhook))
    if config.school_url and config.school_url != run_webhook:
        found.append(("school", config.school_url))
    return found


def awaiting_now(conn: Connection[Any], thread_id: str) -> str | None:
    """Whose decision the thread's record says it waits for, its row locked until the transaction ends."""
    row = conn.execute(
        "SELECT metadata->>'awaiting' AS awaiting FROM thread_records WHERE thread_id = %s FOR UPDATE",
        (thread_id,),
    ).fetchone()
    return row["awaiting"] if row else None


def enqueue(
    conn: Connection[Any],
    event: Event,
    row: RunRow,
    payload: dict[str, Any],
    to: Sequence[tuple[Target, str]],
) -> list[str]:
    """Write one pending delivery of `payload` per target, in the caller's transaction; their ids."""
    ids = []
    for target, url in to:
        delivery_id = str(uuid.uuid4())
        conn.execute(
            "INSERT INTO webhook_deliveries (id, event, target, url, thread_id, run_id, payload)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (delivery_id, event, target, url, row["thread_id"], row["run_id"], Jsonb(to_json(payload))),
        )
        ids.append(delivery_id)
    return ids


def job_lock(delivery_id: str) -> str:
    """The job lock (and queueing lock) of a delivery: one job at a time, at most one waiting."""
    return f"webhook:{delivery_id}"


def queue(app: procrastinate.App, delivery_id: str) -> None:
    """Ask a worker to post the delivery (nothing when a job for it already waits)."""
    lock = job_lock(delivery_id)
    task = app.configure_task(DELIVER_TASK, queue=QUEUE, lock=lock, queueing_lock=lock)
    with suppress(exceptions.AlreadyEnqueued):
        task.defer(delivery_id=delivery_id)


def start_attempt(pool: ConnectionPool[Any], delivery_id: str) -> Delivery | None:
    """Count an attempt of a pending delivery; its row (None: delivered, failed or gone)."""
    with pool.connection() as conn:
        row = conn.execute(
            "UPDATE webhook_deliveries SET attempts = attempts + 1"
            f" WHERE id = %s AND status = 'pending' RETURNING {_COLUMNS}",
            (delivery_id,),
        ).fetchone()
    return cast(Delivery, dict(row)) if row else None


def mark_delivered(pool: ConnectionPool[Any], delivery_id: str, http_status: int) -> None:
    """The receiver took the delivery (a 2xx)."""
    with pool.connection() as conn:
        conn.execute(
            "UPDATE webhook_deliveries SET status = 'delivered', delivered_at = clock_timestamp(),"
            " last_status = %s, last_error = NULL WHERE id = %s",
            (http_status, delivery_id),
        )


def mark_attempt_failed(
    pool: ConnectionPool[Any],
    delivery_id: str,
    *,
    error: str,
    http_status: int | None,
    retry_in_s: float | None,
) -> None:
    """An attempt failed: the delivery is tried again in `retry_in_s`, or (None) it has failed for good."""
    with pool.connection() as conn:
        conn.execute(
            "UPDATE webhook_deliveries SET last_error = %s, last_status = %s,"
            " status = CASE WHEN %s::float8 IS NULL THEN 'failed' ELSE 'pending' END,"
            " next_attempt_at = clock_timestamp() + make_interval(secs => coalesce(%s::float8, 0))"
            " WHERE id = %s AND status = 'pending'",
            (error, http_status, retry_in_s, retry_in_s, delivery_id),
        )


def unqueued(pool: ConnectionPool[Any], older_than_s: float) -> list[str]:
    """Pending deliveries due for `older_than_s` with no job waiting or running for them.

    Those of a worker that died between the run's end and queueing the delivery (or whose job was
    lost otherwise); the sweep (`agent.worker.tasks`) queues a job for each.
    """
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT d.id::text AS id FROM webhook_deliveries d"
            " WHERE d.status = 'pending'"
            "   AND d.next_attempt_at < clock_timestamp() - make_interval(secs => %s)"
            "   AND NOT EXISTS (SELECT 1 FROM procrastinate_jobs j"
            "     WHERE j.lock = 'webhook:' || d.id::text AND j.status IN ('todo', 'doing'))"
            " ORDER BY d.next_attempt_at LIMIT 100",
            (older_than_s,),
        ).fetchall()
    return [r["id"] for r in rows]


def listing(
    pool: ConnectionPool[Any],
    *,
    status: DeliveryStatus | None,
    thread_id: str | None,
    run_id: str | None,
    limit: int,
    offset: int,
) -> list[Delivery]:
    """Deliveries, newest first, filtered by status, thread and run."""
    with pool.connection() as conn:
        rows = conn.execute(
            f"SELECT {_COLUMNS} FROM webhook_deliveries"
            " WHERE (%(status)s::text IS NULL OR status = %(status)s)"
            " AND (%(thread)s::text IS NULL OR thread_id = %(thread)s)"
            " AND (%(run)s::uuid IS NULL OR run_id = %(run)s::uuid)"
            " ORDER BY created_at DESC, id LIMIT %(limit)s OFFSET %(offset)s",
            {"status": status, "thread": thread_id, "run": run_id, "limit": limit, "offset": offset},
        ).fetchall()
    return [cast(Delivery, dict(r)) for r in rows]
