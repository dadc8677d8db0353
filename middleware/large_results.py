"""Long tool results go to the thread's file space; the model gets a preview and a path to read them by.

A catalog search or a transcript can be tens of thousands of characters: kept in the conversation,
it is paid for on every later model call. Results longer than `max_chars` are saved in the LangGraph
store (see `middleware.files`) as `/results/<tool>-<tool call id>.txt`, and the `ToolMessage` keeps
its id, call id and status but carries only the first `preview_chars` and how to read the rest.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from langchain.agents.middleware.types import (
    AgentMiddleware,
    AgentState,
    ContextT,
    ResponseT,
    ToolCallRequest,
)
from langchain_core.messages import ToolMessage
from langgraph.runtime import Runtime
from langgraph.types import Command
from typing_extensions import override

from middleware._common import ThreadIdOf, thread_id_from_config
from middleware.files import MissingStoreError, as_file_text, file_tools, file_value, files_namespace

_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")
FILE_TOOL_NAMES = frozenset({"read_file", "grep"})
"""This middleware's own tools, whose output is already bounded and is never offloaded."""


@dataclass(frozen=True)
class Offload:
    """A result to save as a file, and the message that replaces it."""

    namespace: tuple[str, ...]
    path: str
    value: dict[str, Any]
    message: ToolMessage


def result_path(tool: str, tool_call_id: str) -> str:
    """`/results/<tool>-<tool call id>.txt`, with anything but letters, digits, `_` and `-` replaced."""
    return f"/results/{_UNSAFE.sub('_', tool)[:60]}-{_UNSAFE.sub('_', tool_call_id)[:80]}.txt"


def plan_offload(
    result: ToolMessage | Command[Any], *, thread_id: str, max_chars: int, preview_chars: int
) -> Offload | None:
    """What to save for a tool result, or None when it stays as it is.

    Only successful text results longer than `max_chars` are saved; errors, commands, multimodal
    content and this middleware's own tools' results stay.
    """
    if not isinstance(result, ToolMessage) or result.status == "error" or result.name in FILE_TOOL_NAMES:
        return None
    if not isinstance(result.content, str) or len(result.content) <= max_chars:
        return None
    tool = result.name or "tool"
    path = result_path(tool, result.tool_call_id)
    text = as_file_text(result.content)
    preview = _preview(text, preview_chars)
    lines = text.count("\n") + 1
    note = (
        f"\n…\n[Result cut short: {len(text):,} characters, {lines:,} lines. The full text is saved "
        f'as {path}. Read it with read_file(path="{path}", offset=0, limit=100) (offset counts '
        f'lines from 0), or find lines with grep(pattern="...", path="{path}").]'
    )
    message = result.model_copy(update={"content": preview + note})
    value = file_value(text, tool=tool, tool_call_id=result.tool_call_id)
    return Offload(files_namespace(thread_id), path, value, message)


def _preview(text: str, chars: int) -> str:
    """The first `chars` characters, cut at a line end when one falls in the second half."""
    head = text[:chars]
    cut = head.rfind("\n")
    return head[:cut] if cut >= chars // 2 else head


class LargeResultMiddleware(AgentMiddleware[AgentState[ResponseT], ContextT, ResponseT]):
    """Saves tool results longer than `max_chars` to the thread's file space and shows a preview.

    Registers the `read_file` and `grep` tools (its `tools` attribute), which read the files back.
    Needs a LangGraph store: `before_agent` fails the run at once if there is none.
    """

    def __init__(
        self, *, max_chars: int = 4000, preview_chars: int = 1000, thread_id_of: ThreadIdOf | None = None
    ) -> None:
        """Configure the threshold.

        Args:
            max_chars: Results longer than this are saved as files; also the most a `read_file`
                or `grep` output holds.
            preview_chars: How much of a saved result stays in the conversation (< `max_chars`).
            thread_id_of: Reads the thread id from a run's config; defaults to
                `configurable.thread_id`.

        Raises:
            ValueError: If a size is not a positive int or the preview is not shorter than `max_chars`.
            TypeError: If `thread_id_of` is not callable.

        """
        super().__init__()
        for name, value in (("max_chars", max_chars), ("preview_chars", preview_chars)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                msg = f"{name} must be a positive int, got {value!r}"
                raise ValueError(msg)
        if preview_chars >= max_chars:
            msg = f"preview_chars ({preview_chars}) must be smaller than max_chars ({max_chars})"
            raise ValueError(msg)
        if thread_id_of is not None and not callable(thread_id_of):
            msg = f"thread_id_of must be callable or None, got {thread_id_of!r}"
            raise TypeError(msg)
        self.max_chars = max_chars
        self.preview_chars = preview_chars
        self.thread_id_of = thread_id_of or thread_id_from_config
        self.tools = file_tools(thread_id_of=self.thread_id_of, max_chars=max_chars)

    @override
    def before_agent(self, state: AgentState[ResponseT], runtime: Runtime[ContextT]) -> dict[str, Any] | None:
        """Fail at once, with a clear message, when the agent has no store to save files in."""
        if runtime.store is None:
            msg = (
                "LargeResultMiddleware keeps long tool results in the LangGraph store: compile the "
                "agent (or the graph it runs in) with store=..."
            )
            raise MissingStoreError(msg)
        return None

    async def abefore_agent(
        self, state: AgentState[ResponseT], runtime: Runtime[ContextT]
    ) -> dict[str, Any] | None:
        """Async form of `before_agent`."""
        return self.before_agent(state, runtime)

    def _plan(self, request: ToolCallRequest, result: ToolMessage | Command[Any]) -> Offload | None:
        return plan_offload(
            result,
            thread_id=self.thread_id_of(request.runtime.config),
            max_chars=self.max_chars,
            preview_chars=self.preview_chars,
        )

    def wrap_tool_call(
        self,
        request: ToolCallRequest,
        handler: Callable[[ToolCallRequest], ToolMessage | Command[Any]],
    ) -> ToolMessage | Command[Any]:
        """Run the tool; save a long result and return its preview."""
        result = handler(request)
        offload = self._plan(request, result)
        if offload is None:
            return result
        _require_store(request).put(offload.namespace, offload.path, offload.value, index=False)
        return offload.message

    async def awrap_tool_call(
        self,
        request: ToolCallRequest,
        handler: Callable[[ToolCallRequest], Awaitable[ToolMessage | Command[Any]]],
    ) -> ToolMessage | Command[Any]:
        """Async form of `wrap_tool_call`."""
        result = await handler(request)
        offload = self._plan(request, result)
        if offload is None:
            return result
        await _require_store(request).aput(offload.namespace, offload.path, offload.value, index=False)
        return offload.message


def _require_store(request: ToolCallRequest) -> Any:
    store = request.runtime.store
    if store is None:
        msg = "LargeResultMiddleware needs a LangGraph store to save long tool results"
        raise MissingStoreError(msg)
    return store
