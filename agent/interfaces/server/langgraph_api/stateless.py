"""Stateless runs (`/runs`, `/runs/wait`, `/runs/stream`, `/runs/batch`): a run on a temporary thread.

As the platform's: each run gets a new thread, owned by the student who asks, and runs there
with the same machinery as a thread's runs (`runs.RunDesk`: recorded, queued on the task engine,
the thread's lock, the journal). `on_completion="delete"` (the default) has the worker delete the
thread when the run ends, whatever the end (`agent.runtime.execution`); `"keep"` leaves it, to be
read or continued like any other thread (its id is in the run: `thread_id`). The run's own record
and events stay, as the journal does, so `wait` and `stream` answer after the thread is gone.

A stateless run is a new message: a `command` is refused (400, as the platform: there is no thread
to resume), and so are a past `checkpoint` and every option thread runs refuse. A message whose
answer waits for an approval (an enrollment asked for) pauses as on a thread: its values carry
`__interrupt__`; with `"delete"` the request goes with the thread (nothing was executed: an
approval is the only way to execute), with `"keep"` the thread waits for the decision.
Everything is checked before the thread is made, and a request refused after that (a spent
budget, a full queue) deletes it again: a refused request leaves nothing. `/runs/batch` checks
every run of the list before it makes any.
"""

from __future__ import annotations

import uuid
from typing import Any, Literal

import anyio
from fastapi import APIRouter, Body, Request
from fastapi.responses import JSONResponse, Response

from agent.interfaces.server.auth import Principal, Who
from agent.interfaces.server.backend import Backend
from agent.interfaces.server.errors import RefusedError
from agent.interfaces.server.langgraph_api.run_requests import RunCreate
from agent.interfaces.server.langgraph_api.runs import RunDesk, location, run_json
from agent.journal import api_runs, thread_records

MAX_BATCH = 100
"""The most runs one `/runs/batch` request may ask for."""
_NO_THREAD_TO_RESUME = (
    "You must provide a thread_id when resuming: a stateless run starts a new thread, "
    "so there is nothing to resume; send a resume to the thread's own runs"
)


class StatelessRunCreate(RunCreate):
    """The body of `POST /runs`, `/runs/wait`, `/runs/stream` and each item of `/runs/batch`."""

    on_completion: Literal["delete", "keep"] = "delete"


def check_stateless(body: StatelessRunCreate) -> StatelessRunCreate:
    """Refuse what a run on a new thread cannot do; the body as a thread run would take it."""
    if body.command is not None:
        raise RefusedError(400, _NO_THREAD_TO_RESUME)
    extra = body.model_extra or {}
    for name in ("checkpoint", "checkpoint_id"):
        if extra.get(name) not in (None, {}, ""):
            raise RefusedError(422, f"{name} is refused on a stateless run: its new thread has no past")
    return body.model_copy(update={"if_not_exists": None})  # the platform's own: the thread is made


def routes(backend: Backend) -> APIRouter:
    """The stateless run routes over `backend`."""
    router = APIRouter(prefix="/runs", tags=["stateless runs"])
    desk = RunDesk(backend)
    pool = backend.resources.pool

    def checked(body: StatelessRunCreate, who: Principal) -> StatelessRunCreate:
        found = check_stateless(body)
        desk.check(found, who)
        return found

    def start(
        body: StatelessRunCreate, who: Principal, *, relay_events: bool = True, run_id: str | None = None
    ) -> api_runs.QueuedRun:
        """Make the run's thread and accept the run there; a refusal deletes the thread again."""
        thread_id = str(uuid.uuid4())
        thread_records.create(pool, thread_id, who.user_id, {})
        try:
            temporary = body.on_completion == "delete"
            return desk.accept(
                thread_id, body, who, relay_events=relay_events, temporary=temporary, run_id=run_id
            )
        except BaseException:
            thread_records.delete(pool, thread_id)
            raise

    def forget(record: api_runs.QueuedRun) -> None:
        """A run refused before it began leaves no thread, whatever `on_completion` said."""
        thread_records.delete(pool, record["thread_id"])

    @router.post("", response_model=None)
    def create(body: StatelessRunCreate, who: Who) -> Response:
        record = start(checked(body, who), who)
        return JSONResponse(run_json(record), headers={"Content-Location": f"/runs/{record['run_id']}"})

    @router.post("/wait", response_model=None)
    async def wait(body: StatelessRunCreate, who: Who) -> Response:
        # A coroutine, as a thread's `runs/wait`: no thread is held while the run goes on.
        run_id = str(uuid.uuid4())

        def begin() -> api_runs.QueuedRun:
            return start(checked(body, who), who, relay_events=False, run_id=run_id)

        with desk.following_end(run_id) as since:
            record = await anyio.to_thread.run_sync(begin)
            headers = location(record["thread_id"], run_id)
            return await desk.answer_when_ended(record, headers, on_refused=forget, since=since)

    @router.post("/stream", response_model=None)
    async def stream(body: StatelessRunCreate, who: Who, request: Request) -> Response:
        def begin() -> tuple[StatelessRunCreate, api_runs.QueuedRun]:
            found = checked(body, who)
            return found, start(found, who)

        found, record = await anyio.to_thread.run_sync(begin)
        headers = {"Content-Location": f"/runs/{record['run_id']}"}
        return await desk.stream_of(record, found, request, headers, on_refused=forget)

    @router.post("/batch")
    def batch(who: Who, bodies: list[StatelessRunCreate] = Body(...)) -> list[dict[str, Any]]:  # noqa: B008
        if not bodies or len(bodies) > MAX_BATCH:
            raise RefusedError(422, f"a batch holds 1 to {MAX_BATCH} runs; this one holds {len(bodies)}")
        found = [checked(body, who) for body in bodies]  # every run checked before any is made
        return [run_json(start(body, who)) for body in found]

    return router
