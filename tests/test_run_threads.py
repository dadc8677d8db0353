"""A turn's sync run keeps its thread pool for the calling thread's next run (`internals.reused_run_threads`).

LangGraph starts a thread pool per sync run; the project's turns keep one per calling thread, so a
turn does not wait for new threads to be scheduled. Nothing else may change: every checkpoint is
written before the run returns, runs outside the block (the stock graph, a run with its own
`max_concurrency`) keep LangGraph's own pool, and an upgrade that moves the internal fails here.
"""

from __future__ import annotations

import inspect
import operator
import threading
from typing import Annotated, Any, TypedDict

import langgraph.pregel._executor as pregel_executor
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph

from agent.infra import internals


class _State(TypedDict):
    seen: Annotated[list[str], operator.add]


class _Saver(InMemorySaver):
    """Remembers the threads its checkpoints were written on."""

    def __init__(self) -> None:
        super().__init__()
        self.writers: set[threading.Thread] = set()

    def put(self, *args: Any, **kwargs: Any) -> Any:
        self.writers.add(threading.current_thread())
        return super().put(*args, **kwargs)


def _graph() -> Any:
    builder = StateGraph(_State)
    builder.add_node("first", lambda _: {"seen": ["first"]})
    builder.add_node("second", lambda _: {"seen": ["second"]})
    builder.add_edge(START, "first")
    builder.add_edge("first", "second")
    builder.add_edge("second", END)
    return builder.compile(checkpointer=_Saver())


def _pool_threads(prefix: str) -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name.startswith(prefix)}


def _run(graph: Any, thread_id: str, **config: Any) -> None:
    for durability in ("sync", "async"):
        configured = {"configurable": {"thread_id": f"{thread_id}-{durability}"}, **config}
        graph.invoke({"seen": []}, configured, durability=durability)


RUNS = 20
"""Turns of two runs each: more runs than any thread pool has threads (at most 32)."""


def test_runs_in_the_block_reuse_one_pool_and_store_every_checkpoint() -> None:
    inside, outside = _graph(), _graph()
    with internals.reused_run_threads():
        for turn in range(RUNS):
            _run(inside, f"t{turn}")
    for turn in range(RUNS):
        _run(outside, f"t{turn}")
    assert len(outside.checkpointer.writers) >= 2 * RUNS  # LangGraph: new threads for every run
    assert len(inside.checkpointer.writers) <= 32  # the kept pool's threads, again and again
    for graph in (inside, outside):
        for durability in ("sync", "async"):
            config = {"configurable": {"thread_id": f"t{RUNS - 1}-{durability}"}}
            assert graph.get_state(config).values == {"seen": ["first", "second"]}
            assert len(list(graph.get_state_history(config))) == 4  # input, start, first, second


def test_runs_outside_the_block_or_with_their_own_concurrency_get_langgraphs_pool() -> None:
    graph = _graph()
    with internals.reused_run_threads():
        _run(graph, "warm")
    kept = _pool_threads("run")
    seen: list[Any] = []
    stock = pregel_executor.get_executor_for_config

    def spy(config: Any) -> Any:
        manager = stock(config)
        seen.append(manager)
        return manager

    pregel_executor.get_executor_for_config = spy
    try:
        _run(graph, "outside")
        with internals.reused_run_threads():
            _run(graph, "limited", max_concurrency=2)
    finally:
        pregel_executor.get_executor_for_config = stock
    assert len(seen) == 4
    assert _pool_threads("run") == kept
    assert graph.get_state({"configurable": {"thread_id": "limited-sync"}}).values == {
        "seen": ["first", "second"]
    }


def test_each_calling_thread_has_a_pool_of_its_own() -> None:
    elsewhere, here = _graph(), _graph()

    def turns() -> None:
        with internals.reused_run_threads():
            for turn in range(3):
                _run(elsewhere, f"t{turn}")

    worker = threading.Thread(target=turns)
    worker.start()
    with internals.reused_run_threads():
        for turn in range(3):
            _run(here, f"t{turn}")
    worker.join()
    assert elsewhere.checkpointer.writers
    assert here.checkpointer.writers
    assert not elsewhere.checkpointer.writers & here.checkpointer.writers


def test_langgraphs_sync_runs_still_ask_the_module_global_for_their_pool() -> None:
    source = inspect.getsource(pregel_executor.BackgroundExecutor.__init__)
    assert f"{internals.EXECUTOR_NAME}(config)" in source
