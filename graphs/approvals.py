"""Approval requests and decisions, shaped like LangChain's human-in-the-loop middleware.

The interrupt carries `action_requests` and `review_configs` (LangChain's `HITLRequest`); a resume
is `{"decisions": [{"type": "approve" | "edit" | "reject", ...}]}`. Parsing is strict and happens
before anything changes, so a malformed decision leaves the thread and the domain as they were.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from graphs.tools import InvalidActionError, validate

if TYPE_CHECKING:
    from langchain.agents.middleware.human_in_the_loop import HITLRequest

ALLOWED_DECISIONS: list[Literal["approve", "edit", "reject"]] = ["approve", "edit", "reject"]
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


def approval_request(action: PendingAction, *, error: str | None = None) -> ApprovalRequest:
    """The interrupt payload for `action`, with the last decision's problem if there was one."""
    request: ApprovalRequest = {
        "action_requests": [
            {
                "name": action["name"],
                "args": {**action["args"], "student_id": action["student_id"]},
                "description": action["description"],
            }
        ],
        "review_configs": [{"action_name": action["name"], "allowed_decisions": list(ALLOWED_DECISIONS)}],
        "action_id": action["id"],
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
    return _parse_one(decisions[0], action, reviewer)


def _parse_one(raw: dict[str, Any], action: PendingAction, reviewer: str | None) -> Decision:
    kind = raw.get("type")
    if kind == "approve":
        return Decision("approve", reviewer=reviewer)
    if kind == "reject":
        reason = raw.get("message")
        if reason is not None and (not isinstance(reason, str) or len(reason) > MAX_REASON_CHARS):
            message = f"a rejection message must be text of at most {MAX_REASON_CHARS} characters"
            raise InvalidDecisionError(message)
        return Decision("reject", message=reason or None, reviewer=reviewer)
    if kind == "edit":
        return Decision("edit", args=_edited_args(raw, action), reviewer=reviewer)
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
    try:
        _, valid = validate(action["name"], args)
    except InvalidActionError as err:
        raise InvalidDecisionError(str(err)) from None
    return valid
