"""`langgraph dev` with the committed langgraph.json: Postgres checkpoints, an approval, a resume,
and the project's durability (`"sync"`) on every run.

Starts the real dev server in a subprocess (repo root as cwd, so the committed `langgraph.json` and
its relative paths are what is tested) against a fresh database, and drives it with langgraph_sdk.
The durability tests watch when the saver stores each checkpoint (`tests/support/durability.py`).
"""

from __future__ import annotations

import asyncio
import json
from contextlib import closing
from pathlib import Path
from typing import Any

import psycopg
import pytest
from langgraph.graph import END, START, StateGraph
from langgraph_sdk import get_sync_client
from typing_extensions import TypedDict

from agent.interfaces import studio
from graphs import school
from tests.support import durability
from tests.support.approvals import hitl, student_yes
from tests.support.durability import RecordingMemorySaver, late_writes, read_events, writes_count
from tests.support.school import ROOT
from tests.support.servers import dev_server, read_log

CUSTOM_CHECKPOINTER_LINE = "Using custom checkpointer: AsyncPooledPostgresSaver"
DONE = (
    "Done: you are enrolled in rag-2 and your seat is held. "
    "Payment of €900 is due; say 'pay for rag-2' when ready."
)


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
        assert request == hitl(
            "enroll",
            "rag-2",
            "Enroll ada in rag-2 (Retrieval-Augmented Generation, starts 2027-01-15). "
            "Price €900, payable after enrollment.",
            request["action_id"],
        )
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
        # The enrollment is ada's to confirm: a resume says so (one without a role is an operator's).
        done = client.runs.wait(
            thread_id, "school", command={"resume": student_yes("ada")}, context={"user_id": "ada"}
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


# -- durability ----------------------------------------------------------------------------------
class Count(TypedDict):
    """The probe graph's state."""

    n: int


def _step(state: Count) -> Count:
    return {"n": state["n"] + 1}


def probe_graph() -> Any:
    """Three steps in a row, compiled without a checkpointer, as `graphs/school.py:graph` is."""
    builder = StateGraph(Count)
    for name in ("a", "b", "c"):
        builder.add_node(name, _step)
    builder.add_edge(START, "a")
    builder.add_edge("a", "b")
    builder.add_edge("b", "c")
    builder.add_edge("c", END)
    return builder.compile()


def run_as_the_dev_server_does(graph: Any, *, events_api: bool) -> list[dict[str, Any]]:
    """Run `graph` as langgraph-api 0.16 does: with the server's checkpointer and `durability="async"`
    (its default when the client sends none, as Studio does), through `astream` or `astream_events`;
    return what the saver saw."""
    saver = RecordingMemorySaver()
    bound = graph.copy({"checkpointer": saver})
    config: Any = {"configurable": {"thread_id": "t"}}

    async def run() -> None:
        if events_api:
            async for _ in bound.astream_events({"n": 0}, config, version="v2", durability="async"):
                pass
        else:
            async for _ in bound.astream({"n": 0}, config, stream_mode=["values"], durability="async"):
                pass

    asyncio.run(run())
    return saver.events


@pytest.mark.parametrize("events_api", [False, True], ids=["astream", "astream_events"])
def test_the_studio_graph_stores_each_step_before_the_next_starts(events_api: bool) -> None:
    events = run_as_the_dev_server_does(studio.sync_durability(probe_graph()), events_api=events_api)
    assert writes_count(events) == 4  # the input checkpoint's, then a, b and c
    # Only the input checkpoint may be stored after the first step's writes (LangGraph's own
    # sync mode does not wait for it); every later step waits for the previous one's checkpoint.
    assert late_writes(events) == [("input", -1)]


def test_the_watch_sees_async_durability() -> None:
    """The same run of the plain graph: the check above would catch a graph that is not wrapped."""
    events = run_as_the_dev_server_does(probe_graph(), events_api=False)
    assert late_writes(events) == [("input", -1), ("loop", 0), ("loop", 1), ("loop", 2)]


def test_langgraph_json_serves_the_school_graph_with_sync_durability() -> None:
    config = json.loads((ROOT / "langgraph.json").read_text())
    assert config["graphs"] == {"school": "./agent/interfaces/studio.py:graph"}
    assert config["checkpointer"] == {"path": "./agent/interfaces/studio.py:checkpointer"}
    assert isinstance(studio.graph, studio.SyncDurabilityGraph)
    assert studio.graph.name == school.graph.name == "school"
    assert list(studio.graph.nodes) == list(school.graph.nodes)
    assert studio.graph.config == school.graph.config
    assert studio.graph.get_graph().to_json() == school.graph.get_graph().to_json()


def test_langgraph_dev_runs_studio_threads_with_sync_durability(database_url: str, tmp_path: Path) -> None:
    """Through the real dev server, with the committed graph and Studio's saver, recorded."""
    config = json.loads((ROOT / "langgraph.json").read_text())
    config["checkpointer"] = {"path": "./tests/support/durability.py:checkpointer"}
    config_path = tmp_path / "langgraph.json"
    config_path.write_text(json.dumps(config))
    record = tmp_path / "saver.jsonl"
    with (
        dev_server(
            database_url, tmp_path / "dev.log", config=config_path, env={durability.LOG_ENV: str(record)}
        ) as url,
        closing(get_sync_client(url=url, api_key=None, timeout=60)) as client,
    ):
        thread_id = client.threads.create()["thread_id"]
        first: dict[str, Any] = {"messages": [{"role": "user", "content": "Enroll me in rag-2"}]}
        client.runs.wait(thread_id, "school", input=first, context={"user_id": "ada"})
        client.runs.wait(
            thread_id, "school", command={"resume": student_yes("ada")}, context={"user_id": "ada"}
        )
        assert client.threads.get_state(thread_id)["next"] == []
    events = read_events(record)
    # router, propose, approval (paused); then approval again and execute: each step's writes
    # reach a checkpoint already stored, but for the first run's input.
    assert writes_count(events) >= 5
    assert late_writes(events) == [("input", -1)]
    assert rows(database_url, "SELECT student_id, cohort_id FROM enrollments") == [("ada", "rag-2")]
