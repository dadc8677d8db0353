"""`school-agent serve` runs its worker as a child process: started, restarted, and never left behind.

Real processes on real Postgres over real HTTP. A run is executed by the child, not by the API
process; a child SIGKILLed mid-run is replaced, and both the run it cut off and a run sent after
finish; a SIGKILLed `serve` leaves no worker behind; `--workers 0` starts none.
"""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from langgraph_sdk import get_sync_client

from agent.config.settings import Settings
from agent.infra.persistence import open_resources
from agent.journal import api_runs
from agent.worker.attached import AttachedWorker, WorkerStartError
from qa import model_stub
from tests.support.school import TODAY
from tests.support.servers import read_log, school_process, wait_for

pytestmark = pytest.mark.postgres

WHEN = {"messages": [{"role": "user", "content": "When does rag-2 start?"}]}
STALLED = {"SCHOOL_STALLED_AFTER_S": "2"}
RECOVERY_BOUND_S = 30.0
"""The heartbeat limit plus the recovery task's 5 s tick and a restart's pause, with room for a loaded CI machine."""
GONE_WITHIN_S = 10.0
"""An orphaned worker with no running job stops in order and exits (well under a second here; the
deadlock this bound caught, a signal handler waiting on the lock its own thread held, lasted until
the test's SIGKILL)."""
_TAKING_JOBS = re.compile(r"worker (\S+?):(\d+):\S+: taking jobs, \d+ at once \(serve's, pid (\d+)\)")


def workers_in(log: Path) -> list[tuple[str, int, int]]:
    """(name prefix `host:pid`, pid, parent pid) of each worker process the log says took jobs."""
    return [(f"{m[1]}:{m[2]}", int(m[2]), int(m[3])) for m in _TAKING_JOBS.finditer(read_log(log))]


def children(pid: int) -> list[int]:
    """The live processes whose parent is `pid` (Linux `/proc`)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and alive(int(entry.name)):
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # it ended meanwhile
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie waiting for its parent to reap it does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def stored_run(database_url: str, data_dir: Path, run_id: str) -> dict[str, Any]:
    settings = Settings(database_url=database_url, data_dir=data_dir, today=TODAY)
    with open_resources(settings, setup=False) as res:
        stored = api_runs.by_id(res.pool, run_id)
    assert stored is not None
    return dict(stored)


def test_a_run_over_http_is_executed_by_the_child_worker(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with school_process("serve", database_url, tmp_path / "data", log) as (url, proc):
        [(name, pid, parent)] = workers_in(log)
        assert parent == proc.pid and children(proc.pid) == [pid] and pid != proc.pid
        ada = get_sync_client(url=f"{url}/langgraph", api_key="key-ada-1234")
        thread_id = ada.threads.create()["thread_id"]
        ended = ada.runs.wait(thread_id, "school", input=WHEN)
        [run] = ada.runs.list(thread_id)
        ada.close()
    assert ended["messages"][-1]["type"] == "ai" and ended["messages"][-1]["content"]
    assert run["status"] == "success"
    assert stored_run(database_url, tmp_path / "data", run["run_id"])["worker"].startswith(f"{name}:")
    assert read_log(log).count("school-agent is serving on ") == 1


def test_a_killed_worker_process_is_replaced_and_its_run_and_the_next_finish(
    database_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "serve.log"
    with model_stub.started() as stub_url:
        slow = STALLED | {
            "SCHOOL_ANSWER_MODEL": "openai:bench-1500ms",
            "SCHOOL_ANSWER_BASE_URL": stub_url,
            "SCHOOL_ANSWER_API_KEY": "bench",
            "SCHOOL_ANSWER_MAX_RETRIES": "0",
        }
        with school_process("serve", database_url, tmp_path / "data", log, env=slow) as (url, proc):
            [(first_name, first_pid, _)] = workers_in(log)
            ada = get_sync_client(url=f"{url}/langgraph", api_key="key-ada-1234")
            thread_id = ada.threads.create()["thread_id"]
            cut = ada.runs.create(thread_id, "school", input=WHEN)
            wait_for(
                lambda: ada.runs.get(thread_id, cut["run_id"])["status"] == "running", 30, "the run started"
            )
            time.sleep(0.5)  # into the slow model's answer
            os.kill(first_pid, signal.SIGKILL)
            died_at = time.monotonic()
            [(_, second_pid, parent)] = wait_for(
                lambda: workers_in(log)[1:], 60, "a second worker process took jobs"
            )
            assert parent == proc.pid and children(proc.pid) == [second_pid] and not alive(first_pid)
            cut_record = wait_for(
                lambda: (r := ada.runs.get(thread_id, cut["run_id"]))["status"] == "success" and r,
                RECOVERY_BOUND_S,
                "the run cut off, finished by the new worker",
            )
            recovered_in = time.monotonic() - died_at
            after = ada.runs.wait(thread_id, "school", input=WHEN)
            runs = ada.runs.list(thread_id)
            messages = ada.threads.get_state(thread_id)["values"]["messages"]
            ada.close()
    assert cut_record["status"] == "success" and recovered_in < RECOVERY_BOUND_S
    assert f"the worker process {first_pid} ended (signal SIGKILL); starting another in 1 s" in read_log(log)
    assert after["messages"][-1]["type"] == "ai"
    assert [r["status"] for r in runs] == ["success", "success"]
    assert [(m["type"], bool(m["content"])) for m in messages] == [("human", True), ("ai", True)] * 2
    cut_stored = stored_run(database_url, tmp_path / "data", cut["run_id"])
    assert cut_stored["attempt"] == 2 and not cut_stored["worker"].startswith(f"{first_name}:")


def test_a_killed_serve_leaves_no_worker_process_behind(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with school_process("serve", database_url, tmp_path / "data", log) as (_url, proc):
        [(_, pid, _)] = workers_in(log)
        proc.send_signal(signal.SIGKILL)  # the parent alone, not its process group
        proc.wait(timeout=10)
        wait_for(lambda: not alive(pid), GONE_WITHIN_S, "the worker process ended with its parent")


def test_a_burst_of_sigterms_stops_a_worker_once_and_in_order(database_url: str, tmp_path: Path) -> None:
    # Signals arriving while the worker handles the previous one (a service manager's stop, then the
    # kernel's for a dead parent, then a terminal's) neither deadlock the stop nor cut it short.
    log = tmp_path / "worker.log"
    with school_process("worker", database_url, tmp_path / "data", log) as (_, proc):
        for _ in range(200):
            proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=GONE_WITHIN_S) == 0, read_log(log)


def test_serve_with_no_workers_starts_no_worker_process(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with school_process("serve", database_url, tmp_path / "data", log, args=["--workers", "0"]) as (_, proc):
        time.sleep(1.0)
        assert children(proc.pid) == []
    assert "taking jobs" not in read_log(log)


def test_ctrl_c_stops_serve_and_its_worker_process_without_a_restart(
    database_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "serve.log"
    with school_process("serve", database_url, tmp_path / "data", log) as (_url, proc):
        [(_, pid, _)] = workers_in(log)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal sends its foreground process group
        assert proc.wait(timeout=60) == 130, read_log(log)  # the status of a command interrupted
        assert not alive(pid)
    assert "starting another" not in read_log(log)


def test_a_worker_process_that_cannot_start_fails_serve_with_its_status(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SCHOOL_DB_CONNECT_TIMEOUT_S", "1")
    worker = AttachedWorker("postgresql://nobody@127.0.0.1:9/none", concurrency=1).start()
    try:
        with pytest.raises(
            WorkerStartError, match=r"^the worker process ended \(exit status 2\) before it took jobs$"
        ):
            worker.wait_ready(timeout_s=60)
    finally:
        worker.stop()
