"""Tokens and cost of a model call, read from its reply: the one extractor of usage.

The budget (`middleware.ledger`), the graph's call records (`agent.llm.usage`, `agent.llm.calls`)
and the traces (`agent.llm.tracing`) all read a call's tokens and price it here, so they agree.
A price is anything with `cost(input_tokens, output_tokens)`; the application's one price type is
`agent.config.model_config.Price`, which this layer may not import, so it is named here by its
shape (`Rate`), as the ledger is by `BudgetLedger`.

Replies are read by their attributes (`usage_metadata`, `response_metadata`): nothing of LangChain
is imported at run time, so the persistence layer that prices charges stays cheap to import.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from langchain_core.outputs import LLMResult


class Rate(Protocol):
    """What a model's tokens cost; `agent.config.model_config.Price` is the application's."""

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        """US dollars for one call with these token counts."""
        ...


Prices = Callable[[str], Rate | None]
"""Model name -> its price, or None when it is not priced (`ModelConfig.price_of` is one)."""


@dataclass(frozen=True)
class CallUsage:
    """The tokens of one model call and what they cost."""

    input_tokens: int
    output_tokens: int
    cost_usd: float
    """Rounded to 8 decimals; 0 when the model has no price."""
    priced: bool
    """Whether a price was found for the model (an unpriced call's tokens still count)."""


def reply_tokens(message: Any) -> tuple[int, int] | None:
    """(input, output) tokens from a reply's `usage_metadata`; None when it reports no usage."""
    usage = getattr(message, "usage_metadata", None)
    if not usage:
        return None
    return int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0))


def reply_model(message: Any) -> str | None:
    """The model the provider says answered (`model_name`, else `model`, in `response_metadata`).

    That is the model that actually answered, which matters when a fallback replaced the one asked
    for; OpenAI names the dated snapshot (gpt-4.1-mini-2025-04-14).
    """
    metadata = getattr(message, "response_metadata", None) or {}
    return _first_text(metadata.get("model_name"), metadata.get("model"))


def result_tokens(result: LLMResult) -> tuple[int, int] | None:
    """(input, output) tokens of a callback's `LLMResult`: its replies' usage, else the provider's."""
    usages = [t for m in _replies(result) if (t := reply_tokens(m)) is not None]
    if usages:
        return sum(t[0] for t in usages), sum(t[1] for t in usages)
    usage = (result.llm_output or {}).get("token_usage")
    if isinstance(usage, Mapping) and ("prompt_tokens" in usage or "completion_tokens" in usage):
        return int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0))
    return None


def result_model(result: LLMResult) -> str | None:
    """The model the provider says answered, from a callback's `LLMResult`."""
    found = [reply_model(m) for m in _replies(result)]
    return _first_text(*found, (result.llm_output or {}).get("model_name"))


def rate_of(prices: Prices | None, *names: str | None) -> Rate | None:
    """The price of the first of `names` that has one: the model asked for first, then the one that answered."""
    for name in names:
        rate = prices(name) if prices is not None and name else None
        if rate is not None:
            return rate
    return None


def call_usage(tokens: tuple[int, int] | None, prices: Prices | None, *names: str | None) -> CallUsage:
    """The usage of a call with `tokens` (None: unknown, counted as 0), priced as `rate_of` says."""
    input_tokens, output_tokens = tokens or (0, 0)
    rate = rate_of(prices, *names)
    cost = round(rate.cost(input_tokens, output_tokens), 8) if rate is not None else 0.0
    return CallUsage(input_tokens, output_tokens, cost, rate is not None)


def reply_usage(message: Any, prices: Prices | None, *, model: str | None = None) -> CallUsage:
    """The usage of the call that returned `message` (None for a failed call: zero tokens).

    Priced by `model`, the name the caller asked for, when it has a price; else by the name the
    provider reports in the reply.
    """
    return call_usage(reply_tokens(message), prices, model, reply_model(message))


def _replies(result: LLMResult) -> list[Any]:
    return [getattr(g, "message", None) for gens in result.generations for g in gens]


def _first_text(*values: Any) -> str | None:
    return next((v for v in values if isinstance(v, str) and v), None)
