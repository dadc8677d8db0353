"""Posting the webhook outbox: one job per delivery, signed as Standard Webhooks, retried with backoff.

`deliver` is the body of the `school.deliver_webhook` job (`agent.worker.tasks`). It counts an
attempt on the row (`agent.journal.webhooks`), checks the URL against the policy again (its host
may resolve elsewhere now), and posts the body with the headers of Standard Webhooks
(standardwebhooks.com): `webhook-id` (the row's id, the same on every attempt: the receiver
dedupes on it), `webhook-timestamp` (seconds) and `webhook-signature`
(`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with `SCHOOL_WEBHOOK_SECRET`). A 2xx
marks it delivered. Anything else (another status, no answer within `POST_TIMEOUT_S`) is tried
again after `backoff_s` (1 s doubling, capped at `BACKOFF_CAP_S`) by the engine's retry
(`Backoff`), and marked failed after `MAX_ATTEMPTS`. Redirects are not followed: a receiver
answers where it was asked. A worker that dies mid-post leaves the job to the recovery task,
which retries it: the receiver may see a `webhook-id` twice, never a different one. Fault points
(`agent.config.faults`): `webhooks.after_run_end` (`agent.runtime.execution`: the outbox rows
committed, no job queued) and `webhooks.after_post` (a 2xx received, the row not yet marked).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import time
from datetime import UTC, datetime
from typing import Any, Final

import httpx
from procrastinate import BaseRetryStrategy, RetryDecision
from procrastinate.jobs import Job

from agent.config import faults
from agent.infra.persistence import Resources
from agent.journal import webhooks

log = logging.getLogger(__name__)

POST_TIMEOUT_S: Final = 10.0
BACKOFF_BASE_S: Final = 1.0
BACKOFF_CAP_S: Final = 900.0
MAX_ATTEMPTS: Final = 16
"""Attempts before a delivery is failed: waits of 1, 2 ... 512 s, then five of 15 minutes: about 1.5 h."""
USER_AGENT: Final = "school-agent-webhooks"


class DeliveryFailedError(Exception):
    """An attempt failed; the engine tries the job again in `retry_in_s`."""

    def __init__(self, delivery_id: str, reason: str, retry_in_s: float) -> None:
        super().__init__(f"webhook delivery {delivery_id} failed ({reason}); next try in {retry_in_s:g} s")
        self.retry_in_s = retry_in_s


class Backoff(BaseRetryStrategy):
    """The engine's retry of a delivery job: when the failed attempt says (`DeliveryFailedError`)."""

    def get_retry_decision(self, *, exception: BaseException, job: Job) -> RetryDecision | None:
        """Retry a failed attempt after its backoff; any other error is not retried (the sweep may)."""
        if isinstance(exception, DeliveryFailedError):
            return RetryDecision(retry_in={"seconds": int(exception.retry_in_s)})
        return None


def backoff_s(attempts: int) -> float:
    """How long to wait after the `attempts`-th failed attempt: 1, 2, 4 ... s, at most the cap."""
    return min(BACKOFF_CAP_S, BACKOFF_BASE_S * 2 ** (attempts - 1))


def signature(secret: bytes, delivery_id: str, timestamp: int, body: bytes) -> str:
    """The `webhook-signature` of a body: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`."""
    signed = f"{delivery_id}.{timestamp}.".encode() + body
    digest = hmac.new(secret, signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def signed_request(secret: bytes, delivery: webhooks.Delivery, now: float) -> tuple[bytes, dict[str, str]]:
    """The body and headers of one attempt of `delivery`, sent at `now` (seconds since the epoch)."""
    sent_at = datetime.fromtimestamp(now, UTC).isoformat()
    payload: dict[str, Any] = delivery["payload"]
    if delivery["event"] == "run.ended":
        payload = {**payload, "webhook_sent_at": sent_at}
    body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()
    timestamp = int(now)
    headers = {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "webhook-id": delivery["id"],
        "webhook-timestamp": str(timestamp),
        "webhook-signature": signature(secret, delivery["id"], timestamp, body),
    }
    return body, headers


def deliver(resources: Resources, delivery_id: str) -> None:
    """Make one attempt at a delivery; DeliveryFailedError when it is to be tried again."""
    pool, config = resources.pool, resources.settings.webhooks
    delivery = webhooks.start_attempt(pool, delivery_id)
    if delivery is None:
        return  # delivered or failed already (a job retried after its worker died), or deleted
    attempts = delivery["attempts"]
    if config.secret is None:
        return _give_up(resources, delivery, "webhooks are off: SCHOOL_WEBHOOK_SECRET is unset")
    try:
        webhooks.check_url(delivery["url"], config)
    except webhooks.WebhookUrlError as err:
        return _give_up(resources, delivery, f"refused by the URL policy: {err}")
    body, headers = signed_request(config.secret, delivery, time.time())
    status: int | None = None
    try:
        response = httpx.post(
            delivery["url"], content=body, headers=headers, timeout=POST_TIMEOUT_S, follow_redirects=False
        )
        status = response.status_code
        reason = f"HTTP {status}"
    except httpx.HTTPError as err:
        reason = f"{type(err).__name__}: {err}"[:500]
    if status is not None and 200 <= status < 300:
        faults.point("webhooks.after_post")  # the receiver has it, the row does not say so yet
        webhooks.mark_delivered(pool, delivery_id, status)
        log.info("webhook %s (%s) delivered to %s", delivery_id, delivery["event"], delivery["url"])
        return None
    if attempts >= MAX_ATTEMPTS:
        return _give_up(resources, delivery, reason, status)
    wait = backoff_s(attempts)
    webhooks.mark_attempt_failed(pool, delivery_id, error=reason, http_status=status, retry_in_s=wait)
    raise DeliveryFailedError(delivery_id, reason, wait)


def _give_up(
    resources: Resources, delivery: webhooks.Delivery, reason: str, status: int | None = None
) -> None:
    """Mark the delivery failed for good, and say so in the log."""
    webhooks.mark_attempt_failed(
        resources.pool, delivery["id"], error=reason, http_status=status, retry_in_s=None
    )
    log.error(
        "webhook %s to %s failed for good after %s attempts: %s",
        delivery["id"],
        delivery["url"],
        delivery["attempts"],
        reason,
    )
