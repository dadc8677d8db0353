"""Helpers shared by the middleware: the thread a run belongs to, store labels, system-prompt sections.

Nothing here holds state or opens a connection; every function is pure or reads the run's config.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import quote

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.runnables import RunnableConfig

ThreadIdOf = Callable[[RunnableConfig], str]
"""Gives the thread id of a run from its config; subagents run with their parent's thread id."""


class MissingThreadIdError(LookupError):
    """The run has no thread id, so nothing kept per thread (state, budget, files) can be found."""


def thread_id_from_config(config: RunnableConfig) -> str:
    """The `thread_id` of the run's `configurable` as a str, which subagents inherit from their parent.

    The project's one reading of it: the middleware, the graph's nodes and the runtime use this.
    A config without `configurable` (or with None there), or with no or an empty `thread_id`,
    raises `MissingThreadIdError`.
    """
    thread_id = (config.get("configurable") or {}).get("thread_id")
    if thread_id is None or str(thread_id) == "":
        msg = (
            "this run needs a thread id: invoke it with config={'configurable': {'thread_id': ...}}"
            " (a middleware may be given thread_id_of= instead)"
        )
        raise MissingThreadIdError(msg)
    return str(thread_id)


def store_label(value: str) -> str:
    """`value` as one store namespace label: percent-encoded, so that '.' and '/' cannot split it.

    LangGraph refuses labels with a '.', and encoding (rather than replacing) keeps distinct ids
    distinct: 'a.b' and 'a%2Eb' never share a namespace.
    """
    return quote(value, safe="").replace(".", "%2E")


def with_section(system: SystemMessage | None, section: str) -> SystemMessage:
    """The system message with `section` appended after a blank line (the message itself if None)."""
    if system is None:
        return SystemMessage(section)
    if isinstance(system.content, str):
        return SystemMessage(f"{system.content}\n\n{section}" if system.content else section)
    blocks: list[str | dict[Any, Any]] = [*system.content, {"type": "text", "text": f"\n\n{section}"}]
    return SystemMessage(blocks)


def current_request(messages: Sequence[AnyMessage]) -> Sequence[AnyMessage]:
    """The messages after the student's latest message: what the agent did for this request."""
    for index in range(len(messages) - 1, -1, -1):
        if isinstance(messages[index], HumanMessage):
            return messages[index + 1 :]
    return messages


def last_ai_message(messages: Sequence[AnyMessage]) -> AIMessage | None:
    """The latest AIMessage, or None."""
    return next((m for m in reversed(messages) if isinstance(m, AIMessage)), None)


def answered_ids(messages: Sequence[AnyMessage]) -> set[str]:
    """The tool call ids that have a ToolMessage."""
    return {m.tool_call_id for m in messages if isinstance(m, ToolMessage)}
