"""A run's helper threads kept for the calling thread's next run (`agent.infra.run_threads`).

No database: a small graph with two parallel nodes on LangGraph's in-memory saver, whose checkpoint
stores and second task go to the run's pool. What matters: inside `kept_threads` the runs of one
thread reuse one pool, never shut down between them; a run nested in a node, a run
outside the block and a run with another `max_concurrency` each get a pool of their own, as
LangGraph gives them; a run's tasks and their errors are still waited for at its end.
"""

from __future__ import annotations

import contextlib
import operator
import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import Annotated, Any, TypedDict

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.pregel import _executor

from agent.infra import internals, run_threads


class _State(TypedDict):
    seen: Annotated[list[str], operator.add]


def _graph(*, inner: Any = None, fail: bool = False) -> Any:
    def left(state: _State) -> dict[str, Any]:
        if inner is not None:
            inner.invoke({"seen": []}, {"configurable": {"thread_id": "inner"}})
        return {"seen": [threading.current_thread().name]}

    def right(state: _State) -> dict[str, Any]:
        if fail:
            raise RuntimeError("right failed")
        return {"seen": [threading.current_thread().name]}

    builder: StateGraph[Any, None, Any, Any] = StateGraph(_State)
    builder.add_node("left", left)
    builder.add_node("right", right)
    builder.add_edge(START, "left")
    builder.add_edge(START, "right")
    builder.add_edge("left", END)
    builder.add_edge("right", END)
    return builder.compile(checkpointer=InMemorySaver())


@contextlib.contextmanager
def _pools_given() -> Iterator[list[Any]]:
    """The pools LangGraph's runs get meanwhile, in order."""
    given: list[Any] = []

    @contextlib.contextmanager
    def recording(config: Any) -> Iterator[Any]:
        with run_threads._executor_for(config) as executor:
            given.append(executor)
            yield executor

    _executor.get_executor_for_config = recording
    try:
        yield given
    finally:
        _executor.get_executor_for_config = run_threads._executor_for


def _cfg(thread: str, **extra: Any) -> Any:
    return {"configurable": {"thread_id": thread}, **extra}


def test_langgraph_takes_its_run_pools_from_the_factory_installed() -> None:
    assert _executor.get_executor_for_config is run_threads._executor_for
    internals.use_run_executor(run_threads._executor_for)  # installing it again is harmless


def test_runs_of_one_thread_reuse_its_pool_inside_the_block() -> None:
    graph = _graph()
    with _pools_given() as given:
        for i in range(3):
            with run_threads.kept_threads():
                out = graph.invoke({"seen": []}, _cfg(f"b{i}"))
            assert len(out["seen"]) == 2
    assert len(given) == 3 and given[0] is given[1] is given[2]
    assert given[0] is run_threads._local.kept.executor and not given[0]._shutdown


def test_a_run_outside_the_block_gets_a_pool_of_its_own() -> None:
    graph = _graph()
    seen: list[Any] = []
    original = internals.run_executor

    def spy(config: Any) -> Any:
        seen.append(config)
        return original(config)

    internals.run_executor = spy
    try:
        graph.invoke({"seen": []}, _cfg("outside"))
        with run_threads.kept_threads():
            graph.invoke({"seen": []}, _cfg("inside"))
    finally:
        internals.run_executor = original
    assert len(seen) == 1  # only the run outside the block asked LangChain for a pool


def test_a_nested_run_and_another_concurrency_get_pools_of_their_own() -> None:
    inner = _graph()
    outer = _graph(inner=inner)
    fresh: list[Any] = []
    original = internals.run_executor

    def spy(config: Any) -> Any:
        fresh.append(config)
        return original(config)

    internals.run_executor = spy
    try:
        with run_threads.kept_threads():
            out = outer.invoke({"seen": []}, _cfg("outer"))
        assert len(out["seen"]) == 2
        assert len(fresh) == 1  # the run nested in `left`, while the kept pool served the outer one
        with run_threads.kept_threads(max_concurrency=1):
            outer.invoke({"seen": []}, _cfg("outer-1", max_concurrency=1))
        assert len(fresh) == 2  # the outer run got the new kept pool; the nested one a fresh pool
    finally:
        internals.run_executor = original


def test_a_task_that_fails_still_fails_the_run_and_frees_the_pool() -> None:
    failing, fine = _graph(fail=True), _graph()
    with run_threads.kept_threads(), pytest.raises(RuntimeError, match="right failed"):
        failing.invoke({"seen": []}, _cfg("fails"))
    with run_threads.kept_threads():
        assert len(fine.invoke({"seen": []}, _cfg("after"))["seen"]) == 2
    kept = run_threads._local.kept
    assert kept.busy is False


def test_a_forked_child_runs_on_a_pool_of_its_own() -> None:
    graph = _graph()
    with run_threads.kept_threads():
        graph.invoke({"seen": []}, _cfg("parent"))
    child = os.fork()
    if child == 0:  # the parent's kept pool has no threads here: a run on it would wait forever
        ok = False
        try:
            with run_threads.kept_threads():  # one task on the pool a run would get, before any run
                alive = run_threads._local.kept.executor.submit(lambda: True).result(timeout=5)
                ran = len(graph.invoke({"seen": []}, _cfg("child"))["seen"]) == 2
            ok = alive and ran
        finally:
            os._exit(0 if ok else 1)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.05)
    os.kill(child, signal.SIGKILL)
    os.waitpid(child, 0)
    pytest.fail("the forked child's run hung on its parent's pool")
