"""`BudgetMiddleware`: stops an agent once its thread has spent its token or money budget.

The ledger and the spend live in `middleware.ledger`, the tokens and price of a reply in
`middleware.usage`; neither loads `langchain.agents`: the persistence layer implements the ledger
and must stay cheap to import for a process that only resumes a thread.
"""

from __future__ import annotations

from typing import Any

from langchain.agents.middleware.types import AgentMiddleware, AgentState, ContextT, ResponseT, hook_config
from langchain_core.messages import AnyMessage
from langgraph.config import get_config
from langgraph.runtime import Runtime
from typing_extensions import override

from middleware._common import ThreadIdOf, last_ai_message, thread_id_from_config
from middleware.ledger import BudgetLedger, OnExhausted, charge_of, exhausted_message, is_exhausted
from middleware.usage import Prices


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
                                  prices=model_config.price_of)  # name -> a price with .cost()
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
            prices: Model name -> its price (anything with `cost(input_tokens, output_tokens)`,
                `middleware.usage.Rate`), or None if unpriced.
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
        if max_tokens is not None and (
            isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens <= 0
        ):
            msg = f"max_tokens must be a positive int or None, got {max_tokens!r}"
            raise ValueError(msg)
        if max_usd is not None and (
            isinstance(max_usd, bool) or not isinstance(max_usd, int | float) or max_usd <= 0
        ):
            msg = f"max_usd must be a positive number or None, got {max_usd!r}"
            raise ValueError(msg)
        for name, value in (
            ("prices", prices),
            ("on_exhausted", on_exhausted),
            ("thread_id_of", thread_id_of),
        ):
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
    async def abefore_model(
        self, state: AgentState[ResponseT], runtime: Runtime[ContextT]
    ) -> dict[str, Any] | None:
        """Async form of `before_model` (the ledger is synchronous)."""
        return self.before_model(state, runtime)

    @override
    def after_model(self, state: AgentState[ResponseT], runtime: Runtime[ContextT]) -> dict[str, Any] | None:
        """Charge the reply's usage to the thread; changes no state."""
        messages: list[AnyMessage] = state["messages"]
        message = last_ai_message(messages)
        charge = charge_of(message, self.prices) if message is not None else None
        if charge is not None:
            self.ledger.charge(
                self._thread_id(),
                charge.input_tokens,
                charge.output_tokens,
                charge.cost_usd,
                call_id=charge.call_id,
            )
        return None

    async def aafter_model(
        self, state: AgentState[ResponseT], runtime: Runtime[ContextT]
    ) -> dict[str, Any] | None:
        """Async form of `after_model` (the ledger is synchronous)."""
        return self.after_model(state, runtime)
