"""PostgresLedger: exact totals, idempotent charges, atomicity across threads, pools and processes.

Every test runs on its own real database. "Another process" is checked twice over: a second pool
(as a second worker process would open) and a real subprocess.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier
from types import MappingProxyType
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool

from agent.config.model_config import ModelConfig, Price
from agent.config.settings import Settings
from agent.infra.ledgers import PostgresLedger, exhausted_payload
from agent.infra.migrations import TABLES
from agent.infra.persistence import Resources, open_resources, setup_database
from agent.journal.events import events, record_event
from middleware.budget import BudgetMiddleware
from middleware.ledger import BudgetLedger, Charge, Spend, charge_of, exhausted_message
from tests.support.school import ROOT


def test_the_ledger_implements_the_protocol(resources: Resources) -> None:
    assert isinstance(resources.ledger, PostgresLedger)
    assert isinstance(resources.ledger, BudgetLedger)


def test_charges_add_up_exactly_per_thread(resources: Resources) -> None:
    ledger = resources.ledger
    assert ledger.spent("t") == Spend()
    assert ledger.charge("t", 100, 20, 0.1, call_id="m1") == Spend(100, 20, 0.1)
    # Summed as numeric: 0.3, not the 0.30000000000000004 of float addition.
    assert ledger.charge("t", 7, 3, 0.2, call_id="m2") == Spend(107, 23, 0.3)
    assert ledger.charge("u", 1, 1, 0.00000001, call_id="m1") == Spend(1, 1, 0.00000001)
    assert ledger.spent("t") == Spend(107, 23, 0.3)
    assert ledger.spent("u") == Spend(1, 1, 0.00000001)
    assert ledger.spent("never") == Spend()


def test_the_same_call_is_charged_once(resources: Resources) -> None:
    ledger = resources.ledger
    first = ledger.charge("t", 500, 100, 0.008, call_id="m1")
    again = ledger.charge("t", 999, 999, 9.0, call_id="m1")  # a re-run reports the call again
    assert first == again == ledger.spent("t") == Spend(500, 100, 0.008)
    with resources.pool.connection() as conn:
        rows = conn.execute(
            "SELECT thread_id, call_id, input_tokens, output_tokens, cost_usd::text AS cost"
            " FROM budget_charges"
        ).fetchall()
    assert rows == [
        {"thread_id": "t", "call_id": "m1", "input_tokens": 500, "output_tokens": 100, "cost": "0.00800000"}
    ]


def test_concurrent_charges_give_the_exact_sum_and_serial_totals(resources: Resources) -> None:
    ledger, barrier = resources.ledger, Barrier(8)

    def charge(i: int) -> Spend:
        barrier.wait()
        return ledger.charge("t", 2**i, 1, 0.125, call_id=f"m{i}")

    with ThreadPoolExecutor(max_workers=8) as pool:
        totals = list(pool.map(charge, range(8)))

    assert ledger.spent("t") == Spend(255, 8, 1.0)
    # Each total is a set of calls (one bit each) that includes its own call; charges of one thread
    # are serialised, so the totals form a chain, each exactly one call more than the one before.
    for i, total in enumerate(totals):
        assert total.input_tokens & 2**i
        assert total.output_tokens == bin(total.input_tokens).count("1")
        assert total.cost_usd == total.output_tokens * 0.125
    chain = sorted(t.input_tokens for t in totals)
    assert [bin(t).count("1") for t in chain] == list(range(1, 9))
    assert all(later & earlier == earlier for earlier, later in itertools.pairwise(chain))


def test_the_same_call_charged_concurrently_counts_once(resources: Resources) -> None:
    ledger, barrier = resources.ledger, Barrier(8)

    def charge(_: int) -> Spend:
        barrier.wait()
        return ledger.charge("t", 40, 2, 0.5, call_id="same")

    with ThreadPoolExecutor(max_workers=8) as pool:
        totals = list(pool.map(charge, range(8)))
    assert totals == [Spend(40, 2, 0.5)] * 8


def test_exhaustion_is_noted_once_across_pools(resources: Resources, settings: Settings) -> None:
    with open_resources(settings, setup=False) as other:
        assert other.pool is not resources.pool
        ledgers = [resources.ledger, other.ledger]
        assert ledgers[0].note_exhausted("t") is True
        assert [ledgers[0].note_exhausted("t"), ledgers[1].note_exhausted("t")] == [False, False]

        barrier = Barrier(8)

        def note(i: int) -> bool:
            barrier.wait()
            return ledgers[i % 2].note_exhausted("race")

        with ThreadPoolExecutor(max_workers=8) as pool:
            assert sorted(pool.map(note, range(8))) == [False] * 7 + [True]

        ledgers[1].charge("t", 10, 5, 0.25, call_id="m1")
        assert ledgers[0].spent("t") == Spend(10, 5, 0.25)


def test_another_process_sees_the_same_spend_and_exhaustion(resources: Resources, database_url: str) -> None:
    resources.ledger.charge("t", 300, 30, 0.5, call_id="m1")
    assert resources.ledger.note_exhausted("t") is True
    script = textwrap.dedent("""
        import sys
        from psycopg_pool import ConnectionPool
        from agent.infra.ledgers import PostgresLedger
        with ConnectionPool(sys.argv[1], min_size=1, open=True) as pool:  # no dict_row: the default
            ledger = PostgresLedger(pool)
            again = ledger.charge("t", 300, 30, 0.5, call_id="m1")
            total = ledger.charge("t", 1, 2, 0.25, call_id="m2")
            print(again.tokens, total.tokens, total.cost_usd, ledger.note_exhausted("t"))
    """)
    result = subprocess.run(
        [sys.executable, "-c", script, database_url],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["330", "333", "0.75", "False"]
    assert resources.ledger.spent("t") == Spend(301, 32, 0.75)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((-1, 0, 0.0, "m"), "input_tokens must be a non-negative int"),
        ((0, 1.5, 0.0, "m"), "output_tokens must be a non-negative int"),
        ((0, 0, -0.1, "m"), "cost_usd must be a finite non-negative number"),
        ((0, 0, float("nan"), "m"), "cost_usd must be a finite non-negative number"),
        ((0, 0, 0.0, ""), "call_id must be a non-empty str"),
    ],
)
def test_bad_charges_are_refused_before_anything_is_written(
    resources: Resources, args: tuple[Any, ...], message: str
) -> None:
    input_tokens, output_tokens, cost, call_id = args
    with pytest.raises(ValueError, match=message):
        resources.ledger.charge("t", input_tokens, output_tokens, cost, call_id=call_id)
    assert resources.ledger.spent("t") == Spend()


def test_setup_is_idempotent_and_keeps_the_charges(resources: Resources) -> None:
    resources.ledger.charge("t", 1, 1, 0.0, call_id="m1")
    setup_database(resources)
    setup_database(resources)
    assert {"budget_charges", "budget_exhausted"} <= set(TABLES)
    assert resources.ledger.spent("t") == Spend(1, 1, 0.0)


def test_prices_come_from_the_model_config() -> None:
    config = ModelConfig(prices=MappingProxyType({"gpt-4.1-mini": Price(0.4, 1.6)}))
    message = AIMessage(
        "",
        id="m1",
        usage_metadata={"input_tokens": 1_000_000, "output_tokens": 500_000, "total_tokens": 1_500_000},
        response_metadata={"model_name": "gpt-4.1-mini"},
    )
    assert charge_of(message, config.price_of) == Charge("m1", "gpt-4.1-mini", 1_000_000, 500_000, 1.2)
    assert charge_of(message, ModelConfig().price_of) == Charge("m1", "gpt-4.1-mini", 1_000_000, 500_000, 0.0)


# -- BudgetMiddleware on the Postgres ledger ------------------------------------------------------


@tool
def lookup(course_id: str) -> str:
    """Look up a course by id."""
    return f"{course_id}: 6 weeks"


def reply(course_id: str, call_id: str, tokens: tuple[int, int]) -> AIMessage:
    return AIMessage(
        "",
        tool_calls=[{"name": "lookup", "args": {"course_id": course_id}, "id": call_id}],
        usage_metadata={"input_tokens": tokens[0], "output_tokens": tokens[1], "total_tokens": sum(tokens)},
        response_metadata={"model_name": "gpt-4.1-mini"},
    )


def shape(messages: list[AnyMessage]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for m in messages:
        if isinstance(m, ToolMessage):
            out.append(("tool", m.tool_call_id, m.text))
        elif isinstance(m, AIMessage):
            out.append(("ai", m.text, [c["id"] for c in m.tool_calls]))
        else:
            out.append((m.type, m.text))
    return out


def test_the_middleware_stops_the_run_and_journals_once(
    resources: Resources, settings: Settings, scripted_model: Any
) -> None:
    config = ModelConfig(prices=MappingProxyType({"gpt-4.1-mini": Price(10.0, 30.0)}))
    limits = {"max_tokens": 1000, "max_usd": 1.0}

    def agent_on(res: Resources, model: Any) -> Any:
        def journal(thread_id: str, spend: Spend) -> None:  # as the planner does (graphs.planner.deps)
            record_event(res.pool, thread_id, "budget_exhausted", exhausted_payload(spend, **limits))

        budget = BudgetMiddleware(ledger=res.ledger, prices=config.price_of, on_exhausted=journal, **limits)
        return create_agent(model=model, tools=[lookup], middleware=[budget], checkpointer=res.checkpointer)

    model = scripted_model(reply("rag", "c1", (500, 100)), reply("sql", "c2", (400, 50)))
    cfg = {"configurable": {"thread_id": "t1"}}
    out = agent_on(resources, model).invoke({"messages": [HumanMessage("plan rag then sql")]}, cfg)

    # (900 * 10 + 150 * 30) / 1e6
    spend = Spend(900, 150, 0.0135)
    assert shape(out["messages"]) == [
        ("human", "plan rag then sql"),
        ("ai", "", ["c1"]),
        ("tool", "c1", "rag: 6 weeks"),
        ("ai", "", ["c2"]),
        ("tool", "c2", "sql: 6 weeks"),
        ("ai", exhausted_message(spend).text, []),
    ]
    assert resources.ledger.spent("t1") == spend

    # Another process (its own pool) on the same thread stops before calling its model, and the
    # exhaustion is not journalled again.
    with open_resources(settings, setup=False) as other:
        idle = scripted_model()
        again = agent_on(other, idle).invoke({"messages": [HumanMessage("and python?")]}, cfg)
    assert shape(again["messages"][-2:]) == [
        ("human", "and python?"),
        ("ai", exhausted_message(spend).text, []),
    ]

    journal = events(resources.pool, "t1")
    assert [(e["kind"], e["payload"]) for e in journal] == [
        (
            "budget_exhausted",
            {"tokens": 1050, "cost_usd": 0.0135, "limits": {"max_tokens": 1000, "max_usd": 1.0}},
        )
    ]
    assert events(resources.pool, "other-thread") == []
