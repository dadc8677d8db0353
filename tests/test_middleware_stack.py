"""The standard subagent stack: its order, human approval of every mutating tool, a whole worker run
through all the middleware (async), and snapshots of what the model sees.

Update the snapshots after an intended change with `UPDATE_SNAPSHOTS=1` and review the diff of
tests/snapshots/middleware_*.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import tool
from langchain_core.utils.function_calling import convert_to_openai_tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore
from langgraph.types import Command
from pydantic import Field

from graphs.state import Context
from middleware import MUTATING_TOOLS, MemoryLedger, Spend, SubagentLimits, subagent_middleware
from middleware.stack import APPROVAL_PREFIX
from tests.support.fakes import ScriptedChatModel
from tests.support.snapshots import check_snapshot

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOTS = Path(__file__).parent / "snapshots"
WORKER_PROMPT = (
    "You are a worker of Northwind School's program planner. Answer the task you are given "
    "from the catalog tools; cite course and cohort ids."
)
DONE: list[tuple[str, str]] = []


@tool
def search_catalog(query: str) -> str:
    """Search the course catalog; returns matching courses as JSON."""
    if query == "all":
        return json.dumps([{"id": f"course-{i:02d}", "price_eur": 100 + i} for i in range(60)])
    return json.dumps([{"id": query, "price_eur": 690}])


@tool
def cohort_seats(cohort_id: str) -> str:
    """Seats left in a cohort."""
    raise RuntimeError(f"SELECT seats FROM cohorts WHERE id = '{cohort_id}' -- db01.internal timed out")


def _mutating(name: str) -> Any:
    def run(cohort_id: str) -> str:
        DONE.append((name, cohort_id))
        return f"{name} {cohort_id}: done"

    return tool(name, description=f"{name.replace('_', ' ').capitalize()} for the current student.")(run)


MUTATING = [_mutating(name) for name in MUTATING_TOOLS]


@pytest.fixture(autouse=True)
def _nothing_done() -> None:
    DONE.clear()


def stack(**kwargs: Any) -> list[Any]:
    return subagent_middleware(
        ledger=kwargs.pop("ledger", MemoryLedger()),
        skills_dir=ROOT / "skills",
        agents_md=ROOT / "memories" / "AGENTS.md",
        limits=SubagentLimits(retry_delay_s=0, large_result_chars=600, preview_chars=200, max_tokens=5000),
        **kwargs,
    )


def agent_with(model: Any, *, tools: Sequence[Any] = (), **kwargs: Any) -> Any:
    return create_agent(
        model,
        tools=[search_catalog, cohort_seats, *tools],
        system_prompt=WORKER_PROMPT,
        middleware=stack(**kwargs),
        checkpointer=InMemorySaver(),
        store=InMemoryStore(),
        context_schema=Context,
    )


def cfg(thread: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread}}


def call(name: str, args: dict[str, Any], call_id: str, tokens: int = 0) -> AIMessage:
    return AIMessage(
        "",
        tool_calls=[{"name": name, "args": args, "id": call_id}],
        usage_metadata={"input_tokens": tokens, "output_tokens": 0, "total_tokens": tokens},
    )


def test_the_stack_is_in_the_documented_order() -> None:
    assert [type(m).__name__ for m in stack(planner=True)] == [
        "DanglingToolCallsMiddleware",
        "MemoryMiddleware",
        "SkillsMiddleware",
        "TodoListMiddleware",
        "HumanInTheLoopMiddleware",
        "ToolErrorMiddleware",
        "LargeResultMiddleware",
        "ToolRetryMiddleware",
        "ContextEditingMiddleware",
        "ToolFailureLimitMiddleware",
        "ToolCallLimitMiddleware",
        "InvalidToolCallsMiddleware",
        "ModelCallLimitMiddleware",
        "BudgetMiddleware",
        "PlainSystemPromptMiddleware",
    ]
    assert "TodoListMiddleware" not in [type(m).__name__ for m in stack()]
    with pytest.raises(ValueError, match="mutating_tools must name"):
        stack(mutating_tools=())


@pytest.mark.parametrize("name", MUTATING_TOOLS)
def test_a_mutating_tool_waits_for_approval_and_runs_only_when_approved(
    scripted_model: Any, name: str
) -> None:
    model = scripted_model(call(name, {"cohort_id": "rag-2"}, "c1"), "Done: rag-2.")
    agent = agent_with(model, tools=MUTATING)
    paused = agent.invoke(
        {"messages": [HumanMessage("sign me up for rag-2")]}, cfg("t1"), context=Context(user_id="ada")
    )

    description = f"{APPROVAL_PREFIX}\n\nTool: {name}\nArgs: {{'cohort_id': 'rag-2'}}"
    assert [i.value for i in paused["__interrupt__"]] == [
        {
            "action_requests": [{"name": name, "args": {"cohort_id": "rag-2"}, "description": description}],
            "review_configs": [{"action_name": name, "allowed_decisions": ["approve", "edit", "reject"]}],
        }
    ]
    assert DONE == []
    assert agent.get_state(cfg("t1")).next == ("HumanInTheLoopMiddleware.after_model",)

    out = agent.invoke(
        Command(resume={"decisions": [{"type": "approve"}]}), cfg("t1"), context=Context(user_id="ada")
    )
    assert [(name, "rag-2")] == DONE
    assert [(m.tool_call_id, m.status, m.text) for m in out["messages"] if isinstance(m, ToolMessage)] == [
        ("c1", "success", f"{name} rag-2: done")
    ]
    assert out["messages"][-1].text == "Done: rag-2."
    assert agent.get_state(cfg("t1")).interrupts == ()


def test_a_rejected_enrollment_never_runs(scripted_model: Any) -> None:
    model = scripted_model(call("enroll", {"cohort_id": "rag-2"}, "c1"), "I did not enroll you.")
    agent = agent_with(model, tools=MUTATING)
    agent.invoke({"messages": [HumanMessage("enroll me")]}, cfg("t1"), context=Context(user_id="ada"))
    out = agent.invoke(
        Command(resume={"decisions": [{"type": "reject", "message": "not this cohort"}]}),
        cfg("t1"),
        context=Context(user_id="ada"),
    )
    assert DONE == []
    results = [(m.tool_call_id, m.status) for m in out["messages"] if isinstance(m, ToolMessage)]
    assert results == [("c1", "error")]
    assert out["messages"][-1].text == "I did not enroll you."
    assert agent.get_state(cfg("t1")).interrupts == ()


def shape(messages: list[AnyMessage]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for m in messages:
        if isinstance(m, AIMessage):
            out.append(("ai", m.text, [c["id"] for c in m.tool_calls]))
        elif isinstance(m, ToolMessage):
            out.append(("tool", m.tool_call_id, m.status, m.text[:30]))
        else:
            out.append((m.type, m.text))
    return out


def test_a_worker_run_through_the_whole_stack_async(scripted_model: Any) -> None:
    ledger, told = MemoryLedger(), []
    model = scripted_model(
        call("search_catalog", {"query": "all"}, "c1", tokens=1000),
        call("grep", {"pattern": "course-42", "path": "/results/search_catalog-c1.txt"}, "c2", tokens=1000),
        call("cohort_seats", {"cohort_id": "rag-2"}, "c3", tokens=1000),
        call("read_skill", {"name": "program-planning"}, "c4", tokens=1000),
        call("remember", {"fact": "Budget is 1500 EUR."}, "c5", tokens=1000),
    )
    agent = agent_with(model, ledger=ledger, on_exhausted=lambda thread, spend: told.append((thread, spend)))

    out = asyncio.run(
        agent.ainvoke(
            {"messages": [HumanMessage("ML program within 1500")]}, cfg("w1"), context=Context(user_id="ada")
        )
    )

    assert shape(out["messages"]) == [
        ("human", "ML program within 1500"),
        ("ai", "", ["c1"]),
        ("tool", "c1", "success", '[\n  {\n    "id": "course-00",\n '),
        ("ai", "", ["c2"]),
        ("tool", "c2", "success", "1 lines of /results/search_cat"),
        ("ai", "", ["c3"]),
        ("tool", "c3", "error", "Tool `cohort_seats` failed wit"),
        ("ai", "", ["c4"]),
        ("tool", "c4", "success", "# Skill: program-planning\n\n# P"),
        ("ai", "", ["c5"]),
        ("tool", "c5", "success", "Remembered for this student's "),
        ("ai", out["messages"][-1].text, []),
    ]
    assert "/results/search_catalog-c1.txt" in out["messages"][2].text
    assert out["messages"][6].text.startswith(
        "Tool `cohort_seats` failed with RuntimeError; the details are withheld."
    )
    assert out["messages"][4].text.endswith('"id": "course-42",')
    assert "db01" not in json.dumps([m.text for m in out["messages"]])
    assert out["messages"][-1].response_metadata == {"finish_reason": "budget_exhausted"}
    assert told == [("w1", Spend(5000, 0, 0.0))]


class RecordingModel(ScriptedChatModel):
    """A scripted model that also records the tools each call was bound to."""

    bound: list[list[Any]] = Field(default_factory=list, exclude=True, repr=False)

    def bind_tools(
        self, tools: Sequence[Any], *, tool_choice: str | None = None, **kwargs: Any
    ) -> RecordingModel:
        self.bound.append(list(tools))
        return self


@pytest.mark.parametrize("role", ["worker", "planner"])
def test_snapshot_of_the_system_prompt_and_tool_schemas(role: str) -> None:
    model = RecordingModel(["ok"])
    agent = agent_with(model, planner=role == "planner")
    agent.invoke({"messages": [HumanMessage("hi")]}, cfg("s1"), context=Context(user_id="ada"))
    model.assert_complete()

    system = model.calls[0].messages[0]
    assert isinstance(system, SystemMessage)
    check_snapshot(f"middleware_{role}_prompt.txt", system.text + "\n")
    schemas = [convert_to_openai_tool(t)["function"] for t in model.bound[0]]
    check_snapshot(f"middleware_{role}_tools.json", json.dumps(schemas, indent=2, ensure_ascii=False) + "\n")
