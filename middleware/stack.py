"""The standard middleware stack of a school subagent (planner, worker, reviewer), in order.

LangChain runs the list as follows, which fixes the order below:
- `before_agent` and `before_model` hooks run in list order; the first jump to "end" wins.
- `wrap_model_call` and `wrap_tool_call` nest: the first in the list is the outermost wrapper,
  so system-prompt sections appear in list order.
- `after_model` hooks run in *reverse* list order, and a jump skips the after_model hooks
  that would have run after it.

1. DanglingToolCalls (before_model): repairs the history before any check or model call sees it.
2. Memory (before_agent, wrap_model_call): prompt = base, then school notes and student facts.
3. Skills (wrap_model_call): then the skills catalogue.
4. TodoList, planner only (wrap_model_call, after_model): then the todo instructions.
5. HumanInTheLoop (after_model, wrap_tool_call): the outermost tool wrapper, so a reviewer's edit
   is applied before anything else runs; its after_model (the approval interrupt) runs after the
   reply has been charged by (14).
6. ToolError (wrap_tool_call): turns any exception from below (tool, store) into a safe result.
7. LargeResult (before_agent, wrap_tool_call): offloads a successful long result; a failure to
   save it becomes a safe error result through (6).
8. ToolRetry (wrap_tool_call): innermost, retries only the tool and only transient errors, then
   re-raises to (6).
9. ContextEditing (wrap_model_call): clears old tool results from the model's view (not from
   state) once the context passes `limits.context_tokens`; needs no model.
10. ToolFailureLimit (before_model): stops after N failures of one tool in a row.
11. ToolCallLimit (after_model): answers calls over the run limit with an error result.
12. InvalidToolCalls (after_model): answers unparseable calls; jumps back to the model only when no
    valid call is pending (a jump skips the after_model hooks above it, which have nothing to do).
13. ModelCallLimit (before_model, after_model): caps model calls per run.
14. Budget (before_model, after_model): last, so its after_model runs first and every reply is
    charged before anything can interrupt (HITL) or jump; its before_model check runs last, after
    the cheaper checks.
15. PlainSystemPrompt (wrap_model_call): innermost, so the prompt every other middleware built
    reaches the server as one string (llama-cpp-python's server refuses content blocks there).

Summarization is left out: `SummarizationMiddleware` needs a chat model to write summaries (the
agent's own or a `summarizer`), whose calls would bypass the budget (they are not the agent's model
node, so `BudgetMiddleware` never sees their usage), and a non-model summarizer would just drop
content. Workers have short, isolated contexts bounded by the run limits; long tool results are
offloaded by `LargeResultMiddleware`, and `ContextEditingMiddleware` (which needs no model) clears
old tool results when a context still grows past `limits.context_tokens`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from langchain.agents.middleware import (
    ClearToolUsesEdit,
    ContextEditingMiddleware,
    HumanInTheLoopMiddleware,
    InterruptOnConfig,
    ModelCallLimitMiddleware,
    TodoListMiddleware,
    ToolCallLimitMiddleware,
    ToolErrorMiddleware,
    ToolRetryMiddleware,
)
from langchain.agents.middleware.types import AgentMiddleware

from middleware._common import ThreadIdOf
from middleware.budget import BudgetMiddleware
from middleware.dangling import DanglingToolCallsMiddleware
from middleware.invalid_tool_calls import InvalidToolCallsMiddleware
from middleware.large_results import LargeResultMiddleware
from middleware.ledger import BudgetLedger, OnExhausted
from middleware.memory import MemoryMiddleware
from middleware.plain_prompt import PlainSystemPromptMiddleware
from middleware.skills import SkillsMiddleware
from middleware.tool_errors import ToolFailureLimitMiddleware, safe_tool_error
from middleware.usage import Prices

MUTATING_TOOLS = ("enroll", "join_waitlist", "pay", "cancel")
"""Tools that change enrollments or money: never run without a human's approval."""
APPROVAL_PREFIX = "A school agent wants to change an enrollment or a payment; approve, edit or reject it"


@dataclass(frozen=True)
class SubagentLimits:
    """The limits of one subagent; the budget ones apply to the whole thread, shared by all agents."""

    model_calls_per_run: int = 12
    tool_calls_per_run: int = 30
    failures_in_a_row: int = 3
    """Errors in a row from one tool that stop the run."""
    max_tokens: int | None = 200_000
    """Tokens the whole thread may use (parent and subagents together)."""
    max_usd: float | None = 1.0
    """US dollars the whole thread may spend."""
    large_result_chars: int = 4000
    preview_chars: int = 1000
    tool_retries: int = 2
    """Retries of a tool that raised a transient error (TimeoutError, ConnectionError)."""
    retry_delay_s: float = 0.5
    context_tokens: int = 60_000
    """Above this (approximate) context size, old tool results are cleared from the model's view."""


def subagent_middleware(
    *,
    ledger: BudgetLedger,
    skills_dir: Path | str,
    agents_md: Path | str,
    limits: SubagentLimits | None = None,
    planner: bool = False,
    prices: Prices | None = None,
    on_exhausted: OnExhausted | None = None,
    thread_id_of: ThreadIdOf | None = None,
    mutating_tools: Sequence[str] = MUTATING_TOOLS,
    transient_errors: tuple[type[Exception], ...] = (TimeoutError, ConnectionError),
) -> list[AgentMiddleware[Any, Any, Any]]:
    """The middleware of a school subagent, in the order documented in this module.

    Args:
        ledger: The thread budget ledger, shared with the parent agent and the other subagents.
        skills_dir: The folder of `<name>/SKILL.md` skills.
        agents_md: The school's notes (memories/AGENTS.md).
        limits: Run and thread limits; `SubagentLimits()` when None.
        planner: Add LangChain's todo list (`write_todos`) for an agent that plans.
        prices: Model name -> its price (`middleware.usage.Rate`), for the money budget.
        on_exhausted: Told (thread id, spend) once when the thread's budget is spent.
        thread_id_of: Reads the thread id from a run's config (default `configurable.thread_id`).
        mutating_tools: Tool names that always need a human's approval.
        transient_errors: Exceptions worth retrying; anything else fails at once (safely).

    Returns:
        A fresh list of middleware instances (do not share instances between agents).

    Raises:
        ValueError: If `mutating_tools` is empty, or a limit is invalid (raised by the middleware).

    """
    limits = limits or SubagentLimits()
    if not mutating_tools:
        msg = "mutating_tools must name the tools that need approval (enroll, join_waitlist, pay, cancel)"
        raise ValueError(msg)
    approval = InterruptOnConfig(allowed_decisions=["approve", "edit", "reject"])
    stack: list[AgentMiddleware[Any, Any, Any]] = [
        DanglingToolCallsMiddleware(),
        MemoryMiddleware(agents_md=agents_md),
        SkillsMiddleware(skills_dir=skills_dir),
    ]
    if planner:
        stack.append(TodoListMiddleware())
    stack += [
        HumanInTheLoopMiddleware(
            interrupt_on={name: approval for name in mutating_tools}, description_prefix=APPROVAL_PREFIX
        ),
        ToolErrorMiddleware(on_error=safe_tool_error),
        LargeResultMiddleware(
            max_chars=limits.large_result_chars, preview_chars=limits.preview_chars, thread_id_of=thread_id_of
        ),
        ToolRetryMiddleware(
            max_retries=limits.tool_retries,
            retry_on=transient_errors,
            on_failure="error",
            initial_delay=limits.retry_delay_s,
            jitter=False,
        ),
        ContextEditingMiddleware(
            edits=[ClearToolUsesEdit(trigger=limits.context_tokens, keep=3, exclude_tools=("read_skill",))]
        ),
        ToolFailureLimitMiddleware(max_failures=limits.failures_in_a_row),
        ToolCallLimitMiddleware(run_limit=limits.tool_calls_per_run, exit_behavior="continue"),
        InvalidToolCallsMiddleware(),
        ModelCallLimitMiddleware(run_limit=limits.model_calls_per_run, exit_behavior="end"),
        BudgetMiddleware(
            ledger=ledger,
            max_tokens=limits.max_tokens,
            max_usd=limits.max_usd,
            prices=prices,
            on_exhausted=on_exhausted,
            thread_id_of=thread_id_of,
        ),
        # Innermost model wrapper: whatever the others added, the server gets one string.
        PlainSystemPromptMiddleware(),
    ]
    return stack
