"""The school's extensions under `/school/` and the inbox as a thread search, on a real `serve` app.

`/school/me`, `/school/threads/{id}/timeline` (the journal in words) and `/school/enrollments`,
with the platform's keys and error shape, at the root and under the `/langgraph` alias; the
`awaiting` thread metadata that makes `POST /threads/search` each reader's inbox. The wording table
is checked without a database: one sentence for every kind the journal records.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from agent.infra.persistence import Resources
from agent.journal.events import KINDS
from agent.journal.wording import WORDING, words
from tests.support.api import ADA, APPROVE, BOB, OLGA, changed, fingerprint, message
from tests.support.approvals import paid

OPERATOR_INBOX = {"status": "interrupted", "metadata": {"awaiting": "operator"}}
STUDENT_INBOX = {"status": "interrupted", "metadata": {"awaiting": "student"}}


def test_every_journal_kind_has_its_sentence() -> None:
    assert set(WORDING) == set(KINDS)
    for kind in KINDS:
        for payload in ({}, None):
            said = words(kind, payload)
            assert said and said[0].isupper() and said.endswith((".", "!")), (kind, said)
            assert "{" not in said and "None" not in said, (kind, said)
    assert words("seat_from_the_future", {"x": 1}) == "Seat from the future."


def test_the_sentences_read_the_payload() -> None:
    requested = {
        "action_requests": [{"name": "enroll", "args": {"cohort_id": "rag-2"}}],
        "approver": "student",
    }
    assert (
        words("approval_requested", requested)
        == "Approval requested: enroll rag-2 waits for the student's decision."
    )
    granted = {"action": "cancel", "args": {"cohort_id": "rag-2"}, "reviewer": "olga", "role": "operator"}
    assert words("approval_granted", granted) == "olga (operator) approved cancel rag-2."
    failed = {
        "tool": "enroll",
        "args": {"cohort_id": "rag-2"},
        "outcome": {"ok": False, "error": "cohort_full"},
    }
    assert words("tool_failed", failed) == "The school refused enroll rag-2 (cohort_full)."
    assert words("step_completed", {"node": "approval", "step": 4, "status": "interrupted"}) == (
        "Finished step 4 (approval), which waits for an approval."
    )


def ask(api: httpx.Client, who: dict[str, str], thread_id: str, **run: Any) -> dict[str, Any]:
    answered = api.post(
        f"/threads/{thread_id}/runs/wait", json={"assistant_id": "school", **run}, headers=who
    )
    assert answered.status_code == 200, answered.text
    found: dict[str, Any] = answered.json()
    return found


def search(api: httpx.Client, who: dict[str, str], body: dict[str, Any]) -> list[str]:
    found = api.post("/threads/search", json=body, headers=who)
    assert found.status_code == 200, found.text
    return [t["thread_id"] for t in found.json()]


def test_me_says_who_the_key_is_at_the_root_and_under_the_alias(api: httpx.Client) -> None:
    for prefix in ("", "/langgraph"):
        assert api.get(f"{prefix}/school/me", headers=ADA).json() == {"user_id": "ada", "role": "student"}
        assert api.get(f"{prefix}/school/me", headers=OLGA).json() == {"user_id": "olga", "role": "operator"}
        refused = api.get(f"{prefix}/school/me")
        assert refused.status_code == 401 and set(refused.json()) == {"detail"}


def test_the_timeline_tells_a_thread_in_words(api: httpx.Client, resources: Resources) -> None:
    assert api.post("/threads", json={"thread_id": "t1"}, headers=ADA).status_code == 200
    ask(api, ADA, "t1", input=message("Enroll me in rag-2"))
    ask(api, ADA, "t1", command=APPROVE)

    timeline = api.get("/school/threads/t1/timeline", headers=ADA).json()
    kinds = [e["kind"] for e in timeline]
    assert kinds[0] == "turn_started" and kinds.count("turn_completed") == 2
    assert {"approval_requested", "approval_granted", "tool_completed"} <= set(kinds)
    assert [e["id"] for e in timeline] == sorted(e["id"] for e in timeline)
    for event in timeline:
        assert set(event) == {"id", "at", "kind", "text", "data"}
        assert event["text"] == words(event["kind"], event["data"])
    done = next(e for e in timeline if e["kind"] == "tool_completed")
    assert done["text"] == "Done: enroll rag-2."
    # Operators read it too; another student, or a thread nobody has, is not found.
    assert api.get("/school/threads/t1/timeline", headers=OLGA).json() == timeline
    for who, thread_id in ((BOB, "t1"), (ADA, "nowhere")):
        missing = api.get(f"/school/threads/{thread_id}/timeline", headers=who)
        assert (missing.status_code, missing.json()) == (
            404,
            {"detail": f"Thread with ID {thread_id} not found"},
        )

    only = api.get("/school/threads/t1/timeline?kinds=tool_completed,turn_failed", headers=ADA).json()
    assert only == [done]
    newer = api.get(f"/school/threads/t1/timeline?after={timeline[-3]['id']}", headers=ADA).json()
    assert newer == timeline[-2:]
    assert api.get("/school/threads/t1/timeline?after=-1", headers=ADA).status_code == 422


def test_enrollments_are_each_students_own_and_all_for_operators(
    api: httpx.Client, resources: Resources
) -> None:
    paid(resources.school, "ada", "rag-2")
    paid(resources.school, "bob", "rag-2")
    mine = api.get("/school/enrollments", headers=ADA).json()
    assert [(e["student_id"], e["cohort_id"], e["status"]) for e in mine] == [("ada", "rag-2", "CONFIRMED")]
    assert api.get("/school/enrollments?student=ada", headers=ADA).json() == mine
    before = fingerprint(resources.pool)
    refused = api.get("/school/enrollments?student=bob", headers=ADA)
    assert (refused.status_code, refused.json()) == (
        403,
        {"detail": "a student sees only their own enrollments"},
    )
    assert changed(before, fingerprint(resources.pool)) == {}
    every = api.get("/school/enrollments", headers=OLGA).json()
    assert [e["student_id"] for e in every] == ["ada", "bob"]
    assert api.get("/school/enrollments?student=bob&cohort=rag-2", headers=OLGA).json() == every[1:]
    assert api.get("/school/enrollments?cohort=none-such", headers=OLGA).json() == []


def test_the_inbox_lists_what_its_reader_may_decide(api: httpx.Client, resources: Resources) -> None:
    paid(resources.school)
    assert api.post("/threads", json={"thread_id": "refund"}, headers=ADA).status_code == 200
    assert api.post("/threads", json={"thread_id": "enroll"}, headers=BOB).status_code == 200
    ask(api, ADA, "refund", input=message("Please cancel my enrollment in rag-2"))
    ask(api, BOB, "enroll", input=message("Enroll me in rag-2"))
    # Both wait for their students: each student's inbox lists their own, the operators' none.
    assert search(api, ADA, STUDENT_INBOX) == ["refund"]
    assert search(api, BOB, STUDENT_INBOX) == ["enroll"]
    assert search(api, OLGA, OPERATOR_INBOX) == []

    ask(api, ADA, "refund", command=APPROVE)  # her confirmation: the refund now waits for staff
    assert search(api, ADA, STUDENT_INBOX) == []
    assert search(api, OLGA, OPERATOR_INBOX) == ["refund"]
    assert search(api, BOB, STUDENT_INBOX) == ["enroll"]
    [waiting] = api.post("/threads/search", json=OPERATOR_INBOX, headers=OLGA).json()
    [interrupt] = waiting["interrupts"].values()
    assert interrupt[0]["value"]["approver"] == "operator"

    ask(api, OLGA, "refund", command=APPROVE)
    assert search(api, OLGA, OPERATOR_INBOX) == []
    state = api.get("/threads/refund", headers=OLGA).json()
    assert (state["status"], "awaiting" in state["metadata"]) == ("idle", False)


@pytest.mark.parametrize("path", ["/school/me", "/school/enrollments", "/school/threads/t1/timeline"])
def test_extensions_are_listed_as_such_in_the_spec(api: httpx.Client, path: str) -> None:
    spec = api.get("/openapi.json").json()
    template = path.replace("/t1/", "/{thread_id}/")
    assert spec["paths"][template]["get"]["tags"] == ["school (extension)"]
