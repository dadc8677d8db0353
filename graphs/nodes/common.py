"""Helpers shared by the nodes: reading the latest message, the domain.

The thread id of a run is read by `middleware.thread_id_from_config`, the project's one copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, cast

from langchain_core.messages import AnyMessage, HumanMessage
from langgraph.graph import END

from agent.domain import School

FINISH = cast(Literal["__end__"], END)
"""LangGraph's END, typed as the literal that `Command[Literal[...]]` routes expect."""

SchoolSource = Callable[[], School]
"""Returns the domain facade; called at run time, so building a graph opens nothing."""


class UnexpectedInputError(ValueError):
    """The graph was run on a state its nodes cannot handle."""


def latest_human(messages: list[AnyMessage]) -> HumanMessage:
    """The newest student message; raises when the conversation does not end with one."""
    for message in reversed(messages):
        if isinstance(message, HumanMessage):
            return message
    raise UnexpectedInputError("the conversation has no student message to act on")


def text_of(message: AnyMessage) -> str:
    """A message's text content (content blocks joined)."""
    content: Any = message.content
    if isinstance(content, str):
        return content
    return " ".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
