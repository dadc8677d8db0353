"""The domain's rules on a real Postgres: lifecycle, capacity, waitlist, refunds, idempotency."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest
from psycopg.rows import dict_row

from agent.domain import PREVIEW, School, holds
from agent.domain.catalog import load_seed
from agent.domain.errors import IdempotencyConflictError
from agent.domain.rules import refund_cents
from agent.infra import migrations
from agent.infra.persistence import Resources
from tests.support.school import TODAY


def statuses(school: School, cohort_id: str) -> list[tuple[str, str]]:
    return [(r["student_id"], r["status"]) for r in school.enrollments(cohort_id=cohort_id)]


def payments(res: Resources) -> list[tuple[str, str, int]]:
    with res.pool.connection() as conn:
        rows = conn.execute(
            "SELECT e.student_id, p.kind, p.amount_cents FROM payments p"
            " JOIN enrollments e ON e.id = p.enrollment_id ORDER BY p.id"
        ).fetchall()
    return [(r["student_id"], r["kind"], r["amount_cents"]) for r in rows]


def seats(school: School, cohort_id: str) -> tuple[int, int]:
    cohort = school.cohort(cohort_id)
    assert cohort is not None
    return cohort["seats_taken"], cohort["capacity"]


def test_seed_catalog_meets_the_shape_the_product_promises(resources: Resources) -> None:
    seed = load_seed()
    course_ids = {c["id"] for c in seed["courses"]}
    cohorts = seed["cohorts"]
    assert len(course_ids) >= 12 and len(cohorts) >= 20
    assert all(set(c["prerequisites"]) <= course_ids for c in seed["courses"])
    assert sum(1 for h in cohorts if h["capacity"] == 1) >= 2
    assert sum(1 for h in cohorts if h["starts_in_days"] < 7) >= 2
    # Seeding is idempotent and dated from the seeding day.
    with resources.pool.connection() as conn:
        count = conn.execute("SELECT count(*) AS n FROM cohorts").fetchone()
        from agent.domain.catalog import seed_catalog

        assert seed_catalog(conn, today=TODAY) == 0
    assert count is not None and count["n"] == len(cohorts)
    rag1 = resources.school.cohort("rag-1")
    assert rag1 is not None and rag1["starts_on"] == TODAY + timedelta(days=20)


def test_lifecycle_enroll_pay_cancel_with_full_refund(resources: Resources) -> None:
    school = resources.school
    enrolled = school.enroll("k1", student_id="ada", cohort_id="rag-2")
    assert enrolled["ok"] and enrolled["result"]["enrollment"]["status"] == "PENDING_PAYMENT"
    paid = school.pay("k2", student_id="ada", cohort_id="rag-2")
    assert paid["ok"] and paid["result"]["charged_cents"] == 90000
    cancelled = school.cancel("k3", student_id="ada", cohort_id="rag-2")
    assert cancelled["ok"]
    assert cancelled["result"]["refund_cents"] == 90000  # rag-2 starts in 45 days
    assert statuses(school, "rag-2") == [("ada", "CANCELLED")]
    assert payments(resources) == [("ada", "charge", 90000), ("ada", "refund", 90000)]
    assert seats(school, "rag-2") == (0, 25)


def test_cancel_inside_seven_days_refunds_nothing(resources: Resources) -> None:
    school = resources.school
    cohort = "python-basics-1"  # starts in 3 days
    assert school.enroll("k1", student_id="ada", cohort_id=cohort)["ok"]
    assert school.pay("k2", student_id="ada", cohort_id=cohort)["ok"]
    cancelled = school.cancel("k3", student_id="ada", cohort_id=cohort)
    assert cancelled["result"]["refund_cents"] == 0
    assert [p[1] for p in payments(resources)] == ["charge"]


@pytest.mark.parametrize(
    ("days", "status", "expected"),
    [(7, "CONFIRMED", 500), (6, "CONFIRMED", 0), (30, "PENDING_PAYMENT", 0), (0, "CONFIRMED", 0)],
)
def test_refund_boundary(days: int, status: str, expected: int) -> None:
    assert (
        refund_cents(status=status, paid_cents=500, starts_on=TODAY + timedelta(days=days), today=TODAY)
        == expected
    )


def test_illegal_transitions_are_refused_with_reasons(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("k1", student_id="ada", cohort_id="rag-2")["ok"]
    twice = school.enroll("k2", student_id="ada", cohort_id="rag-2")
    assert twice == {
        "ok": False,
        "error": "already_enrolled",
        "message": "You already have an enrollment in rag-2 (status PENDING_PAYMENT).",
        "details": {"cohort_id": "rag-2", "status": "PENDING_PAYMENT"},
    }
    assert school.cancel("k3", student_id="ada", cohort_id="rag-2")["ok"]
    pay_cancelled = school.pay("k4", student_id="ada", cohort_id="rag-2")
    assert pay_cancelled["error"] == "illegal_transition"
    assert "was cancelled" in pay_cancelled["message"]
    assert school.pay("k5", student_id="bob", cohort_id="rag-2")["error"] == "no_enrollment"
    assert school.enroll("k6", student_id="ada", cohort_id="nope-9")["error"] == "unknown_cohort"
    assert statuses(school, "rag-2") == [("ada", "CANCELLED")]


def test_started_cohort_takes_no_one(resources: Resources) -> None:
    with resources.pool.connection() as conn:
        conn.execute("UPDATE cohorts SET starts_on = %s WHERE id = 'rag-2'", (TODAY,))
    outcome = resources.school.enroll("k1", student_id="ada", cohort_id="rag-2")
    assert outcome["error"] == "cohort_started"
    assert statuses(resources.school, "rag-2") == []


def test_full_cohort_waitlist_and_promotion_on_cancel(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("k1", student_id="ada", cohort_id="rag-1")["ok"]
    full = school.enroll("k2", student_id="bob", cohort_id="rag-1")
    assert full["error"] == "cohort_full"
    early = school.join_waitlist("k0", student_id="cy", cohort_id="rag-2")
    assert early["error"] == "seats_available"
    bob = school.join_waitlist("k3", student_id="bob", cohort_id="rag-1")
    cy = school.join_waitlist("k4", student_id="cy", cohort_id="rag-1")
    assert (bob["result"]["position"], cy["result"]["position"]) == (1, 2)
    cancelled = school.cancel("k5", student_id="ada", cohort_id="rag-1")
    assert cancelled["result"]["promoted"]["student_id"] == "bob"
    assert statuses(school, "rag-1") == [
        ("ada", "CANCELLED"),
        ("bob", "PENDING_PAYMENT"),
        ("cy", "WAITLISTED"),
    ]
    assert seats(school, "rag-1") == (1, 1)
    # Leaving the waitlist frees no seat and promotes no one.
    left = school.cancel("k6", student_id="cy", cohort_id="rag-1")
    assert left["result"]["promoted"] is None and seats(school, "rag-1") == (1, 1)


def test_cancel_after_the_start_refunds_nothing_and_offers_the_seat_to_no_one(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("k1", student_id="ada", cohort_id="rag-1")["ok"]
    assert school.pay("k2", student_id="ada", cohort_id="rag-1")["ok"]
    assert school.join_waitlist("k3", student_id="bob", cohort_id="rag-1")["ok"]
    before_start = school.cancel(PREVIEW, student_id="ada", cohort_id="rag-1")["result"]
    assert (before_start["refund_cents"], before_start["cohort_started"]) == (90000, False)
    assert before_start["promoted"]["student_id"] == "bob"
    with resources.pool.connection() as conn:
        conn.execute("UPDATE cohorts SET starts_on = %s WHERE id = 'rag-1'", (TODAY,))
    cancelled = school.cancel("k4", student_id="ada", cohort_id="rag-1")
    assert cancelled["ok"]
    result = cancelled["result"]
    assert (result["refund_cents"], result["promoted"], result["cohort_started"]) == (0, None, True)
    # The seat is empty and stays so: the cohort takes nobody new, and bob keeps his place in line.
    assert statuses(school, "rag-1") == [("ada", "CANCELLED"), ("bob", "WAITLISTED")]
    assert seats(school, "rag-1") == (0, 1)
    assert payments(resources) == [("ada", "charge", 90000)]
    assert school.enroll("k5", student_id="cy", cohort_id="rag-1")["error"] == "cohort_started"


def test_a_free_course_confirms_at_once_with_no_charge_and_no_hold(resources: Resources) -> None:
    school, cohort = resources.school, "command-line-git-2"
    preview = school.enroll(PREVIEW, student_id="ada", cohort_id=cohort)
    enrolled = school.enroll("k1", student_id="ada", cohort_id=cohort)
    assert enrolled["ok"] and enrolled["result"]["price_cents"] == 0
    assert (
        enrolled["result"]["enrollment"]["status"] == preview["result"]["enrollment"]["status"] == "CONFIRMED"
    )
    paid = school.pay("k2", student_id="ada", cohort_id=cohort)
    assert (paid["error"], paid["message"]) == (
        "illegal_transition",
        "Your enrollment in command-line-git-2 cannot be paid: the course is free, so your place is "
        "confirmed with nothing to pay.",
    )
    with resources.pool.connection() as conn:
        held = conn.execute("SELECT hold_started_at FROM enrollments").fetchall()
        # No hold, so no expiry however late it gets.
        later = datetime.now(UTC) + timedelta(days=365)
        assert held == [{"hold_started_at": None}]
        assert holds.due_holds(conn, now=later, hold_hours=1) == []
    cancelled = school.cancel("k3", student_id="ada", cohort_id=cohort)
    assert cancelled["ok"] and cancelled["result"]["refund_cents"] == 0
    assert payments(resources) == []


def test_the_first_waitlisted_student_of_a_free_course_gets_the_seat_confirmed(resources: Resources) -> None:
    school, cohort = resources.school, "command-line-git-2"
    with resources.pool.connection() as conn:
        conn.execute("UPDATE cohorts SET capacity = 1 WHERE id = %s", (cohort,))
    assert school.enroll("k1", student_id="ada", cohort_id=cohort)["ok"]
    assert school.join_waitlist("k2", student_id="bob", cohort_id=cohort)["ok"]
    cancelled = school.cancel("k3", student_id="ada", cohort_id=cohort)
    assert cancelled["result"]["promoted"]["status"] == "CONFIRMED"
    assert statuses(school, cohort) == [("ada", "CANCELLED"), ("bob", "CONFIRMED")]
    assert seats(school, cohort) == (1, 1)


def test_the_migration_confirms_free_seats_and_names_the_provider_of_earlier_attempts(
    database_url: str,
) -> None:
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row) as conn:
        for migration in migrations.MIGRATIONS:
            if migration.version < 9 and migration.file != migrations.ENGINE_SCHEMA:
                conn.execute(migration.sql(), prepare=False)  # type: ignore[call-overload]  # shipped SQL file
        conn.execute(
            "INSERT INTO courses VALUES ('free', 'F', 'd', 'beginner', 0, 1), ('paid', 'P', 'd', 'beginner', 100, 1)"
        )
        conn.execute(
            "INSERT INTO cohorts VALUES ('free-1', 'free', '2027-01-01', 3, 1), ('paid-1', 'paid', '2027-01-01', 3, 2)"
        )
        conn.execute(
            "INSERT INTO enrollments (student_id, cohort_id, status, hold_started_at) VALUES"
            " ('ada', 'free-1', 'PENDING_PAYMENT', '2026-11-02'),"
            " ('bob', 'paid-1', 'PENDING_PAYMENT', '2026-11-02'), ('cy', 'paid-1', 'CONFIRMED', NULL)"
        )
        conn.execute(
            "INSERT INTO payment_attempts (key, kind, enrollment_id, amount_cents, description, status, provider_id)"
            " VALUES ('k', 'charge', 3, 100, 'P', 'succeeded', 'ch_1')"
        )
        (nine,) = [m for m in migrations.MIGRATIONS if m.version == 9]
        conn.execute(nine.sql(), prepare=False)  # type: ignore[call-overload]  # shipped SQL file
        rows = conn.execute("SELECT student_id, status FROM enrollments ORDER BY id").fetchall()
        assert [tuple(r.values()) for r in rows] == [
            ("ada", "CONFIRMED"),
            ("bob", "PENDING_PAYMENT"),
            ("cy", "CONFIRMED"),
        ]
        assert conn.execute("SELECT key, provider FROM payment_attempts").fetchall() == [
            {"key": "k", "provider": "fake"}
        ]
        # A student who moved out of a cohort may come back to it: a TRANSFERRED row is not active.
        conn.execute("UPDATE enrollments SET status = 'TRANSFERRED' WHERE student_id = 'cy'")
        conn.execute(
            "INSERT INTO enrollments (student_id, cohort_id, status) VALUES ('cy', 'paid-1', 'CONFIRMED')"
        )
        with pytest.raises(psycopg.errors.UniqueViolation):
            conn.execute(
                "INSERT INTO enrollments (student_id, cohort_id, status) VALUES ('cy', 'paid-1', 'CONFIRMED')"
            )


def test_same_key_returns_first_outcome_and_changes_nothing(resources: Resources) -> None:
    school = resources.school
    first = school.enroll("thread-1:a1", student_id="ada", cohort_id="rag-2")
    again = school.enroll("thread-1:a1", student_id="ada", cohort_id="rag-2")
    assert again == {**first, "replayed": True}
    assert statuses(school, "rag-2") == [("ada", "PENDING_PAYMENT")]
    assert seats(school, "rag-2") == (1, 25)
    # A refusal is an outcome too: replaying it refuses the same way, even if the world changed.
    refused = school.pay("thread-1:a2", student_id="ada", cohort_id="rag-1")
    assert school.pay("thread-1:a2", student_id="ada", cohort_id="rag-1") == {**refused, "replayed": True}
    with pytest.raises(IdempotencyConflictError):
        school.enroll("thread-1:a1", student_id="ada", cohort_id="rag-1")


def test_capacity_is_a_database_guarantee(resources: Resources) -> None:
    with resources.pool.connection() as conn, pytest.raises(psycopg.errors.CheckViolation):
        conn.execute("UPDATE cohorts SET seats_taken = capacity + 1 WHERE id = 'rag-1'")
    with resources.pool.connection() as conn, pytest.raises(psycopg.errors.UniqueViolation):
        for _ in range(2):
            conn.execute(
                "INSERT INTO enrollments (student_id, cohort_id, status) VALUES ('ada', 'rag-2', 'CONFIRMED')"
            )


def test_search_finds_by_topic_and_by_id_and_nothing_for_unknown(resources: Resources) -> None:
    school = resources.school
    assert school.search("retrieval augmented generation")[0]["id"] == "rag"
    assert school.search("tell me about rag-2")[0]["id"] == "rag"
    assert school.search("do you teach knitting?") == []
    hit: dict[str, Any] = school.search("sql")[0]
    assert hit["id"] == "sql-fundamentals"
    assert [h["id"] for h in hit["cohorts"]] == ["sql-fundamentals-1", "sql-fundamentals-2"]


def test_concurrent_enrollments_never_exceed_capacity(resources: Resources) -> None:
    from concurrent.futures import ThreadPoolExecutor
    from threading import Barrier

    barrier = Barrier(8)

    def enroll(i: int) -> str:
        barrier.wait()  # all eight transactions start together
        outcome = resources.school.enroll(f"race-{i}", student_id=f"s{i}", cohort_id="rag-1")
        return "ok" if outcome["ok"] else outcome["error"]

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = sorted(pool.map(enroll, range(8)))
    assert results == ["cohort_full"] * 7 + ["ok"]
    assert seats(resources.school, "rag-1") == (1, 1)
    assert len(resources.school.enrollments(cohort_id="rag-1")) == 1
