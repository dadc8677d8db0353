"""Errors as the platform answers them, and the one guard every request passes first.

One table says which status each kind of failure is answered with (`STATUS`; the kinds and the
words are `agent.runtime.failures`', which the worker records a failed run with):
`{"detail": <text>}`, as the LangGraph Server API answers, with `Retry-After` where the client
may try again (a key over its rate, a student over today's budget, a database that is down or
restarting). A database that cannot be reached is 503 on every endpoint, never 500. An internal
error says only that it happened; its trace goes to the log.
A key's requests are counted in Postgres (`agent.infra.rate_limits`) as soon as the key is known
(`auth.caller`), so its limit holds across every process.

The guard refuses a request whose body is too big (413) or holds NUL anywhere in its path, query
or JSON body (422), before any route reads or writes: Postgres text and jsonb cannot store NUL, so
let through, it fails the first insert halfway.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from agent.runtime.failures import DATABASE_ERRORS, KINDS, Kind, explain

MAX_BODY_BYTES = 1 << 20
"""The largest request body accepted (1 MiB): a message is capped far below it by the runtime."""
DATABASE_RETRY_S = 2
"""`Retry-After` of a 503 for a database that is down or restarting: the pool reconnects by then."""


class RefusedError(Exception):
    """A request answered with `status`, `{"detail": detail}` and `headers`."""

    def __init__(self, status: int, detail: str, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status, self.detail = status, detail
        self.headers = dict(headers or {})


STATUS: dict[Kind, int] = {
    "busy": 409,
    "forbidden": 403,
    "unknown": 404,
    "conflict": 409,
    "invalid": 422,
    "limited": 429,
    "unavailable": 503,
    "internal": 500,
}
"""The status each kind of failure is answered with (`agent.runtime.failures.KINDS` sorts the errors)."""


def status_of(err: BaseException) -> tuple[int, str]:
    """Status and detail for an error; internal errors say only that they happened."""
    if isinstance(err, RefusedError):
        return err.status, err.detail
    kind, detail = explain(err)
    return STATUS[kind], detail


def retry_after(found: BaseException | Mapping[str, Any] | None) -> dict[str, str]:
    """The `Retry-After` header of a refusal that says when to try again; empty for any other.

    `found` is the error, or a run's recorded failure (`agent.runtime.failures.Failure`), which
    keeps the error's `retry_after_s`.
    """
    seconds = (
        found.get("retry_after_s") if isinstance(found, Mapping) else getattr(found, "retry_after_s", None)
    )
    if isinstance(seconds, int) and not isinstance(seconds, bool) and seconds > 0:
        return {"Retry-After": str(seconds)}
    return {}


def headers_of(err: BaseException) -> dict[str, str]:
    """The headers an error is answered with: `Retry-After` when the client may try again."""
    if isinstance(err, RefusedError):
        return err.headers
    if isinstance(err, DATABASE_ERRORS):
        return {"Retry-After": str(DATABASE_RETRY_S)}
    return retry_after(err)


def error(status: int, detail: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """An error response in the platform's shape."""
    return JSONResponse({"detail": detail}, status_code=status, headers=headers)


def failed(failure: Mapping[str, Any]) -> JSONResponse:
    """The response for a run that failed on a worker, from its recorded `Failure`.

    A failure recorded before failures had kinds kept its status instead: it is answered with it.
    """
    status = STATUS[failure["kind"]] if "kind" in failure else int(failure.get("status", 500))
    return error(status, failure["message"], retry_after(failure))


def answer(err: BaseException) -> JSONResponse:
    """The response for an error, from the table."""
    return error(*status_of(err), headers_of(err))


def install_error_handlers(app: FastAPI) -> None:
    """Answer every error of `app` as `{"detail": ...}`."""

    @app.exception_handler(RequestValidationError)
    def invalid(_: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0] if err.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return error(422, f"{where or 'request'}: {first.get('msg', 'invalid')}")

    @app.exception_handler(StarletteHTTPException)
    def http_error(_: Request, err: StarletteHTTPException) -> JSONResponse:
        return error(err.status_code, str(err.detail))

    handled: list[type[Exception]] = [RefusedError, *DATABASE_ERRORS, *(k for k, _ in KINDS), Exception]
    for kind in handled:
        app.add_exception_handler(kind, lambda _r, e: answer(e))


def _carries_nul(value: Any) -> bool:
    """Whether a string anywhere in `value` (a parsed JSON document) holds a NUL character."""
    stack = [value]
    while stack:  # a loop, not recursion: a body nested as deep as the JSON parser allows still fits
        item = stack.pop()
        if isinstance(item, str) and "\x00" in item:
            return True
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


async def guard(request: Request) -> None:
    """Refuse an oversized body (413) or NUL in the path, query or JSON body (422)."""
    body = await request.body()
    if len(body) > MAX_BODY_BYTES:
        raise RefusedError(413, f"the request body is over {MAX_BODY_BYTES} bytes")
    try:
        parsed = json.loads(body) if body else None
    except (ValueError, RecursionError):
        parsed = None  # not JSON: the route's own validation answers it
    if _carries_nul([*request.path_params.values(), *request.query_params.values(), parsed]):
        raise RefusedError(422, "the request holds a NUL character (\\u0000), which cannot be stored")
