"""The school graph's state and run context. State holds data only: no clients, no connections."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

from agent.approvals import PendingAction
from graphs.intents import Intent


class InputState(TypedDict):
    """What a caller sends: the student's messages."""

    messages: Annotated[list[AnyMessage], add_messages]
    """The conversation; new messages are appended (or replaced by id)."""


class State(InputState):
    """The whole checkpointed state of one conversation thread."""

    student_id: str | None
    """The student who owns the thread, taken from the first run's context."""
    intent: Intent | None
    """The router's reading of the latest student message."""
    pending_action: PendingAction | None
    """The action waiting for a human decision, if any."""
    chat_decision: str | None
    """'approve' or 'reject' when the student answered the pending action in this turn."""
    approval_error: str | None
    """Why the last decision could not be applied; shown in the next approval request."""
    last_outcome: dict[str, Any] | None
    """The domain's outcome of the last executed action."""


@dataclass
class Context:
    """Per-run settings, passed as `context=` to `invoke`/`stream`."""

    user_id: str | None = None
    """The student this run acts for, established by the caller (never read from the text)."""
