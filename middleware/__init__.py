"""LangChain `AgentMiddleware` classes for the school's agents, one per file, and their standard stack.

Only what LangChain does not ship lives here (budget, failure limit, invalid and dangling tool
calls, large results, skills, memory); the todo list, human-in-the-loop, call limits, tool retries
and tool errors are LangChain's, configured in `middleware.stack`. Nothing here imports a graph.
"""

from middleware.budget import BudgetLedger, BudgetMiddleware, MemoryLedger, Spend
from middleware.dangling import DanglingToolCallsMiddleware
from middleware.files import InvalidPathError, MissingStoreError, file_tools, files_namespace, normalise_path
from middleware.invalid_tool_calls import InvalidToolCallsMiddleware
from middleware.large_results import LargeResultMiddleware
from middleware.memory import MemoryMiddleware, memory_namespace
from middleware.plain_prompt import PlainSystemPromptMiddleware, plain_system_message
from middleware.skills import Skill, SkillFormatError, SkillsMiddleware, load_skills
from middleware.stack import MUTATING_TOOLS, SubagentLimits, subagent_middleware
from middleware.tool_errors import ToolFailureLimitMiddleware, safe_tool_error

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
]
