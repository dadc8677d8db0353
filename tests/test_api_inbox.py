"""The operators' inbox as a client uses it, through the official SDK over loopback HTTP, and the
API at the root and under its `/langgraph` alias.

An operator reads the inbox (a thread search for `metadata.awaiting = "operator"`), decides with a
run whose resume command names the interrupt's `action_id`, and the journal tells the story through
the timeline extension. Which threads each reader's inbox lists, and the extensions themselves, are
tests/test_api_extensions.py's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from langgraph_sdk.client import SyncLangGraphClient

from agent.infra.persistence import Resources
from agent.journal.grants import grants_of
from tests.support.api import APPROVE, ASK, langgraph_url, message, sdk_clients
from tests.support.approvals import CANCEL_RAG2, OPERATOR_DECISIONS, STAFF_AFTER_YES, paid

FOR_STAFF = {"status": "interrupted", "metadata": {"awaiting": "operator"}}
FOR_THE_STUDENT = {"status": "interrupted", "metadata": {"awaiting": "student"}}
CANCELLED = "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full."


@pytest.fixture
def clients(api: httpx.Client) -> Iterator[dict[str, SyncLangGraphClient]]:
    """SDK clients of ada (a student) and olga (an operator), keyed by name."""
    with sdk_clients(langgraph_url(api.base_url), "ada", "olga") as made:
        yield made


def ids(found: list[dict[str, Any]]) -> list[str]:
    return [t["thread_id"] for t in found]


def waiting(thread: dict[str, Any]) -> dict[str, Any]:
    """The one approval request a searched thread waits at."""
    [[interrupt]] = thread["interrupts"].values()
    value: dict[str, Any] = interrupt["value"]
    return value


def test_an_operator_approves_a_refund_from_the_inbox(
    api: httpx.Client, clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada, olga = clients["ada"], clients["olga"]
    paid(resources.school)
    ada.threads.create(thread_id="t1")
    ada.runs.wait("t1", "school", input=message("Please cancel my enrollment in rag-2"))
    confirmed = ada.runs.wait("t1", "school", command=APPROVE)
    assert confirmed["messages"][-1]["content"] == STAFF_AFTER_YES

    [item] = olga.threads.search(**FOR_STAFF)
    request = waiting(item)
    assert (item["thread_id"], item["status"], item["metadata"]["awaiting"]) == (
        "t1",
        "interrupted",
        "operator",
    )
    assert request == {
        "action_requests": [
            {
                "name": "cancel",
                "args": {"cohort_id": "rag-2", "student_id": "ada"},
                "description": CANCEL_RAG2,
            }
        ],
        "review_configs": [{"action_name": "cancel", "allowed_decisions": OPERATOR_DECISIONS}],
        "action_id": request["action_id"],
        "approver": "operator",
        "policy": {
            "rule": "cancel-refund-over-limit",
            "approvers": ["student", "operator"],
            "approved": ["student"],
        },
    }

    # The decision names the action it decides, as read from the inbox.
    resume = {"resume": {"decisions": [{"type": "approve"}], "action_id": request["action_id"]}}
    steps = [p.data for p in olga.runs.stream("t1", "school", command=resume, stream_mode="updates")]
    assert [next(iter(s)) for s in steps[1:]] == ["approval", "execute"]
    assert olga.threads.get_state("t1")["values"]["messages"][-1]["content"] == CANCELLED
    assert [(g["reviewer"], g["role"]) for g in grants_of(resources.pool, "t1")] == [
        ("ada", "student"),
        ("olga", "operator"),
    ]
    assert [e["status"] for e in resources.school.enrollments()] == ["CANCELLED"]
    assert olga.threads.search(**FOR_STAFF) == []

    with httpx.Client(base_url=langgraph_url(api.base_url), headers={"x-api-key": "key-ada-1234"}) as http:
        kinds = [e["kind"] for e in http.get("/school/threads/t1/timeline").json()]
        assert kinds.count("approval_requested") == 2 and kinds.count("approval_granted") == 2
        completed = http.get("/school/threads/t1/timeline", params={"kinds": "turn_completed"}).json()
    assert [e["data"]["status"] for e in completed] == ["awaiting_approval", "awaiting_approval", "completed"]
    assert completed[-1]["data"]["replies"] == [CANCELLED]


def test_the_api_answers_the_same_at_the_root_and_under_its_alias(
    api: httpx.Client, clients: dict[str, SyncLangGraphClient]
) -> None:
    clients["ada"].threads.create(thread_id="t1")
    clients["ada"].runs.wait("t1", "school", input=ASK)
    olga = {"x-api-key": "key-olga-1234"}
    answers = {
        prefix: (
            api.post(f"{prefix}/threads/search", json=FOR_THE_STUDENT, headers=olga).json(),
            api.get(f"{prefix}/threads/t1/state", headers=olga).json(),
            api.get(f"{prefix}/school/me", headers=olga).json(),
            api.get(f"{prefix}/threads/nope/state", headers=olga).json(),
        )
        for prefix in ("", "/langgraph")
    }
    assert answers[""][0][0]["thread_id"] == "t1"
    assert answers[""][2] == {"user_id": "olga", "role": "operator"}
    assert answers[""][3] == {"detail": "Thread with ID nope not found"}
    assert answers[""] == answers["/langgraph"]
