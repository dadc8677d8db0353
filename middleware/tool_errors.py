"""Tool failures: a safe error text for LangChain's `ToolErrorMiddleware`, and a stop after repeated failures.

LangChain's `ToolErrorMiddleware(on_error=safe_tool_error)` turns an exception raised by a tool into
an error `ToolMessage` that names the tool and the exception type, never the exception's text (which
may carry SQL, hosts or personal data). What LangChain lacks is a stop: `ToolFailureLimitMiddleware`
ends the loop with a plain answer to the student when the same tool has failed N times in a row.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain.agents.middleware.types import (
    AgentMiddleware,
    AgentState,
    ContextT,
    ResponseT,
    ToolCallRequest,
    hook_config,
)
from langchain_core.messages import AIMessage, AnyMessage, ToolMessage
from langgraph.runtime import Runtime
from typing_extensions import override

from middleware._common import current_request


def safe_tool_error(exc: Exception, request: ToolCallRequest) -> str:
    """The error result the model sees for a tool that raised: tool name and exception type only."""
    name = request.tool.name if request.tool else request.tool_call["name"]
    return (
        f"Tool `{name}` failed with {type(exc).__name__}; the details are withheld. Try once more "
        "with corrected arguments if they may be the cause, otherwise continue without this result "
        "and tell the student that this information is unavailable right now."
    )


def failure_streaks(messages: Sequence[AnyMessage]) -> dict[str, int]:
    """Per tool, how many of its latest results in the current request are errors in a row.

    Only results after the student's latest message count, so a new request starts afresh; a
    success of a tool resets its streak, whatever other tools did in between.
    """
    streaks: dict[str, int] = {}
    for message in current_request(messages):
        if isinstance(message, ToolMessage):
            name = message.name or "unknown"
            streaks[name] = streaks.get(name, 0) + 1 if message.status == "error" else 0
    return streaks


def stopped_message(tool: str, failures: int) -> AIMessage:
    """What the student reads when a failing tool stops the run."""
    text = (
        f"I couldn't finish this request: a step I need (`{tool}`) failed {failures} times in a "
        "row, so I stopped instead of trying again. Please try again later; if it keeps "
        "happening, contact support."
    )
    return AIMessage(text, response_metadata={"finish_reason": "tool_failures"})


class ToolFailureLimitMiddleware(AgentMiddleware[AgentState[ResponseT], ContextT, ResponseT]):
    """Ends the run with an answer to the student once one tool has failed `max_failures` times in a row.

    Failures are the `ToolMessage(status="error")` results in the messages of the current request
    (see `failure_streaks`): raised exceptions turned into results by `ToolErrorMiddleware`,
    unknown tools, bad arguments. The check runs before each model call.
    """

    def __init__(self, *, max_failures: int = 3) -> None:
        """Configure the limit.

        Args:
            max_failures: Errors in a row from one tool that stop the run (at least 1).

        Raises:
            ValueError: If `max_failures` is not a positive int.

        """
        super().__init__()
        if isinstance(max_failures, bool) or not isinstance(max_failures, int) or max_failures < 1:
            msg = f"max_failures must be an int >= 1, got {max_failures!r}"
            raise ValueError(msg)
        self.max_failures = max_failures

    @hook_config(can_jump_to=["end"])
    @override
    def before_model(self, state: AgentState[ResponseT], runtime: Runtime[ContextT]) -> dict[str, Any] | None:
        """End the run when a tool has failed `max_failures` times in a row."""
        streaks = failure_streaks(state["messages"])
        failing = [name for name, count in streaks.items() if count >= self.max_failures]
        if not failing:
            return None
        return {"jump_to": "end", "messages": [stopped_message(failing[0], streaks[failing[0]])]}

    @hook_config(can_jump_to=["end"])
    async def abefore_model(
        self, state: AgentState[ResponseT], runtime: Runtime[ContextT]
    ) -> dict[str, Any] | None:
        """Async form of `before_model`."""
        return self.before_model(state, runtime)
