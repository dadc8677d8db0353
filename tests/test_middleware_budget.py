"""BudgetMiddleware: a token and money budget per thread, shared by an agent and its subagents.

Agents are driven by scripted models through whole runs; each scripted model fails its test when
it is called more or fewer times than scripted, so "the run stopped before the next call" is checked
by the script itself.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver

from agent.config.model_config import Price
from middleware import BudgetMiddleware, MemoryLedger, Spend
from middleware._common import MissingThreadIdError
from middleware.ledger import exhausted_message

PRICES = {"test-model": Price(10.0, 30.0)}
"""USD per million tokens (input, output)."""


def reply(
    *calls: tuple[str, dict[str, Any], str],
    tokens: tuple[int, int] = (0, 0),
    text: str = "",
    model: str = "test-model",
) -> AIMessage:
    return AIMessage(
        text,
        tool_calls=[{"name": n, "args": a, "id": i} for n, a, i in calls],
        usage_metadata={"input_tokens": tokens[0], "output_tokens": tokens[1], "total_tokens": sum(tokens)},
        response_metadata={"model_name": model},
    )


def shape(messages: list[AnyMessage]) -> list[tuple[Any, ...]]:
    """The messages without ids: what a trajectory assertion compares."""
    out: list[tuple[Any, ...]] = []
    for m in messages:
        if isinstance(m, HumanMessage):
            out.append(("human", m.text))
        elif isinstance(m, AIMessage):
            out.append(("ai", m.text, [(c["name"], c["args"], c["id"]) for c in m.tool_calls]))
        elif isinstance(m, ToolMessage):
            out.append(("tool", m.name, m.tool_call_id, m.status, m.text))
        else:
            out.append((m.type, m.text))
    return out


@tool
def lookup(course_id: str) -> str:
    """Look up a course by id."""
    return f"{course_id}: 6 weeks"


def cfg(thread: str) -> dict[str, Any]:
    return {"configurable": {"thread_id": thread}}


def test_a_spent_token_budget_stops_the_run_with_a_message_and_tells_once(scripted_model: Any) -> None:
    ledger, told = MemoryLedger(), []
    model = scripted_model(
        reply(("lookup", {"course_id": "rag"}, "c1"), tokens=(500, 100)),
        reply(("lookup", {"course_id": "sql"}, "c2"), tokens=(400, 50)),
    )
    budget = BudgetMiddleware(
        ledger=ledger,
        max_tokens=1000,
        max_usd=None,
        on_exhausted=lambda thread, spend: told.append((thread, spend)),
    )
    agent = create_agent(model, tools=[lookup], middleware=[budget], checkpointer=InMemorySaver())

    out = agent.invoke({"messages": [HumanMessage("plan rag then sql")]}, cfg("t1"))

    spend = Spend(900, 150, 0.0)
    assert shape(out["messages"]) == [
        ("human", "plan rag then sql"),
        ("ai", "", [("lookup", {"course_id": "rag"}, "c1")]),
        ("tool", "lookup", "c1", "success", "rag: 6 weeks"),
        ("ai", "", [("lookup", {"course_id": "sql"}, "c2")]),
        ("tool", "lookup", "c2", "success", "sql: 6 weeks"),
        ("ai", exhausted_message(spend).text, []),
    ]
    assert "1,050 tokens" in out["messages"][-1].text
    assert out["messages"][-1].response_metadata == {"finish_reason": "budget_exhausted"}
    assert told == [("t1", spend)]
    assert ledger.spent("t1") == spend

    # A later request in the same thread stops before any model call, and is not told again.
    again = agent.invoke({"messages": [HumanMessage("and python?")]}, cfg("t1"))
    assert shape(again["messages"][-2:]) == [
        ("human", "and python?"),
        ("ai", exhausted_message(spend).text, []),
    ]
    assert told == [("t1", spend)]
    assert ledger.spent("t2") == Spend()


def test_a_spent_money_budget_stops_the_run_priced_by_the_reported_model(scripted_model: Any) -> None:
    ledger = MemoryLedger()
    model = scripted_model(
        reply(("lookup", {"course_id": "rag"}, "c1"), tokens=(500, 100)),
        reply(("lookup", {"course_id": "sql"}, "c2"), tokens=(500, 100), model="unpriced-model"),
        reply(("lookup", {"course_id": "ml"}, "c3"), tokens=(500, 100)),
    )
    budget = BudgetMiddleware(ledger=ledger, max_tokens=None, max_usd=0.015, prices=PRICES.get)
    agent = create_agent(model, tools=[lookup], middleware=[budget], checkpointer=InMemorySaver())

    out = agent.invoke({"messages": [HumanMessage("three courses")]}, cfg("t1"))

    # 500 * 10 / 1e6 + 100 * 30 / 1e6 = 0.008 per priced call; the unpriced one costs 0.
    spend = Spend(1500, 300, 0.016)
    assert ledger.spent("t1") == spend
    assert shape(out["messages"])[-2:] == [
        ("tool", "lookup", "c3", "success", "ml: 6 weeks"),
        ("ai", exhausted_message(spend).text, []),
    ]
    assert "US$0.02" in out["messages"][-1].text


def test_the_budget_is_shared_by_a_parent_and_its_subagent_and_told_once(scripted_model: Any) -> None:
    ledger, told = MemoryLedger(), []

    def budget() -> BudgetMiddleware[Any, Any]:
        return BudgetMiddleware(
            ledger=ledger,
            max_tokens=1000,
            max_usd=None,
            on_exhausted=lambda thread, spend: told.append((thread, spend)),
        )

    worker_model = scripted_model(
        reply(("lookup", {"course_id": "rag"}, "w1"), tokens=(300, 100)),
        reply(("lookup", {"course_id": "sql"}, "w2"), tokens=(300, 100)),
        name="worker",
    )
    worker = create_agent(worker_model, tools=[lookup], middleware=[budget()])

    @tool
    def ask_worker(task: str) -> str:
        """Give a task to the worker."""
        result = worker.invoke({"messages": [HumanMessage(task)]})  # inherits the thread id
        return str(result["messages"][-1].text)

    parent_model = scripted_model(
        reply(("ask_worker", {"task": "compare rag and sql"}, "p1"), tokens=(250, 50)), name="parent"
    )
    parent = create_agent(
        parent_model, tools=[ask_worker], middleware=[budget()], checkpointer=InMemorySaver()
    )

    out = parent.invoke({"messages": [HumanMessage("rag or sql?")]}, cfg("shared"))

    spend = Spend(850, 250, 0.0)  # parent 300 + worker 400 + worker 400 tokens
    stop = exhausted_message(spend).text
    assert shape(out["messages"]) == [
        ("human", "rag or sql?"),
        ("ai", "", [("ask_worker", {"task": "compare rag and sql"}, "p1")]),
        ("tool", "ask_worker", "p1", "success", stop),
        ("ai", stop, []),
    ]
    assert [m.text for m in worker_model.calls[1].messages] == ["compare rag and sql", "", "rag: 6 weeks"]
    assert told == [("shared", spend)]
    assert ledger.spent("shared") == spend


def test_the_async_hooks_charge_and_stop_the_same_way(scripted_model: Any) -> None:
    ledger, told = MemoryLedger(), []
    model = scripted_model(reply(("lookup", {"course_id": "rag"}, "c1"), tokens=(900, 100)))
    budget = BudgetMiddleware(
        ledger=ledger,
        max_tokens=1000,
        max_usd=None,
        on_exhausted=lambda thread, spend: told.append((thread, spend)),
    )
    agent = create_agent(model, tools=[lookup], middleware=[budget], checkpointer=InMemorySaver())

    out = asyncio.run(agent.ainvoke({"messages": [HumanMessage("rag?")]}, cfg("a1")))

    assert shape(out["messages"])[-1] == ("ai", exhausted_message(Spend(900, 100)).text, [])
    assert told == [("a1", Spend(900, 100))]


def test_an_explicit_thread_id_reader_replaces_the_config(scripted_model: Any) -> None:
    ledger = MemoryLedger()
    model = scripted_model(reply(text="hi", tokens=(10, 2)))
    budget = BudgetMiddleware(
        ledger=ledger,
        max_tokens=1000,
        max_usd=None,
        thread_id_of=lambda config: "account-" + config["configurable"]["thread_id"],
    )
    agent = create_agent(model, tools=[lookup], middleware=[budget], checkpointer=InMemorySaver())
    agent.invoke({"messages": [HumanMessage("hi")]}, cfg("t9"))
    assert ledger.spent("account-t9") == Spend(10, 2)


def test_a_run_without_a_thread_id_is_refused_clearly(scripted_model: Any) -> None:
    budget = BudgetMiddleware(ledger=MemoryLedger(), max_tokens=1000, max_usd=None)
    agent = create_agent(scripted_model(), tools=[lookup], middleware=[budget])
    with pytest.raises(MissingThreadIdError, match="thread_id"):
        agent.invoke({"messages": [HumanMessage("hi")]})


def test_the_ledger_charges_each_call_once() -> None:
    ledger = MemoryLedger()
    assert ledger.charge("t", 10, 5, 0.5, call_id="m1") == Spend(10, 5, 0.5)
    assert ledger.charge("t", 10, 5, 0.5, call_id="m1") == Spend(10, 5, 0.5)
    assert ledger.charge("t", 1, 1, 0.25, call_id="m2") == Spend(11, 6, 0.75)
    assert ledger.spent("other") == Spend()
    assert [ledger.note_exhausted("t"), ledger.note_exhausted("t"), ledger.note_exhausted("u")] == [
        True,
        False,
        True,
    ]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"ledger": object(), "max_tokens": 10, "max_usd": None}, TypeError, "BudgetLedger"),
        ({"max_tokens": None, "max_usd": None}, ValueError, "max_tokens, max_usd or both"),
        ({"max_tokens": 0, "max_usd": None}, ValueError, "max_tokens must be a positive int"),
        ({"max_tokens": True, "max_usd": None}, ValueError, "max_tokens must be a positive int"),
        ({"max_tokens": None, "max_usd": -1.0}, ValueError, "max_usd must be a positive number"),
        ({"max_tokens": 10, "max_usd": None, "prices": {"m": (1, 2)}}, TypeError, "prices must be callable"),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_message(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        BudgetMiddleware(**{"ledger": MemoryLedger(), **kwargs})
