"""`GET /threads/{thread_id}/stream` driven by the official `langgraph_sdk` (`threads.join_stream`)
over loopback HTTP on real Postgres: joined mid-run it carries the rest of the run and its end,
then the thread's next run; rejoined with `Last-Event-ID` it goes on exactly after that event; a
second API process serves the same stream from the event log; the refusals.

A run is held mid-way by the graph's own fault point (`before:propose`) until the test lets it go.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from langgraph_sdk.client import SyncLangGraphClient
from langgraph_sdk.schema import StreamPart

from agent.infra.persistence import Resources
from agent.interfaces.server.app import create_app
from agent.interfaces.server.auth import parse_keys
from agent.interfaces.server.backend import Backend
from tests.support.api import API_KEYS, APPROVE, ASK, langgraph_url, message, sdk_clients
from tests.support.holds import Hold
from tests.support.servers import free_port


@pytest.fixture
def clients(api: httpx.Client) -> Iterator[dict[str, SyncLangGraphClient]]:
    with sdk_clients(langgraph_url(api.base_url), "ada", "bob", "olga") as made:
        yield made


@pytest.fixture
def second_api(resources: Resources, graph: Any) -> Iterator[str]:
    """Another API process's application on the same database (no worker of its own): its URL."""
    backend = Backend(resources, graph, parse_keys(API_KEYS))
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(backend), host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    backend.wake.close()


def until_done(
    parts: Iterator[StreamPart], run_id: str, *, stop_after: int | None = None
) -> list[StreamPart]:
    """The parts of a thread's stream up to the end of run `run_id` (or `stop_after` parts); then closed."""
    found: list[StreamPart] = []
    try:
        for part in parts:
            found.append(part)
            if part.data == {"status": "run_done", "run_id": run_id} or len(found) == stop_after:
                break
    finally:
        parts.close()  # type: ignore[attr-defined]  # the SDK's iterator is a generator
    return found


def kept_events(resources: Resources, run_id: str) -> list[tuple[str, Any]]:
    """The run's kept events as (event, data), in order."""
    import json

    with resources.pool.connection() as conn:
        rows = conn.execute(
            "SELECT event, data FROM api_run_events WHERE run_id = %s ORDER BY seq", (run_id,)
        ).fetchall()
    return [(r["event"], json.loads(r["data"])) for r in rows]


def wait_for_events(resources: Resources, run_id: str, count: int) -> None:
    deadline = time.monotonic() + 30
    while len(kept_events(resources, run_id)) < count:
        assert time.monotonic() < deadline, f"run {run_id} kept fewer than {count} events"
        time.sleep(0.05)


def seqs(parts: list[StreamPart]) -> list[int]:
    return [int(str(p.id).rsplit("-", 1)[1]) for p in parts]


def test_a_thread_stream_joined_mid_run_carries_the_rest_then_the_next_run(
    clients: dict[str, SyncLangGraphClient], resources: Resources, hold: Hold
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    first = ada.runs.create(thread_id, "school", input=ASK, stream_mode=["values", "updates"])
    assert hold.reached.wait(timeout=30)
    wait_for_events(resources, first["run_id"], 3)  # metadata, values, the router's update
    stream = ada.threads.join_stream(thread_id)
    parts: list[StreamPart] = []
    reader = threading.Thread(target=lambda: parts.extend(until_done(stream, first["run_id"])))
    reader.start()
    time.sleep(0.5)  # the stream is open before the run goes on
    hold.release()
    reader.join(timeout=30)
    # The rest of the run exactly as it was kept, then its end.
    done = {"status": "run_done", "run_id": first["run_id"]}
    joined_at = seqs(parts)[0]
    assert joined_at >= 3  # mid-run: what was kept before the join is not sent again
    rest = kept_events(resources, first["run_id"])[joined_at:]
    assert rest and [(p.event, p.data) for p in parts] == [*rest, ("metadata", done)]
    assert seqs(parts) == list(range(joined_at, joined_at + len(parts)))
    assert parts[-2].data["__interrupt__"][0]["value"]["action_requests"][0]["name"] == "enroll"
    # Joined again after that end: the thread's next run, from its start.
    stream = ada.threads.join_stream(thread_id, last_event_id=str(parts[-1].id))
    second = ada.runs.create(thread_id, "school", command=APPROVE)
    following = until_done(stream, second["run_id"])
    assert [(p.event, p.data) for p in following] == [
        *kept_events(resources, second["run_id"]),
        ("metadata", {"status": "run_done", "run_id": second["run_id"]}),
    ]
    assert following[0].data == {"run_id": second["run_id"], "attempt": 1}
    assert following[-2].data["messages"][-1]["content"].startswith("Done: you are enrolled in rag-2")


def test_a_rejoined_thread_stream_goes_on_exactly_after_its_last_event_on_any_process(
    clients: dict[str, SyncLangGraphClient], resources: Resources, second_api: str
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    runs = [
        ada.runs.wait(thread_id, "school", input=message("When does rag-2 start?")),
        ada.runs.create(thread_id, "school", input=message("How much is rag-2?"), stream_mode="updates"),
    ]
    last_run = runs[1]["run_id"]
    whole = until_done(ada.threads.join_stream(thread_id, last_event_id="-1"), last_run)
    names = [p.event for p in whole]
    # A `wait` run keeps no events of its own: only its start and end are on the stream.
    assert names[:3] == ["metadata", "metadata", "metadata"] and names[-1] == "metadata"
    assert whole[1].data["status"] == "run_done" and whole[2].data["attempt"] == 1
    assert len({p.id for p in whole}) == len(whole)
    for cut in (1, 3, len(whole) - 1):
        seen = until_done(ada.threads.join_stream(thread_id, last_event_id="-1"), last_run, stop_after=cut)
        with sdk_clients(second_api, "ada") as other:
            rest = until_done(
                other["ada"].threads.join_stream(thread_id, last_event_id=str(seen[-1].id)), last_run
            )
        assert [(p.id, p.event, p.data) for p in [*seen, *rest]] == [(p.id, p.event, p.data) for p in whole]
    lifecycle = until_done(
        ada.threads.join_stream(thread_id, last_event_id="-1", stream_mode="lifecycle"), last_run
    )
    assert [p.data for p in lifecycle] == [p.data for p in whole if p.event == "metadata"]


def test_a_thread_stream_is_refused_for_a_foreign_thread_a_bad_id_or_mode(
    clients: dict[str, SyncLangGraphClient],
) -> None:
    ada, bob = clients["ada"], clients["bob"]
    thread_id = ada.threads.create()["thread_id"]
    cases = [
        (lambda: next(bob.threads.join_stream(thread_id)), 404, f"Thread with ID {thread_id} not found"),
        (lambda: next(ada.threads.join_stream("no-such-thread")), 404, "not found"),
        (lambda: next(ada.threads.join_stream(thread_id, last_event_id="abc")), 422, "Last-Event-ID"),
        (
            lambda: next(ada.threads.join_stream(thread_id, last_event_id="9" * 19 + "-1")),
            422,
            "Last-Event-ID",
        ),
        (lambda: next(ada.threads.join_stream(thread_id, stream_mode="state_update")), 422, "state_update"),
    ]
    for call, status, fragment in cases:
        with pytest.raises(httpx.HTTPStatusError) as caught:
            call()
        assert (caught.value.response.status_code, fragment in caught.value.response.text) == (status, True)
