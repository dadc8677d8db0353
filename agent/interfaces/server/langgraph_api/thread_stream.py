"""`GET /threads/{thread_id}/stream`: join whatever runs on a thread now and next, from the event log.

As the platform's (`client.threads.join_stream`): the stream never ends of itself; it carries the
events of each run on the thread as the run's own stream does (the modes its request asked for),
then `metadata` `{"status": "run_done", "run_id": ...}` when the run ends (after `error` if it
failed), and goes on with the thread's next run. Without `Last-Event-ID` it starts at the
thread's present: the rest of the run in flight, then the runs after it. Every event has an id,
`<run's creation in µs>-<event number>`, so a client that reconnects, to this API process or any
other, with `Last-Event-ID` gets exactly the events after that one (`-1`: the thread's whole
history). `stream_mode` (the SDK's name; the platform's own `stream_modes` too) is `run_modes`
(every event) or `lifecycle` (only the runs' starts and ends); `state_update` is refused (422):
state updates are not published here. A thread the caller may not see answers 404.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Annotated

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import Response

from agent.interfaces.server.auth import Who
from agent.interfaces.server.backend import Backend
from agent.interfaces.server.errors import RefusedError
from agent.interfaces.server.langgraph_api.runs import HEARTBEAT_S, sse_event, sse_response
from agent.interfaces.server.langgraph_api.threads import ThreadAccess
from agent.journal.feeds import THREAD_START, Pause, Position, ThreadEvent, follow_thread, thread_now

THREAD_STREAM_MODES = ("run_modes", "lifecycle")
"""The thread stream modes served; `state_update` is refused."""
_EVENT_ID = re.compile(r"^(\d{1,19})-(\d{1,10})$")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def event_id(position: Position) -> str:
    """The SSE id of the event at `position`."""
    created, seq = position
    return f"{(created - _EPOCH) // _MICROSECOND}-{seq}"


def position_of(last_event_id: str) -> Position:
    """The position a `Last-Event-ID` names (`-1`: before the thread's first event); 422 otherwise."""
    if last_event_id.strip() == "-1":
        return THREAD_START
    found = _EVENT_ID.match(last_event_id.strip())
    try:
        if found is not None:
            return _EPOCH + int(found[1]) * _MICROSECOND, int(found[2])
    except OverflowError:  # past the last date there is
        pass
    message = "Last-Event-ID must be the id of an event of this thread's stream (or -1: from its start)"
    raise RefusedError(422, message)


def stream_modes(asked: list[str]) -> set[str]:
    """The thread stream modes asked for (comma-separated values too); 422 for one not served."""
    found = {m.strip() for value in asked for m in value.split(",") if m.strip()} or {"run_modes"}
    unknown = sorted(found - set(THREAD_STREAM_MODES))
    if unknown:
        message = (
            f"stream_mode {unknown} is not supported on a thread's stream; use "
            f"{' or '.join(THREAD_STREAM_MODES)} (state updates are not published on it)"
        )
        raise RefusedError(422, message)
    return found


def _lifecycle(event: ThreadEvent) -> bool:
    """A run's start or end: its `metadata` events."""
    return event.event == "metadata"


def _body(events: Iterator[list[ThreadEvent] | Pause | None], modes: set[str]) -> Iterator[str | Pause]:
    for batch in events:
        if batch is None:
            yield ": heartbeat\n\n"
        elif isinstance(batch, Pause):
            yield batch
        else:
            shown = (e for e in batch if "run_modes" in modes or _lifecycle(e))
            text = "".join(sse_event(event_id(e.position), e.event, e.data) for e in shown)
            if text:
                yield text


def routes(backend: Backend) -> APIRouter:
    """The thread stream route over `backend`."""
    router = APIRouter(tags=["threads"])
    access = ThreadAccess(backend)

    @router.get("/threads/{thread_id}/stream", response_model=None)
    def join_thread_stream(
        thread_id: str,
        who: Who,
        request: Request,
        stream_mode: Annotated[list[str], Query()] = [],  # noqa: B006  # FastAPI copies query defaults
        stream_modes_: Annotated[list[str], Query(alias="stream_modes")] = [],  # noqa: B006
        last_event_id: str | None = Header(None, alias="Last-Event-ID"),
    ) -> Response:
        access.row(thread_id, who)
        modes = stream_modes([*stream_mode, *stream_modes_])
        after = position_of(last_event_id) if last_event_id else thread_now(backend.pool, thread_id)
        events = follow_thread(backend.pool, backend.wake, thread_id, after, HEARTBEAT_S)
        return sse_response(_body(events, modes), request, {}, lambda: None)

    return router
