"""The per-turn fast paths: the pool's cheap check, the unsynced journal, thread views,
a saver without its global lock, the message window, and replies found by message id.

Each fast path skips work that used to make it safe (a round trip, a state read, a lock, a count of
messages); these tests show the skipped work is not needed for the result, and that the safe path
is still taken when something did change.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import psycopg
import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.checkpoint.postgres import PostgresSaver
from psycopg_pool import ConnectionPool

from agent.config import faults
from agent.config.env import SettingsError
from agent.config.settings import Settings
from agent.infra.locks import LOCK_SPACE, locks_for
from agent.infra.persistence import (
    DELTA_PAGE_SIZE,
    PooledPostgresSaver,
    Resources,
    check_if_disturbed,
    connection_kwargs,
    open_resources,
)
from agent.journal import owners
from agent.journal.events import events
from agent.journal.owners import claim_owner
from agent.journal.turns import start_turn, steps_of, turns_of
from agent.runtime import runs, threads
from agent.runtime.thread_views import ThreadViews, views
from graphs.nodes import router
from graphs.nodes.replies import HELP
from graphs.school import build_graph
from graphs.state import Context
from qa.wire import WireCounter
from tests.support.approvals import student_yes

CFG = {"configurable": {"thread_id": "t"}}
APPROVE = student_yes("ada")
"""The student confirms their own enrollment (the policy gives it to them alone)."""
NOTHING_WAITING = "There is nothing waiting for your confirmation right now. " + HELP
PROPOSAL = (
    "Here is what I will do once it is approved: Enroll ada in rag-2 (Retrieval-Augmented "
    "Generation, starts 2027-01-15). Price €900, payable after enrollment. Reply 'yes' to "
    "confirm or 'no' to drop it."
)
ENROLLED = (
    "Done: you are enrolled in rag-2 and your seat is held. Payment of €900 is due; say "
    "'pay for rag-2' when ready."
)
ENROLL_REQUEST = {
    "name": "enroll",
    "args": {"cohort_id": "rag-2", "student_id": "ada"},
    "description": "Enroll ada in rag-2 (Retrieval-Augmented Generation, starts 2027-01-15)."
    " Price €900, payable after enrollment.",
}


def ticket(number: int) -> str:
    return (
        f"I have passed this to a member of our team (ticket #{number}). A human operator decides "
        "refunds and complaints and will get back to you within one business day."
    )


@pytest.fixture(autouse=True)
def process_views(monkeypatch: pytest.MonkeyPatch) -> ThreadViews:
    """This test's process memory of threads, empty at the start (the real one is process-wide)."""
    fresh = ThreadViews()
    monkeypatch.setattr(threads, "views", fresh)
    monkeypatch.setattr(runs, "views", fresh)
    return fresh


def count_state_reads(monkeypatch: pytest.MonkeyPatch, graph: Any) -> Callable[[Callable[[], Any]], int]:
    """A function that runs a call and says how many times it read the graph's state."""
    reads: list[object] = []
    get_state = graph.get_state

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(args)
        return get_state(*args, **kwargs)

    monkeypatch.setattr(graph, "get_state", counted)

    def reads_during(call: Callable[[], Any]) -> int:
        before = len(reads)
        call()
        return len(reads) - before

    return reads_during


@contextmanager
def other_process(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """What another process has: its own pool, locks, graph and thread views, on the same database."""
    with open_resources(settings) as res, monkeypatch.context() as patch:
        own = ThreadViews()
        patch.setattr(threads, "views", own)
        patch.setattr(runs, "views", own)
        yield build_graph(
            checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
        )


# -- the pool's check ---------------------------------------------------------------------------


def _terminate_while_idle(pool: ConnectionPool[Any], url: str) -> int:
    """Terminate the backend of the pool's idle connection; its pid, once the backend is gone."""
    with pool.connection() as conn:
        pid = conn.info.backend_pid
    with psycopg.connect(url, autocommit=True) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone() == (True,)
        deadline = time.monotonic() + 30
        while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone():
            assert time.monotonic() < deadline, f"backend {pid} still there 30 s after its termination"
            time.sleep(0.01)
    return pid


def test_a_connection_terminated_while_idle_is_replaced_at_checkout(settings: Settings) -> None:
    url = settings.database_url or ""
    with ConnectionPool(
        url, check=check_if_disturbed, kwargs=connection_kwargs(settings), min_size=1, max_size=1, open=False
    ) as pool:
        gone = _terminate_while_idle(pool, url)
        with pool.connection() as conn:
            assert conn.execute("SELECT 1 AS one").fetchone() == {"one": 1}
            assert conn.info.backend_pid != gone


def test_without_a_check_the_terminated_connection_is_handed_out(settings: Settings) -> None:
    """The premise of the test above: the terminated connection is really broken."""
    url = settings.database_url or ""
    with ConnectionPool(url, kwargs=connection_kwargs(settings), min_size=1, max_size=1, open=False) as pool:
        gone = _terminate_while_idle(pool, url)
        with pytest.raises(psycopg.OperationalError), pool.connection() as conn:
            assert conn.info.backend_pid == gone
            conn.execute("SELECT 1")


@pytest.mark.parametrize(
    ("check", "statements", "round_trips"),
    [
        (check_if_disturbed, 0, 0),
        # An empty statement per checkout; with `prepare_threshold=0` psycopg prepares it each time
        # (Parse and Describe, then Bind and Execute): two round trips.
        (ConnectionPool.check_connection, 5, 10),
    ],
    ids=["check_if_disturbed", "check_connection"],
)
def test_checking_an_undisturbed_connection_costs_no_round_trip(
    settings: Settings, check: Any, statements: int, round_trips: int
) -> None:
    counter = WireCounter(settings.database_url or "")
    try:
        with ConnectionPool(
            counter.url, check=check, kwargs=connection_kwargs(settings), min_size=1, max_size=1, open=False
        ) as pool:
            pool.wait()
            before = counter.snapshot()
            for _ in range(5):
                with pool.connection() as conn:
                    assert not conn.closed
            spent = counter.snapshot() - before
    finally:
        counter.close()
    assert (settings.prepare_threshold, spent.statements, spent.round_trips) == (0, statements, round_trips)


# -- the thread lock's idle transaction, the journal's unsynced ones --------------------------------


def test_the_lock_is_an_idle_transaction_holding_no_snapshot_while_the_pool_stays_synced(
    resources: Resources, graph: Any
) -> None:
    with resources.pool.connection() as conn:
        assert _thread_lock_sessions(conn, "t") == []
        with runs.exclusive(graph, "t", then=views.head_query("t")):
            assert conn.execute("SHOW synchronous_commit").fetchone() == {"synchronous_commit": "on"}
            # An open transaction, but no snapshot: it holds back neither vacuum nor CREATE INDEX CONCURRENTLY.
            assert _thread_lock_sessions(conn, "t") == [
                {"state": "idle in transaction", "backend_xmin": None, "mode": "ExclusiveLock"}
            ]
        assert _thread_lock_sessions(conn, "t") == []


def _thread_lock_sessions(conn: psycopg.Connection[Any], thread_id: str) -> list[dict[str, Any]]:
    return conn.execute(
        "SELECT a.state, a.backend_xmin, l.mode FROM pg_locks l JOIN pg_stat_activity a USING (pid)"
        " WHERE l.locktype = 'advisory' AND l.granted"
        " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        " AND l.classid = %s AND l.objid = hashtext(%s)::bigint & 4294967295",
        (LOCK_SPACE, thread_id),
    ).fetchall()


_WRITERS = [
    "CREATE TABLE writers (id bigserial PRIMARY KEY, tbl text, op text, what text, pid int, sync text, xid bigint)",
    """CREATE FUNCTION note_writer() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
           INSERT INTO writers (tbl, op, what, pid, sync, xid)
           VALUES (TG_TABLE_NAME, TG_OP, coalesce(to_jsonb(NEW) ->> 'kind', to_jsonb(NEW) ->> 'node'),
                   pg_backend_pid(), current_setting('synchronous_commit'), txid_current());
           RETURN NULL;
       END $$""",
    *(
        f"CREATE TRIGGER note_writer AFTER INSERT OR UPDATE ON {table}"
        " FOR EACH ROW EXECUTE FUNCTION note_writer()"
        for table in ("turns", "plan_items", "journal_events", "checkpoints")
    ),
]
"""A trigger that notes, for every row written to the journal and the checkpoints, which session
and transaction wrote it and whether that session's commits wait for the disk."""


def test_a_run_journals_unsynced_and_checkpoints_synced(resources: Resources, graph: Any) -> None:
    with resources.pool.connection() as conn:
        for statement in _WRITERS:
            conn.execute(statement)
    threads.send(graph, "t", "Enroll me in rag-2", user_id="ada")
    threads.decide(graph, "t", APPROVE)
    with resources.pool.connection() as conn:
        rows = conn.execute("SELECT tbl, op, what, pid, sync, xid FROM writers ORDER BY id").fetchall()
    checkpointed = {r["xid"] for r in rows if r["tbl"] == "checkpoints"}
    noded = {r["xid"] for r in rows if r["what"] in ("approval_granted", "tool_completed")}
    # The run's own journal rows: each in a statement of its own that sets synchronous_commit off
    # for its own transaction, in the statement (so the transaction) of a checkpoint, or, for those
    # still pending when a node journals an event of its own (its step's start, and the step
    # before it), in that event's statement.
    own = [
        r
        for r in rows
        if r["what"] not in ("approval_granted", "tool_completed") and r["tbl"] != "checkpoints"
    ]
    assert [r for r in own if r["sync"] != "off" and r["xid"] not in checkpointed | noded] == []
    assert sorted((r["xid"], r["tbl"], r["what"]) for r in rows if r["xid"] in noded) == sorted(
        [
            *[(min(noded), "journal_events", what) for what in ("step_started", "approval_granted")],
            *[
                (max(noded), table, what)
                for table, what in (
                    ("plan_items", "approval"),
                    ("journal_events", "step_completed"),
                    ("journal_events", "step_started"),
                    ("journal_events", "tool_completed"),
                )
            ],
        ]
    )
    assert sorted((r["tbl"], r["op"], r["what"]) for r in own) == sorted(
        [
            # the request
            ("turns", "INSERT", "message"),
            ("journal_events", "INSERT", "turn_started"),
            *[("journal_events", "INSERT", "step_started")] * 3,
            *[("journal_events", "INSERT", "step_completed")] * 3,
            ("plan_items", "INSERT", "router"),
            ("plan_items", "INSERT", "propose"),
            ("plan_items", "INSERT", "approval"),
            ("journal_events", "INSERT", "approval_requested"),
            ("turns", "UPDATE", "message"),
            ("journal_events", "INSERT", "turn_completed"),
            # the decision
            ("turns", "INSERT", "decision"),
            ("journal_events", "INSERT", "turn_started"),
            *[("journal_events", "INSERT", "step_started")] * 2,
            *[("journal_events", "INSERT", "step_completed")] * 2,
            ("plan_items", "INSERT", "approval"),
            ("plan_items", "INSERT", "execute"),
            ("turns", "UPDATE", "decision"),
            ("journal_events", "INSERT", "turn_completed"),
        ]
    )
    # The message's turn is created with its input checkpoint, in that checkpoint's transaction.
    assert [r["xid"] in checkpointed for r in own if r["tbl"] == "turns" and r["op"] == "INSERT"] == [
        True,
        False,
    ]
    # The nodes' own events and every checkpoint commit synced, the events in their own transactions.
    by_pool = [(r["tbl"], r["what"], r["sync"]) for r in rows if r not in own]
    assert [row for row in by_pool if row[0] != "checkpoints"] == [
        ("journal_events", "approval_granted", "on"),
        ("journal_events", "tool_completed", "on"),
    ]
    assert not [
        r for r in rows if r["what"] in ("approval_granted", "tool_completed") and r["xid"] in checkpointed
    ]
    with resources.pool.connection() as conn:
        checkpoints = conn.execute("SELECT count(*) AS n FROM checkpoints").fetchone()["n"]
    assert [row for row in by_pool if row[0] == "checkpoints"] == [("checkpoints", None, "on")] * checkpoints
    assert checkpoints > 0


def test_a_turn_journals_each_step_with_its_exact_payload(resources: Resources, graph: Any) -> None:
    asked = threads.send(graph, "t", "hello", user_id="ada")
    proposed = threads.send(graph, "t", "Enroll me in rag-2", user_id="ada")
    assert (asked.replies, asked.pending, proposed.replies) == ([HELP], None, [PROPOSAL])
    assert proposed.pending is not None
    assert proposed.pending == {
        "action_id": proposed.pending["action_id"],
        "action_requests": [ENROLL_REQUEST],
        "review_configs": [{"action_name": "enroll", "allowed_decisions": ["approve", "reject"]}],
        "approver": "student",
        "policy": {"rule": "enroll", "approvers": ["student"], "approved": []},
    }
    first, second = (turn["id"] for turn in turns_of(resources.pool, "t"))
    assert [(e["turn_id"], e["kind"], e["payload"]) for e in events(resources.pool, "t")] == [
        (first, "turn_started", {"turn_id": first, "thread_id": "t", "kind": "message"}),
        (first, "step_started", {"node": "router", "step": 1}),
        (first, "step_completed", {"node": "router", "step": 1, "status": "completed"}),
        (first, "step_started", {"node": "clarify", "step": 2}),
        (first, "step_completed", {"node": "clarify", "step": 2, "status": "completed"}),
        (
            first,
            "turn_completed",
            {"turn_id": first, "status": "completed", "intent": "other", "replies": [HELP]},
        ),
        (second, "turn_started", {"turn_id": second, "thread_id": "t", "kind": "message"}),
        (second, "step_started", {"node": "router", "step": 1}),
        (second, "step_completed", {"node": "router", "step": 1, "status": "completed"}),
        (second, "step_started", {"node": "propose", "step": 2}),
        (second, "step_completed", {"node": "propose", "step": 2, "status": "completed"}),
        (second, "step_started", {"node": "approval", "step": 3}),
        (second, "step_completed", {"node": "approval", "step": 3, "status": "interrupted"}),
        (second, "approval_requested", proposed.pending),
        (
            second,
            "turn_completed",
            {"turn_id": second, "status": "awaiting_approval", "intent": "enroll", "replies": [PROPOSAL]},
        ),
    ]
    steps = steps_of(resources.pool, second)
    assert [(s["step"], s["node"], s["status"], s["approval_mode"]) for s in steps] == [
        (1, "router", "completed", "none"),
        (2, "propose", "completed", "none"),
        (3, "approval", "interrupted", "required"),
    ]


# -- thread views --------------------------------------------------------------------------------


def test_a_later_turn_in_the_same_process_reads_no_state_before_running(
    graph: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads_during = count_state_reads(monkeypatch, graph)
    turns: list[threads.Turn] = []

    def send(text: str) -> Callable[[], None]:
        return lambda: turns.append(threads.send(graph, "t", text, user_id="ada"))

    assert reads_during(send("hello")) == 0  # a new thread: no checkpoint under the lock, nothing to read
    assert reads_during(send("hello")) == 0
    assert reads_during(send("Enroll me in rag-2")) == 0
    assert reads_during(lambda: turns.append(threads.decide(graph, "t", APPROVE))) == 1  # its own check
    assert reads_during(send("hello")) == 0
    assert [(t.replies, t.pending is not None) for t in turns] == [
        ([HELP], False),
        ([HELP], False),
        ([PROPOSAL], True),
        ([ENROLLED], False),
        ([HELP], False),
    ]
    assert threads.history(graph, "t") == [
        ("student", "hello"),
        ("assistant", HELP),
        ("student", "hello"),
        ("assistant", HELP),
        ("student", "Enroll me in rag-2"),
        ("assistant", PROPOSAL),
        ("assistant", ENROLLED),
        ("student", "hello"),
        ("assistant", HELP),
    ]


def test_a_thread_this_process_has_not_seen_is_read_before_its_turn(
    settings: Settings, graph: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with other_process(settings, monkeypatch) as other:
        threads.send(other, "t", "hello", user_id="ada")
    reads_during = count_state_reads(monkeypatch, graph)
    turns: list[threads.Turn] = []
    assert reads_during(lambda: turns.append(threads.send(graph, "t", "hello", user_id="ada"))) == 1
    assert [t.replies for t in turns] == [[HELP]]


def test_a_new_thread_claimed_by_another_student_is_refused_with_the_owner_read_under_the_lock(
    resources: Resources, graph: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    claim_owner(resources.pool, "t", "bob")  # as the HTTP API's thread creation does: no checkpoint yet
    asked: list[str] = []
    monkeypatch.setattr(owners, "owner_of", lambda db, thread_id: asked.append(thread_id))
    with pytest.raises(threads.ForeignThreadError):
        threads.send(graph, "t", "hello", user_id="ada")
    assert asked == []  # read in the round trip that took the lock
    assert threads.send(graph, "t", "hello", user_id="bob").replies == [HELP]


def test_a_turn_run_by_another_process_is_read_before_the_next_turn(
    settings: Settings, graph: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads_during = count_state_reads(monkeypatch, graph)
    threads.send(graph, "t", "hello", user_id="ada")
    with other_process(settings, monkeypatch) as other:
        assert threads.send(other, "t", "Enroll me in rag-2", user_id="ada").replies == [PROPOSAL]
    confirmed: list[threads.Turn] = []
    assert reads_during(lambda: confirmed.append(threads.send(graph, "t", "yes", user_id="ada"))) == 1
    assert [(t.replies, t.pending) for t in confirmed] == [([ENROLLED], None)]
    assert threads.history(graph, "t") == [
        ("student", "hello"),
        ("assistant", HELP),
        ("student", "Enroll me in rag-2"),
        ("assistant", PROPOSAL),
        ("student", "yes"),
        ("assistant", ENROLLED),
    ]


class _ProcessDied(BaseException):
    """Stands for the process being killed at a crash point (without killing the test's process)."""


def test_a_run_cut_off_in_another_process_is_finished_before_the_next_turn(
    settings: Settings, resources: Resources, graph: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads_during = count_state_reads(monkeypatch, graph)
    threads.send(graph, "t", "hello", user_id="ada")

    def die(name: str) -> None:
        if name == "before:propose":
            raise _ProcessDied(name)

    with other_process(settings, monkeypatch) as other, monkeypatch.context() as patch:
        patch.setattr(faults, "point", die)
        with pytest.raises(_ProcessDied):
            threads.send(other, "t", "Enroll me in rag-2", user_id="ada")
    assert graph.get_state(CFG).next == ("propose",)
    confirmed: list[threads.Turn] = []
    # The view is read (1), then the state of the cut-off run that is finished first (1).
    assert reads_during(lambda: confirmed.append(threads.send(graph, "t", "yes", user_id="ada"))) == 2
    assert [(t.replies, t.pending) for t in confirmed] == [([ENROLLED], None)]
    assert [(t["kind"], t["actor"], t["status"], t["output"]) for t in turns_of(resources.pool, "t")] == [
        ("message", "ada", "completed", {"replies": [HELP]}),
        ("message", "ada", "failed", None),
        ("resume", "ada", "awaiting_approval", {"replies": [PROPOSAL]}),
        ("message", "ada", "completed", {"replies": [ENROLLED]}),
    ]
    assert [(e["student_id"], e["cohort_id"], e["status"]) for e in resources.school.enrollments()] == [
        ("ada", "rag-2", "PENDING_PAYMENT")
    ]


def test_a_new_head_or_a_new_turn_from_elsewhere_makes_the_view_read_again(
    resources: Resources, graph: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads_during = count_state_reads(monkeypatch, graph)
    replies: list[list[str]] = []

    def send(text: str) -> Callable[[], None]:
        return lambda: replies.append(threads.send(graph, "t", text, user_id="ada").replies)

    assert reads_during(send("hello")) == 0  # a new thread: nothing to read
    # A run without the journal (a Studio client, `langgraph dev`): a new head checkpoint, no turn.
    graph.invoke({"messages": [HumanMessage("Enroll me in rag-2")]}, CFG, context=Context(user_id="ada"))
    assert reads_during(send("yes")) == 1
    # A process that died right after recording its turn: a new turn, no new checkpoint.
    start_turn(resources.pool, thread_id="t", kind="message", actor="ada", payload={"message": "lost"})
    assert reads_during(send("hello")) == 1
    assert reads_during(send("hello")) == 0
    assert replies == [[HELP], [ENROLLED], [HELP], [HELP]]


def test_a_foreign_student_is_refused_with_and_without_a_remembered_view(
    resources: Resources, graph: Any, monkeypatch: pytest.MonkeyPatch, process_views: ThreadViews
) -> None:
    reads_during = count_state_reads(monkeypatch, graph)
    threads.send(graph, "t", "hello", user_id="ada")
    before = (turns_of(resources.pool, "t"), events(resources.pool, "t"), threads.history(graph, "t"))

    def as_bob() -> None:
        with pytest.raises(threads.ForeignThreadError, match=r"^thread t belongs to another student$"):
            threads.send(graph, "t", "hello", user_id="bob")

    assert reads_during(as_bob) == 0  # refused from the remembered view
    process_views.forget("t")
    assert reads_during(as_bob) == 1  # refused from the state
    assert (turns_of(resources.pool, "t"), events(resources.pool, "t"), threads.history(graph, "t")) == before


# -- the saver without its lock ------------------------------------------------------------------


def _enters_while_another_holds(saver: PostgresSaver, wait_s: float) -> bool:
    """Whether a second thread gets into `saver._cursor()` (within `wait_s`) while a first is inside."""
    first_in, release, second_in = threading.Event(), threading.Event(), threading.Event()
    answers: list[Any] = []

    def first() -> None:
        with saver._cursor():
            first_in.set()
            release.wait(60)

    def second() -> None:
        with saver._cursor() as cur:
            second_in.set()
            answers.append(cur.execute("SELECT 1 AS one").fetchone())

    holder, waiter = threading.Thread(target=first), threading.Thread(target=second)
    holder.start()
    assert first_in.wait(30)
    waiter.start()
    got_in = second_in.wait(wait_s)
    release.set()
    holder.join(60)
    waiter.join(60)
    assert answers == [{"one": 1}]  # either way the second gets in once the first has left
    return got_in


def test_two_threads_use_the_pooled_saver_at_once(resources: Resources) -> None:
    assert type(resources.checkpointer) is PooledPostgresSaver
    assert _enters_while_another_holds(PooledPostgresSaver(resources.pool), wait_s=10) is True


def test_the_stock_saver_over_the_same_pool_lets_one_thread_in_at_a_time(resources: Resources) -> None:
    """The lock the pooled saver drops: the stock one holds it around every query."""
    stock = PostgresSaver(resources.pool)  # type: ignore[arg-type]  # a pool of dict_row connections
    assert _enters_while_another_holds(stock, wait_s=0.5) is False


# -- the message window --------------------------------------------------------------------------


def window(entries: list[tuple[str, str]], size: int = 6) -> list[tuple[str, str]]:
    """The rule: the last `size` entries, moved on to the first student message among them."""
    kept = entries[-size:] if len(entries) > size else entries
    while len(entries) > size and kept and kept[0][0] != "student":
        kept = kept[1:]
    return kept


def test_the_router_keeps_a_window_and_each_turn_gets_its_own_replies(
    settings: Settings, resources: Resources, graph: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(router, "MESSAGE_WINDOW", 6)
    script = [
        ("hello", [HELP]),
        ("yes", [NOTHING_WAITING]),
        ("I want to talk to a human", [ticket(1)]),
        ("hello", [HELP]),
        ("no", [NOTHING_WAITING]),
        ("I want to talk to a human", [ticket(2)]),
        ("Enroll me in rag-2", [PROPOSAL]),
    ]
    kept: list[tuple[str, str]] = []
    for text, replies in script:
        turn = threads.send(graph, "t", text, user_id="ada")
        assert turn.replies == replies, text
        # The router keeps the last 6 messages from a student's on, the new one included; the
        # turn's replies follow.
        kept = [*window([*kept, ("student", text)]), *[("assistant", reply) for reply in replies]]
        assert threads.history(graph, "t") == kept, text
    assert [role for role, _ in kept] == ["student", "assistant"] * 3  # whole turns only
    decided = threads.decide(graph, "t", APPROVE)
    assert (decided.replies, decided.pending) == ([ENROLLED], None)
    kept.append(("assistant", ENROLLED))  # a decision does not pass the router: nothing is dropped
    assert threads.history(graph, "t") == kept
    after = threads.send(graph, "t", "hello", user_id="ada")
    kept = [*window([*kept, ("student", "hello")]), ("assistant", HELP)]
    assert (after.replies, threads.history(graph, "t")) == ([HELP], kept)
    assert kept == [
        ("student", "I want to talk to a human"),
        ("assistant", ticket(2)),
        ("student", "Enroll me in rag-2"),
        ("assistant", PROPOSAL),
        ("assistant", ENROLLED),
        ("student", "hello"),
        ("assistant", HELP),
    ]
    # The journal keeps the whole conversation.
    assert [(t["kind"], t["input"], t["output"]) for t in turns_of(resources.pool, "t")] == [
        *[("message", {"message": text}, {"replies": replies}) for text, replies in script],
        ("decision", {"decision": APPROVE}, {"replies": [ENROLLED]}),
        ("message", {"message": "hello"}, {"replies": [HELP]}),
    ]
    # Another process reads the same window back from the stored checkpoints.
    with other_process(settings, monkeypatch) as other:
        assert threads.history(other, "t") == kept


# -- replies by message id -----------------------------------------------------------------------

ASKED, ANSWERED = HumanMessage("q1", id="h1"), AIMessage("a1", id="a1")
ASKED_AGAIN, TOOL = HumanMessage("q2", id="h2"), ToolMessage("looked up", tool_call_id="c1", id="t1")
FIRST, SECOND = AIMessage("a2", id="a2"), AIMessage("a3", id="a3")


@pytest.mark.parametrize(
    ("messages", "since", "replies"),
    [
        ([ASKED, ANSWERED, ASKED_AGAIN, TOOL, FIRST, SECOND], "h2", ["a2", "a3"]),
        ([ASKED, ANSWERED, ASKED_AGAIN, TOOL, FIRST, SECOND], "a2", ["a3"]),
        ([ASKED, ANSWERED, ASKED_AGAIN, TOOL, FIRST, SECOND], "a3", []),
        ([ASKED, ANSWERED, ASKED_AGAIN, TOOL, FIRST, SECOND], "h1", ["a1", "a2", "a3"]),
        # Trimmed from the front: the mark is still there, positions have shifted.
        ([ASKED_AGAIN, TOOL, FIRST, SECOND], "h2", ["a2", "a3"]),
        # The mark itself is gone: no message can be told to be the run's.
        ([FIRST, SECOND], "h2", []),
        ([], "h2", []),
        ([ASKED, ANSWERED, ASKED_AGAIN, TOOL, FIRST, SECOND], frozenset({"h1", "a1", "h2"}), ["a2", "a3"]),
        ([ASKED, ANSWERED, ASKED_AGAIN, TOOL, FIRST, SECOND], frozenset(), ["a1", "a2", "a3"]),
        # Trimmed: the earlier messages are gone from the state, and only new ones are replies.
        ([ASKED_AGAIN, TOOL, FIRST, SECOND], frozenset({"h1", "a1", "h2"}), ["a2", "a3"]),
        ([FIRST, SECOND], frozenset({"h1", "a1", "h2", "a2"}), ["a3"]),
        ([ASKED, ANSWERED], frozenset({"h1", "a1"}), []),
    ],
)
def test_replies_after_a_mark_or_the_ids_before(
    messages: list[Any], since: runs.Since, replies: list[str]
) -> None:
    assert runs.replies_after({"messages": messages}, since) == replies


def test_replies_after_a_state_without_messages_is_empty() -> None:
    assert runs.replies_after({}, "h1") == [] and runs.replies_after({}, frozenset()) == []


def test_message_ids_are_what_a_later_run_counts_from() -> None:
    values = {"messages": [ASKED, ANSWERED, ASKED_AGAIN]}
    assert runs.message_ids(values) == frozenset({"h1", "a1", "h2"})
    assert runs.message_ids({}) == frozenset()
    later = {"messages": [ANSWERED, ASKED_AGAIN, FIRST, TOOL, SECOND]}
    assert runs.replies_after(later, runs.message_ids(values)) == ["a2", "a3"]


def test_max_runs_sizes_the_lock_pool_and_is_checked(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_resources(replace(settings, max_runs=3)) as res:
        locks = locks_for(res.pool)
        assert locks is not None and (locks.pool.max_size, res.pool.max_size) == (3, settings.pool_max_size)
    monkeypatch.setenv("SCHOOL_MAX_RUNS", "0")
    with pytest.raises(SettingsError, match="SCHOOL_MAX_RUNS"):
        Settings.from_env()


def test_messages_are_rebuilt_the_same_whatever_the_page_size(
    graph: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import langgraph.checkpoint.postgres as saver_module

    assert saver_module._DELTA_PAGE_SIZE == DELTA_PAGE_SIZE  # set when the app's saver was made
    for i in range(30):  # past a full copy of the messages (every 50 updates), and on
        threads.send(graph, "t", f"hello {i}", user_id="ada")
    rebuilt = graph.get_state(CFG).values["messages"]
    assert [m.content for m in rebuilt[::2]] == [f"hello {i}" for i in range(30)]
    assert [m.content for m in rebuilt[1::2]] == [HELP] * 30
    monkeypatch.setattr(saver_module, "_DELTA_PAGE_SIZE", 2)  # the walk back now takes dozens of pages
    assert graph.get_state(CFG).values["messages"] == rebuilt
