"""LangChain `AgentMiddleware` classes for the school's agents, one per file, and their standard stack.

Only what LangChain does not ship lives here (budget, failure limit, invalid and dangling tool
calls, large results, skills, memory); the todo list, human-in-the-loop, call limits, tool retries
and tool errors are LangChain's, configured in `middleware.stack`. Nothing here imports a graph.

The names below are loaded on first use: importing `middleware.ledger` (the ledger the persistence
layer implements) must not load `langchain.agents` through this package.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from middleware._common import MissingThreadIdError, thread_id_from_config
    from middleware.budget import BudgetMiddleware
    from middleware.dangling import DanglingToolCallsMiddleware
    from middleware.files import (
        InvalidPathError,
        MissingStoreError,
        file_tools,
        files_namespace,
        normalise_path,
    )
    from middleware.invalid_tool_calls import InvalidToolCallsMiddleware
    from middleware.large_results import LargeResultMiddleware
    from middleware.ledger import BudgetLedger, MemoryLedger, Spend
    from middleware.memory import MemoryMiddleware, memory_namespace
    from middleware.plain_prompt import PlainSystemPromptMiddleware, plain_system_message
    from middleware.skills import Skill, SkillFormatError, SkillsMiddleware, load_skills
    from middleware.stack import MUTATING_TOOLS, SubagentLimits, subagent_middleware
    from middleware.tool_errors import ToolFailureLimitMiddleware, safe_tool_error

_MODULES: dict[str, str] = {
    "MissingThreadIdError": "_common",
    "thread_id_from_config": "_common",
    "BudgetLedger": "ledger",
    "MemoryLedger": "ledger",
    "Spend": "ledger",
    "BudgetMiddleware": "budget",
    "DanglingToolCallsMiddleware": "dangling",
    "InvalidPathError": "files",
    "MissingStoreError": "files",
    "file_tools": "files",
    "files_namespace": "files",
    "normalise_path": "files",
    "InvalidToolCallsMiddleware": "invalid_tool_calls",
    "LargeResultMiddleware": "large_results",
    "MemoryMiddleware": "memory",
    "memory_namespace": "memory",
    "PlainSystemPromptMiddleware": "plain_prompt",
    "plain_system_message": "plain_prompt",
    "Skill": "skills",
    "SkillFormatError": "skills",
    "SkillsMiddleware": "skills",
    "load_skills": "skills",
    "MUTATING_TOOLS": "stack",
    "SubagentLimits": "stack",
    "subagent_middleware": "stack",
    "ToolFailureLimitMiddleware": "tool_errors",
    "safe_tool_error": "tool_errors",
}
"""Where each exported name is defined (a module of this package)."""

__all__ = [
    "MUTATING_TOOLS",
    "BudgetLedger",
    "BudgetMiddleware",
    "DanglingToolCallsMiddleware",
    "InvalidPathError",
    "InvalidToolCallsMiddleware",
    "LargeResultMiddleware",
    "MemoryLedger",
    "MemoryMiddleware",
    "MissingStoreError",
    "MissingThreadIdError",
    "PlainSystemPromptMiddleware",
    "Skill",
    "SkillFormatError",
    "SkillsMiddleware",
    "Spend",
    "SubagentLimits",
    "ToolFailureLimitMiddleware",
    "file_tools",
    "files_namespace",
    "load_skills",
    "memory_namespace",
    "normalise_path",
    "plain_system_message",
    "safe_tool_error",
    "subagent_middleware",
    "thread_id_from_config",
]


def __getattr__(name: str) -> Any:
    """Import the module that defines `name` on first use, and keep the value here."""
    module = _MODULES.get(name)
    if module is None:
        message = f"module {__name__!r} has no attribute {name!r}"
        raise AttributeError(message)
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
