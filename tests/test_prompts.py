"""Snapshots of what the models see, so that prompt drift shows up in review.

Update after an intended change with `UPDATE_SNAPSHOTS=1 make test` (or the same variable on pytest)
and review the diff of tests/snapshots/.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from graphs.approvals import PendingAction
from graphs.nodes.answer import answer_messages
from graphs.routing import RESPONSE_FORMAT, router_messages
from tests.support.snapshots import check_snapshot

COURSE: dict[str, Any] = {
    "id": "rag",
    "title": "Retrieval-Augmented Generation",
    "level": "intermediate",
    "duration_weeks": 6,
    "price_cents": 69000,
    "prerequisites": ["python-basics"],
    "description": "Build assistants that answer from your documents.",
    "cohorts": [
        {"id": "rag-1", "starts_on": date(2026, 12, 14), "capacity": 1, "seats_taken": 1},
        {"id": "rag-2", "starts_on": date(2027, 1, 18), "capacity": 20, "seats_taken": 3},
    ],
}
PENDING = PendingAction(
    id="a1",
    name="enroll",
    args={"cohort_id": "rag-2"},
    student_id="ada",
    description="Enroll ada in rag-2 (starts 2027-01-18), €690.00 due.",
)


def render(messages: list[Any]) -> str:
    return "\n\n".join(f"=== {m.type} ===\n{m.content}" for m in messages) + "\n"


def test_router_prompt_with_nothing_pending() -> None:
    check_snapshot("router_idle.txt", render(router_messages("when does rag start?", None)))


def test_router_prompt_with_a_pending_action() -> None:
    check_snapshot("router_pending.txt", render(router_messages("yes please", PENDING)))


def test_router_response_schema() -> None:
    check_snapshot("router_schema.json", json.dumps(RESPONSE_FORMAT, indent=2) + "\n")


def test_answer_prompt_carries_passages_as_data() -> None:
    check_snapshot("answer.txt", render(answer_messages("When does rag start?", [COURSE])))
