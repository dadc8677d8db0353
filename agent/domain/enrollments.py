"""The enrollment lifecycle: enroll, waitlist, pay, cancel.

Each function runs inside the caller's transaction (see `operations.run_once`) and raises a
`DomainError` for what the rules refuse. Locks are always taken cohort first, then enrollment, so
concurrent operations cannot deadlock, and the cohort row lock serialises every seat change.
`pay` and `cancel` record money that has moved; moving it is the payment provider's part, which
`payments` calls outside any transaction.

A seat held for payment (`PENDING_PAYMENT`) has a hold that starts when the status is entered (the
enrollment, or the promotion from the waitlist): `hold_started_at`, which `holds` expires.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

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

_ENROLLMENT_COLUMNS = "id, student_id, cohort_id, status, created_at, updated_at"


def _lock_cohort(conn: Connection[Row], cohort_id: str) -> Row:
    row = conn.execute(
        "SELECT h.id, h.starts_on, h.capacity, h.seats_taken, c.price_cents, c.title"
        " FROM cohorts h JOIN courses c ON c.id = h.course_id WHERE h.id = %s FOR UPDATE OF h",
        (cohort_id,),
    ).fetchone()
    if row is None:
        message = f"There is no cohort with id {cohort_id!r}."
        raise UnknownCohortError(message, cohort_id=cohort_id)
    return row


def _refuse_started(cohort: Row, today: date) -> None:
    if cohort["starts_on"] <= today:
        message = f"Cohort {cohort['id']} started on {cohort['starts_on']} and takes no new students."
        raise CohortStartedError(message, cohort_id=cohort["id"])


def _active(conn: Connection[Row], student_id: str, cohort_id: str) -> Row | None:
    return conn.execute(
        f"SELECT {_ENROLLMENT_COLUMNS} FROM enrollments"
        " WHERE student_id = %s AND cohort_id = %s AND status <> 'CANCELLED' FOR UPDATE",
        (student_id, cohort_id),
    ).fetchone()


def _refuse_existing(conn: Connection[Row], student_id: str, cohort_id: str) -> None:
    existing = _active(conn, student_id, cohort_id)
    if existing is not None:
        status = existing["status"]
        message = f"You already have an enrollment in {cohort_id} (status {status})."
        raise AlreadyEnrolledError(message, cohort_id=cohort_id, status=status)


def _require_active(conn: Connection[Row], student_id: str, cohort_id: str) -> Row:
    row = _active(conn, student_id, cohort_id)
    if row is not None:
        return row
    cancelled = conn.execute(
        "SELECT 1 FROM enrollments WHERE student_id = %s AND cohort_id = %s",
        (student_id, cohort_id),
    ).fetchone()
    if cancelled is not None:
        message = f"Your enrollment in {cohort_id} was cancelled; there is nothing left to change."
        raise IllegalTransitionError(message, cohort_id=cohort_id, status="CANCELLED")
    message = f"You have no enrollment in {cohort_id}."
    raise NoEnrollmentError(message, cohort_id=cohort_id)


def _set_status(
    conn: Connection[Row], enrollment_id: int, status: str, *, now: datetime | None = None
) -> Row:
    """Set the status; entering `PENDING_PAYMENT` starts a hold at `now` (None: the database's clock)."""
    row = conn.execute(
        "UPDATE enrollments SET status = %(status)s, updated_at = clock_timestamp(),"
        " hold_started_at = CASE WHEN %(status)s = 'PENDING_PAYMENT'"
        " THEN coalesce(%(now)s::timestamptz, clock_timestamp()) ELSE hold_started_at END"
        f" WHERE id = %(id)s RETURNING {_ENROLLMENT_COLUMNS}",
        {"status": status, "now": now, "id": enrollment_id},
    ).fetchone()
    assert row is not None  # the caller holds the row lock
    return row


def enroll(conn: Connection[Row], *, student_id: str, cohort_id: str, today: date) -> Row:
    """Take a seat: a new enrollment in `PENDING_PAYMENT`."""
    cohort = _lock_cohort(conn, cohort_id)
    _refuse_started(cohort, today)
    _refuse_existing(conn, student_id, cohort_id)
    if cohort["seats_taken"] >= cohort["capacity"]:
        message = f"Cohort {cohort_id} is full; its waitlist is open."
        raise CohortFullError(message, cohort_id=cohort_id)
    conn.execute("UPDATE cohorts SET seats_taken = seats_taken + 1 WHERE id = %s", (cohort_id,))
    row = conn.execute(
        "INSERT INTO enrollments (student_id, cohort_id, status, hold_started_at)"
        f" VALUES (%s, %s, 'PENDING_PAYMENT', clock_timestamp()) RETURNING {_ENROLLMENT_COLUMNS}",
        (student_id, cohort_id),
    ).fetchone()
    return {"enrollment": row, "price_cents": cohort["price_cents"]}


def join_waitlist(conn: Connection[Row], *, student_id: str, cohort_id: str, today: date) -> Row:
    """Queue for a full cohort: a new enrollment in `WAITLISTED`."""
    cohort = _lock_cohort(conn, cohort_id)
    _refuse_started(cohort, today)
    _refuse_existing(conn, student_id, cohort_id)
    if cohort["seats_taken"] < cohort["capacity"]:
        message = f"Cohort {cohort_id} still has free seats; enroll instead of waiting."
        raise SeatsAvailableError(message, cohort_id=cohort_id)
    row = conn.execute(
        "INSERT INTO enrollments (student_id, cohort_id, status)"
        f" VALUES (%s, %s, 'WAITLISTED') RETURNING {_ENROLLMENT_COLUMNS}",
        (student_id, cohort_id),
    ).fetchone()
    position = conn.execute(
        "SELECT count(*) AS n FROM enrollments WHERE cohort_id = %s AND status = 'WAITLISTED' AND id <= %s",
        (cohort_id, row["id"] if row else 0),
    ).fetchone()
    return {"enrollment": row, "position": position["n"] if position else None}


def check_payable(conn: Connection[Row], *, student_id: str, cohort_id: str) -> tuple[Row, Row]:
    """Lock the cohort and the enrollment and check that it awaits payment: (cohort, enrollment)."""
    cohort = _lock_cohort(conn, cohort_id)
    enrollment = _require_active(conn, student_id, cohort_id)
    if enrollment["status"] != "PENDING_PAYMENT":
        reason = {
            "CONFIRMED": "it is already paid",
            "WAITLISTED": "you are on the waitlist; payment is due once a seat frees up",
        }[enrollment["status"]]
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
    `amount_cents` is what the provider charged, the course price when None (a preview, a free course).
    """
    cohort, enrollment = check_payable(conn, student_id=student_id, cohort_id=cohort_id)
    amount = cohort["price_cents"] if amount_cents is None else amount_cents
    conn.execute(
        "INSERT INTO payments (enrollment_id, kind, amount_cents, operation_key)"
        " VALUES (%s, 'charge', %s, %s)",
        (enrollment["id"], amount, operation_key),
    )
    row = _set_status(conn, enrollment["id"], "CONFIRMED")
    return {"enrollment": row, "charged_cents": amount}


def refund_due(
    conn: Connection[Row], *, student_id: str, cohort_id: str, today: date
) -> tuple[Row, Row, int]:
    """Lock the cohort and the enrollment to cancel: (cohort, enrollment, the refund the rules give)."""
    cohort = _lock_cohort(conn, cohort_id)
    enrollment = _require_active(conn, student_id, cohort_id)
    refund = rules.refund_cents(
        status=enrollment["status"],
        price_cents=cohort["price_cents"],
        starts_on=cohort["starts_on"],
        today=today,
    )
    return cohort, enrollment, refund


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
    """Cancel: refund by the rules, free the seat, promote the first waitlisted student.

    `refund_cents` is a refund the payment provider has already made (decided by the rules when it
    was asked for, perhaps on an earlier day); None: the rules decide now. `now` is when the
    promoted student's hold starts (None: the database's clock; `holds` passes its own clock).
    """
    _, enrollment, due = refund_due(conn, student_id=student_id, cohort_id=cohort_id, today=today)
    refund = due if refund_cents is None else refund_cents
    if refund:
        conn.execute(
            "INSERT INTO payments (enrollment_id, kind, amount_cents, operation_key)"
            " VALUES (%s, 'refund', %s, %s)",
            (enrollment["id"], refund, operation_key),
        )
    held_seat = enrollment["status"] != "WAITLISTED"
    row = _set_status(conn, enrollment["id"], "CANCELLED")
    promoted = _promote_first_waitlisted(conn, cohort_id, now=now) if held_seat else None
    if held_seat and promoted is None:
        conn.execute("UPDATE cohorts SET seats_taken = seats_taken - 1 WHERE id = %s", (cohort_id,))
    return {
        "enrollment": row,
        "previous_status": enrollment["status"],
        "refund_cents": refund,
        "promoted": promoted,
    }


def _promote_first_waitlisted(conn: Connection[Row], cohort_id: str, *, now: datetime | None) -> Row | None:
    first = conn.execute(
        "SELECT id FROM enrollments WHERE cohort_id = %s AND status = 'WAITLISTED'"
        " ORDER BY id LIMIT 1 FOR UPDATE",
        (cohort_id,),
    ).fetchone()
    if first is None:
        return None
    # The freed seat passes to this student, so the cohort's seat count stays the same.
    return _set_status(conn, first["id"], "PENDING_PAYMENT", now=now)


def list_enrollments(
    conn: Connection[Row], *, cohort_id: str | None = None, student_id: str | None = None
) -> list[Row]:
    """Enrollments, oldest first, optionally of one cohort and/or one student."""
    return conn.execute(
        f"SELECT {_ENROLLMENT_COLUMNS} FROM enrollments"
        " WHERE (%(cohort)s::text IS NULL OR cohort_id = %(cohort)s)"
        " AND (%(student)s::text IS NULL OR student_id = %(student)s) ORDER BY id",
        {"cohort": cohort_id, "student": student_id},
    ).fetchall()
