"""Nodes that only reply: the handoff to a human operator and the clarification."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from graphs.intents import read
from graphs.nodes.common import SchoolSource, latest_human, text_of
from graphs.nodes.signatures import ConfigNode
from graphs.state import State, assistant_message
from middleware import thread_id_from_config

MAX_TICKET_CHARS = 2000
HELP = (
    "I'm the school's assistant. I can answer questions about our courses and cohorts, and enroll "
    "you, put you on a waitlist, take a payment, move you to another cohort or cancel an enrollment, "
    "each once you confirm. What would you like to know or do?"
)
"""What the assistant does, without naming a course: the next request must name its own
(`graphs.nodes.targets` takes the course of the last reply as the one being discussed)."""
NOTHING_WAITING = "There is nothing waiting for your confirmation right now. "
ONLY_YOURS = "I can only make changes you ask for yourself, to your own enrollments. "


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
    """Say briefly what the assistant does.

    A 'yes' or a 'no' with nothing pending, and an instruction to act for others or on everything,
    are told first why nothing happened. A request taken back ("I don't want to sign up yet") would
    decline what waited, but it answers nothing here: it only says what the student is not doing.
    """
    reading = read(text_of(latest_human(state["messages"])), pending=True)
    if reading.guard == "injected":
        reply = ONLY_YOURS + HELP
    elif reading.intent in ("confirm", "decline") and reading.guard != "negated":
        reply = NOTHING_WAITING + HELP
    else:
        reply = HELP
    return {"messages": [assistant_message(reply)]}
