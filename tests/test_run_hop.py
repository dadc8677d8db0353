"""The HTTP hop's fast paths: what a run on a worker writes and reads beside its turn.

A run's start rides with its first events (one statement), its end is one statement, a running run
hears a stop from its worker's wake-ups instead of asking at every step, and whose decision the
thread waits for comes from the run itself instead of a state read. These tests show the skipped
work is not needed for the result, and that the safe path is still taken when it is.
"""

from __future__ import annotations

import asyncio
import gc
import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import psycopg
import pytest
from langgraph_sdk import get_sync_client
from langgraph_sdk.client import SyncLangGraphClient
from psycopg_pool import ConnectionPool

from agent.infra import engine
from agent.infra.persistence import Resources, connection_kwargs
from agent.interfaces.server.langgraph_api.runs import RunDesk
from agent.journal import api_runs, feeds
from agent.journal.feeds import EventWriter, Wakeups
from agent.runtime import execution
from agent.worker.process import Worker
from qa.wire import WireCounter
from tests.support.holds import Hold
from tests.support.runs import record_run

ASK = {"messages": [{"role": "user", "content": "Enroll me in rag-2"}]}
WHEN = {"messages": [{"role": "user", "content": "When does rag-2 start?"}]}


@pytest.fixture
def ada(api: httpx.Client) -> Iterator[SyncLangGraphClient]:
    client = get_sync_client(url=f"{api.base_url}".rstrip("/") + "/langgraph", api_key="key-ada-1234")
    yield client
    client.close()


def eventually(check: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout} s"
        time.sleep(0.02)


def listening(wakeups: Wakeups) -> None:
    eventually(lambda: wakeups.mark("probe") is not None, "the listener's LISTEN")


@pytest.fixture
def counted(resources: Resources) -> Iterator[tuple[ConnectionPool[Any], WireCounter]]:
    """A pool on the test database through a counting proxy."""
    wire = WireCounter(resources.url)
    with ConnectionPool(
        wire.url, kwargs=connection_kwargs(resources.settings), min_size=1, open=True
    ) as pool:
        yield pool, wire
    wire.close()


def new_run(resources: Resources, thread_id: str = "t-hop") -> str:
    return record_run(resources, thread_id, {"kind": "send", "text": "hi", "user_id": "ada"})


def kept(resources: Resources, run_id: str) -> list[tuple[int, str, Any]]:
    events = api_runs.events_after(resources.pool, run_id, -1)
    return [(seq, name, json.loads(text)) for seq, name, text in events]


def began_at(resources: Resources, run_id: str) -> Any:
    with resources.pool.connection() as conn:
        row = conn.execute("SELECT began_at FROM api_runs WHERE run_id = %s", (run_id,)).fetchone()
    return row["began_at"]


def test_a_runs_events_wait_for_its_start_and_are_kept_with_it_in_one_statement(
    resources: Resources, counted: tuple[ConnectionPool[Any], WireCounter]
) -> None:
    pool, wire = counted
    warm = EventWriter(
        pool, new_run(resources), first=0
    )  # its statement prepared, as in a server that ran one
    warm.put("metadata", "{}")
    warm.begin()
    run_id = new_run(resources)
    writer = EventWriter(pool, run_id, first=0)
    writer.put("metadata", json.dumps({"run_id": run_id, "attempt": 1}))
    assert kept(resources, run_id) == []  # nothing is sent before the run begins
    before = wire.snapshot()
    writer.begin()
    sent = wire.snapshot() - before
    assert (sent.statements, sent.round_trips) == (1, 1)
    assert kept(resources, run_id) == [(0, "metadata", {"run_id": run_id, "attempt": 1})]
    assert began_at(resources, run_id) is not None
    writer.begin()  # once only
    assert (wire.snapshot() - before).statements == 1
    for n in range(3):
        writer.put("values", json.dumps({"n": n}))
    writer.close()
    assert kept(resources, run_id) == [
        (0, "metadata", {"run_id": run_id, "attempt": 1}),
        *[(n + 1, "values", {"n": n}) for n in range(3)],
    ]


def test_a_run_that_never_began_keeps_its_events_at_its_close_and_no_start(resources: Resources) -> None:
    run_id = new_run(resources)
    writer = EventWriter(resources.pool, run_id, first=0)
    writer.put("metadata", json.dumps({"run_id": run_id, "attempt": 1}))
    writer.close()
    assert kept(resources, run_id) == [(0, "metadata", {"run_id": run_id, "attempt": 1})]
    assert began_at(resources, run_id) is None


def test_a_runs_end_is_one_statement_with_the_threads_waiting_mark_and_its_wake_ups(
    resources: Resources, counted: tuple[ConnectionPool[Any], WireCounter]
) -> None:
    pool, wire = counted
    with resources.pool.connection() as conn:
        conn.execute("INSERT INTO thread_records (thread_id, owner, metadata) VALUES ('t-hop', 'ada', '{}')")
    run_id = new_run(resources)
    wakeups = Wakeups(resources.url, listen=True)
    try:
        listening(wakeups)
        run_seen, end_seen = wakeups.seen(run_id), wakeups.seen(api_runs.end_key(run_id))
        # Its statement prepared, as in a server that ended a run before.
        api_runs.finish(pool, new_run(resources), "success", result={}, awaiting="operator")
        before = wire.snapshot()
        api_runs.finish(pool, run_id, "success", result={"messages": []}, awaiting="operator")
        sent = wire.snapshot() - before
        assert (sent.statements, sent.round_trips) == (1, 1)
        asyncio.run(wakeups.until_woken(api_runs.end_key(run_id), end_seen, timeout=10))
        asyncio.run(wakeups.until_woken(run_id, run_seen, timeout=10))
        assert (wakeups.seen(run_id), wakeups.seen(api_runs.end_key(run_id))) == (run_seen + 1, end_seen + 1)
    finally:
        wakeups.close()
    ended = api_runs.get(resources.pool, "t-hop", run_id)
    assert ended is not None
    assert (ended["status"], ended["result"]) == ("success", {"messages": []})
    with resources.pool.connection() as conn:
        row = conn.execute("SELECT metadata FROM thread_records WHERE thread_id = 't-hop'").fetchone()
    assert row["metadata"] == {"awaiting": "operator"}


def test_a_mark_holds_until_its_key_is_announced_or_the_listener_loses_its_connection(
    resources: Resources,
) -> None:
    key = api_runs.stop_key("t-hop")
    assert Wakeups(resources.url, listen=False).mark(key) is None  # behind a pooler: nothing is heard
    wakeups = Wakeups(resources.url, listen=True)
    try:
        listening(wakeups)
        mark = wakeups.mark(key)
        assert wakeups.quiet_since(key, mark)
        with resources.pool.connection() as conn:
            conn.execute("SELECT pg_notify(%s, %s)", (api_runs.EVENTS_CHANNEL, api_runs.stop_key("t-other")))
            conn.execute("SELECT pg_notify(%s, %s)", (api_runs.EVENTS_CHANNEL, key))
        eventually(lambda: not wakeups.quiet_since(key, mark), "the stop's wake-up")
        mark = wakeups.mark(key)
        assert wakeups.quiet_since(key, mark)
        with resources.pool.connection() as conn:  # the listener's connection is cut off
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND query LIKE 'LISTEN %%'"
            )
        eventually(lambda: not wakeups.quiet_since(key, mark), "the lost connection's notice")
        listening(wakeups)  # back, with a new mark: what was missed meanwhile is read again
        again = wakeups.mark(key)
        assert again is not None and mark is not None and again.epoch == mark.epoch + 1
        assert not wakeups.quiet_since(key, mark)
    finally:
        wakeups.close()


def test_a_follower_the_collector_closes_inside_the_listeners_lock_lets_go_of_it(
    resources: Resources,
) -> None:
    """An abandoned follower (its client left) is closed by the garbage collector, in whatever thread
    it interrupts; that thread may be inside the listener's lock (a server's event loop waiting for
    a run, a read in a worker thread). Its `finally` forgets its key without waiting for the lock:
    a wait there froze that thread and every stream of the process (a thread stream sent nothing for
    five minutes)."""
    wakeups = Wakeups(resources.url, listen=False)
    key = api_runs.thread_key("t-collected")
    gc.disable()  # the collection below is the only one, in the lock
    try:
        follower = feeds.follow_thread(resources.pool, wakeups, "t-collected", feeds.THREAD_START, 5.0)
        assert isinstance(next(follower), feeds.Pause)  # waiting for the thread's next run
        cycle: list[Any] = [follower]
        cycle.append(cycle)  # only the collector frees it, as the server's abandoned ones
        del follower, cycle

        def collect_in_the_lock() -> None:
            with wakeups._lock:  # as a thread inside the listener finds itself when collection starts
                gc.collect()

        collector = threading.Thread(target=collect_in_the_lock, daemon=True)
        collector.start()
        collector.join(timeout=5)
        assert not collector.is_alive(), "the collected follower waited for the lock its own thread held"
    finally:
        gc.enable()
    assert key in wakeups._keys  # forgotten while the lock was taken: dropped at the next forget
    wakeups.forget("some-other-run")
    assert key not in wakeups._keys


def test_a_running_run_asks_for_a_stop_only_once_one_was_asked_of_it(
    ada: SyncLangGraphClient,
    worker: Worker,
    resources: Resources,
    hold: Hold,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []
    stop_of = api_runs.stop_of

    def counting(pool: ConnectionPool[Any], run_id: str) -> Any:
        asked.append(run_id)
        return stop_of(pool, run_id)

    monkeypatch.setattr(api_runs, "stop_of", counting)
    listening(worker.wakeups)
    thread_id = ada.threads.create()["thread_id"]
    answered = ada.runs.wait(thread_id, "school", input=WHEN)
    assert answered["messages"][-1]["type"] == "ai"
    assert asked == []  # four steps, and not one query for a stop
    run = ada.runs.create(thread_id, "school", input=ASK)
    assert hold.reached.wait(timeout=30)
    ada.runs.cancel(thread_id, run["run_id"])
    hold.release()
    ada.runs.join(thread_id, run["run_id"])
    assert ada.runs.get(thread_id, run["run_id"])["status"] == "interrupted"
    assert set(asked) == {run["run_id"]}  # heard, then read (and read again to tell its kind)
    with resources.pool.connection() as conn:
        rows = conn.execute(
            "SELECT status, error FROM turns WHERE thread_id = %s ORDER BY id", (thread_id,)
        ).fetchall()
    assert [(r["status"], r["error"]) for r in rows] == [("completed", None), ("failed", "RunStoppedError")]


def test_whose_decision_a_thread_waits_for_comes_from_the_run_that_did_its_work(
    ada: SyncLangGraphClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []
    awaiting = execution._awaiting

    def reading(graph: Any, thread_id: str) -> Any:
        read.append(thread_id)
        return awaiting(graph, thread_id)

    monkeypatch.setattr(execution, "_awaiting", reading)
    thread_id = ada.threads.create()["thread_id"]
    paused = ada.runs.wait(thread_id, "school", input=ASK)
    assert [i["value"]["approver"] for i in paused["__interrupt__"]] == ["student"]
    assert ada.threads.get(thread_id)["metadata"]["awaiting"] == "student"
    ada.runs.wait(thread_id, "school", command={"resume": {"decisions": [{"type": "reject"}]}})
    assert "awaiting" not in ada.threads.get(thread_id)["metadata"]
    assert read == []  # no state read after a run that did its work


def test_a_runs_result_is_written_as_json_once_and_wait_answers_that_text_as_it_is(
    ada: SyncLangGraphClient, resources: Resources, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[str] = []
    results: list[Any] = []
    thread_values, finish = execution.thread_values, api_runs.finish

    def reading(graph: Any, thread_id: str) -> Any:
        reads.append(thread_id)
        return thread_values(graph, thread_id)

    def finishing(*args: Any, **kwargs: Any) -> None:
        results.append(kwargs["result"])
        finish(*args, **kwargs)

    monkeypatch.setattr(execution, "thread_values", reading)
    monkeypatch.setattr(api_runs, "finish", finishing)
    monkeypatch.setattr(RunDesk, "final_values", lambda *_: pytest.fail("wait read the thread's state"))
    thread_id = ada.threads.create()["thread_id"]
    answered = ada.runs.wait(thread_id, "school", input=WHEN)
    assert [m["type"] for m in answered["messages"]] == ["human", "ai"]
    assert answered == ada.threads.get_state(thread_id)["values"]
    assert reads == []  # the values the run streamed last, not read back
    assert [type(r) for r in results] == [api_runs.JsonText]
    assert json.loads(results[0].text) == answered
    run = ada.runs.list(thread_id)[0]
    ended = api_runs.ending(resources.pool, thread_id, run["run_id"])
    assert ended is not None and json.loads(ended["result_json"] or "") == answered
    assert api_runs.get(resources.pool, thread_id, run["run_id"])["result"] == answered  # type: ignore[index]


def test_a_result_given_as_json_text_is_kept_as_that_json(resources: Resources) -> None:
    run_id = new_run(resources)
    text = '{"messages": [{"content": "caf\u00e9 \u2014 ok", "type": "ai"}], "n": 1.5}'
    api_runs.finish(resources.pool, run_id, "success", result=api_runs.JsonText(text))
    found = api_runs.get(resources.pool, "t-hop", run_id)
    assert found is not None and found["result"] == json.loads(text)
    ended = api_runs.ending(resources.pool, "t-hop", run_id)
    assert ended is not None and json.loads(ended["result_json"] or "") == json.loads(text)
    assert api_runs.ending(resources.pool, "t-other", run_id) is None


def create_on(
    pool: ConnectionPool[Any],
    strategy: api_runs.Strategy,
    thread_id: str = "t-hop",
    run_id: str | None = None,
    job: api_runs.Statement | None = None,
) -> str:
    run_id = run_id or str(uuid.uuid4())
    api_runs.create(
        pool,
        run_id=run_id,
        thread_id=thread_id,
        assistant_id="school",
        actor="ada",
        strategy=strategy,
        kwargs={},
        metadata={},
        busy=False,
        stops_others=False,
        work={"kind": "send", "text": "hi", "user_id": "ada"},
        job=job,
    )
    return run_id


def jobs_of(resources: Resources, thread_id: str) -> list[tuple[str, str, Any]]:
    with resources.pool.connection() as conn:
        rows = conn.execute(
            "SELECT task_name, queue_name, args FROM procrastinate_jobs WHERE lock = %s ORDER BY id",
            (engine.thread_lock(thread_id),),
        ).fetchall()
    return [(r["task_name"], r["queue_name"], r["args"]) for r in rows]


def test_creating_and_claiming_a_run_take_one_round_trip_each_and_decide_as_before(
    resources: Resources, counted: tuple[ConnectionPool[Any], WireCounter]
) -> None:
    pool, wire = counted
    create_on(pool, "enqueue", "t-warm")  # as in a server that ran before
    api_runs.claim_next(pool, "t-warm", "w0")
    before = wire.snapshot()
    first = create_on(pool, "enqueue", job=engine.run_job("t-hop"))
    created = wire.snapshot() - before
    second = create_on(pool, "enqueue")
    with pytest.raises(api_runs.RunConflictError):  # a strategy that decides from what it read
        create_on(pool, "reject")
    before = wire.snapshot()
    claimed = api_runs.claim_next(pool, "t-hop", "w1")
    taken = wire.snapshot() - before
    # The lock, the read, the insert and the run's job (or the claim), and the COMMIT, in one round trip.
    assert created.round_trips == 1 and taken.round_trips == 1
    assert jobs_of(resources, "t-hop") == [(engine.RUN_TASK, engine.RUNS_QUEUE, {"thread_id": "t-hop"})]
    assert claimed is not None and (claimed["run_id"], claimed["status"], claimed["attempt"]) == (
        first,
        "running",
        1,
    )
    runs = api_runs.of_thread(resources.pool, "t-hop", limit=10, offset=0, status=None)
    assert sorted((r["run_id"], r["status"]) for r in runs) == sorted(
        [(first, "running"), (second, "pending")]
    )


def test_a_run_and_its_job_are_committed_together_or_not_at_all(resources: Resources) -> None:
    broken: api_runs.Statement = ("SELECT no_such_function(%s)", ("t-hop",))
    for strategy in ("enqueue", "interrupt"):
        with pytest.raises(psycopg.errors.UndefinedFunction):
            create_on(resources.pool, strategy, job=broken)
    assert api_runs.of_thread(resources.pool, "t-hop", limit=10, offset=0, status=None) == []
    for strategy in ("enqueue", "interrupt"):
        create_on(resources.pool, strategy, job=engine.run_job("t-hop"))
    assert [
        r["status"] for r in api_runs.of_thread(resources.pool, "t-hop", limit=10, offset=0, status=None)
    ] == [
        "pending",
        "interrupted",
    ]
    assert len(jobs_of(resources, "t-hop")) == 2
    with resources.pool.connection() as conn:  # the pool's connections were left idle, not in a transaction
        assert conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE


def test_a_wait_followed_from_before_its_run_was_recorded_reads_it_once_at_its_end(
    resources: Resources, counted: tuple[ConnectionPool[Any], WireCounter], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(feeds, "QUIET_READ_S", 3600.0)  # only a wake-up ends the waits below
    pool, wire = counted
    wakeups = Wakeups(resources.url, listen=True)
    try:
        listening(wakeups)
        api_runs.get(pool, "t-hop", create_on(resources.pool, "enqueue"))  # its statement prepared
        run_id = str(uuid.uuid4())
        since = wakeups.mark(api_runs.end_key(run_id))  # followed before the run is recorded
        create_on(resources.pool, "enqueue", run_id=run_id)
        before = wire.snapshot()
        ended: list[Any] = []
        waiting = threading.Thread(
            target=lambda: ended.append(
                asyncio.run(feeds.wait_until(pool, wakeups, "t-hop", run_id, since=since))
            )
        )
        waiting.start()
        eventually(lambda: wakeups.quiet_since(api_runs.end_key(run_id), since), "the wait")
        api_runs.finish(resources.pool, run_id, "success", result={"messages": []})
        waiting.join(30)
        assert not waiting.is_alive()
        assert [(r["status"], r["result"]) for r in ended] == [("success", {"messages": []})]
        assert (wire.snapshot() - before).statements == 1  # the end, read once

        gone = create_on(resources.pool, "enqueue", "t-gone")
        left: list[Any] = []
        waiting = threading.Thread(
            target=lambda: left.append(asyncio.run(feeds.wait_until(pool, wakeups, "t-gone", gone)))
        )
        waiting.start()
        eventually(lambda: api_runs.end_key(gone) in wakeups._keys, "the second wait")
        api_runs.delete_run(resources.pool, gone)  # a rolled-back run: its followers are woken
        waiting.join(30)
        assert not waiting.is_alive() and left == [None]

        orphan = create_on(resources.pool, "enqueue", "t-deleted")
        waiting = threading.Thread(
            target=lambda: left.append(asyncio.run(feeds.wait_until(pool, wakeups, "t-deleted", orphan)))
        )
        waiting.start()
        eventually(lambda: api_runs.end_key(orphan) in wakeups._keys, "the third wait")
        with resources.pool.connection() as conn:  # its thread deleted in flight: its followers are woken
            api_runs.delete_for_thread(conn, "t-deleted")
        waiting.join(30)
        assert not waiting.is_alive() and left == [None, None]
    finally:
        wakeups.close()
