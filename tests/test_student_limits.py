"""Per-student limits: every model call charged to the student's day, a spent day refused before any
model call, and requests per API key limited on the HTTP API (429 with `Retry-After`).

The graphs run scripted models, each failing its test when called more or fewer times than
scripted, so a refused turn proves it made no model call. The HTTP tests go over real HTTP on
loopback to the LangGraph Server API, with httpx for exact answers and `langgraph_sdk` for what a
client sees, on real Postgres.
"""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from types import MappingProxyType
from typing import Any
from uuid import uuid4

import httpx
import pytest
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, LLMResult
from langgraph_sdk import get_sync_client
from langgraph_sdk.errors import RateLimitError
from psycopg_pool import ConnectionPool

from agent.config import faults
from agent.config.model_config import ModelConfig, Price
from agent.config.settings import Settings
from agent.infra.engine import RUN_TASK
from agent.infra.ledgers import StudentBudget, StudentLedger, register_student_budget, student_budget_for
from agent.infra.persistence import Resources
from agent.interfaces.server.errors import STATUS, retry_after
from agent.journal.events import events
from agent.journal.thread_records import ASSISTANT_ID
from agent.journal.turns import turns_of
from agent.llm.calls import CallMeter
from agent.llm.models import Models, NamedModel
from agent.runtime import threads
from agent.runtime.daily_budget import DailyBudgetExhaustedError, exhausted_text, seconds_until_tomorrow
from agent.runtime.failures import failure as run_failure
from graphs.nodes.answer import offline_reply
from middleware.ledger import Spend
from middleware.usage import CallUsage
from tests.support import turns
from tests.support.api import ADA, BOB, OLGA, langgraph_url, message
from tests.support.planner_fakes import ML_REQUEST, ORCHESTRATOR, DispatchModel, tasks_reply
from tests.support.school import TODAY
from tests.support.turns import school_graph

DAILY_TOKENS = 1000
"""The daily token budget of these tests' students."""
PER_MINUTE = 5
"""Requests per key and minute in these tests."""
PRICES = ModelConfig(
    prices=MappingProxyType({"test:router": Price(1.0, 2.0), "test:answer": Price(3.0, 15.0)})
)
QUESTION = "When does the RAG course start?"
ASKED = message(QUESTION)
"""A run's input asking `QUESTION`."""


@pytest.fixture
def settings(database_url: str, tmp_path: Path) -> Settings:
    """The suite's test settings (tests/conftest.py), with prices, a daily token budget and a request rate."""
    return Settings(
        database_url=database_url,
        data_dir=tmp_path / "data",
        today=TODAY,
        pool_max_size=8,
        models=PRICES,
        student_daily_tokens=DAILY_TOKENS,
        student_daily_usd=None,
        rate_limit_per_minute=PER_MINUTE,
    )


def usage(input_tokens: int, output_tokens: int) -> dict[str, int]:
    return {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "total_tokens": input_tokens + output_tokens,
    }


def reply(text: str, tokens: tuple[int, int]) -> AIMessage:
    return AIMessage(text, usage_metadata=usage(*tokens))  # type: ignore[arg-type]


graph_with = partial(turns.graph_with, config=PRICES)


def charges(pool: ConnectionPool[Any], student: str = "ada") -> list[dict[str, Any]]:
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT day, thread_id, role, model, input_tokens, output_tokens, cost_usd, call_id"
            " FROM student_charges WHERE student_id = %s ORDER BY charged_at, call_id",
            (student,),
        ).fetchall()
    return [dict(r) for r in rows]


def head(graph: Any, thread: str) -> str:
    return str(
        graph.get_state({"configurable": {"thread_id": thread}}).config["configurable"]["checkpoint_id"]
    )


# -- charging every call ----------------------------------------------------------------------------
def asked_once(resources: Resources, scripted_model: Any) -> Any:
    """Ada's catalog question on thread "t", read by a router model (120, 6 tokens) and answered by
    an answer model (300, 40); the graph."""
    router = scripted_model(reply('{"intent": "question"}', (120, 6)))
    answer = scripted_model(reply("The RAG course starts in December.", (300, 40)))
    graph = graph_with(resources, router=router, answer=answer)
    threads.send(graph, "t", QUESTION, user_id="ada")
    return graph


def test_each_model_call_of_a_turn_is_charged_to_the_students_day(
    resources: Resources, scripted_model: Any
) -> None:
    graph = asked_once(resources, scripted_model)
    found = charges(resources.pool)
    assert [(c["role"], c["model"], c["input_tokens"], c["output_tokens"]) for c in found] == [
        ("router", "test:router", 120, 6),
        ("answer", "test:answer", 300, 40),
    ]
    assert {(c["day"], c["thread_id"]) for c in found} == {(TODAY, "t")}
    # Priced as the turn's own records price them, so the budget and `usage` agree.
    state = graph.get_state({"configurable": {"thread_id": "t"}}).values
    assert [float(c["cost_usd"]) for c in found] == [
        pytest.approx(call["cost_usd"]) for call in state["turn"]["calls"]
    ]
    # The id names the call's place in the graph: the thread, the node's task, its order there.
    assert [c["call_id"].split("|")[0] for c in found] == ["t", "t"]
    assert [c["call_id"].split("|")[1].split(":")[0] for c in found] == ["router", "answer"]
    assert resources.ledger.spent("t") == Spend()  # a thread's planning budget is not this one
    assert charges(resources.pool, "bob") == []


def test_each_charge_commits_with_the_checkpoint_that_closes_its_step(
    resources: Resources, scripted_model: Any
) -> None:
    asked_once(resources, scripted_model)
    with resources.pool.connection() as conn:
        charged = conn.execute(
            "SELECT role, xmin::text AS xid FROM student_charges ORDER BY charged_at"
        ).fetchall()
        stored = conn.execute(
            "SELECT xmin::text AS xid, metadata->>'step' AS step FROM checkpoints WHERE thread_id = 't'"
        ).fetchall()
    # No statement of its own: each charge is written in the transaction of the checkpoint stored
    # after its call, the router's with the step that ran the router and the answer's with the next.
    step_of = {row["xid"]: int(row["step"]) for row in stored}
    assert [(c["role"], step_of.get(c["xid"])) for c in charged] == [("router", 1), ("answer", 2)]


def test_the_planners_agents_are_charged_too(resources: Resources, scripted_model: Any) -> None:
    tasks = ["Q1: python foundations", "Q2: machine learning"]
    routes = {
        ORCHESTRATOR: scripted_model(tasks_reply(tasks, tokens=(100, 20))),
        tasks[0]: scripted_model(reply("courses: python-basics", (50, 5))),
        tasks[1]: scripted_model(reply("courses: ml-foundations", (60, 6))),
    }
    model = DispatchModel(routes=routes)
    models = Models(resources.settings.models, answer=NamedModel("test:planner", model))
    graph = school_graph(resources, models)
    threads.send(graph, "p", ML_REQUEST, user_id="ada")
    found = sorted((c["role"], c["input_tokens"], c["output_tokens"]) for c in charges(resources.pool))
    assert found == [("orchestrator", 100, 20), ("worker", 50, 5), ("worker", 60, 6)]


def test_offline_nothing_is_charged_and_nothing_refused(resources: Resources, graph: Any) -> None:
    budget = student_budget_for(resources.pool)
    assert budget is not None
    register_student_budget(resources.pool, replace(budget, max_tokens=1))
    for _ in range(3):
        assert threads.send(graph, "t", QUESTION, user_id="ada").replies == [
            offline_reply(resources.school, QUESTION)
        ]
    assert charges(resources.pool) == []


# -- over the budget -------------------------------------------------------------------------------
def test_a_student_over_the_daily_budget_is_refused_with_no_model_call(
    resources: Resources, scripted_model: Any
) -> None:
    # The first turn (126 + 900 tokens) goes over the day's 1000; a turn in flight is not cut off.
    router = scripted_model(reply('{"intent": "question"}', (120, 6)))
    answer = scripted_model(reply("The RAG course starts in December.", (800, 100)))
    graph = graph_with(resources, router=router, answer=answer)
    first = threads.send(graph, "t", QUESTION, user_id="ada")
    assert first.replies == ["The RAG course starts in December.\n\nSources: rag."]
    before, turns_before = head(graph, "t"), turns_of(resources.pool, "t")

    for thread, text in (("t", "And the SQL course?"), ("t2", "Enroll me in rag-2")):
        with pytest.raises(DailyBudgetExhaustedError) as refused:
            threads.send(graph, thread, text, user_id="ada")
        assert str(refused.value) == exhausted_text(Spend(920, 106))
        assert 1 <= refused.value.retry_after_s <= 24 * 3600
    # No model call (the scripts are complete at teardown), nothing written to either thread: no
    # message, no pending action, no turn in the journal.
    assert head(graph, "t") == before
    assert graph.get_state({"configurable": {"thread_id": "t2"}}).values == {}
    assert turns_of(resources.pool, "t") == turns_before
    assert turns_of(resources.pool, "t2") == []
    # The journal says so once for the student's day, on the thread where it was found.
    found = events(resources.pool, "t", kinds=["student_budget_exhausted"])
    assert [e["payload"] for e in found] == [
        {
            "student_id": "ada",
            "day": TODAY.isoformat(),
            "tokens": 1026,
            "cost_usd": pytest.approx((120 * 1 + 6 * 2 + 800 * 3 + 100 * 15) / 1e6),
            "limits": {"max_tokens": DAILY_TOKENS, "max_usd": None},
        }
    ]
    assert events(resources.pool, "t2", kinds=["student_budget_exhausted"]) == []
    # Another student's day is their own.
    answered = threads.send(graph_with(resources), "b", QUESTION, user_id="bob")
    assert answered.replies == [offline_reply(resources.school, QUESTION)]


def test_the_money_limit_counts_the_calls_priced(resources: Resources, scripted_model: Any) -> None:
    ledger = StudentLedger(resources.pool)
    register_student_budget(
        resources.pool, StudentBudget(ledger, None, 0.0001, PRICES.price_of, lambda: TODAY)
    )
    router = scripted_model(reply('{"intent": "question"}', (120, 6)))  # 132 µ$ at the router's price
    graph = graph_with(resources, router=router)
    threads.send(graph, "t", QUESTION, user_id="ada")
    assert ledger.spent("ada", TODAY) == Spend(120, 6, 0.000132)
    with pytest.raises(DailyBudgetExhaustedError, match=r"about US\$0\.00"):
        threads.send(graph, "t", QUESTION, user_id="ada")


def test_the_budget_renews_the_next_day(resources: Resources, scripted_model: Any) -> None:
    router = scripted_model(
        reply('{"intent": "question"}', (900, 100)), reply('{"intent": "question"}', (5, 1))
    )
    graph = graph_with(resources, router=router)
    threads.send(graph, "t", QUESTION, user_id="ada")
    with pytest.raises(DailyBudgetExhaustedError):
        threads.send(graph, "t", QUESTION, user_id="ada")
    # The day is the settings' (SCHOOL_TODAY here, else the clock).
    tomorrow = replace(resources.settings, today=TODAY + timedelta(days=1))
    register_student_budget(resources.pool, StudentBudget.from_settings(resources.pool, tomorrow))
    assert threads.send(graph, "t", QUESTION, user_id="ada").replies == [
        offline_reply(resources.school, QUESTION)
    ]
    assert [(c["day"], c["input_tokens"]) for c in charges(resources.pool)] == [
        (TODAY, 900),
        (TODAY + timedelta(days=1), 5),
    ]


class Crash(BaseException):
    """Stands for the process dying: not an Exception, so nothing in the graph catches it."""


def test_a_node_run_again_after_a_crash_charges_its_call_once(
    resources: Resources, scripted_model: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    router = scripted_model(reply('{"intent": "question"}', (120, 6)))
    # The answer model is called twice: before the crash, and when the node runs again.
    answer = scripted_model(
        reply("The RAG course starts in December.", (300, 40)),
        reply("The RAG course starts in December.", (300, 40)),
    )
    graph = graph_with(resources, router=router, answer=answer)
    crashed: list[str] = []

    def crash_once(name: str) -> None:
        if name == "after:answer" and not crashed:
            crashed.append(name)
            raise Crash

    monkeypatch.setattr(faults, "point", crash_once)
    with pytest.raises(Crash):
        threads.send(graph, "t", QUESTION, user_id="ada")
    assert [c["role"] for c in charges(resources.pool)] == ["router", "answer"]
    threads.resume(graph, "t")
    assert len(answer.calls) == 2
    assert [(c["role"], c["input_tokens"]) for c in charges(resources.pool)] == [
        ("router", 120),
        ("answer", 300),
    ]
    assert StudentLedger(resources.pool).spent("ada", TODAY) == Spend(
        420, 46, pytest.approx(0.000132 + 0.0015)
    )


# -- the meter, alone -------------------------------------------------------------------------------
def _result(tokens: tuple[int, int] | None, model: str | None = None) -> LLMResult:
    message = AIMessage(
        "ok",
        usage_metadata=usage(*tokens) if tokens else None,  # type: ignore[arg-type]
        response_metadata={"model_name": model} if model else {},
    )
    return LLMResult(generations=[[ChatGeneration(message=message)]])


def test_the_meter_names_calls_by_task_and_order_and_prices_them_as_recorded() -> None:
    charged: list[tuple[str, CallUsage, dict[str, Any]]] = []
    meter = CallMeter(lambda i, u, c: charged.append((i, u, dict(c))), prices=PRICES.price_of, prefix="t")
    answer_task = {
        "langgraph_checkpoint_ns": "answer:1",
        "school_role": "answer",
        "school_model": "test:answer",
    }
    runs = [uuid4() for _ in range(5)]
    meter.on_chat_model_start({}, [], run_id=runs[0], metadata=answer_task)
    meter.on_chat_model_start({}, [], run_id=runs[1], metadata=answer_task)
    meter.on_chat_model_start({}, [], run_id=runs[2], metadata={})  # outside any graph, unnamed model
    meter.on_chat_model_start({}, [], run_id=runs[3], metadata=answer_task)
    meter.on_chat_model_start({}, [], run_id=runs[4], metadata=answer_task)
    meter.on_llm_end(_result((100, 10)), run_id=runs[1])
    meter.on_llm_end(_result((100, 10)), run_id=runs[0])
    meter.on_llm_end(_result((1000, 0), model="test:router"), run_id=runs[2])  # priced by its reply's name
    meter.on_llm_end(_result(None), run_id=runs[3])  # no tokens reported: nothing to charge
    meter.on_llm_error(TimeoutError(), run_id=runs[4])  # failed: not charged
    meter.on_llm_end(_result((1, 1)), run_id=uuid4())  # never started: not charged
    assert [(i, u.input_tokens, u.cost_usd, c) for i, u, c in charged] == [
        ("t|answer:1|1", 100, 0.00045, {"role": "answer", "model": "test:answer"}),
        ("t|answer:1|0", 100, 0.00045, {"role": "answer", "model": "test:answer"}),
        (f"t|run:{runs[2]}", 1000, 0.001, {"role": None, "model": "test:router"}),
    ]


def test_retry_after_is_the_time_to_midnight_and_reaches_the_header() -> None:
    assert seconds_until_tomorrow(datetime(2026, 12, 1, 23, 59, 30)) == 30
    assert seconds_until_tomorrow(datetime(2026, 12, 1, 0, 0, 0)) == 24 * 3600
    assert seconds_until_tomorrow(datetime(2026, 12, 1, 23, 59, 59, 999_999)) == 1
    refused = DailyBudgetExhaustedError("spent", retry_after_s=42)
    assert retry_after(refused) == {"Retry-After": "42"}
    # A run refused on a worker (the budget spent while it waited) keeps when to try again.
    failure = run_failure(refused, began=False)
    assert failure == {
        "error": "DailyBudgetExhaustedError",
        "kind": "limited",
        "message": "spent",
        "began": False,
        "retry_after_s": 42,
    }
    assert STATUS[failure["kind"]] == 429
    assert retry_after(failure) == {"Retry-After": "42"}
    assert retry_after(run_failure(ValueError("x"), began=False)) == {}


def test_the_limits_are_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    defaults = Settings.from_env()
    assert (defaults.student_daily_tokens, defaults.student_daily_usd, defaults.rate_limit_per_minute) == (
        1_000_000,
        2.0,
        60,
    )
    monkeypatch.setenv("SCHOOL_STUDENT_DAILY_TOKENS", "0")
    monkeypatch.setenv("SCHOOL_STUDENT_DAILY_USD", "0")
    monkeypatch.setenv("SCHOOL_RATE_LIMIT_PER_MINUTE", "0")
    off = Settings.from_env()
    assert (off.student_daily_tokens, off.student_daily_usd, off.rate_limit_per_minute) == (None, None, 0)
    for name, value, says in [
        ("SCHOOL_STUDENT_DAILY_TOKENS", "-1", "SCHOOL_STUDENT_DAILY_TOKENS must be at least 0"),
        ("SCHOOL_STUDENT_DAILY_USD", "nan", "SCHOOL_STUDENT_DAILY_USD must be a finite number"),
        ("SCHOOL_STUDENT_DAILY_USD", "two", "SCHOOL_STUDENT_DAILY_USD must be a number of US dollars"),
        ("SCHOOL_RATE_LIMIT_PER_MINUTE", "fast", "SCHOOL_RATE_LIMIT_PER_MINUTE must be an integer"),
    ]:
        monkeypatch.setenv(name, value)
        with pytest.raises(ValueError, match=says):
            Settings.from_env()
        monkeypatch.setenv(name, "0")


# -- over HTTP ----------------------------------------------------------------------------------------
def clear_of_the_minutes_end(pool: ConnectionPool[Any], margin_s: float = 15.0) -> None:
    """Wait, if need be, until the database's minute has `margin_s` left: a burst stays in one window."""
    with pool.connection() as conn:
        row = conn.execute(
            "SELECT 60 - extract(epoch FROM now() - date_trunc('minute', now())) AS left_s"
        ).fetchone()
    assert row is not None
    left = float(row["left_s"])
    if left < margin_s:
        time.sleep(left + 0.2)


def queued(pool: ConnectionPool[Any]) -> tuple[int, int]:
    """Runs recorded, and the task engine's run jobs, all threads (scheduled work is not a run)."""
    with pool.connection() as conn:
        runs = conn.execute("SELECT count(*) AS n FROM api_runs").fetchone()
        jobs = conn.execute(
            "SELECT count(*) AS n FROM procrastinate_jobs WHERE task_name = %s", (RUN_TASK,)
        ).fetchone()
    assert runs is not None and jobs is not None
    return int(runs["n"]), int(jobs["n"])


def test_a_key_over_its_rate_gets_429_and_nothing_is_queued(api: httpx.Client, resources: Resources) -> None:
    clear_of_the_minutes_end(resources.pool)
    with httpx.Client(base_url=langgraph_url(api.base_url), timeout=30) as http:
        assert http.post("/threads", json={"thread_id": "t"}, headers=ADA).status_code == 200
        for _ in range(PER_MINUTE - 1):
            assert http.get("/threads/t", headers=ADA).status_code == 200
        nothing = queued(resources.pool)
        refused = http.post(
            "/threads/t/runs/wait", json={"assistant_id": "school", "input": ASKED}, headers=ADA
        )
        assert refused.status_code == 429
        assert set(refused.json()) == {"detail"}
        assert refused.json()["detail"].startswith(
            f"too many requests: this API key may make {PER_MINUTE} a minute"
        )
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        # The key is counted however it is sent.
        as_sdk = http.get("/threads/t", headers={"x-api-key": "key-ada-1234"})
        assert (as_sdk.status_code, as_sdk.json()) == (429, refused.json())
        assert queued(resources.pool) == nothing == (0, 0)
        assert turns_of(resources.pool, "t") == []
        # Other keys have their own count; a request without a known key is not counted (401).
        assert http.post("/threads/search", json={}, headers=BOB).status_code == 200
        inbox = {"status": "interrupted", "metadata": {"awaiting": "operator"}}
        assert http.post("/threads/search", json=inbox, headers=OLGA).status_code == 200
        assert (
            http.post("/threads/search", json={}, headers={"Authorization": "Bearer nope"}).status_code == 401
        )


def test_the_langgraph_sdk_sees_the_rate_limit(api: httpx.Client, resources: Resources) -> None:
    clear_of_the_minutes_end(resources.pool)
    with get_sync_client(url=langgraph_url(api.base_url), api_key="key-bob-1234") as client:
        thread = client.threads.create()
        for _ in range(PER_MINUTE - 1):
            client.threads.get(thread["thread_id"])
        nothing = queued(resources.pool)
        with pytest.raises(RateLimitError) as refused:
            client.runs.create(thread["thread_id"], ASSISTANT_ID, input=ASKED)
    assert 1 <= int(refused.value.response.headers["Retry-After"]) <= 60
    assert refused.value.response.json()["detail"].startswith("too many requests")
    assert queued(resources.pool) == nothing


def test_a_spent_day_is_refused_429_before_anything_is_queued(
    api: httpx.Client, resources: Resources
) -> None:
    StudentLedger(resources.pool).charge("ada", TODAY, 990, 10, 0.0, call_id="earlier", thread_id="elsewhere")
    spent = {"detail": exhausted_text(Spend(990, 10))}
    with httpx.Client(base_url=langgraph_url(api.base_url), timeout=30) as http:
        assert http.post("/threads", json={"thread_id": "t"}, headers=ADA).status_code == 200
        for how in ("runs/wait", "runs/stream"):
            refused = http.post(
                f"/threads/t/{how}", json={"assistant_id": "school", "input": ASKED}, headers=ADA
            )
            assert (refused.status_code, refused.json()) == (429, spent)
            assert 1 <= int(refused.headers["Retry-After"]) <= 24 * 3600
    with get_sync_client(url=langgraph_url(api.base_url), api_key="key-ada-1234") as client:
        thread = client.threads.create()
        with pytest.raises(RateLimitError) as in_the_background:
            client.runs.create(thread["thread_id"], ASSISTANT_ID, input=ASKED)
    assert in_the_background.value.response.json() == spent
    assert "Retry-After" in in_the_background.value.response.headers
    assert queued(resources.pool) == (0, 0)
    # Journaled once per student and day, however often she is refused.
    assert [e["kind"] for e in events(resources.pool, "t", kinds=["student_budget_exhausted"])] == [
        "student_budget_exhausted"
    ]
    # Bob has his own day.
    with get_sync_client(url=langgraph_url(api.base_url), api_key="key-bob-1234") as client:
        thread = client.threads.create()
        answered = client.runs.wait(thread["thread_id"], ASSISTANT_ID, input=ASKED)
    assert answered["messages"][-1]["type"] == "ai"
