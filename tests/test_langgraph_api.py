"""The LangGraph Server API on `serve`'s app (at the root, and under its `/langgraph` alias), driven
by the real `langgraph_sdk` (sync and async) over loopback HTTP, on real Postgres.

Paused threads are made by a run (a student asks to enroll: the graph stops at the approval), so
these tests read what the runtime really leaves.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from uuid import UUID, uuid5

import httpx
import pytest
from langgraph_sdk import get_client, get_sync_client
from langgraph_sdk.client import SyncLangGraphClient
from langgraph_sdk.errors import ConflictError, NotFoundError, PermissionDeniedError, UnprocessableEntityError

from agent.config import faults
from agent.infra.locks import locks_for
from agent.infra.persistence import Resources
from agent.journal.grants import grants_of
from agent.journal.thread_records import ASSISTANT_ID
from tests.support.api import ADA, ASK, langgraph_url
from tests.support.approvals import REFUND_ASKS, STAFF_AFTER_YES, grant_rows, paid, refund_hitl
from tests.support.servers import api_server

ANY_TIME = object()
"""Stands for any ISO timestamp in an expected shape."""
ENROLL_REQUEST = {
    "action_requests": [
        {
            "name": "enroll",
            "args": {"cohort_id": "rag-2", "student_id": "ada"},
            "description": "Enroll ada in rag-2 (Retrieval-Augmented Generation, starts 2027-01-15). "
            "Price €900, payable after enrollment.",
        }
    ],
    "review_configs": [{"action_name": "enroll", "allowed_decisions": ["approve", "reject"]}],
    "approver": "student",
    "policy": {"rule": "enroll", "approvers": ["student"], "approved": []},
}
"""Ada's enrollment waiting for her own confirmation, as the school's policy asks."""
THREAD_KEYS = {
    "thread_id",
    "created_at",
    "updated_at",
    "state_updated_at",
    "metadata",
    "status",
    "config",
    "values",
    "interrupts",
}
STATE_KEYS = {
    "values",
    "next",
    "tasks",
    "metadata",
    "created_at",
    "checkpoint",
    "parent_checkpoint",
    "interrupts",
    "checkpoint_id",
    "parent_checkpoint_id",
}


def like(actual: Any, expected: Any) -> bool:
    """`actual` equals `expected`, where `ANY_TIME` in `expected` matches any ISO timestamp string."""
    if expected is ANY_TIME:
        return isinstance(actual, str) and actual[:2] == "20" and "T" in actual
    if isinstance(expected, dict):
        return (
            isinstance(actual, dict)
            and actual.keys() == expected.keys()
            and all(like(actual[k], v) for k, v in expected.items())
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(actual) == len(expected)
            and all(like(a, e) for a, e in zip(actual, expected, strict=True))
        )
    return bool(actual == expected)


@pytest.fixture
def base(api: httpx.Client) -> str:
    """The LangGraph API's URL, as a client is given it."""
    return langgraph_url(api.base_url)


@pytest.fixture
def clients(base: str) -> Iterator[dict[str, SyncLangGraphClient]]:
    """Sync SDK clients of ada and bob (students) and olga (operator), keyed by name."""
    made = {name: get_sync_client(url=base, api_key=f"key-{name}-1234") for name in ("ada", "bob", "olga")}
    yield made
    for client in made.values():
        client.close()


def paused_thread(api: httpx.Client, thread_id: str = "t1") -> dict[str, Any]:
    """Ada's thread, paused at the approval of her enrollment in rag-2 (by a run, at the root)."""
    made = api.post("/threads", json={"thread_id": thread_id}, headers=ADA)
    assert made.status_code == 200, made.text
    run = {"assistant_id": "school", "input": ASK}
    asked = api.post(f"/threads/{thread_id}/runs/wait", json=run, headers=ADA)
    assert asked.status_code == 200, asked.text
    pending: dict[str, Any] = asked.json()["__interrupt__"][0]["value"]
    return pending


def counts(resources: Resources) -> dict[str, int]:
    """Rows of the tables a thread request could write."""
    tables = ("thread_records", "thread_owners", "checkpoints", "checkpoint_writes", "turns")
    with resources.pool.connection() as conn:
        return {t: conn.execute(f"SELECT count(*) AS n FROM {t}").fetchone()["n"] for t in tables}


def test_info_says_what_is_served(api: httpx.Client, base: str) -> None:
    flags = httpx.get(f"{base}/info").json()["flags"]
    paths = set(httpx.get(f"{base}/openapi.json").json()["paths"])

    assert flags["crons"] is ("/runs/crons" in paths and "/threads/{thread_id}/runs/crons" in paths)
    assert flags["assistants"] is ("/assistants/search" in paths)
    served = {"/store/items", "/store/items/search", "/store/namespaces", "/threads/prune", "/runs/batch"}
    assert served <= paths and "/threads/{thread_id}/stream" in paths


def test_meta_routes_and_keys_as_the_sdks_send_them(api: httpx.Client, base: str) -> None:
    assert httpx.get(f"{base}/ok").json() == {"ok": True}
    assert httpx.get(f"{base}/ok?check_db=1").json() == {"ok": True}
    info = httpx.get(f"{base}/info").json()
    assert info["version"] == "0.16.7" and info["flags"] == {
        "assistants": True,
        "crons": True,
        "langsmith": False,
    }
    unauthorized = {"detail": "send a valid API key as 'x-api-key: <key>' or 'Authorization: Bearer <key>'"}
    for headers in (
        {},
        {"x-api-key": "nope-nope"},
        {"Authorization": "Bearer nope-nope"},
        {"Authorization": "key-ada-1234"},
    ):
        refused = httpx.post(f"{base}/threads/search", json={}, headers=headers)
        assert (refused.status_code, refused.json()) == (401, unauthorized), headers
    for headers in ({"x-api-key": "key-ada-1234"}, {"Authorization": "Bearer key-ada-1234"}):
        assert httpx.post(f"{base}/threads/search", json={}, headers=headers).json() == []
    # One spec, at the root and through the alias: the platform's routes and the school's extensions.
    spec = api.get("/openapi.json").json()
    assert httpx.get(f"{base}/openapi.json").json() == spec
    assert not [p for p in spec["paths"] if p.startswith("/langgraph")]
    assert {"/threads", "/threads/search", "/threads/{thread_id}/state", "/assistants/search"} <= set(
        spec["paths"]
    )
    extensions = {
        p for p, ops in spec["paths"].items() if ops.get("get", {}).get("tags") == ["school (extension)"]
    }
    assert extensions == {
        "/school/me",
        "/school/threads/{thread_id}/timeline",
        "/school/enrollments",
        "/school/webhooks/deliveries",
    }
    assert api.get("/school/me", headers=ADA).json() == {"user_id": "ada", "role": "student"}
    for gone in ("/healthz", "/me", "/approvals", "/jobs/00000000-0000-0000-0000-000000000000"):
        assert api.get(gone, headers=ADA).status_code == 404, gone  # the private API's routes are gone
    assert api.post("/threads/search", json={}, headers=ADA).json() == []
    page = api.get("/")
    assert (page.status_code, page.headers["content-type"].split(";")[0]) == (200, "text/html")


def test_the_graph_is_an_assistant_by_its_uuid(clients: dict[str, SyncLangGraphClient]) -> None:
    ada = clients["ada"]
    # The platform's default assistant id: uuid5 of the graph id in langgraph-api's namespace; it
    # gives the id LangGraph's docs show for the graph "agent".
    namespace = UUID("6ba7b821-9dad-11d1-80b4-00c04fd430c8")
    assert str(uuid5(namespace, "agent")) == "fe096781-5601-53d2-b2f6-0d3403f7e9ca"
    assert ASSISTANT_ID == str(uuid5(namespace, "school")) == "8ca89f6f-1bb6-5d85-ad28-3d7dbf33ab2d"
    expected = {
        "assistant_id": ASSISTANT_ID,
        "graph_id": "school",
        "config": {},
        "context": {},
        "metadata": {"created_by": "system"},
        "name": "school",
        "description": None,
        "version": 1,
        "created_at": ANY_TIME,
        "updated_at": ANY_TIME,
    }
    assert like(ada.assistants.get(ASSISTANT_ID), expected)
    assert ada.assistants.get(ASSISTANT_ID.upper()) == ada.assistants.get(ASSISTANT_ID)
    assert ada.assistants.search() == [ada.assistants.get(ASSISTANT_ID)]
    assert ada.assistants.search(graph_id="school", metadata={"created_by": "system"}) == [
        ada.assistants.get(ASSISTANT_ID)
    ]
    assert ada.assistants.search(graph_id="other") == []
    assert (ada.assistants.count(), ada.assistants.count(graph_id="other")) == (1, 0)
    # As on the platform, a graph id names the assistant in a run and a drawing only.
    for call in (ada.assistants.get, ada.assistants.get_schemas, ada.assistants.get_subgraphs):
        with pytest.raises(UnprocessableEntityError, match="Invalid assistant ID: must be a UUID"):
            call("school")
    unknown = "00000000-0000-4000-8000-000000000000"
    with pytest.raises(NotFoundError, match=f"Assistant '{unknown}' not found"):
        ada.assistants.get(unknown)
    with pytest.raises(UnprocessableEntityError, match="Invalid assistant ID: must be a UUID"):
        ada.assistants.get_graph("nope")
    top = {
        "__start__",
        "router",
        "answer",
        "propose",
        "approval",
        "execute",
        "handoff",
        "clarify",
        "next_in_program",
        "planner",
        "__end__",
    }
    drawn = ada.assistants.get_graph("school")
    assert {n["id"] for n in drawn["nodes"]} == top
    assert {"source": "__start__", "target": "router"} in drawn["edges"]
    planner = {
        "planner:orchestrate",
        "planner:worker",
        "planner:draft",
        "planner:review",
        "planner:revise",
        "planner:present",
    }
    xray = ada.assistants.get_graph(ASSISTANT_ID, xray=True)
    assert {n["id"] for n in xray["nodes"]} == (top - {"planner"}) | planner
    assert xray["nodes"][1] == {"id": "router", "type": "runnable", "data": {"name": "router"}}
    with pytest.raises(UnprocessableEntityError, match="Invalid xray value"):
        ada.assistants.get_graph("school", xray=-1)
    schemas = ada.assistants.get_schemas(ASSISTANT_ID)
    assert set(schemas) == {
        "graph_id",
        "input_schema",
        "output_schema",
        "state_schema",
        "config_schema",
        "context_schema",
    }
    assert schemas["graph_id"] == "school"
    # The platform's config schema is the `configurable` part of the config: the context's fields.
    assert schemas["config_schema"] == schemas["context_schema"]
    assert {"messages", "student_id", "intent", "pending_action", "usage"} <= set(
        schemas["state_schema"]["properties"]
    )
    assert set(schemas["context_schema"]["properties"]) == {"user_id", "router_model", "answer_model"}
    assert set(ada.assistants.get_subgraphs(ASSISTANT_ID)) == {"planner"}
    with pytest.raises(NotFoundError):
        ada.assistants.get_schemas(unknown)


def test_threads_are_created_read_patched_and_deleted(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada, bob, olga = clients["ada"], clients["bob"], clients["olga"]
    made = ada.threads.create(metadata={"course": "rag"})
    assert like(
        made,
        {
            "thread_id": made["thread_id"],
            "created_at": ANY_TIME,
            "updated_at": ANY_TIME,
            "state_updated_at": ANY_TIME,
            "metadata": {"course": "rag"},
            "status": "idle",
            "config": {},
            "values": None,
            "interrupts": {},
        },
    )
    thread_id = made["thread_id"]
    assert len(thread_id) == 36 and thread_id.count("-") == 4  # a UUID, as Studio makes them
    assert ada.threads.get(thread_id) == made
    assert olga.threads.get(thread_id) == made
    before = counts(resources)
    with pytest.raises(ConflictError, match=f"Thread with ID {thread_id} already exists"):
        ada.threads.create(thread_id=thread_id)
    assert ada.threads.create(thread_id=thread_id, if_exists="do_nothing") == made
    with pytest.raises(ConflictError):
        bob.threads.create(thread_id=thread_id, if_exists="do_nothing")
    with pytest.raises(NotFoundError, match=f"Thread with ID {thread_id} not found"):
        bob.threads.get(thread_id)
    with pytest.raises(NotFoundError):
        bob.threads.update(thread_id, metadata={"x": 1})
    with pytest.raises(NotFoundError):
        bob.threads.delete(thread_id)
    with pytest.raises(PermissionDeniedError, match="threads are started by students"):
        olga.threads.create()
    with pytest.raises(UnprocessableEntityError, match="invalid thread id"):
        ada.threads.create(thread_id="bad id")
    with pytest.raises(UnprocessableEntityError, match="NUL"):
        ada.threads.create(metadata={"a": "b\x00"})
    assert counts(resources) == before
    patched = ada.threads.update(thread_id, metadata={"level": 2})
    assert patched["metadata"] == {"course": "rag", "level": 2}
    assert patched["updated_at"] > made["updated_at"] and patched["created_at"] == made["created_at"]
    free = ada.threads.create(thread_id="cli-thread.1", metadata={"graph_id": "school"})
    assert (free["thread_id"], free["status"]) == ("cli-thread.1", "idle")
    ada.threads.delete(thread_id)
    with pytest.raises(NotFoundError):
        ada.threads.get(thread_id)
    assert [t["thread_id"] for t in olga.threads.search()] == ["cli-thread.1"]
    with pytest.raises(NotFoundError):
        ada.threads.get("never-made")


def test_search_filters_sorts_and_pages_and_students_see_their_own(
    api: httpx.Client, clients: dict[str, SyncLangGraphClient]
) -> None:
    ada, bob, olga = clients["ada"], clients["bob"], clients["olga"]
    paused_thread(api, "t1")
    ada.threads.create(thread_id="t2", metadata={"course": "rag"})
    bob.threads.create(thread_id="t3", metadata={"course": "rag"})
    ids = lambda found: [t["thread_id"] for t in found]  # noqa: E731  # a short local reader
    assert ids(ada.threads.search()) == ["t2", "t1"]  # newest first
    assert ids(bob.threads.search()) == ["t3"]
    assert ids(olga.threads.search(sort_by="thread_id", sort_order="asc")) == ["t1", "t2", "t3"]
    assert ids(olga.threads.search(metadata={"course": "rag"}, sort_by="thread_id", sort_order="asc")) == [
        "t2",
        "t3",
    ]
    # Threads the private API or the CLI started carry the graph's metadata, as agent UIs filter on.
    assert ids(olga.threads.search(metadata={"graph_id": "school"})) == ["t1"]
    assert ids(olga.threads.search(metadata={"assistant_id": ASSISTANT_ID})) == ["t1"]
    # Interrupted as the platform means it: t1 waits for a decision (ada's own confirmation here).
    inbox = olga.threads.search(status="interrupted")
    assert ids(inbox) == ["t1"]
    [interrupts] = inbox[0]["interrupts"].values()
    assert like(
        interrupts,
        [
            {
                "id": interrupts[0]["id"],
                "value": {**ENROLL_REQUEST, "action_id": interrupts[0]["value"]["action_id"]},
            }
        ],
    )
    assert ids(olga.threads.search(status="idle", sort_by="thread_id", sort_order="asc")) == ["t2", "t3"]
    assert ids(olga.threads.search(values={"intent": "enroll", "student_id": "ada"})) == ["t1"]
    assert ids(bob.threads.search(status="interrupted")) == []
    assert ids(olga.threads.search(sort_by="thread_id", sort_order="asc", limit=1, offset=1)) == ["t2"]
    assert ids(olga.threads.search(sort_by="status", sort_order="asc")) == ["t2", "t3", "t1"]
    assert (olga.threads.count(), ada.threads.count(), bob.threads.count()) == (3, 2, 1)
    assert olga.threads.count(status="interrupted") == olga.threads.count(values={"intent": "enroll"}) == 1
    assert olga.threads.count(metadata={"course": "rag"}) == 2
    assert ids(olga.threads.search(ids=["t3", "t1"], sort_by="thread_id", sort_order="asc")) == ["t1", "t3"]
    assert olga.threads.search(ids=["t1"], select=["thread_id", "status"]) == [
        {"thread_id": "t1", "status": "interrupted"}
    ]
    with pytest.raises(UnprocessableEntityError):
        olga.threads.search(status="sleeping")  # type: ignore[arg-type]  # a status that does not exist


def test_state_history_and_checkpoints_as_the_platform_shapes_them(
    api: httpx.Client, clients: dict[str, SyncLangGraphClient]
) -> None:
    ada, bob, olga = clients["ada"], clients["bob"], clients["olga"]
    pending = paused_thread(api)
    state = ada.threads.get_state("t1")
    assert set(state) == STATE_KEYS
    assert state["next"] == ["approval"]
    assert [m["type"] for m in state["values"]["messages"]] == ["human", "ai"]
    assert state["values"]["messages"][0]["content"] == "Enroll me in rag-2"
    [task] = state["tasks"]
    interrupt = {
        "id": task["interrupts"][0]["id"],
        "value": {**ENROLL_REQUEST, "action_id": pending["action_id"]},
    }
    assert like(
        task,
        {
            "id": task["id"],
            "name": "approval",
            "path": ["__pregel_pull", "approval"],
            "error": None,
            "interrupts": [interrupt],
            "checkpoint": None,
            "state": None,
            "result": None,
        },
    )
    assert state["interrupts"] == [interrupt]
    assert state["checkpoint"] == {
        "thread_id": "t1",
        "checkpoint_ns": "",
        "checkpoint_id": state["checkpoint_id"],
    }
    assert state["parent_checkpoint"]["checkpoint_id"] == state["parent_checkpoint_id"]
    assert ada.threads.get("t1")["status"] == "interrupted"
    assert olga.threads.get_state("t1") == state
    with pytest.raises(NotFoundError):
        bob.threads.get_state("t1")
    at_parent = ada.threads.get_state("t1", checkpoint_id=state["parent_checkpoint_id"])
    assert (at_parent["next"], at_parent["interrupts"]) == (["propose"], [])
    assert (
        ada.threads.get_state("t1", checkpoint={"checkpoint_id": state["parent_checkpoint_id"]}) == at_parent
    )
    with pytest.raises(NotFoundError, match="has no checkpoint nope"):
        ada.threads.get_state("t1", checkpoint_id="nope")
    history = ada.threads.get_history("t1", limit=10)
    assert [h["next"] for h in history] == [["approval"], ["propose"], ["router"], ["__start__"]]
    assert history[0] == state and history[1] == at_parent
    assert [h["metadata"]["source"] for h in history] == ["loop", "loop", "loop", "input"]
    assert ada.threads.get_history("t1", limit=2) == history[:2]
    assert (
        ada.threads.get_history("t1", before={"configurable": {"checkpoint_id": history[1]["checkpoint_id"]}})
        == history[2:]
    )
    assert ada.threads.get_history("t1", metadata={"step": 1}) == [history[1]]
    with pytest.raises(NotFoundError):
        bob.threads.get_history("t1")


def test_a_thread_under_a_run_is_busy_and_cannot_be_deleted(
    api: httpx.Client, clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    paused_thread(api)
    locks = locks_for(resources.pool)
    assert locks is not None
    with locks.hold("t1"):
        assert clients["olga"].threads.get("t1")["status"] == "busy"
        assert [t["thread_id"] for t in clients["olga"].threads.search(status="busy")] == ["t1"]
        with pytest.raises(ConflictError, match="busy"):
            clients["ada"].threads.delete("t1")
    assert clients["ada"].threads.get("t1")["status"] == "interrupted"


def test_the_async_client_reads_the_same_threads(base: str, api: httpx.Client) -> None:
    paused_thread(api)

    async def drive() -> tuple[Any, ...]:
        async with get_client(url=base, api_key="key-ada-1234") as ada:
            made = await ada.threads.create(thread_id="t2", metadata={"via": "async"})
            found = await ada.threads.search(sort_by="thread_id", sort_order="asc")
            state = await ada.threads.get_state("t1")
            assistant = await ada.assistants.get(ASSISTANT_ID)
            return made, found, state, assistant

    made, found, state, assistant = asyncio.run(drive())
    assert (made["thread_id"], made["metadata"], made["status"]) == ("t2", {"via": "async"}, "idle")
    assert [(t["thread_id"], t["status"]) for t in found] == [("t1", "interrupted"), ("t2", "idle")]
    assert state["next"] == ["approval"] and assistant["assistant_id"] == ASSISTANT_ID


def refused(call: Callable[[], Any], status: int, fragment: str) -> None:
    """`call` fails with an HTTP error of `status` whose detail holds `fragment` (SDK errors are
    httpx's: `runs.wait` raises httpx's own, the other calls the SDK's typed subclasses)."""
    with pytest.raises(httpx.HTTPStatusError) as caught:
        call()
    response = caught.value.response
    try:
        detail = response.json()["detail"]
    except httpx.ResponseNotRead:  # a refused stream: the SDK notes the body on the error
        detail = " ".join(getattr(caught.value, "__notes__", []))
    assert (response.status_code, fragment in detail) == (status, True), detail


def stream(client: SyncLangGraphClient, thread_id: str, **kwargs: Any) -> list[tuple[str, Any]]:
    """The (event, data) pairs of a streamed run."""
    return [(p.event, p.data) for p in client.runs.stream(thread_id, "school", **kwargs)]


APPROVE = {"resume": {"decisions": [{"type": "approve"}]}}
OUT_OF_POLICY = "out of policy: enroll waits for the student's confirmation (policy enroll), not for a decision by the operator"


def test_a_student_enrolls_and_confirms_through_the_sdk(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada, olga = clients["ada"], clients["olga"]
    thread_id = ada.threads.create(metadata={"topic": "enrollment"})["thread_id"]
    events = stream(ada, thread_id, input=ASK, stream_mode=["values", "updates"])
    assert [name for name, _ in events] == [
        "metadata",
        "values",
        "updates",
        "values",
        "updates",
        "values",
        "updates",
        "values",
    ]
    assert set(events[0][1]) == {"run_id", "attempt"} and events[0][1]["attempt"] == 1
    assert [m["content"] for m in events[1][1]["messages"]] == ["Enroll me in rag-2"]
    assert list(events[2][1]) == ["router"] and events[2][1]["router"]["intent"] == "enroll"
    assert list(events[4][1]) == ["propose"]
    assert events[4][1]["propose"]["pending_action"]["args"] == {"cohort_id": "rag-2"}
    assert [m["type"] for m in events[5][1]["messages"]] == ["human", "ai"]
    action_id = events[5][1]["pending_action"]["id"]
    [interrupt] = events[-1][1]["__interrupt__"]
    # In updates, and in values with the state, as LangGraph emits them and the platform relays them.
    assert events[-2][1] == {"__interrupt__": events[-1][1]["__interrupt__"]}
    assert events[-1][1]["pending_action"]["id"] == action_id
    value = {**ENROLL_REQUEST, "action_id": action_id}
    assert interrupt == {"id": interrupt["id"], "value": value, "response_schema": None}
    in_state = {"id": interrupt["id"], "value": value}  # the state's shape has no response_schema
    paused, [task] = ada.threads.get(thread_id), ada.threads.get_state(thread_id)["tasks"]
    assert (task["name"], task["interrupts"]) == ("approval", [in_state])
    assert (paused["status"], paused["interrupts"]) == ("interrupted", {task["id"]: [in_state]})
    assert [t["thread_id"] for t in olga.threads.search(status="interrupted")] == [thread_id]
    # A run tags its thread with the graph, as agent UIs list threads by it, and with whose decision
    # it waits for: the students' inbox is a search on it; the operators' does not list it.
    tags = {"graph_id": "school", "assistant_id": ASSISTANT_ID}
    assert paused["metadata"] == {"topic": "enrollment", **tags, "awaiting": "student"}
    assert [t["thread_id"] for t in ada.threads.search(metadata={"graph_id": "school"})] == [thread_id]
    inbox = {"status": "interrupted", "metadata": {"awaiting": "student"}}
    assert [t["thread_id"] for t in ada.threads.search(**inbox)] == [thread_id]  # type: ignore[arg-type]
    operators = {"status": "interrupted", "metadata": {"awaiting": "operator"}}
    assert olga.threads.search(**operators) == []  # type: ignore[arg-type]

    # The enrollment is ada's to confirm: an operator's resume is refused before it is queued.
    refused(lambda: olga.runs.wait(thread_id, "school", command=APPROVE), 422, OUT_OF_POLICY)
    done = ada.runs.wait(
        thread_id, "school", command={"resume": {"decisions": [{"type": "approve"}], "action_id": action_id}}
    )
    assert "__interrupt__" not in done
    assert done["messages"][-1]["content"].startswith("Done: you are enrolled in rag-2")
    assert done["last_outcome"]["ok"] is True
    assert [(e["student_id"], e["cohort_id"]) for e in resources.school.enrollments()] == [("ada", "rag-2")]
    assert grant_rows(grants_of(resources.pool, thread_id)) == [
        ("enroll", "ada", "student", "enroll", "approve")
    ]
    after = ada.threads.get(thread_id)
    assert (after["status"], after["interrupts"]) == ("idle", {})
    assert after["metadata"] == {"topic": "enrollment", **tags}  # it waits for nobody now
    assert ada.threads.get_state(thread_id)["next"] == []
    refused(lambda: ada.runs.wait(thread_id, "school", command=APPROVE), 409, "nothing waiting for approval")
    # A second question on the same thread streams its values only.
    asked = stream(
        ada, thread_id, input={"messages": [{"type": "human", "content": "When does rag-2 start?"}]}
    )
    assert [name for name, _ in asked] == ["metadata", "values", "values", "values"]
    assert "rag-2" in asked[-1][1]["messages"][-1]["content"]
    # Every run was journaled, by the student who sent it.
    with resources.pool.connection() as conn:
        journaled = conn.execute(
            "SELECT kind, actor, status FROM turns WHERE thread_id = %s ORDER BY id", (thread_id,)
        ).fetchall()
    assert journaled == [
        {"kind": "message", "actor": "ada", "status": "awaiting_approval"},
        {"kind": "decision", "actor": "ada", "status": "completed"},
        {"kind": "message", "actor": "ada", "status": "completed"},
    ]


def test_a_refund_is_confirmed_by_the_student_then_approved_by_an_operator_through_the_sdk(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada, olga = clients["ada"], clients["olga"]
    paid(resources.school)
    thread_id = ada.threads.create()["thread_id"]
    cancel = {"messages": [{"role": "user", "content": "Please cancel my enrollment in rag-2"}]}
    asked = ada.runs.wait(thread_id, "school", input=cancel)
    action_id = asked["pending_action"]["id"]
    assert asked["__interrupt__"][0]["value"] == refund_hitl(action_id, approved=())
    assert asked["messages"][-1]["content"].endswith(REFUND_ASKS)
    # Staff come after the student: an operator's approval now is out of policy.
    refused(
        lambda: olga.runs.wait(thread_id, "school", command=APPROVE),
        422,
        "out of policy: cancel waits for the student's confirmation (policy cancel-refund-over-limit)",
    )
    confirmed = ada.runs.wait(thread_id, "school", command=APPROVE)
    assert confirmed["__interrupt__"][0]["value"] == refund_hitl(action_id)
    assert confirmed["messages"][-1]["content"] == STAFF_AFTER_YES
    assert [e["status"] for e in resources.school.enrollments()] == ["CONFIRMED"]
    # Now the student's own approval is not the operator's.
    refused(
        lambda: ada.runs.wait(thread_id, "school", command=APPROVE),
        422,
        "out of policy: cancel waits for an operator's decision (policy cancel-refund-over-limit), "
        "not for a decision by the student",
    )
    done = olga.runs.wait(thread_id, "school", command=APPROVE)
    assert "__interrupt__" not in done
    assert (
        done["messages"][-1]["content"]
        == "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full."
    )
    assert [e["status"] for e in resources.school.enrollments()] == ["CANCELLED"]
    assert grant_rows(grants_of(resources.pool, thread_id)) == [
        ("cancel", "ada", "student", "cancel-refund-over-limit", "approve"),
        ("cancel", "olga", "operator", "cancel-refund-over-limit", "approve"),
    ]


def test_serve_answers_the_async_sdk_at_its_langgraph_url(database_url: str, tmp_path: Path) -> None:
    async def drive(url: str) -> tuple[list[str], dict[str, Any], dict[str, Any]]:
        async with (
            get_client(url=f"{url}/langgraph", api_key="key-ada-1234") as ada,
            get_client(url=f"{url}/langgraph", api_key="key-olga-1234") as olga,
        ):
            thread = await ada.threads.create()
            events = [p.event async for p in ada.runs.stream(thread["thread_id"], "school", input=ASK)]
            inbox = await olga.threads.search(status="interrupted")
            done = await ada.runs.wait(thread["thread_id"], ASSISTANT_ID, command=APPROVE)
            return events, inbox[0], done

    with api_server(database_url, tmp_path / "data", tmp_path / "serve.log") as url:
        events, paused, done = asyncio.run(drive(url))
    assert events == ["metadata", "values", "values", "values", "values"]
    assert paused["status"] == "interrupted"
    assert done["messages"][-1]["content"].startswith("Done: you are enrolled in rag-2")


def test_the_run_id_is_in_the_content_location_header(api: httpx.Client, base: str) -> None:
    with httpx.Client(base_url=base, headers={"x-api-key": "key-ada-1234"}) as http:
        thread_id = http.post("/threads", json={}).json()["thread_id"]
        response = http.post(
            f"/threads/{thread_id}/runs/stream", json={"assistant_id": "school", "input": ASK}
        )
    assert response.headers["content-type"].startswith("text/event-stream")
    first = response.text.split("\n\n")[0].splitlines()
    assert first[0] == "event: metadata"
    run_id = __import__("json").loads(first[1].removeprefix("data: "))["run_id"]
    assert response.headers["content-location"] == f"/threads/{thread_id}/runs/{run_id}"


@pytest.mark.parametrize(
    ("who", "kwargs", "status", "message"),
    [
        ("ada", {"assistant_id": "nope", "input": ASK}, 404, "Assistant 'nope' not found"),
        ("bob", {"input": ASK}, 404, "not found"),
        ("olga", {"input": ASK}, 403, "only the student who owns a thread writes to it"),
        ("olga", {"command": APPROVE}, 422, OUT_OF_POLICY),
        ("bob", {"command": APPROVE}, 404, "not found"),
        (
            "ada",
            {
                "command": {
                    "resume": {
                        "decisions": [{"type": "edit", "edited_action": {"args": {"cohort_id": "rag-1"}}}]
                    }
                }
            },
            422,
            "a student changes a request by asking for another",
        ),
        ("olga", {"command": {"goto": "execute"}}, 422, "update and goto would skip its checks"),
        (
            "olga",
            {"command": {"update": {"student_id": "bob"}}},
            422,
            "update and goto would skip its checks",
        ),
        ("olga", {"command": {"resume": "yes"}}, 422, "a resume must look like"),
        (
            "olga",
            {"command": {"resume": {"decisions": [{"type": "maybe"}]}}},
            422,
            "decision type",
        ),
        (
            "olga",
            {"command": {"resume": {"decisions": [{"type": "approve"}], "action_id": "stale"}}},
            422,
            "pending action",
        ),
        (
            "olga",
            {"command": {"resume": {"decisions": [{"type": "reject", "message": "no\x00"}]}}},
            422,
            "NUL",
        ),
        ("ada", {"input": {"messages": []}}, 422, "one message"),
        (
            "ada",
            {"input": {"messages": [{"role": "assistant", "content": "hi"}]}},
            422,
            "human",
        ),
        (
            "ada",
            {"input": {"messages": [{"role": "user", "content": "x" * 5000}]}},
            422,
            "the limit is",
        ),
        ("ada", {"input": ASK, "command": APPROVE}, 422, "not both"),
        ("ada", {}, 422, "neither"),
        ("ada", {"input": ASK, "stream_mode": "events"}, 422, "not supported"),
        ("ada", {"input": ASK, "stream_mode": "messages"}, 422, "not supported"),
        (
            "ada",
            {"input": ASK, "interrupt_before": ["approval"]},
            422,
            "not supported yet",
        ),
    ],
)
def test_a_refused_run_changes_nothing(
    api: httpx.Client,
    clients: dict[str, SyncLangGraphClient],
    resources: Resources,
    who: str,
    kwargs: dict[str, Any],
    status: int,
    message: str,
) -> None:
    paused_thread(api)
    before, state = counts(resources), clients["olga"].threads.get_state("t1")
    run = {"assistant_id": "school", **kwargs}
    if "stream_mode" not in run:  # `runs.wait` takes no stream mode
        refused(lambda: clients[who].runs.wait("t1", **run), status, message)
    refused(lambda: list(clients[who].runs.stream("t1", **run)), status, message)
    assert counts(resources) == before
    assert clients["olga"].threads.get_state("t1") == state


def test_runs_on_a_busy_or_unknown_thread_are_refused(
    api: httpx.Client, clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    paused_thread(api)
    locks = locks_for(resources.pool)
    assert locks is not None
    with locks.hold("t1"):
        ada = clients["ada"]
        for strategy in (None, "reject"):
            tried = {"multitask_strategy": strategy}
            refused(lambda tried=tried: ada.runs.wait("t1", "school", command=APPROVE, **tried), 409, "busy")
            refused(
                lambda tried=tried: list(ada.runs.stream("t1", "school", input=ASK, **tried)), 409, "busy"
            )
    refused(lambda: clients["ada"].runs.wait("never-made", "school", input=ASK), 404, "not found")
    assert clients["ada"].threads.get("t1")["status"] == "interrupted"


class _NodeFailedError(RuntimeError):
    """Stands for a bug in a node: the run fails mid-way."""


def test_a_run_that_fails_midway_ends_its_stream_with_an_error_event(
    clients: dict[str, SyncLangGraphClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]

    def fail(name: str) -> None:
        if name == "before:propose":
            raise _NodeFailedError(name)

    with monkeypatch.context() as patch:
        patch.setattr(faults, "point", fail)
        events = stream(ada, thread_id, input=ASK, stream_mode="updates")
    assert events == [
        ("metadata", events[0][1]),
        ("updates", {"router": events[1][1]["router"]}),  # the step before the failure
        (
            "error",
            {
                "error": "_NodeFailedError",
                "message": "the server could not complete the request; it has been logged",
            },
        ),
    ]
    failed = ada.threads.get(thread_id)
    assert (failed["status"], ada.threads.get_state(thread_id)["next"]) == ("error", ["propose"])
    # The next message finishes the cut-off run first, as the private API's does.
    again = stream(ada, thread_id, input={"messages": [{"role": "user", "content": "and the price?"}]})
    assert [name for name, _ in again] == ["metadata", "values", "values", "values", "values", "values"]
    assert (ada.threads.get(thread_id)["status"], ada.threads.get_state(thread_id)["next"]) == (
        "interrupted",
        ["approval"],
    )


def test_a_copied_thread_is_the_students_and_is_approved_on_its_own(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada, bob, olga = clients["ada"], clients["bob"], clients["olga"]
    original = ada.threads.create(metadata={"topic": "enrollment"})["thread_id"]
    stream(ada, original, input=ASK)
    before = ada.threads.get_state(original)
    copied = ada.threads.copy(original)
    copy_id = copied["thread_id"]
    assert copy_id != original and len(copy_id) == 36
    assert (copied["status"], copied["metadata"]) == (
        "interrupted",
        {"topic": "enrollment", "graph_id": "school", "assistant_id": ASSISTANT_ID, "awaiting": "student"},
    )
    state = ada.threads.get_state(copy_id)
    assert (state["values"], state["next"], state["interrupts"]) == (
        before["values"],
        before["next"],
        before["interrupts"],
    )
    assert (state["checkpoint"]["thread_id"], state["checkpoint_id"]) == (copy_id, before["checkpoint_id"])
    assert len(ada.threads.get_history(copy_id, limit=100)) == len(
        ada.threads.get_history(original, limit=100)
    )
    refused(lambda: bob.threads.copy(original), 404, "not found")
    refused(lambda: olga.threads.copy(original), 403, "only the student who owns a thread copies it")
    refused(lambda: bob.threads.get(copy_id), 404, "not found")
    ada.runs.wait(copy_id, "school", command=APPROVE)
    assert [(e["student_id"], e["cohort_id"]) for e in resources.school.enrollments()] == [("ada", "rag-2")]
    assert (ada.threads.get(copy_id)["status"], ada.threads.get(original)["status"]) == (
        "idle",
        "interrupted",
    )


def test_a_message_from_a_past_checkpoint_branches_the_thread_there(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    question = {"messages": [{"role": "user", "content": "How much does rag cost?"}]}
    ada.runs.wait(thread_id, "school", input=question)
    asked = ada.threads.get_state(thread_id)
    ada.runs.wait(thread_id, "school", input=ASK)
    assert ada.threads.get(thread_id)["status"] == "interrupted"
    paused = ada.threads.get_state(thread_id)["checkpoint_id"]

    runs_before = len(ada.runs.list(thread_id))
    refused(
        lambda: ada.runs.wait(thread_id, "school", input=question, checkpoint_id="1ef0-not-a-checkpoint"),
        404,
        "has no checkpoint",
    )
    past = {"checkpoint_id": asked["checkpoint_id"]}
    refused(lambda: ada.runs.wait(thread_id, "school", command=APPROVE, checkpoint=past), 422, "on a resume")
    assert len(ada.runs.list(thread_id)) == runs_before

    other = {"messages": [{"role": "user", "content": "And how long is it?"}]}
    ada.runs.wait(thread_id, "school", input=other, checkpoint_id=asked["checkpoint_id"])
    branched = ada.threads.get_state(thread_id)
    texts = [m["content"] for m in branched["values"]["messages"] if m["type"] == "human"]
    assert texts == ["How much does rag cost?", "And how long is it?"]
    assert (branched["next"], branched["interrupts"], ada.threads.get(thread_id)["status"]) == (
        [],
        [],
        "idle",
    )
    history = ada.threads.get_history(thread_id, limit=100)
    forks = [h for h in history if h["metadata"]["source"] == "fork"]  # the past checkpoint, copied
    assert [(f["values"], f["next"]) for f in forks] == [(asked["values"], asked["next"])]
    assert paused in {h["checkpoint_id"] for h in history}  # the abandoned branch stays in the history
    assert resources.school.enrollments() == []
    with resources.pool.connection() as conn:
        inputs = conn.execute(
            "SELECT input FROM turns WHERE thread_id = %s AND kind = 'message' ORDER BY id", (thread_id,)
        ).fetchall()
    assert [row["input"] for row in inputs] == [
        {"message": "How much does rag cost?"},
        {"message": "Enroll me in rag-2"},
        {"message": "And how long is it?", "from_checkpoint": asked["checkpoint_id"]},
    ]


def test_each_step_streams_as_it_ends(
    clients: dict[str, SyncLangGraphClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    received = threading.Event()
    waited: list[bool] = []

    def hold(name: str) -> None:
        if name == "before:propose":  # the run waits here until the client has the router's step
            waited.append(received.wait(timeout=10))

    names = []
    with monkeypatch.context() as patch:
        patch.setattr(faults, "point", hold)
        for part in ada.runs.stream(thread_id, "school", input=ASK, stream_mode="updates"):
            names.append(part.event)
            if part.event == "updates" and "router" in part.data:
                received.set()
    assert waited == [True]
    assert names == ["metadata", "updates", "updates", "updates"]
