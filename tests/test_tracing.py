"""OpenTelemetry spans of turns, nodes, model calls and tool calls: the trees, the exporters, the settings.

Each test builds its own provider on an in-memory exporter and hands the handler to `tracing_config`,
so nothing here depends on (or changes) the process-wide provider; `setup_tracing` itself is tested in
a new process.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import MappingProxyType
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain.agents.middleware import ToolErrorMiddleware
from langchain_core.callbacks import CallbackManager
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.runnables import RunnableLambda
from langchain_core.tools import tool
from langgraph.types import Command
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import StatusCode

from agent.config.env import SettingsError
from agent.config.model_config import ModelConfig, Price, RoleConfig
from agent.infra.persistence import Resources
from agent.llm.models import Models, NamedModel
from agent.llm.tracing import OTelCallbackHandler, build_provider, setup_tracing, tracing_config
from graphs.state import Context
from middleware import safe_tool_error
from tests.support.approvals import student_yes
from tests.support.openai_stub import OpenAIStub, Reply
from tests.support.planner_fakes import ORCHESTRATOR, DispatchModel
from tests.support.school import ROOT
from tests.support.turns import school_graph

PRICES = ModelConfig(
    prices=MappingProxyType(
        {"test:answer": Price(3.0, 15.0), "test:agent": Price(1.0, 2.0), "small-router": Price(0.5, 1.5)}
    )
)
"""What the test handlers price model calls with (the application hands in `SCHOOL_MODEL_PRICES`)."""
SECRET = "connection to 10.0.0.7 failed: password=hunter2"
ML_REQUEST = (
    "put together a program of three courses for my goal of moving into ML engineering, "
    "within 1500, starting before March"
)
TASKS = ["Q1: python foundations", "Q2: machine learning", "Q3: deploying models"]
Tree = list[tuple[str, "Tree"]]


@dataclass
class Traced:
    """A handler on a provider of the test's own, and the spans it exported."""

    handler: OTelCallbackHandler
    exporter: InMemorySpanExporter

    def config(self, thread: str, **metadata: Any) -> Any:
        return tracing_config(
            {"configurable": {"thread_id": thread}, "metadata": metadata}, handler=self.handler
        )

    def spans(self) -> list[ReadableSpan]:
        return sorted(self.exporter.get_finished_spans(), key=lambda s: s.start_time or 0)

    def tree(self) -> Tree:
        """The finished spans as (name, children) in start order; every run's span has ended."""
        spans = self.spans()
        assert self.handler.open_runs() == 0
        assert len({s.context.trace_id for s in spans if s.context}) == 1, "one trace per run"
        children: dict[int | None, list[ReadableSpan]] = {}
        for span in spans:
            children.setdefault(span.parent.span_id if span.parent else None, []).append(span)

        def below(parent: int | None) -> Tree:
            return [
                (s.name, below(s.context.span_id if s.context else None)) for s in children.get(parent, [])
            ]

        return below(None)

    def named(self, name: str) -> list[ReadableSpan]:
        return [s for s in self.spans() if s.name == name]

    def one(self, name: str) -> ReadableSpan:
        [span] = self.named(name)
        return span

    def clear(self) -> None:
        self.exporter.clear()


@pytest.fixture
def traced() -> Iterator[Traced]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider(shutdown_on_exit=False)
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    yield Traced(OTelCallbackHandler(provider, models=PRICES), exporter)
    provider.shutdown()


def usage(input_tokens: int, output_tokens: int) -> Any:
    return {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "total_tokens": input_tokens + output_tokens,
    }


def tasks_reply(tasks: list[str]) -> AIMessage:
    return AIMessage(json.dumps({"tasks": tasks}), usage_metadata=usage(100, 20))


def node(name: str, step: int, thread: str, **extra: Any) -> dict[str, Any]:
    return {"langgraph.node": name, "langgraph.step": step, "thread.id": thread, **extra}


def attributes(span: ReadableSpan) -> dict[str, Any]:
    return dict(span.attributes or {})


def status(span: ReadableSpan) -> tuple[StatusCode, str | None]:
    return span.status.status_code, span.status.description


def leaf(name: str) -> tuple[str, Tree]:
    return (name, [])


# -- the school graph ---------------------------------------------------------------------------
def test_a_question_turn_is_the_turn_its_nodes_and_the_priced_model_call(
    resources: Resources, scripted_model: Any, traced: Traced
) -> None:
    text = "The RAG course (course rag) starts with cohort rag-1 on 2026-12-21 (cohort rag-1)."
    reply = AIMessage(text, usage_metadata=usage(800, 40), response_metadata={"model_name": "test:answer"})
    graph = school_graph(resources, Models(PRICES, answer=NamedModel("test:answer", scripted_model(reply))))
    result = graph.invoke(
        {"messages": [HumanMessage("When does the RAG course start?")]},
        traced.config("q", user_id="ada"),
        context=Context(user_id="ada"),
    )
    assert result["messages"][-1].content == text
    assert traced.tree() == [
        ("turn", [leaf("node router"), ("node answer", [leaf("model test:answer")])]),
    ]
    assert attributes(traced.one("turn")) == {"langgraph.graph": "school", "thread.id": "q", "user.id": "ada"}
    assert attributes(traced.one("node router")) == node("router", 1, "q")
    assert attributes(traced.one("node answer")) == node("answer", 2, "q")
    model = traced.one("model test:answer")
    assert attributes(model) == {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "scriptedchatmodel",
        "school.model_role": "answer",
        "gen_ai.request.model": "test:answer",
        "gen_ai.response.model": "test:answer",
        "gen_ai.usage.input_tokens": 800,
        "gen_ai.usage.output_tokens": 40,
        "school.cost_usd": pytest.approx((800 * 3 + 40 * 15) / 1e6),
        "school.priced": True,
    }
    assert {status(s) for s in traced.spans()} == {(StatusCode.UNSET, None)}
    assert text not in json.dumps([s.to_json() for s in traced.spans()])  # no message text on spans


def test_an_enrollment_pauses_at_approval_without_an_error_and_the_resume_is_its_own_turn(
    resources: Resources, traced: Traced
) -> None:
    graph = school_graph(resources)
    result = graph.invoke(
        {"messages": [HumanMessage("Please enroll me in rag-2")]},
        traced.config("e"),
        context=Context(user_id="ada"),
    )
    assert result["__interrupt__"]
    assert traced.tree() == [
        ("turn", [leaf("node router"), leaf("node propose"), leaf("node approval")]),
    ]
    assert attributes(traced.one("turn")) == {
        "langgraph.graph": "school",
        "thread.id": "e",
        "langgraph.interrupted": True,
    }
    assert attributes(traced.one("node approval")) == node(
        "approval", 3, "e", **{"langgraph.interrupted": True}
    )
    assert {status(s) for s in traced.spans()} == {(StatusCode.UNSET, None)}

    traced.clear()
    graph.invoke(
        Command(resume=student_yes("ada")),
        traced.config("e"),
        context=Context(user_id="ada"),
    )
    assert traced.tree() == [("turn", [leaf("node approval"), leaf("node execute")])]
    assert attributes(traced.one("node execute")) == node("execute", 4, "e")
    assert [e["status"] for e in resources.school.enrollments(student_id="ada")] == ["PENDING_PAYMENT"]


def test_parallel_workers_each_get_their_own_node_and_model_spans(
    resources: Resources, scripted_model: Any, traced: Traced
) -> None:
    """LangGraph runs the workers in threads; each model span must land under its own worker."""
    routes = {
        ORCHESTRATOR: scripted_model(tasks_reply(TASKS)),
        TASKS[0]: scripted_model(AIMessage("courses: python-basics, statistics")),
        TASKS[1]: scripted_model(RuntimeError(SECRET)),
        TASKS[2]: scripted_model(AIMessage("courses: web-apis")),
    }
    planner = NamedModel("test:planner", DispatchModel(routes=routes))
    models = Models(resources.settings.models, answer=planner)
    graph = school_graph(resources, models)
    graph.invoke({"messages": [HumanMessage(ML_REQUEST)]}, traced.config("p"), context=Context(user_id="ada"))

    [(_, turn)] = traced.tree()
    [planner] = [children for name, children in turn if name == "node planner"]
    assert [name for name, _ in planner] == [
        "node orchestrate",
        "node worker",
        "node worker",
        "node worker",
        "node draft",
        "node review",
        "node present",
    ]
    workers = [children for name, children in planner if name == "node worker"]
    for agent_nodes in workers:  # each worker is an agent: its middleware and model nodes, one model call
        assert [children for name, children in agent_nodes if name == "node model"] == [[leaf("model")]]
    failed = [s for s in traced.named("model") if s.status.status_code is StatusCode.ERROR]
    assert [(status(s), attributes(s)["error.type"]) for s in failed] == [
        ((StatusCode.ERROR, "RuntimeError"), "RuntimeError")
    ]
    assert {status(s) for s in traced.named("node worker")} == {(StatusCode.UNSET, None)}  # it recovered
    assert "hunter2" not in json.dumps([s.to_json() for s in traced.spans()])


def test_real_openai_clients_report_their_model_tokens_and_cost_also_when_streaming(
    resources: Resources, openai_stub: OpenAIStub, traced: Traced
) -> None:
    openai_stub.script(
        Reply('{"intent": "question"}', usage=(210, 7)), Reply("It starts in December.", usage=(900, 30))
    )
    config = ModelConfig(
        router=RoleConfig("router", "openai:small-router", openai_stub.base_url, None, 5.0, 0),
        answer=RoleConfig("answer", "openai:big-answer", openai_stub.base_url, None, 5.0, 0),
        prices=PRICES.prices,
    )  # big-answer has no price
    graph = school_graph(resources, Models(config))
    list(
        graph.stream(
            {"messages": [HumanMessage("When does the RAG course start?")]},
            traced.config("o"),
            context=Context(user_id="ada"),
            stream_mode="messages",
        )
    )
    assert traced.tree() == [
        (
            "turn",
            [("node router", [leaf("model small-router")]), ("node answer", [leaf("model big-answer")])],
        ),
    ]
    common = {"gen_ai.operation.name": "chat", "gen_ai.provider.name": "openai"}
    assert attributes(traced.one("model small-router")) == common | {
        "school.model_role": "router",
        "gen_ai.request.model": "small-router",
        "gen_ai.response.model": "small-router",
        "gen_ai.usage.input_tokens": 210,
        "gen_ai.usage.output_tokens": 7,
        "school.cost_usd": pytest.approx((210 * 0.5 + 7 * 1.5) / 1e6),
        "school.priced": True,
    }
    assert attributes(traced.one("model big-answer")) == common | {
        "school.model_role": "answer",
        "gen_ai.request.model": "big-answer",
        "gen_ai.response.model": "big-answer",
        "gen_ai.usage.input_tokens": 900,
        "gen_ai.usage.output_tokens": 30,
        "school.cost_usd": 0.0,
        "school.priced": False,
    }


# -- tools --------------------------------------------------------------------------------------
@tool
def find_cohorts(course_id: str) -> str:
    """The cohorts of a course."""
    raise RuntimeError(SECRET)


def calls_the_tool() -> AIMessage:
    return AIMessage(
        "",
        tool_calls=[{"name": "find_cohorts", "args": {"course_id": "rag"}, "id": "c1"}],
        response_metadata={"model_name": "test:agent"},
        usage_metadata=usage(50, 10),
    )


TOOL_FAILED = {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": "find_cohorts",
    "error.type": "RuntimeError",
    "school.tool.status": "error",
}


@pytest.mark.parametrize("run", ["sync", "async"])
def test_a_tool_that_raises_is_an_error_span_with_the_exception_type_only(
    scripted_model: Any, traced: Traced, run: str
) -> None:
    model = scripted_model(
        calls_the_tool(),
        AIMessage("Sorry, no dates right now.", response_metadata={"model_name": "test:agent"}),
    )
    agent = create_agent(
        model, tools=[find_cohorts], middleware=[ToolErrorMiddleware(on_error=safe_tool_error)]
    )
    value, config = {"messages": [HumanMessage("When is rag?")]}, traced.config("a")
    # Async: the handler is called on the event loop, the sync tool runs in an executor thread.
    result = agent.invoke(value, config) if run == "sync" else asyncio.run(agent.ainvoke(value, config))
    assert result["messages"][-1].content == "Sorry, no dates right now."
    assert traced.tree() == [
        (
            "turn",
            [
                ("node model", [leaf("model test:agent")]),
                ("node tools", [leaf("tool find_cohorts")]),
                ("node model", [leaf("model test:agent")]),
            ],
        )
    ]
    failed = traced.one("tool find_cohorts")
    assert attributes(failed) == TOOL_FAILED
    assert status(failed) == (StatusCode.ERROR, "RuntimeError")
    assert failed.events == ()  # no recorded exception: its message and stack would leak
    assert {status(s) for s in traced.spans() if s is not failed} == {(StatusCode.UNSET, None)}
    assert "hunter2" not in json.dumps([s.to_json() for s in traced.spans()])


def test_an_error_that_escapes_fails_the_node_and_the_turn(scripted_model: Any, traced: Traced) -> None:
    agent = create_agent(scripted_model(calls_the_tool()), tools=[find_cohorts])
    with pytest.raises(RuntimeError):
        agent.invoke({"messages": [HumanMessage("When is rag?")]}, traced.config("a"))
    assert traced.tree() == [
        ("turn", [("node model", [leaf("model test:agent")]), ("node tools", [leaf("tool find_cohorts")])])
    ]
    assert attributes(traced.one("tool find_cohorts")) == TOOL_FAILED
    assert [(s.name, status(s)) for s in traced.spans() if s.status.status_code is StatusCode.ERROR] == [
        ("turn", (StatusCode.ERROR, "RuntimeError")),
        ("node tools", (StatusCode.ERROR, "RuntimeError")),
        ("tool find_cohorts", (StatusCode.ERROR, "RuntimeError")),
    ]
    assert "hunter2" not in json.dumps([s.to_json() for s in traced.spans()])


# -- wiring and configuration -------------------------------------------------------------------
def test_tracing_config_adds_the_handler_once_and_leaves_the_callers_config_alone(traced: Traced) -> None:
    other = OTelCallbackHandler(TracerProvider(shutdown_on_exit=False))
    config: Any = {"configurable": {"thread_id": "t"}, "callbacks": [other]}
    once = tracing_config(config, handler=traced.handler)
    assert once == {"configurable": {"thread_id": "t"}, "callbacks": [other, traced.handler]}
    assert config["callbacks"] == [other]
    assert tracing_config(once, handler=traced.handler)["callbacks"] == [other, traced.handler]
    manager = CallbackManager([other])
    managed = tracing_config({"callbacks": manager}, handler=traced.handler)["callbacks"]
    assert isinstance(managed, CallbackManager) and managed is not manager
    assert managed.handlers == [other, traced.handler] and managed.inheritable_handlers == [traced.handler]
    assert manager.handlers == [other]


def test_console_mode_writes_each_span_to_stdout_at_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OTEL_SERVICE_NAME", raising=False)
    provider = build_provider("console")
    try:
        handler = OTelCallbackHandler(provider)
        RunnableLambda(lambda x: x + 1, name="tiny").invoke(1, tracing_config({}, handler=handler))
        printed = capsys.readouterr().out  # before shutdown: nothing waits in a batch
    finally:
        provider.shutdown()
    span = json.loads(printed)
    assert span["name"] == "turn" and span["attributes"] == {"langgraph.graph": "tiny"}
    assert span["resource"]["attributes"]["service.name"] == "school-agent"


@pytest.mark.parametrize("mode", ["bogus", "OTLP-grpc", ""])
def test_an_unknown_mode_is_refused(mode: str) -> None:
    with pytest.raises(SettingsError, match=r"tracing mode must be one of off, console, otlp, got"):
        setup_tracing(mode)


def test_an_unknown_mode_in_the_environment_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCHOOL_TRACING", "jaeger")
    refused = r"^SCHOOL_TRACING must be one of off, console, otlp, got 'jaeger'$"
    with pytest.raises(SettingsError, match=refused):
        setup_tracing()


def test_an_endpoint_that_is_not_a_url_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", raising=False)
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "127.0.0.1:4318")
    with pytest.raises(SettingsError, match=r"^OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL"):
        build_provider("otlp")


class _Collector(ThreadingHTTPServer):
    """An OTLP/HTTP collector on loopback that records what is posted to it."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _CollectorHandler)
        self.posts: list[tuple[str, str, bytes]] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _CollectorHandler(BaseHTTPRequestHandler):
    server: _Collector

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.server.posts.append((self.path, self.headers.get("Content-Type", ""), body))
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", "0")
        self.send_header("Connection", "close")
        self.end_headers()


@pytest.fixture
def collector() -> Iterator[_Collector]:
    server = _Collector()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join(5)


def test_otlp_mode_posts_protobuf_spans_to_the_collector(
    collector: _Collector, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", raising=False)
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", collector.url + "/")
    monkeypatch.setenv("OTEL_SERVICE_NAME", "school-agent-test")
    provider = build_provider("otlp")
    try:
        handler = OTelCallbackHandler(provider)
        RunnableLambda(lambda x: x, name="tiny").invoke(1, tracing_config({}, handler=handler))
        assert provider.force_flush()
    finally:
        provider.shutdown()
    [(path, content_type, body)] = collector.posts
    assert (path, content_type) == ("/v1/traces", "application/x-protobuf")
    request = ExportTraceServiceRequest.FromString(body)
    [resource_spans] = request.resource_spans
    service = {a.key: a.value.string_value for a in resource_spans.resource.attributes}["service.name"]
    assert service == "school-agent-test"
    assert [s.name for scope in resource_spans.scope_spans for s in scope.spans] == ["turn"]


SETUP_SCRIPT = """
from langchain_core.runnables import RunnableLambda
from opentelemetry import trace
from agent.llm.tracing import setup_tracing, tracing_config
first = setup_tracing()
assert setup_tracing() is first and setup_tracing("otlp") is first  # the first call decides
config = tracing_config({"tags": ["x"]})
print("provider:", type(first).__name__, "global:", trace.get_tracer_provider() is first,
      "callbacks:", [type(c).__name__ for c in config.get("callbacks", [])], flush=True)
RunnableLambda(lambda x: x, name="tiny").invoke(1, config)
"""


@pytest.mark.parametrize(
    ("mode", "first_line", "spans"),
    [
        ("off", "provider: NoneType global: False callbacks: []", []),
        ("console", "provider: TracerProvider global: True callbacks: ['OTelCallbackHandler']", ["turn"]),
    ],
)
def test_setup_tracing_installs_one_provider_per_process(
    mode: str, first_line: str, spans: list[str]
) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OTEL_", "SCHOOL_TRACING"))}
    result = subprocess.run(
        [sys.executable, "-c", SETUP_SCRIPT],
        cwd=ROOT,
        env=env | {"SCHOOL_TRACING": mode},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    first, _, rest = result.stdout.partition("\n")
    assert first == first_line
    assert ([json.loads(rest)["name"]] if rest else []) == spans
