"""The spend ledger behind the token and money budget per thread: the protocol, an in-memory ledger, the spend.

Spend lives in a `BudgetLedger` keyed by thread id, not in agent state: a subagent has its own state
but runs with its parent's thread id, so all of them charge the same account. This module defines
the ledger protocol and an in-memory ledger for tests; a durable ledger (Postgres) lives with the
persistence code, not here. The middleware never raises when the budget is spent: the run ends
with a message to the student, and `on_exhausted` is told once per thread (for the journal).

`BudgetMiddleware` itself is in `middleware.budget`: the persistence layer implements the
ledger, and this module must not load `langchain.agents` into every process that opens the
database (a resume from the CLI, say).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from langchain_core.messages import AIMessage

from middleware.usage import Prices, reply_model, reply_usage

OnExhausted = Callable[[str, "Spend"], None]
"""Told (thread id, spend) the first time a thread's budget is found spent."""


@dataclass(frozen=True)
class Spend:
    """What a thread has spent on model calls so far."""

    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0

    @property
    def tokens(self) -> int:
        """Input and output tokens together: what `max_tokens` limits."""
        return self.input_tokens + self.output_tokens

    def plus(self, input_tokens: int, output_tokens: int, cost_usd: float) -> Spend:
        """The spend after one more call."""
        return Spend(
            self.input_tokens + input_tokens,
            self.output_tokens + output_tokens,
            round(self.cost_usd + cost_usd, 8),
        )


@runtime_checkable
class BudgetLedger(Protocol):
    """Where the spend of each thread is kept. Real implementations make each method atomic."""

    def spent(self, thread_id: str) -> Spend:
        """What the thread has spent (zero for a thread never charged)."""
        ...

    def charge(
        self, thread_id: str, input_tokens: int, output_tokens: int, cost_usd: float, *, call_id: str
    ) -> Spend:
        """Add one model call to the thread and return the new total.

        `call_id` (the AIMessage id) makes the charge idempotent: charging the same call again,
        e.g. when a node re-runs after a crash, changes nothing and returns the current total.
        """
        ...

    def note_exhausted(self, thread_id: str) -> bool:
        """Record that the thread's budget is spent; True only the first time for that thread."""
        ...


class MemoryLedger:
    """A thread-safe in-process `BudgetLedger`, for tests and the offline demo (lost on exit)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._spend: dict[str, Spend] = {}
        self._calls: dict[str, set[str]] = {}
        self._exhausted: set[str] = set()

    def spent(self, thread_id: str) -> Spend:
        """What the thread has spent."""
        with self._lock:
            return self._spend.get(thread_id, Spend())

    def charge(
        self, thread_id: str, input_tokens: int, output_tokens: int, cost_usd: float, *, call_id: str
    ) -> Spend:
        """Add one call, once per `call_id`; the new total."""
        with self._lock:
            calls = self._calls.setdefault(thread_id, set())
            if call_id not in calls:
                calls.add(call_id)
                self._spend[thread_id] = self._spend.get(thread_id, Spend()).plus(
                    input_tokens, output_tokens, cost_usd
                )
            return self._spend.get(thread_id, Spend())

    def note_exhausted(self, thread_id: str) -> bool:
        """True the first time only."""
        with self._lock:
            first = thread_id not in self._exhausted
            self._exhausted.add(thread_id)
            return first


@dataclass(frozen=True)
class Charge:
    """One model call to charge, read from its AIMessage."""

    call_id: str
    model: str
    input_tokens: int
    output_tokens: int
    cost_usd: float


def charge_of(message: AIMessage, prices: Prices | None) -> Charge | None:
    """The charge for a model reply, or None when it reports no usage (or has no id to charge by).

    Read by `middleware.usage.reply_usage`, priced by the model name the provider reports: the
    model that actually answered, which matters when a fallback replaced the configured one. A
    reply without a name or price costs 0 but its tokens count.
    """
    if not message.usage_metadata or message.id is None:
        return None
    used = reply_usage(message, prices)
    return Charge(
        message.id, reply_model(message) or "", used.input_tokens, used.output_tokens, used.cost_usd
    )


def is_exhausted(spend: Spend, max_tokens: int | None, max_usd: float | None) -> bool:
    """Whether `spend` has reached either limit."""
    return (max_tokens is not None and spend.tokens >= max_tokens) or (
        max_usd is not None and spend.cost_usd >= max_usd
    )


def exhausted_message(spend: Spend) -> AIMessage:
    """What the student reads when the budget stops a run."""
    text = (
        f"I had to stop before finishing: this request has used its budget for AI processing "
        f"({spend.tokens:,} tokens, about US${spend.cost_usd:.2f}). Please ask again with a "
        "narrower request, or contact support if you need more."
    )
    return AIMessage(text, response_metadata={"finish_reason": "budget_exhausted"})
