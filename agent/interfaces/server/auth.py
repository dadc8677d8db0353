"""Who calls: API keys → users and roles, read from the request as the LangGraph SDKs send them.

A student sees and writes only their own threads; an operator sees the approval inbox, reads any
thread and decides approvals. `langgraph_sdk` and the JS client send the key as `x-api-key`; other
clients send `Authorization: Bearer <key>`. Both are looked up in the server's one key table.

LangSmith Studio cannot send one of these keys: it sends `x-auth-scheme: langsmith` and the user's
LangSmith login, which only LangSmith can check. With `SCHOOL_STUDIO_OPERATOR` set, such a request
from this machine is served as that operator, as `langgraph dev` serves it without any check. That
trusts every program on the machine that sends the header, hence: off unless set, an operator
named in the key table, and only from a loopback peer that named a loopback host (a page rebound to
127.0.0.1 by DNS sends its own host name).
"""

from __future__ import annotations

import ipaddress
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Literal

from fastapi import Depends, Header, Request

from agent.config.env import SettingsError
from agent.infra.rate_limits import RateLimiter
from agent.interfaces.server.errors import RefusedError

Role = Literal["student", "operator"]
_ENTRY = re.compile(
    r"^(?P<key>[A-Za-z0-9._~-]{8,})=(?P<user>[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}):"
    r"(?P<role>student|operator)$"
)


@dataclass(frozen=True)
class Principal:
    """Who is calling."""

    user_id: str
    role: Role


def parse_keys(raw: str) -> dict[str, Principal]:
    """`key=user:role,key=user:role` (from SCHOOL_API_KEYS) as a table; keys of 8+ characters."""
    table: dict[str, Principal] = {}
    for entry in filter(None, (part.strip() for part in raw.split(","))):
        match = _ENTRY.match(entry)
        if not match:
            shown = entry.split("=", 1)[-1]
            message = (
                "SCHOOL_API_KEYS entries look like KEY=user:student or KEY=user:operator "
                f"(KEY at least 8 characters); cannot read the entry for {shown!r}"
            )
            raise SettingsError(message)
        table[match["key"]] = Principal(match["user"], match["role"])  # type: ignore[arg-type]
    if not table:
        raise SettingsError("SCHOOL_API_KEYS names no key")
    return table


def demo_keys() -> dict[str, Principal]:
    """Fresh random keys for a first run without SCHOOL_API_KEYS: students ada and bob, operator olga."""
    return {
        secrets.token_urlsafe(18): Principal(user, role)  # type: ignore[arg-type]
        for user, role in (("ada", "student"), ("bob", "student"), ("olga", "operator"))
    }


def studio_principal(keys: Mapping[str, Principal], user_id: str | None) -> Principal | None:
    """The operator `SCHOOL_STUDIO_OPERATOR` (`user_id`) names; None when unset.

    A SettingsError unless the key table holds that user as an operator: Studio must not become a
    way to act as a student, nor as somebody the table does not know.
    """
    if user_id is None:
        return None
    studio = Principal(user_id, "operator")
    if studio not in keys.values():
        operators = sorted({who.user_id for who in keys.values() if who.role == "operator"})
        is_what = "a student" if any(who.user_id == user_id for who in keys.values()) else "not in it"
        message = (
            "SCHOOL_STUDIO_OPERATOR names the operator of the key table as whom LangSmith Studio on "
            f"this machine is served; {user_id!r} is {is_what} (operators: {', '.join(operators) or 'none'})"
        )
        raise SettingsError(message)
    return studio


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
        _count(request, key)
        return found
    if request.headers.get("x-auth-scheme", "").strip().lower() == STUDIO_SCHEME:
        studio = _studio_caller(request)
        _count(request, f"{STUDIO_SCHEME}:{studio.user_id}")
        return studio
    raise RefusedError(401, _NO_KEY)


def _count(request: Request, key: str) -> None:
    """Count one request of `key` with the app's limiter; RateLimitedError (429) when over its rate."""
    limiter: RateLimiter = request.app.state.limiter
    limiter.hit(key)


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
