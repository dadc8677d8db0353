"""Runs on a thread: create (background), wait, stream, list, get, delete, join, rejoin, cancel.

Every run is recorded (`agent.journal.api_runs`) under its multitask strategy (the platform's
default, `enqueue`, when none is given) and queued as a task-engine job (`agent.infra.engine`)
that a worker, in this process or any other, executes through `agent.runtime.threads`
(`agent.runtime.execution`): whoever starts it, it holds the thread's one-writer lock,
is journaled, runs with `durability="sync"` and goes through the runtime's checks
(a stale, malformed or foreign resume is a 4xx before anything is written). `runs/wait` and
`runs/stream` on a thread with nothing in flight wait for the run to begin, so a request refused
by the runtime (a busy thread, a bad decision) is answered as a 4xx and leaves no run behind.

Streams answer `metadata` first, then the events of the requested modes as the graph emits them
(`values`, `updates`, `messages` for `messages-tuple`, `custom`, `debug`, `tasks`, `checkpoints`;
with `stream_subgraphs`, a subgraph's as `mode|namespace`), `error` on failure, and an SSE comment
as a heartbeat every 5 s of silence. Every run's events are kept as its worker produces them
(`feeds`), and resumable streams carry their ids, so a client rejoins with `Last-Event-ID` from any
API process, even after the one it streamed from died.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any, Literal, TypeVar

import anyio
from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse

from agent.infra import engine
from agent.interfaces.server.auth import Principal, Who
from agent.interfaces.server.backend import Backend
from agent.interfaces.server.errors import RefusedError, failed
from agent.interfaces.server.langgraph_api.assistants import known
from agent.interfaces.server.langgraph_api.run_requests import (
    RunCreate,
    check_webhook,
    decision,
    message_text,
    modes,
    past_checkpoint,
    refuse_unsupported,
)
from agent.interfaces.server.langgraph_api.threads import ThreadAccess, at_checkpoint
from agent.journal import api_runs, thread_records
from agent.journal.feeds import Event, Mark, Pause, follow, wait_for_ending, wait_until
from agent.journal.webhooks import run_json
from agent.runtime import daily_budget, run_shapes, threads
from agent.runtime.platform_json import thread_values

HEARTBEAT_S = 5.0
"""A stream with nothing to say for this long sends an SSE comment, as the platform does."""
Refused = Callable[[api_runs.QueuedRun], None]
"""Told of a run refused before it began."""
T = TypeVar("T")
DISCONNECT_POLL_S = 0.5
"""How often a stream that cancels its run on disconnect looks whether its client is still there."""


def sse_event(event_id: str | None, name: str, text: str) -> str:
    """One Server-Sent Event (`text`: its JSON data), with its id when it has one."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {name}\ndata: {text}\n\n"


def sse_response(
    events: Iterator[str | Pause],
    request: Request,
    headers: dict[str, str],
    on_disconnect: Callable[[], None] | None = None,
) -> Response:
    """A streaming SSE response of `events` (`_watching`: `on_disconnect` when the client leaves)."""
    content = _watching(events, request, on_disconnect)
    every = {"Cache-Control": "no-store", "X-Accel-Buffering": "no", **headers}
    return StreamingResponse(content, media_type="text/event-stream", headers=every)


class RunDesk:
    """Accepts run requests, queues them for a worker, and answers for the runs of a thread."""

    def __init__(self, backend: Backend) -> None:
        self.backend, self.wakeups = backend, backend.wake
        self.pool = backend.resources.pool
        self.access = ThreadAccess(backend)

    def check(self, body: RunCreate, who: Principal) -> list[str]:
        """What can be refused in a request before any thread is looked at; the stream modes asked."""
        asked = _checked_request(body)
        check_webhook(body, self.backend.resources.settings.webhooks)
        self._check_writer(body, who)
        return asked

    def _check_writer(self, body: RunCreate, who: Principal) -> str | None:
        """The message's text (None: a resume); 403 from anyone but a student, 422 for a bad one."""
        if body.input is None:
            return None
        if who.role != "student":
            raise RefusedError(403, "only the student who owns a thread writes to it")
        return threads.check_message(message_text(body.input), self.backend.resources.settings)

    def accept(
        self,
        thread_id: str,
        body: RunCreate,
        who: Principal,
        *,
        relay_events: bool = True,
        temporary: bool = False,
        run_id: str | None = None,
    ) -> api_runs.QueuedRun:
        """Check the request, record the run and queue it for a worker; the run's record.

        Without `relay_events` (`wait`: nobody reads the events) only the last state is kept.
        With `temporary`, its worker deletes the thread when the run ends (a stateless run's).
        `run_id`: the run's id, when the caller follows the run from before it is recorded
        (`following_end`); a new one otherwise.
        """
        asked = _checked_request(body)
        check_webhook(body, self.backend.resources.settings.webhooks)
        # A student's message: their spend today is read with the thread's row, in its statement.
        spent = daily_budget.spent_query(self.pool, who.user_id) if body.input is not None else None
        row = self.access.row(thread_id, who, also=spent)
        text = self._check_writer(body, who)
        graph = self.backend.graph
        request = body.model_dump()
        waits = body.multitask_strategy != "reject"
        work = run_shapes.work(
            user_id=who.user_id,
            asked=asked,
            subgraphs=body.stream_subgraphs,
            relay=relay_events,
            waits=waits,
            temporary=temporary,
        )
        if text is not None:
            # A 429 before anything is queued.
            threads.refuse_spent(graph, thread_id, who.user_id, spent=row if spent is not None else None)
            work.update(kind="send", text=text, user_id=who.user_id)
            past = past_checkpoint(body)
            if past is not None:
                work["from_checkpoint"] = threads.check_checkpoint(graph, at_checkpoint(thread_id, past))
        else:
            # A student resumes only their own thread (checked above), to confirm or withdraw their
            # own request; the policy in the graph says whose decision each action waits for.
            chosen = decision(body.command or {}, who)
            if not row["busy"]:
                threads.check_decision(graph, thread_id, chosen)
            work.update(kind="decide", decision=chosen)
        # Before the run and its job are committed, after which a worker may end it at once: the
        # end writes into the thread's record.
        self._tag(row)
        run_id = run_id or str(uuid.uuid4())
        kwargs = run_shapes.kwargs(request, asked=asked, temporary=temporary)
        metadata = run_shapes.metadata(row["metadata"], body.metadata)
        try:
            record = api_runs.create(
                self.pool,
                run_id=run_id,
                thread_id=thread_id,
                assistant_id=thread_records.ASSISTANT_ID,
                actor=who.user_id,
                strategy=body.multitask_strategy,
                kwargs=kwargs,
                metadata=metadata,
                busy=row["busy"],
                stops_others=who.role == "operator",
                work=work,
                job=engine.run_job(thread_id),  # queued in the run's own transaction
            )
        except api_runs.RunConflictError as err:
            raise RefusedError(409, str(err)) from None
        return record

    def _tag(self, row: thread_records.ThreadRecord) -> None:
        """Tag the thread with the graph, as the platform does for agent UIs.

        A thread the CLI started has no record yet: it gets one, where its run's end keeps
        whose decision it waits for (`api_runs.finish`).
        """
        tags = {"graph_id": thread_records.GRAPH_ID, "assistant_id": thread_records.ASSISTANT_ID}
        if not row["recorded"] or any(row["metadata"].get(k) != v for k, v in tags.items()):
            thread_records.merge_metadata(self.pool, row, tags)

    async def refused_before_start(
        self, record: api_runs.QueuedRun, on_refused: Refused | None = None
    ) -> Response | None:
        """A 4xx (and no run left) if the run was refused before it began.

        A run with nothing ahead of it on the thread is waited for until it has begun; a queued
        one is answered at once (it starts when the runs ahead of it end).
        """
        if record["ahead"]:
            return None
        found = await wait_until(self.pool, self.wakeups, record["thread_id"], record["run_id"], begun=True)
        failure = found["refusal"] if found is not None else None
        if failure is None or failure.get("began"):
            return None
        await self._drop_refused(record, on_refused)
        return failed(failure)

    async def _drop_refused(self, record: api_runs.QueuedRun, on_refused: Refused | None) -> None:
        """Delete a run refused before it began, and tell `on_refused`."""
        await anyio.to_thread.run_sync(api_runs.delete_run, self.pool, record["run_id"])
        if on_refused is not None:
            await anyio.to_thread.run_sync(on_refused, record)

    def final_values(self, thread_id: str) -> dict[str, Any]:
        """What `join` answers, and `wait` for a run that kept no result: the thread's state, read."""
        return thread_values(self.backend.graph, thread_id)

    def run(self, thread_id: str, run_id: str, who: Principal) -> api_runs.RunRow:
        """The run's record; 404 when the thread or the run is not the caller's to see."""
        self.access.row(thread_id, who)
        found = api_runs.get(self.pool, thread_id, _run_id(run_id))
        if found is None:
            raise RefusedError(404, f"Run with ID {run_id} not found")
        return found

    async def wait_for_end(
        self, thread_id: str, run_id: str, since: Mark | None = None
    ) -> api_runs.RunRow | None:
        """Until the run has ended, wherever it runs: its record then (None: rolled back).

        `since`: its end followed from before the run was recorded (`following_end`). No thread
        is held while the run goes on (`feeds.wait_until`).
        """
        return await wait_until(self.pool, self.wakeups, thread_id, run_id, since=since)

    async def values_after_end(self, thread_id: str, run_id: str) -> dict[str, Any]:
        """What `join` and a waiting `cancel` answer: the thread's state once the run has ended."""
        await self.wait_for_end(thread_id, run_id)
        return await anyio.to_thread.run_sync(self.final_values, thread_id)

    @contextmanager
    def following_end(self, run_id: str) -> Iterator[Mark | None]:
        """Follow the end of the run `run_id` from now, before it is recorded: its mark (None: not listening).

        A `wait` then reads the run once, when its end is announced, instead of once more before.
        """
        key = api_runs.end_key(run_id)
        mark = self.wakeups.mark(key)
        try:
            yield mark
        finally:
            self.wakeups.forget(key)

    def events(self, thread_id: str, run_id: str, after: int) -> Iterator[list[Event] | Pause | None]:
        """The run's events after `after`, as its worker keeps them (`feeds.follow`)."""
        return follow(self.pool, self.wakeups, thread_id, run_id, after, HEARTBEAT_S)

    def failure(self, thread_id: str, run_id: str) -> dict[str, Any] | None:
        """How the run failed, once it has ended (None: it did not)."""
        found = api_runs.get(self.pool, thread_id, run_id)
        return found.get("refusal") if found is not None and found["status"] == "error" else None

    async def answer_when_ended(
        self,
        record: api_runs.QueuedRun,
        headers: dict[str, str],
        *,
        on_refused: Refused | None = None,
        since: Mark | None = None,
    ) -> Response:
        """What `runs/wait` answers for a run it accepted: its final values, or how it failed.

        `on_refused` is told of a run refused before it began (the 4xx answered); `since` as in
        `wait_for_end`.
        """
        thread_id = record["thread_id"]
        # One wait, for the end: whether the run began is in how it ended (its failure says so).
        ended = await wait_for_ending(self.pool, self.wakeups, thread_id, record["run_id"], since=since)
        failure = ended["refusal"] if ended is not None else None
        if ended is not None and ended["status"] == "error" and failure is not None:
            if not record["ahead"] and not failure.get("began"):  # refused before it began: no run left
                await self._drop_refused(record, on_refused)
            return failed(failure)
        kept = ended["result_json"] if ended is not None else None
        if kept is not None and kept.startswith("{"):
            # The values as the worker wrote them, passed on as Postgres gives them: not parsed
            # here and written again, and no thread taken for it.
            return Response(kept, media_type="application/json", headers=headers)
        values = await anyio.to_thread.run_sync(self.final_values, thread_id)
        return JSONResponse(values, headers=headers)

    async def stream_of(
        self,
        record: api_runs.QueuedRun,
        body: RunCreate,
        request: Request,
        headers: dict[str, str],
        *,
        on_refused: Refused | None = None,
    ) -> Response:
        """What `runs/stream` answers for a run it accepted: its events as they come, or a 4xx."""
        refused = await self.refused_before_start(record, on_refused)
        if refused is not None:
            return refused
        thread_id, run_id = record["thread_id"], record["run_id"]

        def cancel() -> None:  # `useStream`'s default: a run ends with the page that asked for it
            api_runs.request_stop(self.pool, thread_id, run_id, "interrupt")

        body_text = _stream_body(
            self.events(thread_id, run_id, -1),
            with_ids=body.stream_resumable,
            failure=lambda: self.failure(thread_id, run_id),
        )
        return sse_response(body_text, request, headers, cancel if body.on_disconnect == "cancel" else None)


def _checked_request(body: RunCreate) -> list[str]:
    """The stream modes asked, once the assistant is known and every option asked is carried out."""
    asked = modes(body)
    known(body.assistant_id)
    refuse_unsupported(body)
    return asked


def location(thread_id: str, run_id: str) -> dict[str, str]:
    """The `Content-Location` of a run's responses, from which the SDKs read its ids."""
    return {"Content-Location": f"/threads/{thread_id}/runs/{run_id}"}


def _run_id(run_id: str) -> str:
    try:
        return str(uuid.UUID(run_id))
    except ValueError:
        raise RefusedError(422, "Invalid run ID: must be a UUID") from None


def _stream_body(
    events: Iterator[list[Event] | Pause | None],
    *,
    with_ids: bool,
    failure: Callable[[], dict[str, Any] | None],
) -> Iterator[str | Pause]:
    """The events as SSE text, a batch in one piece, and an `error` event last if the run failed; pauses passed on."""
    for batch in events:
        if batch is None:
            yield ": heartbeat\n\n"
        elif isinstance(batch, Pause):
            yield batch
        else:
            yield "".join(sse_event(str(seq) if with_ids else None, name, text) for seq, name, text in batch)
    failed = failure()
    if failed is not None:
        data = json.dumps({"error": failed["error"], "message": failed["message"]})
        yield f"event: error\ndata: {data}\n\n"


class _ClientGoneError(Exception):
    """The client of a stream left before its end."""


async def _watching(
    body: Iterator[str | Pause], request: Request, on_disconnect: Callable[[], None] | None
) -> AsyncIterator[str]:
    """`body`, each piece read in a worker thread and each `Pause` waited out on the event loop.

    A stream takes a thread only for its queries, one for each batch of events the database gives
    (a burst of tokens the worker kept in one statement goes out as one chunk): however many
    clients follow their runs, the server's threads stay free for its other requests.
    `on_disconnect` is called if the client leaves before the end.
    """
    finished = False
    try:
        while True:
            read = anyio.to_thread.run_sync(next, body, None, abandon_on_cancel=True)
            chunk = await _unless_gone(read, request, on_disconnect)
            if chunk is None:
                break
            if isinstance(chunk, Pause):
                await _unless_gone(chunk.wait(), request, on_disconnect)
                continue
            yield chunk
        finished = True
    except _ClientGoneError:
        return
    finally:
        if not finished and on_disconnect is not None:
            with anyio.CancelScope(shield=True):  # the response may be being cancelled
                await anyio.to_thread.run_sync(on_disconnect)


async def _unless_gone(step: Awaitable[T], request: Request, on_disconnect: Callable[[], None] | None) -> T:
    """`step`'s result; `_ClientGoneError` if the client left first.

    With `on_disconnect`, the client's connection is looked at every `DISCONNECT_POLL_S` while
    the step goes on (a run held up at a step sends nothing for a while); a read in a worker
    thread is then left to finish on its own.
    """
    waiting = asyncio.ensure_future(step)
    while on_disconnect is not None and not waiting.done():
        await asyncio.wait({waiting}, timeout=DISCONNECT_POLL_S)
        if not waiting.done() and await request.is_disconnected():
            waiting.cancel()
            raise _ClientGoneError
    return await waiting


def routes(backend: Backend) -> APIRouter:
    """The run routes over `backend`: runs are queued as its engine jobs and followed with its wake-ups."""
    router = APIRouter(prefix="/threads/{thread_id}/runs", tags=["runs"])
    desk = RunDesk(backend)

    @router.post("", response_model=None)
    def create(thread_id: str, body: RunCreate, who: Who) -> Response:
        record = desk.accept(thread_id, body, who)
        return JSONResponse(run_json(record), headers=location(thread_id, record["run_id"]))

    @router.post("/wait", response_model=None)
    async def wait(thread_id: str, body: RunCreate, who: Who) -> Response:
        # A coroutine: the request holds a thread only for its queries, not while the run goes on.
        run_id = str(uuid.uuid4())
        with desk.following_end(run_id) as since:
            accept = partial(desk.accept, thread_id, body, who, relay_events=False, run_id=run_id)
            record = await anyio.to_thread.run_sync(accept)
            return await desk.answer_when_ended(record, location(thread_id, run_id), since=since)

    @router.post("/stream", response_model=None)
    async def stream(thread_id: str, body: RunCreate, who: Who, request: Request) -> Response:
        record = await anyio.to_thread.run_sync(desk.accept, thread_id, body, who)
        return await desk.stream_of(record, body, request, location(thread_id, record["run_id"]))

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
    async def join(thread_id: str, run_id: str, who: Who) -> Response:
        found = await anyio.to_thread.run_sync(desk.run, thread_id, run_id, who)
        values = await desk.values_after_end(thread_id, found["run_id"])
        return JSONResponse(values, headers=location(thread_id, found["run_id"]))

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
        body_text = _stream_body(
            desk.events(thread_id, found["run_id"], after),
            with_ids=True,
            failure=lambda: desk.failure(thread_id, found["run_id"]),
        )
        return sse_response(body_text, request, location(thread_id, found["run_id"]))

    @router.post("/{run_id}/cancel", response_model=None)
    async def cancel(
        thread_id: str,
        run_id: str,
        who: Who,
        wait: bool = False,
        action: Literal["interrupt", "rollback"] = "interrupt",
    ) -> Response:
        def ask() -> api_runs.RunRow:
            found = desk.run(thread_id, run_id, who)
            if who.role != "operator" and found["actor"] != who.user_id:
                raise RefusedError(403, "a student cancels only the runs they started")
            if found["status"] not in api_runs.ACTIVE:
                raise RefusedError(404, f"run {run_id} has ended; there is nothing to cancel")
            api_runs.request_stop(desk.pool, thread_id, found["run_id"], action)
            return found

        found = await anyio.to_thread.run_sync(ask)
        if not wait:
            return Response(status_code=202)
        values = await desk.values_after_end(thread_id, found["run_id"])
        return JSONResponse(values, headers=location(thread_id, found["run_id"]))

    return router
