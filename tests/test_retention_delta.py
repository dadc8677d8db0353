"""Retention of `DeltaChannel` threads on real Postgres, with small graphs that snapshot often.

A delta channel stores its value only every few updates; in between LangGraph rebuilds it from the
nearest ancestor that stores one plus the writes since. These tests prove `prune` keeps what those
rebuilds read: every checkpoint it keeps reads back exactly as before (`get_state_history`), the
oldest one kept is a stored value with no parent, and the thread goes on with its whole history.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, TypedDict

import pytest
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage
from langgraph.channels import DeltaChannel
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.graph import START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.types import StateSnapshot
from psycopg.types.json import Jsonb

from agent.infra.internals import messages_delta_reducer
from agent.infra.persistence import Resources
from agent.infra.retention import prune

THREAD = {"configurable": {"thread_id": "t"}}


def _append(state: list[str], writes: Sequence[list[str]]) -> list[str]:
    return [*state, *(note for batch in writes for note in batch)]


class Chat(TypedDict):
    messages: Annotated[list[AnyMessage], DeltaChannel(messages_delta_reducer, snapshot_frequency=3)]


class Noted(TypedDict):
    messages: Annotated[list[AnyMessage], DeltaChannel(messages_delta_reducer, snapshot_frequency=3)]
    notes: Annotated[list[str], DeltaChannel(_append, snapshot_frequency=2)]


class SeldomNoted(TypedDict):
    messages: Annotated[list[AnyMessage], DeltaChannel(messages_delta_reducer, snapshot_frequency=3)]
    notes: Annotated[list[str], DeltaChannel(_append, snapshot_frequency=5)]


class Legacy(TypedDict):
    messages: Annotated[list[AnyMessage], add_messages]


class Migrated(TypedDict):
    messages: Annotated[list[AnyMessage], DeltaChannel(messages_delta_reducer, snapshot_frequency=100)]


def reply(state: Any) -> dict[str, Any]:
    update: dict[str, Any] = {"messages": [AIMessage(f"reply {len(state['messages'])}")]}
    if "notes" in state:
        update["notes"] = [f"note {len(state['messages'])}"]
    return update


def tiny_graph(schema: type, checkpointer: PostgresSaver) -> Any:
    builder: StateGraph[Any, Any, Any, Any] = StateGraph(schema)
    builder.add_node("reply", reply)
    builder.add_edge(START, "reply")
    return builder.compile(checkpointer=checkpointer)


def talk(graph: Any, turns: int, first: int = 0, config: Any = THREAD) -> None:
    for i in range(first, first + turns):
        graph.invoke({"messages": [HumanMessage(f"hi {i}", id=f"human-{i}")]}, config)


def history(graph: Any) -> dict[str, StateSnapshot]:
    """Every checkpoint of the thread as the graph reads it, by id, less the pointer to its parent."""
    return {
        s.config["configurable"]["checkpoint_id"]: s._replace(parent_config=None)
        for s in graph.get_state_history(THREAD)
    }


def rows(res: Resources) -> list[dict[str, Any]]:
    """The thread's root checkpoints, oldest first, with the delta channels each stores a value of."""
    with res.pool.connection() as conn:
        return conn.execute("""
            SELECT c.checkpoint_id, c.parent_checkpoint_id AS parent,
                   ARRAY(SELECT v.key FROM jsonb_each_text(c.checkpoint -> 'channel_versions') AS v
                         JOIN checkpoint_blobs b ON b.thread_id = c.thread_id
                         AND b.checkpoint_ns = c.checkpoint_ns AND b.channel = v.key AND b.version = v.value
                         WHERE v.key IN ('messages', 'notes') ORDER BY v.key) AS stored
            FROM checkpoints c WHERE c.thread_id = 't' AND c.checkpoint_ns = '' ORDER BY c.checkpoint_id
        """).fetchall()


def expected_window(before: list[dict[str, Any]], keep_last: int, channels: set[str]) -> list[str]:
    """The ids the rule keeps on a thread without forks: from the newest checkpoint at or before the
    oldest of the last `keep_last` that stores every channel (or from the first one)."""
    start = max(len(before) - keep_last, 0)
    while start > 0 and not channels <= set(before[start]["stored"]):
        start -= 1
    return [r["checkpoint_id"] for r in before[start:]]


def assert_orphan_is_a_stored_value(res: Resources, channels: set[str]) -> None:
    after = rows(res)
    assert [r["checkpoint_id"] for r in after if r["parent"] is None] == [after[0]["checkpoint_id"]]
    assert set(after[0]["stored"]) == channels


@pytest.mark.parametrize("keep_last", [1, 2, 4, 5, 7, 26, 27, 40])
def test_every_kept_checkpoint_reads_as_before_and_the_thread_goes_on(
    resources: Resources, keep_last: int
) -> None:
    graph = tiny_graph(Chat, resources.checkpointer)
    talk(graph, 10)
    before, was = rows(resources), history(graph)
    assert sum(1 for r in before if r["stored"]) >= 6  # snapshots, and the input checkpoints after them
    kept = expected_window(before, keep_last, {"messages"})

    report = prune(resources.pool, older_than=None, keep_last=keep_last, dry_run=False)

    assert [r["checkpoint_id"] for r in rows(resources)] == kept
    assert history(graph) == {i: was[i] for i in kept}
    assert (report.checkpoints, report.skipped) == (len(before) - len(kept), ())
    if len(kept) < len(before):
        assert report.freed_bytes > 0 and report.writes > 0 and report.blobs > 0
        assert_orphan_is_a_stored_value(resources, {"messages"})
    messages = was[kept[-1]].values["messages"]
    assert [m.content for m in messages] == [t for i in range(10) for t in (f"hi {i}", f"reply {2 * i + 1}")]

    talk(graph, 1, first=10)
    now = graph.get_state(THREAD).values["messages"]
    assert now[:-1] == [*messages, HumanMessage("hi 10", id="human-10")] and now[-1].content == "reply 21"
    before, was = rows(resources), history(graph)
    prune(resources.pool, older_than=None, keep_last=keep_last, dry_run=False)
    kept = expected_window(before, keep_last, {"messages"})
    assert history(graph) == {i: was[i] for i in kept} and was[kept[-1]].values["messages"] == now


def test_a_fork_keeps_the_history_its_branch_is_rebuilt_from(resources: Resources) -> None:
    graph = tiny_graph(Chat, resources.checkpointer)
    talk(graph, 10)
    main = rows(resources)
    fork_at = main[11]["checkpoint_id"]  # the end of the fourth turn: 3 checkpoints a turn
    assert [r["stored"] for r in main[9:12]] == [["messages"], [], []]
    talk(graph, 1, first=99, config={"configurable": {"thread_id": "t", "checkpoint_id": fork_at}})
    was = history(graph)
    forked = was[rows(resources)[-1]["checkpoint_id"]].values["messages"]
    assert [m.content for m in forked] == [
        *(m.content for m in was[fork_at].values["messages"]),
        "hi 99",
        "reply 9",
    ]

    # The fork's input checkpoint stores no messages: it is rebuilt from main[9], before the fork.
    report = prune(resources.pool, older_than=None, keep_last=3, dry_run=False)

    after = history(graph)
    assert after == {i: was[i] for i in after} and report.checkpoints > 0
    # Kept by id order alone, the tail would start after every checkpoint of the main branch.
    assert min(after) <= fork_at and graph.get_state(THREAD).values["messages"] == forked
    assert_orphan_is_a_stored_value(resources, {"messages"})


@pytest.mark.parametrize("keep_last", [1, 3, 6, 14])
def test_with_two_delta_channels_the_tail_reaches_back_to_a_checkpoint_that_stores_both(
    resources: Resources, keep_last: int
) -> None:
    graph = tiny_graph(Noted, resources.checkpointer)
    talk(graph, 10)
    before, was = rows(resources), history(graph)
    assert {tuple(r["stored"]) for r in before} == {(), ("messages",), ("notes",), ("messages", "notes")}
    kept = expected_window(before, keep_last, {"messages", "notes"})

    report = prune(resources.pool, older_than=None, keep_last=keep_last, dry_run=False)

    assert [r["checkpoint_id"] for r in rows(resources)] == kept and report.checkpoints > 0
    assert history(graph) == {i: was[i] for i in kept}
    assert was[kept[-1]].values["notes"] == [f"note {2 * i + 1}" for i in range(10)]
    assert_orphan_is_a_stored_value(resources, {"messages", "notes"})
    talk(graph, 1, first=10)
    assert graph.get_state(THREAD).values["notes"] == [f"note {2 * i + 1}" for i in range(11)]


def test_two_delta_channels_never_stored_at_one_checkpoint_keep_the_whole_thread(
    resources: Resources,
) -> None:
    graph = tiny_graph(SeldomNoted, resources.checkpointer)
    talk(graph, 10)
    before, was = rows(resources), history(graph)
    assert ("messages", "notes") not in {tuple(r["stored"]) for r in before}

    report = prune(resources.pool, older_than=None, keep_last=1, dry_run=False)

    assert (report.checkpoints, rows(resources), history(graph)) == (0, before, was)


def test_a_thread_saved_before_its_channel_became_a_delta_keeps_its_last_plain_value(
    resources: Resources,
) -> None:
    talk(tiny_graph(Legacy, resources.checkpointer), 3)
    talk(tiny_graph(Legacy, resources.checkpointer), 3, config={"configurable": {"thread_id": "old"}})
    graph = tiny_graph(Migrated, resources.checkpointer)
    talk(graph, 4, first=3)
    before, was = rows(resources), history(graph)
    kept = expected_window(before, 2, {"messages"})
    assert len(before) - len(kept) == 9  # the plain value of the last checkpoint of the third turn

    prune(resources.pool, older_than=None, keep_last=2, dry_run=False)

    assert history(graph) == {i: was[i] for i in kept}
    assert [m.content for m in was[kept[-1]].values["messages"]] == [
        t for i in range(7) for t in (f"hi {i}", f"reply {2 * i + 1}")
    ]
    assert_orphan_is_a_stored_value(resources, {"messages"})
    old = {"configurable": {"thread_id": "old"}}  # no delta channel: the plain tail of 2
    assert len(list(tiny_graph(Legacy, resources.checkpointer).get_state_history(old))) == 2


def test_a_langgraph_js_delta_thread_is_left_alone(resources: Resources) -> None:
    talk(tiny_graph(Chat, resources.checkpointer), 3)
    with resources.pool.connection() as conn:
        conn.execute(
            "UPDATE checkpoints SET metadata = metadata || %s", (Jsonb({"delta_writes_versioned": True}),)
        )
    before = rows(resources)
    report = prune(resources.pool, older_than=None, keep_last=1, dry_run=False)
    why = "uses a LangGraph.js DeltaChannel, whose snapshots carry no marker to find them by"
    assert (report.skipped, report.checkpoints, rows(resources)) == ((("t", why),), 0, before)
