"""The router node: reads the latest student message and sends the turn where it belongs."""

from __future__ import annotations

from typing import Literal

from langgraph.runtime import Runtime
from langgraph.types import Command

from graphs.intents import Intent, classify
from graphs.nodes.common import FINISH, latest_human, text_of
from graphs.state import Context, State


class ForeignThreadError(PermissionError):
    """A run's user is not the student who owns the thread."""


Route = Literal["answer", "propose", "approval", "handoff", "clarify"]

_ROUTES: dict[Intent, Route] = {
    "question": "answer",
    "enroll": "propose",
    "waitlist": "propose",
    "pay": "propose",
    "cancel": "propose",
    "confirm": "approval",
    "decline": "approval",
    "handoff": "handoff",
    "other": "clarify",
}


def router(state: State, runtime: Runtime[Context]) -> Command[Route]:
    """Classify the latest message; confirm/decline only reach approval when something is pending."""
    text = text_of(latest_human(state["messages"]))
    user = runtime.context.user_id if runtime.context else None
    owner = state.get("student_id")
    if owner and user != owner:
        message = f"thread belongs to student {owner!r}; refusing to run it for {user!r}"
        raise ForeignThreadError(message)
    pending = state.get("pending_action") is not None
    intent = classify(text, pending=pending)
    update: dict[str, object] = {"intent": intent, "approval_error": None}
    update["student_id"] = owner or user
    update["chat_decision"] = {"confirm": "approve", "decline": "reject"}.get(intent)
    return Command(goto=_ROUTES[intent], update=update)


def after_reply(state: State) -> Literal["approval", "__end__"]:
    """After an answer, handoff or clarification: keep waiting on a pending action, else end."""
    return "approval" if state.get("pending_action") else FINISH
