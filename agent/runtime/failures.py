"""Why a request or a run failed, in words fit to show: the kind of each error the runtime raises on purpose.

One table sorts errors into kinds: the runtime's refusals (a busy thread, someone else's thread,
an unknown one, nothing pending, a malformed decision or input, a spent budget, a key over its
rate) are told in their own words; a database that is down, restarting or out of connections is
`unavailable`; anything else is `internal` and says only that it happened (its trace goes to the
log). Faces answer a kind their own way (the HTTP API: a status, `agent.interfaces.server.errors`);
nothing here knows a protocol. A run that fails on a worker is recorded as a `Failure`.
"""

from __future__ import annotations

import logging
from typing import Literal, NotRequired, TypedDict

import psycopg
from psycopg_pool import PoolTimeout

from agent.infra.locks import ThreadBusyError
from agent.infra.persistence import DatabaseUnavailableError
from agent.infra.rate_limits import RateLimitedError
from agent.runtime import threads

log = logging.getLogger(__name__)

Kind = Literal["busy", "forbidden", "unknown", "conflict", "invalid", "limited", "unavailable", "internal"]
"""What went wrong, as a client must know it to act on it."""

KINDS: list[tuple[type[Exception], Kind]] = [
    (ThreadBusyError, "busy"),
    (threads.ForeignThreadError, "forbidden"),
    (threads.UnknownThreadError, "unknown"),
    (threads.NothingPendingError, "conflict"),
    (threads.InvalidApprovalError, "invalid"),
    (threads.InvalidInputError, "invalid"),
    (threads.DailyBudgetExhaustedError, "limited"),
    (RateLimitedError, "limited"),
]
"""The kind of each error raised on purpose; its message is what the client is told."""

DATABASE_ERRORS: tuple[type[Exception], ...] = (
    psycopg.OperationalError,
    PoolTimeout,
    DatabaseUnavailableError,
)
"""What a database that is down, restarting or out of connections raises: `unavailable`, never internal."""

DATABASE_DOWN = "the database is unavailable (down or restarting); try again shortly"
INTERNAL = "the server could not complete the request; it has been logged"


class Failure(TypedDict):
    """How a run that failed on a worker is answered (`agent.journal.api_runs`' `refusal`)."""

    error: str
    """The error's class name (the run's `error` column holds it too)."""
    kind: Kind
    message: str
    began: bool
    """Whether the run had begun (streamed anything) before it failed."""
    retry_after_s: NotRequired[int]
    """When a limit says to try again, in seconds."""


def kind_of(err: BaseException) -> Kind:
    """The kind of `err` (`internal` for anything not raised on purpose)."""
    if isinstance(err, DATABASE_ERRORS):
        return "unavailable"
    for error_type, kind in KINDS:
        if isinstance(err, error_type):
            return kind
    return "internal"


def explain(err: BaseException) -> tuple[Kind, str]:
    """The kind of `err` and what the client is told of it; an internal error is logged with its trace."""
    kind = kind_of(err)
    if kind == "unavailable":
        log.warning("the database is unavailable: %s", type(err).__name__)
        return kind, DATABASE_DOWN
    if kind == "internal":
        log.error("internal error: %s", type(err).__name__, exc_info=err)
        return kind, INTERNAL
    return kind, str(err)


def failure(err: BaseException, *, began: bool) -> Failure:
    """How a run that failed with `err` is answered (never a stack trace or raw internals)."""
    kind, message = explain(err)
    found = Failure(error=type(err).__name__, kind=kind, message=message, began=began)
    retry_after_s = getattr(err, "retry_after_s", None)  # a limit that says when to try again
    if isinstance(retry_after_s, int):
        found["retry_after_s"] = retry_after_s
    return found
