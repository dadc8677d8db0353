"""Running the graph for a request: one writer per thread, the journal, and live progress events.

`run` streams the graph (LangGraph's `tasks` and `messages` modes) and turns what it sees into
progress events for the caller (the CLI's live view, the HTTP API's Server-Sent Events) and into
journal rows: a turn, its steps (plan items), and events. `exclusive` holds the thread's advisory
lock around a request, so a second request on a busy thread fails at once, in any process.
Without a Postgres checkpointer (tests with an in-memory one) runs are neither locked nor journaled.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from langchain_core.messages import AIMessage, AIMessageChunk
from langchain_core.runnables import RunnableConfig
from psycopg_pool import ConnectionPool, PoolTimeout

from agent import turns
from agent.journal import record_event
from agent.locks import locks_for
from agent.persistence import DatabaseUnavailableError
from agent.tracing import tracing_config

log = logging.getLogger(__name__)

OnEvent = Callable[[str, dict[str, Any]], None]
"""Receives (event name, data): turn_started, step_started, step_completed, token, reply,
approval_requested, turn_completed."""

TOKEN_NODES = ("answer",)
"""Nodes whose model tokens are streamed to the caller (the planner's agents talk among themselves)."""


@dataclass(frozen=True)
class RunResult:
    """What a run streamed, and its journal turn (None when not journaled)."""

    streamed: str
    turn_id: int | None


def pool_of(graph: Any) -> ConnectionPool[Any] | None:
    """The connection pool behind the graph's Postgres checkpointer, if it has one."""
    pool = getattr(getattr(graph, "checkpointer", None), "conn", None)
    return pool if isinstance(pool, ConnectionPool) else None


def owner(graph: Any, thread_id: str, state: Any = None) -> str | None:
    """The student a thread belongs to.

    From its state, else from the journal, which knows the student of a first run cut off before
    the router stored it; the state is read only when not given and the journal has no owner.
    """
    found = state.values.get("student_id") if state is not None else None
    pool = pool_of(graph)
    if not found and pool is not None:
        found = turns.owner_of(pool, thread_id)
    if not found and state is None:
        found = graph.get_state({"configurable": {"thread_id": thread_id}}).values.get("student_id")
    return str(found) if found else None


@contextmanager
def exclusive(graph: Any, thread_id: str) -> Iterator[None]:
    """Hold the thread's lock (ThreadBusyError when another request holds it).

    Graphs on resources from `agent.persistence` are locked; others (in-memory tests) are not.
    """
    locks = locks_for(pool_of(graph))
    if locks is None:
        yield
        return
    with locks.hold(thread_id):
        yield


def run(graph: Any, value: Any, config: RunnableConfig, context: Any, *, kind: turns.TurnKind,
        actor: str, payload: dict[str, Any], seen: int, on_event: OnEvent | None = None) -> RunResult:
    """Run the graph on `value`, journaling the turn and reporting progress to `on_event`.

    `seen` is how many messages the thread had before: the later assistant messages are the replies.
    """
    pool = pool_of(graph)
    thread = str(config["configurable"]["thread_id"])
    emit = _Emitter(pool, thread, on_event)
    if pool is not None:
        if kind == "message":
            # Durable before the graph runs: a run cut off before the router stored the student
            # is resumed for the right student (`owner`).
            turns.claim_owner(pool, thread, actor)
        emit.turn = turns.start_turn(pool, thread_id=thread, kind=kind, actor=actor, payload=payload)
    config = {**config, "configurable": {**config["configurable"], "turn_id": emit.turn}}
    emit("turn_started", {"turn_id": emit.turn, "thread_id": thread, "kind": kind})
    try:
        traced = tracing_config({**config, "metadata": {**config.get("metadata", {}), "user_id": actor}})
        # durability="sync": a step starts only once the previous checkpoint is stored, so a crash
        # never leaves a checkpoint whose next step is lost (found by the crash sweep).
        for mode, chunk in graph.stream(value, traced, context=context, stream_mode=["tasks", "messages"],
                                        durability="sync"):
            if mode == "tasks":
                emit.task(chunk)
            else:
                emit.message(*chunk)
    except BaseException as err:
        try:
            emit.failed(err)
        except (psycopg.Error, PoolTimeout):
            log.warning("could not journal the failure of turn %s", emit.turn)
        if isinstance(err, psycopg.OperationalError | PoolTimeout):
            message = (f"the database connection was lost during the run on thread {thread}; its "
                       "finished steps are saved: once the database is back, resume it with "
                       f"`school-agent resume {thread}` (or send the request again)")
            raise DatabaseUnavailableError(message) from err
        raise
    emit.finished(graph.get_state(config), seen)
    return RunResult("".join(emit.streamed), emit.turn)


class _Emitter:
    """Turns stream items into events, journal rows and plan items for one run."""

    def __init__(self, pool: ConnectionPool[Any] | None, thread: str, on_event: OnEvent | None) -> None:
        self.pool, self.thread, self.on_event = pool, thread, on_event
        self.turn: int | None = None
        self.step = 0
        self.streamed: list[str] = []

    def __call__(self, name: str, data: dict[str, Any], *, journal: bool = True) -> None:
        if self.pool is not None and journal:
            record_event(self.pool, self.thread, name, data, turn_id=self.turn)
        if self.on_event is not None:
            self.on_event(name, data)

    def task(self, chunk: dict[str, Any]) -> None:
        node = chunk["name"]
        if "input" in chunk:
            self.step += 1
            self("step_started", {"node": node, "step": self.step})
            return
        status = "interrupted" if chunk.get("interrupts") else "failed" if chunk.get("error") else "completed"
        if self.pool is not None and self.turn is not None:
            turns.add_step(self.pool, self.turn, step=self.step, node=node, status=status,
                           approval=node == "approval")
        if chunk.get("error"):
            self("step_failed", {"node": node, "step": self.step, "error": type(chunk["error"]).__name__})
        else:
            self("step_completed", {"node": node, "step": self.step, "status": status})
        for interrupt in chunk.get("interrupts") or []:
            self("approval_requested", dict(interrupt["value"]))

    def message(self, message: Any, meta: dict[str, Any]) -> None:
        node = meta.get("langgraph_node") if isinstance(meta, dict) else None
        if isinstance(message, AIMessageChunk) and node in TOKEN_NODES and message.text:
            self.streamed.append(message.text)
            self("token", {"text": message.text}, journal=False)

    def failed(self, err: BaseException) -> None:
        if self.pool is not None and self.turn is not None:
            turns.finish_turn(self.pool, self.turn, status="failed", error=type(err).__name__)
            record_event(self.pool, self.thread, "turn_failed", {"error": type(err).__name__},
                         turn_id=self.turn)

    def finished(self, state: Any, seen: int) -> None:
        new = state.values.get("messages", [])[seen:]
        replies = [str(m.content) for m in new if isinstance(m, AIMessage)]
        for text in replies:
            self("reply", {"text": text}, journal=False)
        status = "awaiting_approval" if state.interrupts else "completed"
        intent = state.values.get("intent")
        if self.pool is not None and self.turn is not None:
            turns.finish_turn(self.pool, self.turn, status="awaiting_approval" if state.interrupts
                              else "completed", intent=intent, output={"replies": replies})
            record_event(self.pool, self.thread, "turn_completed",
                         {"turn_id": self.turn, "status": status, "intent": intent, "replies": replies},
                         turn_id=self.turn)
        self("turn_completed", {"turn_id": self.turn, "status": status, "intent": intent}, journal=False)
