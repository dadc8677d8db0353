"""Two `school-agent serve` processes over one database: background runs of the LangGraph API are
executed once, by the workers of both, and one thread has one writer across processes."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx

from agent.config.settings import Settings
from agent.infra.locks import locks_for
from agent.infra.persistence import open_resources
from agent.journal import api_runs
from agent.journal.turns import turns_of
from tests.support.api import ADA, langgraph_url, message, sdk_clients
from tests.support.school import TODAY
from tests.support.servers import api_server

JOBS = 20
BUSY = "thread busy is busy with another run; try again when it has finished"


def test_two_processes_share_the_queue_and_the_thread_locks(database_url: str, tmp_path: Path) -> None:
    settings = Settings(database_url=database_url, data_dir=tmp_path / "data", today=TODAY)
    with open_resources(settings) as res, ExitStack() as servers:
        urls = [
            langgraph_url(
                servers.enter_context(
                    api_server(database_url, tmp_path / f"data{i}", tmp_path / f"serve{i}.log")
                )
            )
            for i in range(2)
        ]
        clients = [servers.enter_context(sdk_clients(url, "ada"))["ada"] for url in urls]
        for thread_id in ("busy", *(f"q{i}" for i in range(JOBS))):
            clients[0].threads.create(thread_id=thread_id)
        # One writer per thread across processes: this process holds the lock, both servers refuse.
        locks = locks_for(res.pool)
        assert locks is not None
        with locks.hold("busy"):
            for url in urls:
                response = httpx.post(
                    f"{url}/threads/busy/runs/wait",
                    json={"assistant_id": "school", "input": message("hi"), "multitask_strategy": "reject"},
                    headers=ADA,
                    timeout=30,
                )
                assert (response.status_code, response.json()) == (409, {"detail": BUSY})
        # Background runs, accepted by either process: each is executed once, by one of the two workers.
        ids = [
            clients[i % 2].runs.create(f"q{i}", "school", input=message("When does rag start?"))["run_id"]
            for i in range(JOBS)
        ]
        done = _wait_for(res, ids)
        threads_turns: dict[str, Any] = {f"q{i}": turns_of(res.pool, f"q{i}") for i in range(JOBS)}
    assert [(j["status"], j["attempt"]) for j in done] == [("success", 1)] * JOBS
    assert {t: len(v) for t, v in threads_turns.items()} == {f"q{i}": 1 for i in range(JOBS)}
    workers = {j["worker"].split("#")[0] for j in done}
    assert len(workers) == 2, f"one process took every job: {workers}"


def _wait_for(res: Any, ids: list[str], timeout_s: float = 90) -> list[dict[str, Any]]:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = [api_runs.by_id(res.pool, i) for i in ids]
        if all(j and j["status"] in api_runs.FINAL for j in found):
            return [j for j in found if j]
        time.sleep(0.2)
    raise AssertionError(f"runs not finished in {timeout_s} s: {[api_runs.by_id(res.pool, i) for i in ids]}")
