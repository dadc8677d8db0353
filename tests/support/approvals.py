"""Approval requests and decisions as the school's policy shapes them, for tests of every face.

`hitl` is the whole interrupt payload (LangChain's HITL request plus the action id, whose turn it
is and the policy row); `STUDENT_ASKS` and `STAFF_AFTER_YES` are the replies that go with the two
stages; `student_yes` / `operator_approves` are resumes in each role. `paid` seeds a paid
enrollment, so that cancelling it (a full refund) waits for an operator after the student's yes.
"""

from __future__ import annotations

from typing import Any
from unittest.mock import ANY

from agent.domain import School

STUDENT_DECISIONS = ["approve", "reject"]
OPERATOR_DECISIONS = ["approve", "edit", "reject"]

STUDENT_ASKS = "Reply 'yes' to confirm or 'no' to drop it."
"""How a proposal that the student alone approves ends."""
REFUND_ASKS = (
    "Reply 'yes' to confirm or 'no' to drop it; because it pays out a refund, a member of our staff "
    "approves it after you."
)
"""How a refund-bearing cancellation's proposal ends."""
STAFF_AFTER_YES = (
    "Thank you for confirming. Because it pays out a refund, a member of our staff must approve it as "
    "well; it is waiting for them now, and nothing has changed yet. You will see their decision here."
)
"""The reply to the student's yes on a cancellation that refunds."""

CANCEL_RAG2 = (
    "Cancel ada's enrollment in rag-2 (Retrieval-Augmented Generation, starts 2027-01-15). "
    "Full refund of €900."
)
"""The description of cancelling ada's paid seat in rag-2."""

_RULES = {"enroll": "enroll", "join_waitlist": "join-waitlist", "pay": "pay"}


def hitl(
    name: str,
    cohort: str,
    description: str,
    action_id: str,
    student: str = "ada",
    *,
    rule: str | None = None,
    approvers: tuple[str, ...] = ("student",),
    approved: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The interrupt payload for an action waiting under policy row `rule` (default: the action's own)."""
    approver = next((a for a in approvers if a not in approved), "operator")
    allowed = STUDENT_DECISIONS if approver == "student" else OPERATOR_DECISIONS
    return {
        "action_requests": [
            {"name": name, "args": {"cohort_id": cohort, "student_id": student}, "description": description}
        ],
        "review_configs": [{"action_name": name, "allowed_decisions": allowed}],
        "action_id": action_id,
        "approver": approver,
        "policy": {"rule": rule or _RULES[name], "approvers": list(approvers), "approved": list(approved)},
    }


def refund_hitl(action_id: str, *, approved: tuple[str, ...] = ("student",)) -> dict[str, Any]:
    """The payload of cancelling ada's paid rag-2 seat (by default: after her yes, for an operator)."""
    return hitl(
        "cancel",
        "rag-2",
        CANCEL_RAG2,
        action_id,
        rule="cancel-refund-over-limit",
        approvers=("student", "operator"),
        approved=approved,
    )


def refund_pending(thread_id: str) -> dict[str, Any]:
    """How `school-agent pending --json` lists ada's refund that waits for an operator on `thread_id`."""
    request = refund_hitl(ANY)
    return {
        "thread_id": thread_id,
        "action_requests": request["action_requests"],
        "action_id": ANY,
        "policy": request["policy"],
    }


def student_yes(student: str = "ada", **extra: Any) -> dict[str, Any]:
    """A resume that confirms in the student's own name."""
    return {"decisions": [{"type": "approve"}], "role": "student", "reviewer": student, **extra}


def operator_approves(reviewer: str = "olga", **extra: Any) -> dict[str, Any]:
    """A resume that approves as an operator."""
    return {"decisions": [{"type": "approve"}], "role": "operator", "reviewer": reviewer, **extra}


def paid(school: School, student: str = "ada", cohort: str = "rag-2") -> None:
    """Enroll `student` in `cohort` and pay, outside any thread."""
    assert school.enroll(f"seed-enroll-{student}-{cohort}", student_id=student, cohort_id=cohort)["ok"]
    assert school.pay(f"seed-pay-{student}-{cohort}", student_id=student, cohort_id=cohort)["ok"]


def grant_rows(rows: list[dict[str, Any]]) -> list[tuple[str, str, str, str, str]]:
    """Grants as (action, reviewer, role, policy row, decision), oldest first."""
    return [(g["action_name"], g["reviewer"], g["role"], g["policy"], g["decision"]) for g in rows]
