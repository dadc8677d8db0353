"""Time to the first streamed event of a turn, and to the first model token, as parts of the turn.

Both contenders answer with the same slow fake model (200 ms, first token after 100 ms). The
project reports progress through `on_event` (what the CLI and the SSE API forward); the stock graph
streams `updates` and `messages` from `stream`.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.types import StreamMode

from agent.runtime.runs import Pregel
from bench.fake_model import SlowChatModel
from bench.setups import QUESTION, project, stock

TURNS = 15


def measure(url: str, *, turns: int = TURNS, delay_s: float = 0.2) -> dict[str, Any]:
    """Medians of: turn time, time to first event, to first token; and the fractions of the turn."""
    model = SlowChatModel(delay_s=delay_s, first_token_s=delay_s / 2)
    with project(url, answer_model=model) as ours, stock(url, model=model) as base:
        rows: dict[str, list[tuple[float, float, float]]] = {"ours": [], "stock": []}
        for i in range(turns + 1):
            sample = _ours(ours, f"first-{i % 3}"), _stock(base.graph, f"first-stock-{i % 3}")
            if i:  # the first of each is a warm-up
                rows["ours"].append(sample[0])
                rows["stock"].append(sample[1])
    return {name: _medians(samples) for name, samples in rows.items()}


def _ours(ours: Any, thread: str) -> tuple[float, float, float]:
    seen: dict[str, float] = {}
    started = time.perf_counter()

    def on_event(name: str, data: dict[str, Any]) -> None:
        seen.setdefault("event", time.perf_counter())
        if name == "token":
            seen.setdefault("token", time.perf_counter())

    ours.turn(thread, on_event=on_event)
    ended = time.perf_counter()
    return ended - started, seen["event"] - started, seen.get("token", ended) - started


def _stock(graph: Pregel, thread: str) -> tuple[float, float, float]:
    seen: dict[str, float] = {}
    started = time.perf_counter()
    config: RunnableConfig = {"configurable": {"thread_id": thread}}
    modes: list[StreamMode] = ["updates", "messages"]
    for mode, _chunk in graph.stream({"messages": [("user", QUESTION)]}, config, stream_mode=modes):
        seen.setdefault("event", time.perf_counter())
        if mode == "messages":
            seen.setdefault("token", time.perf_counter())
    ended = time.perf_counter()
    return ended - started, seen["event"] - started, seen.get("token", ended) - started


def _medians(samples: list[tuple[float, float, float]]) -> dict[str, float]:
    turn, event, token = (statistics.median(column) * 1000 for column in zip(*samples, strict=True))
    return {
        "turn_ms": turn,
        "first_event_ms": event,
        "first_token_ms": token,
        "first_event_fraction": event / turn,
        "first_token_fraction": token / turn,
    }
