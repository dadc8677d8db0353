"""The HTTP API over real HTTP on loopback: auth and roles, SSE turns, approvals, errors, one writer,
queued runs, history and forks, the OpenAPI spec."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest

from agent.infra.locks import locks_for
from agent.infra.persistence import Resources
from agent.journal.grants import grants_of
from tests.support.api import ADA, BOB, OLGA
from tests.support.approvals import CANCEL_RAG2, OPERATOR_DECISIONS, STAFF_AFTER_YES, paid

SSE = {"Accept": "text/event-stream"}


def sse(response: httpx.Response) -> list[tuple[str, dict[str, Any]]]:
    """The events of a Server-Sent Events body."""
    assert response.headers["content-type"].startswith("text/event-stream")
    found = []
    for block in response.text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        found.append((lines["event"], json.loads(lines["data"])))
    return found


def test_keys_and_roles(api: httpx.Client) -> None:
    assert api.get("/me").json() == {
        "error": "unauthorized",
        "message": "send a valid API key as 'Authorization: Bearer <key>'",
    }
    assert api.get("/me", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert api.get("/me", headers=OLGA).json() == {"user_id": "olga", "role": "operator"}
    assert api.get("/approvals", headers=ADA).status_code == 403
    assert api.post("/threads", json={}, headers=OLGA).status_code == 403


def test_a_turn_streams_its_steps_as_server_sent_events(api: httpx.Client) -> None:
    created = api.post("/threads", json={"thread_id": "t1"}, headers=ADA)
    assert (created.status_code, created.json()) == (201, {"thread_id": "t1", "owner": "ada"})
    response = api.post(
        "/threads/t1/turns", json={"message": "When does the RAG course start?"}, headers=ADA | SSE
    )
    events = sse(response)
    assert [name for name, _ in events] == [
        "turn_started",
        "step_started",
        "step_completed",
        "step_started",
        "step_completed",
        "reply",
        "turn_completed",
    ]
    assert [data["node"] for name, data in events if name == "step_started"] == ["router", "answer"]
    assert "rag-2" in events[5][1]["text"]
    assert events[-1][1]["status"] == "completed"


def test_students_cannot_read_or_write_each_others_threads(api: httpx.Client) -> None:
    api.post("/threads/t1/turns", json={"message": "Enroll me in rag-2"}, headers=ADA)
    for method, path, body in (
        ("GET", "/threads/t1", None),
        ("GET", "/threads/t1/events", None),
        ("GET", "/threads/t1/history", None),
        ("POST", "/threads/t1/turns", {"message": "yes"}),
    ):
        response = api.request(method, path, json=body, headers=BOB)
        assert (response.status_code, response.json()["error"]) == (403, "forbidden"), path
    decision = {"action_id": "x", "decisions": [{"type": "approve"}]}
    assert api.post("/threads/t1/decision", json=decision, headers=BOB).status_code == 403
    assert api.get("/threads/t1", headers=OLGA).json()["owner"] == "ada"
    assert api.get("/threads/t1", headers=ADA).json()["pending"]["action_requests"][0]["args"] == {
        "cohort_id": "rag-2",
        "student_id": "ada",
    }


def refund_for_staff(api: httpx.Client, resources: Resources) -> dict[str, Any]:
    """Ada cancels her paid seat in rag-2 and says yes: the refund waits for an operator. Its request."""
    paid(resources.school)
    api.post("/threads/t1/turns", json={"message": "Please cancel my enrollment in rag-2"}, headers=ADA)
    assert api.get("/approvals", headers=OLGA).json() == []  # ada has not confirmed yet
    confirmed = sse(api.post("/threads/t1/turns", json={"message": "yes"}, headers=ADA | SSE))
    assert [d["text"] for n, d in confirmed if n == "reply"] == [STAFF_AFTER_YES]
    request: dict[str, Any] = next(data for name, data in confirmed if name == "approval_requested")
    return request


def test_an_operator_approves_from_the_inbox(api: httpx.Client, resources: Resources) -> None:
    request = refund_for_staff(api, resources)
    inbox = api.get("/approvals", headers=OLGA).json()
    assert inbox == [
        {
            "thread_id": "t1",
            "action_id": request["action_id"],
            "student_id": "ada",
            "action_requests": [
                {
                    "name": "cancel",
                    "args": {"cohort_id": "rag-2", "student_id": "ada"},
                    "description": CANCEL_RAG2,
                }
            ],
            "review_configs": [{"action_name": "cancel", "allowed_decisions": OPERATOR_DECISIONS}],
            "policy": {
                "rule": "cancel-refund-over-limit",
                "approvers": ["student", "operator"],
                "approved": ["student"],
            },
        }
    ]
    stale = api.post(
        "/threads/t1/decision", json={"action_id": "old", "decisions": [{"type": "approve"}]}, headers=OLGA
    )
    assert (stale.status_code, stale.json()["error"]) == (422, "invalid_decision")
    decided = sse(
        api.post(
            "/threads/t1/decision",
            headers=OLGA | SSE,
            json={"action_id": request["action_id"], "decisions": [{"type": "approve"}]},
        )
    )
    assert [d["node"] for n, d in decided if n == "step_started"] == ["approval", "execute"]
    assert (
        decided[-2][1]["text"]
        == "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full."
    )
    assert [(g["reviewer"], g["role"]) for g in grants_of(resources.pool, "t1")] == [
        ("ada", "student"),
        ("olga", "operator"),
    ]
    assert [e["status"] for e in resources.school.enrollments()] == ["CANCELLED"]
    assert api.get("/approvals", headers=OLGA).json() == []
    kinds = [e["kind"] for e in api.get("/threads/t1/events", headers=ADA).json()]
    assert kinds.count("approval_requested") == 2 and kinds.count("approval_granted") == 2
    completed = api.get("/threads/t1/events?kinds=turn_completed", headers=ADA).json()
    assert [e["payload"]["status"] for e in completed] == [
        "awaiting_approval",
        "awaiting_approval",
        "completed",
    ]
    assert completed[-1]["payload"]["replies"] == [
        "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full."
    ]
    again = api.post(
        "/threads/t1/decision",
        json={"action_id": request["action_id"], "decisions": [{"type": "approve"}]},
        headers=OLGA,
    )
    assert (again.status_code, again.json()["error"]) == (409, "nothing_pending")


def test_an_operator_cannot_decide_what_waits_for_the_student(
    api: httpx.Client, resources: Resources
) -> None:
    asked = api.post("/threads/t1/turns", json={"message": "Enroll me in rag-2"}, headers=ADA).json()
    action_id = asked["pending"]["action_id"]
    assert (asked["pending"]["approver"], asked["pending"]["policy"]) == (
        "student",
        {"rule": "enroll", "approvers": ["student"], "approved": []},
    )
    assert api.get("/approvals", headers=OLGA).json() == []
    before = api.get("/threads/t1", headers=ADA).json()
    for decision in ({"type": "approve"}, {"type": "reject", "message": "no"}):
        refused = api.post(
            "/threads/t1/decision", json={"action_id": action_id, "decisions": [decision]}, headers=OLGA
        )
        assert (refused.status_code, refused.json()) == (
            422,
            {
                "error": "invalid_decision",
                "message": "out of policy: enroll waits for the student's confirmation (policy enroll), "
                "not for a decision by the operator",
            },
        )
    assert api.get("/threads/t1", headers=ADA).json() == before
    assert resources.school.enrollments() == [] and grants_of(resources.pool, "t1") == []
    done = api.post("/threads/t1/turns", json={"message": "yes"}, headers=ADA).json()
    assert done["replies"] == [
        "Done: you are enrolled in rag-2 and your seat is held. Payment of €900 is due; "
        "say 'pay for rag-2' when ready."
    ]


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "code"),
    [
        ("POST", "/threads/t1/turns", {"message": ""}, 422, "invalid_request"),
        ("POST", "/threads/t1/turns", {}, 422, "invalid_request"),
        ("POST", "/threads/bad%20id/turns", {"message": "hi"}, 400, "invalid_input"),
        ("GET", "/threads/nope", None, 404, "unknown_thread"),
        ("GET", "/threads/nope/history", None, 404, "unknown_thread"),
        ("GET", "/nowhere", None, 404, "not_found"),
        ("POST", "/threads/t1/turns", {"message": "x" * 5000}, 400, "invalid_input"),
    ],
)
def test_bad_requests_get_a_clear_json_error(
    api: httpx.Client, method: str, path: str, body: Any, status: int, code: str
) -> None:
    response = api.request(method, path, json=body, headers=ADA)
    assert (response.status_code, response.json()["error"]) == (status, code)
    assert response.json()["message"]


def test_a_busy_thread_is_refused_or_queued(api: httpx.Client, resources: Resources) -> None:
    api.post("/threads/t1/turns", json={"message": "When does rag start?"}, headers=ADA)
    locks = locks_for(resources.pool)
    assert locks is not None
    with locks.hold("t1"):  # as the CLI holds it during a turn
        busy = api.post("/threads/t1/turns", json={"message": "and the price?"}, headers=ADA | SSE)
        queued = api.post(
            "/threads/t1/turns?if_busy=enqueue", json={"message": "and the price?"}, headers=ADA
        )
        job_id = queued.json()["job_id"]
        time.sleep(0.5)  # the worker took the queued run and waits for the lock
        waiting = api.get(f"/jobs/{job_id}", headers=ADA).json()
    assert (busy.status_code, busy.json()["error"]) == (409, "thread_busy")
    assert queued.status_code == 202 and queued.json()["status"] == "queued"
    assert (waiting["status"], waiting["result"]) == ("running", None)
    deadline = time.monotonic() + 30
    while (done := api.get(f"/jobs/{job_id}", headers=ADA).json())["status"] == "running":
        assert time.monotonic() < deadline, done
        time.sleep(0.1)
    assert (done["status"], done["attempts"], done["worker"].split("#")[0]) == ("success", 1, "test-worker")
    assert done["result"]["thread_id"] == "t1" and len(done["result"]["replies"]) == 1
    assert len(api.get("/threads/t1", headers=ADA).json()["messages"]) == 4
    assert api.get(f"/jobs/{job_id}", headers=BOB).status_code == 403
    assert api.get("/jobs/5", headers=ADA).status_code == 422


def test_history_and_a_fork_from_a_past_checkpoint(api: httpx.Client, resources: Resources) -> None:
    api.post("/threads/t1/turns", json={"message": "Enroll me in rag-2"}, headers=ADA)
    api.post("/threads/t1/turns", json={"message": "no"}, headers=ADA)
    history = api.get("/threads/t1/history", headers=ADA).json()
    paused = next(h for h in history if h["next"] == ["approval"] and h["messages"] == 2)
    forked = api.post(
        "/threads/t1/fork", json={"checkpoint_id": paused["checkpoint_id"], "thread_id": "t2"}, headers=ADA
    )
    assert forked.status_code == 201 and forked.json()["thread_id"] == "t2"
    copy = api.get("/threads/t2", headers=ADA).json()
    assert copy["owner"] == "ada" and copy["next"] == ["approval"]
    assert copy["pending"]["action_requests"][0]["args"]["cohort_id"] == "rag-2"
    assert api.get("/threads/t1", headers=ADA).json()["pending"] is None
    assert api.post("/threads/t2/fork", json={"checkpoint_id": "nope"}, headers=ADA).status_code == 404
    assert api.get("/threads/t2", headers=BOB).status_code == 403


def test_the_openapi_spec_is_served(api: httpx.Client) -> None:
    spec = api.get("/openapi.json").json()
    assert {
        "/threads",
        "/threads/{thread_id}/turns",
        "/threads/{thread_id}/decision",
        "/approvals",
        "/threads/{thread_id}/fork",
        "/threads/{thread_id}/events",
    } <= set(spec["paths"])


def test_an_edit_may_repeat_the_student_but_not_change_it(api: httpx.Client, resources: Resources) -> None:
    assert resources.school.enroll("seed-nlp", student_id="ada", cohort_id="nlp-1")["ok"]
    action_id = refund_for_staff(api, resources)["action_id"]
    other = {
        "type": "edit",
        "edited_action": {"name": "cancel", "args": {"cohort_id": "nlp-1", "student_id": "bob"}},
    }
    refused = api.post(
        "/threads/t1/decision", json={"action_id": action_id, "decisions": [other]}, headers=OLGA
    )
    assert (refused.status_code, refused.json()) == (
        422,
        {"error": "invalid_decision", "message": "an edit cannot move the action to another student"},
    )
    same = {
        "type": "edit",
        "edited_action": {"name": "cancel", "args": {"cohort_id": "nlp-1", "student_id": "ada"}},
    }
    edited = api.post(
        "/threads/t1/decision", json={"action_id": action_id, "decisions": [same]}, headers=OLGA
    )
    assert edited.status_code == 200, edited.text
    # The changed request is ada's to confirm before anything happens.
    assert edited.json()["pending"]["approver"] == "student"
    assert [(e["cohort_id"], e["status"]) for e in resources.school.enrollments()] == [
        ("nlp-1", "PENDING_PAYMENT"),
        ("rag-2", "CONFIRMED"),
    ]
    api.post("/threads/t1/turns", json={"message": "yes"}, headers=ADA)
    assert [(e["cohort_id"], e["status"]) for e in resources.school.enrollments()] == [
        ("nlp-1", "CANCELLED"),
        ("rag-2", "CONFIRMED"),
    ]
