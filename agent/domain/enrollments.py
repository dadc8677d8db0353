"""The enrollment lifecycle: enroll, waitlist, pay, cancel.

Each function runs inside the caller's transaction (see `operations.run_once`) and raises a
`DomainError` for what the rules refuse. Locks are always taken cohort first, then enrollment, so
concurrent operations cannot deadlock, and the cohort row lock serialises every seat change.
`pay` and `cancel` record money that has moved; moving it is the payment provider's part, which
`payments` calls outside any transaction.

A seat held for payment (`PENDING_PAYMENT`) has a hold that starts when the status is entered (the
enrollment, or the promotion from the waitlist): `hold_started_at`, which `holds` expires. A seat
in a free course is `CONFIRMED` as soon as it is taken: it has no hold and no charge row.

A seat given up (a cancellation, a transfer out) passes to the first waitlisted student while the
cohort has not started; after the start it is left empty, since nobody can use it any more. An
enrollment moved by a transfer (`transfers`) is `TRANSFERRED` and no longer active; the payment
made for it belongs to the enrollment that names it in `transferred_from` (`paid_for`).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, TypedDict, cast

from psycopg import Connection

from agent.domain import rules
from agent.domain.errors import (
    AlreadyEnrolledError,
    CohortFullError,
    CohortStartedError,
    IllegalTransitionError,
    NoEnrollmentError,
    SeatsAvailableError,
    UnknownCohortError,
)

Row = dict[str, Any]

ENROLLMENT_COLUMNS = "id, student_id, cohort_id, status, created_at, updated_at"
"""The columns of an enrollment that operations return."""


class EnrollmentRow(TypedDict):
    """One enrollment (or waitlist place), as `ENROLLMENT_COLUMNS` reads it."""

    id: int
    student_id: str
    cohort_id: str
    status: str
    """PENDING_PAYMENT, CONFIRMED, WAITLISTED, CANCELLED or TRANSFERRED."""
    created_at: datetime
    updated_at: datetime


ACTIVE = "status NOT IN ('CANCELLED', 'TRANSFERRED')"
"""SQL: the enrollment holds a seat or a waitlist place (at most one per student and cohort)."""


def lock_cohort(conn: Connection[Row], cohort_id: str) -> Row:
    """Lock a cohort's row and return it with its course's id, title and price; `UnknownCohortError`."""
    row = conn.execute(
        "SELECT h.id, h.course_id, h.starts_on, h.capacity, h.seats_taken, c.price_cents, c.title"
        " FROM cohorts h JOIN courses c ON c.id = h.course_id WHERE h.id = %s FOR UPDATE OF h",
        (cohort_id,),
    ).fetchone()
    if row is None:
        message = f"There is no cohort with id {cohort_id!r}."
        raise UnknownCohortError(message, cohort_id=cohort_id)
    return row


def refuse_started(cohort: Row, today: date) -> None:
    """Refuse a new seat or waitlist place in a cohort that has started: `CohortStartedError`."""
    if rules.has_started(cohort["starts_on"], today):
        message = f"Cohort {cohort['id']} started on {cohort['starts_on']} and takes no new students."
        raise CohortStartedError(message, cohort_id=cohort["id"])


def _active(conn: Connection[Row], student_id: str, cohort_id: str) -> Row | None:
    return conn.execute(
        f"SELECT {ENROLLMENT_COLUMNS} FROM enrollments"
        f" WHERE student_id = %s AND cohort_id = %s AND {ACTIVE} FOR UPDATE",
        (student_id, cohort_id),
    ).fetchone()


def refuse_existing(conn: Connection[Row], student_id: str, cohort_id: str) -> None:
    """Refuse a second active enrollment of a student in a cohort: `AlreadyEnrolledError`."""
    existing = _active(conn, student_id, cohort_id)
    if existing is not None:
        status = existing["status"]
        message = f"You already have an enrollment in {cohort_id} (status {status})."
        raise AlreadyEnrolledError(message, cohort_id=cohort_id, status=status)


def require_active(conn: Connection[Row], student_id: str, cohort_id: str) -> Row:
    """Lock and return the student's active enrollment in the cohort, or say why there is none."""
    row = _active(conn, student_id, cohort_id)
    if row is not None:
        return row
    ended = conn.execute(
        "SELECT e.status, (SELECT n.cohort_id FROM enrollments n WHERE n.transferred_from = e.id) AS moved_to"
        " FROM enrollments e WHERE e.student_id = %s AND e.cohort_id = %s ORDER BY e.id DESC LIMIT 1",
        (student_id, cohort_id),
    ).fetchone()
    if ended is not None and ended["status"] == "TRANSFERRED":
        message = (
            f"Your enrollment in {cohort_id} moved to {ended['moved_to']}; there is nothing left to "
            f"change in {cohort_id}."
        )
        raise IllegalTransitionError(message, cohort_id=cohort_id, status="TRANSFERRED")
    if ended is not None:
        message = f"Your enrollment in {cohort_id} was cancelled; there is nothing left to change."
        raise IllegalTransitionError(message, cohort_id=cohort_id, status="CANCELLED")
    message = f"You have no enrollment in {cohort_id}."
    raise NoEnrollmentError(message, cohort_id=cohort_id)


def set_status(conn: Connection[Row], enrollment_id: int, status: str, *, now: datetime | None = None) -> Row:
    """Set the status; entering `PENDING_PAYMENT` starts a hold at `now` (None: the database's clock)."""
    row = conn.execute(
        "UPDATE enrollments SET status = %(status)s, updated_at = clock_timestamp(),"
        " hold_started_at = CASE WHEN %(status)s = 'PENDING_PAYMENT'"
        " THEN coalesce(%(now)s::timestamptz, clock_timestamp()) ELSE hold_started_at END"
        f" WHERE id = %(id)s RETURNING {ENROLLMENT_COLUMNS}",
        {"status": status, "now": now, "id": enrollment_id},
    ).fetchone()
    assert row is not None  # the caller holds the row lock
    return row


def seat_status(cohort: Row) -> str:
    """The status a seat taken in `cohort` starts in: held for payment, or confirmed when it is free."""
    return "CONFIRMED" if cohort["price_cents"] == 0 else "PENDING_PAYMENT"


def take_seat(conn: Connection[Row], cohort: Row, *, student_id: str, today: date) -> None:
    """Count a seat of `cohort` (locked by the caller) as taken by `student_id`, after its checks.

    Refused: a cohort that has started, a seat of theirs there already, no free seat (`CohortFullError`).
    """
    refuse_started(cohort, today)
    refuse_existing(conn, student_id, cohort["id"])
    if cohort["seats_taken"] >= cohort["capacity"]:
        message = f"Cohort {cohort['id']} is full; its waitlist is open."
        raise CohortFullError(message, cohort_id=cohort["id"])
    conn.execute("UPDATE cohorts SET seats_taken = seats_taken + 1 WHERE id = %s", (cohort["id"],))


def enroll(conn: Connection[Row], *, student_id: str, cohort_id: str, today: date) -> Row:
    """Take a seat: a new enrollment in `PENDING_PAYMENT`, or `CONFIRMED` in a free course."""
    cohort = lock_cohort(conn, cohort_id)
    take_seat(conn, cohort, student_id=student_id, today=today)
    row = conn.execute(
        "INSERT INTO enrollments (student_id, cohort_id, status, hold_started_at)"
        " VALUES (%(student)s, %(cohort)s, %(status)s,"
        " CASE WHEN %(status)s = 'PENDING_PAYMENT' THEN clock_timestamp() END)"
        f" RETURNING {ENROLLMENT_COLUMNS}",
        {"student": student_id, "cohort": cohort_id, "status": seat_status(cohort)},
    ).fetchone()
    return {"enrollment": row, "price_cents": cohort["price_cents"]}


def join_waitlist(conn: Connection[Row], *, student_id: str, cohort_id: str, today: date) -> Row:
    """Queue for a full cohort: a new enrollment in `WAITLISTED`."""
    cohort = lock_cohort(conn, cohort_id)
    refuse_started(cohort, today)
    refuse_existing(conn, student_id, cohort_id)
    if cohort["seats_taken"] < cohort["capacity"]:
        message = f"Cohort {cohort_id} still has free seats; enroll instead of waiting."
        raise SeatsAvailableError(message, cohort_id=cohort_id)
    row = conn.execute(
        "INSERT INTO enrollments (student_id, cohort_id, status)"
        f" VALUES (%s, %s, 'WAITLISTED') RETURNING {ENROLLMENT_COLUMNS}",
        (student_id, cohort_id),
    ).fetchone()
    position = conn.execute(
        "SELECT count(*) AS n FROM enrollments WHERE cohort_id = %s AND status = 'WAITLISTED' AND id <= %s",
        (cohort_id, row["id"] if row else 0),
    ).fetchone()
    return {"enrollment": row, "position": position["n"] if position else None}


def check_payable(conn: Connection[Row], *, student_id: str, cohort_id: str) -> tuple[Row, Row]:
    """Lock the cohort and the enrollment and check that it awaits payment: (cohort, enrollment)."""
    cohort = lock_cohort(conn, cohort_id)
    enrollment = require_active(conn, student_id, cohort_id)
    if enrollment["status"] != "PENDING_PAYMENT":
        reason = {
            "CONFIRMED": "it is already paid",
            "WAITLISTED": "you are on the waitlist; payment is due once a seat frees up",
        }[enrollment["status"]]
        if enrollment["status"] == "CONFIRMED" and cohort["price_cents"] == 0:
            reason = "the course is free, so your place is confirmed with nothing to pay"
        message = f"Your enrollment in {cohort_id} cannot be paid: {reason}."
        raise IllegalTransitionError(message, cohort_id=cohort_id, status=enrollment["status"])
    return cohort, enrollment


def pay(
    conn: Connection[Row],
    *,
    student_id: str,
    cohort_id: str,
    operation_key: str,
    amount_cents: int | None = None,
) -> Row:
    """Record the payment: `PENDING_PAYMENT` becomes `CONFIRMED`.

    The money itself moves at the payment provider, outside any transaction (see `payments`);
    `amount_cents` is what the provider charged, the course price when None (a preview). Nothing
    charged (a course whose price fell to zero after the seat was taken) records no charge row.
    """
    cohort, enrollment = check_payable(conn, student_id=student_id, cohort_id=cohort_id)
    amount = cohort["price_cents"] if amount_cents is None else amount_cents
    if amount:
        conn.execute(
            "INSERT INTO payments (enrollment_id, kind, amount_cents, operation_key)"
            " VALUES (%s, 'charge', %s, %s)",
            (enrollment["id"], amount, operation_key),
        )
    row = set_status(conn, enrollment["id"], "CONFIRMED")
    return {"enrollment": row, "charged_cents": amount}


def refund_due(
    conn: Connection[Row], *, student_id: str, cohort_id: str, today: date
) -> tuple[Row, Row, int]:
    """Lock the cohort and the enrollment to cancel: (cohort, enrollment, the refund the rules give)."""
    cohort = lock_cohort(conn, cohort_id)
    enrollment = require_active(conn, student_id, cohort_id)
    charge = paid_for(conn, enrollment["id"])
    refund = rules.refund_cents(
        status=enrollment["status"],
        paid_cents=charge["amount_cents"] if charge else 0,
        starts_on=cohort["starts_on"],
        today=today,
    )
    return cohort, enrollment, refund


def paid_for(conn: Connection[Row], enrollment_id: int) -> Row | None:
    """The charge that paid for this seat: its own, or one a transfer carried over; None when unpaid.

    The row has the charge's `enrollment_id` (the enrollment it was made for) and `amount_cents`.
    An enrollment is paid for at most once along its transfers: a transferred seat keeps its status,
    and only a `PENDING_PAYMENT` seat can be paid.
    """
    return conn.execute(
        "WITH RECURSIVE chain (id, source) AS ("
        "  SELECT id, transferred_from FROM enrollments WHERE id = %s"
        "  UNION ALL"
        "  SELECT e.id, e.transferred_from FROM enrollments e JOIN chain ON e.id = chain.source"
        ") SELECT p.enrollment_id, p.amount_cents FROM payments p JOIN chain ON chain.id = p.enrollment_id"
        " WHERE p.kind = 'charge'",
        (enrollment_id,),
    ).fetchone()


def cancel(
    conn: Connection[Row],
    *,
    student_id: str,
    cohort_id: str,
    today: date,
    operation_key: str,
    refund_cents: int | None = None,
    now: datetime | None = None,
) -> Row:
    """Cancel: refund by the rules, give up the seat (see `release_seat`).

    `refund_cents` is a refund the payment provider has already made (decided by the rules when it
    was asked for, perhaps on an earlier day); None: the rules decide now. `now` is when the
    promoted student's hold starts (None: the database's clock; `holds` passes its own clock).
    `cohort_started` in the result says that the cohort had started: nothing was refunded and the
    seat was not offered to the waitlist.
    """
    cohort, enrollment, due = refund_due(conn, student_id=student_id, cohort_id=cohort_id, today=today)
    refund = due if refund_cents is None else refund_cents
    if refund:
        conn.execute(
            "INSERT INTO payments (enrollment_id, kind, amount_cents, operation_key)"
            " VALUES (%s, 'refund', %s, %s)",
            (enrollment["id"], refund, operation_key),
        )
    held_seat = enrollment["status"] != "WAITLISTED"
    row = set_status(conn, enrollment["id"], "CANCELLED")
    promoted = release_seat(conn, cohort, today=today, now=now) if held_seat else None
    return {
        "enrollment": row,
        "previous_status": enrollment["status"],
        "refund_cents": refund,
        "promoted": promoted,
        "cohort_started": rules.has_started(cohort["starts_on"], today),
    }


def release_seat(conn: Connection[Row], cohort: Row, *, today: date, now: datetime | None) -> Row | None:
    """A seat of `cohort` (locked) was given up: offer it to the waitlist, or leave it empty.

    Before the start it passes to the first waitlisted student, whose enrollment is returned; after
    the start, or with nobody waiting, the seat count goes down and None is returned.
    """
    started = rules.has_started(cohort["starts_on"], today)
    promoted = None if started else _promote_first_waitlisted(conn, cohort, now=now)
    if promoted is None:
        conn.execute("UPDATE cohorts SET seats_taken = seats_taken - 1 WHERE id = %s", (cohort["id"],))
    return promoted


def _promote_first_waitlisted(conn: Connection[Row], cohort: Row, *, now: datetime | None) -> Row | None:
    first = conn.execute(
        "SELECT id FROM enrollments WHERE cohort_id = %s AND status = 'WAITLISTED'"
        " ORDER BY id LIMIT 1 FOR UPDATE",
        (cohort["id"],),
    ).fetchone()
    if first is None:
        return None
    # The freed seat passes to this student, so the cohort's seat count stays the same.
    return set_status(conn, first["id"], seat_status(cohort), now=now)


def list_enrollments(
    conn: Connection[Row], *, cohort_id: str | None = None, student_id: str | None = None
) -> list[EnrollmentRow]:
    """Enrollments, oldest first, optionally of one cohort and/or one student."""
    rows = conn.execute(
        f"SELECT {ENROLLMENT_COLUMNS} FROM enrollments"
        " WHERE (%(cohort)s::text IS NULL OR cohort_id = %(cohort)s)"
        " AND (%(student)s::text IS NULL OR student_id = %(student)s) ORDER BY id",
        {"cohort": cohort_id, "student": student_id},
    ).fetchall()
    return cast(list[EnrollmentRow], rows)
