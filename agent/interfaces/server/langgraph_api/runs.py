"""Runs on a thread: create (background), wait, stream, list, get, delete, join, rejoin, cancel.

Every run is recorded (`agent.journal.api_runs`) under its multitask strategy (the platform's
default, `enqueue`, when none is given) and executed by this process's `Executor` through
`agent.runtime.threads`, so whoever starts it, it holds the thread's one-writer lock, is
journaled, runs with `durability="sync"` and goes through the same checks as the private API (a
stale, malformed or foreign resume is a 4xx before anything is written). `runs/wait` and
`runs/stream` on a thread with nothing in flight wait for the run to begin, so a request refused
by the runtime (a busy thread, a bad decision) is answered as a 4xx and leaves no run behind.

Streams answer `metadata` first, then the events of the requested modes as the graph emits them
(`values`, `updates`, `messages` for `messages-tuple`, `custom`, `debug`, `tasks`, `checkpoints`;
with `stream_subgraphs`, a subgraph's as `mode|namespace`), `error` on failure, and an SSE comment
as a heartbeat every 5 s of silence. Resumable streams and background runs keep their events, and
their events carry ids, so a client rejoins with `Last-Event-ID` from any process.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any, Literal

import anyio
from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse

from agent.interfaces.server.auth import Principal
from agent.interfaces.server.langgraph_api import records, shapes
from agent.interfaces.server.langgraph_api.assistants import known
from agent.interfaces.server.langgraph_api.auth import RefusedError, Who, error, refuse_nul, status_of
from agent.interfaces.server.langgraph_api.backend import Backend
from agent.interfaces.server.langgraph_api.executor import Executor, Plan
from agent.interfaces.server.langgraph_api.feeds import Event, Feed, follow_kept
from agent.interfaces.server.langgraph_api.run_requests import (
    GRAPH_MODES,
    RunCreate,
    decision,
    message_text,
    modes,
    refuse_unsupported,
)
from agent.interfaces.server.langgraph_api.threads import ThreadAccess
from agent.journal import api_runs
from agent.runtime import threads
from agent.runtime.runs import OnEvent, Watch

HEARTBEAT_S = 5.0
"""A stream with nothing to say for this long sends an SSE comment, as the platform does."""
DISCONNECT_POLL_S = 0.5
"""How often a stream that cancels its run on disconnect looks whether its client is still there."""
JOIN_POLL_S = 0.2
"""How often a join of a run executed by another process looks whether it has ended."""


def _plain(value: Any) -> Any:
    """`value` as JSON types; what has no JSON form (a debug event's internals) as its text."""
    try:
        return shapes.jsonable(value)
    except TypeError:
        return json.loads(json.dumps(value, default=str))


def _values_json(chunk: dict[str, Any]) -> dict[str, Any]:
    """A `values` or `updates` chunk as the platform writes it (its interrupts as id, value, schema)."""
    if "__interrupt__" not in chunk:
        plain: dict[str, Any] = _plain(chunk)
        return plain
    rest = {k: v for k, v in chunk.items() if k != "__interrupt__"}
    return {**_plain(rest), "__interrupt__": [shapes.interrupt(i) for i in chunk["__interrupt__"]]}


def _relay(feed: Feed, *, emit: bool) -> Any:
    """Turn the graph's stream chunks into the platform's events in `feed` (with `emit`).

    The last root `values` chunk is kept as it came: what `wait` answers, written out once.
    """

    def relay(namespace: tuple[str, ...], mode: str, chunk: Any) -> None:
        if mode == "values" and not namespace:
            feed.last_values = chunk
        if not emit:
            return
        if mode == "messages":
            message, meta = chunk
            data: Any = [_plain(message), _plain(meta)]
        elif mode in ("values", "updates") and isinstance(chunk, dict):
            data = _values_json(chunk)
        elif mode == "debug" and isinstance(chunk, dict) and chunk.get("type") == "checkpoint":
            data = _plain({**chunk, "payload": shapes.debug_checkpoint(chunk["payload"])})
        else:
            data = _plain(chunk)
        feed.put("|".join([mode, *namespace]), data)

    return relay


def run_json(row: dict[str, Any]) -> dict[str, Any]:
    """A run record as the platform's `Run`."""
    return {
        "run_id": row["run_id"],
        "thread_id": row["thread_id"],
        "assistant_id": row["assistant_id"],
        "created_at": row["created_at"].isoformat(),
        "updated_at": row["updated_at"].isoformat(),
        "status": row["status"],
        "metadata": row["metadata"],
        "kwargs": row["kwargs"],
        "multitask_strategy": row["multitask_strategy"],
        "langsmith_session_name": None,
    }


def _sse(event: Event, *, with_id: bool) -> str:
    seq, name, text = event
    head = f"id: {seq}\n" if with_id else ""
    return f"{head}event: {name}\ndata: {text}\n\n"


class RunDesk:
    """Accepts run requests, hands them to the executor, and answers for the runs of a thread."""

    def __init__(self, backend: Backend, executor: Executor) -> None:
        self.backend, self.executor = backend, executor
        self.pool = backend.resources.pool
        self.access = ThreadAccess(backend)

    def accept(
        self,
        thread_id: str,
        body: RunCreate,
        who: Principal,
        *,
        keep: bool,
        keep_record_pending: bool = False,
        relay_events: bool = True,
    ) -> tuple[Plan, dict[str, Any]]:
        """Check the request, record the run and start it; the plan and the run's record.

        Without `relay_events` (`wait`: nobody reads the events) only the last state is kept.
        """
        asked = modes(body)
        known(body.assistant_id)
        refuse_unsupported(body)
        refuse_nul(body.model_dump())
        row = self.access.row(thread_id, who)
        graph, settings = self.backend.graph, self.backend.resources.settings
        if body.input is not None:
            if who.role != "student":
                raise RefusedError(403, "only the student who owns a thread writes to it")
            text = threads.check_message(message_text(body.input), settings)

            def work(on_event: OnEvent, watch: Watch) -> Any:
                return threads.send(
                    graph,
                    thread_id,
                    text,
                    user_id=who.user_id,
                    settings=settings,
                    on_event=on_event,
                    watch=watch,
                )
        else:
            if who.role != "operator":
                raise RefusedError(403, "only operators decide approvals")
            chosen = decision(body.command or {}, who)
            if not row["busy"]:
                threads.check_decision(graph, thread_id, chosen)

            def work(on_event: OnEvent, watch: Watch) -> Any:
                return threads.decide(graph, thread_id, chosen, on_event=on_event, watch=watch)

        run_id = str(uuid.uuid4())
        ids = {"graph_id": shapes.GRAPH_ID, "assistant_id": shapes.ASSISTANT_ID}
        # As the platform's: the thread's metadata, the assistant's, the ids, then the request's.
        metadata = {**row["metadata"], "created_by": "system", **ids, **(body.metadata or {})}
        config = body.config or {}
        kwargs = {  # named as the platform records them
            "input": body.input,
            "command": body.command,
            "stream_mode": asked,
            "subgraphs": body.stream_subgraphs,
            "resumable": body.stream_resumable,
            "config": {
                **config,
                "metadata": config.get("metadata", {}),
                "configurable": config.get("configurable", {}),
            },
            "context": body.context or {},
            "durability": "sync",
            "temporary": False,
            "webhook": None,
            "feedback_keys": None,
            "interrupt_before": None,
            "interrupt_after": None,
            "checkpoint_during": True,
        }
        try:
            record = api_runs.create(
                self.pool,
                run_id=run_id,
                thread_id=thread_id,
                assistant_id=shapes.ASSISTANT_ID,
                actor=who.user_id,
                strategy=body.multitask_strategy,
                kwargs=kwargs,
                metadata=metadata,
                busy=row["busy"],
                stops_others=who.role == "operator",
                # A run whose record is answered (a background run) is answered `pending`, as the
                # platform's are, and claimed by its thread; the others start in this transaction.
                worker=None if keep_record_pending else self.executor.ready(),
            )
        except api_runs.RunConflictError as err:
            raise RefusedError(409, str(err)) from None
        if body.multitask_strategy in ("interrupt", "rollback"):
            self.executor.stop_local(thread_id, body.multitask_strategy, but=run_id)
        self._tag(row)
        feed = Feed(self.pool, run_id, keep=keep)
        plan = Plan(
            run_id=run_id,
            thread_id=thread_id,
            work=work,
            modes=tuple(GRAPH_MODES.get(m, m) for m in asked) if relay_events else ("values",),
            subgraphs=body.stream_subgraphs,
            relay=_relay(feed, emit=relay_events),
            feed=feed,
            wait_for_lock=body.multitask_strategy != "reject",
            metadata=metadata,
            configurable={**ids, "user_id": who.user_id},
        )
        # `wait` only waits for the end: its run executes in the request's own thread.
        self.executor.start(plan, claimed=record["status"] == "running", here=not relay_events)
        return plan, record

    def _tag(self, row: dict[str, Any]) -> None:
        """Tag the thread with the graph, as the platform does for agent UIs."""
        tags = {"graph_id": shapes.GRAPH_ID, "assistant_id": shapes.ASSISTANT_ID}
        if any(row["metadata"].get(k) != v for k, v in tags.items()):
            records.merge_metadata(self.pool, row, tags)

    def refused_before_start(self, plan: Plan) -> Response | None:
        """Wait until the run has begun or queued; a 4xx (and no run left) if it was refused first."""
        plan.feed.first.wait()
        err = plan.feed.error
        if plan.feed.ended and err is not None and not plan.feed.began:
            api_runs.delete_run(self.pool, plan.run_id)
            return error(*status_of(err))
        return None

    def final_values(self, thread_id: str, feed: Feed | None = None) -> dict[str, Any]:
        """What `wait` and `join` answer: the thread's values, with `__interrupt__` when it is paused.

        The last state `feed`'s run streamed, when it streamed one; else the thread's, read.
        """
        if feed is not None and isinstance(feed.last_values, dict):
            return _values_json(feed.last_values)
        snapshot = self.backend.graph.get_state(threads.config_for(thread_id))
        values: dict[str, Any] = shapes.jsonable(snapshot.values)
        if snapshot.interrupts:
            values["__interrupt__"] = [shapes.interrupt(i) for i in snapshot.interrupts]
        return values

    def run(self, thread_id: str, run_id: str, who: Principal) -> dict[str, Any]:
        """The run's record; 404 when the thread or the run is not the caller's to see."""
        self.access.row(thread_id, who)
        found = api_runs.get(self.pool, thread_id, _run_id(run_id))
        if found is None:
            raise RefusedError(404, f"Run with ID {run_id} not found")
        return found

    def wait_for_end(self, thread_id: str, run_id: str) -> None:
        """Block until the run has ended, wherever it runs."""
        feed = self.executor.feed(run_id)
        if feed is not None:
            feed.wait()
            return
        while (found := api_runs.get(self.pool, thread_id, run_id)) is not None and found[
            "status"
        ] in api_runs.ACTIVE:
            time.sleep(JOIN_POLL_S)

    def events(self, thread_id: str, run_id: str, after: int) -> Iterator[Event | None]:
        """The run's events after `after`: live from this process, or kept in the database."""
        feed = self.executor.feed(run_id)
        if feed is not None:
            return feed.follow(after, HEARTBEAT_S)
        return follow_kept(self.pool, thread_id, run_id, after, HEARTBEAT_S)


def _run_id(run_id: str) -> str:
    try:
        return str(uuid.UUID(run_id))
    except ValueError:
        raise RefusedError(422, "Invalid run ID: must be a UUID") from None


def _stream_body(events: Iterator[Event | None], *, with_ids: bool, on_error: Feed | None) -> Iterator[str]:
    """The events as SSE text, and an `error` event last if the run failed."""
    for event in events:
        yield ": heartbeat\n\n" if event is None else _sse(event, with_id=with_ids)
    if on_error is not None and on_error.error is not None:
        _status, detail = status_of(on_error.error)
        data = json.dumps({"error": type(on_error.error).__name__, "message": detail})
        yield f"event: error\ndata: {data}\n\n"


async def _watching(
    body: Iterator[str], request: Request, on_disconnect: Callable[[], None] | None
) -> AsyncIterator[str]:
    """`body`, read in worker threads; `on_disconnect` is called if the client leaves before its end.

    With `on_disconnect`, the client's connection is looked at every `DISCONNECT_POLL_S` while the
    run has nothing to send (a run held up at a step sends nothing for a while); the worker thread
    still waiting for the run's next event is left to finish on its own.
    """
    finished = False
    try:
        while True:
            waiting = asyncio.ensure_future(
                anyio.to_thread.run_sync(next, body, None, abandon_on_cancel=True)
            )
            while on_disconnect is not None and not waiting.done():
                await asyncio.wait({waiting}, timeout=DISCONNECT_POLL_S)
                if not waiting.done() and await request.is_disconnected():
                    waiting.cancel()
                    return
            chunk = await waiting
            if chunk is None:
                break
            yield chunk
        finished = True
    finally:
        if not finished and on_disconnect is not None:
            with anyio.CancelScope(shield=True):  # the response may be being cancelled
                await anyio.to_thread.run_sync(on_disconnect)


def routes(backend: Backend, executor: Executor) -> APIRouter:
    """The run routes over `backend`, executed by `executor`."""
    router = APIRouter(prefix="/threads/{thread_id}/runs", tags=["runs"])
    desk = RunDesk(backend, executor)

    def location(thread_id: str, run_id: str) -> dict[str, str]:
        return {"Content-Location": f"/threads/{thread_id}/runs/{run_id}"}

    @router.post("", response_model=None)
    def create(thread_id: str, body: RunCreate, who: Who) -> Response:
        plan, record = desk.accept(thread_id, body, who, keep=True, keep_record_pending=True)
        return JSONResponse(run_json(record), headers=location(thread_id, plan.run_id))

    @router.post("/wait", response_model=None)
    def wait(thread_id: str, body: RunCreate, who: Who) -> Response:
        plan, _record = desk.accept(thread_id, body, who, keep=False, relay_events=False)
        refused = desk.refused_before_start(plan)
        if refused is not None:
            return refused
        plan.feed.wait()
        if plan.feed.error is not None:
            raise plan.feed.error  # answered by the app's handlers
        return JSONResponse(desk.final_values(thread_id, plan.feed), headers=location(thread_id, plan.run_id))

    @router.post("/stream", response_model=None)
    def stream(thread_id: str, body: RunCreate, who: Who, request: Request) -> Response:
        plan, _record = desk.accept(thread_id, body, who, keep=body.stream_resumable)
        refused = desk.refused_before_start(plan)
        if refused is not None:
            return refused
        events = plan.feed.follow(-1, HEARTBEAT_S)

        def cancel() -> None:  # `useStream`'s default: a run ends with the page that asked for it
            api_runs.request_stop(desk.pool, thread_id, plan.run_id, "interrupt")
            executor.stop_local(thread_id, "interrupt", run_id=plan.run_id)

        leaving = cancel if body.on_disconnect == "cancel" else None
        content = _watching(
            _stream_body(events, with_ids=body.stream_resumable, on_error=plan.feed), request, leaving
        )
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no", **location(thread_id, plan.run_id)}
        return StreamingResponse(content, media_type="text/event-stream", headers=headers)

    @router.get("")
    def list_runs(
        thread_id: str,
        who: Who,
        limit: int = Query(10, ge=0, le=1000),
        offset: int = Query(0, ge=0),
        status: Literal["pending", "running", "success", "error", "timeout", "interrupted"] | None = None,
    ) -> list[dict[str, Any]]:
        desk.access.row(thread_id, who)
        rows = api_runs.of_thread(desk.pool, thread_id, limit=limit, offset=offset, status=status)
        return [run_json(r) for r in rows]

    @router.get("/{run_id}")
    def get_run(thread_id: str, run_id: str, who: Who) -> dict[str, Any]:
        return run_json(desk.run(thread_id, run_id, who))

    @router.delete("/{run_id}", response_model=None)
    def delete_run(thread_id: str, run_id: str, who: Who) -> Response:
        found = desk.run(thread_id, run_id, who)
        if found["status"] in api_runs.ACTIVE:
            raise RefusedError(409, f"run {run_id} has not ended; cancel it first")
        api_runs.delete(desk.pool, thread_id, found["run_id"])
        return Response(status_code=204)

    @router.get("/{run_id}/join", response_model=None)
    def join(thread_id: str, run_id: str, who: Who) -> Response:
        found = desk.run(thread_id, run_id, who)
        desk.wait_for_end(thread_id, found["run_id"])
        return JSONResponse(desk.final_values(thread_id), headers=location(thread_id, found["run_id"]))

    @router.get("/{run_id}/stream", response_model=None)
    def rejoin(
        thread_id: str,
        run_id: str,
        who: Who,
        request: Request,
        last_event_id: str | None = Header(None, alias="Last-Event-ID"),
    ) -> Response:
        found = desk.run(thread_id, run_id, who)
        try:
            after = int(last_event_id) if last_event_id else -1
        except ValueError:
            raise RefusedError(422, "Last-Event-ID must be the id of an event of this run's stream") from None
        events = desk.events(thread_id, found["run_id"], after)
        content = _watching(
            _stream_body(events, with_ids=True, on_error=desk.executor.feed(found["run_id"])), request, None
        )
        headers = {
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",
            **location(thread_id, found["run_id"]),
        }
        return StreamingResponse(content, media_type="text/event-stream", headers=headers)

    @router.post("/{run_id}/cancel", response_model=None)
    def cancel(
        thread_id: str,
        run_id: str,
        who: Who,
        wait: bool = False,
        action: Literal["interrupt", "rollback"] = "interrupt",
    ) -> Response:
        found = desk.run(thread_id, run_id, who)
        if who.role != "operator" and found["actor"] != who.user_id:
            raise RefusedError(403, "a student cancels only the runs they started")
        if found["status"] not in api_runs.ACTIVE:
            raise RefusedError(404, f"run {run_id} has ended; there is nothing to cancel")
        api_runs.request_stop(desk.pool, thread_id, found["run_id"], action)
        executor.stop_local(thread_id, action, run_id=found["run_id"])
        if not wait:
            return Response(status_code=202)
        desk.wait_for_end(thread_id, found["run_id"])
        return JSONResponse(desk.final_values(thread_id), headers=location(thread_id, found["run_id"]))

    return router
