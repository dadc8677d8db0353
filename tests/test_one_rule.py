"""Rules with one home: each is the same code wherever the project applies it.

A pool or a held connection (`agent.journal.connections`), the thread id of a run's config
(`middleware.thread_id_from_config`), thread ownership and its error
(`agent.journal.owners`), and what becomes JSON (`agent.domain.plain_json`).
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, time
from decimal import Decimal
from enum import IntEnum, StrEnum
from types import MappingProxyType
from typing import Any, TypedDict
from uuid import UUID

import pytest
from langchain_core.messages import HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import START, StateGraph

from agent.domain import operations, payments
from agent.domain.plain_json import NotJSONError, to_json
from agent.infra.persistence import Resources
from agent.journal import api_runs, events, turns
from agent.journal.connections import connection
from agent.journal.owners import ForeignThreadError, claim_owner, owner_of
from agent.runtime import runs, threads
from agent.runtime.thread_views import ThreadView
from graphs.state import Context
from middleware import MissingThreadIdError, thread_id_from_config


def test_a_pool_lends_a_connection_and_a_held_connection_is_used_as_it_is(resources: Resources) -> None:
    with connection(resources.pool) as lent:
        assert lent.execute("SELECT 1 AS one").fetchone() == {"one": 1}
    assert not lent.closed  # back in the pool, not closed
    with resources.pool.connection() as held, connection(held) as same:
        assert same is held


@pytest.mark.parametrize(
    "config",
    [
        pytest.param(threads.config_for("t-1"), id="the runtime's config"),
        pytest.param({"configurable": {"thread_id": "t-1", "turn_id": 7, "checkpoint_ns": ""}}, id="a run's"),
        pytest.param({"configurable": {"thread_id": UUID(int=1)}}, id="a non-str id"),
    ],
)
def test_the_thread_id_is_read_the_same_way_from_every_config(config: Any) -> None:
    expected = str(config["configurable"]["thread_id"])
    assert thread_id_from_config(config) == expected


class _Empty(TypedDict):
    """A state with nothing in it: the node only looks at its config."""


def test_a_node_reads_the_thread_id_of_the_config_langgraph_hands_it() -> None:
    seen: list[str] = []

    def node(state: _Empty, config: RunnableConfig) -> dict[str, Any]:
        seen.append(thread_id_from_config(config))
        return {}

    builder = StateGraph(_Empty)
    builder.add_node("node", node)
    builder.add_edge(START, "node")
    builder.compile(checkpointer=InMemorySaver()).invoke({}, {"configurable": {"thread_id": "t-2"}})
    assert seen == ["t-2"]


@pytest.mark.parametrize(
    "config", [{}, {"configurable": None}, {"configurable": {}}, {"configurable": {"thread_id": ""}}]
)
def test_a_config_without_a_thread_id_is_refused_with_one_error(config: Any) -> None:
    with pytest.raises(MissingThreadIdError, match=r"^this run needs a thread id: invoke it with config="):
        thread_id_from_config(config)
    assert issubclass(MissingThreadIdError, LookupError)


def test_the_graph_and_the_runtime_refuse_a_foreign_student_with_one_error_class(graph: Any) -> None:
    from graphs.nodes import router

    assert threads.ForeignThreadError is router.ForeignThreadError is ForeignThreadError
    assert issubclass(ForeignThreadError, threads.ThreadError) and issubclass(
        ForeignThreadError, PermissionError
    )

    threads.send(graph, "t", "hello", user_id="ada")
    with pytest.raises(ForeignThreadError, match=r"^thread t belongs to another student$"):
        threads.send(graph, "t", "hello", user_id="bob")  # refused by the runtime, before the graph runs
    config = threads.config_for("t")
    with pytest.raises(
        ForeignThreadError, match=r"^thread belongs to student 'ada'; refusing to run it for 'bob'"
    ):
        graph.invoke(
            {"messages": [HumanMessage("hello")]}, config, context=Context(user_id="bob")
        )  # by the router


def test_the_owner_is_the_states_student_else_the_journals(graph: Any, resources: Resources) -> None:
    assert runs.owner(graph, "new") is None
    claim_owner(resources.pool, "new", "ada")  # a thread the HTTP API created: no state yet
    assert runs.owner(graph, "new") == "ada"
    assert runs.owner(graph, "new", graph.get_state(threads.config_for("new"))) == "ada"
    assert runs.owner(graph, "new", ThreadView(student_id=None, unfinished=False)) == "ada"
    assert runs.owner(graph, "new", ThreadView(student_id="ada", unfinished=False)) == "ada"
    with pytest.raises(ForeignThreadError, match=r"^thread new belongs to another student$"):
        threads.send(graph, "new", "hello", user_id="bob")

    threads.send(graph, "t", "hello", user_id="cy")  # the run claims the thread and the router names cy
    assert owner_of(resources.pool, "t") == "cy"
    assert graph.get_state(threads.config_for("t")).values["student_id"] == "cy"
    assert runs.owner(graph, "t") == "cy"


class _Level(StrEnum):
    INTRO = "intro"


class _Seats(IntEnum):
    FEW = 3


def test_one_json_policy_converts_what_reads_back_as_written() -> None:
    value = MappingProxyType(
        {
            "on": date(2026, 12, 1),
            "at": datetime(2026, 12, 1, 9, 30, tzinfo=UTC),
            "from": time(9, 30),
            "price": Decimal("12.50"),
            "pair": (1, "two"),
            "level": _Level.INTRO,
            "seats": _Seats.FEW,
            "plain": [None, True, 1.5, {"k": "v"}],
        }
    )
    plain = to_json(value)
    assert plain == {
        "on": "2026-12-01",
        "at": "2026-12-01T09:30:00+00:00",
        "from": "09:30:00",
        "price": 12.5,
        "pair": [1, "two"],
        "level": "intro",
        "seats": 3,
        "plain": [None, True, 1.5, {"k": "v"}],
    }
    assert type(plain["level"]) is str and type(plain["seats"]) is int
    assert json.loads(json.dumps(plain, allow_nan=False)) == plain


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"by_id": {1: "a"}}, r"^value\['by_id'\] has the key 1 \(int\); JSON object keys are str$"),
        ({"cost": float("nan")}, r"^value\['cost'\] is nan; JSON has no NaN or infinity$"),
        ([{"seen": {"a"}}], r"^value\[0\]\['seen'\] is a set \(\{'a'\}\), which cannot be stored as JSON"),
        (b"raw", r"^value is a bytes"),
    ],
)
def test_one_json_policy_refuses_what_it_cannot_carry_and_names_where(value: Any, message: str) -> None:
    with pytest.raises(NotJSONError, match=message):
        to_json(value)


def test_the_domain_and_the_journal_share_the_policy() -> None:
    assert (
        operations.to_json
        is payments.to_json
        is turns.to_json
        is api_runs.to_json
        is events.to_json
        is to_json
    )
    assert issubclass(events.JournalPayloadError, NotJSONError) and issubclass(NotJSONError, TypeError)
    with pytest.raises(events.JournalPayloadError, match=r"^payload\['n'\] is nan"):
        events.event_rows("t", [("worker_failed", {"n": float("nan")})], turn_id=None)
