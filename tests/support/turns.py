"""Driving the school graph straight, as the graph tests do: a thread's config, a student's message,
the transcript and the trajectory of a thread."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage

from agent.config.model_config import ModelConfig
from agent.config.settings import Settings
from agent.infra.persistence import Resources
from agent.llm.models import Models, NamedModel
from agent.runtime.runs import Pregel
from graphs.school import build_graph
from graphs.state import Context


def cfg(thread: str) -> Any:
    """The run config of `thread`."""
    return {"configurable": {"thread_id": thread}}


def say(graph: Pregel, thread: str, text: str, user: str = "ada") -> dict[str, Any]:
    """Send `text` as `user` on `thread`; the run's result (with `__interrupt__` when it paused)."""
    result: dict[str, Any] = graph.invoke(
        {"messages": [HumanMessage(text)]}, cfg(thread), context=Context(user_id=user)
    )
    return result


def transcript(graph: Pregel, thread: str) -> list[tuple[str, str]]:
    """The thread's messages as (type, text), oldest first."""
    return [(m.type, m.content) for m in graph.get_state(cfg(thread)).values["messages"]]


def nodes_run(graph: Pregel, thread: str) -> list[str]:
    """The nodes each checkpoint says ran, oldest first (the trajectory)."""
    history = reversed(list(graph.get_state_history(cfg(thread))))
    return [snapshot.next[0] for snapshot in history if snapshot.next]


def graph_with(
    resources: Resources, *, router: Any = None, answer: Any = None, config: ModelConfig | None = None
) -> Any:
    """The school graph on `resources` with these scripted router and answer models (None: offline),
    priced by `config`."""
    models = Models(
        config,
        router=NamedModel("test:router", router) if router else None,
        answer=NamedModel("test:answer", answer) if answer else None,
    )
    return school_graph(resources, models)


def school_graph(
    resources: Resources, models: Models | None = None, *, settings: Settings | None = None
) -> Any:
    """The school graph on `resources` (their settings unless `settings`), with `models` (None: offline)."""
    return build_graph(
        checkpointer=resources.checkpointer,
        store=resources.store,
        school=resources.school,
        settings=settings or resources.settings,
        models=models,
    )


def last_reply(graph: Pregel, thread: str) -> str:
    """The thread's last message, as text."""
    content: str = graph.get_state(cfg(thread)).values["messages"][-1].content
    return content


def pending_action(graph: Pregel, thread: str) -> tuple[str, dict[str, Any]] | None:
    """The action waiting on the thread, as (name, args), or None."""
    action = graph.get_state(cfg(thread)).values.get("pending_action")
    return (action["name"], action["args"]) if action else None


def school_rows(resources: Resources) -> tuple[list[tuple[str, str, str]], int]:
    """Every enrollment (student, cohort, status) and the number of handoff tickets."""
    rows = [(r["student_id"], r["cohort_id"], r["status"]) for r in resources.school.enrollments()]
    with resources.pool.connection() as conn:
        tickets = conn.execute("SELECT count(*) AS n FROM handoffs").fetchone()
    return rows, tickets["n"] if tickets else 0
