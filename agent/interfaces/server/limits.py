"""Per-student limits at the HTTP API: requests per API key, and when a refused client may try again.

Each request of a known key is counted in one Postgres counter per key (`agent.infra.rate_limits`),
as soon as the key is known and before the route reads or writes anything, so a key's limit holds
across every process. A refusal that says when to try again (a key over its rate, a student over
today's model budget, `agent.runtime.daily_budget`) is answered 429 with `Retry-After`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import Request

from agent.infra.rate_limits import RateLimitedError as RateLimitedError  # re-exported for the faces
from agent.infra.rate_limits import RateLimiter


def count_request(request: Request, key: str) -> None:
    """Count one request of `key` with the app's limiter (`app.state.limiter`); RateLimitedError when over."""
    limiter: RateLimiter = request.app.state.limiter
    limiter.hit(key)


def retry_after(found: BaseException | Mapping[str, Any] | None) -> dict[str, str]:
    """The `Retry-After` header of a refusal that says when to try again; empty for any other.

    `found` is the error, or a run's recorded refusal (`agent.interfaces.worker.execution`), which
    keeps the error's `retry_after_s`.
    """
    if isinstance(found, Mapping):
        seconds = found.get("retry_after_s")
    else:
        seconds = getattr(found, "retry_after_s", None)
    if isinstance(seconds, int) and not isinstance(seconds, bool) and seconds > 0:
        return {"Retry-After": str(seconds)}
    return {}
