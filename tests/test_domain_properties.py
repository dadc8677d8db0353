"""Property-based tests of the domain rules: any sequence of operations keeps them.

A Hypothesis state machine runs random enroll / join_waitlist / pay / cancel / transfer requests
(with random idempotency keys, some of them reused, some previews, and days passing) from four
students against small cohorts of a paid and a free course on a real Postgres. After every step it
reads the database back and checks the rules there, not in the model it keeps: seat counts, one
active enrollment per student and cohort, a charge exactly for what was paid (none in a free
course, which confirms at once), refunds by the 7-day rule and never after the start, the
waitlist's order and its promotion (never into a cohort that has started), a transfer that keeps
the seat's status and carries its payment so that a chain of transfers holds at most one charge and
one refund, allowed status transitions, and that refused, replayed and previewed requests change
nothing. The model predicts each outcome (ok or error code and the result's figures) and the list
of enrollments.

One database serves the whole module; each example starts from empty enrollment, payment and
operation tables. The default profile is small and derandomized, for CI; run longer with
`HYPOTHESIS_PROFILE=thorough pytest tests/test_domain_properties.py`.
"""

from __future__ import annotations

import copy
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, ClassVar

import psycopg
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from psycopg import Connection
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool

from agent.config.settings import Settings
from agent.domain import PREVIEW, School
from agent.domain.errors import IdempotencyConflictError
from agent.infra.persistence import Resources, open_resources
from tests.support.school import TODAY, fresh_database

Row = dict[str, Any]

# -- settings ---------------------------------------------------------------------------------------
_PROFILES = {
    # Reproducible and about 15 s: the same examples on every run.
    # One bug at a time: shrinking two failures of one cause would take minutes.
    "ci": settings(
        max_examples=100,
        stateful_step_count=40,
        deadline=None,
        derandomize=True,
        database=None,
        report_multiple_bugs=False,
    ),
    # New random examples each run (the failing one is printed with its seed and blob): minutes.
    "thorough": settings(
        max_examples=1000, stateful_step_count=60, deadline=None, database=None, print_blob=True
    ),
}
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
if PROFILE not in _PROFILES:  # a typo would otherwise run the short profile and look like a long one
    message = f"HYPOTHESIS_PROFILE={PROFILE!r}: this module knows {', '.join(_PROFILES)}"
    raise ValueError(message)

# -- the world the machine acts in ------------------------------------------------------------------
PRICE = 50_000
STUDENTS = ("ada", "bob", "cy", "dee")


@dataclass(frozen=True)
class Cohort:
    capacity: int
    starts_in_days: int
    price_cents: int

    @property
    def starts_on(self) -> date:
        return TODAY + timedelta(days=self.starts_in_days)


COHORTS = {
    # `time_passes` moves the clock a day or two at a time, up to MAX_DAYS: a cancellation exactly 7
    # days before the start happens on day 0 (prop-edge) or day 1 (prop-soon), and prop-late starts
    # while students are still seated or queued in it.
    "prop-edge": Cohort(capacity=1, starts_in_days=7, price_cents=PRICE),
    "prop-soon": Cohort(capacity=1, starts_in_days=8, price_cents=PRICE),
    "prop-late": Cohort(capacity=1, starts_in_days=4, price_cents=PRICE),
    "prop-far": Cohort(capacity=2, starts_in_days=40, price_cents=PRICE),
    "prop-free": Cohort(capacity=1, starts_in_days=9, price_cents=0),
    "prop-free-2": Cohort(capacity=1, starts_in_days=30, price_cents=0),
}
UNKNOWN = "prop-missing"
MAX_DAYS = 10
OPERATIONS = ("enroll", "join_waitlist", "pay", "cancel")
"""The operations on one cohort; `transfer` names two and has rules of its own."""


def course_of(cohort_id: str) -> str:
    return "prop-paid" if COHORTS[cohort_id].price_cents else "prop-gratis"


PENDING, CONFIRMED, CANCELLED, WAITLISTED = "PENDING_PAYMENT", "CONFIRMED", "CANCELLED", "WAITLISTED"
TRANSFERRED = "TRANSFERRED"
SEATED = {PENDING, CONFIRMED}
ENDED = {CANCELLED, TRANSFERRED}
ALLOWED = {
    (PENDING, CONFIRMED),
    (PENDING, CANCELLED),
    (PENDING, TRANSFERRED),
    (CONFIRMED, CANCELLED),
    (CONFIRMED, TRANSFERRED),
    (WAITLISTED, PENDING),
    (WAITLISTED, CONFIRMED),
    (WAITLISTED, CANCELLED),
}
"""The status changes an enrollment may make; a new one starts PENDING_PAYMENT or WAITLISTED, or
CONFIRMED in a free course or when a transfer carries a confirmed seat over."""
FULL_REFUND = timedelta(days=7)
"""The product's promise, stated here on its own rather than read from `rules`."""

# Everything an example may leave behind, in an order the foreign keys allow; the catalog stays. A new
# table that references these makes the DELETE fail loudly here, rather than leak state between examples.
_RESET_TABLES = ("payments", "payment_attempts", "fake_provider_charges", "enrollments", "operations")
_COUNTED_TABLES = ("payment_attempts", "fake_provider_charges")
"""The payment provider's side, counted so that a refused, replayed or previewed request is seen to
leave it alone too; its own rules are tests/test_payments.py's."""


def _setup_catalog(pool: ConnectionPool[Any]) -> None:
    with pool.connection() as conn, conn.transaction():
        for course, price in (("prop-paid", PRICE), ("prop-gratis", 0)):
            conn.execute(
                "INSERT INTO courses (id, title, description, level, price_cents, duration_weeks)"
                " VALUES (%s, %s, 'A course of the property tests.', 'beginner', %s, 4)",
                (course, f"Property {course}", price),
            )
        for cohort_id, cohort in COHORTS.items():
            course = "prop-paid" if cohort.price_cents else "prop-gratis"
            conn.execute(
                "INSERT INTO cohorts (id, course_id, starts_on, capacity) VALUES (%s, %s, %s, %s)",
                (cohort_id, course, cohort.starts_on, cohort.capacity),
            )


def _reset(pool: ConnectionPool[Any]) -> None:
    with pool.connection() as conn:
        present = _present(conn, _RESET_TABLES)
        with conn.transaction():
            # DELETE, not TRUNCATE: on a few dozen rows it is ten times faster.
            for table in present:
                conn.execute(f"DELETE FROM {table}")
            conn.execute("UPDATE cohorts SET seats_taken = 0 WHERE seats_taken <> 0")


def _present(conn: Connection[Row], tables: tuple[str, ...]) -> list[str]:
    """Those of `tables` that exist: the provider's table appears on its first use."""
    row = conn.execute(
        "SELECT coalesce(array_agg(t), '{}') AS ts FROM unnest(%s::text[]) t"
        " WHERE to_regclass(t) IS NOT NULL",
        (list(tables),),
    ).fetchone()
    assert row is not None
    present: list[str] = row["ts"]
    return present


# -- what the database says -------------------------------------------------------------------------
@dataclass(frozen=True)
class Snapshot:
    """The tables the rules are about, read back after a step."""

    enrollments: dict[int, tuple[str, str, str]]
    """id → (student, cohort, status)."""
    sources: dict[int, int]
    """id → the id of the enrollment it was transferred from."""
    payments: list[tuple[int, str, int, str]]
    """(enrollment id, kind, amount, operation key), in insertion order."""
    seats: dict[str, int]
    """cohort id → seats_taken, of every cohort."""
    operations: dict[str, tuple[str, Row, Row | None]]
    """key → (name, request, outcome)."""
    counts: dict[str, int]
    """Rows in each of `_COUNTED_TABLES` that exists."""

    def waitlist(self, cohort_id: str) -> list[int]:
        return sorted(i for i, (_, c, s) in self.enrollments.items() if c == cohort_id and s == WAITLISTED)

    def seated(self, cohort_id: str) -> int:
        return sum(1 for _, c, s in self.enrollments.values() if c == cohort_id and s in SEATED)

    def domain(self) -> tuple[Any, ...]:
        """Everything but the operations table."""
        return self.enrollments, self.sources, self.payments, self.seats, self.counts

    def chain(self, enrollment_id: int) -> list[int]:
        """The enrollment and those it was transferred from, newest first."""
        ids = [enrollment_id]
        while ids[-1] in self.sources:
            ids.append(self.sources[ids[-1]])
        return ids


def _read(pool: ConnectionPool[Any]) -> Snapshot:
    with pool.connection() as conn:
        enrollments = conn.execute(
            "SELECT id, student_id, cohort_id, status, transferred_from FROM enrollments"
        ).fetchall()
        payments = conn.execute(
            "SELECT enrollment_id, kind, amount_cents, operation_key FROM payments ORDER BY id"
        ).fetchall()
        seats = conn.execute("SELECT id, seats_taken FROM cohorts").fetchall()
        operations = conn.execute("SELECT key, name, request, outcome FROM operations").fetchall()
        counts = {
            t: conn.execute(f"SELECT count(*) AS n FROM {t}").fetchone()["n"]
            for t in _present(conn, _COUNTED_TABLES)
        }
    return Snapshot(
        enrollments={r["id"]: (r["student_id"], r["cohort_id"], r["status"]) for r in enrollments},
        sources={r["id"]: r["transferred_from"] for r in enrollments if r["transferred_from"] is not None},
        payments=[(r["enrollment_id"], r["kind"], r["amount_cents"], r["operation_key"]) for r in payments],
        seats={r["id"]: r["seats_taken"] for r in seats},
        operations={r["key"]: (r["name"], r["request"], r["outcome"]) for r in operations},
        counts=counts,
    )


# -- what the rules predict -------------------------------------------------------------------------
@dataclass
class Entry:
    student: str
    cohort: str
    status: str
    charged: bool = False
    """Paid for by a charge of its own."""
    source: Entry | None = None
    """The enrollment it was transferred from."""

    def paid(self) -> bool:
        """Paid for: by its own charge or one a transfer carried over."""
        return self.charged or (self.source is not None and self.source.paid())


@dataclass
class Model:
    """The enrollments as the rules say they should be, in creation order."""

    today: date = TODAY
    entries: list[Entry] = field(default_factory=list)

    def active(self, student: str, cohort_id: str) -> Entry | None:
        return next(
            (
                e
                for e in self.entries
                if (e.student, e.cohort) == (student, cohort_id) and e.status not in ENDED
            ),
            None,
        )

    def started(self, cohort_id: str) -> bool:
        return COHORTS[cohort_id].starts_on <= self.today

    def seat_status(self, cohort_id: str) -> str:
        """A seat taken is held for payment, or confirmed at once in a free course."""
        return CONFIRMED if COHORTS[cohort_id].price_cents == 0 else PENDING

    def _release(self, cohort_id: str, *, commit: bool) -> Entry | None:
        """A seat given up goes to the head of the waitlist, unless the cohort has started."""
        waitlist = [e for e in self.entries if e.cohort == cohort_id and e.status == WAITLISTED]
        if self.started(cohort_id) or not waitlist:
            return None
        promoted = waitlist[0]
        if commit:
            promoted.status = self.seat_status(cohort_id)
        return promoted

    def _no_active(self, student: str, cohort_id: str) -> Row:
        ever = any((e.student, e.cohort) == (student, cohort_id) for e in self.entries)
        return {"ok": False, "error": "illegal_transition" if ever else "no_enrollment"}

    def transfer(self, student: str, source: str, cohort_id: str, *, commit: bool) -> Row:
        """The summary of a transfer's outcome by the rules; applied when `commit`."""
        if source == cohort_id:
            return {"ok": False, "error": "same_cohort"}
        if source not in COHORTS or cohort_id not in COHORTS:
            return {"ok": False, "error": "unknown_cohort"}
        if course_of(source) != course_of(cohort_id):
            return {"ok": False, "error": "different_course"}
        old = self.active(student, source)
        if old is None:
            return self._no_active(student, source)
        if old.status == WAITLISTED:
            return {"ok": False, "error": "illegal_transition"}
        if self.started(cohort_id):
            return {"ok": False, "error": "cohort_started"}
        if self.active(student, cohort_id) is not None:
            return {"ok": False, "error": "already_enrolled"}
        seated = sum(1 for e in self.entries if e.cohort == cohort_id and e.status in SEATED)
        if seated >= COHORTS[cohort_id].capacity:
            return {"ok": False, "error": "cohort_full"}
        new = Entry(student, cohort_id, old.status, source=old)
        carried = COHORTS[cohort_id].price_cents if old.paid() else 0
        if commit:
            self.entries.append(new)
            old.status = TRANSFERRED
        promoted = self._release(source, commit=commit)
        return {
            "ok": True,
            "enrollment": (student, cohort_id, new.status),
            "from_enrollment": (student, source, TRANSFERRED),
            "status": new.status,
            "carried_cents": carried,
            "from_started": self.started(source),
            "promoted": promoted and (promoted.student, source, self.seat_status(source)),
        }

    def run(self, op: str, student: str, cohort_id: str, *, commit: bool) -> Row:
        """The summary (see `summarize`) of the outcome the rules give; applied when `commit`."""
        cohort = COHORTS.get(cohort_id)
        if cohort is None:
            return {"ok": False, "error": "unknown_cohort"}
        seated = sum(1 for e in self.entries if e.cohort == cohort_id and e.status in SEATED)
        waitlist = [e for e in self.entries if e.cohort == cohort_id and e.status == WAITLISTED]
        active = self.active(student, cohort_id)
        if op in ("enroll", "join_waitlist"):
            if cohort.starts_on <= self.today:
                return {"ok": False, "error": "cohort_started"}
            if active is not None:
                return {"ok": False, "error": "already_enrolled"}
            full = seated >= cohort.capacity
            if op == "enroll" and full:
                return {"ok": False, "error": "cohort_full"}
            if op == "join_waitlist" and not full:
                return {"ok": False, "error": "seats_available"}
            entry = Entry(student, cohort_id, self.seat_status(cohort_id) if op == "enroll" else WAITLISTED)
            if commit:
                self.entries.append(entry)
            extra = {"position": len(waitlist) + 1} if op == "join_waitlist" else {}
            return {"ok": True, "enrollment": (student, cohort_id, entry.status), **extra}
        if active is None:
            return self._no_active(student, cohort_id)
        if op == "pay":
            if active.status != PENDING:
                return {"ok": False, "error": "illegal_transition"}
            if commit:
                active.status, active.charged = CONFIRMED, True
            return {
                "ok": True,
                "enrollment": (student, cohort_id, CONFIRMED),
                "charged_cents": cohort.price_cents,
            }
        # All that was paid (its own charge or one carried over) comes back 7+ days before the start.
        refund = (
            cohort.price_cents
            if active.status == CONFIRMED and active.paid() and cohort.starts_on - self.today >= FULL_REFUND
            else 0
        )
        previous = active.status
        if commit:
            active.status = CANCELLED
        promoted = self._release(cohort_id, commit=commit) if previous in SEATED else None
        return {
            "ok": True,
            "enrollment": (student, cohort_id, CANCELLED),
            "previous_status": previous,
            "refund_cents": refund,
            "promoted": promoted and (promoted.student, cohort_id, self.seat_status(cohort_id)),
            "cohort_started": self.started(cohort_id),
        }


def summarize(outcome: Row) -> Row:
    """The parts of an outcome the model predicts."""
    if not outcome["ok"]:
        return {"ok": False, "error": outcome["error"]}
    result = outcome["result"]

    def brief(row: Row | None) -> tuple[str, str, str] | None:
        return row and (row["student_id"], row["cohort_id"], row["status"])

    summary = {"ok": True, "enrollment": brief(result["enrollment"])}
    for name in (
        "position",
        "charged_cents",
        "previous_status",
        "refund_cents",
        "cohort_started",
        "status",
        "carried_cents",
        "from_started",
    ):
        if name in result:
            summary[name] = result[name]
    for name in ("promoted", "from_enrollment"):
        if name in result:
            summary[name] = brief(result[name])
    return summary


# -- the machine ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Request:
    key: str
    op: str
    student: str
    cohort: str
    outcome: Row
    source: str | None = None
    """A transfer's cohort of origin."""


@dataclass(frozen=True)
class Step:
    """What the last rule did, for the invariant to check its effect on the database."""

    kind: str
    """'fresh' (a new key), or 'replay', 'conflict', 'preview', 'time': which must change nothing."""
    request: Request | None = None


# Any text a key may hold (Postgres text cannot hold NUL); `_fresh` makes it unique with a prefix.
keys = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=6)
ops, students = st.sampled_from((*OPERATIONS, "transfer")), st.sampled_from(STUDENTS)
cohorts = st.sampled_from([*COHORTS, UNKNOWN])


class DomainMachine(RuleBasedStateMachine):
    """Random requests against the real domain, with the model alongside."""

    resources: ClassVar[Resources]
    requests = Bundle("requests")

    def __init__(self) -> None:
        super().__init__()
        pool = self.resources.pool
        _reset(pool)
        self.pool = pool
        self.model = Model()
        # The school's clock is this machine's: `time_passes` moves it.
        self.school: School = copy.copy(self.resources.school)
        self.school.clock = lambda: self.model.today
        self.requests_made = 0
        self.before = _read(pool)
        self.step: Step | None = None
        self.history: dict[int, list[str]] = {}
        """Every status each enrollment has had, as read after each step."""
        self.cancelled_on: dict[int, date] = {}

    def _call(self, op: str, key: str, student: str, cohort: str, source: str | None = None) -> Row:
        method = getattr(self.school, op)
        moved = {} if source is None else {"from_cohort_id": source}
        outcome: Row = method(key, student_id=student, cohort_id=cohort, **moved)
        return outcome

    def _active(self) -> list[tuple[str, str]]:
        return [(e.student, e.cohort) for e in self.model.entries if e.status not in ENDED]

    def _open_with_a_free_seat(self) -> list[str]:
        return [
            cohort_id
            for cohort_id, cohort in COHORTS.items()
            if cohort.starts_on > self.model.today
            and sum(1 for e in self.model.entries if e.cohort == cohort_id and e.status in SEATED)
            < cohort.capacity
        ]

    def _held(self) -> list[tuple[str, str]]:
        return [(e.student, e.cohort) for e in self.model.entries if e.status == PENDING]

    def _moved(self) -> list[tuple[str, str]]:
        return [(e.student, e.cohort) for e in self.model.entries if e.source and e.status in SEATED]

    def _full_and_open(self) -> list[str]:
        return [
            cohort_id
            for cohort_id, cohort in COHORTS.items()
            if cohort.starts_on > self.model.today
            and sum(1 for e in self.model.entries if e.cohort == cohort_id and e.status in SEATED)
            == cohort.capacity
        ]

    def _seated_with_a_queue(self) -> list[tuple[str, str]]:
        queued = {e.cohort for e in self.model.entries if e.status == WAITLISTED}
        return [
            (e.student, e.cohort) for e in self.model.entries if e.status in SEATED and e.cohort in queued
        ]

    # -- rules ------------------------------------------------------------------------------------
    # Fully random requests are mostly refused; the rules after `act` aim at the requests that succeed
    # (taking a seat, paying, cancelling, moving, queueing, freeing a seat), so that refunds,
    # promotions and transfers of paid seats happen often.
    @rule(target=requests, op=ops, student=students, cohort=cohorts, source=cohorts, key=keys)
    def act(self, op: str, student: str, cohort: str, source: str, key: str) -> Request:
        """Any request, mostly refused, under a new key (`source`: a transfer's cohort of origin)."""
        return self._fresh(op, student, cohort, key, source if op == "transfer" else None)

    @precondition(lambda self: bool(self._active()))
    @rule(target=requests, data=st.data(), op=st.sampled_from(("pay", "cancel", "transfer")), key=keys)
    def act_on_an_enrollment(self, data: st.DataObject, op: str, key: str) -> Request:
        """Pay for, cancel or move an enrollment or waitlist place that exists.

        A move goes to another cohort of the same course, full or started ones included.
        """
        student, cohort = data.draw(st.sampled_from(self._active()), label="enrollment")
        if op != "transfer":
            return self._fresh(op, student, cohort, key)
        others = [c for c in COHORTS if c != cohort and course_of(c) == course_of(cohort)]
        target = data.draw(st.sampled_from(others), label="cohort")
        return self._fresh(op, student, target, key, cohort)

    @precondition(lambda self: bool(self._open_with_a_free_seat()))
    @rule(target=requests, data=st.data(), student=students, key=keys)
    def take_a_free_seat(self, data: st.DataObject, student: str, key: str) -> Request:
        """Enroll in a cohort that has not started and has a free seat."""
        cohort = data.draw(st.sampled_from(self._open_with_a_free_seat()), label="cohort")
        return self._fresh("enroll", student, cohort, key)

    @precondition(lambda self: bool(self._held()))
    @rule(target=requests, data=st.data(), key=keys)
    def pay_for_a_held_seat(self, data: st.DataObject, key: str) -> Request:
        """Pay for a seat held for payment."""
        student, cohort = data.draw(st.sampled_from(self._held()), label="enrollment")
        return self._fresh("pay", student, cohort, key)

    @precondition(lambda self: bool(self._moved()))
    @rule(target=requests, data=st.data(), key=keys)
    def cancel_a_moved_seat(self, data: st.DataObject, key: str) -> Request:
        """Cancel a seat a transfer made: a payment carried over is refunded once, by the new start."""
        student, cohort = data.draw(st.sampled_from(self._moved()), label="enrollment")
        return self._fresh("cancel", student, cohort, key)

    @precondition(lambda self: bool(self._full_and_open()))
    @rule(target=requests, data=st.data(), student=students, key=keys)
    def queue_for_a_full_cohort(self, data: st.DataObject, student: str, key: str) -> Request:
        """Join the waitlist of a cohort that is full."""
        cohort = data.draw(st.sampled_from(self._full_and_open()), label="cohort")
        return self._fresh("join_waitlist", student, cohort, key)

    @precondition(lambda self: bool(self._seated_with_a_queue()))
    @rule(target=requests, data=st.data(), key=keys)
    def free_a_seat_someone_waits_for(self, data: st.DataObject, key: str) -> Request:
        """Cancel a seated enrollment of a cohort with a waitlist."""
        student, cohort = data.draw(st.sampled_from(self._seated_with_a_queue()), label="enrollment")
        return self._fresh("cancel", student, cohort, key)

    def _fresh(self, op: str, student: str, cohort: str, key: str, source: str | None = None) -> Request:
        self.requests_made += 1
        key = f"{self.requests_made}:{key}"
        if op == "transfer":
            assert source is not None
            expected = self.model.transfer(student, source, cohort, commit=True)
        else:
            expected = self.model.run(op, student, cohort, commit=True)
        outcome = self._call(op, key, student, cohort, source)
        assert summarize(outcome) == expected, (op, student, source, cohort, outcome)
        assert "replayed" not in outcome
        request = Request(key, op, student, cohort, outcome, source)
        self.step = Step("fresh", request)
        return request

    @rule(earlier=requests, same=st.booleans(), op=ops, student=students, cohort=cohorts)
    def reuse_a_key(self, earlier: Request, same: bool, op: str, student: str, cohort: str) -> None:
        """A key used again: for the same request it answers as the first time, for another it is
        refused; either way nothing changes."""
        if same:
            again = self._call(earlier.op, earlier.key, earlier.student, earlier.cohort, earlier.source)
            assert again == {**earlier.outcome, "replayed": True}
            self.step = Step("replay")
            return
        source = earlier.cohort if op == "transfer" else None
        if (op, student, cohort, source) == (earlier.op, earlier.student, earlier.cohort, earlier.source):
            op, source = ("pay" if op == "enroll" else "enroll"), None
        with pytest.raises(IdempotencyConflictError):
            self._call(op, earlier.key, student, cohort, source)
        self.step = Step("conflict")

    @rule(op=ops, student=students, cohort=cohorts, source=cohorts)
    def preview(self, op: str, student: str, cohort: str, source: str) -> None:
        """A preview answers as the real request would, and changes nothing."""
        if op == "transfer":
            expected = self.model.transfer(student, source, cohort, commit=False)
            outcome = self._call(op, PREVIEW, student, cohort, source)
        else:
            expected = self.model.run(op, student, cohort, commit=False)
            outcome = self._call(op, PREVIEW, student, cohort)
        assert summarize(outcome) == expected, (op, student, source, cohort, outcome)
        self.step = Step("preview")

    @precondition(lambda self: self.model.today < TODAY + timedelta(days=MAX_DAYS))
    @rule(days=st.integers(min_value=1, max_value=2))
    def time_passes(self, days: int) -> None:
        self.model.today += timedelta(days=days)
        self.step = Step("time")

    # -- the database, after every step -----------------------------------------------------------
    @invariant()
    def database_keeps_the_rules(self) -> None:
        now = _read(self.pool)
        self._check_step(self.before, now)
        self._check_transitions(self.before, now)
        self._check_capacity_and_waitlists(now)
        self._check_money(now)
        self._check_operations(self.before, now)
        # The model's view of every enrollment, in creation order.
        assert [now.enrollments[i] for i in sorted(now.enrollments)] == [
            (e.student, e.cohort, e.status) for e in self.model.entries
        ]
        self.before, self.step = now, None

    def _check_step(self, before: Snapshot, now: Snapshot) -> None:
        """The exact effect of the last step."""
        step = self.step
        if step is None:
            return
        if step.kind != "fresh":
            assert now == before, f"a {step.kind} changed the database"
            return
        assert step.request is not None
        request, outcome = step.request, step.request.outcome
        assert set(now.operations) == set(before.operations) | {request.key}
        if not outcome["ok"]:
            assert now.domain() == before.domain(), f"a refused {request.op} changed the database"
            return
        cohort = request.cohort
        enrollment_id = outcome["result"]["enrollment"]["id"]
        new = {i: now.enrollments[i] for i in now.enrollments.keys() - before.enrollments.keys()}
        changed = {i for i in before.enrollments if before.enrollments[i] != now.enrollments[i]}
        new_payments = now.payments[len(before.payments) :]
        seats = now.seats[cohort] - before.seats[cohort]
        touched = {cohort, request.source}
        other_seats = {k: v for k, v in now.seats.items() if k not in touched}
        assert other_seats == {k: v for k, v in before.seats.items() if k not in touched}
        if request.op == "transfer":
            self._check_transfer(before, now, request)
        elif request.op in ("enroll", "join_waitlist"):
            status = self.model.seat_status(cohort) if request.op == "enroll" else WAITLISTED
            assert new == {enrollment_id: (request.student, cohort, status)}
            assert not changed and not new_payments
            assert seats == (1 if request.op == "enroll" else 0)
            if request.op == "join_waitlist":  # positions count from 1, first come first served
                assert outcome["result"]["position"] == now.waitlist(cohort).index(enrollment_id) + 1
        elif request.op == "pay":
            assert not new and changed == {enrollment_id} and seats == 0
            assert now.enrollments[enrollment_id][2] == CONFIRMED
            assert new_payments == [(enrollment_id, "charge", COHORTS[cohort].price_cents, request.key)]
        else:
            self._check_cancel(before, now, enrollment_id, request)

    def _check_cancel(self, before: Snapshot, now: Snapshot, enrollment_id: int, request: Request) -> None:
        cohort = request.cohort
        was = before.enrollments[enrollment_id][2]
        assert now.enrollments[enrollment_id][2] == CANCELLED
        assert not now.enrollments.keys() - before.enrollments.keys()
        changed = {i for i in before.enrollments if before.enrollments[i] != now.enrollments[i]}
        self._check_released(before, now, cohort, changed - {enrollment_id}, held=was in SEATED)
        refunds = now.payments[len(before.payments) :]
        if refunds:
            assert not self.model.started(cohort), "a refund after the start"
            assert refunds == [(enrollment_id, "refund", COHORTS[cohort].price_cents, request.key)]

    def _check_released(
        self, before: Snapshot, now: Snapshot, cohort: str, others: set[int], *, held: bool
    ) -> None:
        """A seat given up (`held`: a seat, not a waitlist place) passes to the head of the waitlist
        before the start, and to nobody after it; `others` are the other enrollments that changed."""
        queue = before.waitlist(cohort)
        change = now.seats[cohort] - before.seats[cohort]
        if held and queue and not self.model.started(cohort):
            # The head of the waitlist now owes the payment, or is in at once in a free course.
            head = queue[0]
            assert others == {head} and now.enrollments[head][2] == self.model.seat_status(cohort)
            assert change == 0
        else:
            assert not others
            assert change == (-1 if held else 0)

    def _check_transfer(self, before: Snapshot, now: Snapshot, request: Request) -> None:
        source, cohort, result = request.source, request.cohort, request.outcome["result"]
        assert source is not None
        old, new = result["from_enrollment"]["id"], result["enrollment"]["id"]
        was = before.enrollments[old][2]
        # The new seat has the old one's status and names it; the old one is TRANSFERRED.
        assert {i: now.enrollments[i] for i in now.enrollments.keys() - before.enrollments.keys()} == {
            new: (request.student, cohort, was)
        }
        assert now.sources[new] == old and now.enrollments[old] == (request.student, source, TRANSFERRED)
        assert now.seats[cohort] - before.seats[cohort] == 1
        changed = {i for i in before.enrollments if before.enrollments[i] != now.enrollments[i]}
        self._check_released(before, now, source, changed - {old}, held=True)
        # No money moves: the payment is carried over, once.
        assert now.payments == before.payments
        paid = any(e == i and kind == "charge" for i in now.chain(new) for e, kind, _, _ in now.payments)
        assert result["carried_cents"] == (COHORTS[cohort].price_cents if paid else 0)

    def _check_transitions(self, before: Snapshot, now: Snapshot) -> None:
        assert before.enrollments.keys() <= now.enrollments.keys(), "an enrollment disappeared"
        for i, (student, cohort, status) in now.enrollments.items():
            if i not in before.enrollments:
                # Born confirmed only in a free course, or carried over confirmed by a transfer.
                born = {PENDING, WAITLISTED} if COHORTS[cohort].price_cents else {CONFIRMED, WAITLISTED}
                if i in now.sources:
                    born = {before.enrollments[now.sources[i]][2]}
                assert status in born, f"enrollment {i} was born {status}"
                self.history[i] = [status]
                continue
            old_student, old_cohort, old = before.enrollments[i]
            assert (old_student, old_cohort) == (student, cohort)
            if old != status:
                assert (old, status) in ALLOWED, f"enrollment {i} went from {old} to {status}"
                self.history[i].append(status)
                if status == CANCELLED:
                    self.cancelled_on[i] = self.model.today

    def _check_capacity_and_waitlists(self, now: Snapshot) -> None:
        active = Counter((s, c) for s, c, status in now.enrollments.values() if status not in ENDED)
        assert max(active.values(), default=0) <= 1, "two active enrollments of one student and cohort"
        for cohort_id, cohort in COHORTS.items():
            assert now.seats[cohort_id] == now.seated(cohort_id), f"seats_taken of {cohort_id} is wrong"
            assert 0 <= now.seats[cohort_id] <= cohort.capacity
            # Nobody waits while a seat is free, until the start: a seat left then is offered to no one.
            if now.waitlist(cohort_id) and not self.model.started(cohort_id):
                assert now.seats[cohort_id] == cohort.capacity, f"{cohort_id} has a free seat and a queue"

    def _check_money(self, now: Snapshot) -> None:
        kinds = Counter((enrollment_id, kind) for enrollment_id, kind, _, _ in now.payments)
        assert max(kinds.values(), default=0) <= 1, "two charges or two refunds of one enrollment"
        amounts = {(enrollment_id, kind): amount for enrollment_id, kind, amount, _ in now.payments}

        def charged(i: int) -> bool:
            # Paying is the one way from PENDING_PAYMENT to CONFIRMED; a free seat is never charged.
            steps = zip(self.history[i], self.history[i][1:], strict=False)
            return (PENDING, CONFIRMED) in steps

        for i, (_, cohort_id, status) in now.enrollments.items():
            cohort = COHORTS[cohort_id]
            assert amounts.get((i, "charge")) == (cohort.price_cents if charged(i) else None)
            paid = any(charged(j) for j in now.chain(i))
            refund_due = (
                status == CANCELLED
                and self.history[i][-2:-1] == [CONFIRMED]
                and paid
                and cohort.starts_on - self.cancelled_on[i] >= FULL_REFUND
            )
            assert amounts.get((i, "refund")) == (cohort.price_cents if refund_due else None)
            # Along a chain of transfers the money moves once each way: one charge, one refund at most.
            chain = now.chain(i)
            for kind in ("charge", "refund"):
                assert sum(kinds[(j, kind)] for j in chain) <= 1, f"two {kind}s along transfers to {i}"

    def _check_operations(self, before: Snapshot, now: Snapshot) -> None:
        # An outcome, once stored, is what every replay answers: it never changes or disappears.
        assert all(now.operations[k] == v for k, v in before.operations.items())
        assert all(outcome is not None for _, _, outcome in now.operations.values())


# -- the tests --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def domain_resources(server_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Resources]:
    """One database for the module, with the property tests' courses and cohorts added to the seed."""
    with fresh_database(server_url) as url:
        with psycopg.connect(server_url, autocommit=True) as conn:
            # Not a durability test: commits need not wait for the disk, which halves the run time.
            conn.execute(f"ALTER DATABASE {conninfo_to_dict(url)['dbname']} SET synchronous_commit = off")
        settings_ = Settings(
            database_url=url, data_dir=tmp_path_factory.mktemp("data"), today=TODAY, pool_max_size=4
        )
        with open_resources(settings_) as res:
            _setup_catalog(res.pool)
            yield res


def test_any_sequence_of_operations_keeps_the_rules(domain_resources: Resources) -> None:
    machine = type("DomainOnRealPostgres", (DomainMachine,), {"resources": domain_resources})
    run_state_machine_as_test(machine, settings=_PROFILES[PROFILE])


# -- a request without a key ------------------------------------------------------------------------
# The machine's keys are never empty; an empty one is refused before anything happens, for every
# operation. (`pay` and `cancel` through the payment provider charged or refunded first, then raised,
# and left the enrollment stuck behind a pending attempt that every later request raised on.)
_BEFORE_REQUEST_WITHOUT_KEY = {
    # What comes first, so that the request under a key would succeed: (operation, student).
    "enroll": [],
    "join_waitlist": [("enroll", "ada")],
    "pay": [("enroll", "ada")],
    "cancel": [("enroll", "ada"), ("pay", "ada")],  # rag-1 starts in 20 days: a full refund is due
}


@pytest.mark.parametrize("op", OPERATIONS)
def test_a_request_without_a_key_is_refused_before_anything_happens(resources: Resources, op: str) -> None:
    school, cohort = resources.school, "rag-1"
    for n, (earlier, student) in enumerate(_BEFORE_REQUEST_WITHOUT_KEY[op]):
        assert getattr(school, earlier)(f"k{n}", student_id=student, cohort_id=cohort)["ok"]
    student = "bob" if op == "join_waitlist" else "ada"
    before = _read(resources.pool)
    with pytest.raises(ValueError, match="idempotency key is required"):
        getattr(school, op)("", student_id=student, cohort_id=cohort)
    assert _read(resources.pool) == before, f"{op} without a key changed the database"
    # Nothing is left half done: the same request under a key goes through.
    assert getattr(school, op)("k", student_id=student, cohort_id=cohort)["ok"]
