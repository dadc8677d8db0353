"""Sends the system prompt as one string, for OpenAI-compatible servers that take nothing else.

Middleware that adds to the prompt (LangChain's todo list among them) may leave the system message
as a list of text blocks. OpenAI accepts that; llama-cpp-python's server, for one, answers 500
("system content should be a string"). Text-only blocks are joined; a prompt with other blocks
(images) is left as it is.
"""

from __future__ import annotations

from langchain.agents.middleware.types import (
    AgentState,
    ContextT,
    ModelRequest,
    ResponseT,
)
from langchain_core.messages import SystemMessage

from middleware._prompt import RequestEditingMiddleware


def plain_system_message(system: SystemMessage | None) -> SystemMessage | None:
    """The system message with text-only content blocks joined into one string."""
    if system is None or isinstance(system.content, str):
        return system
    texts: list[str] = []
    for block in system.content:
        if isinstance(block, str):
            texts.append(block)
        elif isinstance(block, dict) and block.get("type") == "text":
            texts.append(str(block.get("text", "")))
        else:
            return system
    return SystemMessage("".join(texts))


class PlainSystemPromptMiddleware(RequestEditingMiddleware[AgentState[ResponseT], ContextT, ResponseT]):
    """Joins the system prompt's text blocks into one string just before the model call (innermost)."""

    def _request(self, request: ModelRequest[ContextT]) -> ModelRequest[ContextT]:
        return request.override(system_message=plain_system_message(request.system_message))
