"""Tool calls that never got a result (the run was interrupted) are answered before the next model call.

Providers refuse a history in which an assistant's tool call has no tool result, and a model that
sees one may assume the call ran. A run stopped between the model's reply and the tools (a crash,
an approval left unanswered while the student wrote again) leaves exactly that. This middleware
inserts, right after such a reply, one result per unanswered call saying it was not executed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain.agents.middleware.types import AgentMiddleware, AgentState, ContextT, ResponseT
from langchain_core.messages import AIMessage, AnyMessage, RemoveMessage, ToolMessage
from langgraph.graph.message import REMOVE_ALL_MESSAGES
from langgraph.runtime import Runtime
from typing_extensions import override

from middleware._common import answered_ids


def patch_dangling(messages: Sequence[AnyMessage]) -> list[AnyMessage] | None:
    """The history with results for unanswered tool calls, or None when none is missing.

    The results go right after the reply's own tool results (if any), before the next other message.
    """
    done = answered_ids(messages)
    patched: list[AnyMessage] = []
    pending: list[ToolMessage] = []
    changed = False
    for message in messages:
        if pending and not isinstance(message, ToolMessage):
            patched += pending
            pending = []
        patched.append(message)
        if isinstance(message, AIMessage):
            pending = [
                interrupted_result(c["name"], c["id"])
                for c in message.tool_calls
                if c["id"] and c["id"] not in done
            ]
            changed = changed or bool(pending)
    patched += pending
    return patched if changed else None


def interrupted_result(name: str, call_id: str) -> ToolMessage:
    """The result given to a tool call that was never executed."""
    text = (
        f"The call to `{name}` was interrupted before it ran; it was not executed and has no "
        "result. Call it again only if it is still needed."
    )
    return ToolMessage(text, tool_call_id=call_id, name=name, status="error", id=f"interrupted-{call_id}")


class DanglingToolCallsMiddleware(AgentMiddleware[AgentState[ResponseT], ContextT, ResponseT]):
    """Before each model call, answers tool calls left without a result by an interrupted run.

    `add_messages` appends a message with a new id at the end and cannot insert one in the middle,
    so a patch rewrites the history: `RemoveMessage(REMOVE_ALL_MESSAGES)` followed by every message
    with its own id and the inserted results (ids `interrupted-<call id>`). This is the same way
    `create_agent` repairs invalid tool calls; it happens only when something is missing.
    """

    @override
    def before_model(self, state: AgentState[ResponseT], runtime: Runtime[ContextT]) -> dict[str, Any] | None:
        """Insert results for unanswered tool calls, if any."""
        patched = patch_dangling(state["messages"])
        if patched is None:
            return None
        return {"messages": [RemoveMessage(id=REMOVE_ALL_MESSAGES), *patched]}

    async def abefore_model(
        self, state: AgentState[ResponseT], runtime: Runtime[ContextT]
    ) -> dict[str, Any] | None:
        """Async form of `before_model`."""
        return self.before_model(state, runtime)
