"""Postgres restarted in the middle of a run: a clear error, the pool recovers, the thread resumes,
nothing is lost and nothing is done twice. Runs on an embedded server it can stop and start.

Over HTTP, a database that is down or restarting is a 503 with `Retry-After` on every endpoint,
never a 500; a client that waits as it says and asks again through the SDK gets its answer.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from psycopg_pool import PoolTimeout

from agent.config.settings import Settings
from agent.infra.persistence import DatabaseUnavailableError, embedded_url, open_resources, stop_embedded
from agent.interfaces.server.app import create_app
from agent.interfaces.server.auth import parse_keys
from agent.interfaces.server.backend import Backend
from agent.runtime import threads
from agent.runtime.failures import DATABASE_DOWN
from agent.worker.process import Worker
from graphs import tools
from graphs.school import build_graph
from tests.support.api import API_KEYS, ASK, sdk_clients
from tests.support.api import APPROVE as RESUME
from tests.support.approvals import student_yes
from tests.support.school import TODAY
from tests.support.servers import free_port

APPROVE = student_yes("ada")
"""Ada confirms her own enrollment, as the policy asks."""


@pytest.fixture
def restartable() -> Iterator[Path]:
    """An embedded Postgres of this test's own, stopped and removed at the end."""
    # Not under pytest's tmp dir: that is private to root, and as root the server runs as the
    # `pgserver` user, which must reach its data directory.
    data = Path(tempfile.mkdtemp(prefix="school-restart-"))
    data.chmod(0o755)
    try:
        embedded_url(data)
        yield data
    finally:
        stop_embedded(data)
        shutil.rmtree(data, ignore_errors=True)


def _once_back(read: Any, timeout_s: float = 60) -> Any:
    """`read()` as soon as the pool has reconnected (it retries with a growing back-off)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            return read()
        except PoolTimeout:
            if time.monotonic() > deadline:
                raise


@pytest.mark.postgres  # starts its own embedded server, with no database fixture
def test_a_restart_mid_run_fails_clearly_and_the_thread_resumes(
    restartable: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(
        database_url=embedded_url(restartable), data_dir=restartable, today=TODAY, pool_timeout_s=3
    )
    with open_resources(settings) as res:
        graph = build_graph(
            checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
        )
        threads.send(graph, "t", "Enroll me in rag-2", user_id="ada")
        perform = tools.perform

        def outage_then_perform(*args: Any, **kwargs: Any) -> Any:
            stop_embedded(restartable)  # the database goes away between approval and the write
            return perform(*args, **kwargs)

        monkeypatch.setattr(tools, "perform", outage_then_perform)
        with pytest.raises(DatabaseUnavailableError, match="connection was lost during the run on thread t"):
            threads.decide(graph, "t", APPROVE)
        monkeypatch.setattr(tools, "perform", perform)
        embedded_url(restartable)  # the database is back; the same pool recovers after its back-off
        state = _once_back(lambda: graph.get_state({"configurable": {"thread_id": "t"}}))
        turn = threads.decide(graph, "t", APPROVE) if state.interrupts else threads.resume(graph, "t")
        assert turn.replies[-1].startswith("Done: you are enrolled in rag-2")
        assert [(e["student_id"], e["cohort_id"], e["status"]) for e in res.school.enrollments()] == [
            ("ada", "rag-2", "PENDING_PAYMENT")
        ]


@contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """`app` on a loopback port in this process; its base URL."""
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def retried(call: Callable[[], Any], answers: list[tuple[int, str | None]], timeout_s: float = 90) -> Any:
    """`call()` (an SDK call), asked again after each 503 once its `Retry-After` has passed.

    Each 503 is noted in `answers` as (status, Retry-After); any other error is raised.
    """
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            return call()
        except httpx.HTTPStatusError as err:
            if err.response.status_code != 503 or time.monotonic() > deadline:
                raise
            wait = err.response.headers.get("retry-after")
            answers.append((err.response.status_code, wait))
            time.sleep(float(wait or 1))


ENDPOINTS = [
    ("GET", "/ok?check_db=1", None),
    ("POST", "/threads", {}),
    ("POST", "/threads/search", {}),
    ("GET", "/threads/t1", None),
    ("GET", "/threads/t1/state", None),
    ("POST", "/threads/t1/history", {}),
    ("GET", "/threads/t1/runs", None),
    ("POST", "/threads/t1/runs/wait", {"assistant_id": "school", "command": RESUME}),
    ("POST", "/threads/t1/runs/stream", {"assistant_id": "school", "command": RESUME}),
    ("GET", "/school/threads/t1/timeline", None),
    ("GET", "/school/enrollments", None),
    ("POST", "/langgraph/threads/search", {}),
]
"""Requests that read or write the database: each is a 503 while it is down."""


@pytest.mark.postgres  # starts its own embedded server, with no database fixture
def test_a_database_down_or_restarting_is_503_and_the_sdk_asked_again_succeeds(restartable: Path) -> None:
    settings = Settings(
        database_url=embedded_url(restartable),
        data_dir=restartable,
        today=TODAY,
        pool_timeout_s=2,
        rate_limit_per_minute=60_000,  # the key's counter is in Postgres too: it must not make a 500
    )
    with open_resources(settings) as res:
        graph = build_graph(
            checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
        )
        backend = Backend(res, graph, parse_keys(API_KEYS))
        worker = Worker(res, graph, concurrency=2, name="outage-worker").start()
        try:
            with serving(create_app(backend)) as url, sdk_clients(url, "ada") as clients:
                ada = clients["ada"]
                ada.threads.create(thread_id="t1")
                asked = ada.runs.wait("t1", "school", input=ASK)
                assert asked["__interrupt__"][0]["value"]["approver"] == "student"

                stop_embedded(restartable)
                with httpx.Client(base_url=url, headers={"x-api-key": "key-ada-1234"}, timeout=30) as http:
                    for method, path, body in ENDPOINTS:
                        answered = http.request(method, path, json=body)
                        seen = (answered.status_code, answered.json(), answered.headers.get("retry-after"))
                        assert seen == (503, {"detail": DATABASE_DOWN}, "2"), (method, path)

                # Postgres comes back while the decision is being asked for; the client asks again
                # each time the server says when, and the decision is taken once.
                answers: list[tuple[int, str | None]] = []
                restart = threading.Timer(1.0, embedded_url, args=(restartable,))
                restart.start()
                done = retried(lambda: ada.runs.wait("t1", "school", command=RESUME), answers)
                restart.join()
                assert answers == [(503, "2")] * len(answers)
                assert done["messages"][-1]["content"].startswith("Done: you are enrolled in rag-2")
                assert [(e["student_id"], e["cohort_id"], e["status"]) for e in res.school.enrollments()] == [
                    ("ada", "rag-2", "PENDING_PAYMENT")
                ]
                assert ada.threads.get("t1")["status"] == "idle"
        finally:
            worker.stop()
            backend.wake.close()
