"""The OpenAI HTTP path for real: `init_chat_model` clients against an OpenAI-compatible server on
loopback (tests/support/openai_stub.py), through the real SDK, its timeouts, retries and error classes."""

from __future__ import annotations

import json
import re
from collections import Counter
from types import MappingProxyType
from typing import Any

import pytest

from agent.config.model_config import ModelConfig, Price, RoleConfig
from agent.config.settings import Settings
from agent.infra.persistence import Resources
from agent.llm.models import Models
from agent.runtime import threads
from graphs.intents import ACTION_INTENTS, INTENTS, read
from graphs.nodes.answer import MODEL_DOWN, offline_reply
from graphs.routing import NOT_A_REQUEST, SAFE_READINGS, UNSAFE_READINGS
from qa.evaluation import PARTS, load_cases
from tests.support.openai_stub import Fail, Hang, OpenAIStub, Reply
from tests.support.school import run_cli
from tests.support.turns import school_graph

QUESTION = "When does the RAG course start?"


def http_models(stub: OpenAIStub, *, timeout_s: float = 5.0, retries: int = 0) -> Models:
    config = ModelConfig(
        router=RoleConfig("router", "openai:small-router", stub.base_url, None, timeout_s, retries),
        answer=RoleConfig("answer", "openai:big-answer", stub.base_url, None, timeout_s, retries),
        prices=MappingProxyType({"small-router": Price(0.5, 1.5), "big-answer": Price(2.0, 8.0)}),
    )
    return Models(config)


def http_graph(resources: Resources, models: Models) -> Any:
    return school_graph(resources, models)


def state(graph: Any) -> dict[str, Any]:
    return graph.get_state({"configurable": {"thread_id": "t"}}).values  # type: ignore[no-any-return]


def facts(resources: Resources) -> str:
    """The offline reply to the question: what a student gets when the answer model is down."""
    return offline_reply(resources.school, QUESTION)


def test_a_turn_over_http_routes_answers_streams_and_counts(
    resources: Resources, openai_stub: OpenAIStub
) -> None:
    text = "Cohort rag-1 starts on 2026-12-21 (cohort rag-1), rag-2 on 2027-01-15 (cohort rag-2)."
    openai_stub.script(Reply('{"intent": "question"}', usage=(210, 7)), Reply(text, usage=(900, 30)))
    graph = http_graph(resources, http_models(openai_stub))
    tokens: list[str] = []
    turn = threads.send(graph, "t", QUESTION, user_id="ada", on_token=tokens.append)
    assert turn.replies == [text] and "".join(tokens) == text and len(tokens) > 3
    route, answer = openai_stub.requests
    assert route.path == "/v1/chat/completions" and route.body["model"] == "small-router"
    schema = route.body["response_format"]["json_schema"]["schema"]
    assert schema["properties"]["intent"]["enum"] == list(INTENTS)
    assert route.body["temperature"] == 0 and not route.body.get("stream")
    assert answer.body["model"] == "big-answer" and answer.body["stream"] is True
    assert answer.body["stream_options"] == {"include_usage": True}
    calls = state(graph)["turn"]["calls"]
    assert [(c["role"], c["model"], c["input_tokens"], c["output_tokens"], c["outcome"]) for c in calls] == [
        ("router", "openai:small-router", 210, 7, "ok"),
        ("answer", "openai:big-answer", 900, 30, "ok"),
    ]
    cost = (210 * 0.5 + 7 * 1.5 + 900 * 2.0 + 30 * 8.0) / 1e6
    assert state(graph)["usage"] == {
        "calls": 2,
        "input_tokens": 1110,
        "output_tokens": 37,
        "cost_usd": pytest.approx(cost),
    }


@pytest.mark.parametrize(
    ("router_reply", "reason"),
    [
        (Reply("intent: question"), "invalid_json"),
        (Reply('{"intent": "enroll_everyone"}'), "unknown_intent"),
        (Reply('{"intent": "decline"}'), "impossible_intent"),
        (Fail(500, "upstream exploded"), "error: "),
        (Hang(3.0), "error: "),
    ],
)
def test_router_failures_over_http_fall_back_to_the_rules(
    resources: Resources, openai_stub: OpenAIStub, router_reply: Any, reason: str
) -> None:
    openai_stub.script(router_reply, Reply("It starts soon (course rag)."))
    graph = http_graph(resources, http_models(openai_stub, timeout_s=0.5))
    turn = threads.send(graph, "t", QUESTION, user_id="ada")
    assert turn.replies == ["It starts soon (course rag)."]
    route = state(graph)["turn"]["route"]
    assert (route["intent"], route["source"]) == ("question", "fallback")
    assert route["reason"].startswith(reason)
    if isinstance(router_reply, Hang):
        assert "Timeout" in route["reason"]


@pytest.mark.parametrize("failure", [Fail(500), Fail(503), Hang(3.0)], ids=["500", "503", "timeout"])
def test_an_answer_model_that_is_down_over_http(
    resources: Resources, openai_stub: OpenAIStub, failure: Any
) -> None:
    openai_stub.script(Reply('{"intent": "question"}'), failure)
    graph = http_graph(resources, http_models(openai_stub, timeout_s=0.5))
    turn = threads.send(graph, "t", QUESTION, user_id="ada", on_token=lambda _: None)
    assert turn.replies == [f"{MODEL_DOWN}\n\n{facts(resources)}"]
    answer = state(graph)["turn"]["answer"]
    assert answer["source"] == "fallback" and answer["reason"].startswith("error: ")
    assert graph.get_state({"configurable": {"thread_id": "t"}}).next == ()


def test_the_client_retries_a_5xx_as_configured(resources: Resources, openai_stub: OpenAIStub) -> None:
    openai_stub.script(Fail(500), Reply('{"intent": "question"}'), Fail(502), Reply("Soon (course rag)."))
    graph = http_graph(resources, http_models(openai_stub, retries=1))
    turn = threads.send(graph, "t", QUESTION, user_id="ada")
    assert turn.replies == ["Soon (course rag)."]
    assert len(openai_stub.requests) == 4
    assert state(graph)["turn"]["route"]["source"] == "model"


def test_eval_router_against_an_endpoint(settings: Settings, openai_stub: OpenAIStub) -> None:
    """`school-agent eval router` in a new process, scored against a server whose answers we know."""
    parts = [(name, load_cases(path)) for name, path in PARTS]
    labels = {(c.text, c.pending): c.intent for _, cases in parts for c in cases}

    def answer(body: dict[str, Any]) -> Reply:
        system, student = (m["content"] for m in body["messages"])
        label = labels[student, "Pending action: none" not in system]
        return Reply(json.dumps({"intent": "other" if label == "question" else label}), usage=(150, 6))

    openai_stub.respond_with(answer)
    env = {"SCHOOL_ROUTER_MODEL": "openai:stub-router", "SCHOOL_MODEL_BASE_URL": openai_stub.base_url}
    names = [name for name, _ in parts]
    picked = [arg for name in names for arg in ("--part", name)]
    result = run_cli(settings, "eval", "router", *picked, extra_env=env, check=False)
    out = result.stdout
    assert result.returncode == 1  # a model that reads no question right misses the accuracy goals
    # The model misreads every question as "other". Where its answer would act against the rules'
    # reading (a confirm the rules do not read, an action from a message the rules read as no
    # request, a decline of a change to the pending action) the rules' reading is used.
    for name, cases in parts:
        wrong = [c for c in cases if c.intent == "question"]
        overruled = Counter(reason for c in cases if (reason := _overruled(c.intent, c.text, c.pending)))
        right = len(cases) - len(wrong) - sum(overruled.values())
        n = len(cases)
        section = out.split(f"router: openai:stub-router on the {name} part: {n} labelled messages\n")[1]
        assert section.startswith(f"\naccuracy: {right / n:.3f} ({right}/{n})\n")
        assert re.search(rf"^question +0\.00\*? +0\.00 +{len(wrong)}$", section, re.MULTILINE)
        used = ", ".join(f"{reason} {count}" for reason, count in overruled.most_common()) or "none"
        assert f"fallbacks to the reading without a model: {sum(overruled.values())} ({used})" in section
    assert len(openai_stub.requests) == len(labels)
    assert out.endswith("goal: no question or guard message read as an action or a program: met\n")


def _overruled(label: str, text: str, pending: bool) -> str | None:
    """Why the router overrules a model that answers `label`, if it does."""
    rules = read(text, pending=pending)
    if label == "confirm" and rules.intent != "confirm":
        return "unconfirmed_confirm"
    if label in ACTION_INTENTS and label != rules.intent and rules.guard in NOT_A_REQUEST:
        return f"{rules.guard}_action"
    if label == "decline" and rules.guard == "amended":
        return "amended_decline"
    if label in UNSAFE_READINGS and label != rules.intent and rules.intent in SAFE_READINGS:
        return f"rules_read_{rules.intent}"
    if rules.intent in ("confirm", "decline") and label in ACTION_INTENTS and label != rules.intent:
        return f"rules_read_{rules.intent}"
    return None


def test_the_cli_streams_the_answer_and_reports_usage(settings: Settings, openai_stub: OpenAIStub) -> None:
    text = "The RAG course starts on 2026-12-21."
    openai_stub.script(Reply('{"intent": "question"}', usage=(200, 5)), Reply(text, usage=(700, 12)))
    env = {
        "SCHOOL_ROUTER_MODEL": "openai:small",
        "SCHOOL_ANSWER_MODEL": "openai:big",
        "SCHOOL_MODEL_BASE_URL": openai_stub.base_url,
        "SCHOOL_MODEL_PRICES": '{"small": {"input": 1, "output": 2}, "big": {"input": 4, "output": 8}}',
    }
    out = run_cli(settings, "send", "T1", QUESTION, "--user", "ada", extra_env=env).stdout
    assert out == f"{text}\n\nSources: rag.\n"
    report = json.loads(run_cli(settings, "usage", "T1", extra_env=env).stdout)
    cost = (200 * 1 + 5 * 2 + 700 * 4 + 12 * 8) / 1e6
    assert report["usage"] == {
        "calls": 2,
        "input_tokens": 900,
        "output_tokens": 17,
        "cost_usd": pytest.approx(cost),
    }
    assert report["last_turn"]["route"] == {
        "intent": "question",
        "source": "model",
        "model": "openai:small",
        "reason": None,
    }
    assert [c["cost_usd"] for c in report["last_turn"]["calls"]] == [
        pytest.approx(210 / 1e6),
        pytest.approx(2896 / 1e6),
    ]
