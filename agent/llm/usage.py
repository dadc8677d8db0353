"""Token usage and cost of model calls, from the models' own usage data.

Kept in the graph state per turn and summed per thread, so budgets can read them. The tokens and
the price of a reply are read by `middleware.usage` (the one extractor, shared with the budget
and the traces); `agent.llm.calls` makes the calls and records them.
"""

from __future__ import annotations

from typing import TypedDict

from middleware.usage import CallUsage


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
    """How long the call itself took, from LangChain's start of the call to its end (`agent.llm.calls`)."""
    outcome: str
    """'ok', or why its answer was not used ('invalid_json', 'error: APITimeoutError', ...)."""


class Usage(TypedDict):
    """Totals over the calls of a thread."""

    calls: int
    input_tokens: int
    output_tokens: int
    cost_usd: float


NO_USAGE = Usage(calls=0, input_tokens=0, output_tokens=0, cost_usd=0.0)


def model_call(used: CallUsage, *, role: str, model: str, latency_s: float, outcome: str = "ok") -> ModelCall:
    """The record of one call from its usage (`middleware.usage`) and its measured latency."""
    return ModelCall(
        role=role,
        model=model,
        input_tokens=used.input_tokens,
        output_tokens=used.output_tokens,
        cost_usd=used.cost_usd,
        priced=used.priced,
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
