"""Runs on a thread: `POST /threads/{id}/runs/wait` and `/runs/stream`, through `agent.runtime`.

A new message (`input={"messages": [one human message]}`) is `threads.send` as the student who
owns the thread; a resume (`command={"resume": {"decisions": [...]}}`) is `threads.decide` as the
operator who sends it, so both hold the thread's one-writer lock, are journaled, run with
`durability="sync"` and go through the same checks as the private API (a stale, malformed or
foreign resume is a 4xx before anything is written). Everything in the request that this slice
does not carry out is refused with 422, never ignored in a way that changes what runs.

The stream answers `metadata` first, then the `values` and `updates` of each step as the step
ends (its checkpoint read back from the thread's history at the next step boundary: with
`durability="sync"` it is stored by then), `__interrupt__` when the run stops at an approval, an
`error` event on failure, and an SSE comment as a heartbeat every 5 s of silence. Events carry
no ids (a stream cannot be rejoined yet) and no model tokens (`messages-tuple` is refused).
"""

from __future__ import annotations

import queue
import uuid
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from agent.interfaces.server.auth import Principal
from agent.interfaces.server.langgraph_api import records, shapes
from agent.interfaces.server.langgraph_api.assistants import known
from agent.interfaces.server.langgraph_api.auth import RefusedError, Who, error, refuse_nul, status_of
from agent.interfaces.server.langgraph_api.backend import Backend
from agent.interfaces.server.langgraph_api.threads import ThreadAccess
from agent.interfaces.server.sse import Started, format_event
from agent.runtime import threads
from agent.runtime.runs import OnEvent

STREAM_MODES = ("values", "updates")
"""The stream modes this slice answers; the others are refused (422)."""
HEARTBEAT_S = 5.0
"""A stream with nothing to say for this long sends an SSE comment, as the platform does."""
DONE = "done"
"""The mark a run puts in its `boundaries` when it ends."""
HISTORY_LIMIT = 500
"""The most checkpoints of one run read back for its events."""

_NOT_YET = (
    "interrupt_before",
    "interrupt_after",
    "checkpoint",
    "checkpoint_id",
    "webhook",
    "after_seconds",
    "on_completion",
)
"""Run options refused (422) until they are built."""


class RunCreate(BaseModel):
    """The body of `runs/wait` and `runs/stream`, as `langgraph_sdk` sends it."""

    model_config = ConfigDict(extra="allow")

    assistant_id: str = Field(max_length=128)
    input: dict[str, Any] | None = None
    command: dict[str, Any] | None = None
    stream_mode: str | list[str] = "values"
    stream_subgraphs: bool = False
    stream_resumable: bool = False
    multitask_strategy: Literal["reject", "enqueue", "interrupt", "rollback"] | None = None
    if_not_exists: Literal["create", "reject"] | None = None
    metadata: dict[str, Any] | None = None
    config: dict[str, Any] | None = None
    context: dict[str, Any] | None = None


def _modes(body: RunCreate) -> list[str]:
    modes = [body.stream_mode] if isinstance(body.stream_mode, str) else list(body.stream_mode)
    unknown = [m for m in modes if m not in STREAM_MODES]
    if unknown or not modes:
        message = f"stream_mode {unknown or modes} is not supported; use {' and '.join(STREAM_MODES)}"
        raise RefusedError(422, message)
    return modes


def _refuse_unsupported(body: RunCreate) -> None:
    extra = body.model_extra or {}
    for name in _NOT_YET:
        if extra.get(name) not in (None, [], {}):
            raise RefusedError(422, f"{name} is not supported yet")
    if body.multitask_strategy not in (None, "reject"):
        raise RefusedError(
            422, f"multitask_strategy {body.multitask_strategy!r} is not supported yet; use 'reject'"
        )
    if body.if_not_exists == "create":
        raise RefusedError(422, "if_not_exists='create' is not supported yet: create the thread first")
    if body.stream_subgraphs:
        raise RefusedError(422, "stream_subgraphs is not supported yet")


def _message_text(run_input: dict[str, Any]) -> str:
    """The text of the one human message in `input`; 422 for anything else."""
    messages = run_input.get("messages")
    if set(run_input) != {"messages"} or not isinstance(messages, list) or len(messages) != 1:
        raise RefusedError(422, 'input must be {"messages": [one message from the student]}')
    message = messages[0]
    if isinstance(message, str):
        return message
    kind = message.get("type", message.get("role")) if isinstance(message, dict) else None
    if kind not in ("human", "user"):
        raise RefusedError(422, "the message must be a human (user) message")
    content = message.get("content")
    if isinstance(content, list):
        parts = [p.get("text") if isinstance(p, dict) and p.get("type") == "text" else p for p in content]
        texts = [p for p in parts if isinstance(p, str)]
        if len(texts) == len(parts):
            return "".join(texts)
    if not isinstance(content, str):
        raise RefusedError(422, "the message content must be text")
    return content


def _decision(command: dict[str, Any], who: Principal) -> dict[str, Any]:
    """The decision a resume command carries, reviewed by `who`; 422 for any other command."""
    if set(command) != {"resume"}:
        raise RefusedError(
            422, "only command={'resume': {'decisions': [...]}} is supported yet (no update or goto)"
        )
    resume = command["resume"]
    if not isinstance(resume, dict) or not isinstance(resume.get("decisions"), list):
        raise RefusedError(422, 'a resume must look like {"decisions": [{"type": "approve"}]}')
    decision = {"decisions": resume["decisions"], "reviewer": who.user_id}
    if "action_id" in resume:
        decision["action_id"] = resume["action_id"]
    return decision


class _Run:
    """One accepted run request: what it does, and its events once it has run."""

    def __init__(self, backend: Backend, thread_id: str, body: RunCreate, who: Principal) -> None:
        self.backend, self.thread_id, self.who = backend, thread_id, who
        self.run_id = str(uuid.uuid4())
        self.modes = _modes(body)
        known(body.assistant_id)
        _refuse_unsupported(body)
        refuse_nul(body.model_dump())
        self.row = ThreadAccess(backend).row(thread_id, who)
        if (body.input is None) == (body.command is None):
            raise RefusedError(
                422, "send either input (a new message) or command (a resume), not both or neither"
            )
        graph, settings = backend.graph, backend.resources.settings
        if body.input is not None:
            if who.role != "student":
                raise RefusedError(403, "only the student who owns a thread writes to it")
            text = _message_text(body.input)
            self.work = self._signalling(
                lambda on_event: threads.send(
                    graph, thread_id, text, user_id=who.user_id, settings=settings, on_event=on_event
                )
            )
        else:
            if who.role != "operator":
                raise RefusedError(403, "only operators decide approvals")
            decision = _decision(body.command or {}, who)
            self.work = self._signalling(
                lambda on_event: threads.decide(graph, thread_id, decision, on_event=on_event)
            )
        self.since = records.head_checkpoint(backend.resources.pool, thread_id)

    def _signalling(self, work: Callable[[OnEvent], Any]) -> Callable[[OnEvent], Any]:
        """`work`, putting a mark in `boundaries` at each step boundary and `DONE` when it ends.

        A step starts only once the previous step's checkpoint is stored (`durability="sync"`), so
        at each mark the checkpoints written so far can be read back and streamed.
        """
        self.boundaries: queue.Queue[str] = queue.Queue()

        def signalled(on_event: OnEvent) -> Any:
            def both(name: str, data: dict[str, Any]) -> None:
                on_event(name, data)
                if name == "step_started":
                    self.boundaries.put(name)

            try:
                return work(both)
            finally:
                self.boundaries.put(DONE)

        return signalled

    def accepted(self) -> None:
        """The run has started: tag its thread with the graph, as the platform does for agent UIs."""
        tags = {"graph_id": shapes.GRAPH_ID, "assistant_id": shapes.ASSISTANT_ID}
        if any(self.row["metadata"].get(k) != v for k, v in tags.items()):
            records.merge_metadata(self.backend.resources.pool, self.row, tags)

    @property
    def location(self) -> dict[str, str]:
        """The header the SDKs read the run id from."""
        return {"Content-Location": f"/threads/{self.thread_id}/runs/{self.run_id}"}

    def events(self, *, final: bool) -> list[tuple[str, Any]]:
        """The `values`/`updates` events of the checkpoints written since the last call, oldest first.

        With `final`, also the `__interrupt__` the run stopped at, if any.
        """
        config = threads.config_for(self.thread_id)
        chain = []
        for snapshot in self.backend.graph.get_state_history(config, limit=HISTORY_LIMIT):
            chain.append(snapshot)
            if snapshot.config["configurable"]["checkpoint_id"] == self.since:
                break
        chain.reverse()
        if chain:
            self.since = chain[-1].config["configurable"]["checkpoint_id"]
        found: list[tuple[str, Any]] = []
        for before, after in pairwise(chain):
            if (after.metadata or {}).get("source") != "loop":
                continue
            updates = {
                t.name: t.result for t in before.tasks if t.result is not None and not t.name.startswith("__")
            }
            if updates and "updates" in self.modes:
                found.append(("updates", shapes.jsonable(updates)))
            if "values" in self.modes:
                found.append(("values", shapes.jsonable(after.values)))
        head = chain[-1] if chain else None
        if final and head is not None and head.interrupts:
            paused = {"__interrupt__": self.interrupts(head)}
            found.extend((mode, paused) for mode in ("updates", "values") if mode in self.modes)
        return found

    @staticmethod
    def interrupts(snapshot: Any) -> list[dict[str, Any]]:
        """The snapshot's interrupts as the platform sends them."""
        return [shapes.interrupt(i) for i in snapshot.interrupts]

    def final(self) -> dict[str, Any]:
        """What `runs/wait` answers: the thread's values, with `__interrupt__` when it is paused."""
        snapshot = self.backend.graph.get_state(threads.config_for(self.thread_id))
        values: dict[str, Any] = shapes.jsonable(snapshot.values)
        if snapshot.interrupts:
            values["__interrupt__"] = self.interrupts(snapshot)
        return values


def routes(backend: Backend) -> APIRouter:
    """The run routes over `backend`."""
    router = APIRouter(prefix="/threads/{thread_id}/runs", tags=["runs"])

    @router.post("/wait", response_model=None)
    def wait(thread_id: str, body: RunCreate, who: Who) -> Response:
        run = _Run(backend, thread_id, body, who)
        started = Started(run.work)
        early = started.failed_before_start()
        if early is not None:
            return error(*status_of(early))
        run.accepted()
        started.wait()  # raises the run's error, answered by the app's handlers
        return JSONResponse(run.final(), headers=run.location)

    @router.post("/stream", response_model=None)
    def stream(thread_id: str, body: RunCreate, who: Who) -> Response:
        run = _Run(backend, thread_id, body, who)
        started = Started(run.work)
        early = started.failed_before_start()
        if early is not None:
            return error(*status_of(early))
        run.accepted()

        def events() -> Iterator[str]:
            yield format_event("metadata", {"run_id": run.run_id, "attempt": 1})
            while True:
                try:
                    mark = run.boundaries.get(timeout=HEARTBEAT_S)
                except queue.Empty:
                    yield ": heartbeat\n\n"
                    continue
                if mark == DONE:
                    break
                yield from (format_event(name, data) for name, data in run.events(final=False))
            started.thread.join()
            yield from (format_event(name, data) for name, data in run.events(final=started.error is None))
            if started.error is not None:
                _status, detail = status_of(started.error)
                yield format_event("error", {"error": type(started.error).__name__, "message": detail})

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no", **run.location}
        return StreamingResponse(events(), media_type="text/event-stream", headers=headers)

    return router
