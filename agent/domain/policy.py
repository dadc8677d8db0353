"""Who approves what: the school's approval policy, one table.

Each row names an action, the circumstances it covers and who must approve, in order: the
student's own confirmation, an operator, or both (the student first, then staff). The first row
that matches an action's circumstances decides; the table ends with a row per action that matches
anything, so every action has an answer. The circumstances come from the domain's own preview of
the action (the refund it would pay, whether the cohort has started), never from the text of a
request.

A student confirms what they pay for; staff approve what costs the school money or bends a rule:
a refund above `Limits.operator_refunds_above_cents`, a transfer out of a cohort that has started,
and anything done for another student than the one asking.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

Approver = Literal["student", "operator"]
APPROVERS: tuple[Approver, ...] = ("student", "operator")


@dataclass(frozen=True)
class Limits:
    """The policy's thresholds, from settings."""

    operator_refunds_above_cents: int = 0
    """A refund larger than this needs an operator after the student (0: every refund does)."""


@dataclass(frozen=True)
class Circumstances:
    """What the policy looks at: the action, its previewed result, and who asked for whom."""

    action: str
    result: dict[str, Any]
    """The domain preview's result of the action (e.g. `refund_cents`, `cohort_started`)."""
    student_id: str
    """Whom the action is for."""
    requested_by: str
    """Who asked for it; another than `student_id` is acting for someone else."""


@dataclass(frozen=True)
class Rule:
    """One row of the policy table."""

    id: str
    """Stable name of the row, recorded with every grant made under it."""
    action: str
    """The action the row covers, or '*' for every action."""
    when: str
    """The circumstances, in words (docs/design/approval-policy.md shows them)."""
    approvers: tuple[Approver, ...]
    """Who approves, in order."""
    why: str
    """What the student is told when staff must approve."""
    matches: Callable[[Circumstances, Limits], bool]


def _always(_: Circumstances, __: Limits) -> bool:
    return True


def _for_someone_else(c: Circumstances, _: Limits) -> bool:
    return c.requested_by != c.student_id


def _refund_over(c: Circumstances, limits: Limits) -> bool:
    return int(c.result.get("refund_cents") or 0) > limits.operator_refunds_above_cents


def _refund_within(c: Circumstances, _: Limits) -> bool:
    return int(c.result.get("refund_cents") or 0) > 0


def _started(c: Circumstances, _: Limits) -> bool:
    return bool(c.result.get("cohort_started"))


def _transfer_after_start(c: Circumstances, _: Limits) -> bool:
    return bool(c.result.get("from_started"))


STUDENT: tuple[Approver, ...] = ("student",)
STUDENT_THEN_OPERATOR: tuple[Approver, ...] = ("student", "operator")
OPERATOR: tuple[Approver, ...] = ("operator",)

TABLE: tuple[Rule, ...] = (
    Rule(
        "for-someone-else",
        "*",
        "requested by anyone other than the student it is for",
        OPERATOR,
        "it is done for another student",
        _for_someone_else,
    ),
    Rule("enroll", "enroll", "any cohort that has not started", STUDENT, "", _always),
    Rule("join-waitlist", "join_waitlist", "a full cohort", STUDENT, "", _always),
    Rule("pay", "pay", "the course price, for the student's own seat", STUDENT, "", _always),
    Rule(
        "cancel-refund-over-limit",
        "cancel",
        "a refund above SCHOOL_OPERATOR_REFUNDS_ABOVE_EUR is due",
        STUDENT_THEN_OPERATOR,
        "it pays out a refund",
        _refund_over,
    ),
    Rule(
        "cancel-refund-within-limit",
        "cancel",
        "a refund at most SCHOOL_OPERATOR_REFUNDS_ABOVE_EUR is due",
        STUDENT,
        "",
        _refund_within,
    ),
    Rule(
        "cancel-after-start",
        "cancel",
        "the cohort has started: no refund, the seat is not offered to the waitlist",
        STUDENT,
        "",
        _started,
    ),
    Rule("cancel-no-refund", "cancel", "nothing is refunded", STUDENT, "", _always),
    Rule(
        "transfer-after-start",
        "transfer",
        "the current cohort has started",
        STUDENT_THEN_OPERATOR,
        "your current cohort has already started",
        _transfer_after_start,
    ),
    Rule(
        "transfer", "transfer", "to another cohort of the same course, before the start", STUDENT, "", _always
    ),
    Rule(
        "unlisted-action",
        "*",
        "an action no row above covers",
        OPERATOR,
        "this kind of change is decided by staff",
        _always,
    ),
)
"""The approval policy; the first matching row decides."""


def rule_for(circumstances: Circumstances, limits: Limits) -> Rule:
    """The row of `TABLE` that decides who approves an action in these circumstances."""
    for rule in TABLE:
        if rule.action in ("*", circumstances.action) and rule.matches(circumstances, limits):
            return rule
    raise AssertionError("the policy table ends with a row that matches every action")  # pragma: no cover


def rule_named(rule_id: str) -> Rule | None:
    """The row with this id, or None (a pending action saved under an older table)."""
    return next((r for r in TABLE if r.id == rule_id), None)
