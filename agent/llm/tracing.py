"""OpenTelemetry traces of the assistant: a span per turn, graph node, model call and tool call.

Spans come from LangChain callbacks, so nothing in the graphs, nodes or tools knows about tracing.
They are exported to the console or to an OTLP/HTTP collector (Jaeger, Tempo, the OpenTelemetry
Collector, Phoenix ...), chosen by configuration; LangSmith keeps working, or not, on its own.

    SCHOOL_TRACING               off (default) | console | otlp
    OTEL_EXPORTER_OTLP_ENDPOINT  the collector's base URL for `otlp`, default http://localhost:4318;
                                 spans go to <base>/v1/traces
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT  the full traces URL, when it must differ from <base>/v1/traces
    OTEL_SERVICE_NAME            the service name on every span, default school-agent

The OTLP exporter also reads the other standard variables itself (`OTEL_EXPORTER_OTLP_HEADERS`,
`OTEL_EXPORTER_OTLP_TIMEOUT`, ...).

The span tree of one graph run (a turn, or the resume after an approval):

    turn                         langgraph.graph, thread.id, user.id, school.turn.id (the journal's)
      node router                langgraph.node, langgraph.step, thread.id
      node answer
        model gpt-4.1-mini       gen_ai.request.model, gen_ai.usage.input_tokens/output_tokens,
                                 school.cost_usd (from SCHOOL_MODEL_PRICES), school.priced
      node planner               a subgraph: its nodes nest under it
        node worker              parallel branches each under their own node
          node tools
            tool search_catalog  gen_ai.tool.name, school.tool.status

A node paused by `interrupt()` ends with `langgraph.interrupted = true` and is not an error. A run
that fails has status ERROR with the exception's type as description and `error.type`.

How callers wire it (the CLI, the HTTP server, `agent.runtime.threads`):

    from agent.llm.tracing import setup_tracing, tracing_config

    setup_tracing()        # once at start-up, so a bad SCHOOL_TRACING fails before any turn runs
    graph.invoke(value, tracing_config(config), context=context)  # every run: invoke, stream, ainvoke
    # the turn's thread.id, user.id and school.turn.id come from the run's metadata, into which
    # LangGraph copies `configurable`: {"configurable": {"thread_id": t, "turn_id": n},
    #                                   "metadata": {"user_id": u}}

`tracing_config` sets tracing up on first use when nobody did, and returns the config unchanged
when tracing is off. Tests build their own provider (an in-memory exporter) and pass their own
`OTelCallbackHandler` to `tracing_config(config, handler=...)`; the global provider is not touched.

What this module must not do: put message text, prompts, tool arguments or results, or exception
messages on spans (they carry students' words, SQL and hosts); only names, counts and types.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TextIO
from urllib.parse import urlsplit
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.messages import BaseMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langgraph.errors import GraphBubbleUp, GraphInterrupt

from agent.config import env
from agent.config.env import SettingsError
from agent.config.model_config import ModelConfig
from agent.llm.calls import add_handler
from middleware.usage import call_usage, result_model, result_tokens

if TYPE_CHECKING:
    # OpenTelemetry is imported where it is used: every run calls `tracing_config`, and with
    # tracing off (the default) a process must not pay for the SDK and its exporters.
    from langchain_core.outputs import LLMResult
    from opentelemetry import trace
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter
    from opentelemetry.trace import Span, SpanKind

log = logging.getLogger(__name__)

Mode = Literal["off", "console", "otlp"]
MODES: tuple[Mode, ...] = ("off", "console", "otlp")
DEFAULT_SERVICE_NAME = "school-agent"
DEFAULT_OTLP_ENDPOINT = "http://localhost:4318"
"""The OpenTelemetry default for OTLP over HTTP."""


# -- configuration ------------------------------------------------------------------------------
def tracing_mode(mode: str | None = None) -> Mode:
    """`mode`, or `SCHOOL_TRACING` when it is None, checked."""
    raw = mode if mode is not None else env.text("SCHOOL_TRACING", "off")
    value = (raw or "").strip().lower()
    for option in MODES:
        if value == option:
            return option
    what = "SCHOOL_TRACING" if mode is None else "the tracing mode"
    message = f"{what} must be one of {', '.join(MODES)}, got {raw!r}"
    raise SettingsError(message)


def otlp_traces_endpoint() -> str:
    """The URL OTLP/HTTP spans are posted to, from the standard OpenTelemetry variables."""
    traces = env.text("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
    if traces is not None:
        name, url = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", traces
    else:
        base = env.text("OTEL_EXPORTER_OTLP_ENDPOINT", DEFAULT_OTLP_ENDPOINT) or DEFAULT_OTLP_ENDPOINT
        name, url = "OTEL_EXPORTER_OTLP_ENDPOINT", f"{base.rstrip('/')}/v1/traces"
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        message = f"{name} must be an http(s) URL such as {DEFAULT_OTLP_ENDPOINT}, got {traces or base!r}"
        raise SettingsError(message)
    return url


def build_provider(
    mode: Literal["console", "otlp"], *, out: TextIO | None = None, shutdown_on_exit: bool = False
) -> TracerProvider:
    """A tracer provider exporting as `mode` says; not installed globally (`setup_tracing` does that).

    Console spans are written at once (`out`, default the `sys.stdout` of the moment); OTLP spans
    are batched in a background thread. Whoever builds one shuts it down (or asks for
    `shutdown_on_exit`), which flushes what is still queued.
    """
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter, SimpleSpanProcessor

    exporter: SpanExporter
    if mode == "console":
        exporter = ConsoleSpanExporter(out=out if out is not None else sys.stdout)
    elif mode == "otlp":
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        exporter = OTLPSpanExporter(endpoint=otlp_traces_endpoint())
    else:
        message = f"a tracer provider exports to console or otlp, not {mode!r}"
        raise SettingsError(message)
    service = env.text("OTEL_SERVICE_NAME", DEFAULT_SERVICE_NAME) or DEFAULT_SERVICE_NAME
    provider = TracerProvider(
        resource=Resource.create({"service.name": service}), shutdown_on_exit=shutdown_on_exit
    )
    processor = SimpleSpanProcessor(exporter) if mode == "console" else BatchSpanProcessor(exporter)
    provider.add_span_processor(processor)
    return provider


@dataclass(frozen=True)
class _Installed:
    mode: Mode
    provider: TracerProvider | None
    handler: OTelCallbackHandler | None


_install_lock = threading.Lock()
_installed: _Installed | None = None


def setup_tracing(mode: str | None = None, *, models: ModelConfig | None = None) -> TracerProvider | None:
    """Install tracing for this process as `mode` (default `SCHOOL_TRACING`) says; None when off.

    The first call decides, later calls return the same provider (so the CLI, the server and
    `tracing_config` may each call it). The provider becomes the global OpenTelemetry one and is
    shut down, flushing its spans, when the process exits. `models` prices the model calls
    (default: `SCHOOL_MODEL_PRICES`). An unknown mode or a malformed endpoint raise SettingsError.
    """
    global _installed
    wanted = tracing_mode(mode)
    with _install_lock:
        if _installed is None:
            provider, handler = None, None
            if wanted != "off":
                from opentelemetry import trace

                prices = models or ModelConfig.from_env()  # a bad SCHOOL_MODEL_PRICES fails before export
                provider = build_provider(wanted, shutdown_on_exit=True)
                # Shared with other OpenTelemetry instrumentation (an HTTP server's, say); where one
                # is installed already, OpenTelemetry keeps it and logs so, and our spans still go out.
                trace.set_tracer_provider(provider)
                handler = OTelCallbackHandler(provider, models=prices)
            _installed = _Installed(wanted, provider, handler)
        elif mode is not None and wanted != _installed.mode:
            log.warning("tracing is already set up as %r; ignoring %r", _installed.mode, wanted)
        return _installed.provider


def tracing_config(
    config: RunnableConfig | None = None, *, handler: OTelCallbackHandler | None = None
) -> RunnableConfig:
    """`config` with the tracing callback handler added, or unchanged (a copy) when tracing is off.

    `handler` replaces the process-wide one (tests pass one on their own provider). The caller's
    config is not modified; a handler already present is not added twice.
    """
    if handler is None:
        installed = _installed
        if installed is None:
            setup_tracing()
            installed = _installed
        assert installed is not None
        handler = installed.handler
    traced = config.copy() if config else RunnableConfig()
    return traced if handler is None else add_handler(traced, handler)


# -- the callback handler -----------------------------------------------------------------------
@dataclass
class _Run:
    """What the handler keeps about one LangChain run until it ends."""

    span: Span | None
    """The run's own span; None for an internal runnable, which gets none."""
    parent: Span | None
    """The span the run's children hang under: its own, or the nearest one above it."""
    task: str | None
    """The checkpoint namespace of the graph task (node run) the run is part of."""
    turn: Span | None
    """The span of the turn the run belongs to, which is marked when a node in it is interrupted."""
    request_model: str | None = None


class OTelCallbackHandler(BaseCallbackHandler):
    """Opens a span when a turn, a graph node, a model call or a tool call starts; ends it with the run.

    Parents follow LangChain's `run_id`/`parent_run_id`, not the current OpenTelemetry context:
    LangGraph calls back from its worker threads for parallel branches. Runnables inside a node that
    are not nodes themselves (a node's function, its edges, a subgraph's root) get no span; their
    children hang under the node. Safe to share between threads and concurrent runs.
    """

    run_inline = True  # cheap and non-blocking; in async runs, called on the event loop in order

    def __init__(self, tracer_provider: trace.TracerProvider, *, models: ModelConfig | None = None) -> None:
        self._tracer = tracer_provider.get_tracer(__name__)
        self._models = models or ModelConfig()
        self._lock = threading.Lock()
        self._runs: dict[UUID, _Run] = {}

    # chains: the turn and graph nodes
    def on_chain_start(
        self,
        serialized: dict[str, Any],
        inputs: dict[str, Any],
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        tags: list[str] | None = None,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Open `turn` for a graph run at the top, `node <name>` for a graph task, nothing else."""
        meta = metadata or {}
        node, task = meta.get("langgraph_node"), meta.get("langgraph_checkpoint_ns")
        with self._lock:
            parent = self._runs.get(parent_run_id) if parent_run_id else None
            if parent is None:
                span = self._start(
                    "turn",
                    None,
                    _present(
                        {
                            "langgraph.graph": kwargs.get("name"),
                            "thread.id": meta.get("thread_id"),
                            "user.id": meta.get("user_id"),
                            "school.turn.id": meta.get("turn_id"),
                        }
                    ),
                )
                self._runs[run_id] = _Run(span, span, task, span)
            elif isinstance(node, str) and task != parent.task:
                span = self._start(
                    f"node {node}",
                    parent.parent,
                    _present(
                        {
                            "langgraph.node": node,
                            "langgraph.step": meta.get("langgraph_step"),
                            "thread.id": meta.get("thread_id"),
                        }
                    ),
                )
                self._runs[run_id] = _Run(span, span, task, parent.turn)
            else:
                self._runs[run_id] = _Run(None, parent.parent, parent.task, parent.turn)

    def on_chain_end(
        self, outputs: dict[str, Any], *, run_id: UUID, parent_run_id: UUID | None = None, **kwargs: Any
    ) -> Any:
        """End the run's span, if it has one."""
        run = self._pop(run_id)
        if run and run.span:
            run.span.end()

    def on_chain_error(
        self, error: BaseException, *, run_id: UUID, parent_run_id: UUID | None = None, **kwargs: Any
    ) -> Any:
        """End the run's span as failed; an interrupt (a pause for approval) is no failure."""
        self._fail(run_id, error)

    # models
    def on_chat_model_start(
        self,
        serialized: dict[str, Any],
        messages: list[list[BaseMessage]],
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        tags: list[str] | None = None,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Open `model <name>` for a chat model call."""
        self._start_model(run_id, parent_run_id, metadata or {}, kwargs)

    def on_llm_start(
        self,
        serialized: dict[str, Any],
        prompts: list[str],
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        tags: list[str] | None = None,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Open `model <name>` for a completion model call."""
        self._start_model(run_id, parent_run_id, metadata or {}, kwargs)

    def on_llm_end(
        self,
        response: LLMResult,
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        tags: list[str] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Record the model the provider answered with, the tokens and their cost; end the span."""
        run = self._pop(run_id)
        if run is None or run.span is None:
            return
        span, response_model = run.span, result_model(response)
        if response_model:
            span.set_attribute("gen_ai.response.model", response_model)
            if not run.request_model:
                span.set_attribute("gen_ai.request.model", response_model)
                span.update_name(f"model {response_model}")
        tokens = result_tokens(response)
        if tokens is not None:
            used = call_usage(tokens, self._models.price_of, run.request_model, response_model)
            span.set_attributes(
                {
                    "gen_ai.usage.input_tokens": used.input_tokens,
                    "gen_ai.usage.output_tokens": used.output_tokens,
                    "school.cost_usd": used.cost_usd,
                    "school.priced": used.priced,
                }
            )
        span.end()

    def on_llm_error(
        self,
        error: BaseException,
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        tags: list[str] | None = None,
        **kwargs: Any,
    ) -> Any:
        """End the model span as failed."""
        self._fail(run_id, error)

    # tools
    def on_tool_start(
        self,
        serialized: dict[str, Any],
        input_str: str,
        *,
        run_id: UUID,
        parent_run_id: UUID | None = None,
        tags: list[str] | None = None,
        metadata: dict[str, Any] | None = None,
        inputs: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Open `tool <name>`; the arguments stay off the span."""
        name = kwargs.get("name") or (serialized or {}).get("name") or "unknown"
        with self._lock:
            parent = self._runs.get(parent_run_id) if parent_run_id else None
            attributes = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": name}
            span = self._start(f"tool {name}", parent.parent if parent else None, attributes)
            self._runs[run_id] = _Run(
                span, span, parent.task if parent else None, parent.turn if parent else None
            )

    def on_tool_end(
        self, output: Any, *, run_id: UUID, parent_run_id: UUID | None = None, **kwargs: Any
    ) -> Any:
        """End the tool span; a tool that returned an error result counts as failed."""
        run = self._pop(run_id)
        if run is None or run.span is None:
            return
        failed = isinstance(output, ToolMessage) and output.status == "error"
        run.span.set_attribute("school.tool.status", "error" if failed else "ok")
        if failed:
            from opentelemetry.trace import Status, StatusCode

            run.span.set_status(Status(StatusCode.ERROR, "error result"))
        run.span.end()

    def on_tool_error(
        self, error: BaseException, *, run_id: UUID, parent_run_id: UUID | None = None, **kwargs: Any
    ) -> Any:
        """End the tool span as failed, with the exception's type only."""
        self._fail(run_id, error, tool=True)

    # helpers
    def _start(
        self, name: str, parent: Span | None, attributes: Mapping[str, Any], kind: SpanKind | None = None
    ) -> Span:
        """Start a span, by default of kind INTERNAL."""
        from opentelemetry import trace
        from opentelemetry.trace import SpanKind

        # A run's first span takes the caller's current context (a server request's span, say);
        # all others get their parent explicitly: callbacks may run on another thread.
        context = trace.set_span_in_context(parent) if parent is not None else None
        kind = SpanKind.INTERNAL if kind is None else kind
        return self._tracer.start_span(name, context=context, kind=kind, attributes=attributes)

    def _start_model(
        self, run_id: UUID, parent_run_id: UUID | None, metadata: dict[str, Any], kwargs: dict[str, Any]
    ) -> None:
        from opentelemetry.trace import SpanKind

        params = kwargs.get("invocation_params") or {}
        model = _first_text(
            params.get("model"),
            params.get("model_name"),
            params.get("model_id"),
            metadata.get("ls_model_name"),
        )
        attributes = _present(
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.request.model": model,
                "gen_ai.provider.name": metadata.get("ls_provider"),
                "school.model_role": metadata.get("school_role"),
            }
        )
        with self._lock:
            parent = self._runs.get(parent_run_id) if parent_run_id else None
            span = self._start(
                f"model {model}" if model else "model",
                parent.parent if parent else None,
                attributes,
                SpanKind.CLIENT,
            )
            self._runs[run_id] = _Run(
                span, span, parent.task if parent else None, parent.turn if parent else None, model
            )

    def open_runs(self) -> int:
        """How many runs have started and not yet ended (0 between runs; more means a leak)."""
        with self._lock:
            return len(self._runs)

    def _pop(self, run_id: UUID) -> _Run | None:
        with self._lock:
            return self._runs.pop(run_id, None)

    def _fail(self, run_id: UUID, error: BaseException, *, tool: bool = False) -> None:
        run = self._pop(run_id)
        if run is None or run.span is None:
            return
        if isinstance(error, GraphBubbleUp):  # control flow: an interrupt or a jump to a parent graph
            if isinstance(error, GraphInterrupt):
                # The turn itself ends normally (LangGraph returns the interrupt), so it is marked here.
                for span in (run.span, run.turn):
                    if span is not None and span.is_recording():
                        span.set_attribute("langgraph.interrupted", True)
        else:
            from opentelemetry.trace import Status, StatusCode

            # The type only: an exception's text may hold SQL, hosts or a student's data.
            run.span.set_attributes(
                {"error.type": _type_name(error)} | ({"school.tool.status": "error"} if tool else {})
            )
            run.span.set_status(Status(StatusCode.ERROR, type(error).__name__))
        run.span.end()


def _present(attributes: Mapping[str, Any]) -> dict[str, Any]:
    """The attributes that have a value OpenTelemetry can carry."""
    return {k: v for k, v in attributes.items() if isinstance(v, str | bool | int | float) and v != ""}


def _first_text(*values: Any) -> str | None:
    return next((v for v in values if isinstance(v, str) and v), None)


def _type_name(error: BaseException) -> str:
    kind = type(error)
    return kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
