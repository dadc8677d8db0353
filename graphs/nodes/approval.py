"""The approval node: the only way to execute. It pauses with `interrupt()` for a human decision.

Whose decision it waits for is the school's approval policy (`agent.domain.policy`), recorded in
the pending action: the student's confirmation (a "yes" in chat, or a resume in the student's
name), then, where the policy says so, an operator's. Each approval is a grant recorded with its
role and policy row; the action runs once every approver has granted it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command, interrupt

from agent.journal import grants
from agent.journal.events import record_event
from graphs.approvals import (
    Decision,
    InvalidDecisionError,
    PendingAction,
    approval_request,
    awaited,
    parse_decision,
    policy_of,
    reason_of,
)
from graphs.nodes.common import FINISH, SchoolSource, UnexpectedInputError, then_answer
from graphs.nodes.proposals import Refusal, prepare
from graphs.nodes.signatures import ConfigNode
from graphs.state import State, assistant_message
from middleware import thread_id_from_config

Next = Command[Literal["execute", "approval", "next_in_program", "answer", "__end__"]]


class Recorder:
    """Writes grants and approval events for one run of the approval node (idempotent on re-runs)."""

    def __init__(self, school: SchoolSource, config: RunnableConfig) -> None:
        self.pool = school().pool
        self.thread = thread_id_from_config(config)
        self.turn = config.get("configurable", {}).get("turn_id")

    def granted(self, action: PendingAction, decision: Decision, kind: str) -> PendingAction:
        """Record the grant of `decision`'s role for exactly this action, and its event.

        Returns the action with that role among those who have approved it.
        """
        reviewer = reviewer_of(decision, action)
        policy = policy_of(action)
        grants.grant(
            self.pool,
            thread_id=self.thread,
            action=dict(action),
            reviewer=reviewer,
            decision=kind,
            role=decision.role,
            policy=policy,
        )
        extra = {"reviewer": reviewer, "decision": kind, "role": decision.role, "policy": policy}
        self.event(f"approval_granted:{decision.role}", action, extra, kind="approval_granted")
        done = list(action.get("approved_by") or [])
        return {**action, "approved_by": [*done, decision.role] if decision.role not in done else done}

    def event(self, name: str, action: PendingAction, extra: Mapping[str, object], *, kind: str = "") -> None:
        """Record an approval event `kind` (default: `name`), once per action and `name`."""
        payload = {"action_id": action["id"], "action": action["name"], "args": action["args"], **extra}
        record_event(
            self.pool, self.thread, kind or name, payload, turn_id=self.turn, key=f"{action['id']}:{name}"
        )


def reviewer_of(decision: Decision, action: PendingAction) -> str:
    """Who decided: the reviewer named, else the student for a student's decision, else "operator"."""
    return decision.reviewer or (action["student_id"] if decision.role == "student" else "operator")


def make_approval(school: SchoolSource) -> ConfigNode[State, Next]:
    """Build the approval node over `school` (an edit is re-validated by the domain)."""

    def approval(state: State, config: RunnableConfig) -> Next:
        """Wait for approve / edit / reject of the pending action and act on it."""
        action = state.get("pending_action")
        if action is None:
            raise UnexpectedInputError("approval was reached with no pending action")
        chat = state.get("chat_decision")
        if chat in ("approve", "reject"):
            decision = Decision(chat, reviewer=action["student_id"], role="student")  # type: ignore[arg-type]
            if chat == "approve" and awaited(action) != "student":
                return _with_staff(state, action, "Your request is already with our staff")
        else:
            response = interrupt(approval_request(action, error=state.get("approval_error")))
            try:
                decision = parse_decision(response, action)
            except InvalidDecisionError as err:
                return Command(goto="approval", update={"approval_error": str(err)})
        record = Recorder(school, config)
        if decision.type == "approve":
            approved = record.granted(action, decision, "approve")
            update = {"pending_action": approved, "chat_decision": None, "approval_error": None}
            if awaited(approved) is None:
                return Command(goto="execute", update=update)
            return _with_staff(state, approved, "Thank you for confirming", update)
        if decision.type == "reject":
            record.event(
                "approval_rejected",
                action,
                {
                    "reviewer": reviewer_of(decision, action),
                    "role": decision.role,
                    "reason": decision.message,
                },
            )
            by_student = decision.role == "student"
            return _rejected(state, decision, by_student=by_student)
        return _edited(school, state, decision, record)

    return approval


def _with_staff(
    state: State, action: PendingAction, opening: str, update: Mapping[str, object] | None = None
) -> Next:
    """Pause for an operator's decision, telling the student why their "yes" is not the last word."""
    reason = reason_of(action)
    why = f" Because {reason}, a" if reason else " A"
    text = (
        f"{opening}.{why} member of our staff must approve it as well; it is waiting for them now, "
        "and nothing has changed yet. You will see their decision here."
    )
    changes = {**(update or {}), "chat_decision": None, "messages": [assistant_message(text)]}
    return then_answer(state, "approval", changes)


def _rejected(state: State, decision: Decision, *, by_student: bool) -> Next:
    if by_student:
        text = "All right, I dropped that request; nothing was changed."
    else:
        reason = f" Reason: {decision.message}" if decision.message else ""
        text = f"Your request was not approved, so nothing was changed.{reason}"
    update = {
        "pending_action": None,
        "chat_decision": None,
        "approval_error": None,
        "messages": [assistant_message(text)],
    }
    return then_answer(state, "next_in_program" if state.get("queued") else FINISH, update)


def _edited(school: SchoolSource, state: State, decision: Decision, record: Recorder) -> Next:
    action = state["pending_action"]
    assert action is not None and decision.args is not None
    proposal = prepare(
        school(),
        action["name"],
        cohort_id=decision.args["cohort_id"],
        student_id=action["student_id"],
        from_cohort_id=decision.args.get("from_cohort_id"),
    )
    if isinstance(proposal, Refusal):
        return Command(goto="approval", update={"approval_error": f"the edit was refused: {proposal}"})
    if proposal["name"] != action["name"]:
        # The domain offered another action (a waitlist place instead of a seat): that needs its own yes.
        note = f"the edit needs another decision: {proposal['description']}"
        return Command(goto="approval", update={"pending_action": proposal, "approval_error": note})
    approved = record.granted(proposal, decision, "edit")
    update: dict[str, object] = {"pending_action": approved, "approval_error": None}
    if awaited(approved) is None:
        message = assistant_message(f"A reviewer changed your request: {proposal['description']}")
        return Command(goto="execute", update={**update, "messages": [message]})
    # What is done for a student needs their yes: the changed request goes back to them.
    text = (
        f"A member of our staff suggests a change to your request: {proposal['description']} "
        "Reply 'yes' to accept it or 'no' to drop the request."
    )
    return Command(goto="approval", update={**update, "messages": [assistant_message(text)]})
