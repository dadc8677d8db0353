"""The whole topology behind a real PgBouncer in transaction mode: an API process and two workers.

Everything goes through PgBouncer with `SCHOOL_DB_POOLING=transaction`: no prepared statements,
no LISTEN (the workers and the streams poll), thread locks held by open transactions. Runs on one
thread, queued from two clients at once, go one at a time; the enrollment happens once.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from langgraph_sdk import get_sync_client

from tests.support.api import langgraph_url
from tests.support.pgbouncer import pgbouncer
from tests.support.servers import school_process

pytestmark = pytest.mark.postgres

POOLED = {"SCHOOL_DB_POOLING": "transaction"}
ASK = {"messages": [{"role": "user", "content": "Enroll me in rag-2"}]}
WHEN = {"messages": [{"role": "user", "content": "When does rag-2 start?"}]}
APPROVE = {"resume": {"decisions": [{"type": "approve"}]}}


def test_runs_through_pgbouncer_in_transaction_mode_on_an_api_process_and_two_workers(
    database_url: str, tmp_path: Path
) -> None:
    with (
        pgbouncer(database_url, pool_size=8) as pooled,
        school_process(
            "serve", pooled, tmp_path / "api", tmp_path / "api.log", env=POOLED, args=["--workers", "0"]
        ) as (url, _),
        school_process("worker", pooled, tmp_path / "w1", tmp_path / "w1.log", env=POOLED),
        school_process("worker", pooled, tmp_path / "w2", tmp_path / "w2.log", env=POOLED),
    ):
        ada = get_sync_client(url=langgraph_url(url), api_key="key-ada-1234")
        questions = ada.threads.create()["thread_id"]
        answered = ada.runs.wait(questions, "school", input=WHEN)  # a question: no approval
        thread_id = ada.threads.create()["thread_id"]
        streamed = [p.event for p in ada.runs.stream(thread_id, "school", input=ASK, stream_mode=["updates"])]
        done = ada.runs.wait(thread_id, "school", command=APPROVE)  # ada confirms her enrollment
        queued = [ada.runs.create(thread_id, "school", input=WHEN) for _ in range(2)]
        for run in queued:
            ada.runs.join(thread_id, run["run_id"])
        runs = ada.runs.list(thread_id)
        state = ada.threads.get_state(thread_id)["values"]
        ada.close()
    assert [m["type"] for m in answered["messages"]] == ["human", "ai"]
    assert "rag-2 starts 2027-01-15" in answered["messages"][-1]["content"]
    assert streamed[0] == "metadata" and streamed.count("updates") >= 2
    assert [r["status"] for r in runs] == ["success"] * 4
    humans = [m["content"] for m in state["messages"] if m["type"] == "human"]
    assert humans == ["Enroll me in rag-2", "When does rag-2 start?", "When does rag-2 start?"]
    assert any(str(m["content"]).startswith("Done: you are enrolled in rag-2") for m in state["messages"])
    assert "__interrupt__" not in done
