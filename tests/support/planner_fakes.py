"""A chat model for the planner's tests: it hands each call to the scripted model of the role asking.

The orchestrator, every research worker and the reviser share one configured model in production;
in tests each gets its own script, picked by the text of the call (the role's system prompt, or the
worker's question), so parallel workers never take each other's steps.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatResult
from pydantic import Field

from tests.support.fakes import ScriptedChatModel

ORCHESTRATOR = "You plan multi-course study programs"
REVISER = "You fix a study program"

ML_REQUEST = (
    "put together a program of three courses for my goal of moving into ML engineering, "
    "within 1500, starting before March"
)
"""The issue's example request: three courses towards ML engineering, within a budget and a date."""


def usage(input_tokens: int, output_tokens: int) -> dict[str, int]:
    """A reply's `usage_metadata` with these token counts."""
    return {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "total_tokens": input_tokens + output_tokens,
    }


def tasks_reply(tasks: list[str], tokens: tuple[int, int] = (100, 20)) -> AIMessage:
    """The orchestrator's reply that splits a goal into `tasks`."""
    return AIMessage(json.dumps({"tasks": tasks}), usage_metadata=usage(*tokens))  # type: ignore[arg-type]


class DispatchModel(BaseChatModel):
    """Routes each call to `routes[key]` for the first key found in the call's messages."""

    routes: dict[str, ScriptedChatModel] = Field(exclude=True)
    delays: dict[str, float] = Field(default_factory=dict, exclude=True)
    """Seconds to wait before answering, per key: to order parallel workers in a test."""
    bound: list[list[Any]] = Field(default_factory=list, exclude=True)
    """The tools of each `bind_tools` call, as the agents offered them."""

    @property
    def _llm_type(self) -> str:
        return "dispatch-fake"

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: str | None = None, **kwargs: Any) -> Any:
        """The model itself (the scripts decide the tool calls); the tools are recorded."""
        self.bound.append(list(tools))
        return self

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        text = "\n".join(str(m.content) for m in messages)
        for key, model in self.routes.items():
            if key in text:
                time.sleep(self.delays.get(key, 0.0))
                return model._generate(messages, stop=stop, **kwargs)
        raise AssertionError(f"no scripted model for a call with: {text[:300]!r}")
