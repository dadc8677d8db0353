"""Tool calls whose arguments did not parse become error results the model can act on, at once.

`create_agent` already answers an unknown tool name and arguments that fail the tool's schema with
an error `ToolMessage`. A reply whose only tool calls had unparseable JSON arguments (they land in
`AIMessage.invalid_tool_calls`) is different: the agent loop sees no tool calls and ends, so the
student gets an empty answer; LangChain only patches such calls on the *next* model call. This
middleware answers them right after the reply and, when nothing else is pending, sends the loop
back to the model.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain.agents.middleware.types import AgentMiddleware, AgentState, ContextT, ResponseT, hook_config
from langchain_core.messages import AnyMessage, ToolMessage
from langgraph.runtime import Runtime
from typing_extensions import override

from middleware._common import answered_ids, last_ai_message

_ARGS_SHOWN = 200
"""How much of the unparseable arguments to quote back to the model."""


def invalid_call_results(messages: Sequence[AnyMessage]) -> tuple[list[ToolMessage], bool]:
    """Error results for the latest reply's unanswered invalid tool calls, and whether it has valid ones."""
    reply = last_ai_message(messages)
    if reply is None:
        return [], False
    done = answered_ids(messages)
    results = [
        _result(call["id"], call.get("name") or "unknown", call.get("args"))
        for call in reply.invalid_tool_calls
        if call.get("id") and call["id"] not in done
    ]
    return results, bool(reply.tool_calls)


def _result(call_id: str | None, name: str, args: str | None) -> ToolMessage:
    sent = (args or "")[:_ARGS_SHOWN]
    text = (
        f"Your call to `{name}` was not run: its arguments were not a valid JSON object "
        f"(you sent: {sent!r}). Call it again with JSON arguments that match its schema."
    )
    return ToolMessage(
        text, tool_call_id=call_id or "", name=name, status="error", id=f"invalid-args-{call_id}"
    )


class InvalidToolCallsMiddleware(AgentMiddleware[AgentState[ResponseT], ContextT, ResponseT]):
    """Answers tool calls with unparseable arguments right after the model's reply.

    The results have stable ids (`invalid-args-<call id>`) and `status="error"`, so a re-run adds
    nothing twice and `ToolFailureLimitMiddleware` counts them. When the reply has no valid tool
    call, the loop jumps back to the model instead of ending with an empty answer.
    """

    @hook_config(can_jump_to=["model"])
    @override
    def after_model(self, state: AgentState[ResponseT], runtime: Runtime[ContextT]) -> dict[str, Any] | None:
        """Add error results for invalid tool calls; go back to the model if nothing else is pending."""
        results, has_valid_calls = invalid_call_results(state["messages"])
        if not results:
            return None
        if has_valid_calls:
            return {"messages": results}
        return {"messages": results, "jump_to": "model"}

    @hook_config(can_jump_to=["model"])
    async def aafter_model(
        self, state: AgentState[ResponseT], runtime: Runtime[ContextT]
    ) -> dict[str, Any] | None:
        """Async form of `after_model`."""
        return self.after_model(state, runtime)
