"""A run's helper threads kept for the next run on the same thread, instead of started anew each run.

LangGraph's sync loop gives every run a thread pool of its own (`BackgroundExecutor`, through
LangChain's `get_executor_for_config`): the run's checkpoint and write stores, and its parallel
tasks, go to threads started for that run and joined at its end. A turn started about three
threads, and starting and joining them was a measurable part of a turn's client CPU.

Inside `kept_threads()` (the runtime enters it around a run) the outermost run of the calling
thread gets that thread's own pool, kept between its runs; everything else (a run nested in a
node, a run on another thread meanwhile, a different `max_concurrency`, any run outside the block)
gets a fresh pool, as LangGraph does. A kept pool serves one run at a time: the run still waits
for each of its own tasks at its end, as before; the pool is only not shut down. Its idle threads
end when the calling thread's pool is dropped (the thread ended) or the interpreter exits; a
forked child starts with none.
Nothing here is written anywhere: a process that dies loses the threads with everything else.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from langchain_core.runnables.config import ContextThreadPoolExecutor

from agent.infra import internals


class _Kept:
    """One calling thread's pool, and whether a run uses it now."""

    def __init__(self, workers: int | None) -> None:
        self.workers = workers
        self.executor = ContextThreadPoolExecutor(max_workers=workers)
        self.busy = False


_local = threading.local()
_kept: ContextVar[_Kept | None] = ContextVar("kept_run_threads", default=None)


@contextmanager
def _executor_for(config: Any) -> Iterator[Executor]:
    """LangGraph's per-run pool, or the calling thread's kept one when `kept_threads` offers it."""
    kept = _kept.get()
    workers = config.get("max_concurrency") if config else None
    mine = kept is not None and kept is getattr(_local, "kept", None)  # offered on this very thread
    if kept is None or not mine or kept.busy or kept.workers != workers:
        with internals.run_executor(config) as executor:
            yield executor
        return
    kept.busy = True
    try:
        yield kept.executor
    finally:
        kept.busy = False


@contextmanager
def kept_threads(max_concurrency: int | None = None) -> Iterator[None]:
    """Let the next run on this thread (not one nested in it) use this thread's kept pool."""
    kept: _Kept | None = getattr(_local, "kept", None)
    if kept is None or kept.workers != max_concurrency:
        if kept is not None and not kept.busy:
            kept.executor.shutdown(wait=False)
        kept = _local.kept = _Kept(max_concurrency)
    token = _kept.set(kept)
    try:
        yield
    finally:
        _kept.reset(token)


def _forget_in_child() -> None:
    """A forked child has none of its parent's threads: its kept pools would wait for them forever."""
    global _local
    _local = threading.local()


os.register_at_fork(after_in_child=_forget_in_child)
internals.use_run_executor(_executor_for)
