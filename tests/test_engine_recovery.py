"""Runs survive the death of the process that executes them, and of the process a client streams from.

Real processes on real Postgres: `school-agent serve --workers 0` (API only) and `school-agent
worker` processes. A worker is killed by the graph's own fault point at the worst moment (the
enrollment written, no checkpoint after it); an API process is SIGKILLed while a client streams
from it, with the run held up by a slow model.
"""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import httpx
import pytest
from langgraph_sdk import get_sync_client

from agent.config.settings import Settings
from agent.infra.persistence import open_resources
from agent.journal import api_runs
from agent.journal.events import events
from qa import model_stub
from tests.support.school import TODAY
from tests.support.servers import read_log, school_process, wait_for

pytestmark = pytest.mark.postgres

ASK = {"messages": [{"role": "user", "content": "Enroll me in rag-2"}]}
WHEN = {"messages": [{"role": "user", "content": "When does rag-2 start?"}]}
APPROVE = {"resume": {"decisions": [{"type": "approve"}]}}
STALLED = {"SCHOOL_STALLED_AFTER_S": "2"}
RECOVERY_BOUND_S = 30.0
"""What the README promises with SCHOOL_STALLED_AFTER_S=2: the heartbeat limit plus the recovery
task's 5 s tick, with room for a loaded CI machine."""


def worker_of(log: Path) -> str:
    found = re.search(r"worker (\S+): taking jobs", read_log(log))
    assert found, read_log(log)
    return found.group(1)


def test_a_worker_killed_mid_run_is_replaced_and_its_side_effect_happens_once(
    database_url: str, tmp_path: Path
) -> None:
    with school_process(
        "serve", database_url, tmp_path / "api", tmp_path / "api.log", args=["--workers", "0"]
    ) as (
        url,
        _api,
    ):
        dying_log = tmp_path / "w1.log"
        with school_process(
            "worker",
            database_url,
            tmp_path / "w1",
            dying_log,
            env={**STALLED, "SCHOOL_FAULT_POINT": "execute.after_domain_write"},
        ) as (_, dying):
            dying_name = worker_of(dying_log)
            ada = get_sync_client(url=f"{url}/langgraph", api_key="key-ada-1234")
            thread_id = ada.threads.create()["thread_id"]
            paused = ada.runs.wait(thread_id, "school", input=ASK)
            assert "__interrupt__" in paused
            # ada's confirmation: its run dies between the enrollment and the checkpoint.
            run = ada.runs.create(thread_id, "school", command=APPROVE, stream_mode=["updates"])
            dying.wait(timeout=60)  # the fault point killed it: enrollment written, no checkpoint
            assert dying.returncode == -signal.SIGKILL
        died_at = time.monotonic()
        with school_process("worker", database_url, tmp_path / "w2", tmp_path / "w2.log", env=STALLED):
            record = wait_for(
                lambda: (r := ada.runs.get(thread_id, run["run_id"]))["status"] == "success" and r,
                60,
                "the run finished by the second worker",
            )
            recovered_in = time.monotonic() - died_at
            whole = [
                (p.id, p.event) for p in ada.runs.join_stream(thread_id, run["run_id"], last_event_id="-1")
            ]
            final = ada.threads.get_state(thread_id)["values"]
        ada.close()
    assert record["status"] == "success" and recovered_in < RECOVERY_BOUND_S
    # The stream a client rejoins has every event once, numbered without a gap; each attempt begins
    # with its metadata.
    assert [event_id for event_id, _ in whole] == [str(n) for n in range(len(whole))]
    assert [name for _, name in whole].count("metadata") == 2 and whole[0][1] == "metadata"
    assert final["messages"][-1]["content"].startswith("Done: you are enrolled in rag-2")
    settings = Settings(database_url=database_url, data_dir=tmp_path / "data", today=TODAY)
    with open_resources(settings, setup=False) as res:
        enrollments = [(e["student_id"], e["cohort_id"], e["status"]) for e in res.school.enrollments()]
        retried = events(res.pool, thread_id, kinds=["run_retried"])
        stored = api_runs.by_id(res.pool, run["run_id"])
    assert enrollments == [("ada", "rag-2", "PENDING_PAYMENT")]
    assert [e["payload"] for e in retried] == [
        {"run_id": run["run_id"], "attempt": 2, "previous_worker": retried[0]["payload"]["previous_worker"]}
    ]
    assert retried[0]["payload"]["previous_worker"].startswith(f"{dying_name}#")
    assert stored is not None and stored["attempt"] == 2 and not stored["worker"].startswith(dying_name)


def test_an_api_process_killed_mid_stream_leaves_the_run_going_and_the_client_rejoins_elsewhere(
    database_url: str, tmp_path: Path
) -> None:
    with model_stub.started() as stub_url:
        slow = {
            "SCHOOL_ANSWER_MODEL": "openai:bench-1500ms",
            "SCHOOL_ANSWER_BASE_URL": stub_url,
            "SCHOOL_ANSWER_API_KEY": "bench",
            "SCHOOL_ANSWER_MAX_RETRIES": "0",
        }
        with (
            school_process(
                "serve", database_url, tmp_path / "a", tmp_path / "a.log", args=["--workers", "0"]
            ) as (
                first,
                first_proc,
            ),
            school_process(
                "serve", database_url, tmp_path / "b", tmp_path / "b.log", args=["--workers", "0"]
            ) as (
                second,
                _,
            ),
            school_process("worker", database_url, tmp_path / "w", tmp_path / "w.log", env=slow),
        ):
            ada = get_sync_client(url=f"{second}/langgraph", api_key="key-ada-1234")
            thread_id = ada.threads.create()["thread_id"]
            body = {
                "assistant_id": "school",
                "input": WHEN,
                "stream_mode": ["values", "updates"],
                "stream_resumable": True,
            }
            seen: list[tuple[str, str]] = []
            with httpx.stream(
                "POST",
                f"{first}/langgraph/threads/{thread_id}/runs/stream",
                json=body,
                headers={"x-api-key": "key-ada-1234"},
                timeout=30,
            ) as response:
                run_id = response.headers["content-location"].rsplit("/", 1)[1]
                event_id = ""
                for line in response.iter_lines():
                    if line.startswith("id: "):
                        event_id = line[4:]
                    elif line.startswith("event: "):
                        seen.append((event_id, line[7:]))
                        if line[7:] == "updates":  # the router has answered; the slow model has not
                            break
                os.killpg(first_proc.pid, signal.SIGKILL)
            first_proc.wait(timeout=10)
            rest = [
                (p.id, p.event) for p in ada.runs.join_stream(thread_id, run_id, last_event_id=seen[-1][0])
            ]
            record = ada.runs.get(thread_id, run_id)
            whole = [(p.id, p.event) for p in ada.runs.join_stream(thread_id, run_id, last_event_id="-1")]
            messages = ada.threads.get_state(thread_id)["values"]["messages"]
            ada.close()
    assert record["status"] == "success"
    assert [*seen, *rest] == whole and len(rest) >= 2
    assert [event_id for event_id, _ in whole] == [str(n) for n in range(len(whole))]
    assert [name for _, name in whole][:3] == ["metadata", "values", "updates"]
    # The question and the slow model's answer, written after the API process died.
    assert [(m["type"], bool(m["content"])) for m in messages] == [("human", True), ("ai", True)]
    assert messages[0]["content"] == WHEN["messages"][0]["content"]
