"""Approval requests and decisions, shaped like LangChain's human-in-the-loop middleware.

The interrupt carries `action_requests` and `review_configs` (LangChain's `HITLRequest`); a resume
is `{"decisions": [{"type": "approve" | "edit" | "reject", ...}]}`. Parsing is strict and happens
before anything changes, so a malformed decision leaves the thread and the domain as they were.

Who may decide comes from the school's approval policy (`agent.domain.policy`), recorded in the
pending action when it is proposed: its approvers in order (the student, an operator, or both) and
those who have approved so far. The request offers the decisions of the approver whose turn it is
(`approver`); a decision from anyone else is refused, except that a student may always withdraw
their own request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from agent.domain.policy import APPROVERS, Approver, rule_named
from graphs.tools import InvalidActionError, validate

if TYPE_CHECKING:
    from langchain.agents.middleware.human_in_the_loop import HITLRequest

ALLOWED_DECISIONS: list[Literal["approve", "edit", "reject"]] = ["approve", "edit", "reject"]
STUDENT_DECISIONS: list[Literal["approve", "edit", "reject"]] = ["approve", "reject"]
"""A student confirms or drops their request; to change it they ask for another."""
BEFORE_POLICY = "before-policy"
"""The policy row of an action proposed before the policy existed: an operator decides it."""
MAX_REASON_CHARS = 1000


class PendingAction(TypedDict):
    """An action waiting for a human's decision; stored in graph state."""

    id: str
    """Unique per proposal (an edit makes a new one); part of the idempotency key."""
    name: str
    """One of `graphs.tools.ACTION_NAMES`."""
    args: dict[str, str]
    """Validated arguments, e.g. `{"cohort_id": "rag-2"}`."""
    student_id: str
    """Who the action is for: the thread's student, never taken from text."""
    description: str
    """What will happen, with prices and refunds, as checked by the domain preview."""
    policy: NotRequired[str]
    """The id of the policy row that decided who approves (`agent.domain.policy.TABLE`)."""
    approvers: NotRequired[list[str]]
    """Who approves, in order: 'student', 'operator'."""
    approved_by: NotRequired[list[str]]
    """The approvers who have approved so far."""


class ActionRequest(TypedDict):
    """One action for review: LangChain's `ActionRequest`."""

    name: str
    args: dict[str, Any]
    description: NotRequired[str]


class ReviewConfig(TypedDict):
    """The decisions allowed for an action: LangChain's `ReviewConfig`."""

    action_name: str
    allowed_decisions: list[Literal["approve", "edit", "reject", "respond"]]
    args_schema: NotRequired[dict[str, Any]]


class ApprovalRequest(TypedDict):
    """LangChain's HITL request plus the id of the action, so that stale decisions are caught.

    The keys of `langchain.agents.middleware.human_in_the_loop.HITLRequest`, restated (mypy checks
    that they still match, see `_as_hitl_request`) rather than inherited: importing that module loads
    `langchain.agents`, and a process that only resumes a thread should not pay for it.
    """

    action_requests: list[ActionRequest]
    review_configs: list[ReviewConfig]
    action_id: str
    approver: str
    """Whose decision is awaited: 'student' or 'operator'. The operators' inbox lists only the latter."""
    policy: dict[str, Any]
    """The policy row (`rule`), its `approvers` in order and who has `approved` so far."""
    error: NotRequired[str]
    """Why the previous decision could not be applied, when there was one."""


if TYPE_CHECKING:

    def _as_hitl_request(request: ApprovalRequest) -> HITLRequest:
        """Never called: fails type checking when LangChain's request and ours drift apart."""
        return request


class InvalidDecisionError(ValueError):
    """A resume value that is not a valid decision for the pending action."""


@dataclass(frozen=True)
class Decision:
    """A parsed decision."""

    type: Literal["approve", "edit", "reject"]
    args: dict[str, str] | None = None
    """For `edit`: the new, validated arguments."""
    message: str | None = None
    """For `reject`: the reviewer's reason, shown to the student."""
    reviewer: str | None = None
    role: Approver = "operator"
    """In which role the reviewer decides; a resume that does not say is an operator's."""


def approvers_of(action: PendingAction) -> list[str]:
    """Who approves `action`, in order (an action saved before the policy: an operator)."""
    return list(action.get("approvers") or ["operator"])


def awaited(action: PendingAction) -> str | None:
    """The approver whose decision the action waits for; None when all have approved."""
    done = action.get("approved_by") or []
    return next((a for a in approvers_of(action) if a not in done), None)


def policy_of(action: PendingAction) -> str:
    """The id of the policy row the action's approvals are made under."""
    return action.get("policy") or BEFORE_POLICY


def reason_of(action: PendingAction) -> str | None:
    """Why the action's policy row needs whom it needs, in words for the student; None when it says nothing."""
    rule = rule_named(policy_of(action))
    return rule.why if rule and rule.why else None


def how_approved(action: PendingAction) -> str:
    """What the student is told about approving a new proposal, as the policy decides."""
    reason = reason_of(action)
    why = f"because {reason}, " if reason else ""
    if awaited(action) != "student":
        return f"This one is decided by our staff: {why}it is waiting for them now. Say 'no' to withdraw it."
    if "operator" in approvers_of(action):
        return f"Reply 'yes' to confirm or 'no' to drop it; {why}a member of our staff approves it after you."
    return "Reply 'yes' to confirm or 'no' to drop it."


def approval_request(action: PendingAction, *, error: str | None = None) -> ApprovalRequest:
    """The interrupt payload for `action`, with the last decision's problem if there was one."""
    approver = awaited(action) or "operator"
    allowed: list[Literal["approve", "edit", "reject", "respond"]] = list(
        STUDENT_DECISIONS if approver == "student" else ALLOWED_DECISIONS
    )
    request: ApprovalRequest = {
        "action_requests": [
            {
                "name": action["name"],
                "args": {**action["args"], "student_id": action["student_id"]},
                "description": action["description"],
            }
        ],
        "review_configs": [{"action_name": action["name"], "allowed_decisions": allowed}],
        "action_id": action["id"],
        "approver": approver,
        "policy": {
            "rule": policy_of(action),
            "approvers": approvers_of(action),
            "approved": list(action.get("approved_by") or []),
        },
    }
    if error:
        request["error"] = error
    return request


def parse_decision(response: Any, action: PendingAction) -> Decision:
    """Validate a resume value against the pending action; raise `InvalidDecisionError`."""
    if not isinstance(response, dict) or not isinstance(response.get("decisions"), list):
        message = 'a decision must look like {"decisions": [{"type": "approve"}]}'
        raise InvalidDecisionError(message)
    decisions = response["decisions"]
    if len(decisions) != 1 or not isinstance(decisions[0], dict):
        message = f"exactly one decision is expected for one pending action, got {len(decisions)}"
        raise InvalidDecisionError(message)
    stale = response.get("action_id")
    if stale is not None and stale != action["id"]:
        message = f"the decision is for action {stale!r}, but the pending action is {action['id']!r}"
        raise InvalidDecisionError(message)
    reviewer = response.get("reviewer")
    if reviewer is not None and not isinstance(reviewer, str):
        raise InvalidDecisionError("reviewer must be a string")
    role = response.get("role", "operator")
    if role not in APPROVERS:
        raise InvalidDecisionError(f"role must be one of {', '.join(APPROVERS)}, got {role!r}")
    decision = _parse_one(decisions[0], action, reviewer, role)
    check_in_policy(decision, action)
    return decision


def check_in_policy(decision: Decision, action: PendingAction) -> None:
    """Refuse a decision the policy does not give its reviewer: `InvalidDecisionError`.

    The approver whose turn it is decides; a student decides only for themselves; and a student may
    withdraw their own request at any stage.
    """
    if decision.role == "student" and decision.reviewer not in (None, action["student_id"]):
        message = f"only {action['student_id']} confirms their own request, not {decision.reviewer}"
        raise InvalidDecisionError(message)
    if decision.role == "student" and decision.type == "reject":
        return
    turn = awaited(action)
    if decision.role != turn:
        whose = "the student's confirmation" if turn == "student" else "an operator's decision"
        message = (
            f"out of policy: {action['name']} waits for {whose} (policy {policy_of(action)}), "
            f"not for a decision by the {decision.role}"
        )
        raise InvalidDecisionError(message)
    if decision.role == "student" and decision.type == "edit":
        raise InvalidDecisionError("a student changes a request by asking for another, not by an edit")


def _parse_one(raw: dict[str, Any], action: PendingAction, reviewer: str | None, role: Approver) -> Decision:
    kind = raw.get("type")
    if kind == "approve":
        return Decision("approve", reviewer=reviewer, role=role)
    if kind == "reject":
        reason = raw.get("message")
        if reason is not None and (not isinstance(reason, str) or len(reason) > MAX_REASON_CHARS):
            message = f"a rejection message must be text of at most {MAX_REASON_CHARS} characters"
            raise InvalidDecisionError(message)
        return Decision("reject", message=reason or None, reviewer=reviewer, role=role)
    if kind == "edit":
        return Decision("edit", args=_edited_args(raw, action), reviewer=reviewer, role=role)
    message = f"decision type must be one of {', '.join(ALLOWED_DECISIONS)}, got {kind!r}"
    raise InvalidDecisionError(message)


def _edited_args(raw: dict[str, Any], action: PendingAction) -> dict[str, str]:
    edited = raw.get("edited_action")
    if not isinstance(edited, dict) or not isinstance(edited.get("args"), dict):
        message = 'an edit needs "edited_action": {"name": ..., "args": {...}}'
        raise InvalidDecisionError(message)
    if edited.get("name", action["name"]) != action["name"]:
        message = f"an edit may change the arguments of {action['name']}, not the action itself"
        raise InvalidDecisionError(message)
    args = dict(edited["args"])
    # The reviewer may see student_id in the request; it is not theirs to change.
    if args.pop("student_id", action["student_id"]) != action["student_id"]:
        message = "an edit cannot move the action to another student"
        raise InvalidDecisionError(message)
    # An edit changes where the action goes; the enrollment a transfer leaves is the student's.
    leaves = action["args"].get("from_cohort_id")
    if leaves is not None and args.setdefault("from_cohort_id", leaves) != leaves:
        raise InvalidDecisionError(f"an edit cannot change the enrollment a transfer leaves ({leaves})")
    try:
        _, valid = validate(action["name"], args)
    except InvalidActionError as err:
        raise InvalidDecisionError(str(err)) from None
    return valid
