"""Through a real PgBouncer in transaction mode (`SCHOOL_DB_POOLING=transaction`): one writer per
thread, one payment at a time per seat, no setting leaking to other clients, and whole turns of the
graph.

PgBouncer hands a server connection to another client after every transaction, so anything a
session keeps (a session advisory lock, a `SET`, a prepared statement) stays with that server
connection and is found by whoever gets it next. Pools here are one or two server connections, so
that every client really shares them. A running request keeps one of them for its thread lock's
transaction, which is why a pool of one serves no turn (every other statement would wait for it).
"""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psycopg
import pytest
from langgraph.checkpoint.base import empty_checkpoint
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from agent.config.settings import Settings
from agent.domain import School
from agent.domain.payments import ChargeResult
from agent.infra.locks import LOCK_SPACE, ThreadBusyError, locks_for
from agent.infra.persistence import Resources, connection_kwargs, open_resources
from agent.interfaces import studio
from agent.journal.events import events
from agent.journal.turns import StepRecord, record, start_turn, turns_of
from agent.runtime import threads
from graphs.school import build_graph
from tests.support.approvals import student_yes
from tests.support.fakes import SpyProvider
from tests.support.lock_holder import LockHolder
from tests.support.pgbouncer import pgbouncer
from tests.support.school import TODAY

pytestmark = pytest.mark.postgres

APPROVE = student_yes("ada")
"""Ada confirms her own enrollment, as the policy asks."""


def _pooled_settings(url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The settings the documented environment gives: DATABASE_URL through PgBouncer, SCHOOL_DB_POOLING=transaction."""
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("SCHOOL_DB_POOLING", "transaction")
    monkeypatch.setenv("SCHOOL_TODAY", TODAY.isoformat())
    monkeypatch.setenv("SCHOOL_DATA_DIR", str(tmp_path / "data"))
    settings = Settings.from_env()
    assert (settings.db_pooling, settings.prepare_threshold) == ("transaction", None)
    return settings


def _lock_sessions(database_url: str, thread_id: str) -> int:
    """How many sessions hold `thread_id`'s lock, asked of Postgres directly."""
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row) as conn:
        row = conn.execute(
            "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            " AND classid = %s AND objid = hashtext(%s)::bigint & 4294967295",
            (LOCK_SPACE, thread_id),
        ).fetchone()
    assert row is not None
    return int(row["n"])


# -- one writer per thread ------------------------------------------------------------------------


def test_two_processes_hold_a_thread_lock_through_pgbouncer_one_at_a_time(database_url: str) -> None:
    with pgbouncer(database_url, pool_size=2) as url:
        holders = [LockHolder(url, "t"), LockHolder(url, "t")]
        try:
            assert [holder.reply() for holder in holders] == ["ready", "ready"]
            for holder in holders:  # both at once
                holder.send("try")
            answers = [holder.reply() for holder in holders]
            assert sorted(answers) == ["busy", "held"]
            winner, loser = holders if answers[0] == "held" else holders[::-1]
            # A session lock would be found on the winner's server connection by the next client
            # to get it, as its own; these tries get that connection back, or the other one.
            assert [loser.ask("try") for _ in range(5)] == ["busy"] * 5
            assert _lock_sessions(database_url, "t") == 1
            assert winner.ask("release") == "released"
            assert loser.ask("try") == "held"
            assert winner.ask("try") == "busy"
            assert loser.ask("release") == "released"
            assert _lock_sessions(database_url, "t") == 0
        finally:
            exits = [holder.close() for holder in holders]
    assert exits == [0, 0]


def test_two_threads_of_one_process_hold_a_thread_lock_through_pgbouncer_one_at_a_time(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with (
        pgbouncer(database_url, pool_size=2) as url,
        open_resources(_pooled_settings(url, tmp_path, monkeypatch), setup=False) as res,
    ):
        locks = locks_for(res.pool)
        assert locks is not None
        start, release = threading.Barrier(2), threading.Event()
        outcomes: list[str] = []

        def contend() -> None:
            start.wait(timeout=30)
            try:
                with locks.hold("t"):  # each thread on a lock connection of its own
                    outcomes.append("held")
                    release.wait(timeout=30)
            except ThreadBusyError:
                outcomes.append("busy")
            except Exception as err:  # reported by the assertion below, not lost in the thread
                outcomes.append(repr(err))

        contenders = [threading.Thread(target=contend) for _ in range(2)]
        for thread in contenders:
            thread.start()
        deadline = time.monotonic() + 30
        while len(outcomes) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        try:
            assert sorted(outcomes) == ["busy", "held"]
            for _ in range(5):
                with pytest.raises(ThreadBusyError), locks.hold("t"):
                    pass
            assert _lock_sessions(database_url, "t") == 1
        finally:
            release.set()
            for thread in contenders:
                thread.join(timeout=30)
        with locks.hold("t"):
            assert _lock_sessions(database_url, "t") == 1
        assert _lock_sessions(database_url, "t") == 0


# -- one payment at a time per seat ------------------------------------------------------------------


class _HeldCharges(SpyProvider):
    """The school's provider, recording every call, with charges that wait until the test lets them go."""

    def __init__(self, inner: Any) -> None:
        super().__init__(inner)
        self.charging = threading.Event()
        self.go = threading.Event()

    def charge(self, key: str, student_id: str, amount_cents: int, description: str) -> ChargeResult:
        self.calls.append(("charge", key))  # recorded before it waits
        self.charging.set()
        assert self.go.wait(30)
        return self.inner.charge(key, student_id, amount_cents, description)


def _money_lock_sessions(database_url: str, student_id: str, cohort_id: str) -> int:
    """How many sessions hold the payment lock of one student and cohort, asked of Postgres directly."""
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row) as conn:
        row = conn.execute(
            "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
            " AND classid = hashtext('school-agent:payments')::bigint & 4294967295"
            " AND objid = hashtext(%s)::bigint & 4294967295",
            (f"{student_id}\x1f{cohort_id}",),
        ).fetchone()
    assert row is not None
    return int(row["n"])


@pytest.mark.parametrize("second", ["pay", "cancel"])
def test_a_payment_and_another_for_the_same_seat_through_pgbouncer_move_money_once_each(
    resources: Resources, database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, second: str
) -> None:
    assert resources.school.enroll("enroll", student_id="ada", cohort_id="rag-2")["ok"]
    with (
        pgbouncer(database_url, pool_size=2) as url,
        open_resources(_pooled_settings(url, tmp_path, monkeypatch), setup=False) as res,
    ):
        provider = _HeldCharges(res.school.payments)
        school = School(
            res.pool, clock=res.settings.current_date, payments=provider, hold_lock=res.school.hold_lock
        )
        then: Any = school.pay if second == "pay" else school.cancel
        with ThreadPoolExecutor(max_workers=2) as pool:
            paying = pool.submit(school.pay, "pay-1", student_id="ada", cohort_id="rag-2")
            assert provider.charging.wait(30)  # the payment holds its lock and waits at the provider
            other = pool.submit(then, "other", student_id="ada", cohort_id="rag-2")
            # Ample time for the other operation to reach the provider, had the lock let it through: a
            # session lock is found, as its own, on the server connection the payment took it on.
            try:
                time.sleep(0.5)
                meanwhile = (list(provider.calls), other.done())
            finally:
                provider.go.set()
            paid, answer = paying.result(timeout=60), other.result(timeout=60)
        with resources.pool.connection() as conn:
            moves = conn.execute(
                "SELECT kind, key, status FROM fake_provider_charges ORDER BY created_at"
            ).fetchall()
            recorded = conn.execute("SELECT kind FROM payments ORDER BY id").fetchall()
            [enrollment] = conn.execute("SELECT status FROM enrollments WHERE student_id = 'ada'").fetchall()
    assert meanwhile == ([("charge", "pay-1")], False)  # the other operation waited for the lock
    assert paid["ok"] is True
    if second == "pay":
        assert (answer["ok"], answer["error"]) == (False, "illegal_transition")  # already paid
        assert provider.calls == [("charge", "pay-1")]
        assert moves == [{"kind": "charge", "key": "pay-1", "status": "succeeded"}]
        assert (recorded, enrollment) == ([{"kind": "charge"}], {"status": "CONFIRMED"})
    else:  # the cancellation found the seat paid, and refunded it
        assert answer["ok"] is True
        assert provider.calls == [("charge", "pay-1"), ("refund", "other")]
        assert moves == [
            {"kind": "charge", "key": "pay-1", "status": "succeeded"},
            {"kind": "refund", "key": "other", "status": "succeeded"},
        ]
        assert (recorded, enrollment) == ([{"kind": "charge"}, {"kind": "refund"}], {"status": "CANCELLED"})
    assert _money_lock_sessions(database_url, "ada", "rag-2") == 0


# -- no setting leaks ------------------------------------------------------------------------------

_NOTE_SYNC = [
    "CREATE TABLE sync_seen (kind text, sync text)",
    """CREATE FUNCTION note_sync() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
           INSERT INTO sync_seen VALUES (NEW.kind, current_setting('synchronous_commit'));
           RETURN NULL;
       END $$""",
    "CREATE TRIGGER note_sync AFTER INSERT ON journal_events FOR EACH ROW EXECUTE FUNCTION note_sync()",
]
"""Notes, for each journal event written, whether the transaction that wrote it waited for the disk."""


class _Watcher:
    """Another client of the same PgBouncer pool, asking its setting in a transaction, again and again."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.seen: list[str] = []
        self.errors: list[str] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._watch)

    def _watch(self) -> None:
        try:
            with psycopg.connect(self.url, autocommit=True, prepare_threshold=None) as conn:
                while not self.stop.is_set():
                    with conn.transaction():
                        row = conn.execute("SELECT current_setting('synchronous_commit')").fetchone()
                    self.seen.append(row[0] if row else "?")
        except Exception as err:  # reported by the test, not lost in the thread
            self.errors.append(repr(err))

    def __enter__(self) -> _Watcher:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=30)


def test_the_journal_leaves_no_setting_on_a_shared_server_connection(
    resources: Resources, database_url: str
) -> None:
    with resources.pool.connection() as conn:
        for statement in _NOTE_SYNC:
            conn.execute(statement)
    written = 0
    with (
        pgbouncer(database_url, pool_size=1) as url,
        ConnectionPool(url, kwargs=connection_kwargs(resources.settings), min_size=1, max_size=1) as pool,
        _Watcher(url) as watcher,
    ):
        while written < 400 or len(watcher.seen) < 200:
            turn = start_turn(pool, thread_id="t", kind="message", actor="ada", payload={})
            step = StepRecord(1, "router", "completed")
            record(pool, turn, thread_id="t", step=step, events=[("step_completed", {"step": 1})])
            written += 2
    assert (watcher.errors, set(watcher.seen)) == ([], {"on"})
    with resources.pool.connection() as conn:
        notes = conn.execute("SELECT sync, count(*) AS n FROM sync_seen GROUP BY sync").fetchall()
    assert notes == [{"sync": "off", "n": written}]  # it was set, in the journal's own transactions


# -- no server connection held for a Flush -------------------------------------------------------


@pytest.mark.parametrize("ends", ["idle", "in a transaction"])
def test_a_flush_after_a_pipeline_holds_a_server_connection_only_if_the_pipeline_ended_idle(
    database_url: str, ends: str
) -> None:
    """Why no pipeline of ours ends outside a transaction behind the pooler (`unpipelined_if_pooled`).

    psycopg sends a Flush after a pipeline's last Sync when the results are not back yet, which a
    test cannot time; here it is sent on purpose. Once the Sync has left the session idle, PgBouncer
    gives the lone Flush a server connection of its own and keeps it for that client, whose
    connection sits idle in our pool: with one server connection, every other client waits.
    """
    with (
        pgbouncer(database_url, pool_size=1, query_wait_timeout=2) as url,
        psycopg.connect(url, autocommit=True, prepare_threshold=None) as flushing,
    ):
        with flushing.pipeline():
            if ends == "in a transaction":
                flushing.execute("BEGIN")
            flushing.execute("SELECT 1")
        flushing.pgconn.send_flush_request()
        flushing.pgconn.flush()
        time.sleep(0.2)  # PgBouncer reads the Flush before the other client asks
        if ends == "in a transaction":
            flushing.execute("COMMIT")
        with psycopg.connect(url, autocommit=True, prepare_threshold=None) as other:
            if ends == "idle":
                with pytest.raises(psycopg.errors.ProtocolViolation, match="query_wait_timeout"):
                    other.execute("SELECT 1")
            else:
                assert other.execute("SELECT 1 AS one").fetchone() == (1,)
        flushing.execute("SELECT 1")  # the flushing client's next statement frees the connection
        with psycopg.connect(url, autocommit=True, prepare_threshold=None) as later:
            assert later.execute("SELECT 2").fetchone() == (2,)


class _PipelineEnds:
    """Records the transaction status each outermost psycopg pipeline, sync or async, leaves its
    session in. `Cursor.executemany` opens one of its own when none is open: recorded too."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.ends: list[str] = []
        exit_pipeline, aexit_pipeline = psycopg.Pipeline.__exit__, psycopg.AsyncPipeline.__aexit__

        def recorded(pipeline: psycopg.Pipeline, *exc: Any) -> None:
            exit_pipeline(pipeline, *exc)
            self._record(pipeline)

        async def arecorded(pipeline: psycopg.AsyncPipeline, *exc: Any) -> None:
            await aexit_pipeline(pipeline, *exc)
            self._record(pipeline)

        monkeypatch.setattr(psycopg.Pipeline, "__exit__", recorded)
        monkeypatch.setattr(psycopg.AsyncPipeline, "__aexit__", arecorded)

    def _record(self, pipeline: psycopg.Pipeline | psycopg.AsyncPipeline) -> None:
        if pipeline.level == 0:
            self.ends.append(pipeline._conn.info.transaction_status.name)


def test_studios_saver_writes_through_pgbouncer_without_a_pipeline_that_ends_idle(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pipelines = _PipelineEnds(monkeypatch)

    async def scenario(url: str) -> tuple[bool, list[Any]]:
        _pooled_settings(url, tmp_path, monkeypatch)
        async with studio.checkpointer() as saver:  # what `langgraph dev` enters
            config: Any = {"configurable": {"thread_id": "t", "checkpoint_ns": ""}}
            cp = empty_checkpoint()
            cp["channel_values"], cp["channel_versions"] = {"c": [1]}, {"c": "1"}
            stored = await saver.aput(config, cp, {"step": 0}, {"c": "1"})
            await saver.aput_writes(stored, [("c", [2]), ("d", [3])], task_id="task")
            found = await saver.aget_tuple(stored)
            assert found is not None
            return saver.supports_pipeline, [(w[1], w[2]) for w in found.pending_writes or []]

    with pgbouncer(database_url, pool_size=1, query_wait_timeout=5) as url:
        pipelined, writes = asyncio.run(scenario(url))
    assert (pipelined, writes) == (False, [("c", [2]), ("d", [3])])
    assert "IDLE" not in pipelines.ends


# -- whole turns ------------------------------------------------------------------------------------


def test_whole_turns_run_through_pgbouncer_and_leave_no_setting_behind(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pipelines = _PipelineEnds(monkeypatch)
    with (
        pgbouncer(database_url, pool_size=2) as url,
        # setup too: migrations, LangGraph's CREATE INDEX CONCURRENTLY beside the setup lock's transaction
        open_resources(_pooled_settings(url, tmp_path, monkeypatch)) as res,
    ):
        with res.pool.connection() as conn:
            for statement in _NOTE_SYNC:
                conn.execute(statement)
        graph = build_graph(
            checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
        )
        with _Watcher(url) as watcher:
            asked = threads.send(graph, "t", "When does rag start?", user_id="ada")
            proposed = threads.send(graph, "t", "Enroll me in rag-2", user_id="ada")
            approved = threads.decide(graph, "t", APPROVE)
        assert watcher.errors == [] and watcher.seen and set(watcher.seen) == {"on"}
        assert asked.replies and asked.pending is None
        assert proposed.pending is not None and proposed.pending["action_requests"][0]["name"] == "enroll"
        assert approved.pending is None and "enrolled in rag-2" in approved.replies[-1]
        assert [(t["kind"], t["status"]) for t in turns_of(res.pool, "t")] == [
            ("message", "completed"),
            ("message", "awaiting_approval"),
            ("decision", "completed"),
        ]
        kinds = [e["kind"] for e in events(res.pool, "t")]
        assert (kinds.count("turn_started"), kinds.count("turn_completed")) == (3, 3)
        with res.pool.connection() as conn:
            enrolled = conn.execute(
                "SELECT cohort_id, status FROM enrollments WHERE student_id = 'ada'"
            ).fetchall()
            notes = conn.execute("SELECT kind, sync FROM sync_seen").fetchall()
        assert enrolled == [{"cohort_id": "rag-2", "status": "PENDING_PAYMENT"}]
        # The run's own events unsynced where they have a statement of their own, the nodes' own
        # ones synced; a message's turn starts in its input checkpoint's statement, synced with it;
        # a step's start goes with the checkpoint that closes its step or with its node's own event,
        # synced with them, or with the turn's end when nothing closed it (the step that paused
        # for approval); none of it reached the watcher.
        assert {n["sync"] for n in notes if n["kind"] == "turn_completed"} == {"off"}
        assert [n["sync"] for n in notes if n["kind"] == "step_started"] == [
            "on",
            "on",
            "on",
            "on",
            "off",
            "on",
            "on",
        ]
        assert [n["sync"] for n in notes if n["kind"] == "turn_started"] == ["on", "on", "off"]
        assert {n["sync"] for n in notes if n["kind"] in ("approval_granted", "tool_completed")} == {"on"}
    assert _lock_sessions(database_url, "t") == 0
    # The thread locks' and the journal's pipelines, each ended inside its transaction; LangGraph's
    # savers and store wrote in transactions, without pipelines.
    assert pipelines.ends and set(pipelines.ends) == {"INTRANS"}
