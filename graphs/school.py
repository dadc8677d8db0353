"""The school assistant's graph: router → answer | planner | propose → approval → execute.

`build_graph` is the table of contents; each node lives in `graphs.nodes`. The module-level
`graph` carries no checkpointer, for `langgraph dev` (which supplies its own, configured in
`langgraph.json`); applications and tests call `build_graph` with a Postgres checkpointer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.store.base import BaseStore

from agent.config.settings import Settings
from agent.domain import School
from agent.llm.models import Models
from graphs.node_wrapper import wrap_node
from graphs.nodes.answer import make_answer
from graphs.nodes.approval import make_approval
from graphs.nodes.common import SchoolSource
from graphs.nodes.execute import make_execute
from graphs.nodes.program_queue import make_next_in_program
from graphs.nodes.propose import make_propose
from graphs.nodes.replies import clarify, make_handoff
from graphs.nodes.router import after_reply, make_router
from graphs.planner.graph import Planning, build_planner
from graphs.state import Context, InputState, State


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
) -> CompiledStateGraph[State, Context, InputState, State]:
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
        "answer": make_answer(source, models),
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


graph = build_graph()
