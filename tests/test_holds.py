"""Seat holds on real Postgres, on a clock the test sets: expiry, the seat offered, reminders, races.

Holds start at the database's clock when a student enrolls; each test then passes `now` as that
start plus some hours, so the hours are exact whatever the machine's time. The defaults apply:
a hold lasts 72 hours, and the reminder comes 24 hours before it ends.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest
from langchain_core.messages import AIMessage, HumanMessage
from psycopg.rows import dict_row

from agent.config.settings import Settings
from agent.domain import School, holds
from agent.domain.payments import ChargeResult, PaymentProvider
from agent.infra import migrations
from agent.infra.fake_provider import FakePaymentProvider
from agent.infra.locks import locks_for
from agent.infra.persistence import Resources, open_resources
from agent.journal.events import events
from agent.journal.turns import turns_of
from agent.runtime import threads
from agent.upkeep.holds import HoldsReport, deliver_notices, expire_holds, remind_holds
from agent.upkeep.scheduled import SYSTEM_THREAD
from graphs.school import build_graph
from tests.support.approvals import student_yes

HOLD = timedelta(hours=72)
HOLD_KINDS = ["hold_expired", "seat_offered", "payment_reminded", "state_updated"]


class _Any:
    def __eq__(self, other: object) -> bool:
        return True

    def __repr__(self) -> str:
        return "ANY"


ANYTHING: Any = _Any()


# -- helpers -----------------------------------------------------------------------------------
def confirm(graph: Any, thread: str, student: str) -> threads.Turn:
    """The student's own approval (the policy gives enrolling, waitlisting and paying to them)."""
    return threads.decide(graph, thread, student_yes(student))


def enroll(graph: Any, thread: str, student: str, cohort: str) -> None:
    """Ask in `thread` to enroll (the graph offers the waitlist when the cohort is full) and confirm."""
    turn = threads.send(graph, thread, f"Enroll me in {cohort}", user_id=student)
    assert turn.pending is not None, turn.replies
    done = confirm(graph, thread, student)
    assert done.pending is None, done.replies


def enrollment(res: Resources, student: str, cohort: str) -> dict[str, Any]:
    with res.pool.connection() as conn:
        row = conn.execute(
            "SELECT id, status, hold_started_at, reminded_at FROM enrollments"
            " WHERE student_id = %s AND cohort_id = %s ORDER BY id DESC LIMIT 1",
            (student, cohort),
        ).fetchone()
    assert row is not None
    return dict(row)


def statuses(res: Resources, cohort: str) -> list[tuple[str, str]]:
    return [(r["student_id"], r["status"]) for r in res.school.enrollments(cohort_id=cohort)]


def seats(res: Resources, cohort: str) -> tuple[int, int]:
    found = res.school.cohort(cohort)
    assert found is not None
    return found["seats_taken"], found["capacity"]


def journal(res: Resources, thread: str) -> list[tuple[str, dict[str, Any]]]:
    """The thread's hold events and state updates, in order."""
    return [(e["kind"], e["payload"]) for e in events(res.pool, thread, kinds=HOLD_KINDS)]


def notices(res: Resources) -> list[tuple[str, int, str, str]]:
    with res.pool.connection() as conn:
        rows = conn.execute("SELECT thread_id, enrollment_id, kind, status FROM thread_notices ORDER BY id")
        return [(r["thread_id"], r["enrollment_id"], r["kind"], r["status"]) for r in rows]


def messages(graph: Any, thread: str) -> list[tuple[str, str]]:
    state = graph.get_state({"configurable": {"thread_id": thread}})
    return [(m.type, str(m.content)) for m in state.values["messages"]]


def iso(at: datetime) -> str:
    return at.isoformat()


def expired_text(cohort: str = "rag-1") -> str:
    return (
        f"Your seat in {cohort} (Retrieval-Augmented Generation) was held for 72 hours without "
        "payment, so the hold has expired and the enrollment is cancelled. Nothing was charged. "
        f"You can ask to enroll in {cohort} again while it has free seats."
    )


def offered_text(pay_by: datetime) -> str:
    return (
        "Good news: a seat in rag-1 (Retrieval-Augmented Generation) has freed up and is now held for "
        f"you. Payment of €900 is due by {pay_by.astimezone(UTC):%Y-%m-%d %H:%M} UTC; say "
        "'pay for rag-1' to confirm your place, or the seat goes to the next student."
    )


def reminder_text(pay_by: datetime) -> str:
    return (
        "A reminder: your seat in rag-1 (Retrieval-Augmented Generation) is held for you until "
        f"{pay_by.astimezone(UTC):%Y-%m-%d %H:%M} UTC. Payment of €900 is due by then; say "
        "'pay for rag-1' to confirm your place, or the seat goes to the next student."
    )


def delivered(
    thread: str, kind: str, enrollment_id: int, notice: Any = ANYTHING
) -> tuple[str, dict[str, Any]]:
    return (
        "state_updated",
        {
            "by": "scheduler",
            "keys": ["messages"],
            "as_node": "clarify",
            "checkpoint": {"thread_id": thread, "checkpoint_ns": "", "checkpoint_id": ANYTHING},
            "notices": [{"id": notice, "kind": kind, "enrollment_id": enrollment_id}],
        },
    )


@pytest.fixture
def rag1(resources: Resources, graph: Any) -> dict[str, dict[str, Any]]:
    """rag-1 (one seat): ada holds it from t-ada; bob (t-bob), then cy (t-cy) wait for it."""
    enroll(graph, "t-ada", "ada", "rag-1")
    enroll(graph, "t-bob", "bob", "rag-1")
    enroll(graph, "t-cy", "cy", "rag-1")
    assert statuses(resources, "rag-1") == [
        ("ada", "PENDING_PAYMENT"),
        ("bob", "WAITLISTED"),
        ("cy", "WAITLISTED"),
    ]
    return {s: enrollment(resources, s, "rag-1") for s in ("ada", "bob", "cy")}


@contextmanager
def second_worker(settings: Settings) -> Iterator[tuple[Resources, Any]]:
    """Another worker's resources and graph on the same database: its own pools, as a process has."""
    with open_resources(settings) as res:
        yield (
            res,
            build_graph(
                checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
            ),
        )


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls in threads released together; their results in order."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Any:
        barrier.wait()
        return call()

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(run, calls))


# -- expiry ------------------------------------------------------------------------------------
def test_a_hold_up_to_hold_hours_old_stays(resources: Resources, graph: Any, rag1: dict[str, Any]) -> None:
    start = rag1["ada"]["hold_started_at"]
    report = expire_holds(resources, graph, now=start + HOLD)  # exactly 72 hours: not more than 72
    assert report == HoldsReport()
    assert statuses(resources, "rag-1") == [
        ("ada", "PENDING_PAYMENT"),
        ("bob", "WAITLISTED"),
        ("cy", "WAITLISTED"),
    ]
    assert journal(resources, "t-ada") == [] and notices(resources) == []


def test_an_expired_hold_is_cancelled_and_its_seat_offered_to_the_first_waitlisted_student(
    resources: Resources, graph: Any, rag1: dict[str, Any]
) -> None:
    ada, bob = rag1["ada"], rag1["bob"]
    now = ada["hold_started_at"] + HOLD + timedelta(seconds=1)
    before = {t: messages(graph, t) for t in ("t-ada", "t-bob", "t-cy")}

    report = expire_holds(resources, graph, now=now)

    assert report.expired == (ada["id"],) and report.offered == (bob["id"],)
    assert len(report.delivered) == 2 and report.deferred == report.dropped == () and report.threads == {}
    assert statuses(resources, "rag-1") == [
        ("ada", "CANCELLED"),
        ("bob", "PENDING_PAYMENT"),
        ("cy", "WAITLISTED"),
    ]
    assert seats(resources, "rag-1") == (1, 1)
    assert enrollment(resources, "bob", "rag-1")["hold_started_at"] == now  # a fresh hold, on our clock
    with resources.pool.connection() as conn:
        assert conn.execute("SELECT count(*) AS n FROM payments").fetchone() == {"n": 0}
    pay_by = now + HOLD
    assert journal(resources, "t-ada") == [
        (
            "hold_expired",
            {
                "enrollment_id": ada["id"],
                "student_id": "ada",
                "cohort_id": "rag-1",
                "hold_started_at": iso(ada["hold_started_at"]),
                "expired_at": iso(now),
                "promoted_enrollment_id": bob["id"],
                "message": expired_text(),
            },
        ),
        delivered("t-ada", "hold_expired", ada["id"], report.delivered[0]),
    ]
    assert journal(resources, "t-bob") == [
        (
            "seat_offered",
            {
                "enrollment_id": bob["id"],
                "student_id": "bob",
                "cohort_id": "rag-1",
                "hold_started_at": iso(now),
                "pay_by": iso(pay_by),
                "freed_by_enrollment_id": ada["id"],
                "message": offered_text(pay_by),
            },
        ),
        delivered("t-bob", "seat_offered", bob["id"], report.delivered[1]),
    ]
    assert journal(resources, "t-cy") == [] and journal(resources, SYSTEM_THREAD) == []
    assert notices(resources) == [
        ("t-ada", ada["id"], "hold_expired", "delivered"),
        ("t-bob", bob["id"], "seat_offered", "delivered"),
    ]
    # Each message is the last of its thread, which rests; cy's thread is untouched.
    assert messages(graph, "t-ada") == [*before["t-ada"], ("ai", expired_text())]
    assert messages(graph, "t-bob") == [*before["t-bob"], ("ai", offered_text(pay_by))]
    assert messages(graph, "t-cy") == before["t-cy"]
    for thread in ("t-ada", "t-bob"):
        state = graph.get_state({"configurable": {"thread_id": thread}})
        assert (state.next, state.interrupts) == ((), ())
    # A second pass at the same moment changes nothing: bob's hold has just begun.
    assert expire_holds(resources, graph, now=now) == HoldsReport()

    # The next turn works: bob pays for the seat he was offered.
    turn = threads.send(graph, "t-bob", "pay for rag-1", user_id="bob")
    assert turn.pending is not None and turn.pending["action_requests"][0]["name"] == "pay"
    paid = confirm(graph, "t-bob", "bob")
    assert paid.replies == ["Payment of €900 received: your place in rag-1 is confirmed."]
    assert statuses(resources, "rag-1") == [("ada", "CANCELLED"), ("bob", "CONFIRMED"), ("cy", "WAITLISTED")]
    state = graph.get_state({"configurable": {"thread_id": "t-bob"}})
    assert [type(m) for m in state.values["messages"][-4:]] == [AIMessage, HumanMessage, AIMessage, AIMessage]


def test_an_expired_hold_with_nobody_waiting_frees_the_seat(resources: Resources, graph: Any) -> None:
    enroll(graph, "t-ada", "ada", "rag-1")
    ada = enrollment(resources, "ada", "rag-1")
    report = expire_holds(resources, graph, now=ada["hold_started_at"] + timedelta(days=4))
    assert (report.expired, report.offered, len(report.delivered)) == ((ada["id"],), (), 1)
    assert seats(resources, "rag-1") == (0, 1)
    assert [k for k, _ in journal(resources, "t-ada")] == ["hold_expired", "state_updated"]
    assert journal(resources, "t-ada")[0][1]["promoted_enrollment_id"] is None


def test_a_hold_made_outside_any_thread_is_journaled_on_the_system_thread_without_a_message(
    resources: Resources, graph: Any
) -> None:
    outcome = resources.school.enroll("k-direct", student_id="dee", cohort_id="rag-2")
    assert outcome["ok"]
    dee = enrollment(resources, "dee", "rag-2")
    now = dee["hold_started_at"] + timedelta(hours=80)
    report = expire_holds(resources, graph, now=now)
    assert (report.expired, report.delivered) == ((dee["id"],), ())
    assert journal(resources, SYSTEM_THREAD) == [
        (
            "hold_expired",
            {
                "enrollment_id": dee["id"],
                "student_id": "dee",
                "cohort_id": "rag-2",
                "hold_started_at": iso(dee["hold_started_at"]),
                "expired_at": iso(now),
                "promoted_enrollment_id": None,
                "message": None,
            },
        )
    ]
    assert notices(resources) == [] and statuses(resources, "rag-2") == [("dee", "CANCELLED")]


def test_a_paid_or_cancelled_enrollment_never_expires(resources: Resources, graph: Any) -> None:
    school = resources.school
    assert school.enroll("k1", student_id="ada", cohort_id="rag-2")["ok"]
    assert school.pay("k2", student_id="ada", cohort_id="rag-2")["ok"]
    assert school.enroll("k3", student_id="bob", cohort_id="rag-2")["ok"]
    assert school.cancel("k4", student_id="bob", cohort_id="rag-2")["ok"]
    later = datetime.now(UTC) + timedelta(days=30)
    assert expire_holds(resources, graph, now=later) == HoldsReport()
    assert statuses(resources, "rag-2") == [("ada", "CONFIRMED"), ("bob", "CANCELLED")]


def test_what_the_record_step_raises_rolls_the_expiry_back(resources: Resources) -> None:
    assert resources.school.enroll("k1", student_id="ada", cohort_id="rag-2")["ok"]
    ada = enrollment(resources, "ada", "rag-2")

    def record(conn: Any, done: Any) -> None:
        raise RuntimeError("the journal is down")

    with resources.pool.connection() as conn, pytest.raises(RuntimeError, match="the journal is down"):
        holds.expire_holds(conn, now=ada["hold_started_at"] + HOLD * 2, hold_hours=72, record=record)
    assert statuses(resources, "rag-2") == [("ada", "PENDING_PAYMENT")] and seats(resources, "rag-2") == (
        1,
        25,
    )


def test_a_clock_without_a_timezone_is_refused(resources: Resources) -> None:
    with resources.pool.connection() as conn, pytest.raises(holds.HoldClockError, match="timezone-aware"):
        holds.expire_holds(conn, now=datetime(2026, 12, 5), hold_hours=72)  # naive: the point


# -- reminders ---------------------------------------------------------------------------------
def test_the_reminder_comes_once_remind_hours_before_the_hold_ends(
    resources: Resources, graph: Any, rag1: dict[str, Any]
) -> None:
    ada = rag1["ada"]
    start = ada["hold_started_at"]
    assert (
        remind_holds(resources, graph, now=start + timedelta(hours=48) - timedelta(seconds=1))
        == HoldsReport()
    )
    now = start + timedelta(hours=48)  # 24 hours before the hold ends
    report = remind_holds(resources, graph, now=now)
    assert (report.reminded, len(report.delivered)) == ((ada["id"],), 1)
    assert enrollment(resources, "ada", "rag-1")["reminded_at"] == now
    pay_by = start + HOLD
    assert journal(resources, "t-ada") == [
        (
            "payment_reminded",
            {
                "enrollment_id": ada["id"],
                "student_id": "ada",
                "cohort_id": "rag-1",
                "hold_started_at": iso(start),
                "pay_by": iso(pay_by),
                "reminded_at": iso(now),
                "message": reminder_text(pay_by),
            },
        ),
        delivered("t-ada", "payment_reminded", ada["id"], report.delivered[0]),
    ]
    assert messages(graph, "t-ada")[-1] == ("ai", reminder_text(pay_by))
    # Not twice, however often the schedule runs before the hold ends.
    for hours in (50, 71, 72):
        assert remind_holds(resources, graph, now=start + timedelta(hours=hours)) == HoldsReport()
    assert [k for k, _ in journal(resources, "t-ada")] == ["payment_reminded", "state_updated"]
    assert statuses(resources, "rag-1") == [
        ("ada", "PENDING_PAYMENT"),
        ("bob", "WAITLISTED"),
        ("cy", "WAITLISTED"),
    ]


def test_an_expired_hold_is_not_reminded(resources: Resources, graph: Any, rag1: dict[str, Any]) -> None:
    # The schedule missed the reminder window: the hold is past its end, which is the expiry's to handle.
    late = rag1["ada"]["hold_started_at"] + HOLD + timedelta(minutes=1)
    assert remind_holds(resources, graph, now=late) == HoldsReport()
    assert enrollment(resources, "ada", "rag-1")["reminded_at"] is None


def test_a_reminder_whose_hold_was_paid_before_delivery_is_dropped(
    resources: Resources, graph: Any, rag1: dict[str, Any]
) -> None:
    locks = locks_for(resources.pool)
    assert locks is not None
    now = rag1["ada"]["hold_started_at"] + timedelta(hours=60)
    with locks.hold("t-ada"):
        report = remind_holds(resources, graph, now=now)
    assert (report.reminded, report.threads) == ((rag1["ada"]["id"],), {"t-ada": "busy"})
    assert resources.school.pay("k-pay", student_id="ada", cohort_id="rag-1")["ok"]
    later = deliver_notices(resources, graph, now=now + timedelta(minutes=5))
    assert later == HoldsReport(dropped=report.deferred)
    assert notices(resources) == [("t-ada", rag1["ada"]["id"], "payment_reminded", "dropped")]
    assert [k for k, _ in journal(resources, "t-ada")] == ["payment_reminded"]  # journaled, never delivered


# -- threads that cannot take the message now ---------------------------------------------------
def test_a_busy_thread_keeps_its_message_for_the_next_pass(
    resources: Resources, graph: Any, rag1: dict[str, Any]
) -> None:
    ada, bob = rag1["ada"], rag1["bob"]
    now = ada["hold_started_at"] + HOLD + timedelta(hours=1)
    locks = locks_for(resources.pool)
    assert locks is not None
    before = messages(graph, "t-ada")
    with locks.hold("t-ada"):
        first = expire_holds(resources, graph, now=now)
        assert (first.expired, first.offered, first.threads) == (
            (ada["id"],),
            (bob["id"],),
            {"t-ada": "busy"},
        )
        assert len(first.delivered) == 1 and len(first.deferred) == 1  # bob's thread was free
        assert messages(graph, "t-ada") == before
        assert [k for k, _ in journal(resources, "t-ada")] == ["hold_expired"]
    assert notices(resources) == [
        ("t-ada", ada["id"], "hold_expired", "pending"),
        ("t-bob", bob["id"], "seat_offered", "delivered"),
    ]
    # The next pass (expiring nothing new) delivers it.
    second = expire_holds(resources, graph, now=now + timedelta(minutes=10))
    assert second == HoldsReport(delivered=first.deferred)
    assert messages(graph, "t-ada") == [*before, ("ai", expired_text())]
    assert journal(resources, "t-ada")[1] == delivered("t-ada", "hold_expired", ada["id"], first.deferred[0])
    assert [n[3] for n in notices(resources)] == ["delivered", "delivered"]


def test_a_thread_paused_at_an_approval_gets_the_message_and_waits_at_the_same_approval(
    resources: Resources, graph: Any, rag1: dict[str, Any]
) -> None:
    turn = threads.send(graph, "t-ada", "pay for rag-1", user_id="ada")
    assert turn.pending is not None
    action_id = turn.pending["action_id"]
    now = rag1["ada"]["hold_started_at"] + HOLD + timedelta(hours=2)

    report = expire_holds(resources, graph, now=now)

    assert report.expired == (rag1["ada"]["id"],) and len(report.delivered) == 2
    state = graph.get_state({"configurable": {"thread_id": "t-ada"}})
    assert state.next == ("approval",) and [i.value["action_id"] for i in state.interrupts] == [action_id]
    assert messages(graph, "t-ada")[-1] == ("ai", expired_text())
    # Journaled: the expiry, the delivery, then the scheduler's run that paused the thread again.
    (resumed,) = [t for t in turns_of(resources.pool, "t-ada") if t["kind"] == "resume"]
    assert (resumed["actor"], resumed["status"], resumed["input"]) == (
        "scheduler",
        "awaiting_approval",
        {"notices": [report.delivered[0]]},
    )
    kinds = [e["kind"] for e in events(resources.pool, "t-ada") if e["turn_id"] in (None, resumed["id"])]
    assert kinds == [
        "hold_expired",
        "state_updated",
        "turn_started",
        "step_started",
        "step_completed",
        "approval_requested",
        "turn_completed",
    ]
    # The student confirms the payment they asked for: the hold is gone, nothing is charged.
    done = confirm(graph, "t-ada", "ada")
    assert done.replies == [
        "I could not complete that: Your enrollment in rag-1 was cancelled; there is nothing left to change."
    ]
    assert statuses(resources, "rag-1") == [
        ("ada", "CANCELLED"),
        ("bob", "PENDING_PAYMENT"),
        ("cy", "WAITLISTED"),
    ]
    with resources.pool.connection() as conn:
        assert conn.execute("SELECT count(*) AS n FROM payments").fetchone() == {"n": 0}


def test_a_deleted_thread_drops_its_message(resources: Resources, graph: Any, rag1: dict[str, Any]) -> None:
    resources.checkpointer.delete_thread("t-ada")
    report = expire_holds(resources, graph, now=rag1["ada"]["hold_started_at"] + HOLD * 2)
    assert report.threads == {"t-ada": "gone"} and len(report.dropped) == 1
    assert graph.get_state({"configurable": {"thread_id": "t-ada"}}).values == {}
    assert notices(resources)[0] == ("t-ada", rag1["ada"]["id"], "hold_expired", "dropped")


# -- two workers -------------------------------------------------------------------------------
def test_two_workers_expiring_at_the_same_moment_expire_each_hold_once(
    resources: Resources, graph: Any, settings: Settings, rag1: dict[str, Any]
) -> None:
    for student, cohort in (
        ("dee", "rag-2"),
        ("eve", "rag-2"),
        ("fay", "llm-agents-1"),
        ("gus", "python-basics-1"),
    ):
        enroll(graph, f"t-{student}", student, cohort)
    held = {r["id"] for r in resources.school.enrollments() if r["status"] == "PENDING_PAYMENT"}
    assert len(held) == 5
    with resources.pool.connection() as conn:
        latest = conn.execute("SELECT max(hold_started_at) AS at FROM enrollments").fetchone()
    now = latest["at"] + HOLD + timedelta(seconds=1)

    with second_worker(settings) as (other, other_graph):
        first, second = at_once(
            lambda: expire_holds(resources, graph, now=now), lambda: expire_holds(other, other_graph, now=now)
        )

    assert set(first.expired) | set(second.expired) == held
    assert not set(first.expired) & set(second.expired)
    assert sorted([*first.offered, *second.offered]) == [rag1["bob"]["id"]]
    assert not set(first.delivered) & set(second.delivered)
    assert len(first.delivered) + len(second.delivered) + len(first.deferred) + len(second.deferred) >= 6
    deliver_notices(resources, graph, now=now)  # whatever a busy thread kept waiting
    with resources.pool.connection() as conn:
        kinds = conn.execute(
            "SELECT kind, count(*) AS n FROM journal_events WHERE kind = ANY(%s) GROUP BY kind ORDER BY kind",
            (HOLD_KINDS,),
        ).fetchall()
        over = conn.execute(
            "SELECT h.id FROM cohorts h WHERE h.seats_taken > h.capacity OR h.seats_taken <> (SELECT count(*)"
            " FROM enrollments e WHERE e.cohort_id = h.id AND e.status IN ('PENDING_PAYMENT', 'CONFIRMED'))"
        ).fetchall()
    assert kinds == [
        {"kind": "hold_expired", "n": 5},
        {"kind": "seat_offered", "n": 1},
        {"kind": "state_updated", "n": 6},
    ]
    assert over == []
    assert [n[3] for n in notices(resources)] == ["delivered"] * 6
    for student in ("ada", "dee", "eve", "fay", "gus"):
        thread_messages = messages(graph, f"t-{student}")
        assert [m for m in thread_messages if "the hold has expired" in m[1]] == [thread_messages[-1]]
    assert statuses(resources, "rag-1") == [
        ("ada", "CANCELLED"),
        ("bob", "PENDING_PAYMENT"),
        ("cy", "WAITLISTED"),
    ]


def test_two_workers_reminding_at_the_same_moment_remind_each_student_once(
    resources: Resources, graph: Any, settings: Settings
) -> None:
    for student, cohort in (("ada", "rag-1"), ("bob", "rag-2"), ("cy", "rag-2"), ("dee", "llm-agents-1")):
        enroll(graph, f"t-{student}", student, cohort)
    held = {r["id"] for r in resources.school.enrollments()}
    with resources.pool.connection() as conn:
        latest = conn.execute("SELECT max(hold_started_at) AS at FROM enrollments").fetchone()
    now = latest["at"] + timedelta(hours=50)

    with second_worker(settings) as (other, other_graph):
        first, second = at_once(
            lambda: remind_holds(resources, graph, now=now), lambda: remind_holds(other, other_graph, now=now)
        )
        again = at_once(
            lambda: remind_holds(resources, graph, now=now + timedelta(hours=1)),
            lambda: remind_holds(other, other_graph, now=now + timedelta(hours=1)),
        )

    assert set(first.reminded) | set(second.reminded) == held
    assert not set(first.reminded) & set(second.reminded)
    assert [r.reminded for r in again] == [(), ()]
    deliver_notices(resources, graph, now=now)
    with resources.pool.connection() as conn:
        reminded = conn.execute(
            "SELECT payload->>'student_id' AS s, count(*) AS n FROM journal_events"
            " WHERE kind = 'payment_reminded' GROUP BY 1 ORDER BY 1"
        ).fetchall()
    assert reminded == [{"s": s, "n": 1} for s in ("ada", "bob", "cy", "dee")]
    for student in ("ada", "bob", "cy", "dee"):
        assert [m for m in messages(graph, f"t-{student}") if m[1].startswith("A reminder")] == [
            messages(graph, f"t-{student}")[-1]
        ]


# -- payment and expiry together ---------------------------------------------------------------
class SlowProvider:
    """The fake provider, with charges that wait until the test lets them go."""

    def __init__(self, inner: PaymentProvider) -> None:
        self.inner = inner
        self.charging = threading.Event()
        self.go = threading.Event()

    def charge(self, key: str, student_id: str, amount_cents: int, description: str) -> ChargeResult:
        self.charging.set()
        assert self.go.wait(30)
        return self.inner.charge(key, student_id, amount_cents, description)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_a_hold_paid_while_it_expires_is_paid_not_expired(resources: Resources, graph: Any) -> None:
    provider = SlowProvider(resources.school.payments)
    school = School(
        resources.pool,
        clock=resources.settings.current_date,
        payments=provider,
        hold_lock=resources.school.hold_lock,
    )
    assert school.enroll("k1", student_id="ada", cohort_id="rag-2")["ok"]
    now = enrollment(resources, "ada", "rag-2")["hold_started_at"] + HOLD * 2
    with ThreadPoolExecutor(max_workers=2) as pool:
        paying = pool.submit(school.pay, "k2", student_id="ada", cohort_id="rag-2")
        assert provider.charging.wait(30)  # the payment holds its lock and is at the provider
        expiring = pool.submit(expire_holds, resources, graph, now=now)
        time.sleep(0.5)
        assert not expiring.done(), "the expiry did not wait for the payment"  # it polls for the lock
        provider.go.set()
        assert paying.result()["ok"]
        assert expiring.result() == HoldsReport()
    assert statuses(resources, "rag-2") == [("ada", "CONFIRMED")]
    assert journal(resources, SYSTEM_THREAD) == []


def test_a_hold_that_expired_cannot_be_paid_and_nothing_is_charged(resources: Resources, graph: Any) -> None:
    assert resources.school.enroll("k1", student_id="ada", cohort_id="rag-2")["ok"]
    now = enrollment(resources, "ada", "rag-2")["hold_started_at"] + HOLD * 2
    assert len(expire_holds(resources, graph, now=now).expired) == 1
    paid = resources.school.pay("k2", student_id="ada", cohort_id="rag-2")
    assert (paid["ok"], paid["error"]) == (False, "illegal_transition")
    assert resources.school.payments.lookup("k2") is None  # the provider was never asked
    with resources.pool.connection() as conn:
        assert conn.execute("SELECT count(*) AS n FROM payments").fetchone() == {"n": 0}


@pytest.mark.parametrize(
    ("fault", "status", "attempt", "expired"),
    [
        ("timeout_after_charge", "CONFIRMED", "succeeded", 0),  # the provider took the money: paid
        ("timeout_before_charge", "CANCELLED", "abandoned", 1),  # it never did: the hold expires
    ],
)
def test_a_charge_left_unsettled_is_settled_with_the_provider_before_the_hold_expires(
    resources: Resources, graph: Any, fault: str, status: str, attempt: str, expired: int
) -> None:
    cut_off = School(
        resources.pool,
        clock=resources.settings.current_date,
        payments=FakePaymentProvider(resources.pool, fault=fault),  # type: ignore[arg-type]
    )
    assert resources.school.enroll("k1", student_id="ada", cohort_id="rag-2")["ok"]
    assert cut_off.pay("k2", student_id="ada", cohort_id="rag-2")["error"] == "payment_unknown"
    now = enrollment(resources, "ada", "rag-2")["hold_started_at"] + HOLD * 2
    with resources.pool.connection() as conn:
        # Without a provider to ask, a hold whose charge may have been made is left alone.
        assert holds.expire_holds(conn, now=now, hold_hours=72) == []
    assert statuses(resources, "rag-2") == [("ada", "PENDING_PAYMENT")]

    report = expire_holds(resources, graph, now=now)

    assert len(report.expired) == expired and statuses(resources, "rag-2") == [("ada", status)]
    with resources.pool.connection() as conn:
        assert conn.execute("SELECT status FROM payment_attempts").fetchall() == [{"status": attempt}]
        charges = conn.execute("SELECT count(*) AS n FROM payments WHERE kind = 'charge'").fetchone()
    assert charges == {"n": 1 - expired}


def test_payments_racing_expiries_end_paid_or_expired_never_both(resources: Resources, graph: Any) -> None:
    students = [f"s{i}" for i in range(6)]
    for student in students:
        assert resources.school.enroll(f"k-{student}", student_id=student, cohort_id="rag-2")["ok"]
    with resources.pool.connection() as conn:
        latest = conn.execute("SELECT max(hold_started_at) AS at FROM enrollments").fetchone()
    now = latest["at"] + HOLD + timedelta(seconds=1)

    def pay(student: str) -> Callable[[], Any]:
        return lambda: resources.school.pay(f"pay-{student}", student_id=student, cohort_id="rag-2")

    results = at_once(lambda: expire_holds(resources, graph, now=now), *(pay(s) for s in students))
    report, outcomes = results[0], dict(zip(students, results[1:], strict=True))
    with resources.pool.connection() as conn:
        rows = conn.execute(
            "SELECT e.id, e.student_id, e.status, (SELECT count(*) FROM payments p WHERE p.enrollment_id = e.id)"
            " AS paid, (SELECT count(*) FROM fake_provider_charges f JOIN payment_attempts a ON a.key = f.key"
            " WHERE a.enrollment_id = e.id) AS charged FROM enrollments e ORDER BY e.id"
        ).fetchall()
    for row in rows:
        paid_ok = outcomes[row["student_id"]]["ok"]
        if row["status"] == "CONFIRMED":
            assert (paid_ok, row["paid"], row["charged"], row["id"] in report.expired) == (True, 1, 1, False)
        else:
            assert row["status"] == "CANCELLED", row
            assert (paid_ok, row["paid"], row["charged"], row["id"] in report.expired) == (False, 0, 0, True)
    assert seats(resources, "rag-2") == (sum(r["status"] == "CONFIRMED" for r in rows), 25)


# -- the migration -----------------------------------------------------------------------------
def test_the_migration_starts_the_holds_a_release_before_it_left(database_url: str) -> None:
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row) as conn:
        for migration in migrations.MIGRATIONS:
            if migration.version < 5:
                conn.execute(migration.sql(), prepare=False)  # type: ignore[call-overload]  # shipped SQL file
        conn.execute("INSERT INTO courses VALUES ('c', 'C', 'd', 'beginner', 100, 1)")
        conn.execute("INSERT INTO cohorts VALUES ('c-1', 'c', '2027-01-01', 3, 2)")
        conn.execute(
            "INSERT INTO enrollments (student_id, cohort_id, status, created_at, updated_at) VALUES"
            " ('ada', 'c-1', 'PENDING_PAYMENT', '2026-11-01', '2026-11-02'),"
            " ('bob', 'c-1', 'CONFIRMED', '2026-11-01', '2026-11-03')"
        )
        (five,) = [m for m in migrations.MIGRATIONS if m.version == 5]
        assert five.file == "0005_holds.sql" and five.creates == ("thread_notices",)
        conn.execute(five.sql(), prepare=False)  # type: ignore[call-overload]  # shipped SQL file
        rows = conn.execute(
            "SELECT student_id, hold_started_at::date::text AS held, reminded_at FROM enrollments ORDER BY id"
        ).fetchall()
        assert rows == [
            {"student_id": "ada", "held": "2026-11-02", "reminded_at": None},
            {"student_id": "bob", "held": None, "reminded_at": None},
        ]
        with pytest.raises(psycopg.errors.CheckViolation, match="enrollments_hold_started"):
            conn.execute(
                "INSERT INTO enrollments (student_id, cohort_id, status) VALUES ('cy', 'c-1', 'PENDING_PAYMENT')"
            )


def test_a_thread_whose_delivery_fails_holds_up_no_other(
    resources: Resources,
    graph: Any,
    rag1: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    real = graph.update_state

    def update_state(config: Any, values: Any, as_node: Any = None) -> Any:
        if config["configurable"]["thread_id"] == "t-ada":
            raise ValueError("this thread's state cannot take it")
        return real(config, values, as_node=as_node)

    monkeypatch.setattr(graph, "update_state", update_state)
    now = rag1["ada"]["hold_started_at"] + HOLD * 2
    report = expire_holds(resources, graph, now=now)
    assert report.threads == {"t-ada": "failed: ValueError"}
    assert len(report.deferred) == 1 and len(report.delivered) == 1  # bob got his offer
    assert "scheduled delivery to thread t-ada failed" in caplog.text
    assert [n[3] for n in notices(resources)] == ["pending", "delivered"]
    monkeypatch.undo()
    assert deliver_notices(resources, graph, now=now) == HoldsReport(delivered=report.deferred)
