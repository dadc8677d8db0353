"""Where the LangGraph API's runs execute: in the process that accepted them.

Each run has a thread of its own; a `wait` run that can start at once runs in the request's.

A run waits its turn on its thread (`agent.journal.api_runs.claim`: oldest pending run first, one
running run per thread across every process), then runs through `agent.runtime.threads` with the
thread's one-writer lock, the journal and `durability="sync"`, relaying the graph's stream into
its `Feed`. A stop asked by another request (`interrupt`, `rollback`, a cancel), in any process,
reaches this process as a Postgres notification on a connection that also holds this process's
liveness lock, and the run ends at its next step boundary; a rolled-back run's checkpoints are
then deleted with the saver's `delete_for_runs`, and its record too.

This is the simplest executor that keeps the API's guarantees on one or several `serve`
processes; the task-engine issue moves execution to workers that survive the accepting process.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg.rows import dict_row

from agent.infra.locks import ThreadBusyError
from agent.interfaces.server.langgraph_api.feeds import Feed
from agent.journal import api_runs
from agent.runtime.runs import OnEvent, RunStoppedError, Watch

log = logging.getLogger(__name__)

QUEUE_POLL_S = 0.2
"""How often a queued run looks again whether its turn has come (sooner when a local run ends)."""
BUSY_WAIT_S = 60.0
"""How long a queued run waits for a thread held by a request outside this API before failing."""


@dataclass
class Plan:
    """An accepted run: what it does and where its events go."""

    run_id: str
    thread_id: str
    work: Callable[[OnEvent, Watch], Any]
    """Runs the request through `agent.runtime.threads` with these progress and stream hooks."""
    modes: tuple[str, ...]
    """The LangGraph stream modes relayed to `relay`."""
    subgraphs: bool
    relay: Callable[[tuple[str, ...], str, Any], None]
    feed: Feed
    wait_for_lock: bool
    """A thread held outside this API is waited for (True) or refused (ThreadBusyError)."""
    metadata: dict[str, Any]
    """The run's metadata, written into each of its checkpoints' too."""
    configurable: dict[str, Any]
    """Ids added to the run's `configurable`, as the platform's runs carry them."""


class Executor:
    """The runs this process executes, and the signals that stop them."""

    def __init__(self, pool: Any, url: str, checkpointer: Any) -> None:
        self.pool, self.url, self.checkpointer = pool, url, checkpointer
        self.worker = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.feeds: dict[str, Feed] = {}
        self.threads: dict[str, str] = {}
        """The thread of each run this process is executing."""
        self.stops: dict[str, str] = {}
        self.turn_over = threading.Condition()
        self.alive = threading.Event()
        self.closed = False
        self._listener: threading.Thread | None = None
        self._start_lock = threading.Lock()

    def ready(self) -> str:
        """The worker id of this process, once it holds its liveness lock (runs may be claimed for it)."""
        self._listen()
        return self.worker

    def start(self, plan: Plan, *, claimed: bool, here: bool = False) -> None:
        """Execute the run in a thread of its own (`claimed`: it is already recorded as running here).

        With `here` (a caller that only waits for the end) a claimed run executes in the calling
        thread instead, which saves two thread hand-offs per run.
        """
        self._listen()
        self.feeds[plan.run_id] = plan.feed
        self.threads[plan.run_id] = plan.thread_id
        if here and claimed:
            self._execute(plan, claimed)
            return
        threading.Thread(
            target=self._execute, args=(plan, claimed), daemon=True, name=f"run-{plan.run_id[:8]}"
        ).start()

    def feed(self, run_id: str) -> Feed | None:
        """The feed of a run this process is executing now."""
        return self.feeds.get(run_id)

    def stop_local(
        self, thread_id: str, action: str, *, run_id: str | None = None, but: str | None = None
    ) -> None:
        """Stops this process recorded itself (a cancel, a new run's strategy): act on them at once.

        The runs of `thread_id` that this process runs (only `run_id`, or all but `but`) stop at
        their next step boundary without waiting for the notification to come round.
        """
        for found, thread in list(self.threads.items()):
            if thread == thread_id and found != but and run_id in (None, found):
                self.stops[found] = action

    def _execute(self, plan: Plan, claimed: bool) -> None:
        feed, error = plan.feed, None
        try:
            if not claimed and not self._wait_turn(plan):
                feed.put("metadata", {"run_id": plan.run_id, "attempt": 1})
                return
            error = self._run(plan)
        except BaseException as err:  # a database failure around the run: the run is lost, not the process
            log.exception("run %s failed outside the graph", plan.run_id)
            error = err
            api_runs.finish(self.pool, plan.run_id, "error", type(err).__name__)
        finally:
            try:
                feed.keep_now()
            except psycopg.Error:
                log.warning("could not keep the last events of run %s", plan.run_id)
            self.feeds.pop(plan.run_id, None)
            self.threads.pop(plan.run_id, None)
            self.stops.pop(plan.run_id, None)
            feed.end(error)
            with self.turn_over:
                self.turn_over.notify_all()

    def _wait_turn(self, plan: Plan) -> bool:
        """Wait until the run may start; False when it was stopped while it waited."""
        while True:
            self.alive.wait()
            got = api_runs.claim(self.pool, plan.run_id, plan.thread_id, self.worker)
            if got != "wait":
                return got == "run"
            plan.feed.first.set()
            with self.turn_over:
                self.turn_over.wait(QUEUE_POLL_S)

    def _run(self, plan: Plan) -> BaseException | None:
        """Run the plan; how it ended is recorded. Its error, if it failed."""
        feed = plan.feed
        feed.put("metadata", {"run_id": plan.run_id, "attempt": 1})

        def on_event(name: str, data: dict[str, Any]) -> None:
            feed.began = True
            feed.first.set()
            if name == "step_started":
                feed.keep_now()

        watch = Watch(
            modes=plan.modes,
            on_chunk=plan.relay,
            subgraphs=plan.subgraphs,
            run_id=plan.run_id,
            stop=lambda: self.stops.get(plan.run_id),
            metadata={**plan.metadata, "run_attempt": 1, "thread_id": plan.thread_id},
            configurable={**plan.configurable, "run_id": plan.run_id},
            tokens=False,  # a client that wants tokens asks for messages-tuple (in `modes`)
        )
        deadline = time.monotonic() + BUSY_WAIT_S
        while True:
            try:
                plan.work(on_event, watch)
            except ThreadBusyError:
                if not plan.wait_for_lock or time.monotonic() > deadline:
                    return self._ended(plan, "error", ThreadBusyError(f"thread {plan.thread_id} is busy"))
                time.sleep(QUEUE_POLL_S)
                continue
            except RunStoppedError as err:
                if self.stops.get(plan.run_id) == "rollback":
                    self.checkpointer.delete_for_runs([plan.run_id])
                    api_runs.delete_run(self.pool, plan.run_id)
                    return None
                api_runs.finish(self.pool, plan.run_id, "interrupted", str(err))
                return None
            except Exception as err:
                return self._ended(plan, "error", err)
            api_runs.finish(self.pool, plan.run_id, "success")
            return None

    def _ended(self, plan: Plan, status: str, err: BaseException) -> BaseException:
        api_runs.finish(self.pool, plan.run_id, status, type(err).__name__)
        return err

    def _listen(self) -> None:
        """Start the stop listener (once), and wait until it holds this process's liveness lock."""
        with self._start_lock:
            if self._listener is None:
                self._listener = threading.Thread(target=self._listen_loop, daemon=True, name="run-stops")
                self._listener.start()
        self.alive.wait(timeout=30)

    @property
    def stopped(self) -> bool:
        """The process is done with runs: closed, or its database resources are."""
        return self.closed or bool(self.pool.closed)

    def _listen_loop(self) -> None:
        while not self.stopped:
            try:
                with psycopg.connect(self.url, autocommit=True, row_factory=dict_row) as conn:
                    conn.execute(
                        "SELECT pg_advisory_lock(%s, hashtext(%s))", (api_runs.WORKER_LOCK_SPACE, self.worker)
                    )
                    conn.execute(f"LISTEN {api_runs.STOP_CHANNEL}")
                    self.stops.update(api_runs.stops_of_running(conn, self.worker))
                    self.alive.set()
                    while not self.stopped:
                        for note in conn.notifies(timeout=1.0):
                            if note.payload in self.feeds:
                                row = conn.execute(
                                    "SELECT stop FROM api_runs WHERE run_id = %s", (note.payload,)
                                ).fetchone()
                                if row and row["stop"]:
                                    self.stops[note.payload] = row["stop"]
            except psycopg.Error:
                self.alive.clear()
                if self.stopped:
                    return
                log.warning("the run-stop listener lost its connection; reconnecting")
                time.sleep(1.0)

    def close(self) -> None:
        """Stop listening (the process is shutting down)."""
        self.closed = True
