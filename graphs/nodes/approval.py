"""The approval node: the only way to execute. It pauses with `interrupt()` for a human decision."""

from __future__ import annotations

from typing import Literal

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command, interrupt

from agent.journal import grants
from agent.journal.events import record_event
from graphs.approvals import Decision, InvalidDecisionError, PendingAction, approval_request, parse_decision
from graphs.nodes.common import FINISH, SchoolSource, UnexpectedInputError
from graphs.nodes.proposals import Refusal, prepare
from graphs.nodes.signatures import ConfigNode
from graphs.state import State, assistant_message
from middleware import thread_id_from_config

Next = Command[Literal["execute", "approval", "next_in_program", "__end__"]]


class Recorder:
    """Writes grants and approval events for one run of the approval node (idempotent on re-runs)."""

    def __init__(self, school: SchoolSource, config: RunnableConfig) -> None:
        self.pool = school().pool
        self.thread = thread_id_from_config(config)
        self.turn = config.get("configurable", {}).get("turn_id")

    def granted(self, action: PendingAction, decision: Decision, kind: str) -> None:
        """Record the grant that lets execute run exactly this action, and its event."""
        reviewer = decision.reviewer or action["student_id"]
        grants.grant(self.pool, thread_id=self.thread, action=dict(action), reviewer=reviewer, decision=kind)
        self.event("approval_granted", action, {"reviewer": reviewer, "decision": kind})

    def event(self, kind: str, action: PendingAction, extra: dict[str, object]) -> None:
        """Record an approval event, once per action and kind."""
        payload = {"action_id": action["id"], "action": action["name"], "args": action["args"], **extra}
        record_event(self.pool, self.thread, kind, payload, turn_id=self.turn, key=f"{action['id']}:{kind}")


def make_approval(school: SchoolSource) -> ConfigNode[State, Next]:
    """Build the approval node over `school` (an edit is re-validated by the domain)."""

    def approval(state: State, config: RunnableConfig) -> Next:
        """Wait for approve / edit / reject of the pending action and act on it."""
        action = state.get("pending_action")
        if action is None:
            raise UnexpectedInputError("approval was reached with no pending action")
        chat = state.get("chat_decision")
        if chat in ("approve", "reject"):
            decision = Decision(chat, reviewer=action["student_id"])  # type: ignore[arg-type]
        else:
            response = interrupt(approval_request(action, error=state.get("approval_error")))
            try:
                decision = parse_decision(response, action)
            except InvalidDecisionError as err:
                return Command(goto="approval", update={"approval_error": str(err)})
        record = Recorder(school, config)
        if decision.type == "approve":
            record.granted(action, decision, "approve")
            return Command(goto="execute", update={"chat_decision": None, "approval_error": None})
        if decision.type == "reject":
            record.event(
                "approval_rejected",
                action,
                {"reviewer": decision.reviewer or action["student_id"], "reason": decision.message},
            )
            return _rejected(decision, by_student=chat == "reject", queued=bool(state.get("queued")))
        return _edited(school, state, decision, record)

    return approval


def _rejected(decision: Decision, *, by_student: bool, queued: bool) -> Next:
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
    return Command(goto="next_in_program" if queued else FINISH, update=update)


def _edited(school: SchoolSource, state: State, decision: Decision, record: Recorder) -> Next:
    action = state["pending_action"]
    assert action is not None and decision.args is not None
    proposal = prepare(
        school(), action["name"], cohort_id=decision.args["cohort_id"], student_id=action["student_id"]
    )
    if isinstance(proposal, Refusal):
        return Command(goto="approval", update={"approval_error": f"the edit was refused: {proposal}"})
    if proposal["name"] != action["name"]:
        # The domain offered another action (a waitlist place instead of a seat): that needs its own yes.
        note = f"the edit needs another decision: {proposal['description']}"
        return Command(goto="approval", update={"pending_action": proposal, "approval_error": note})
    record.granted(proposal, decision, "edit")
    message = assistant_message(f"A reviewer changed your request: {proposal['description']}")
    return Command(
        goto="execute", update={"pending_action": proposal, "approval_error": None, "messages": [message]}
    )
