"""`serve`'s LangGraph Server API against `langgraph dev`, the reference: the same SDK calls, the same shapes.

One scripted session of `langgraph_sdk` calls (`tests/support/differential.py`: assistants,
threads, state and history, a streamed run to the approval interrupt, the operator's resume, runs
created, joined, listed, cancelled, and the refusals) runs against `langgraph dev` (the committed
`langgraph.json`, on its own database) and against `serve` (ada's key for the student's calls,
olga's for the resume, on another database). The shapes of every answer and of every stream event,
in order, must be equal, except:

- `ALLOWED`: intended differences, each with its reason. Kept short: a difference that is a bug in
  `serve` does not belong here.
- `PENDING`: differences that are bugs or unbuilt parts of `serve`, known and reported. Strict: a
  pending difference that no longer shows fails the test too, so the list only shrinks.
"""

from __future__ import annotations

import json
from contextlib import closing
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any, NamedTuple

from langgraph_api.state import runnable_config_to_checkpoint
from langgraph_sdk import get_sync_client

from agent.runtime import platform_json
from tests.support.differential import ABSENT, Shape, differences, record_session, shape
from tests.support.school import fresh_database
from tests.support.servers import api_server, dev_server

TIMEOUT_S = 60


class Known(NamedTuple):
    """A known difference: in calls matching `call`, at paths matching `path`, where dev answers
    `dev` and serve `serve` (shapes; `ANY` for any).

    `call` and `path` are globs, several joined by '|'; a path is its steps joined by '/', and ''
    is the whole answer.
    """

    call: str
    path: str
    dev: Shape
    serve: Shape
    reason: str


ANY = None
THREAD_RECORDS = "threads.*"
RUN_OUTPUTS = "runs.*|threads.get_state*|threads.get_history*"

ALLOWED = [
    Known(
        THREAD_RECORDS,
        "interrupts|0/interrupts",
        ABSENT,
        {},
        "The in-memory runtime stores a new thread without `interrupts` and adds the key when a run "
        "ends; the SDK's `Thread` and the platform's OpenAPI `Thread` list it ({} when none).",
    ),
    Known(
        THREAD_RECORDS,
        "error|0/error|config/configurable|0/config/configurable",
        ANY,
        ABSENT,
        "When a run ends the in-memory runtime writes `error` (null) and an empty `configurable` "
        "into the thread record; `error` is not in the platform's OpenAPI `Thread`, `config` is free-form.",
    ),
    Known(
        THREAD_RECORDS,
        "metadata/awaiting|*/metadata/awaiting",
        ABSENT,
        ANY,
        "serve keeps whose decision a paused thread waits for in its metadata (`awaiting`: the "
        "operators' and students' inbox is a thread search on it); metadata is free-form.",
    ),
    Known(
        "threads.copy",
        "status|values|interrupts",
        ANY,
        ANY,
        "The in-memory runtime answers a copy with the new thread's bare record (idle, no values, no "
        "interrupts), written before the checkpoints are copied; serve answers the copy as it is "
        "(interrupted, with its values).",
    ),
    Known(
        RUN_OUTPUTS,
        "*langgraph_*|*/__*__",
        ANY,
        ABSENT,
        "Where the platform runs (host, plan, versions, request id, its auth's user and permissions) "
        "and its scheduler's internals (`__after_seconds__`, `__request_start_time_ms__`...) in run "
        "config, checkpoint metadata and events: serve is not that deployment.",
    ),
    Known(
        RUN_OUTPUTS,
        "*/turn_id|*metadata/user_id|*/1/1/user_id",
        ABSENT,
        ANY,
        "serve's runtime links each run and checkpoint to its journal turn and student (run config); "
        "metadata is free-form.",
    ),
]

PENDING = [
    Known(
        "runs.create*|runs.get*|runs.list*",
        "*kwargs/config/*",
        ANY,
        ANY,
        "A run's recorded config: the platform's holds the run's configurable (run_id, thread_id, "
        "graph_id, assistant_id, the context's user_id, scheduler internals) and metadata; serve "
        "records the config the client sent.",
    ),
    Known(
        "threads.get_state*|threads.get_history*",
        "*metadata/thread_id",
        "uuid",
        ABSENT,
        "A checkpoint's metadata on the platform carries the thread's id; LangGraph leaves a "
        "configurable key such as thread_id out of the metadata it writes, and serve's checkpoints "
        "are LangGraph's as written.",
    ),
]


def _matches(known: Known, call: str, path: str, dev: Shape, serve: Shape) -> bool:
    return (
        any(fnmatchcase(call, c) for c in known.call.split("|"))
        and any(fnmatchcase(path, p) for p in known.path.split("|"))
        and (known.dev is ANY or known.dev == dev)
        and (known.serve is ANY or known.serve == serve)
    )


def _record_dev(database_url: str, tmp_path: Path) -> list[tuple[str, Shape]]:
    with (
        dev_server(database_url, tmp_path / "langgraph-dev.log") as url,
        closing(get_sync_client(url=url, api_key=None, timeout=TIMEOUT_S)) as client,
    ):
        return record_session(client, client)


def _record_serve(database_url: str, tmp_path: Path) -> list[tuple[str, Shape]]:
    with api_server(database_url, tmp_path / "data", tmp_path / "serve.log") as url:
        base = url  # the API is at the root (`/langgraph` is an alias)
        with (
            closing(get_sync_client(url=base, api_key="key-ada-1234", timeout=TIMEOUT_S)) as ada,
            closing(get_sync_client(url=base, api_key="key-olga-1234", timeout=TIMEOUT_S)) as olga,
        ):
            return record_session(ada, olga)


def _show(found: Shape) -> str:
    text = json.dumps(found)
    return text if len(text) <= 200 else text[:200] + "..."


def test_serve_answers_the_sdk_in_the_shapes_langgraph_dev_does(
    database_url: str, server_url: str, tmp_path: Path
) -> None:
    dev = _record_dev(database_url, tmp_path)
    with fresh_database(server_url) as serve_database:
        serve = _record_serve(serve_database, tmp_path)
    assert [call for call, _ in serve] == [call for call, _ in dev]

    unexpected: list[str] = []
    pending_seen: set[int] = set()
    for (call, dev_shape), (_, serve_shape) in zip(dev, serve, strict=True):
        for steps, left, right in differences(dev_shape, serve_shape):
            path = "/".join(str(s) for s in steps)
            if any(_matches(k, call, path, left, right) for k in ALLOWED):
                continue
            pending = [i for i, k in enumerate(PENDING) if _matches(k, call, path, left, right)]
            if pending:
                pending_seen.update(pending)
                continue
            unexpected.append(
                f"{call} @ {path or '(whole answer)'}\n  dev:   {_show(left)}\n  serve: {_show(right)}"
            )
    gone = [k.reason for i, k in enumerate(PENDING) if i not in pending_seen]
    assert not unexpected, f"{len(unexpected)} unexpected differences:\n" + "\n".join(unexpected)
    assert not gone, "pending differences no longer seen (fixed? remove them from PENDING):\n" + "\n".join(
        gone
    )


def test_a_shape_keeps_keys_types_and_the_enums_clients_branch_on() -> None:
    task_id = "a6563994-c3dd-a0a0-d103-47759c066b29"
    answer = {
        "thread_id": "01a22f84-ef90-766f-b36c-d2ad97ce3266",
        "created_at": "2026-12-01T02:52:50.945487+00:00",
        "status": "interrupted",
        "next": ["approval"],
        "values": {"messages": [{"type": "human", "content": "hi"}], "usage": {"calls": 0, "cost": 0.5}},
        "interrupts": {task_id: [{"id": "x", "value": {"ok": True}, "response_schema": None}]},
    }
    assert shape(answer) == {
        "created_at": "datetime",
        "interrupts": {"<uuid>": [{"id": "str", "response_schema": "null", "value": {"ok": "bool"}}]},
        "next": ["=approval"],
        "status": "=interrupted",
        "thread_id": "uuid",
        "values": {
            "messages": [{"content": "str", "type": "=human"}],
            "usage": {"calls": "int", "cost": "float"},
        },
    }


def test_differences_name_each_path_where_two_shapes_part() -> None:
    dev = {"a": ["int", {"b": "str"}], "gone": "null"}
    serve = {"a": ["int", {"b": "int"}, "str"], "new": {}}
    assert differences(dev, serve) == [
        (("a", 1, "b"), "str", "int"),
        (("a", 2), ABSENT, "str"),
        (("gone",), "null", ABSENT),
        (("new",), ABSENT, {}),
    ]
    [allowed] = [k for k in ALLOWED if k.path == "interrupts|0/interrupts"]
    assert _matches(allowed, "threads.get", "interrupts", ABSENT, {})
    assert not _matches(allowed, "threads.get", "interrupts", ABSENT, {"<uuid>": []})
    assert not _matches(allowed, "runs.get", "interrupts", ABSENT, {})


def test_a_debug_checkpoint_is_shaped_as_the_platform_shapes_it() -> None:
    def config(checkpoint_id: str, ns: str = "") -> dict[str, Any]:
        return {"configurable": {"thread_id": "t", "checkpoint_ns": ns, "checkpoint_id": checkpoint_id}}

    payload = {
        "config": config("2"),
        "parent_config": config("1"),
        "values": {"intent": "plan"},
        "metadata": {"step": 1},
        "next": ["planner"],
        "tasks": [
            {"id": "k", "name": "planner", "interrupts": [], "state": config("3", "planner:k")},
            {"id": "j", "name": "router", "interrupts": [], "state": None},
        ],
    }
    # What langgraph-api's `_preprocess_debug_checkpoint` (stream.py) answers for it.
    assert platform_json.debug_checkpoint(payload) == {
        **payload,
        "checkpoint": {"thread_id": "t", "checkpoint_ns": "", "checkpoint_id": "2"},
        "parent_checkpoint": {"thread_id": "t", "checkpoint_ns": "", "checkpoint_id": "1"},
        "tasks": [
            {
                "id": "k",
                "name": "planner",
                "interrupts": [],
                "checkpoint": config("3", "planner:k")["configurable"],
            },
            {"id": "j", "name": "router", "interrupts": [], "state": None},
        ],
    }
    assert payload["tasks"][0]["state"] == config("3", "planner:k")  # the payload is left as it was
    for found in (config("2"), config("3", "planner:k"), None, {"configurable": {"thread_id": "t"}}):
        assert platform_json.checkpoint(found) == runnable_config_to_checkpoint(found)  # type: ignore[arg-type]
