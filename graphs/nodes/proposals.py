"""Turning a request into a pending action, checked by a rolled-back run of the domain operation."""

from __future__ import annotations

import uuid
from typing import Any

from agent.domain import Outcome, School
from agent.domain.rules import FULL_REFUND_DAYS, money
from graphs import tools
from graphs.approvals import PendingAction

# When the domain refuses an action for a reason another action answers, propose that instead.
_ALTERNATIVES = {("enroll", "cohort_full"): "join_waitlist", ("join_waitlist", "seats_available"): "enroll"}


class Refusal(str):
    """A reply explaining why nothing can be proposed."""


def prepare(school: School, name: str, *, cohort_id: str, student_id: str) -> PendingAction | Refusal:
    """A pending action for `name` on `cohort_id`, or the domain's reason why not."""
    action_name, args = tools.validate(name, {"cohort_id": cohort_id})
    outcome = tools.preview(school, action_name, student_id=student_id, args=args)
    alternative = _ALTERNATIVES.get((action_name, outcome.get("error", "")))
    if alternative:
        action_name, args = tools.validate(alternative, args)
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


def describe(name: str, cohort: dict[str, Any], outcome: Outcome, student_id: str) -> str:
    """What the action will do, in the words a reviewer and the student both read."""
    result = outcome["result"]
    where = f"{cohort['id']} ({cohort['title']}, starts {cohort['starts_on']:%Y-%m-%d})"
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
    refund = result["refund_cents"]
    if refund:
        terms = f"Full refund of {money(refund)}."
    elif result["previous_status"] == "CONFIRMED":
        terms = f"No refund: it starts in fewer than {FULL_REFUND_DAYS} days."
    else:
        terms = "Nothing was paid, so there is nothing to refund."
    return f"Cancel {student_id}'s enrollment in {where}. {terms}"
