"""Every model call is recorded where it happens: its tokens, its cost, its own latency, a failure.

One recorder (`agent.llm.calls.recorded`) serves every call site: the router, the answer writer,
the planner's reviser and its subagents (the goal splitter and the research workers). One
extractor (`middleware.usage`) reads the tokens and prices them, for the records, the budget and
the traces alike. A failed call is recorded (zero tokens, outcome `error: <type>`) and the caller
falls back.
"""

from __future__ import annotations

import time
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, LLMResult

from agent.config.model_config import ModelConfig, Price
from agent.infra.persistence import Resources
from agent.llm.calls import Failed, Returned, recorded
from agent.llm.models import Models, NamedModel
from agent.runtime import threads
from middleware.ledger import charge_of
from middleware.usage import CallUsage, reply_usage, result_tokens
from tests.support.fakes import ScriptedChatModel
from tests.support.planner_fakes import ML_REQUEST, ORCHESTRATOR, REVISER, DispatchModel, tasks_reply, usage
from tests.support.turns import school_graph

PRICES = ModelConfig(
    prices=MappingProxyType(
        {
            "test:router": Price(1.0, 2.0),
            "test:answer": Price(3.0, 15.0),
            "test:planner": Price(2.0, 8.0),
            "answered-by": Price(10.0, 10.0),
        }
    )
)
WORKER = "You research one question"
"""The start of the research workers' system prompt: one script serves every worker."""
LLM_REQUEST = "a learning path of 4 courses to become an LLM engineer, within 1000, starting before April"
DELAY_S = 0.05
"""How long the sleeping models take to answer: each recorded latency must be at least this."""


def graph_with(
    resources: Resources,
    *,
    router: ScriptedChatModel | None = None,
    answer: Any = None,
) -> Any:
    """The school graph with these models; the planner plans with the answer model, as in production."""
    settings = replace(resources.settings, models=PRICES)
    models = Models(
        PRICES,
        router=NamedModel("test:router", router) if router else None,
        answer=NamedModel("test:planner" if isinstance(answer, DispatchModel) else "test:answer", answer)
        if answer
        else None,
    )
    return school_graph(resources, models, settings=settings)


def turn_of(graph: Any) -> dict[str, Any]:
    return graph.get_state({"configurable": {"thread_id": "t"}}).values["turn"]  # type: ignore[no-any-return]


def usage_of(graph: Any) -> dict[str, Any]:
    return graph.get_state({"configurable": {"thread_id": "t"}}).values["usage"]  # type: ignore[no-any-return]


def shape(calls: list[dict[str, Any]]) -> list[tuple[str, int, int, str]]:
    """Each call as (role, input tokens, output tokens, outcome)."""
    return [(c["role"], c["input_tokens"], c["output_tokens"], c["outcome"]) for c in calls]


# -- the extractor ------------------------------------------------------------------------------
def test_a_reply_is_priced_by_the_model_asked_for_then_by_the_one_that_answered() -> None:
    reply = AIMessage(
        "ok",
        id="m1",
        usage_metadata=usage(1_000_000, 100_000),  # type: ignore[arg-type]
        response_metadata={"model_name": "answered-by"},
    )
    assert reply_usage(reply, PRICES.price_of, model="test:answer") == CallUsage(
        1_000_000, 100_000, 4.5, True
    )
    assert reply_usage(reply, PRICES.price_of, model="unpriced") == CallUsage(1_000_000, 100_000, 11.0, True)
    assert reply_usage(reply, ModelConfig().price_of, model="test:answer") == CallUsage(
        1_000_000, 100_000, 0.0, False
    )
    assert reply_usage(None, PRICES.price_of, model="test:answer") == CallUsage(0, 0, 0.0, True)
    # The budget reads the same figures; it knows only the model that answered.
    charge = charge_of(reply, PRICES.price_of)
    assert charge is not None and (charge.model, charge.cost_usd) == ("answered-by", 11.0)


def test_a_callback_result_without_usage_on_its_messages_reads_the_providers_counts() -> None:
    result = LLMResult(
        generations=[[ChatGeneration(message=AIMessage("ok"))]],
        llm_output={"token_usage": {"prompt_tokens": 12, "completion_tokens": 3}},
    )
    assert result_tokens(result) == (12, 3)
    assert result_tokens(LLMResult(generations=[[ChatGeneration(message=AIMessage("ok"))]])) is None


# -- the recorder -------------------------------------------------------------------------------
def sleeping(*steps: Any) -> DispatchModel:
    """A model that takes `DELAY_S` to play each step."""
    return DispatchModel(routes={"": ScriptedChatModel(steps)}, delays={"": DELAY_S})


def test_the_recorder_times_the_model_call_itself() -> None:
    model = sleeping(AIMessage("hi", usage_metadata=usage(10, 2)))  # type: ignore[arg-type]

    def work(config: Any) -> str:
        reply = model.invoke([HumanMessage("hello")], config=config)
        time.sleep(0.5)  # what the caller does after the call is not the call's latency
        return str(reply.content)

    run = recorded(work, role="answer", model="test:answer", prices=PRICES)
    assert isinstance(run, Returned) and run.value == "hi"
    [call] = run.calls
    assert DELAY_S * 1000 <= call["latency_ms"] < 500
    assert call == {
        "role": "answer",
        "model": "test:answer",
        "input_tokens": 10,
        "output_tokens": 2,
        "cost_usd": pytest.approx((10 * 3 + 2 * 15) / 1e6),
        "priced": True,
        "latency_ms": call["latency_ms"],
        "outcome": "ok",
    }
    assert run.usage == {"calls": 1, "input_tokens": 10, "output_tokens": 2, "cost_usd": pytest.approx(6e-5)}


def test_a_failed_call_is_returned_and_recorded_with_its_latency() -> None:
    model = sleeping(TimeoutError("the provider did not answer"))
    run = recorded(
        lambda config: model.invoke([HumanMessage("hello")], config=config),
        role="router",
        model="test:router",
        prices=PRICES,
    )
    assert isinstance(run, Failed) and run.failure == "error: TimeoutError"
    assert shape(run.calls) == [("router", 0, 0, "error: TimeoutError")]
    assert run.calls[0]["latency_ms"] >= DELAY_S * 1000
    assert run.judged("invalid_json").calls[0]["outcome"] == "invalid_json"


def test_a_failure_before_any_model_call_is_recorded_as_one_failed_call() -> None:
    def work(config: Any) -> None:
        raise ConnectionError("refused")

    run = recorded(work, role="worker", model="test:planner", prices=PRICES)
    assert isinstance(run, Failed)
    assert shape(run.calls) == [("worker", 0, 0, "error: ConnectionError")]
    assert run.usage["calls"] == 1


# -- every call site ----------------------------------------------------------------------------
def test_a_failing_router_is_recorded_and_the_rules_route(resources: Resources, scripted_model: Any) -> None:
    graph = graph_with(resources, router=scripted_model(TimeoutError("slow")))
    threads.send(graph, "t", "When does the RAG course start?", user_id="ada")
    turn = turn_of(graph)
    assert turn["route"]["source"] == "fallback"
    assert shape(turn["calls"]) == [("router", 0, 0, "error: TimeoutError")]
    assert usage_of(graph)["calls"] == 1


def test_a_failing_answer_model_is_recorded_and_the_catalog_answers(
    resources: Resources, scripted_model: Any
) -> None:
    graph = graph_with(resources, answer=scripted_model(ConnectionError("refused")))
    threads.send(graph, "t", "When does the RAG course start?", user_id="ada")
    turn = turn_of(graph)
    assert turn["answer"]["source"] == "fallback"
    assert shape(turn["calls"]) == [("answer", 0, 0, "error: ConnectionError")]
    assert usage_of(graph)["calls"] == 1


def test_the_planners_calls_are_in_the_turn_with_their_own_latency(
    resources: Resources, scripted_model: Any
) -> None:
    routes = {
        ORCHESTRATOR: scripted_model(tasks_reply(["Q1: LLM applications"], tokens=(100, 20))),
        REVISER: scripted_model(
            AIMessage(
                '{"cohort_ids": ["python-basics-1", "rag-2", "llm-agents-2"]}',
                usage_metadata=usage(300, 10),  # type: ignore[arg-type]
            ),
            AIMessage('{"cohort_ids": ["python-basics-1"]}', usage_metadata=usage(200, 5)),  # type: ignore[arg-type]
        ),
        "Q1: LLM applications": scripted_model(
            AIMessage("courses: python-basics, rag, llm-agents", usage_metadata=usage(50, 4))  # type: ignore[arg-type]
        ),
    }
    model = DispatchModel(routes=routes, delays=dict.fromkeys(routes, DELAY_S))
    graph = graph_with(resources, answer=model)
    threads.send(graph, "t", LLM_REQUEST, user_id="ada")
    calls = turn_of(graph)["calls"]
    assert shape(calls) == [
        ("orchestrator", 100, 20, "ok"),
        ("worker", 50, 4, "ok"),
        ("reviser", 300, 10, "ok"),
        ("reviser", 200, 5, "ok"),
    ]
    assert all(c["latency_ms"] >= DELAY_S * 1000 for c in calls), calls
    assert all(c["model"] == "test:planner" and c["priced"] for c in calls)
    cost = (650 * 2.0 + 39 * 8.0) / 1e6
    assert sum(c["cost_usd"] for c in calls) == pytest.approx(cost)
    assert usage_of(graph) == {
        "calls": 4,
        "input_tokens": 650,
        "output_tokens": 39,
        "cost_usd": pytest.approx(cost),
    }


def test_a_failing_reviser_is_recorded_and_the_rules_revise(
    resources: Resources, scripted_model: Any
) -> None:
    routes = {
        ORCHESTRATOR: scripted_model(tasks_reply(["Q1: LLM applications"], tokens=(100, 20))),
        REVISER: scripted_model(RuntimeError("down"), RuntimeError("down")),
        "Q1: LLM applications": scripted_model(AIMessage("courses: python-basics, rag, llm-agents")),
    }
    graph = graph_with(resources, answer=DispatchModel(routes=routes))
    threads.send(graph, "t", LLM_REQUEST, user_id="ada")
    state = graph.get_state({"configurable": {"thread_id": "t"}}).values
    assert (state["program"]["status"], state["program"]["rounds"]) == ("approved", 2)
    assert shape(state["turn"]["calls"]) == [
        ("orchestrator", 100, 20, "ok"),
        ("worker", 0, 0, "ok"),
        ("reviser", 0, 0, "error: RuntimeError"),
        ("reviser", 0, 0, "error: RuntimeError"),
    ]
    assert state["usage"]["calls"] == 4


def test_a_failing_goal_splitter_is_recorded_and_the_rules_split(
    resources: Resources, scripted_model: Any
) -> None:
    routes = {
        ORCHESTRATOR: scripted_model(RuntimeError("down")),
        WORKER: scripted_model(*[AIMessage("courses: python-basics")] * 3),
    }
    graph = graph_with(resources, answer=DispatchModel(routes=routes))
    turn = threads.send(graph, "t", ML_REQUEST, user_id="ada")
    assert turn.replies[0].startswith('Here is a program for "moving into ML engineering"')
    assert shape(turn_of(graph)["calls"]) == [
        ("orchestrator", 0, 0, "error: RuntimeError"),
        ("worker", 0, 0, "ok"),
        ("worker", 0, 0, "ok"),
        ("worker", 0, 0, "ok"),
    ]


def test_a_failing_worker_is_recorded_and_its_slot_marked(resources: Resources, scripted_model: Any) -> None:
    tasks = ["Q1: python foundations", "Q2: machine learning"]
    routes = {
        ORCHESTRATOR: scripted_model(tasks_reply(tasks, tokens=(100, 20))),
        tasks[0]: scripted_model(AIMessage("courses: python-basics", usage_metadata=usage(40, 3))),  # type: ignore[arg-type]
        tasks[1]: scripted_model(RuntimeError("the model fell over")),
    }
    # The failing worker answers last, so the records' order is fixed.
    graph = graph_with(resources, answer=DispatchModel(routes=routes, delays={tasks[1]: 0.2}))
    threads.send(graph, "t", ML_REQUEST, user_id="ada")
    state = graph.get_state({"configurable": {"thread_id": "t"}}).values
    assert state["program"]["missing"] == [tasks[1]]
    assert shape(state["turn"]["calls"]) == [
        ("orchestrator", 100, 20, "ok"),
        ("worker", 40, 3, "ok"),
        ("worker", 0, 0, "error: RuntimeError"),
    ]
    assert state["turn"]["calls"][2]["latency_ms"] >= 200
