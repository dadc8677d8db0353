"""The HTTP API and the page: FastAPI over `agent.runtime.threads`, the journal and the approval inbox.

A face: it reads through `agent.runtime.threads` and persistence, and queues every turn and
decision as a run (`agent.journal.api_runs`) that a task-engine worker executes, in this process
or another (`agent.interfaces.worker`); the answer, or its Server-Sent Events, come back through
Postgres. Every error answers JSON `{"error": <code>, "message": <text>}` with a 4xx status,
never a stack trace.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import resources as package_files
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from agent.infra import engine
from agent.infra.locks import ThreadBusyError
from agent.infra.persistence import Resources
from agent.infra.rate_limits import RateLimiter
from agent.interfaces.server import queueing
from agent.interfaces.server.auth import Principal
from agent.interfaces.server.langgraph_api import mount_langgraph_api
from agent.interfaces.server.langgraph_api.feeds import Wakeups, follow, wait_until
from agent.interfaces.server.limits import RateLimitedError, count_request, retry_after
from agent.interfaces.server.sse import format_event
from agent.journal import api_runs, owners
from agent.journal.events import events
from agent.runtime import runs, threads

log = logging.getLogger(__name__)

LANGGRAPH_PATH = "/langgraph"
"""Where the LangGraph Server API is mounted: clients use `http://host:port/langgraph` as its URL."""


class ApiError(Exception):
    """An error answered with `status`, a JSON body and `headers`."""

    def __init__(
        self, status: int, code: str, message: str, headers: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = dict(headers or {})


_THREAD_ERRORS: list[tuple[type[BaseException], int, str]] = [
    (ThreadBusyError, 409, "thread_busy"),
    (threads.ForeignThreadError, 403, "forbidden"),
    (threads.UnknownThreadError, 404, "unknown_thread"),
    (threads.NothingPendingError, 409, "nothing_pending"),
    (threads.InvalidApprovalError, 422, "invalid_decision"),
    (threads.InvalidInputError, 400, "invalid_input"),
    (threads.DailyBudgetExhaustedError, 429, "budget_exhausted"),
    (RateLimitedError, 429, "rate_limited"),
]


def describe(err: BaseException) -> tuple[int, str, str]:
    """Status, code and message for an error; internal errors say only that they happened."""
    if isinstance(err, ApiError):
        return err.status, err.code, err.message
    for kind, status, code in _THREAD_ERRORS:
        if isinstance(err, kind):
            return status, code, str(err)
    log.error("internal error in a request: %s", type(err).__name__, exc_info=err)
    return 500, "internal", "the server could not complete the request; it has been logged"


def _error(status: int, code: str, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers)


class NewThread(BaseModel):
    """Create a thread (an id is made up when none is given)."""

    thread_id: str | None = Field(default=None, max_length=128)


class Message(BaseModel):
    """A student's message."""

    message: str = Field(min_length=1)


class DecisionBody(BaseModel):
    """An operator's decision on the pending action, in LangChain's HITL shape."""

    action_id: str = Field(min_length=1)
    decisions: list[dict[str, Any]] = Field(min_length=1, max_length=1)


class Fork(BaseModel):
    """Copy a thread as it was at one of its checkpoints into a new thread."""

    checkpoint_id: str = Field(min_length=1)
    thread_id: str | None = Field(default=None, max_length=128)


@dataclass
class Service:
    """What the routes use: resources, the graph, the API keys, and the task engine's deferrer."""

    resources: Resources
    graph: Any
    keys: dict[str, Principal]
    jobs: Any = None
    """Defers run jobs (`agent.infra.engine.deferrer`); made on the resources' pool when None."""
    wakeups: Wakeups | None = None
    """This process's listener for run events; made when None."""

    def __post_init__(self) -> None:
        if self.jobs is None:
            self.jobs = engine.deferrer(self.resources.pool)
        if self.wakeups is None:
            listen = self.resources.settings.db_pooling != "transaction"
            self.wakeups = Wakeups(self.resources.url, listen=listen)

    @property
    def wake(self) -> Wakeups:
        """The wake-up listener (made in `__post_init__`)."""
        assert self.wakeups is not None
        return self.wakeups


def principal(request: Request, authorization: Annotated[str | None, Header()] = None) -> Principal:
    """The caller, from `Authorization: Bearer <key>`; 401 without a known key, 429 over its rate."""
    keys: dict[str, Principal] = request.app.state.service.keys
    scheme, _, key = (authorization or "").partition(" ")
    found = keys.get(key.strip()) if scheme.lower() == "bearer" else None
    if found is None:
        raise ApiError(401, "unauthorized", "send a valid API key as 'Authorization: Bearer <key>'")
    count_request(request, key.strip())
    return found


Who = Annotated[Principal, Depends(principal)]
"""A route parameter that is the authenticated caller."""

_STREAMED: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "The turn as JSON, or as Server-Sent Events when the request accepts them",
        "content": {
            "text/event-stream": {
                "schema": {
                    "type": "object",
                    "required": ["event", "data"],
                    "properties": {
                        "event": {"type": "string"},
                        "data": {"type": "string", "contentMediaType": "application/json"},
                    },
                }
            }
        },
    }
}
"""The spec of a route that answers a run: JSON, or SSE (the schema is one event's) when asked."""


def _carries_nul(value: Any) -> bool:
    """Whether a string anywhere in `value` (a parsed JSON document) holds a NUL character."""
    stack = [value]
    while stack:  # a loop, not recursion: a body nested as deep as the JSON parser allows still fits
        item = stack.pop()
        if isinstance(item, str) and "\x00" in item:
            return True
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


async def _refuse_nul(request: Request) -> None:
    """Refuse NUL in the path, the query or the JSON body (400) before a route writes anything.

    Postgres text and jsonb cannot store it: let through, it fails the first insert halfway.
    """
    body = await request.body()
    try:
        parsed = json.loads(body) if body else None
    except (ValueError, RecursionError):
        parsed = None  # not JSON: the route's own validation answers it
    if _carries_nul([*request.path_params.values(), *request.query_params.values(), parsed]):
        message = "the request holds a NUL character (\\u0000), which cannot be stored"
        raise ApiError(400, "invalid_input", message)


def create_app(service: Service) -> FastAPI:
    """The FastAPI application: routes, error handlers, and the page."""
    app = FastAPI(
        title="school-agent",
        version="1",
        description="The online school's assistant.",
        dependencies=[Depends(_refuse_nul)],
    )
    app.state.service = service
    settings = service.resources.settings
    app.state.limiter = RateLimiter(service.resources.pool, settings.rate_limit_per_minute)
    _error_handlers(app)
    _thread_routes(app, service)
    _approval_routes(app, service)
    _page_routes(app)
    # The LangGraph Server API, for the SDKs, Studio and agent UIs: its own app under a path,
    # because its `/threads` routes collide with the private ones (see its package docstring).
    mount_langgraph_api(
        app,
        LANGGRAPH_PATH,
        service.resources,
        service.graph,
        service.keys,
        jobs=service.jobs,
        wakeups=service.wake,
    )
    return app


def _error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    def api_error(_: Request, err: ApiError) -> JSONResponse:
        return _error(err.status, err.code, err.message, err.headers)

    @app.exception_handler(RequestValidationError)
    def invalid(_: Request, err: RequestValidationError) -> JSONResponse:
        first = err.errors()[0] if err.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return _error(422, "invalid_request", f"{where or 'request'}: {first.get('msg', 'invalid')}")

    @app.exception_handler(StarletteHTTPException)
    def http_error(_: Request, err: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(err.status_code, "http_error")
        return _error(err.status_code, code, str(err.detail))

    for kind, _status, _code in _THREAD_ERRORS:
        app.add_exception_handler(kind, lambda _r, e: _error(*describe(e), retry_after(e)))  # type: ignore[arg-type]

    @app.exception_handler(Exception)
    def internal(_: Request, err: Exception) -> JSONResponse:
        return _error(*describe(err))


def _owner_check(service: Service, thread_id: str, who: Principal, *, write: bool) -> str | None:
    """The thread's owner, after checking that `who` may read (or write) it."""
    threads.config_for(thread_id)  # a bad id is a 400 before anything else
    owner = runs.owner(service.graph, thread_id)
    if who.role == "operator" and not write:
        return owner
    owners.refuse_foreign(thread_id, owner, who.user_id)  # a ForeignThreadError: 403 forbidden
    if who.role != "student" and write:
        raise ApiError(403, "forbidden", "only the student who owns a thread writes to it")
    return owner


def _queue(
    service: Service,
    thread_id: str,
    who: Principal,
    work: dict[str, Any],
    *,
    strategy: api_runs.Strategy = "reject",
) -> dict[str, Any]:
    """Record a run of the private API and queue it for a worker; its record."""
    try:
        record = api_runs.create(
            service.resources.pool,
            run_id=str(uuid.uuid4()),
            thread_id=thread_id,
            assistant_id="school",
            actor=who.user_id,
            strategy=strategy,
            kwargs={},
            metadata={},
            busy=False,
            stops_others=False,
            work={**work, "face": "private", "wait_for_lock": strategy != "reject"},
        )
    except api_runs.RunConflictError as err:
        raise ThreadBusyError(str(err)) from None
    try:
        queueing.queue(service.resources.pool, service.jobs, thread_id, record["run_id"])
    except queueing.NotQueuedError as err:
        raise ApiError(503, "unavailable", str(err)) from None
    return record


def _respond(service: Service, record: dict[str, Any], stream: bool) -> Response:
    """The run as SSE (or JSON when not streaming); an error before it began as a 4xx."""
    pool, wakeups = service.resources.pool, service.wake
    thread_id, run_id = record["thread_id"], record["run_id"]
    refusal = queueing.refused(pool, wakeups, thread_id, run_id)
    if refusal is not None:
        return _error(
            refusal["status"], refusal["code"] or "internal", refusal["message"], retry_after(refusal)
        )
    if not stream:
        ended = wait_until(pool, wakeups, thread_id, run_id) or {}
        failure = ended.get("refusal")
        if ended.get("status") == "error" and failure is not None:
            code = failure["code"] or "internal"
            return _error(failure["status"], code, failure["message"], retry_after(failure))
        return JSONResponse(ended.get("result") or {"thread_id": thread_id, "replies": [], "pending": None})

    def body() -> Iterator[str]:
        for event in follow(pool, wakeups, thread_id, run_id, -1, 15.0):
            if event is None:
                yield ": heartbeat\n\n"
                continue
            _seq, name, text = event
            yield f"event: {name}\ndata: {text}\n\n"
        ended = api_runs.get(pool, thread_id, run_id) or {}
        failure = ended.get("refusal")
        if ended.get("status") == "error" and failure is not None:
            data = {"status": failure["status"], "error": failure["code"], "message": failure["message"]}
            yield format_event("error", data)

    return StreamingResponse(
        body(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def _wants_stream(accept: str | None) -> bool:
    return "text/event-stream" in (accept or "")


def _thread_routes(app: FastAPI, service: Service) -> None:
    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        with service.resources.pool.connection() as conn:
            conn.execute("SELECT 1")
        return {"status": "ok"}

    @app.get("/me")
    def me(who: Who) -> dict[str, str]:
        return {"user_id": who.user_id, "role": who.role}

    @app.post("/threads", status_code=201)
    def create_thread(body: NewThread, who: Who) -> dict[str, str]:
        if who.role != "student":
            raise ApiError(403, "forbidden", "threads are started by students")
        thread_id = body.thread_id or uuid.uuid4().hex
        threads.config_for(thread_id)
        owner = owners.claim_owner(service.resources.pool, thread_id, who.user_id)
        if owner != who.user_id:
            raise ApiError(409, "thread_exists", f"thread {thread_id} already exists")
        return {"thread_id": thread_id, "owner": owner}

    @app.post("/threads/{thread_id}/turns", response_model=None, responses=_STREAMED)
    def send(
        thread_id: str,
        body: Message,
        who: Who,
        accept: Annotated[str | None, Header()] = None,
        if_busy: Literal["reject", "enqueue"] = Query("reject"),
    ) -> Response:
        _owner_check(service, thread_id, who, write=True)
        text = threads.check_message(body.message, service.resources.settings)
        threads.refuse_spent(service.graph, thread_id, who.user_id)  # a 429 before anything is queued
        work = {"kind": "send", "text": text, "user_id": who.user_id}
        if if_busy == "enqueue":
            # A run claims the thread itself once its input is checked; a queued one claims it now.
            owners.claim_owner(service.resources.pool, thread_id, who.user_id)
            record = _queue(service, thread_id, who, work, strategy="enqueue")
            return JSONResponse({"job_id": record["run_id"], "status": "queued"}, status_code=202)
        return _respond(service, _queue(service, thread_id, who, work), _wants_stream(accept))

    @app.get("/threads/{thread_id}")
    def state(thread_id: str, who: Who) -> dict[str, Any]:
        owner = _owner_check(service, thread_id, who, write=False)
        snapshot = service.graph.get_state(threads.config_for(thread_id))
        if not snapshot.values:
            raise ApiError(404, "unknown_thread", f"there is no thread {thread_id!r}")
        values = snapshot.values
        return {
            "thread_id": thread_id,
            "owner": owner,
            "messages": [{"role": r, "text": t} for r, t in threads.history(service.graph, thread_id)],
            "pending": snapshot.interrupts[0].value if snapshot.interrupts else None,
            "next": list(snapshot.next),
            "intent": values.get("intent"),
            "program": values.get("program"),
            "usage": values.get("usage"),
            "last_outcome": values.get("last_outcome"),
        }

    @app.get("/threads/{thread_id}/history")
    def history(thread_id: str, who: Who) -> list[dict[str, Any]]:
        _owner_check(service, thread_id, who, write=False)
        found = [
            {
                "checkpoint_id": s.config["configurable"]["checkpoint_id"],
                "step": s.metadata.get("step"),
                "source": s.metadata.get("source"),
                "next": list(s.next),
                "created_at": s.created_at,
                "messages": len(s.values.get("messages", [])),
            }
            for s in service.graph.get_state_history(threads.config_for(thread_id))
        ]
        if not found:
            raise ApiError(404, "unknown_thread", f"there is no thread {thread_id!r}")
        return found

    @app.get("/threads/{thread_id}/events")
    def thread_events(
        thread_id: str,
        who: Who,
        kinds: Annotated[str | None, Query(description="comma-separated kinds")] = None,
    ) -> list[dict[str, Any]]:
        _owner_check(service, thread_id, who, write=False)
        wanted = [k.strip() for k in kinds.split(",") if k.strip()] if kinds is not None else None
        return events(service.resources.pool, thread_id, kinds=wanted)

    @app.post("/threads/{thread_id}/fork", status_code=201)
    def fork(thread_id: str, body: Fork, who: Who) -> dict[str, Any]:
        owner = _owner_check(service, thread_id, who, write=True)
        new_id = body.thread_id or uuid.uuid4().hex
        threads.config_for(new_id)  # a refused fork must not claim the new id: check before claiming
        source = {"configurable": {"thread_id": thread_id, "checkpoint_id": body.checkpoint_id}}
        if not service.graph.get_state(source).values:
            message = f"thread {thread_id!r} has no checkpoint {body.checkpoint_id!r}"
            raise ApiError(404, "unknown_thread", message)
        if owners.claim_owner(service.resources.pool, new_id, owner or who.user_id) != (owner or who.user_id):
            raise ApiError(409, "thread_exists", f"thread {new_id} already exists")
        threads.fork(service.graph, thread_id, body.checkpoint_id, new_id)
        return {
            "thread_id": new_id,
            "forked_from": {"thread_id": thread_id, "checkpoint_id": body.checkpoint_id},
        }

    @app.get("/jobs/{job_id}")
    def job(job_id: uuid.UUID, who: Who) -> dict[str, Any]:
        found = api_runs.by_id(service.resources.pool, str(job_id))
        if found is None:
            raise ApiError(404, "unknown_job", f"there is no job {job_id}")
        _owner_check(service, found["thread_id"], who, write=False)
        return {
            "job_id": found["run_id"],
            "thread_id": found["thread_id"],
            "status": found["status"],
            "attempts": found["attempt"],
            "worker": found["worker"],
            "result": found["result"],
            "error": (found["refusal"] or {}).get("message"),
        }


def _approval_routes(app: FastAPI, service: Service) -> None:
    def operator(who: Principal) -> None:
        if who.role != "operator":
            raise ApiError(403, "forbidden", "only operators see and decide approvals")

    @app.get("/approvals")
    def approvals(who: Who) -> list[dict[str, Any]]:
        operator(who)
        found = threads.pending(service.graph, service.resources.pool)
        return [_inbox_item(t.thread_id, t.pending or {}) for t in found]

    @app.post("/threads/{thread_id}/decision", response_model=None, responses=_STREAMED)
    def decide(
        thread_id: str, body: DecisionBody, who: Who, accept: Annotated[str | None, Header()] = None
    ) -> Response:
        operator(who)
        threads.config_for(thread_id)
        decision = {
            "decisions": body.decisions,
            "action_id": body.action_id,
            "reviewer": who.user_id,
            "role": who.role,
        }
        work = {"kind": "decide", "decision": decision, "user_id": who.user_id}
        return _respond(service, _queue(service, thread_id, who, work), _wants_stream(accept))


def _inbox_item(thread_id: str, request: dict[str, Any]) -> dict[str, Any]:
    actions = request.get("action_requests") or [{}]
    return {
        "thread_id": thread_id,
        "action_id": request.get("action_id"),
        "action_requests": request.get("action_requests"),
        "review_configs": request.get("review_configs"),
        "policy": request.get("policy"),
        "student_id": actions[0].get("args", {}).get("student_id"),
    }


def _page_routes(app: FastAPI) -> None:
    static = package_files.files("agent.interfaces.server").joinpath("static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index() -> HTMLResponse:
        return HTMLResponse(static.joinpath("index.html").read_text())

    app.mount("/static", StaticFiles(directory=str(static)), name="static")
