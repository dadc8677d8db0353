"""The propose node: works out which cohort a request means and records it as a pending action.

Which cohort is `graphs.nodes.targets`' business; when the message and the conversation do not
name one, the student is asked and nothing is proposed. A new proposal while another waits
replaces it ("make it rag-1 instead"), and says so.
"""

from __future__ import annotations

from typing import Literal

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage
from langgraph.types import Command

from agent.domain import School
from graphs.approvals import PendingAction, how_approved
from graphs.intents import ACTION_OF_INTENT
from graphs.nodes.common import FINISH, SchoolSource, latest_human, text_of
from graphs.nodes.program_queue import asks_for_the_program, queue_program
from graphs.nodes.proposals import Refusal, prepare
from graphs.nodes.signatures import StateNode
from graphs.nodes.targets import Catalog, Discussed, Target, resolve
from graphs.state import State, assistant_message

Next = Command[Literal["approval", "next_in_program", "__end__"]]


def make_propose(school: SchoolSource) -> StateNode[State, Next]:
    """Build the propose node over `school`."""

    def propose(state: State) -> Next:
        """Resolve the target cohort, preview the action, and wait for approval."""
        student = state.get("student_id")
        if not student:
            return _reply("I can only change enrollments for a signed-in student; please sign in first.")
        name = ACTION_OF_INTENT[state.get("intent") or ""]
        text = text_of(latest_human(state["messages"]))
        if name == "enroll" and asks_for_the_program(text, state):
            return Command(goto="next_in_program", update=queue_program(state))
        catalog = Catalog(school())
        target = resolve(catalog, name, text, student, _discussed(catalog, state))
        if isinstance(target, Refusal):
            return _reply(target)
        proposal = _prepare(school(), name, target, student)
        if isinstance(proposal, Refusal):
            return _reply(proposal)
        note = _replaced_note(state)
        message = (
            f"{note}Here is what I will do once it is approved: {proposal['description']} "
            f"{how_approved(proposal)}"
        )
        return Command(
            goto="approval", update={"pending_action": proposal, "messages": [assistant_message(message)]}
        )

    return propose


def _prepare(school: School, name: str, target: Target, student: str) -> PendingAction | Refusal:
    # Only a transfer names the cohort it leaves.
    moving = {"from_cohort_id": target.from_cohort_id} if target.from_cohort_id else {}
    return prepare(school, name, cohort_id=target.cohort_id, student_id=student, **moving)


def _discussed(catalog: Catalog, state: State) -> Discussed:
    """The pending action's cohort, else the one course the assistant's last reply was about."""
    pending = state.get("pending_action")
    if pending:
        return catalog.discussing(pending["args"]["cohort_id"])
    reply = _last_reply(state["messages"])
    return catalog.discussed_in(text_of(reply)) if reply else Discussed()


def _last_reply(messages: list[AnyMessage]) -> AnyMessage | None:
    """The assistant's reply just before the student's latest message, if there is one."""
    seen_student = False
    for message in reversed(messages):
        if isinstance(message, HumanMessage):
            if seen_student:
                return None
            seen_student = True
        elif seen_student and isinstance(message, AIMessage):
            return message
    return None


def _reply(text: str) -> Next:
    # A refused request leaves any earlier pending action waiting, as it was.
    return Command(goto=FINISH, update={"messages": [assistant_message(text)]})


def _replaced_note(state: State) -> str:
    earlier = state.get("pending_action")
    if not earlier:
        return ""
    return f"This replaces your earlier request ({earlier['name']} {earlier['args']['cohort_id']}). "
