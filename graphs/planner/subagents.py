"""The planner's subagents: LangChain agents with read-only catalog tools and the school's middleware.

Agents here can only read the catalog. Enrolling, paying and cancelling stay with the graph's
approval step; the middleware stack also puts those tool names behind human approval, so an agent
given one by mistake still could not act on its own.

LangChain's agents, tools and the middleware are imported when an agent is built, not with this
module: the planner's nodes import it, and a process that only resumes an approval never plans.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from langchain_core.messages import AIMessage, AnyMessage, HumanMessage
from langchain_core.runnables import RunnableConfig

import memories
import skills
from agent.config.model_config import ModelConfig
from agent.domain import School
from agent.llm.calls import Recorded, recorded
from agent.llm.models import NamedModel
from graphs.composer import describe_courses
from graphs.model_json import reply_field
from graphs.prompts import ORCHESTRATOR_SYSTEM, WORKER_SYSTEM
from graphs.state import Context

if TYPE_CHECKING:
    from langchain_core.tools import BaseTool
    from langgraph.graph.state import CompiledStateGraph

    from middleware import BudgetLedger, SubagentLimits
    from middleware.ledger import OnExhausted

MAX_TASKS = 4


@dataclass(frozen=True)
class AgentKit:
    """What every subagent of one thread is built with."""

    ledger: BudgetLedger
    limits: SubagentLimits
    models: ModelConfig
    on_exhausted: OnExhausted | None = None
    skills_dir: Path = skills.DIR
    agents_md: Path = memories.AGENTS_MD


def catalog_tools(school: School) -> list[BaseTool]:
    """Read-only tools over the catalog."""
    from langchain_core.tools import tool

    @tool
    def search_catalog(query: str) -> str:
        """Search the course catalog; returns matching courses with prices, prerequisites and cohorts."""
        courses = school.search(query, limit=4)
        return describe_courses(courses) if courses else "No course matches that query."

    @tool
    def course_details(course_id: str) -> str:
        """One course by id, with its prerequisites and cohorts."""
        courses = school.courses_with_cohorts([course_id])
        return describe_courses(courses) if courses else f"There is no course {course_id!r}."

    return [search_catalog, course_details]


def build_agent(
    model: Any, school: School, kit: AgentKit, *, planner: bool
) -> CompiledStateGraph[Any, Context, Any, Any]:
    """A subagent: the orchestrator (`planner=True`, with a todo list) or a research worker."""
    from langchain.agents import create_agent

    from middleware import subagent_middleware

    middleware = subagent_middleware(
        ledger=kit.ledger,
        skills_dir=kit.skills_dir,
        agents_md=kit.agents_md,
        limits=kit.limits,
        planner=planner,
        prices=kit.models.price_of,
        on_exhausted=kit.on_exhausted,
    )
    system = ORCHESTRATOR_SYSTEM if planner else WORKER_SYSTEM
    return create_agent(
        model,
        catalog_tools(school),
        system_prompt=system,
        middleware=middleware,
        context_schema=Context,
        name="orchestrator" if planner else "worker",
    )


def final_text(messages: list[AnyMessage]) -> str:
    """The text of the agent's last reply."""
    last = messages[-1] if messages else None
    return str(last.content) if isinstance(last, AIMessage) else ""


def budget_spent(messages: list[AnyMessage]) -> bool:
    """Whether the agent stopped because the thread's budget is spent."""
    last = messages[-1] if messages else None
    return isinstance(last, AIMessage) and last.response_metadata.get("finish_reason") == "budget_exhausted"


def run_agent(
    agent: CompiledStateGraph[Any, Context, Any, Any],
    task: str,
    *,
    role: str,
    model: NamedModel,
    kit: AgentKit,
    context: Context | None = None,
) -> Recorded[list[AnyMessage]]:
    """Run a subagent on `task`; its messages, or its failure, with every model call it made.

    Each call is timed where it happens (`agent.llm.calls`), inside the agent's loop, so the
    records carry each call's own latency, tokens and cost.
    """

    def work(config: RunnableConfig) -> list[AnyMessage]:
        out = agent.invoke({"messages": [HumanMessage(task)]}, config=config, context=context)
        messages: list[AnyMessage] = out["messages"]
        return messages

    return recorded(work, role=role, model=model.name, prices=kit.models)


def parse_tasks(text: str) -> list[str] | None:
    """The orchestrator's research questions, or None when its reply is not usable."""
    tasks = reply_field(text, "tasks")
    if not isinstance(tasks, list) or not 1 <= len(tasks) <= MAX_TASKS:
        return None
    if not all(isinstance(t, str) and 0 < len(t.strip()) <= 200 for t in tasks):
        return None
    return [t.strip() for t in tasks]
