"""Turning a request into a pending action, checked by a rolled-back run of the domain operation."""

from __future__ import annotations

import uuid
from typing import Any

from agent.domain import CohortOfCourse, Outcome, School
from agent.domain.rules import FULL_REFUND_DAYS, money
from graphs import tools
from graphs.approvals import PendingAction

# When the domain refuses an action for a reason another action answers, propose that instead.
_ALTERNATIVES = {
    ("enroll", "cohort_full"): "join_waitlist",
    ("transfer", "cohort_full"): "join_waitlist",  # the seat the student holds stays theirs
    ("join_waitlist", "seats_available"): "enroll",
}


class Refusal(str):
    """A reply explaining why nothing can be proposed."""


def prepare(
    school: School, name: str, *, cohort_id: str, student_id: str, from_cohort_id: str | None = None
) -> PendingAction | Refusal:
    """A pending action for `name` on `cohort_id`, or the domain's reason why not.

    `from_cohort_id` is the cohort a transfer leaves (for a transfer only).
    """
    moving = {} if from_cohort_id is None else {"from_cohort_id": from_cohort_id}
    action_name, args = tools.validate(name, {"cohort_id": cohort_id, **moving})
    outcome = tools.preview(school, action_name, student_id=student_id, args=args)
    alternative = _ALTERNATIVES.get((action_name, outcome.get("error", "")))
    if alternative:
        action_name, args = tools.validate(alternative, {"cohort_id": args["cohort_id"]})
        outcome = tools.preview(school, action_name, student_id=student_id, args=args)
    if not outcome["ok"]:
        return Refusal(outcome["message"])
    cohort = school.cohort(args["cohort_id"])
    assert cohort is not None  # the preview found it
    rule = school.approval_rule(
        action_name, outcome["result"], student_id=student_id, requested_by=student_id
    )
    return {
        "id": uuid.uuid4().hex,
        "name": action_name,
        "args": args,
        "student_id": student_id,
        "description": describe(action_name, cohort, outcome, student_id),
        "policy": rule.id,
        "approvers": list(rule.approvers),
        "approved_by": [],
    }


def describe(name: str, cohort: CohortOfCourse, outcome: Outcome, student_id: str) -> str:
    """What the action will do, in the words a reviewer and the student both read."""
    result = outcome["result"]
    where = f"{cohort['id']} ({cohort['title']}, starts {cohort['starts_on']:%Y-%m-%d})"
    if name == "enroll" and result["price_cents"] == 0:
        return f"Enroll {student_id} in {where}. The course is free: the place is confirmed at once."
    if name == "enroll":
        return (
            f"Enroll {student_id} in {where}. Price {money(result['price_cents'])}, payable after enrollment."
        )
    if name == "join_waitlist":
        return (
            f"{cohort['id']} is full. Put {student_id} on its waitlist for {where}, "
            f"at position {result['position']}."
        )
    if name == "pay":
        return f"Charge {student_id} {money(result['charged_cents'])} for {where}."
    if name == "transfer":
        return _describe_transfer(where, result, student_id)
    refund = result["refund_cents"]
    if refund:
        terms = f"Full refund of {money(refund)}."
    elif result["previous_status"] != "CONFIRMED":
        terms = "Nothing was paid, so there is nothing to refund."
    elif cohort["price_cents"] == 0:
        terms = "The course is free, so there is nothing to refund."
    elif result.get("cohort_started"):
        terms = "No refund: it has already started, and the seat is not offered to anyone."
    else:
        terms = f"No refund: it starts in fewer than {FULL_REFUND_DAYS} days."
    return f"Cancel {student_id}'s enrollment in {where}. {terms}"


def _describe_transfer(where: str, result: dict[str, Any], student_id: str) -> str:
    source = result["from_cohort_id"]
    if result["carried_cents"]:
        money_terms = f"The payment of {money(result['carried_cents'])} is carried over: nothing more to pay."
    elif result["status"] == "CONFIRMED":
        money_terms = "The course is free: the place stays confirmed."
    else:
        money_terms = (
            f"The seat stays held for payment: {money(result['price_cents'])} is due, by the same "
            "deadline as before."
        )
    if result["from_started"]:
        seat_terms = f"{source} has already started, so the seat left there is not offered to anyone."
    elif result["promoted"]:
        seat_terms = f"The seat left in {source} goes to the first student on its waitlist."
    else:
        seat_terms = f"The seat left in {source} is freed."
    return f"Move {student_id} from {source} to {where}, in the same course. {money_terms} {seat_terms}"
