"""The savers beyond what the conformance suite checks: concurrent use, rollback and copy on real threads.

The suite runs one call at a time; the first test drives the application's saver, which has no lock
of its own, from many threads at once. The rest check `delete_for_runs` and `copy_thread` where the
suite does not look: the blobs and parents a rollback leaves, a copy that refuses to mix histories,
and both on the school graph's own threads (a delta channel of messages, an interrupt).
"""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.base import WRITES_IDX_MAP, Checkpoint, empty_checkpoint
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.base import INSERT_CHECKPOINT_WRITES_SQL, UPSERT_CHECKPOINT_WRITES_SQL
from langgraph.pregel._checkpoint import channels_from_checkpoint
from langgraph.types import Command

from agent.infra.persistence import Resources, open_resources
from agent.infra.savers import CopyTargetNotEmptyError, PooledPostgresSaver
from agent.infra.savers.base import writes_in_one_statement
from agent.interfaces import studio
from agent.runtime import threads
from graphs.state import Context
from tests.support import turns
from tests.support.approvals import student_yes

WORKERS = 8
"""Threads using the one saver at once (the test pool holds 8 connections)."""

STEPS = 25
"""Checkpoints each worker appends, each with a write, a read back and a list."""

THREAD_IDS = 3
"""Thread ids the workers share: several chains interleave in each thread."""


def cfg(thread: str, checkpoint_id: str | None = None, ns: str = "") -> Any:
    configurable = {"thread_id": thread, "checkpoint_ns": ns}
    if checkpoint_id:
        configurable["checkpoint_id"] = checkpoint_id
    return {"configurable": configurable}


def checkpoint(values: dict[str, int]) -> Checkpoint:
    """A new checkpoint whose channel `c` holds `[n]` at version `"<n>"`, for each `c: n` of `values`.

    A list, not the int: the saver keeps a plain int inline in the checkpoint, a list in a blob.
    """
    cp = empty_checkpoint()
    cp["channel_values"] = {channel: [value] for channel, value in values.items()}
    cp["channel_versions"] = {channel: str(value) for channel, value in values.items()}
    return cp


# -- many threads, one saver ----------------------------------------------------------------------


def test_many_threads_share_the_lock_free_saver(resources: Resources) -> None:
    saver = resources.checkpointer
    assert type(saver) is PooledPostgresSaver
    chains: dict[int, list[str]] = {w: [] for w in range(WORKERS)}
    errors: list[BaseException] = []
    start = threading.Barrier(WORKERS + 1)
    busiest = 0
    done = threading.Event()

    def work(worker: int) -> None:
        thread_id = f"shared-{worker % THREAD_IDS}"
        channel = f"w{worker}"  # a channel of its own: blob versions of workers never collide
        parent: str | None = None
        try:
            start.wait(30)
            for step in range(1, STEPS + 1):
                cp = checkpoint({channel: step})
                stored = saver.put(
                    cfg(thread_id, parent), cp, {"source": "loop", "step": step}, {channel: str(step)}
                )
                parent = stored["configurable"]["checkpoint_id"]
                chains[worker].append(parent)
                saver.put_writes(stored, [(channel, f"write {step}")], task_id=f"task-{worker}-{step}")
                got = saver.get_tuple(stored)
                assert got is not None and got.checkpoint["channel_values"] == {channel: [step]}
                assert [(w[1], w[2]) for w in got.pending_writes or []] == [(channel, f"write {step}")]
                listed = {t.checkpoint["id"] for t in saver.list(cfg(thread_id))}
                assert set(chains[worker]) <= listed  # reads see every write this worker made
        except BaseException as error:  # handed to the main thread, which fails the test with it
            errors.append(error)

    def watch() -> None:
        nonlocal busiest
        while not done.is_set():
            stats = resources.pool.get_stats()
            busiest = max(busiest, stats.get("pool_size", 0) - stats.get("pool_available", 0))
            time.sleep(0.001)

    workers = [threading.Thread(target=work, args=(w,)) for w in range(WORKERS)]
    watcher = threading.Thread(target=watch)
    for thread in [*workers, watcher]:
        thread.start()
    start.wait(30)
    for thread in workers:
        thread.join(120)
    done.set()
    watcher.join(10)

    assert errors == []
    assert busiest > 1  # the saver's queries did run side by side, on several connections
    for t in range(THREAD_IDS):
        thread_id = f"shared-{t}"
        expected = [cid for w, chain in chains.items() if w % THREAD_IDS == t for cid in chain]
        listed = [tup.checkpoint["id"] for tup in saver.list(cfg(thread_id))]
        assert sorted(listed) == sorted(expected) and len(set(listed)) == len(listed)  # each once
    for worker, chain in chains.items():
        thread_id = f"shared-{worker % THREAD_IDS}"
        assert len(chain) == STEPS
        for step, (parent, child) in enumerate(zip([None, *chain], chain, strict=False), start=1):
            got = saver.get_tuple(cfg(thread_id, child))
            assert got is not None
            assert (got.parent_config or {}).get("configurable", {}).get("checkpoint_id") == parent
            assert got.checkpoint["channel_values"] == {f"w{worker}": [step]}


# -- delete_for_runs: blobs and parents -----------------------------------------------------------


def rows(resources: Resources, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    with resources.pool.connection() as conn:
        return [tuple(r.values()) for r in conn.execute(sql, params).fetchall()]


def test_a_rollback_deletes_the_blobs_only_its_checkpoints_used(resources: Resources) -> None:
    saver = resources.checkpointer
    first = saver.put(cfg("t"), checkpoint({"a": 1, "b": 1}), {"run_id": "run-1"}, {"a": "1", "b": "1"})
    second = saver.put(
        cfg("t", first["configurable"]["checkpoint_id"]),
        checkpoint({"a": 2, "b": 1}),
        {"run_id": "run-2"},
        {"a": "2"},
    )
    saver.put_writes(second, [("a", "pending")], task_id="task")
    blobs = "SELECT channel, version FROM checkpoint_blobs WHERE thread_id = %s ORDER BY channel, version"
    assert rows(resources, blobs, "t") == [("a", "1"), ("a", "2"), ("b", "1")]

    saver.delete_for_runs(["run-2"])

    assert [t.metadata["run_id"] for t in saver.list(cfg("t"))] == ["run-1"]
    assert rows(resources, blobs, "t") == [("a", "1"), ("b", "1")]  # b@1 is still the first's
    assert rows(resources, "SELECT count(*) FROM checkpoint_writes WHERE thread_id = %s", "t") == [(0,)]
    latest = saver.get_tuple(cfg("t"))
    assert latest is not None and latest.checkpoint["channel_values"] == {"a": [1], "b": [1]}


def test_a_checkpoint_whose_parent_is_rolled_back_is_left_with_none(resources: Resources) -> None:
    saver = resources.checkpointer
    first = saver.put(cfg("t"), checkpoint({}), {"run_id": "run-1"}, {})
    saver.put(cfg("t", first["configurable"]["checkpoint_id"]), checkpoint({}), {"run_id": "run-2"}, {})

    saver.delete_for_runs(["run-1"])

    [kept] = list(saver.list(cfg("t")))
    assert kept.metadata["run_id"] == "run-2" and kept.parent_config is None


def test_run_ids_as_one_string_are_refused(resources: Resources) -> None:
    with pytest.raises(TypeError, match="run_ids must be a sequence of ids, not a str"):
        resources.checkpointer.delete_for_runs("run-1")


# -- copy_thread: never into a thread with a history ----------------------------------------------


def test_a_copy_into_a_thread_that_has_checkpoints_is_refused_and_changes_nothing(
    resources: Resources,
) -> None:
    saver = resources.checkpointer
    saver.put(cfg("source"), checkpoint({"a": 1}), {}, {"a": "1"})
    saver.put(cfg("target"), checkpoint({"a": 7}), {}, {"a": "7"})

    with pytest.raises(CopyTargetNotEmptyError, match="target thread 'target' already has checkpoints"):
        saver.copy_thread("source", "target")
    with pytest.raises(CopyTargetNotEmptyError, match="source and target are the same thread 'source'"):
        saver.copy_thread("source", "source")

    [target] = list(saver.list(cfg("target")))
    assert target.checkpoint["channel_values"] == {"a": [7]}
    assert len(list(saver.list(cfg("source")))) == 1


# -- on the school graph's threads ----------------------------------------------------------------


def say(graph: Any, thread: str, text: str, run_id: str | None = None) -> dict[str, Any]:
    config: dict[str, Any] = {"configurable": {"thread_id": thread}}
    if run_id:
        config["metadata"] = {"run_id": run_id}  # as the LangGraph server runs: into each checkpoint
    result: dict[str, Any] = graph.invoke(
        {"messages": [HumanMessage(text)]}, config, context=Context(user_id="ada")
    )
    return result


def snapshot(graph: Any, thread: str) -> tuple[Any, ...]:
    state = graph.get_state(cfg(thread))
    return (state.values, state.next, state.interrupts, state.config["configurable"]["checkpoint_id"])


@pytest.fixture
def school_graph(resources: Resources) -> Any:
    return turns.school_graph(resources)


UNUSED_BLOBS = """
SELECT b.channel, b.version FROM checkpoint_blobs b
WHERE b.thread_id = %s AND NOT EXISTS (
    SELECT 1 FROM checkpoints c
    WHERE c.thread_id = b.thread_id AND c.checkpoint_ns = b.checkpoint_ns
    AND c.checkpoint -> 'channel_versions' ->> b.channel = b.version
)
"""


def test_a_rolled_back_turn_leaves_the_thread_as_it_was_before(
    resources: Resources, school_graph: Any
) -> None:
    say(school_graph, "t", "What courses are there?", run_id=str(uuid.uuid4()))
    before = snapshot(school_graph, "t")
    history = [s.config for s in school_graph.get_state_history(cfg("t"))]
    rolled_back = str(uuid.uuid4())
    assert "__interrupt__" in say(school_graph, "t", "Please enroll me in rag-2", run_id=rolled_back)

    resources.checkpointer.delete_for_runs([rolled_back])

    assert snapshot(school_graph, "t") == before
    assert rows(resources, UNUSED_BLOBS, "t") == []  # what only the rolled-back turn stored is gone
    assert [s.config for s in school_graph.get_state_history(cfg("t"))] == history
    after = say(school_graph, "t", "Please enroll me in rag-2")  # the thread goes on from there
    assert "__interrupt__" in after
    assert [m.content for m in after["messages"]][:2] == [m.content for m in before[0]["messages"]][:2]


def test_a_copied_thread_is_the_same_and_resumes_on_its_own(school_graph: Any) -> None:
    say(school_graph, "source", "Please enroll me in rag-2")
    school_graph.checkpointer.copy_thread("source", "copy")

    assert snapshot(school_graph, "copy") == snapshot(school_graph, "source")
    source_history: Callable[[str], list[Any]] = lambda t: [  # noqa: E731  # read twice below
        (s.values, s.next, s.config["configurable"]["checkpoint_id"])
        for s in school_graph.get_state_history(cfg(t))
    ]
    assert source_history("copy") == source_history("source")

    school_graph.invoke(Command(resume=student_yes("ada")), cfg("copy"), context=Context(user_id="ada"))
    assert school_graph.get_state(cfg("copy")).next == ()
    assert school_graph.get_state(cfg("source")).next == ("approval",)  # the source still waits


# -- Studio's saver: the sync bridges -------------------------------------------------------------


def test_studios_saver_answers_the_sync_calls_from_another_thread_only(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)

    async def scenario() -> list[Any]:
        async with studio.checkpointer() as saver:
            await saver.aput(cfg("a"), checkpoint({"x": 1}), {"run_id": "run-1"}, {"x": "1"})
            with pytest.raises(asyncio.InvalidStateError, match=r"await checkpointer\.acopy_thread"):
                saver.copy_thread("a", "b")  # on the loop the coroutine needs: refused, not hung
            await asyncio.to_thread(saver.copy_thread, "a", "b")
            await asyncio.to_thread(saver.delete_for_runs, ["run-1"])
            copied = [t async for t in saver.alist(cfg("b"))]
            return [*copied, *[t async for t in saver.alist(cfg("a"))]]

    assert asyncio.run(scenario()) == []  # copied, then both deleted: the copy keeps the run id


# -- a task's writes in one statement ------------------------------------------------------------

ERROR, INTERRUPT = "__error__", "__interrupt__"
"""LangGraph's special write channels (private in `langgraph.constants`; stored at fixed negative idx)."""


def test_a_tasks_writes_are_stored_in_one_statement_as_the_stock_saver_stores_them(
    resources: Resources,
) -> None:
    assert {ERROR, INTERRUPT} <= WRITES_IDX_MAP.keys()
    saver = resources.checkpointer
    stock = PostgresSaver(resources.pool)
    for name, one in (("ours", saver), ("stock", stock)):
        stored = one.put(cfg(name), checkpoint({"a": 1}), {}, {"a": "1"})
        one.put_writes(stored, [("a", [2]), ("b", [3]), ("a", [4])], "task-1")
        one.put_writes(stored, [("a", [5])], "task-1")  # a second call with a taken idx changes nothing
        one.put_writes(stored, [(ERROR, "boom"), (INTERRUPT, [1])], "task-2")
        one.put_writes(stored, [(ERROR, "again"), (INTERRUPT, [2])], "task-2")  # special channels: replaced
    ours, theirs = (saver.get_tuple(cfg(name)) for name in ("ours", "stock"))
    assert ours is not None and theirs is not None
    assert ours.pending_writes == theirs.pending_writes
    assert ours.pending_writes == [
        ("task-1", "a", [2]),
        ("task-1", "b", [3]),
        ("task-1", "a", [4]),
        ("task-2", INTERRUPT, [2]),  # by idx: the special channels' are negative
        ("task-2", ERROR, "again"),
    ]


def test_writes_one_statement_cannot_store_alike_are_left_to_the_stock_method() -> None:
    row = ("t", "", "c", "task", "", 0, "a", "json", b"1")
    assert writes_in_one_statement(INSERT_CHECKPOINT_WRITES_SQL, [row]) is None  # one row: nothing to join
    assert writes_in_one_statement(UPSERT_CHECKPOINT_WRITES_SQL, [row, row]) is None  # same key twice
    assert (
        writes_in_one_statement("INSERT INTO somewhere VALUES (%s)", [row, (*row[:5], 1, *row[6:])]) is None
    )
    sql, params = writes_in_one_statement(INSERT_CHECKPOINT_WRITES_SQL, [row, (*row[:5], 1, *row[6:])]) or (
        "",
        [],
    )
    assert sql.count("(%s, %s, %s, %s, %s, %s, %s, %s, %s)") == 2
    assert "DO NOTHING" in sql
    assert len(params) == 18


# -- a turn's first load, answered from what the saver stored ------------------------------------


def _load(saver: PooledPostgresSaver, thread: str) -> Any:
    """The stock load of the thread's newest checkpoint, with its channels rebuilt (delta included)."""
    found = PostgresSaver.get_tuple(saver, cfg(thread))
    assert found is not None
    return found


def _values(graph: Any, saver: PooledPostgresSaver, found: Any) -> dict[str, Any]:
    channels, _ = channels_from_checkpoint(graph.channels, found.checkpoint, saver=saver, config=found.config)
    return {name: channel.get() for name, channel in channels.items() if channel.is_available()}


def test_a_load_from_memory_is_the_load_from_the_database(resources: Resources, school_graph: Any) -> None:
    saver = resources.checkpointer
    assert isinstance(saver, PooledPostgresSaver)
    questions = ["What does the Python course cover?", "hello", "what about rag?", "and python-basics?"]
    for text in questions:
        threads.send(school_graph, "t", text, user_id="ada", settings=resources.settings)
        stored = _load(saver, "t")
        saver.expect_head("t", stored.config["configurable"]["checkpoint_id"])
        answered = saver.heads.answer("t", saver.serde)
        assert answered is not None
        assert (answered.config, answered.parent_config, answered.metadata, answered.pending_writes) == (
            stored.config,
            stored.parent_config,
            stored.metadata,
            stored.pending_writes,
        )
        drop = {"channel_values"}
        assert {k: v for k, v in answered.checkpoint.items() if k not in drop} == {
            k: v for k, v in stored.checkpoint.items() if k not in drop
        }
        assert _values(school_graph, saver, answered) == _values(school_graph, saver, stored)


def test_a_load_is_answered_from_memory_only_when_expected_and_for_the_checkpoint_expected(
    resources: Resources, school_graph: Any
) -> None:
    saver = resources.checkpointer
    assert isinstance(saver, PooledPostgresSaver)
    threads.send(school_graph, "t", "hello", user_id="ada", settings=resources.settings)
    head = _load(saver, "t").config["configurable"]["checkpoint_id"]
    assert saver.heads.answer("t", saver.serde) is None  # nobody said the head is unchanged
    saver.expect_head("t", "1f000000-0000-6000-8000-000000000000")
    assert saver.heads.answer("t", saver.serde) is None  # another head than the one it stored
    saver.expect_head("t", head)
    assert saver.heads.answer("t", saver.serde) is not None
    assert saver.heads.answer("t", saver.serde) is None  # one load per expectation


def test_a_thread_written_by_another_process_is_loaded_from_the_database(
    settings: Any, resources: Resources, school_graph: Any
) -> None:
    threads.send(school_graph, "t", "hello", user_id="ada", settings=resources.settings)
    with open_resources(settings) as other:  # another process: a saver and thread views of its own
        elsewhere = turns.school_graph(other)
        elsewhere.update_state(cfg("t"), {"messages": [HumanMessage("written elsewhere", id="elsewhere")]})
    turn = threads.send(school_graph, "t", "what about rag?", user_id="ada", settings=resources.settings)
    messages = school_graph.get_state(cfg("t")).values["messages"]
    assert "elsewhere" in [m.id for m in messages]
    assert turn.replies  # the turn ran on the thread as the other process left it
