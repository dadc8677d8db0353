"""Transfers between cohorts of the same course: one action, one transaction, the payment carried over.

A transfer takes a seat in the new cohort with the old enrollment's status (`CONFIRMED` stays
confirmed, `PENDING_PAYMENT` keeps its hold and its deadline), marks the old enrollment
`TRANSFERRED`, and gives the old seat up as a cancellation does (`enrollments.release_seat`: to the
first waitlisted student, unless the old cohort has started). The new enrollment names the old one
in `transferred_from`; that link is how the payment is carried over: the charge stays on the
enrollment it was made for, and a later cancellation of the new enrollment finds it there
(`enrollments.paid_for`) and refunds it once, by the refund rules of the new cohort's start.

Refused: the same cohort (`same_cohort`), another course (`different_course`), no active seat in the
old cohort (`no_enrollment`, `illegal_transition`; a waitlist place is not a seat to move), a new
cohort that has started (`cohort_started`), a seat already held there (`already_enrolled`), and a
full one (`cohort_full`: the graph offers its waitlist). A transfer out of a cohort that has
started is allowed (`from_started` in the result); the approval policy sends it to an operator.

Every change is made in one transaction under the idempotency key (`operations.run_once`), so a
crash between any two steps (`FAULT_POINTS`) leaves nothing done, and the retry does it all once.
Before that transaction, under the old enrollment's money lock, a payment of it left unsettled by a
crash is settled with its provider, as a cancellation does, so a charge in flight is never stranded
on an enrollment that has moved. Plain Python over psycopg; it imports nothing from LangGraph or
LangChain.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import partial
from typing import Any

from psycopg import Connection

from agent.config import faults
from agent.domain import enrollments, rules
from agent.domain.errors import DifferentCourseError, IllegalTransitionError, SameCohortError
from agent.domain.operations import Outcome, require_key, run_once
from agent.domain.payments import LockHolder, Providers, _has_outcome, _money_lock, _settle_open_charge

Row = dict[str, Any]

AFTER_NEW_SEAT = "transfer.after_new_seat"
"""The new seat is taken (its enrollment inserted, the seat counted); the old one still holds."""
AFTER_OLD_RELEASED = "transfer.after_old_released"
"""The old enrollment is `TRANSFERRED` and its seat given up (the waitlist promoted); not committed."""
AFTER_COMMIT = "transfer.after_commit"
"""Everything is committed with the outcome; the caller has not been told."""
FAULT_POINTS = (AFTER_NEW_SEAT, AFTER_OLD_RELEASED, AFTER_COMMIT)
"""Where `SCHOOL_FAULT_POINT` kills a transfer, in order (the crash sweep's transfer points)."""


def transfer_once(
    conn: Connection[Row],
    providers: Providers,
    *,
    key: str,
    student_id: str,
    from_cohort_id: str,
    cohort_id: str,
    today: date,
    hold_lock: LockHolder | None = None,
) -> Outcome:
    """Move the student's seat from `from_cohort_id` to `cohort_id` once for `key`.

    Returns the stored outcome on a repeat. A payment of the old enrollment whose outcome only its
    provider knows is settled first; when the provider does not answer, the answer is an unstored
    `payment_unknown` refusal, as for a cancellation.
    """
    require_key(key)
    request = {"student_id": student_id, "from_cohort_id": from_cohort_id, "cohort_id": cohort_id}
    action = partial(
        transfer, student_id=student_id, from_cohort_id=from_cohort_id, cohort_id=cohort_id, today=today
    )
    with _money_lock(conn, student_id, from_cohort_id, hold_lock):
        if not _has_outcome(conn, key):
            unsettled = _settle_open_charge(conn, providers, student_id=student_id, cohort_id=from_cohort_id)
            if unsettled is not None:
                return unsettled
        outcome = run_once(conn, key=key, name="transfer", request=request, action=partial(action, live=True))
    faults.point(AFTER_COMMIT)
    return outcome


def transfer(
    conn: Connection[Row],
    *,
    student_id: str,
    from_cohort_id: str,
    cohort_id: str,
    today: date,
    now: datetime | None = None,
    live: bool = False,
) -> Row:
    """The transfer's changes, in the caller's transaction; `live`: a real run, with its fault points.

    `now` is when a promoted student's hold starts (None: the database's clock). The result:
    `enrollment` (the new one), `from_enrollment` (the old one, `TRANSFERRED`), `from_cohort_id`,
    `cohort_id`, `status` (the new enrollment's), `price_cents` (the course's), `carried_cents`
    (what was paid and is carried over, 0 when nothing was), `from_started` (the old cohort had
    started: its seat was not offered to its waitlist) and `promoted` (the waitlisted enrollment of
    the old cohort that got the seat, or None).
    """
    if from_cohort_id == cohort_id:
        message = f"You are already in {cohort_id}; a transfer moves you to another cohort of the course."
        raise SameCohortError(message, cohort_id=cohort_id)
    # Both cohort rows are locked in the order of their ids, so that two opposite transfers wait for
    # each other instead of deadlocking; every other operation locks one cohort only.
    locked = {c: enrollments.lock_cohort(conn, c) for c in sorted((from_cohort_id, cohort_id))}
    source, target = locked[from_cohort_id], locked[cohort_id]
    if source["course_id"] != target["course_id"]:
        message = (
            f"{from_cohort_id} and {cohort_id} are cohorts of different courses; a transfer stays within "
            "one course. To change course, cancel one enrollment and enroll in the other."
        )
        raise DifferentCourseError(message, from_cohort_id=from_cohort_id, cohort_id=cohort_id)
    old = enrollments.require_active(conn, student_id, from_cohort_id)
    if old["status"] == "WAITLISTED":
        message = (
            f"You are on the waitlist of {from_cohort_id}, not in a seat, so there is no seat to move; "
            f"ask to enroll in {cohort_id} instead."
        )
        raise IllegalTransitionError(message, cohort_id=from_cohort_id, status="WAITLISTED")
    enrollments.take_seat(conn, target, student_id=student_id, today=today)
    new = conn.execute(
        "INSERT INTO enrollments"
        " (student_id, cohort_id, status, hold_started_at, reminded_at, transferred_from)"
        " SELECT student_id, %s, status, hold_started_at, reminded_at, id FROM enrollments WHERE id = %s"
        f" RETURNING {enrollments.ENROLLMENT_COLUMNS}",
        (cohort_id, old["id"]),
    ).fetchone()
    assert new is not None  # the old row is locked
    _point(AFTER_NEW_SEAT, live)

    moved = enrollments.set_status(conn, old["id"], "TRANSFERRED")
    promoted = enrollments.release_seat(conn, source, today=today, now=now)
    _point(AFTER_OLD_RELEASED, live)

    charge = enrollments.paid_for(conn, new["id"])
    return {
        "enrollment": new,
        "from_enrollment": moved,
        "from_cohort_id": from_cohort_id,
        "cohort_id": cohort_id,
        "status": new["status"],
        "price_cents": target["price_cents"],
        "carried_cents": charge["amount_cents"] if charge else 0,
        "from_started": rules.has_started(source["starts_on"], today),
        "promoted": promoted,
    }


def _point(name: str, live: bool) -> None:
    # A preview runs the same steps and must not die at a point meant for the real run.
    if live:
        faults.point(name)
