"""Every refusal of the HTTP API, on the LangGraph Server API: a clear 4xx in the platform's shape
`{"detail": ...}`, and nothing written.

What the private API refused (it is gone) and tests/test_langgraph_api.py does not already prove:
another student's thread answered exactly as an unknown one on every thread route (the timeline
extension included); a decision by the wrong role in both directions (a student approving what
waits for an operator, an operator deciding what waits for the student, an operator's edit that
moves the action to another student); a malformed decision; a resume with nothing waiting; NUL
anywhere in a request, blank and oversized messages on each way a run starts (waited, streamed, in
the background); an unknown stream mode; a busy thread with `multitask_strategy="reject"`; the
extensions without a valid key. Around each refusal every
table (domain, journal, runs, checkpoints, thread records) is fingerprinted: a refusal leaves them
all as they were.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from agent.infra.locks import locks_for
from agent.infra.persistence import Resources
from tests.support.api import (
    APPROVE,
    ASK,
    changed,
    fingerprint,
    langgraph_url,
    message,
)
from tests.support.approvals import paid

RUNS = ("runs/wait", "runs/stream", "runs")
"""The three ways a run starts: waited for, streamed, in the background."""
TOO_LONG = "x" * 5000
"""Over the longest message a student may send."""


@pytest.fixture
def lg(api: httpx.Client) -> Iterator[dict[str, httpx.Client]]:
    """httpx clients of ada and bob (students) and olga (operator) on the LangGraph API, keyed by name."""
    made = {
        name: httpx.Client(
            base_url=langgraph_url(api.base_url), headers={"x-api-key": f"key-{name}-1234"}, timeout=30
        )
        for name in ("ada", "bob", "olga")
    }
    yield made
    for client in made.values():
        client.close()


def run(client: httpx.Client, thread_id: str, how: str = "runs/wait", **body: Any) -> httpx.Response:
    """Start a run of the school graph on `thread_id` (`how`: one of `RUNS`)."""
    return client.post(f"/threads/{thread_id}/{how}", json={"assistant_id": "school", **body})


def paused(lg: dict[str, httpx.Client], thread_id: str = "t1") -> str:
    """Ada's thread `thread_id`, waiting for her own confirmation of her enrollment in rag-2; its action id."""
    assert lg["ada"].post("/threads", json={"thread_id": thread_id}).status_code == 200
    asked = run(lg["ada"], thread_id, input=ASK)
    assert asked.status_code == 200, asked.text
    action_id: str = asked.json()["__interrupt__"][0]["value"]["action_id"]
    return action_id


def refund_for_staff(lg: dict[str, httpx.Client], resources: Resources) -> str:
    """Ada cancels her paid seat in rag-2 and confirms: the refund waits for an operator. Its action id."""
    paid(resources.school)
    assert lg["ada"].post("/threads", json={"thread_id": "t1"}).status_code == 200
    run(lg["ada"], "t1", input=message("Please cancel my enrollment in rag-2"))
    confirmed = run(lg["ada"], "t1", command=APPROVE).json()
    value = confirmed["__interrupt__"][0]["value"]
    assert value["approver"] == "operator"
    action_id: str = value["action_id"]
    return action_id


def refused_cleanly(
    resources: Resources, send: Any, status: int, detail: str | None = None, *, within: str | None = None
) -> httpx.Response:
    """`send()` is answered `status` with `{"detail": detail}` (or a detail holding `within`), and
    no table changed."""
    before = fingerprint(resources.pool)
    response: httpx.Response = send()
    assert response.status_code == status, response.text
    assert set(response.json()) == {"detail"}, response.text
    said = response.json()["detail"]
    if detail is not None:
        assert said == detail
    if within is not None:
        assert within in said, said
    assert changed(before, fingerprint(resources.pool)) == {}
    return response


# --- threads that are not the caller's --------------------------------------------------------------


def thread_routes(thread_id: str) -> list[tuple[str, str, Any]]:
    """Every route that names a thread: (method, path, JSON body)."""
    return [
        ("GET", f"/threads/{thread_id}", None),
        ("PATCH", f"/threads/{thread_id}", {"metadata": {"x": 1}}),
        ("DELETE", f"/threads/{thread_id}", None),
        ("GET", f"/threads/{thread_id}/state", None),
        ("POST", f"/threads/{thread_id}/history", {}),
        ("POST", f"/threads/{thread_id}/copy", {}),
        ("GET", f"/threads/{thread_id}/runs", None),
        ("POST", f"/threads/{thread_id}/runs/wait", {"assistant_id": "school", "input": ASK}),
        ("POST", f"/threads/{thread_id}/runs/stream", {"assistant_id": "school", "input": ASK}),
        ("POST", f"/threads/{thread_id}/runs", {"assistant_id": "school", "input": ASK}),
        ("POST", f"/threads/{thread_id}/runs/wait", {"assistant_id": "school", "command": APPROVE}),
        ("GET", f"/threads/{thread_id}/runs/0d9c3b8e-0000-4000-8000-000000000000", None),
        ("GET", f"/school/threads/{thread_id}/timeline", None),
    ]


def test_another_students_thread_is_answered_as_an_unknown_one_and_nothing_is_written(
    lg: dict[str, httpx.Client], resources: Resources
) -> None:
    paused(lg)
    for (method, foreign, body), (_, unknown, _) in zip(
        thread_routes("t1"), thread_routes("never-made"), strict=True
    ):
        hidden = refused_cleanly(
            resources, lambda m=method, p=foreign, b=body: lg["bob"].request(m, p, json=b), 404
        )
        missing = refused_cleanly(
            resources, lambda m=method, p=unknown, b=body: lg["ada"].request(m, p, json=b), 404
        )
        # The platform hides a thread from whoever may not see it: bob cannot tell t1 exists.
        assert hidden.json()["detail"].replace("t1", "never-made") == missing.json()["detail"], foreign
    # Nor does it turn up in bob's searches.
    assert lg["bob"].post("/threads/search", json={}).json() == []
    assert lg["bob"].post("/threads/search", json={"status": "interrupted"}).json() == []
    # A run id that is no run id at all is malformed, not missing.
    refused_cleanly(
        resources, lambda: lg["ada"].get("/threads/t1/runs/5"), 422, "Invalid run ID: must be a UUID"
    )


# --- decisions ----------------------------------------------------------------------------------------


def test_an_operator_cannot_decide_what_waits_for_the_student(
    lg: dict[str, httpx.Client], resources: Resources
) -> None:
    action_id = paused(lg)
    says = (
        "out of policy: enroll waits for the student's confirmation (policy enroll), "
        "not for a decision by the operator"
    )
    for decision in ({"type": "approve"}, {"type": "reject", "message": "no"}):
        resume = {"resume": {"decisions": [decision], "action_id": action_id}}
        for how in ("runs/wait", "runs/stream"):
            refused_cleanly(resources, lambda h=how, r=resume: run(lg["olga"], "t1", h, command=r), 422, says)


def test_a_student_cannot_decide_what_waits_for_an_operator(
    lg: dict[str, httpx.Client], resources: Resources
) -> None:
    action_id = refund_for_staff(lg, resources)
    says = (
        "out of policy: cancel waits for an operator's decision (policy cancel-refund-over-limit), "
        "not for a decision by the student"
    )
    resume = {"resume": {"decisions": [{"type": "approve"}], "action_id": action_id}}
    for how in ("runs/wait", "runs/stream"):
        refused_cleanly(resources, lambda h=how: run(lg["ada"], "t1", h, command=resume), 422, says)
    assert [e["status"] for e in resources.school.enrollments()] == ["CONFIRMED"]
    # Withdrawing her own request is hers, though: a student's reject is no approval.
    withdrawn = run(lg["ada"], "t1", command={"resume": {"decisions": [{"type": "reject"}]}})
    assert (
        withdrawn.json()["messages"][-1]["content"]
        == "All right, I dropped that request; nothing was changed."
    )
    assert [e["status"] for e in resources.school.enrollments()] == ["CONFIRMED"]


def test_an_operators_edit_may_repeat_the_student_but_not_change_it(
    lg: dict[str, httpx.Client], resources: Resources
) -> None:
    assert resources.school.enroll("seed-nlp", student_id="ada", cohort_id="nlp-1")["ok"]
    action_id = refund_for_staff(lg, resources)

    def edit(student: str) -> dict[str, Any]:
        args = {"cohort_id": "nlp-1", "student_id": student}
        decision = {"type": "edit", "edited_action": {"name": "cancel", "args": args}}
        return {"resume": {"decisions": [decision], "action_id": action_id}}

    refused_cleanly(
        resources,
        lambda: run(lg["olga"], "t1", command=edit("bob")),
        422,
        "an edit cannot move the action to another student",
    )
    edited = run(lg["olga"], "t1", command=edit("ada"))
    assert edited.status_code == 200, edited.text
    # The changed request is ada's to confirm before anything happens.
    assert edited.json()["__interrupt__"][0]["value"]["approver"] == "student"
    assert [(e["cohort_id"], e["status"]) for e in resources.school.enrollments()] == [
        ("nlp-1", "PENDING_PAYMENT"),
        ("rag-2", "CONFIRMED"),
    ]
    assert run(lg["ada"], "t1", command=APPROVE).status_code == 200
    assert [(e["cohort_id"], e["status"]) for e in resources.school.enrollments()] == [
        ("nlp-1", "CANCELLED"),
        ("rag-2", "CONFIRMED"),
    ]


def test_a_decision_with_nothing_waiting_or_for_another_action_changes_nothing(
    lg: dict[str, httpx.Client], resources: Resources
) -> None:
    action_id = paused(lg)
    stale = {"resume": {"decisions": [{"type": "approve"}], "action_id": "stale"}}
    refused_cleanly(resources, lambda: run(lg["ada"], "t1", command=stale), 422, within="pending action")
    mine = {"resume": {"decisions": [{"type": "approve"}], "action_id": action_id}}
    assert run(lg["ada"], "t1", command=mine).status_code == 200
    refused_cleanly(
        resources, lambda: run(lg["ada"], "t1", command=mine), 409, within="nothing waiting for approval"
    )


# --- what a message may hold ------------------------------------------------------------------------


@pytest.mark.parametrize("how", RUNS)
@pytest.mark.parametrize(
    ("text", "within"),
    [
        pytest.param("a\x00b", "NUL", id="nul"),
        pytest.param(" ", "the message is empty", id="blank"),
        pytest.param(TOO_LONG, "the limit is", id="oversized"),
    ],
)
def test_a_message_that_cannot_be_taken_is_refused_before_anything_is_written(
    lg: dict[str, httpx.Client], resources: Resources, how: str, text: str, within: str
) -> None:
    assert lg["ada"].post("/threads", json={"thread_id": "fresh"}).status_code == 200
    refused_cleanly(resources, lambda: run(lg["ada"], "fresh", how, input=message(text)), 422, within=within)
    assert lg["ada"].get("/threads/fresh").json()["status"] == "idle"


def test_nul_anywhere_in_a_request_is_refused_before_anything_is_written(
    lg: dict[str, httpx.Client], resources: Resources
) -> None:
    action_id = paused(lg)
    nul = "the request holds a NUL character (\\u0000), which cannot be stored"
    refused_cleanly(
        resources, lambda: lg["ada"].post("/threads", json={"metadata": {"a": "b\x00"}}), 422, nul
    )
    refused_cleanly(
        resources, lambda: lg["ada"].patch("/threads/t1", json={"metadata": {"a": "\x00"}}), 422, nul
    )
    reject = {"resume": {"decisions": [{"type": "reject", "message": "no\x00"}], "action_id": action_id}}
    refused_cleanly(resources, lambda: run(lg["ada"], "t1", command=reject), 422, nul)
    refused_cleanly(resources, lambda: run(lg["ada"], "t1", input=ASK, metadata={"x": "\x00"}), 422, nul)
    refused_cleanly(resources, lambda: lg["ada"].get("/school/threads/t1/timeline?kinds=%00"), 422, nul)
    refused_cleanly(resources, lambda: lg["ada"].get("/threads/t%001/state"), 422, nul)


def test_the_extensions_refuse_a_missing_or_unknown_key(
    lg: dict[str, httpx.Client], resources: Resources
) -> None:
    paused(lg)
    no_key = "send a valid API key as 'x-api-key: <key>' or 'Authorization: Bearer <key>'"
    base = str(lg["ada"].base_url).rstrip("/")
    for path in ("/school/enrollments", "/school/threads/t1/timeline"):
        for headers in ({}, {"x-api-key": "nope"}, {"Authorization": "Bearer nope"}):
            refused_cleanly(
                resources, lambda p=path, h=headers: httpx.get(f"{base}{p}", headers=h), 401, no_key
            )


# --- how a run is asked for -----------------------------------------------------------------------


@pytest.mark.parametrize("how", ["runs/stream", "runs"])
def test_an_unknown_stream_mode_is_refused(
    lg: dict[str, httpx.Client], resources: Resources, how: str
) -> None:
    paused(lg)
    refused_cleanly(
        resources,
        lambda: run(lg["ada"], "t1", how, input=ASK, stream_mode=["values", "nope"]),
        422,
        "stream_mode ['nope'] is not supported; use any of values, updates, messages-tuple, custom, "
        "debug, tasks, checkpoints",
    )


def test_a_busy_thread_refuses_a_run_that_asks_to_be_rejected(
    lg: dict[str, httpx.Client], resources: Resources
) -> None:
    action_id = paused(lg)
    busy = "thread t1 is busy with another run; try again when it has finished"
    locks = locks_for(resources.pool)
    assert locks is not None
    with locks.hold("t1"):  # as a run of another process holds it
        for how in ("runs/wait", "runs/stream"):
            refused_cleanly(
                resources,
                lambda h=how: run(lg["ada"], "t1", h, input=ASK, multitask_strategy="reject"),
                409,
                busy,
            )
        resume = {"resume": {"decisions": [{"type": "approve"}], "action_id": action_id}}
        refused_cleanly(
            resources, lambda: run(lg["ada"], "t1", command=resume, multitask_strategy="reject"), 409, busy
        )
    assert lg["ada"].get("/threads/t1").json()["status"] == "interrupted"


@pytest.mark.parametrize(
    ("decisions", "detail"),
    [
        pytest.param([], "exactly one decision is expected for one pending action, got 0", id="none"),
        pytest.param([{}], "decision type must be one of approve, edit, reject, got None", id="no-type"),
        pytest.param(
            [{"type": "approve"}, {"type": "approve"}],
            "exactly one decision is expected for one pending action, got 2",
            id="two-for-one-action",
        ),
        pytest.param(
            [{"type": "edit"}],
            'an edit needs "edited_action": {"name": ..., "args": {...}}',
            id="edit-of-nothing",
        ),
        pytest.param(
            [{"type": "edit", "edited_action": {"name": "pay", "args": {}}}],
            "an edit may change the arguments of cancel, not the action itself",
            id="edit-to-another-action",
        ),
        pytest.param(
            [{"type": "reject", "message": 5}],
            "a rejection message must be text of at most 1000 characters",
            id="reason-not-text",
        ),
    ],
)
def test_a_malformed_decision_is_refused_before_anything_is_written(
    lg: dict[str, httpx.Client], resources: Resources, decisions: list[Any], detail: str
) -> None:
    action_id = refund_for_staff(lg, resources)
    resume = {"resume": {"decisions": decisions, "action_id": action_id}}
    refused_cleanly(resources, lambda: run(lg["olga"], "t1", command=resume), 422, detail)
