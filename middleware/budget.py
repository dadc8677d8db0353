"""A token and money budget per thread, shared by the parent agent and every subagent it spawns.

Spend lives in a `BudgetLedger` keyed by thread id, not in agent state: a subagent has its own state
but runs with its parent's thread id, so all of them charge the same account. This module defines
the ledger protocol and an in-memory ledger for tests; a durable ledger (Postgres) lives with the
persistence code, not here. The middleware never raises when the budget is spent: the run ends
with a message to the student, and `on_exhausted` is told once per thread (for the journal).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from langchain.agents.middleware.types import AgentMiddleware, AgentState, ContextT, ResponseT, hook_config
from langchain_core.messages import AIMessage, AnyMessage
from langgraph.config import get_config
from langgraph.runtime import Runtime
from typing_extensions import override

from middleware._common import ThreadIdOf, last_ai_message, thread_id_from_config

Prices = Callable[[str], tuple[float, float] | None]
"""Model name -> (input, output) price in US dollars per million tokens, or None when unpriced."""
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
        return Spend(self.input_tokens + input_tokens, self.output_tokens + output_tokens,
                     round(self.cost_usd + cost_usd, 8))


@runtime_checkable
class BudgetLedger(Protocol):
    """Where the spend of each thread is kept. Real implementations make each method atomic."""

    def spent(self, thread_id: str) -> Spend:
        """What the thread has spent (zero for a thread never charged)."""
        ...

    def charge(self, thread_id: str, input_tokens: int, output_tokens: int, cost_usd: float, *,
               call_id: str) -> Spend:
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

    def charge(self, thread_id: str, input_tokens: int, output_tokens: int, cost_usd: float, *,
               call_id: str) -> Spend:
        """Add one call, once per `call_id`; the new total."""
        with self._lock:
            calls = self._calls.setdefault(thread_id, set())
            if call_id not in calls:
                calls.add(call_id)
                self._spend[thread_id] = self._spend.get(thread_id, Spend()).plus(
                    input_tokens, output_tokens, cost_usd)
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
    """The charge for a model reply from its `usage_metadata`, or None when it reports no usage.

    The price is looked up by the model name the provider reports in `response_metadata`
    (`model_name`, else `model`): the model that actually answered, which matters when a fallback
    replaced the configured one. A reply without a name or price costs 0 but its tokens count.
    """
    usage = message.usage_metadata
    if not usage or message.id is None:
        return None
    metadata = message.response_metadata or {}
    model = str(metadata.get("model_name") or metadata.get("model") or "")
    price = prices(model) if prices and model else None
    input_tokens, output_tokens = int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0))
    cost = (input_tokens * price[0] + output_tokens * price[1]) / 1_000_000 if price else 0.0
    return Charge(message.id, model, input_tokens, output_tokens, round(cost, 8))


def is_exhausted(spend: Spend, max_tokens: int | None, max_usd: float | None) -> bool:
    """Whether `spend` has reached either limit."""
    return ((max_tokens is not None and spend.tokens >= max_tokens)
            or (max_usd is not None and spend.cost_usd >= max_usd))


def exhausted_message(spend: Spend) -> AIMessage:
    """What the student reads when the budget stops a run."""
    text = (f"I had to stop before finishing: this request has used its budget for AI processing "
            f"({spend.tokens:,} tokens, about US${spend.cost_usd:.2f}). Please ask again with a "
            "narrower request, or contact support if you need more.")
    return AIMessage(text, response_metadata={"finish_reason": "budget_exhausted"})


class BudgetMiddleware(AgentMiddleware[AgentState[ResponseT], ContextT, ResponseT]):
    """Stops the agent loop once its thread has spent `max_tokens` or `max_usd` on model calls.

    `after_model` charges each reply's usage to the ledger; `before_model` ends the run with a
    message to the student when the thread's spend has reached a limit, and calls `on_exhausted`
    the first time that happens for the thread (the ledger remembers, across agents and runs).
    The check comes before a call, so parallel subagents may each finish the call in flight.

    Example:
        ```python
        ledger = MemoryLedger()
        budget = BudgetMiddleware(ledger=ledger, max_tokens=50_000, max_usd=0.50,
                                  prices=lambda name: {"gpt-4.1-mini": (0.4, 1.6)}.get(name))
        agent = create_agent(model, tools, middleware=[budget], checkpointer=saver)
        ```

    """

    def __init__(
        self,
        *,
        ledger: BudgetLedger,
        max_tokens: int | None,
        max_usd: float | None,
        prices: Prices | None = None,
        on_exhausted: OnExhausted | None = None,
        thread_id_of: ThreadIdOf | None = None,
    ) -> None:
        """Configure the budget.

        Args:
            ledger: Where each thread's spend is kept; share one ledger between an agent and its
                subagents.
            max_tokens: Input plus output tokens a thread may use; None for no token limit.
            max_usd: US dollars a thread may spend; None for no money limit.
            prices: Model name -> (input, output) USD per million tokens, or None if unpriced.
            on_exhausted: Called with (thread id, spend) the first time the thread is found spent.
            thread_id_of: Reads the thread id from the run's config; defaults to
                `configurable.thread_id`, which subagents share with their parent.

        Raises:
            TypeError: If `ledger` is not a `BudgetLedger` or a callable argument is not callable.
            ValueError: If both limits are None or a limit is not positive.

        """
        super().__init__()
        if not isinstance(ledger, BudgetLedger):
            msg = f"ledger must implement BudgetLedger (spent, charge, note_exhausted), got {ledger!r}"
            raise TypeError(msg)
        if max_tokens is None and max_usd is None:
            msg = "BudgetMiddleware needs max_tokens, max_usd or both; with neither it limits nothing"
            raise ValueError(msg)
        if max_tokens is not None and (isinstance(max_tokens, bool) or not isinstance(max_tokens, int)
                                       or max_tokens <= 0):
            msg = f"max_tokens must be a positive int or None, got {max_tokens!r}"
            raise ValueError(msg)
        if max_usd is not None and (isinstance(max_usd, bool) or not isinstance(max_usd, int | float)
                                    or max_usd <= 0):
            msg = f"max_usd must be a positive number or None, got {max_usd!r}"
            raise ValueError(msg)
        for name, value in (("prices", prices), ("on_exhausted", on_exhausted),
                            ("thread_id_of", thread_id_of)):
            if value is not None and not callable(value):
                msg = f"{name} must be callable or None, got {value!r}"
                raise TypeError(msg)
        self.ledger = ledger
        self.max_tokens = max_tokens
        self.max_usd = max_usd
        self.prices = prices
        self.on_exhausted = on_exhausted
        self.thread_id_of = thread_id_of or thread_id_from_config

    def _thread_id(self) -> str:
        return self.thread_id_of(get_config())

    @hook_config(can_jump_to=["end"])
    @override
    def before_model(self, state: AgentState[ResponseT], runtime: Runtime[ContextT]) -> dict[str, Any] | None:
        """End the run with a message to the student when the thread's budget is spent."""
        thread_id = self._thread_id()
        spend = self.ledger.spent(thread_id)
        if not is_exhausted(spend, self.max_tokens, self.max_usd):
            return None
        if self.ledger.note_exhausted(thread_id) and self.on_exhausted is not None:
            self.on_exhausted(thread_id, spend)
        return {"jump_to": "end", "messages": [exhausted_message(spend)]}

    @hook_config(can_jump_to=["end"])
    async def abefore_model(self, state: AgentState[ResponseT],
                            runtime: Runtime[ContextT]) -> dict[str, Any] | None:
        """Async form of `before_model` (the ledger is synchronous)."""
        return self.before_model(state, runtime)

    @override
    def after_model(self, state: AgentState[ResponseT], runtime: Runtime[ContextT]) -> dict[str, Any] | None:
        """Charge the reply's usage to the thread; changes no state."""
        messages: list[AnyMessage] = state["messages"]
        message = last_ai_message(messages)
        charge = charge_of(message, self.prices) if message is not None else None
        if charge is not None:
            self.ledger.charge(self._thread_id(), charge.input_tokens, charge.output_tokens,
                               charge.cost_usd, call_id=charge.call_id)
        return None

    async def aafter_model(self, state: AgentState[ResponseT],
                           runtime: Runtime[ContextT]) -> dict[str, Any] | None:
        """Async form of `after_model` (the ledger is synchronous)."""
        return self.after_model(state, runtime)
