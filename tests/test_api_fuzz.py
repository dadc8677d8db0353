"""The HTTP API fuzzed from its own OpenAPI spec (schemathesis): no 5xx, and a refused request
changes nothing.

The spec is read from the live server's `/openapi.json`. Every operation gets generated requests,
valid and invalid, as the operator, as a student, and with whatever `Authorization` the generator
makes up; hand-written requests reach past the id checks to a real paused thread. Each response
must not be a server error, must match the spec where the spec declares it, must be a 4xx when the
request breaks the spec, and an error must be the JSON `{"error": str, "message": str}`. Around
every call each table of the database is fingerprinted: a 4xx answer must leave all of them as
they were.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import schemathesis
import uvicorn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from psycopg import sql
from schemathesis import Case, GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
)

from agent.infra.persistence import Resources
from agent.interfaces.server.app import Service, create_app
from agent.interfaces.server.auth import parse_keys
from agent.interfaces.worker.process import Worker
from tests.support.servers import free_port

KEYS = "key-ada-1234=ada:student,key-olga-1234=olga:operator"
CALLERS = {"operator": "Bearer key-olga-1234", "student": "Bearer key-ada-1234", "generated": None}
"""The `Authorization` of each run; `None` sends what the generator made of the header parameter.

A negative case that breaks the `authorization` header itself goes without it in every run
(schemathesis drops the header it negated), so each run also sees some 401s.
"""
ADA, OLGA = ({"Authorization": CALLERS[who]} for who in ("student", "operator"))
CHECKS = [not_a_server_error, response_schema_conformance, content_type_conformance, negative_data_rejection]
EXAMPLES = 15
"""Generated requests per operation and run: the module takes 30-45 s, most of it generating."""


@dataclass
class Seeded:
    """What exists before the fuzzing starts, so that ids can hit real objects."""

    thread_id: str
    action_id: str
    checkpoint_id: str
    job_id: str


@pytest.fixture
def base_url(resources: Resources, graph: Any, worker: Worker) -> Iterator[str]:
    """The app served by uvicorn on a loopback port, with a worker."""
    port = free_port()
    service = Service(resources, graph, parse_keys(KEYS))
    app = create_app(service)
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    service.wake.close()


@pytest.fixture
def seeded(base_url: str, resources: Resources) -> Seeded:
    """Ada's thread t1, paused at the approval of her enrollment, and a queued turn done on her thread t2."""
    with httpx.Client(base_url=base_url, timeout=30) as client:
        asked = client.post("/threads/t1/turns", json={"message": "Enroll me in rag-2"}, headers=ADA)
        history = client.get("/threads/t1/history", headers=ADA).json()
        queued = client.post(
            "/threads/t2/turns?if_busy=enqueue", json={"message": "and the price?"}, headers=ADA
        )
        job_id = queued.json()["job_id"]
        deadline = time.monotonic() + 30
        while client.get(f"/jobs/{job_id}", headers=ADA).json()["status"] in ("pending", "running"):
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert asked.status_code == 200, asked.text
    return Seeded("t1", asked.json()["pending"]["action_id"], history[-1]["checkpoint_id"], job_id)


def fingerprint(resources: Resources) -> dict[str, tuple[int, str]]:
    """Each table (domain, journal, jobs, checkpoints, store) as its row count and a digest of its rows."""
    with resources.pool.connection() as conn:
        tables = [
            row["table_name"]
            for row in conn.execute(
                "SELECT table_name FROM information_schema.tables"
                " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
                # The task engine's bookkeeping changes on its own (its periodic recovery task).
                " AND table_name NOT LIKE 'procrastinate%%'"
            )
        ]
        parts = [
            sql.SQL(
                "SELECT {name} AS name, count(*) AS n,"
                " md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest"
                " FROM {table} t"
            ).format(name=sql.Literal(table), table=sql.Identifier(table))
            for table in tables
        ]
        rows = conn.execute(sql.SQL(" UNION ALL ").join(parts)).fetchall()
    return {row["name"]: (row["n"], row["digest"]) for row in rows}


def changed(before: dict[str, tuple[int, str]], after: dict[str, tuple[int, str]]) -> dict[str, str]:
    """The tables that differ, each with its row count before → after."""
    return {
        name: f"{before.get(name, (0, ''))[0]} → {after.get(name, (0, ''))[0]} rows"
        for name in sorted(before.keys() | after.keys())
        if before.get(name) != after.get(name)
    }


def aim(case: Case, seeded: Seeded, hit: bool) -> Case:
    """The case, with its thread or job id pointed at the seeded one when `hit`."""
    if hit:
        if "thread_id" in (case.path_parameters or {}):
            case.path_parameters["thread_id"] = seeded.thread_id
        if "job_id" in (case.path_parameters or {}):
            case.path_parameters["job_id"] = seeded.job_id
    return case


def explicit_cases(schema: Any, seeded: Seeded) -> list[Case]:
    """Hand-written requests that get past the id checks: the real thread, action, checkpoint, job."""
    t1 = {"thread_id": seeded.thread_id}
    turns, fork = schema["/threads/{thread_id}/turns"]["POST"], schema["/threads/{thread_id}/fork"]["POST"]
    decision = schema["/threads/{thread_id}/decision"]["POST"]
    bob = {
        "type": "edit",
        "edited_action": {"name": "enroll", "args": {"cohort_id": "rag-1", "student_id": "bob"}},
    }
    return [
        schema["/threads"]["POST"].Case(body={"thread_id": seeded.thread_id}),
        turns.Case(path_parameters=t1, body={"message": "x" * 5000}),
        turns.Case(path_parameters={"thread_id": "fresh"}, body={"message": " "}),
        turns.Case(path_parameters={"thread_id": "fresh"}, body={"message": "a\x00b"}),
        turns.Case(
            path_parameters={"thread_id": "fresh"}, query={"if_busy": "enqueue"}, body={"message": "a\x00b"}
        ),
        turns.Case(
            path_parameters={"thread_id": "streamed"},
            headers={"accept": "text/event-stream"},
            body={"message": "When does the RAG course start?"},
        ),
        fork.Case(path_parameters=t1, body={"checkpoint_id": "nope", "thread_id": "copy"}),
        fork.Case(path_parameters=t1, body={"checkpoint_id": seeded.checkpoint_id, "thread_id": "bad id"}),
        fork.Case(
            path_parameters=t1, body={"checkpoint_id": seeded.checkpoint_id, "thread_id": seeded.thread_id}
        ),
        decision.Case(path_parameters=t1, body={"action_id": "stale", "decisions": [{"type": "approve"}]}),
        decision.Case(path_parameters=t1, body={"action_id": seeded.action_id, "decisions": [bob]}),
        decision.Case(
            path_parameters=t1, body={"action_id": seeded.action_id, "decisions": [{"type": "maybe"}]}
        ),
        decision.Case(path_parameters=t1, body={"action_id": seeded.action_id, "decisions": [{}]}),
        decision.Case(
            path_parameters=t1,
            body={"action_id": seeded.action_id, "decisions": [{"type": "reject", "message": "no\x00"}]},
        ),
        schema["/threads/{thread_id}/events"]["GET"].Case(path_parameters=t1, query={"kinds": "\x00"}),
        schema["/jobs/{job_id}"]["GET"].Case(path_parameters={"job_id": seeded.job_id}),
        schema["/jobs/{job_id}"]["GET"].Case(path_parameters={"job_id": 2**63}),
        schema["/jobs/{job_id}"]["GET"].Case(
            path_parameters={"job_id": "0d9c3b8e-0000-4000-8000-000000000000"}
        ),
    ]


def settle(resources: Resources, timeout_s: float = 30) -> None:
    """Wait until no run is pending or running, so that a fingerprint sees only finished work."""
    deadline = time.monotonic() + timeout_s
    while True:
        with resources.pool.connection() as conn:
            row = conn.execute(
                "SELECT count(*) AS n FROM api_runs WHERE status IN ('pending', 'running')"
            ).fetchone()
        if not row or not row["n"]:
            return
        assert time.monotonic() < deadline, "runs still in flight"
        time.sleep(0.02)


def call_and_check(case: Case, resources: Resources, base_url: str, authorization: str | None) -> None:
    """Send the case; check the response, its error body, and that a refusal left no trace."""
    # No shared requests.Session: schemathesis merges a session's default headers (`Accept: */*`)
    # over the case's own, which would hide a generated `Accept: text/event-stream`.
    headers = {"Authorization": authorization} if authorization else None
    settle(resources)
    before = fingerprint(resources)
    response = case.call(base_url=base_url, headers=headers, timeout=30)
    settle(resources)  # a turn accepted in the background (`?if_busy=enqueue`) ends on the worker
    after = fingerprint(resources)
    case.validate_response(response, checks=CHECKS, headers=headers)
    request = f"{case.method} {response.request.url} {response.request.body!r}"
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body, dict) and set(body) == {"error", "message"}, (request, body)
        assert isinstance(body["error"], str) and isinstance(body["message"], str), (request, body)
    if 400 <= response.status_code < 500:
        assert changed(before, after) == {}, (request, response.status_code, response.text)


# The server's worker threads (a connection pool's jitter) may draw from the global `random`
# while Hypothesis generates a case in this thread; it takes that for the strategy's own use.
# Generation is derandomized, so the warning says nothing about these cases.
@pytest.mark.filterwarnings("ignore:Do not use the `random` module inside strategies")
@pytest.mark.parametrize("caller", CALLERS)
def test_every_operation_survives_generated_requests(
    caller: str, base_url: str, seeded: Seeded, resources: Resources
) -> None:
    schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json")
    authorization = CALLERS[caller]
    for case in explicit_cases(schema, seeded):
        call_and_check(case, resources, base_url, authorization)
    for result in schema.get_all_operations():
        operation = result.ok()
        cases = st.one_of(*(operation.as_strategy(generation_mode=mode) for mode in GenerationMode))

        # Negative generation draws and discards values that turn out valid: filtering is its way.
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=[HealthCheck.filter_too_much],
            print_blob=False,
        )
        @given(case=cases, hit=st.booleans())
        def fuzz(case: Case, hit: bool) -> None:
            call_and_check(aim(case, seeded, hit), resources, base_url, authorization)

        fuzz()


@pytest.mark.parametrize(
    ("path", "body", "headers", "status", "code"),
    [
        # NUL cannot be stored in Postgres text or jsonb: these were 500s, after a half-done write.
        pytest.param(
            "/threads/fresh/turns",
            lambda s: {"message": "a\x00b"},
            ADA,
            400,
            "invalid_input",
            id="nul-in-a-message",
        ),
        pytest.param(
            "/threads/fresh/turns?if_busy=enqueue",
            lambda s: {"message": "a\x00b"},
            ADA,
            400,
            "invalid_input",
            id="nul-in-a-queued-message",
        ),
        pytest.param(
            "/threads/t1/decision",
            lambda s: {"action_id": s.action_id, "decisions": [{"type": "reject", "message": "no\x00"}]},
            OLGA,
            400,
            "invalid_input",
            id="nul-in-a-decision",
        ),
        # A message refused by the run left the new thread claimed by its sender.
        pytest.param(
            "/threads/fresh/turns",
            lambda s: {"message": " "},
            ADA,
            400,
            "invalid_input",
            id="blank-message-to-a-new-thread",
        ),
        # A refused fork claimed the new thread id before finding out.
        pytest.param(
            "/threads/t1/fork",
            lambda s: {"checkpoint_id": "nope", "thread_id": "copy"},
            ADA,
            404,
            "unknown_thread",
            id="fork-from-an-unknown-checkpoint",
        ),
        pytest.param(
            "/threads/t1/fork",
            lambda s: {"checkpoint_id": s.checkpoint_id, "thread_id": "bad id"},
            ADA,
            400,
            "invalid_input",
            id="fork-to-a-bad-thread-id",
        ),
    ],
)
def test_a_refused_request_changes_nothing(
    base_url: str,
    seeded: Seeded,
    resources: Resources,
    path: str,
    body: Callable[[Seeded], dict[str, Any]],
    headers: dict[str, str],
    status: int,
    code: str,
) -> None:
    before = fingerprint(resources)
    with httpx.Client(base_url=base_url, timeout=30) as client:
        response = client.post(path, json=body(seeded), headers=headers)
    assert (response.status_code, response.json()["error"]) == (status, code)
    assert changed(before, fingerprint(resources)) == {}


def test_the_spec_declares_the_streamed_answers(base_url: str) -> None:
    spec = httpx.get(f"{base_url}/openapi.json").json()
    for path in ("/threads/{thread_id}/turns", "/threads/{thread_id}/decision"):
        assert set(spec["paths"][path]["post"]["responses"]["200"]["content"]) == {
            "application/json",
            "text/event-stream",
        }, path
