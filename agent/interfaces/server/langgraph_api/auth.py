"""Who calls, as the LangGraph SDKs send it, and errors in the platform's shape.

`langgraph_sdk` and the JS client send the key as `x-api-key`; other clients send
`Authorization: Bearer <key>`. Both are looked up in the server's one key table
(`agent.interfaces.server.auth`). Every error is `{"detail": <text>}` with its status, as the
platform answers; an internal error says only that it happened.

LangSmith Studio cannot send one of these keys: it sends `x-auth-scheme: langsmith` and the user's
LangSmith login, which only LangSmith can check. With `SCHOOL_STUDIO_OPERATOR` set, such a request
from this machine is served as that operator, as `langgraph dev` serves it without any check. That
trusts every program on the machine that sends the header, hence: off unless set, an operator
named in the key table, and only from a loopback peer that named a loopback host (a page rebound to
127.0.0.1 by DNS sends its own host name).
"""

from __future__ import annotations

import ipaddress
import json
import logging
from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from agent.infra.locks import ThreadBusyError
from agent.interfaces.server.auth import Principal
from agent.interfaces.server.limits import RateLimitedError, count_request, retry_after
from agent.runtime import threads

log = logging.getLogger(__name__)


class RefusedError(Exception):
    """A request answered with `status`, `{"detail": detail}` and `headers`."""

    def __init__(self, status: int, detail: str, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status, self.detail = status, detail
        self.headers = dict(headers or {})


_RUNTIME_ERRORS: list[tuple[type[BaseException], int]] = [
    (ThreadBusyError, 409),
    (threads.ForeignThreadError, 403),
    (threads.UnknownThreadError, 404),
    (threads.NothingPendingError, 409),
    (threads.InvalidApprovalError, 422),
    (threads.InvalidInputError, 422),
    (threads.DailyBudgetExhaustedError, 429),
    (RateLimitedError, 429),
]


def status_of(err: BaseException) -> tuple[int, str]:
    """Status and detail for an error; internal errors say only that they happened."""
    if isinstance(err, RefusedError):
        return err.status, err.detail
    for kind, status in _RUNTIME_ERRORS:
        if isinstance(err, kind):
            return status, str(err)
    log.error("internal error in a LangGraph API request: %s", type(err).__name__, exc_info=err)
    return 500, "the server could not complete the request; it has been logged"


def refuse_nul(value: Any) -> None:
    """Refuse (422) a request value holding NUL before anything is written: Postgres cannot store it."""
    if "\\u0000" in json.dumps(value, default=str):
        raise RefusedError(422, "the request holds a NUL character (\\u0000), which cannot be stored")


def error(status: int, detail: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """An error response in the platform's shape."""
    return JSONResponse({"detail": detail}, status_code=status, headers=headers)


STUDIO_SCHEME = "langsmith"
"""The `x-auth-scheme` LangSmith Studio sends, with the user's LangSmith login, to every server."""
_NO_KEY = "send a valid API key as 'x-api-key: <key>' or 'Authorization: Bearer <key>'"


def caller(
    request: Request,
    x_api_key: Annotated[str | None, Header()] = None,
    authorization: Annotated[str | None, Header()] = None,
) -> Principal:
    """The caller, from `x-api-key` or `Authorization: Bearer`, in the app's key table; else 401.

    Without a key of the table, a request carrying Studio's `x-auth-scheme: langsmith` is the
    Studio operator's (`app.state.studio_operator`) when one is set and it comes from this machine.
    The header is read here rather than declared: it is no way in for the SDKs' users. A known
    caller's request is counted against its key's rate (Studio's as one key): 429 when over.
    """
    keys: dict[str, Principal] = request.app.state.keys
    scheme, _, bearer = (authorization or "").partition(" ")
    key = x_api_key if x_api_key else bearer.strip() if scheme.lower() == "bearer" else None
    found = keys.get(key) if key else None
    if found is not None and key:
        count_request(request, key)
        return found
    if request.headers.get("x-auth-scheme", "").strip().lower() == STUDIO_SCHEME:
        studio = _studio_caller(request)
        count_request(request, f"{STUDIO_SCHEME}:{studio.user_id}")
        return studio
    raise RefusedError(401, _NO_KEY)


def _studio_caller(request: Request) -> Principal:
    """The Studio operator, for a request from this machine; else 401 (saying how, when local)."""
    studio: Principal | None = request.app.state.studio_operator
    if not _from_this_machine(request):
        raise RefusedError(401, _NO_KEY)  # a remote peer learns nothing of the setting
    if studio is None:
        message = (
            f"{_NO_KEY}; LangSmith Studio's login (x-auth-scheme: langsmith) is accepted only when "
            "the server is started with SCHOOL_STUDIO_OPERATOR=<an operator's user id>, and then from "
            "this machine only, as that operator"
        )
        raise RefusedError(401, message)
    return studio


def _from_this_machine(request: Request) -> bool:
    """Whether the peer is a loopback address and the request named a loopback host."""
    peer = request.client.host if request.client else ""
    host = request.url.hostname or ""
    return _loopback(peer) and (host.lower() == "localhost" or _loopback(host))


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:  # a name, or nothing: not an address at all
        return False


Who = Annotated[Principal, Depends(caller)]
"""A route parameter that is the authenticated caller."""


def install_error_handlers(app: FastAPI) -> None:
    """Answer every error of `app` as `{"detail": ...}`."""

    @app.exception_handler(RefusedError)
    def refused(_: Request, err: RefusedError) -> JSONResponse:
        return error(err.status, err.detail, err.headers)

    @app.exception_handler(RequestValidationError)
    def invalid(_: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0] if err.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return error(422, f"{where or 'request'}: {first.get('msg', 'invalid')}")

    @app.exception_handler(StarletteHTTPException)
    def http_error(_: Request, err: StarletteHTTPException) -> JSONResponse:
        return error(err.status_code, str(err.detail))

    for kind, _status in _RUNTIME_ERRORS:
        app.add_exception_handler(kind, lambda _r, e: error(*status_of(e), retry_after(e)))  # type: ignore[arg-type]

    @app.exception_handler(Exception)
    def internal(_: Request, err: Exception) -> JSONResponse:
        return error(*status_of(err))
