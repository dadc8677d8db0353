"""The school assistant's graph: router → answer | planner | propose → approval → execute.

`build_graph` is the table of contents; each node lives in `graphs.nodes`. The module-level
`graph` carries no checkpointer, for `langgraph dev` (which supplies its own, configured in
`langgraph.json`); applications and tests call `build_graph` with a Postgres checkpointer.

A yes or no to what waits with a question after it ("no, hold off. is there a later cohort?")
is carried out by approval (and execute) as any other; they then go to the answer node, which
answers the question alone (`then_ask`) in the same turn (`graphs.nodes.common.then_answer`).

Two things wait for their first use, so that a fresh process resuming a paused thread (the CLI's
`approve`, `tests/test_cold_imports.py`) pays only for what it runs: the module-level `graph` is
compiled when first read (PEP 562 `__getattr__`), since every application builds its own; and the
answer node's module, the heaviest of the nodes (question readers, filters, composer), is imported
on the node's first call, since a resume never answers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.runtime import Runtime
from langgraph.store.base import BaseStore

from agent.config.settings import Settings
from agent.domain import School
from agent.llm.models import Models
from graphs.node_wrapper import wrap_node
from graphs.nodes.approval import make_approval
from graphs.nodes.common import SchoolSource
from graphs.nodes.execute import make_execute
from graphs.nodes.program_queue import make_next_in_program
from graphs.nodes.propose import make_propose
from graphs.nodes.replies import clarify, make_handoff
from graphs.nodes.router import after_reply, make_router
from graphs.nodes.signatures import RuntimeNode
from graphs.planner.graph import Planning, build_planner
from graphs.state import Context, InputState, State

SchoolGraph = CompiledStateGraph[State, Context, InputState, State]


def _default_school() -> School:
    from agent.infra.persistence import default_resources  # opened on first use, never at import

    return default_resources().school


def build_graph(
    *,
    checkpointer: BaseCheckpointSaver[Any] | None = None,
    store: BaseStore | None = None,
    school: School | None = None,
    settings: Settings | None = None,
    models: Models | None = None,
) -> SchoolGraph:
    """Compile the school graph.

    `school` is the domain the nodes act on; without it they use the process-wide default
    resources (the `DATABASE_URL` server or the embedded one), opened on first use. `models`
    are the router, answer and embeddings models; by default those configured in the
    environment (none: the deterministic offline behaviour). Clients are built on first use.
    """
    settings = settings or Settings.from_env()
    models = models or Models(settings.models)
    source: SchoolSource = (lambda: school) if school is not None else _default_school
    builder = StateGraph(State, context_schema=Context, input_schema=InputState)
    nodes: dict[str, Callable[..., Any]] = {
        "router": make_router(models),
        "answer": _answer_on_first_call(source, models),
        "propose": make_propose(source),
        "approval": make_approval(source),
        "execute": make_execute(source),
        "handoff": make_handoff(source),
        "clarify": clarify,
        "next_in_program": make_next_in_program(source),
    }
    for name, node in nodes.items():
        builder.add_node(name, wrap_node(name, node))  # migrations and crash points
    builder.add_node("planner", build_planner(Planning(source, models, settings)))
    builder.add_edge(START, "router")
    for replying in ("answer", "handoff", "clarify", "planner"):
        builder.add_conditional_edges(replying, after_reply)
    compiled = builder.compile(checkpointer=checkpointer, store=store, name="school")
    return compiled.with_config(recursion_limit=settings.recursion_limit)  # type: ignore[return-value]


def _answer_on_first_call(
    source: SchoolSource, models: Models
) -> RuntimeNode[State, dict[str, Any], Context]:
    """The answer node (`graphs.nodes.answer.make_answer`), its module imported when it first runs."""

    @functools.cache
    def built() -> RuntimeNode[State, dict[str, Any], Context]:
        from graphs.nodes.answer import make_answer

        return make_answer(source, models)

    def answer(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
        """Answer the latest question from the catalog, citing the ids used.

        After a yes or no to what waits, the question asked after it (`then_ask`), then cleared.
        """
        asked = state.get("then_ask")
        if not asked:
            return built()(state, runtime=runtime)
        return {**built()(_asking(state, asked), runtime=runtime), "then_ask": None}

    return answer


def _asking(state: State, question: str) -> State:
    """`state` as the answer node should read it: its latest student message only `question`.

    The node answers the newest student message; after "no, hold off. is there a later cohort?"
    that is the question alone, not the no it opened with.
    """
    messages = list(state["messages"])
    last = max(i for i, m in enumerate(messages) if isinstance(m, HumanMessage))
    messages[last] = HumanMessage(question, id=messages[last].id)
    return {**state, "messages": messages}


@functools.cache
def _module_graph() -> SchoolGraph:
    return build_graph()


def __getattr__(name: str) -> SchoolGraph:
    """`graph`: the school graph without a checkpointer, for `langgraph dev`, compiled on first read."""
    if name == "graph":
        return _module_graph()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
