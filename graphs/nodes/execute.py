"""The execute node: performs the approved action through the idempotent domain operation.

A checkpoint is written only after this node returns, so it may run again after a crash; the
idempotency key (thread id + action id, both durable) makes the second run read the first outcome.
"""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.runnables import RunnableConfig
from langgraph.types import Command

from agent.config import faults
from agent.domain import Outcome
from agent.domain.rules import money
from agent.journal import grants
from agent.journal.events import record_event
from graphs import tools
from graphs.approvals import PendingAction, approvers_of
from graphs.nodes.common import FINISH, SchoolSource, UnexpectedInputError, then_answer
from graphs.nodes.proposals import prepare
from graphs.nodes.signatures import ConfigNode
from graphs.state import State, assistant_message
from middleware import thread_id_from_config


def make_execute(
    school: SchoolSource,
) -> ConfigNode[State, Command[Literal["approval", "next_in_program", "answer", "__end__"]]]:
    """Build the execute node over `school`."""

    def execute(
        state: State, config: RunnableConfig
    ) -> Command[Literal["approval", "next_in_program", "answer", "__end__"]]:
        """Run the approved action once and tell the student what happened."""
        action = state.get("pending_action")
        if action is None:
            raise UnexpectedInputError("execute was reached with no approved action")
        thread = thread_id_from_config(config)
        pool, turn = school().pool, config.get("configurable", {}).get("turn_id")
        if not grants.granted(pool, thread_id=thread, action=dict(action), roles=approvers_of(action)):
            # The approval step writes a grant per approver for exactly what was approved; without
            # all of them, nothing runs.
            text = "That action has no approval for exactly these details, so I did not run it."
            return Command(
                goto=FINISH, update={"pending_action": None, "messages": [assistant_message(text)]}
            )
        key = tools.idempotency_key(thread, action["id"])
        name, args = tools.validate(action["name"], action["args"])
        outcome = tools.perform(school(), name, key=key, student_id=action["student_id"], args=args)
        faults.point("execute.after_domain_write")
        # A replay (this node run again after a crash) reads as the first run did.
        outcome = {**outcome}
        outcome.pop("replayed", None)
        kind = "tool_completed" if outcome["ok"] else "tool_failed"
        record_event(
            pool,
            thread,
            kind,
            {"action_id": action["id"], "tool": name, "args": args, "outcome": outcome},
            turn_id=turn,
            key=f"{action['id']}:done",
        )
        update: dict[str, Any] = {"pending_action": None, "last_outcome": outcome}
        if outcome.get("error") == "cohort_full":
            offer = prepare(
                school(), "join_waitlist", cohort_id=args["cohort_id"], student_id=action["student_id"]
            )
            if not isinstance(offer, str):
                kept = args.get("from_cohort_id")
                outcome_text = f"you keep your seat in {kept}" if kept else "you are not enrolled"
                text = (
                    f"Sorry, the last seat in {args['cohort_id']} was just taken, so {outcome_text}. "
                    f"I can offer the waitlist instead: {offer['description']} "
                    "Reply 'yes' to join it or 'no' to leave it."
                )
                update |= {"pending_action": offer, "messages": [assistant_message(text)]}
                return then_answer(state, "approval", update)
        update["messages"] = [assistant_message(result_message(action, outcome))]
        return then_answer(state, "next_in_program" if state.get("queued") else FINISH, update)

    return execute


def result_message(action: PendingAction, outcome: Outcome) -> str:
    """What the student is told about an executed action."""
    cohort = action["args"]["cohort_id"]
    if not outcome["ok"]:
        return f"I could not complete that: {outcome['message']}"
    result = outcome["result"]
    if action["name"] == "enroll" and result["enrollment"]["status"] == "CONFIRMED":
        return f"Done: you are enrolled in {cohort} and your place is confirmed. The course is free."
    if action["name"] == "enroll":
        return (
            f"Done: you are enrolled in {cohort} and your seat is held. "
            f"Payment of {money(result['price_cents'])} is due; say 'pay for {cohort}' when ready."
        )
    if action["name"] == "join_waitlist":
        return (
            f"Done: you are number {result['position']} on the waitlist for {cohort}. "
            "If a seat frees up, it is offered to you first."
        )
    if action["name"] == "pay":
        return f"Payment of {money(result['charged_cents'])} received: your place in {cohort} is confirmed."
    if action["name"] == "transfer":
        return _transferred(result)
    refund = result["refund_cents"]
    refund_text = f"{money(refund)} will be refunded in full." if refund else "No refund is due."
    return f"Done: your enrollment in {cohort} is cancelled. {refund_text}"


def _transferred(result: dict[str, Any]) -> str:
    moved = f"Done: you moved from {result['from_cohort_id']} to {result['cohort_id']}."
    if result["carried_cents"]:
        return f"{moved} Your payment of {money(result['carried_cents'])} is carried over: your place is confirmed."
    if result["status"] == "CONFIRMED":
        return f"{moved} Your place is confirmed; the course is free."
    return (
        f"{moved} Your seat is held: payment of {money(result['price_cents'])} is due by the same deadline "
        f"as before; say 'pay for {result['cohort_id']}' when ready."
    )
