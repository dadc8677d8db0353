"""Token usage and cost of model calls, from the models' own usage data.

Kept in the graph state per turn and summed per thread, so budgets can read them.
"""

from __future__ import annotations

from typing import Any, TypedDict

from agent.config.model_config import ModelConfig


class ModelCall(TypedDict):
    """One call to a model in a turn."""

    role: str
    model: str
    input_tokens: int
    output_tokens: int
    cost_usd: float
    priced: bool
    """False when no price is configured for the model (its cost then counts as 0)."""
    latency_ms: float
    outcome: str
    """'ok', or why its answer was not used ('invalid_json', 'error: APITimeoutError', ...)."""


class Usage(TypedDict):
    """Totals over the calls of a thread."""

    calls: int
    input_tokens: int
    output_tokens: int
    cost_usd: float


NO_USAGE = Usage(calls=0, input_tokens=0, output_tokens=0, cost_usd=0.0)


def record_call(
    config: ModelConfig, *, role: str, model: str, message: Any, latency_s: float, outcome: str = "ok"
) -> ModelCall:
    """The record of one call; `message` is the model's reply (None when the call failed)."""
    usage = getattr(message, "usage_metadata", None) or {}
    input_tokens = int(usage.get("input_tokens", 0))
    output_tokens = int(usage.get("output_tokens", 0))
    price = config.price_of(model)
    cost = price.cost(input_tokens, output_tokens) if price else 0.0
    return ModelCall(
        role=role,
        model=model,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        cost_usd=round(cost, 8),
        priced=price is not None,
        latency_ms=round(latency_s * 1000, 1),
        outcome=outcome,
    )


def total(calls: list[ModelCall]) -> Usage:
    """The totals of some calls."""
    return Usage(
        calls=len(calls),
        input_tokens=sum(c["input_tokens"] for c in calls),
        output_tokens=sum(c["output_tokens"] for c in calls),
        cost_usd=round(sum(c["cost_usd"] for c in calls), 8),
    )


def add_usage(left: Usage | None, right: Usage | None) -> Usage:
    """Reducer for a thread's running totals: nodes (and, later, subagents) return increments."""
    a, b = left or NO_USAGE, right or NO_USAGE
    return Usage(
        calls=a["calls"] + b["calls"],
        input_tokens=a["input_tokens"] + b["input_tokens"],
        output_tokens=a["output_tokens"] + b["output_tokens"],
        cost_usd=round(a["cost_usd"] + b["cost_usd"], 8),
    )
