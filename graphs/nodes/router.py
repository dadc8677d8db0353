"""The router node: reads the latest student message and sends the turn where it belongs."""

from __future__ import annotations

from typing import Literal, TypedDict

from langchain_core.messages import AnyMessage, HumanMessage, RemoveMessage
from langgraph.runtime import Runtime
from langgraph.types import Command

from agent.journal.owners import ForeignThreadError
from agent.llm.models import Models
from agent.llm.usage import total
from graphs.intents import Intent, asked_after
from graphs.nodes.common import FINISH, latest_human, text_of
from graphs.nodes.signatures import RuntimeNode
from graphs.routing import decide
from graphs.state import MESSAGE_WINDOW, Context, PendingAction, State, TurnRecord

Route = Literal["answer", "propose", "approval", "handoff", "planner", "clarify"]

_ROUTES: dict[Intent, Route] = {
    "question": "answer",
    "enroll": "propose",
    "waitlist": "propose",
    "pay": "propose",
    "cancel": "propose",
    "transfer": "propose",
    "confirm": "approval",
    "decline": "approval",
    "handoff": "handoff",
    "program": "planner",
    "other": "clarify",
}


def make_router(models: Models) -> RuntimeNode[State, Command[Route], Context]:
    """Build the router node; it uses the router model when one is configured for the run."""

    def router(state: State, runtime: Runtime[Context]) -> Command[Route]:
        """Classify the latest message; confirm/decline only reach approval when something is pending.

        Also drops the messages beyond the state's window (`overflow`).
        """
        text = text_of(latest_human(state["messages"]))
        context = runtime.context or Context()
        owner = state.get("student_id")
        if owner and context.user_id != owner:
            message = f"thread belongs to student {owner!r}; refusing to run it for {context.user_id!r}"
            raise ForeignThreadError(message)
        model = models.chat("router", context.router_model)
        decision = decide(text, pending=state.get("pending_action"), model=model, config=models.config)
        calls = [decision.call] if decision.call else []
        update: dict[str, object] = {
            "intent": decision.intent,
            "approval_error": None,
            "student_id": owner or context.user_id,
            "chat_decision": {"confirm": "approve", "decline": "reject"}.get(decision.intent),
            # The rules' cut decides what is asked after a yes or no, whoever read the yes or no.
            "then_ask": asked_after(text) if decision.intent in ("confirm", "decline") else None,
            "turn": TurnRecord(route=decision.record, answer=None, calls=calls),
        }
        if calls:
            update["usage"] = total(calls)
        if old := overflow(state["messages"]):
            update["messages"] = [RemoveMessage(id=str(m.id)) for m in old]
        return Command(goto=_ROUTES[decision.intent], update=_changes(state, update))

    return router


def overflow(messages: list[AnyMessage]) -> list[AnyMessage]:
    """The oldest messages beyond `MESSAGE_WINDOW`, and up to the next student message.

    What stays starts with a question, so that no answer is kept without the question it answers.
    """
    cut = len(messages) - MESSAGE_WINDOW
    while 0 < cut < len(messages) and not isinstance(messages[cut], HumanMessage):
        cut += 1
    return messages[: max(cut, 0)]


def _changes(state: State, update: dict[str, object]) -> dict[str, object]:
    """The update without values the state already holds: each value written is a checkpoint row."""
    return {
        key: value for key, value in update.items() if key in ("intent", "turn") or state.get(key) != value
    }


class Replied(TypedDict):
    """What `after_reply` reads of the state.

    LangGraph's edge reads only the channels its function's input type names: this one, not the
    whole state (and not the conversation, rebuilt with the node's new message to be read).
    """

    pending_action: PendingAction | None
    """As in `State`."""


def after_reply(state: Replied) -> Literal["approval", "__end__"]:
    """After an answer, handoff or clarification: keep waiting on a pending action, else end."""
    return "approval" if state.get("pending_action") else FINISH
