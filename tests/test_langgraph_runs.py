"""Runs of the LangGraph Server API as records: background runs, join, list, get, delete, cancel,
the four multitask strategies, stream rejoin with `Last-Event-ID`, the relayed stream modes, and
two `serve` processes sharing one thread. Driven by the real `langgraph_sdk` over loopback HTTP
on real Postgres.

A run is held mid-way by the graph's own fault point (`before:propose`, inside the step that
proposes the enrollment) until the test lets it go, so a second request meets a run in flight.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from langgraph_sdk import get_client, get_sync_client
from langgraph_sdk.client import SyncLangGraphClient
from langgraph_sdk.errors import ConflictError, NotFoundError, PermissionDeniedError

from agent.config import faults
from agent.infra.persistence import Resources
from agent.journal.thread_records import ASSISTANT_ID
from tests.support.approvals import paid
from tests.support.holds import Hold
from tests.support.servers import api_server

ASK = {"messages": [{"role": "user", "content": "Enroll me in rag-2"}]}
WHEN = {"messages": [{"role": "user", "content": "When does rag-2 start?"}]}
APPROVE = {"resume": {"decisions": [{"type": "approve"}]}}
RUN_KEYS = {
    "run_id",
    "thread_id",
    "assistant_id",
    "created_at",
    "updated_at",
    "status",
    "metadata",
    "kwargs",
    "multitask_strategy",
    "langsmith_session_name",
}


@pytest.fixture
def base(api: httpx.Client) -> str:
    return f"{api.base_url}".rstrip("/") + "/langgraph"


@pytest.fixture
def clients(base: str) -> Iterator[dict[str, SyncLangGraphClient]]:
    made = {name: get_sync_client(url=base, api_key=f"key-{name}-1234") for name in ("ada", "bob", "olga")}
    yield made
    for client in made.values():
        client.close()


def turns(resources: Resources, thread_id: str) -> list[tuple[str, str, str]]:
    with resources.pool.connection() as conn:
        rows = conn.execute(
            "SELECT kind, actor, status FROM turns WHERE thread_id = %s ORDER BY id", (thread_id,)
        ).fetchall()
    return [(r["kind"], r["actor"], r["status"]) for r in rows]


def checkpoints_of(resources: Resources, run_id: str) -> int:
    with resources.pool.connection() as conn:
        row = conn.execute(
            "SELECT count(*) AS n FROM checkpoints WHERE metadata ->> 'run_id' = %s", (run_id,)
        ).fetchone()
    return int(row["n"])


def texts(client: SyncLangGraphClient, thread_id: str) -> list[tuple[str, str]]:
    values = client.threads.get_state(thread_id)["values"]
    return [(m["type"], m["content"]) for m in values.get("messages", [])]


def refused(call: Callable[[], Any], kind: type[Exception], fragment: str) -> None:
    """`call` raises `kind` saying `fragment` (httpx's own error, as `runs.wait` raises, says it in
    its response's body)."""
    with pytest.raises(kind) as caught:
        call()
    error = caught.value
    said = error.response.text if isinstance(error, httpx.HTTPStatusError) else str(error)
    assert fragment in said


def test_a_background_run_is_recorded_joined_listed_and_resumed(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada, bob = clients["ada"], clients["bob"]
    thread_id = ada.threads.create()["thread_id"]
    run = ada.runs.create(thread_id, "school", input=ASK, metadata={"source": "test"})
    assert set(run) == RUN_KEYS
    assert (run["thread_id"], run["status"], run["multitask_strategy"], run["metadata"]) == (
        thread_id,
        "pending",
        "enqueue",
        # As the platform's: the ids and the assistant's creator beside the request's metadata.
        {"source": "test", "graph_id": "school", "assistant_id": ASSISTANT_ID, "created_by": "system"},
    )
    assert run["kwargs"]["input"] == ASK
    paused = ada.runs.join(thread_id, run["run_id"])
    [interrupt] = paused["__interrupt__"]
    assert interrupt["value"]["action_requests"][0]["args"] == {"cohort_id": "rag-2", "student_id": "ada"}
    assert ada.runs.get(thread_id, run["run_id"])["status"] == "success"
    refused(lambda: bob.runs.get(thread_id, run["run_id"]), NotFoundError, "not found")
    # The student's confirmation is a background run too.
    resume = ada.runs.create(thread_id, "school", command=APPROVE)
    done = ada.runs.join(thread_id, resume["run_id"])
    assert done["messages"][-1]["content"].startswith("Done: you are enrolled in rag-2")
    assert [(e["student_id"], e["cohort_id"]) for e in resources.school.enrollments()] == [("ada", "rag-2")]
    listed = ada.runs.list(thread_id)
    assert [(r["run_id"], r["status"]) for r in listed] == [
        (resume["run_id"], "success"),
        (run["run_id"], "success"),
    ]
    assert [r["run_id"] for r in ada.runs.list(thread_id, limit=1, offset=1)] == [run["run_id"]]
    assert turns(resources, thread_id) == [
        ("message", "ada", "awaiting_approval"),
        ("decision", "ada", "completed"),
    ]
    # Every checkpoint of a run names it, which is what rollback deletes by.
    assert checkpoints_of(resources, run["run_id"]) > 0 and checkpoints_of(resources, resume["run_id"]) > 0
    ada.runs.delete(thread_id, run["run_id"])
    refused(lambda: ada.runs.get(thread_id, run["run_id"]), NotFoundError, "not found")
    refused(lambda: ada.runs.get(thread_id, "not-a-uuid"), Exception, "must be a UUID")


def test_reject_refuses_while_a_run_is_in_flight_and_enqueue_waits_its_turn(
    clients: dict[str, SyncLangGraphClient], resources: Resources, hold: Hold
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    first = ada.runs.create(thread_id, "school", input=ASK)
    assert hold.reached.wait(timeout=30)
    assert ada.threads.get(thread_id)["status"] == "busy"
    refused(
        lambda: ada.runs.wait(thread_id, "school", input=WHEN, multitask_strategy="reject"),
        httpx.HTTPStatusError,
        "busy with another run",
    )
    queued = ada.runs.create(thread_id, "school", input=WHEN, multitask_strategy="enqueue")
    assert ada.runs.get(thread_id, queued["run_id"])["status"] == "pending"
    hold.release()
    ada.runs.join(thread_id, queued["run_id"])
    assert [r["status"] for r in ada.runs.list(thread_id)] == ["success", "success"]
    assert ada.runs.get(thread_id, first["run_id"])["status"] == "success"
    # One after the other, in the order asked: the enrollment paused, then the question answered
    # (the enrollment still waits for its approval).
    assert turns(resources, thread_id) == [("message", "ada", "awaiting_approval")] * 2
    assert [t for t, _ in texts(ada, thread_id)] == ["human", "ai", "human", "ai"]


def test_interrupt_stops_the_running_run_and_keeps_its_progress(
    clients: dict[str, SyncLangGraphClient], resources: Resources, hold: Hold
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    first = ada.runs.create(thread_id, "school", input=ASK)
    assert hold.reached.wait(timeout=30)
    second = ada.runs.create(thread_id, "school", input=WHEN, multitask_strategy="interrupt")
    hold.release()
    ada.runs.join(thread_id, second["run_id"])
    assert ada.runs.get(thread_id, first["run_id"])["status"] == "interrupted"
    assert ada.runs.get(thread_id, second["run_id"])["status"] == "success"
    assert checkpoints_of(resources, first["run_id"]) > 0  # its finished steps are kept
    [stopped, *_rest] = turns(resources, thread_id)
    assert stopped == ("message", "ada", "failed")
    with resources.pool.connection() as conn:
        reason = conn.execute(
            "SELECT error FROM turns WHERE thread_id = %s ORDER BY id LIMIT 1", (thread_id,)
        ).fetchone()
    assert reason["error"] == "RunStoppedError"


def test_a_stop_heard_during_the_last_step_leaves_the_finished_run_a_success(
    clients: dict[str, SyncLangGraphClient], resources: Resources, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run is stopped between steps; once its last step is stored there is none left to stop.

    The first run is held inside its last node (the answer) while a second arrives with
    `interrupt`: the first still stores its answer, and it ends a success, not interrupted.
    """
    held = Hold(at="after:answer")
    monkeypatch.setattr(faults, "point", held)
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    first = ada.runs.create(thread_id, "school", input=WHEN)
    assert held.reached.wait(timeout=30)
    second = ada.runs.create(thread_id, "school", input=ASK, multitask_strategy="interrupt")
    held.release()
    ada.runs.join(thread_id, second["run_id"])
    assert ada.runs.get(thread_id, first["run_id"])["status"] == "success"
    assert ada.runs.get(thread_id, second["run_id"])["status"] == "success"
    assert [t for t, _ in texts(ada, thread_id)] == ["human", "ai", "human", "ai"]
    assert turns(resources, thread_id) == [
        ("message", "ada", "completed"),
        ("message", "ada", "awaiting_approval"),
    ]


def test_rollback_deletes_the_running_runs_checkpoints_and_record(
    clients: dict[str, SyncLangGraphClient], resources: Resources, hold: Hold
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    first = ada.runs.create(thread_id, "school", input=ASK)
    assert hold.reached.wait(timeout=30)
    second = ada.runs.create(thread_id, "school", input=WHEN, multitask_strategy="rollback")
    hold.release()
    ada.runs.join(thread_id, second["run_id"])
    refused(lambda: ada.runs.get(thread_id, first["run_id"]), NotFoundError, "not found")
    assert checkpoints_of(resources, first["run_id"]) == 0
    assert [r["run_id"] for r in ada.runs.list(thread_id)] == [second["run_id"]]
    # The thread is as if the first run had never been: only the question and its answer.
    assert [(t, c) for t, c in texts(ada, thread_id) if t == "human"] == [("human", "When does rag-2 start?")]
    assert ada.threads.get(thread_id)["status"] == "idle"
    assert resources.school.enrollments() == []


def test_cancel_stops_a_run_and_students_cancel_only_their_own(
    clients: dict[str, SyncLangGraphClient], resources: Resources, hold: Hold
) -> None:
    ada, bob = clients["ada"], clients["bob"]
    thread_id = ada.threads.create()["thread_id"]
    run = ada.runs.create(thread_id, "school", input=ASK)
    assert hold.reached.wait(timeout=30)
    refused(lambda: bob.runs.cancel(thread_id, run["run_id"]), NotFoundError, "not found")
    refused(
        lambda: ada.runs.create(thread_id, "school", input=WHEN, multitask_strategy="nope"),  # type: ignore[arg-type]
        Exception,
        "multitask_strategy",
    )
    ada.runs.cancel(thread_id, run["run_id"])
    hold.release()
    ada.runs.join(thread_id, run["run_id"])
    assert ada.runs.get(thread_id, run["run_id"])["status"] == "interrupted"
    assert resources.school.enrollments() == []
    assert ada.threads.get_state(thread_id)["next"] == ["approval"]  # stopped before it asked
    assert ada.threads.get(thread_id)["status"] == "idle"  # stopped on request, not failed


def test_a_student_cannot_interrupt_an_operators_resume(
    clients: dict[str, SyncLangGraphClient], resources: Resources, monkeypatch: pytest.MonkeyPatch
) -> None:
    ada, olga = clients["ada"], clients["olga"]
    paid(resources.school)
    thread_id = ada.threads.create()["thread_id"]
    cancel = {"messages": [{"role": "user", "content": "Please cancel my enrollment in rag-2"}]}
    ada.runs.wait(thread_id, "school", input=cancel)
    confirmed = ada.runs.wait(thread_id, "school", command=APPROVE)  # the refund then waits for staff
    assert confirmed["__interrupt__"][0]["value"]["approver"] == "operator"
    held = threading.Event()
    release = threading.Event()

    def hold_execute(name: str) -> None:
        if name == "before:execute":
            held.set()
            assert release.wait(timeout=30)

    monkeypatch.setattr(faults, "point", hold_execute)
    resume = olga.runs.create(thread_id, "school", command=APPROVE)
    assert held.wait(timeout=30)
    refused(
        lambda: ada.runs.create(thread_id, "school", input=WHEN, multitask_strategy="interrupt"),
        ConflictError,
        "someone else started",
    )
    refused(
        lambda: ada.runs.cancel(thread_id, resume["run_id"]),
        PermissionDeniedError,
        "only the runs they started",
    )
    release.set()
    olga.runs.join(thread_id, resume["run_id"])
    assert olga.runs.get(thread_id, resume["run_id"])["status"] == "success"
    assert [(e["student_id"], e["cohort_id"], e["status"]) for e in resources.school.enrollments()] == [
        ("ada", "rag-2", "CANCELLED")
    ]


def read_events(
    response: httpx.Response, until: Callable[[str, str], bool] | None = None
) -> list[tuple[str, str]]:
    """(id, event) of an SSE response, stopping after the event `until` accepts."""
    found, event_id, name = [], "", ""
    for line in response.iter_lines():
        if line.startswith("id: "):
            event_id = line[4:]
        elif line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            found.append((event_id, name))
            if until is not None and until(name, line[6:]):
                break
    return found


def test_a_dropped_stream_is_rejoined_from_its_last_event_id(
    api: httpx.Client, base: str, clients: dict[str, SyncLangGraphClient], hold: Hold
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    body = {"assistant_id": "school", "input": ASK, "stream_mode": ["updates"], "stream_resumable": True}
    headers = {"x-api-key": "key-ada-1234"}
    with api.stream(
        "POST", f"{base}/threads/{thread_id}/runs/stream", json=body, headers=headers
    ) as response:
        run_id = response.headers["content-location"].rsplit("/", 1)[1]
        seen = read_events(response, until=lambda name, data: '"router"' in data)
    # The connection is gone; the run goes on.
    assert [name for _, name in seen] == ["metadata", "updates"]
    hold.release()
    rest = [(p.id, p.event) for p in ada.runs.join_stream(thread_id, run_id, last_event_id=seen[-1][0])]
    whole = [(p.id, p.event) for p in ada.runs.join_stream(thread_id, run_id, last_event_id="-1")]
    assert [*seen, *rest] == whole
    assert [event_id for event_id, _ in whole] == [str(n) for n in range(len(whole))]
    assert [name for _, name in whole] == ["metadata", "updates", "updates", "updates"]


def test_stream_modes_relay_the_graphs_own_stream(clients: dict[str, SyncLangGraphClient]) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    parts = list(
        ada.runs.stream(
            thread_id, "school", input=WHEN, stream_mode=["messages-tuple", "custom", "debug", "tasks"]
        )
    )
    names = [p.event for p in parts]
    assert names[0] == "metadata" and set(names[1:]) <= {"messages", "debug", "tasks"}
    messages = [p.data for p in parts if p.event == "messages"]
    replies = [(m, meta) for m, meta in messages if m["type"] in ("ai", "AIMessageChunk")]
    assert replies and all(meta["langgraph_node"] for _, meta in replies)
    assert "rag-2" in "".join(str(m["content"]) for m, _ in replies)
    debug_types = [p.data["type"] for p in parts if p.event == "debug"]
    assert {"checkpoint", "task", "task_result"} <= set(debug_types)
    started = [p.data["name"] for p in parts if p.event == "tasks" and "input" in p.data]
    assert started[0] == "router"


def test_two_serve_processes_share_threads_runs_and_streams(database_url: str, tmp_path: Path) -> None:
    with (
        api_server(database_url, tmp_path / "a", tmp_path / "a.log") as first,
        api_server(database_url, tmp_path / "b", tmp_path / "b.log") as second,
    ):
        clients = {
            (where, name): get_sync_client(url=f"{url}/langgraph", api_key=f"key-{name}-1234")
            for where, url in (("a", first), ("b", second))
            for name in ("ada",)
        }
        ada_a, ada_b = clients["a", "ada"], clients["b", "ada"]
        thread_id = ada_a.threads.create()["thread_id"]
        run = ada_a.runs.create(thread_id, "school", input=ASK, stream_mode=["values", "updates"])
        paused = ada_b.runs.join(thread_id, run["run_id"])  # joined from the other process
        assert "__interrupt__" in paused
        on_a = [
            (p.id, p.event, p.data)
            for p in ada_a.runs.join_stream(thread_id, run["run_id"], last_event_id="-1")
        ]
        on_b = [
            (p.id, p.event, p.data)
            for p in ada_b.runs.join_stream(thread_id, run["run_id"], last_event_id="-1")
        ]
        assert on_a == on_b and [e for _, e, _ in on_a][:3] == ["metadata", "values", "updates"]
        done = ada_b.runs.wait(thread_id, "school", command=APPROVE)  # confirmed through the other process
        assert done["messages"][-1]["content"].startswith("Done: you are enrolled in rag-2")
        # Two runs asked of two processes at once go one after the other.
        queued = [
            ada_a.runs.create(thread_id, "school", input=WHEN),
            ada_b.runs.create(
                thread_id, "school", input={"messages": [{"role": "user", "content": "price?"}]}
            ),
        ]
        for made in queued:
            ada_a.runs.join(thread_id, made["run_id"])
        assert [r["status"] for r in ada_b.runs.list(thread_id)] == ["success"] * 4
        assert [t for t, _ in texts(ada_a, thread_id)].count("human") == 3
        for client in clients.values():
            client.close()


def test_a_stream_asked_to_cancel_on_disconnect_stops_its_run_when_the_client_leaves(
    api: httpx.Client, base: str, clients: dict[str, SyncLangGraphClient], resources: Resources, hold: Hold
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    body = {"assistant_id": "school", "input": ASK, "stream_mode": ["updates"], "on_disconnect": "cancel"}
    headers = {"x-api-key": "key-ada-1234"}
    with api.stream(
        "POST", f"{base}/threads/{thread_id}/runs/stream", json=body, headers=headers
    ) as response:
        run_id = response.headers["content-location"].rsplit("/", 1)[1]
        read_events(response, until=lambda name, data: '"router"' in data)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not stop_asked(resources, run_id):
        time.sleep(0.1)
    hold.release()
    ada.runs.join(thread_id, run_id)
    assert ada.runs.get(thread_id, run_id)["status"] == "interrupted"
    assert ada.threads.get_state(thread_id)["next"] == ["approval"]


def stop_asked(resources: Resources, run_id: str) -> bool:
    with resources.pool.connection() as conn:
        row = conn.execute("SELECT stop FROM api_runs WHERE run_id = %s", (run_id,)).fetchone()
    return bool(row and row["stop"])


def test_an_operator_edits_a_threads_state_and_the_edit_is_journaled(
    clients: dict[str, SyncLangGraphClient], resources: Resources, hold: Hold
) -> None:
    ada, olga = clients["ada"], clients["olga"]
    thread_id = ada.threads.create()["thread_id"]
    ada.runs.wait(thread_id, "school", input=WHEN)
    before = ada.threads.get_state(thread_id)
    note = {"messages": [{"type": "ai", "content": "A note from the school: rooms change in January."}]}
    made = olga.threads.update_state(thread_id, note, as_node="answer")
    after = ada.threads.get_state(thread_id)
    assert made["checkpoint"]["checkpoint_id"] == after["checkpoint_id"] != before["checkpoint_id"]
    assert texts(ada, thread_id)[-1] == ("ai", "A note from the school: rooms change in January.")
    assert after["next"] == [] and after["metadata"]["source"] == "update"
    with resources.pool.connection() as conn:
        [event] = conn.execute(
            "SELECT payload FROM journal_events WHERE thread_id = %s AND kind = 'state_updated'", (thread_id,)
        ).fetchall()
    assert event["payload"] == {
        "by": "olga",
        "keys": ["messages"],
        "as_node": "answer",
        "checkpoint": made["checkpoint"],
    }
    refused(lambda: ada.threads.update_state(thread_id, note), PermissionDeniedError, "only operators")
    refused(lambda: olga.threads.update_state(thread_id, {"grade": 1}), Exception, "not in the state: grade")
    refused(lambda: olga.threads.update_state(thread_id, note, as_node="nope"), Exception, "not a node")
    # Nothing is edited under a run.
    run = ada.runs.create(thread_id, "school", input=ASK)
    assert hold.reached.wait(timeout=30)
    refused(lambda: olga.threads.update_state(thread_id, note), ConflictError, "busy with a run")
    hold.release()
    ada.runs.join(thread_id, run["run_id"])
    assert texts(ada, thread_id).count(("ai", "A note from the school: rooms change in January.")) == 1


def test_the_async_sdk_runs_the_whole_flow(base: str, resources: Resources) -> None:
    async def flow() -> tuple[list[str], dict[str, Any], str]:
        async with (
            get_client(url=base, api_key="key-ada-1234") as ada,
            get_client(url=base, api_key="key-olga-1234") as olga,
        ):
            thread_id = (await ada.threads.create())["thread_id"]
            names = [
                p.event async for p in ada.runs.stream(thread_id, "school", input=ASK, stream_mode="updates")
            ]
            inbox = [t["thread_id"] for t in await olga.threads.search(status="interrupted")]
            assert inbox == [thread_id]
            resume = await ada.runs.create(thread_id, "school", command=APPROVE)
            done = await ada.runs.join(thread_id, resume["run_id"])
            status = (await ada.threads.get(thread_id))["status"]
            return names, done, status

    names, done, status = asyncio.run(flow())
    assert names == ["metadata", "updates", "updates", "updates"]
    assert done["messages"][-1]["content"].startswith("Done: you are enrolled in rag-2")
    assert status == "idle"
    assert [(e["student_id"], e["cohort_id"]) for e in resources.school.enrollments()] == [("ada", "rag-2")]
