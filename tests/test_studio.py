"""`langgraph dev` with the committed langgraph.json: Postgres checkpoints, an approval, a resume.

Starts the real dev server in a subprocess (repo root as cwd, so the committed `langgraph.json` and
its relative paths are what is tested) against a fresh database, and drives it with langgraph_sdk.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import psycopg
from langgraph_sdk import get_sync_client

from tests.support.school import ROOT, TODAY
from tests.support.servers import free_port, read_log, stop, wait_until_ready

STARTUP_TIMEOUT_S = 90
CUSTOM_CHECKPOINTER_LINE = "Using custom checkpointer: AsyncPooledPostgresSaver"
DONE = (
    "Done: you are enrolled in rag-2 and your seat is held. "
    "Payment of €900 is due; say 'pay for rag-2' when ready."
)


@contextmanager
def restored_runtime_dir() -> Iterator[None]:
    """Leave the in-memory runtime's `.langgraph_api/` in the repo as it was before the test.

    The runtime writes thread metadata there, relative to its cwd, and the CLI offers no way to
    move it or (through `langgraph dev`) turn it off.
    """
    folder = ROOT / ".langgraph_api"
    existed = folder.is_dir()
    saved = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} if existed else {}
    try:
        yield
    finally:
        if not existed:
            shutil.rmtree(folder, ignore_errors=True)
        elif folder.is_dir():
            for path in folder.iterdir():
                if path.is_file() and path.name not in saved:
                    path.unlink()
            for name, data in saved.items():
                (folder / name).write_bytes(data)


@contextmanager
def dev_server(database_url: str, log: Path) -> Iterator[str]:
    """Run `langgraph dev` from the repo root on `database_url`; yield its base URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "SCHOOL_FAULT_POINT"}
    env |= {"DATABASE_URL": database_url, "SCHOOL_TODAY": TODAY.isoformat(), "LANGSMITH_TRACING": "false"}
    langgraph = Path(sys.executable).with_name("langgraph")
    command = [
        str(langgraph),
        "dev",
        "--no-browser",
        "--no-reload",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    with restored_runtime_dir(), log.open("wb") as out:
        proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            url = f"http://127.0.0.1:{port}"
            wait_until_ready(proc, f"{url}/ok", log, what="langgraph dev", timeout_s=STARTUP_TIMEOUT_S)
            yield url
        finally:
            stop(proc)


def rows(database_url: str, sql: str) -> list[tuple[Any, ...]]:
    with psycopg.connect(database_url) as conn:
        return conn.execute(sql).fetchall()


def test_langgraph_dev_checkpoints_in_postgres_and_resumes_an_approval(
    database_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "langgraph-dev.log"
    with (
        dev_server(database_url, log) as url,
        closing(get_sync_client(url=url, api_key=None, timeout=60)) as client,
    ):
        thread_id = client.threads.create()["thread_id"]
        first: dict[str, Any] = {"messages": [{"role": "user", "content": "Enroll me in rag-2"}]}
        paused = client.runs.wait(thread_id, "school", input=first, context={"user_id": "ada"})
        assert isinstance(paused, dict)
        state = client.threads.get_state(thread_id)
        assert state["next"] == ["approval"]
        interrupts = [i["value"] for i in state["interrupts"]]
        assert interrupts == [i["value"] for i in paused["__interrupt__"]]
        request = interrupts[0]
        action = request["action_requests"][0]
        assert action["name"] == "enroll"
        assert action["args"] == {"cohort_id": "rag-2", "student_id": "ada"}
        assert request["review_configs"] == [
            {"action_name": "enroll", "allowed_decisions": ["approve", "edit", "reject"]}
        ]
        assert client.threads.get(thread_id)["status"] == "interrupted"

    # A new `langgraph dev`, which has lost its in-memory thread list: the checkpoints are in
    # Postgres, so the thread is registered again under its id and resumes where it stopped.
    with (
        dev_server(database_url, tmp_path / "langgraph-dev-2.log") as url,
        closing(get_sync_client(url=url, api_key=None, timeout=60)) as client,
    ):
        client.threads.create(thread_id=thread_id, if_exists="do_nothing", metadata={"graph_id": "school"})
        state = client.threads.get_state(thread_id)
        assert state["next"] == ["approval"]
        assert [i["value"] for i in state["interrupts"]] == interrupts
        done = client.runs.wait(
            thread_id,
            "school",
            command={"resume": {"decisions": [{"type": "approve"}]}},
            context={"user_id": "ada"},
        )
        assert isinstance(done, dict)
        messages = [(m["type"], m["content"]) for m in done["messages"]]
        assert messages[0] == ("human", "Enroll me in rag-2")
        assert messages[1][0] == "ai" and action["description"] in messages[1][1]
        assert messages[2:] == [("ai", DONE)]
        state = client.threads.get_state(thread_id)
        assert (state["next"], state["interrupts"]) == ([], [])

    assert rows(database_url, "SELECT student_id, cohort_id, status FROM enrollments") == [
        ("ada", "rag-2", "PENDING_PAYMENT")
    ]
    # The run's checkpoints are in this database, not in the server's memory.
    assert rows(database_url, "SELECT DISTINCT thread_id FROM checkpoints") == [(thread_id,)]
    assert CUSTOM_CHECKPOINTER_LINE in read_log(log)
