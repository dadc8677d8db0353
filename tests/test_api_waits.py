"""A request that waits for its run holds no server thread while the run goes on.

`runs/wait` (on a thread and stateless) and `join` wait on the event loop; only their queries take
one of the server's threads (anyio's pool, 40 by default, which FastAPI's plain routes share). Here
the pool is cut to 2 and three runs are held mid-way: had each wait held a thread, nothing else
(the health check, a thread's state) could be answered until the runs ended.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import anyio
import httpx
import pytest
from starlette.types import Receive, Scope, Send

from agent.interfaces.server.app import create_app
from agent.interfaces.server.backend import Backend
from agent.worker.process import Worker
from tests.support.api import ADA, BOB
from tests.support.holds import Hold
from tests.support.servers import in_process

ASK = {"messages": [{"role": "user", "content": "Enroll me in rag-2"}]}
THREADS = 2
"""The server's thread pool in this test."""


@pytest.fixture
def narrow_api(service: Backend, worker: Worker) -> Iterator[httpx.Client]:
    """The app on a loopback port with a pool of `THREADS` threads for its plain routes and queries."""
    app = create_app(service)

    async def narrowed(scope: Scope, receive: Receive, send: Send) -> None:
        anyio.to_thread.current_default_thread_limiter().total_tokens = THREADS
        await app(scope, receive, send)

    with in_process(narrowed) as client:
        yield client
    service.wake.close()


def _running(api: httpx.Client, threads: list[tuple[str, dict[str, str]]]) -> int:
    runs = [api.get(f"/threads/{t}/runs", headers=who).json() for t, who in threads]
    return sum(1 for listed in runs for run in listed if run["status"] == "running")


def _made(api: httpx.Client, names: list[tuple[str, dict[str, str]]]) -> list[tuple[str, dict[str, str]]]:
    for thread_id, who in names:
        assert api.post("/threads", json={"thread_id": thread_id}, headers=who).status_code == 200
    return names


def _while_held(api: httpx.Client, threads: list[tuple[str, dict[str, str]]]) -> None:
    """Once every thread's run is running (held), the server answers its plain routes at once."""
    deadline = time.monotonic() + 30
    while _running(api, threads) < len(threads) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _running(api, threads) == len(threads)
    for _ in range(3):  # more followers than threads, and every request is answered in time
        began = time.monotonic()
        ok = api.get("/ok", timeout=5)
        state = api.get(f"/threads/{threads[0][0]}", headers=threads[0][1], timeout=5)
        assert (ok.status_code, state.status_code) == (200, 200)
        assert time.monotonic() - began < 2
        time.sleep(0.3)


def _proposed(values: Any) -> tuple[str, str]:
    asked = values["__interrupt__"][0]["value"]["action_requests"][0]
    return asked["name"], asked["args"]["cohort_id"]


def test_waits_hold_no_thread_while_their_runs_go_on(narrow_api: httpx.Client, hold: Hold) -> None:
    api = narrow_api
    threads = _made(api, [("w-ada-1", ADA), ("w-ada-2", ADA), ("w-bob-1", BOB)])
    answers: dict[str, httpx.Response] = {}

    def wait(thread_id: str, who: dict[str, str]) -> None:
        run = {"assistant_id": "school", "input": ASK}
        answers[thread_id] = api.post(f"/threads/{thread_id}/runs/wait", json=run, headers=who)

    waiting = [threading.Thread(target=wait, args=pair) for pair in threads]
    for started in waiting:
        started.start()
    try:
        _while_held(api, threads)
        assert answers == {}  # the runs are still held
    finally:
        hold.release()
        for started in waiting:
            started.join(30)

    assert {t: r.status_code for t, r in answers.items()} == {t: 200 for t, _ in threads}
    assert {t: _proposed(r.json()) for t, r in answers.items()} == {
        t: ("enroll", "rag-2") for t, _ in threads
    }


def test_streams_hold_no_thread_while_their_runs_go_on(narrow_api: httpx.Client, hold: Hold) -> None:
    api = narrow_api
    threads = _made(api, [("s-ada-1", ADA), ("s-ada-2", ADA), ("s-bob-1", BOB), ("s-bob-2", BOB)])
    streamed: dict[str, list[str]] = {}

    def stream(thread_id: str, who: dict[str, str]) -> None:
        run = {"assistant_id": "school", "input": ASK, "stream_mode": ["values"]}
        with api.stream("POST", f"/threads/{thread_id}/runs/stream", json=run, headers=who) as answer:
            assert answer.status_code == 200
            streamed[thread_id] = [line for line in answer.iter_lines() if line.startswith("event: ")]

    ended: list[str] = []

    def follow_thread(thread_id: str, who: dict[str, str]) -> None:
        with api.stream("GET", f"/threads/{thread_id}/stream", headers=who) as answer:
            assert answer.status_code == 200
            for line in answer.iter_lines():
                if line.startswith("data: ") and '"run_done"' in line:
                    ended.append(thread_id)
                    return

    following = [threading.Thread(target=stream, args=pair) for pair in threads]
    following.append(threading.Thread(target=follow_thread, args=threads[0]))
    for started in following:
        started.start()
    try:
        _while_held(api, threads)
        assert (streamed, ended) == ({}, [])  # the runs are still held
    finally:
        hold.release()
        for started in following:
            started.join(30)

    assert ended == [threads[0][0]]  # the thread's stream: the run's end
    # Each stream: the run's metadata, its values as it went, and nothing after its end.
    assert sorted(streamed) == sorted(t for t, _ in threads)
    for lines in streamed.values():
        assert lines[0] == "event: metadata" and set(lines[1:]) == {"event: values"}, lines
