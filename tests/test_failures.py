"""How a failure is told: its kind and words (`agent.runtime.failures`) and its HTTP status (`server.errors`).

The same table answers a request that fails in the server and a run that fails on a worker: the
run's recorded failure is answered exactly as the error itself would have been. No database.
"""

from __future__ import annotations

from typing import get_args

import psycopg
import pytest
from psycopg_pool import PoolTimeout

from agent.infra.locks import ThreadBusyError
from agent.infra.persistence import DatabaseUnavailableError
from agent.infra.rate_limits import RateLimitedError
from agent.interfaces.server.errors import STATUS, RefusedError, failed, status_of
from agent.runtime import threads
from agent.runtime.failures import DATABASE_DOWN, INTERNAL, Kind, failure

REFUSALS = [
    (ThreadBusyError("thread t is busy"), "busy", 409),
    (threads.ForeignThreadError("thread t belongs to another student"), "forbidden", 403),
    (threads.UnknownThreadError("no thread t"), "unknown", 404),
    (threads.NothingPendingError("nothing waits"), "conflict", 409),
    (threads.InvalidApprovalError("not a decision"), "invalid", 422),
    (threads.InvalidInputError("empty message"), "invalid", 422),
    (threads.DailyBudgetExhaustedError("spent", retry_after_s=42), "limited", 429),
    (RateLimitedError(60, 7), "limited", 429),
]


def test_every_kind_has_a_status() -> None:
    assert set(STATUS) == set(get_args(Kind))


@pytest.mark.parametrize(("err", "kind", "status"), REFUSALS, ids=lambda v: type(v).__name__)
def test_a_refusal_is_told_in_its_own_words(err: Exception, kind: Kind, status: int) -> None:
    assert status_of(err) == (status, str(err))
    told = failure(err, began=False)
    expected = {"error": type(err).__name__, "kind": kind, "message": str(err), "began": False}
    retry_after_s = getattr(err, "retry_after_s", None)
    assert told == (expected if retry_after_s is None else expected | {"retry_after_s": retry_after_s})
    answered = failed(told)
    assert answered.status_code == status and answered.body == status_of_body(str(err))


def test_a_failure_recorded_before_kinds_is_answered_with_its_own_status() -> None:
    old = {"error": "ThreadBusyError", "status": 409, "message": "thread t is busy", "began": False}
    answered = failed(old)
    assert (answered.status_code, answered.body) == (409, status_of_body("thread t is busy"))


@pytest.mark.parametrize(
    "err",
    [psycopg.OperationalError("server closed"), PoolTimeout("no connection"), DatabaseUnavailableError("x")],
)
def test_a_database_that_is_down_is_unavailable_never_internal(err: Exception) -> None:
    assert status_of(err) == (503, DATABASE_DOWN)
    assert failure(err, began=True) == {
        "error": type(err).__name__,
        "kind": "unavailable",
        "message": DATABASE_DOWN,
        "began": True,
    }


def test_anything_else_says_only_that_it_happened() -> None:
    err = KeyError("secret internals")
    assert status_of(err) == (500, INTERNAL)
    assert failure(err, began=False) == {
        "error": "KeyError",
        "kind": "internal",
        "message": INTERNAL,
        "began": False,
    }


def test_a_refusal_of_the_server_keeps_its_status() -> None:
    assert status_of(RefusedError(413, "too big")) == (413, "too big")


def status_of_body(detail: str) -> bytes:
    """The body of an error response: `{"detail": ...}` as the platform writes it."""
    return ('{"detail":"' + detail + '"}').encode()
