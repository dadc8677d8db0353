"""A chat model for the planner's tests: it hands each call to the scripted model of the role asking.

The orchestrator, every research worker and the reviser share one configured model in production;
in tests each gets its own script, picked by the text of the call (the role's system prompt, or the
worker's question), so parallel workers never take each other's steps.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatResult
from pydantic import Field

from tests.fakes import ScriptedChatModel

ORCHESTRATOR = "You plan multi-course study programs"
REVISER = "You fix a study program"


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
