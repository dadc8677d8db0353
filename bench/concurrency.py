"""Concurrency: many threads at once against one process, with a model that takes 200 ms.

The ceiling is what one process does with the same graph and an instant model (the same fake,
without its delay), one turn at a time: all CPU and database, no waiting on a model. With a slow
model, concurrent turns should overlap their waits and get close to that ceiling. The project
runs turns on threads (as its HTTP server does); the stock graph runs as LangGraph documents it
for concurrency: `ainvoke` on asyncio tasks with `AsyncPostgresSaver` over an `AsyncConnectionPool`.
The stock graph also runs on threads as ours does (`invoke`, `PostgresSaver`), which splits the gap
between ours and stock async in two: what running on threads costs, and what ours costs over stock
on the same threads. The three take turns, each in `LEGS` legs of its turns, and each side's
figures are over its legs.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg_pool import AsyncConnectionPool

from agent.infra.persistence import connection_kwargs
from bench.fake_model import SlowChatModel
from bench.setups import bench_settings, project, stock
from bench.stats import summary
from bench.stock import build_stock_graph

CEILING_TURNS = 40


LEGS = 2
"""Ours and stock async take turns, each running its turns in this many legs: the machine's speed
drifts over a minute (other work on shared cores), and alternating puts the drift on both sides."""


@dataclass
class _Leg:
    """One leg of concurrent turns: each turn's latency, the leg's wall time and its process CPU."""

    latencies: list[float] = field(default_factory=list)
    wall_s: float = 0.0
    cpu_s: float = 0.0

    def __add__(self, other: _Leg) -> _Leg:
        return _Leg([*self.latencies, *other.latencies], self.wall_s + other.wall_s, self.cpu_s + other.cpu_s)

    def figures(self) -> dict[str, Any]:
        """Turns per second, the turns' latencies, and CPU seconds per wall second."""
        return {
            "turns_per_s": len(self.latencies) / self.wall_s,
            "turn": summary(self.latencies),
            "cpu_share": self.cpu_s / self.wall_s,
        }


def measure(
    url: str, *, threads: int = 50, turns: int = 10, delay_s: float = 0.2, ceiling_turns: int = CEILING_TURNS
) -> dict[str, Any]:
    """Turns per second: the ceiling, ours concurrent, and the stock graph both ways."""
    result: dict[str, Any] = {"threads": threads, "turns_each": turns, "model_delay_s": delay_s, "legs": LEGS}
    instant = SlowChatModel(delay_s=0, first_token_s=0)
    with project(url, answer_model=instant) as ours:
        before = _sequential(ours.turn, "ceiling", ceiling_turns)
        result["max_runs"] = ours.resources.settings.max_runs
    model = SlowChatModel(delay_s=delay_s, first_token_s=delay_s / 2)
    legs = [max(1, turns // LEGS)] * LEGS
    ours_legs, stock_legs, stock_threads = _Leg(), _Leg(), _Leg()
    # The default pools: 8 + `max_runs` lock connections for ours; the stock graph's plain pool.
    with project(url, answer_model=model) as ours, stock(url, model=model) as base:
        for n, leg_turns in enumerate(legs):
            ours_legs += _threaded_leg(ours.turn, f"ours-{n}", threads, leg_turns)
            stock_legs += asyncio.run(_stock_async(url, base.school, model, threads, leg_turns))
            stock_threads += _threaded_leg(base.turn, f"stock-threads-{n}", threads, leg_turns)
    result["ours"], result["stock"] = ours_legs.figures(), stock_legs.figures()
    result["stock_threads"] = stock_threads.figures()
    with project(url, answer_model=instant) as ours:  # again: the machine's speed drifts over a minute
        after = _sequential(ours.turn, "ceiling-after", ceiling_turns)
    result["ceiling"] = {
        "turns_per_s": (before["turns_per_s"] + after["turns_per_s"]) / 2,
        "before": before["turns_per_s"],
        "after": after["turns_per_s"],
    }
    with stock(url, model=instant) as base:
        result["stock_ceiling"] = _sequential(base.turn, "stock-ceiling", ceiling_turns)
    result["ratio"] = result["ours"]["turns_per_s"] / result["ceiling"]["turns_per_s"]
    return result


def _sequential(turn: Callable[[str], Any], prefix: str, turns: int) -> dict[str, Any]:
    turn(f"{prefix}-warm")
    started = time.perf_counter()
    for i in range(turns):
        turn(f"{prefix}-{i % 5}")
    wall = time.perf_counter() - started
    return {"turns_per_s": turns / wall, "turns": turns}


def _threaded(turn: Callable[[str], Any], prefix: str, threads: int, turns: int) -> dict[str, Any]:
    return _threaded_leg(turn, prefix, threads, turns).figures()


def _threaded_leg(turn: Callable[[str], Any], prefix: str, threads: int, turns: int) -> _Leg:
    leg = _Leg()

    def worker(n: int) -> None:
        for _ in range(turns):
            began = time.perf_counter()
            turn(f"{prefix}-{n}")
            leg.latencies.append(time.perf_counter() - began)

    started, used = time.perf_counter(), time.process_time()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        for future in [pool.submit(worker, n) for n in range(threads)]:
            future.result()
    leg.wall_s, leg.cpu_s = time.perf_counter() - started, time.process_time() - used
    return leg


async def _stock_async(url: str, school: Any, model: SlowChatModel, threads: int, turns: int) -> _Leg:
    settings = bench_settings(url)
    async with AsyncConnectionPool(
        url, kwargs=connection_kwargs(settings), min_size=1, max_size=settings.pool_max_size, open=False
    ) as pool:
        graph = build_stock_graph(school, AsyncPostgresSaver(pool), model=model, use_async=True)  # type: ignore[arg-type]
        leg = _Leg()

        async def worker(n: int) -> None:
            for _ in range(turns):
                began = time.perf_counter()
                await graph.ainvoke(
                    {"messages": [("user", "What does the Python course cover?")]},
                    {"configurable": {"thread_id": f"stock-async-{n}"}},
                )
                leg.latencies.append(time.perf_counter() - began)

        started, used = time.perf_counter(), time.process_time()
        await asyncio.gather(*(worker(n) for n in range(threads)))
        leg.wall_s, leg.cpu_s = time.perf_counter() - started, time.process_time() - used
    return leg
