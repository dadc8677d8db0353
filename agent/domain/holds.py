"""Seat holds that run out: an unpaid `PENDING_PAYMENT` enrollment expires, its student is reminded once.

A hold starts when its enrollment enters `PENDING_PAYMENT` (`enrollments.hold_started_at`: the
enrollment, or the promotion from the waitlist). Unpaid more than `hold_hours` after that, it
expires: the enrollment is cancelled (nothing was paid, so nothing is refunded), and the seat passes
to the first waitlisted student, whose own hold starts then (unless the cohort has started:
`enrollments.release_seat`). `remind_hours` before it expires, the
student is reminded once (`reminded_at`). A seat in a free course is confirmed when it is taken
(`enrollments.seat_status`), so it is never held and never expires. A transfer carries its hold
over unchanged (`transfers`), so moving to another cohort never lengthens one.

Every function takes `now`, the caller's clock, and never reads one itself. Any number of processes
may call them at the same moment:

- `expire_holds` takes each hold's payment lock (`payments` holds it from a payment's first step to
  its last, across the call to the provider), then, in one transaction, the cohort's row lock and
  the enrollment's, in the order every enrollment operation takes them, and only then checks that
  the hold is still unpaid and due. A hold is expired once, whoever else tries; a hold being paid is
  either paid (the expiry waits for the payment and finds it `CONFIRMED`) or expired (the payment
  then finds it cancelled before it charges anything). A charge left unsettled by a crash is settled
  with the provider first, as a cancellation does: made, the hold is paid; never made, it expires.
- `claim_reminders` marks the due reminders in one conditional UPDATE over rows locked with
  `FOR UPDATE SKIP LOCKED`, so each enrollment is reminded once.

The locks, the settling of an open charge and the cancellation are those of `payments` and
`enrollments` themselves (their private helpers included), not copies. Plain Python over psycopg;
it imports nothing from LangGraph or LangChain. Telling the student (the journal, a message in the
thread) is the caller's (`agent.upkeep.holds`), in the transaction this module hands it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, TypedDict, cast

from psycopg import Connection

from agent.domain import enrollments
from agent.domain.payments import LockHolder, Providers, _money_lock, _settle_open_charge

Row = dict[str, Any]


class HeldCohort(TypedDict):
    """The cohort of an expired hold, as its notice names it."""

    id: str
    title: str
    price_cents: int


class ExpiredHold(TypedDict):
    """What `expire_hold` did: the cancelled hold, the student promoted into its seat, the cohort."""

    enrollment: Row
    """The cancelled enrollment (`enrollments.ENROLLMENT_COLUMNS`)."""
    hold_started_at: datetime
    promoted: Row | None
    """The waitlisted student's enrollment that took the seat, or None."""
    cohort: HeldCohort


class DueReminder(TypedDict):
    """A hold `claim_reminders` took to remind its student of."""

    id: int
    """The enrollment's id."""
    student_id: str
    cohort_id: str
    hold_started_at: datetime
    reminded_at: datetime
    title: str
    price_cents: int


Record = Callable[[Connection[Row], ExpiredHold], None]
"""Writes what goes with one change (journal, notices) in the change's own transaction."""

_DUE_SQL = """
SELECT e.id, e.student_id, e.cohort_id FROM enrollments e
WHERE e.status = 'PENDING_PAYMENT' AND e.hold_started_at < %(cutoff)s
ORDER BY e.hold_started_at, e.id
"""

_LOCK_HOLD_SQL = """
SELECT e.id, e.student_id, e.cohort_id, e.status, e.hold_started_at,
       EXISTS (SELECT 1 FROM payment_attempts a
               WHERE a.enrollment_id = e.id AND a.kind = 'charge' AND a.status = 'pending') AS charging
FROM enrollments e WHERE e.id = %s FOR UPDATE OF e
"""

_CLAIM_REMINDERS_SQL = """
WITH due AS (
    SELECT id FROM enrollments
    WHERE status = 'PENDING_PAYMENT' AND reminded_at IS NULL
      AND hold_started_at <= %(remind_from)s AND hold_started_at >= %(expired_before)s
    ORDER BY id
    FOR UPDATE SKIP LOCKED
)
UPDATE enrollments e SET reminded_at = %(now)s
FROM due, cohorts h, courses c
WHERE e.id = due.id AND e.reminded_at IS NULL AND h.id = e.cohort_id AND c.id = h.course_id
RETURNING e.id, e.student_id, e.cohort_id, e.hold_started_at, e.reminded_at, c.title, c.price_cents
"""


class HoldClockError(ValueError):
    """A clock without a timezone, or hours that make no hold: the message says which."""


def _check(now: datetime, hold_hours: int) -> None:
    if now.tzinfo is None or now.utcoffset() is None:
        message = f"now must be timezone-aware (the database compares instants), got {now!r}"
        raise HoldClockError(message)
    if hold_hours < 1:
        message = f"hold_hours must be at least 1, got {hold_hours}"
        raise HoldClockError(message)


def due_holds(conn: Connection[Row], *, now: datetime, hold_hours: int) -> list[Row]:
    """Holds unpaid for more than `hold_hours` at `now` (id, student_id, cohort_id), oldest first; not locked."""
    _check(now, hold_hours)
    return conn.execute(_DUE_SQL, {"cutoff": now - timedelta(hours=hold_hours)}).fetchall()


def expire_holds(
    conn: Connection[Row],
    *,
    now: datetime,
    hold_hours: int,
    providers: Providers | None = None,
    record: Record | None = None,
    hold_lock: LockHolder | None = None,
) -> list[ExpiredHold]:
    """Expire every hold unpaid for more than `hold_hours` at `now`, each in its own transaction; what expired.

    Each item is `expire_hold`'s. `providers` settle a charge a crash left unsettled; without them
    such a hold is left for a pass that has one. `conn` is in autocommit mode (a pool's).
    `hold_lock` holds each payment lock, as `payments` does (`School.hold_lock`).
    """
    expired = []
    for hold in due_holds(conn, now=now, hold_hours=hold_hours):
        done = expire_hold(
            conn,
            hold["id"],
            now=now,
            hold_hours=hold_hours,
            providers=providers,
            record=record,
            hold_lock=hold_lock,
        )
        if done is not None:
            expired.append(done)
    return expired


def expire_hold(
    conn: Connection[Row],
    enrollment_id: int,
    *,
    now: datetime,
    hold_hours: int,
    providers: Providers | None = None,
    record: Record | None = None,
    hold_lock: LockHolder | None = None,
) -> ExpiredHold | None:
    """Expire one hold if it is still unpaid and due at `now`; None when it is not (any more).

    Returns `{"enrollment": the cancelled row, "hold_started_at", "promoted": the promoted
    student's enrollment or None, "cohort": {id, title, price_cents}}`. `record(conn, that)` runs in
    the same transaction, so what it writes commits with the expiry or not at all.
    """
    _check(now, hold_hours)
    found = conn.execute(
        "SELECT student_id, cohort_id FROM enrollments WHERE id = %s", (enrollment_id,)
    ).fetchone()
    if found is None:
        return None
    student_id, cohort_id = found["student_id"], found["cohort_id"]
    with _money_lock(conn, student_id, cohort_id, hold_lock):
        unanswered = (
            _settle_open_charge(conn, providers, student_id=student_id, cohort_id=cohort_id)
            if providers is not None
            else None
        )
        if unanswered is not None:
            return None  # the provider did not answer about an earlier charge: the next pass asks again
        with conn.transaction():
            cohort = enrollments.lock_cohort(conn, cohort_id)
            hold = conn.execute(_LOCK_HOLD_SQL, (enrollment_id,)).fetchone()
            cutoff = now - timedelta(hours=hold_hours)
            if hold is None or hold["status"] != "PENDING_PAYMENT" or hold["hold_started_at"] >= cutoff:
                return None  # paid, cancelled or expired by someone else, or (promoted again) not due
            if hold["charging"]:
                return None  # a charge whose outcome only the provider knows: never expire a paid seat
            cancelled = enrollments.cancel(
                conn,
                student_id=student_id,
                cohort_id=cohort_id,
                today=now.date(),
                operation_key=f"hold-expired:{enrollment_id}",
                refund_cents=0,
                now=now,
            )
            done: ExpiredHold = {
                "enrollment": cancelled["enrollment"],
                "hold_started_at": hold["hold_started_at"],
                "promoted": cancelled["promoted"],
                "cohort": {
                    "id": cohort["id"],
                    "title": cohort["title"],
                    "price_cents": cohort["price_cents"],
                },
            }
            if record is not None:
                record(conn, done)
            return done


def claim_reminders(
    conn: Connection[Row], *, now: datetime, hold_hours: int, remind_hours: int
) -> list[DueReminder]:
    """Mark the holds due a reminder at `now` as reminded, and return them (oldest enrollment first).

    Due: unpaid, not reminded yet, expiring within `remind_hours` but not yet expired (an expired
    hold is `expire_holds`' to deal with). Runs in the caller's transaction, whose commit makes the
    reminders taken; a concurrent caller skips the rows this one has locked and finds them reminded
    afterwards. Each row: id, student_id, cohort_id, hold_started_at, reminded_at, title, price_cents.
    """
    _check(now, hold_hours)
    if remind_hours < 0:
        message = f"remind_hours cannot be negative, got {remind_hours}"
        raise HoldClockError(message)
    expired_before = now - timedelta(hours=hold_hours)
    params = {
        "now": now,
        "remind_from": expired_before + timedelta(hours=remind_hours),
        "expired_before": expired_before,
    }
    rows = conn.execute(_CLAIM_REMINDERS_SQL, params).fetchall()
    return cast(list[DueReminder], sorted(rows, key=lambda r: r["id"]))
