"""Helpers shared by the nodes: reading the latest message, the domain.

The thread id of a run is read by `middleware.thread_id_from_config`, the project's one copy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, cast

from langchain_core.messages import AnyMessage, HumanMessage
from langgraph.graph import END
from langgraph.types import Command

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


def then_answer(state: Mapping[str, Any], goto: str, update: Mapping[str, object]) -> Command[Any]:
    """Go to `goto` with `update`, or to the answer node first when a question followed the yes or no.

    The router sets `then_ask` ("yes please. is there an invite?"). Once the decision is carried out
    and the turn would end or wait again (`goto` the end or the approval), the answer node answers
    the question and clears it; `after_reply` then ends the turn or keeps waiting. Where the turn
    goes on to the program's next proposal instead, the question is dropped, so that it never
    reaches a later turn.
    """
    if not state.get("then_ask"):
        return Command(goto=goto, update=update)
    if goto in (FINISH, "approval"):
        return Command(goto="answer", update=update)
    return Command(goto=goto, update={**update, "then_ask": None})
