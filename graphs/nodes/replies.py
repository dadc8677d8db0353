"""Nodes that only reply: the handoff to a human operator and the clarification."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from graphs.intents import classify
from graphs.nodes.common import SchoolSource, latest_human, text_of
from graphs.nodes.signatures import ConfigNode
from graphs.state import State, assistant_message
from middleware import thread_id_from_config

MAX_TICKET_CHARS = 2000
HELP = (
    "I can answer questions about our courses and cohorts, enroll you in a cohort or its "
    "waitlist, take a payment, or cancel an enrollment. For example: 'When does rag-2 start?', "
    "'Enroll me in rag-2', 'Pay for rag-2' or 'Cancel my enrollment in rag-2'."
)


def make_handoff(school: SchoolSource) -> ConfigNode[State, dict[str, Any]]:
    """Build the handoff node over `school`."""

    def handoff(state: State, config: RunnableConfig) -> dict[str, Any]:
        """Open a ticket for a human operator, once per student message."""
        message = latest_human(state["messages"])
        thread = thread_id_from_config(config)
        outcome = school().handoff(
            f"{thread}:handoff:{message.id}",
            student_id=state.get("student_id") or "anonymous",
            thread_id=thread,
            reason="refund or complaint",
            message=text_of(message)[:MAX_TICKET_CHARS],
        )
        ticket = outcome["result"]["handoff"]["id"]
        text = (
            f"I have passed this to a member of our team (ticket #{ticket}). A human operator "
            "decides refunds and complaints and will get back to you within one business day."
        )
        return {"messages": [assistant_message(text)]}

    return handoff


def clarify(state: State) -> dict[str, Any]:
    """Say what the assistant can do; a 'yes' with nothing pending is told so."""
    text = text_of(latest_human(state["messages"]))
    if classify(text, pending=True) in ("confirm", "decline"):
        reply = "There is nothing waiting for your confirmation right now. " + HELP
    else:
        reply = HELP
    return {"messages": [assistant_message(reply)]}
