"""The two contenders on one database: the project as the application runs it, and the stock graph.

The project: `open_resources` (pool, saver, journal, thread locks) and `threads.send`, the path
the CLI and the HTTP API take. The stock graph: `bench.stock` on a plain pool (no connection
check, the saver's default durability), as the LangGraph documentation sets it up.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph.checkpoint.postgres import PostgresSaver
from psycopg_pool import ConnectionPool

from agent.config.settings import Settings
from agent.domain import School
from agent.infra.fake_provider import payment_provider
from agent.infra.persistence import Resources, connection_kwargs, open_resources
from agent.llm.models import Models, NamedModel
from agent.runtime import threads
from agent.runtime.heap import settled_heap
from agent.runtime.runs import Pregel
from bench.stock import build_stock_graph
from graphs.school import build_graph

QUESTION = "What does the Python course cover?"
"""A catalog question: the router sends it to the answer node, which finds one course."""
STUDENT = "ada"


@dataclass
class Project:
    """The school graph on its resources."""

    graph: Pregel
    resources: Resources

    def turn(self, thread_id: str, text: str = QUESTION, **kwargs: Any) -> threads.Turn:
        """One student turn, as the CLI and the API run it."""
        return threads.send(
            self.graph, thread_id, text, user_id=STUDENT, settings=self.resources.settings, **kwargs
        )


@dataclass
class Stock:
    """The stock graph on its plain pool, and the domain it acts on."""

    graph: Pregel
    school: School

    def turn(self, thread_id: str, text: str = QUESTION) -> dict[str, Any]:
        """One turn through `invoke`."""
        result: dict[str, Any] = self.graph.invoke({"messages": [("user", text)]}, _config(thread_id))
        return result


def _config(thread_id: str) -> Any:
    return {"configurable": {"thread_id": thread_id}}


def bench_settings(url: str | None) -> Settings:
    """The environment's settings (pool sizes included), on the scratch database `url` when given."""
    settings = Settings.from_env()
    return dataclasses.replace(settings, database_url=url) if url else settings


@contextmanager
def project(url: str, *, answer_model: BaseChatModel | None = None) -> Iterator[Project]:
    """The project on `url` (set up on first use), offline unless an answer model is given."""
    settings = bench_settings(url)
    models = Models(answer=NamedModel("bench:slow", answer_model) if answer_model else None)
    with open_resources(settings) as resources:
        graph = build_graph(
            checkpointer=resources.checkpointer,
            store=resources.store,
            school=resources.school,
            settings=settings,
            models=models,
        )
        # As `serve` and `worker` do once started: what exists now is left out of the collector's passes.
        with settled_heap():
            yield Project(graph, resources)


@contextmanager
def stock(url: str, *, delta: bool = False, model: BaseChatModel | None = None) -> Iterator[Stock]:
    """The stock graph on `url`; the project must have set the database up (catalog, checkpoints)."""
    settings = bench_settings(url)
    with ConnectionPool(
        url, kwargs=connection_kwargs(settings), min_size=1, max_size=settings.pool_max_size, open=True
    ) as pool:
        school = School(pool, clock=settings.current_date, payments=payment_provider(pool))
        yield Stock(build_stock_graph(school, PostgresSaver(pool), delta=delta, model=model), school)  # type: ignore[arg-type]


TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes", "journal_events", "turns", "plan_items")


def analyze(pool: ConnectionPool[Any]) -> None:
    """Refresh the planner's statistics, as autovacuum does on a server that has run a while.

    A scratch database grows from nothing in seconds, faster than autovacuum notices; planned
    from the statistics of near-empty tables, the savers' reads degrade with every turn.
    """
    with pool.connection() as conn:
        conn.execute(f"ANALYZE {', '.join(TABLES)}")
