"""Transfers between cohorts of the same course, on a real Postgres: one transaction, the payment
carried over and refunded once, the old seat to its waitlist, refusals that change nothing.

The seed's `rag` course has rag-1 (starts in 20 days, 1 seat) and rag-2 (45 days, 25 seats), at
€900; `command-line-git` is free. The crash points inside a transfer are the crash sweep's
(`tests/test_crash_sweep.py`).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from threading import Barrier
from typing import Any

import pytest

from agent.domain import PREVIEW, School
from agent.domain.errors import IdempotencyConflictError
from agent.infra.fake_provider import FakePaymentProvider
from agent.infra.persistence import Resources
from graphs import tools
from graphs.nodes.execute import result_message
from graphs.nodes.proposals import Refusal, prepare
from tests.support.fakes import SpyProvider
from tests.support.school import TODAY

PRICE = 90_000


def spied(res: Resources) -> tuple[School, SpyProvider]:
    spy = SpyProvider(FakePaymentProvider(res.pool))
    school = School(res.pool, clock=res.settings.current_date, payments=spy, hold_lock=res.school.hold_lock)
    return school, spy


def rows(res: Resources, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    with res.pool.connection() as conn:
        return [tuple(r.values()) for r in conn.execute(sql, args).fetchall()]


def enrollments(res: Resources) -> list[tuple[Any, ...]]:
    """(student, cohort, status, the cohort it was transferred from), oldest first."""
    return rows(
        res,
        "SELECT e.student_id, e.cohort_id, e.status, s.cohort_id AS source FROM enrollments e"
        " LEFT JOIN enrollments s ON s.id = e.transferred_from ORDER BY e.id",
    )


def payments(res: Resources) -> list[tuple[Any, ...]]:
    """(kind, amount, the enrollment's cohort), oldest first."""
    return rows(
        res,
        "SELECT p.kind, p.amount_cents, e.cohort_id FROM payments p"
        " JOIN enrollments e ON e.id = p.enrollment_id ORDER BY p.id",
    )


def seats(res: Resources, *cohorts: str) -> list[int]:
    by_id = dict(rows(res, "SELECT id, seats_taken FROM cohorts WHERE id = ANY(%s)", list(cohorts)))
    return [by_id[c] for c in cohorts]


def everything(res: Resources) -> list[list[tuple[Any, ...]]]:
    """The domain's tables and the provider's, to show that something changed nothing."""
    return [
        rows(res, "SELECT * FROM enrollments ORDER BY id"),
        rows(res, "SELECT * FROM payments ORDER BY id"),
        rows(res, "SELECT id, seats_taken FROM cohorts ORDER BY id"),
        rows(res, "SELECT key, status FROM payment_attempts ORDER BY key"),
    ]


def starts_in(res: Resources, cohort: str, days: int) -> None:
    with res.pool.connection() as conn:
        conn.execute(
            "UPDATE cohorts SET starts_on = %s WHERE id = %s", (TODAY + timedelta(days=days), cohort)
        )


def move(school: School, key: str, student: str, source: str, target: str) -> dict[str, Any]:
    return school.transfer(key, student_id=student, from_cohort_id=source, cohort_id=target)


def brief(result: dict[str, Any]) -> dict[str, Any]:
    """The result without its rows' ids and times."""
    out = {k: v for k, v in result.items() if k not in ("enrollment", "from_enrollment", "promoted")}
    for name in ("enrollment", "from_enrollment", "promoted"):
        row = result[name]
        out[name] = row and (row["student_id"], row["cohort_id"], row["status"])
    return out


def test_a_paid_seat_moves_confirmed_and_its_payment_is_carried_over(resources: Resources) -> None:
    school, spy = spied(resources)
    assert school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    assert school.pay("p", student_id="ada", cohort_id="rag-2")["ok"]
    spy.calls.clear()
    moved = move(school, "t", "ada", "rag-2", "rag-1")
    assert moved["ok"], moved
    assert brief(moved["result"]) == {
        "enrollment": ("ada", "rag-1", "CONFIRMED"),
        "from_enrollment": ("ada", "rag-2", "TRANSFERRED"),
        "from_cohort_id": "rag-2",
        "cohort_id": "rag-1",
        "status": "CONFIRMED",
        "price_cents": PRICE,
        "carried_cents": PRICE,
        "from_started": False,
        "promoted": None,
    }
    assert enrollments(resources) == [
        ("ada", "rag-2", "TRANSFERRED", None),
        ("ada", "rag-1", "CONFIRMED", "rag-2"),
    ]
    # The charge stays where it was made; no money moves and the provider is not asked.
    assert payments(resources) == [("charge", PRICE, "rag-2")]
    assert spy.calls == []
    assert seats(resources, "rag-2", "rag-1") == [0, 1]
    # The new seat is paid: paying again is refused; the old one is gone.
    again = school.pay("p2", student_id="ada", cohort_id="rag-1")
    assert (again["error"], again["message"]) == (
        "illegal_transition",
        "Your enrollment in rag-1 cannot be paid: it is already paid.",
    )
    old = school.cancel("c-old", student_id="ada", cohort_id="rag-2")
    assert (old["error"], old["message"]) == (
        "illegal_transition",
        "Your enrollment in rag-2 moved to rag-1; there is nothing left to change in rag-2.",
    )


def test_an_unpaid_seat_moves_with_its_hold_and_is_paid_in_the_new_cohort(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    moved = move(school, "t", "ada", "rag-2", "rag-1")
    assert moved["ok"]
    assert (moved["result"]["status"], moved["result"]["carried_cents"]) == ("PENDING_PAYMENT", 0)
    # The hold keeps its start: moving never lengthens the time to pay.
    holds = rows(resources, "SELECT cohort_id, hold_started_at FROM enrollments ORDER BY id")
    assert holds[0][1] == holds[1][1] is not None
    paid = school.pay("p", student_id="ada", cohort_id="rag-1")
    assert paid["ok"] and paid["result"]["charged_cents"] == PRICE
    assert payments(resources) == [("charge", PRICE, "rag-1")]


def test_cancelling_the_new_enrollment_refunds_the_carried_payment_once(resources: Resources) -> None:
    school, spy = spied(resources)
    assert school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    assert school.pay("p", student_id="ada", cohort_id="rag-2")["ok"]
    # There and back again: the payment follows the seat through both moves.
    assert move(school, "t1", "ada", "rag-2", "rag-1")["ok"]
    back = move(school, "t2", "ada", "rag-1", "rag-2")
    assert back["ok"] and back["result"]["carried_cents"] == PRICE
    spy.calls.clear()
    cancelled = school.cancel("c", student_id="ada", cohort_id="rag-2")
    assert cancelled["ok"] and cancelled["result"]["refund_cents"] == PRICE
    assert [c[0] for c in spy.calls] == ["refund"]
    # One charge, one refund of it at the provider, recorded on the enrollment that was cancelled.
    assert payments(resources) == [("charge", PRICE, "rag-2"), ("refund", PRICE, "rag-2")]
    charge_id = rows(resources, "SELECT provider_id FROM payment_attempts WHERE kind = 'charge'")
    assert rows(resources, "SELECT refund_of FROM payment_attempts WHERE kind = 'refund'") == charge_id
    assert rows(resources, "SELECT kind, amount_cents FROM fake_provider_charges ORDER BY created_at") == [
        ("charge", PRICE),
        ("refund", PRICE),
    ]
    assert enrollments(resources) == [
        ("ada", "rag-2", "TRANSFERRED", None),
        ("ada", "rag-1", "TRANSFERRED", "rag-2"),
        ("ada", "rag-2", "CANCELLED", "rag-1"),
    ]
    # Nothing is left that could be refunded a second time.
    for cohort in ("rag-1", "rag-2"):
        assert (
            school.cancel(f"c-{cohort}", student_id="ada", cohort_id=cohort)["error"] == "illegal_transition"
        )
    assert len(payments(resources)) == 2


def test_the_refund_of_a_carried_payment_follows_the_new_cohorts_start(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    assert school.pay("p", student_id="ada", cohort_id="rag-2")["ok"]
    assert move(school, "t", "ada", "rag-2", "rag-1")["ok"]
    starts_in(resources, "rag-1", 5)  # the new cohort now starts inside the refund window
    cancelled = school.cancel("c", student_id="ada", cohort_id="rag-1")
    assert cancelled["ok"] and cancelled["result"]["refund_cents"] == 0
    assert payments(resources) == [("charge", PRICE, "rag-2")]


def test_the_old_seat_goes_to_the_first_waitlisted_student(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("e", student_id="ada", cohort_id="rag-1")["ok"]
    for n, student in enumerate(("bob", "cy")):
        assert school.join_waitlist(f"w{n}", student_id=student, cohort_id="rag-1")["ok"]
    moved = move(school, "t", "ada", "rag-1", "rag-2")
    assert moved["ok"]
    assert brief(moved["result"])["promoted"] == ("bob", "rag-1", "PENDING_PAYMENT")
    assert enrollments(resources) == [
        ("ada", "rag-1", "TRANSFERRED", None),
        ("bob", "rag-1", "PENDING_PAYMENT", None),
        ("cy", "rag-1", "WAITLISTED", None),
        ("ada", "rag-2", "PENDING_PAYMENT", "rag-1"),
    ]
    assert seats(resources, "rag-1", "rag-2") == [1, 1]


def test_moving_out_of_a_started_cohort_offers_its_seat_to_no_one(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("e", student_id="ada", cohort_id="rag-1")["ok"]
    assert school.pay("p", student_id="ada", cohort_id="rag-1")["ok"]
    assert school.join_waitlist("w", student_id="bob", cohort_id="rag-1")["ok"]
    starts_in(resources, "rag-1", -1)
    moved = move(school, "t", "ada", "rag-1", "rag-2")
    assert moved["ok"]
    result = moved["result"]
    assert (result["from_started"], result["promoted"], result["carried_cents"]) == (True, None, PRICE)
    assert enrollments(resources)[1] == ("bob", "rag-1", "WAITLISTED", None)
    assert seats(resources, "rag-1", "rag-2") == [0, 1]


def test_a_free_seat_moves_confirmed_with_nothing_carried(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("e", student_id="ada", cohort_id="command-line-git-1")["ok"]
    moved = move(school, "t", "ada", "command-line-git-1", "command-line-git-2")
    assert moved["ok"]
    result = moved["result"]
    assert (result["status"], result["carried_cents"], result["price_cents"]) == ("CONFIRMED", 0, 0)
    assert payments(resources) == []


@pytest.mark.parametrize(
    ("setup", "source", "target", "error", "message"),
    [
        (
            [("enroll", "bob", "rag-1"), ("enroll", "ada", "rag-2")],
            "rag-2",
            "rag-1",
            "cohort_full",
            "Cohort rag-1 is full; its waitlist is open.",
        ),
        (
            [("enroll", "ada", "rag-2")],
            "rag-2",
            "python-basics-2",
            "different_course",
            "rag-2 and python-basics-2 are cohorts of different courses; a transfer stays within one "
            "course. To change course, cancel one enrollment and enroll in the other.",
        ),
        (
            [("enroll", "ada", "rag-2")],
            "rag-2",
            "rag-2",
            "same_cohort",
            "You are already in rag-2; a transfer moves you to another cohort of the course.",
        ),
        (
            [("enroll", "ada", "rag-2")],
            "rag-2",
            "rag-9",
            "unknown_cohort",
            "There is no cohort with id 'rag-9'.",
        ),
        ([], "rag-2", "rag-1", "no_enrollment", "You have no enrollment in rag-2."),
        (
            [("enroll", "bob", "rag-1"), ("join_waitlist", "ada", "rag-1")],
            "rag-1",
            "rag-2",
            "illegal_transition",
            "You are on the waitlist of rag-1, not in a seat, so there is no seat to move; ask to enroll "
            "in rag-2 instead.",
        ),
        (
            [("enroll", "ada", "rag-2"), ("enroll", "ada", "rag-1")],
            "rag-2",
            "rag-1",
            "already_enrolled",
            "You already have an enrollment in rag-1 (status PENDING_PAYMENT).",
        ),
    ],
)
def test_refusals_say_why_and_change_nothing(
    resources: Resources,
    setup: list[tuple[str, str, str]],
    source: str,
    target: str,
    error: str,
    message: str,
) -> None:
    school = resources.school
    for n, (op, student, cohort) in enumerate(setup):
        assert getattr(school, op)(f"s{n}", student_id=student, cohort_id=cohort)["ok"]
    before = everything(resources)
    preview = move(school, PREVIEW, "ada", source, target)
    refused = move(school, "t", "ada", source, target)
    assert (refused["error"], refused["message"]) == (error, message)
    assert preview == refused
    assert everything(resources) == before


def test_a_started_target_is_refused(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    starts_in(resources, "rag-1", 0)
    refused = move(school, "t", "ada", "rag-2", "rag-1")
    assert refused["error"] == "cohort_started"
    assert enrollments(resources) == [("ada", "rag-2", "PENDING_PAYMENT", None)]


def test_the_same_key_answers_as_the_first_time_and_changes_nothing(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    first = move(school, "t", "ada", "rag-2", "rag-1")
    after = everything(resources)
    assert move(school, "t", "ada", "rag-2", "rag-1") == {**first, "replayed": True}
    assert everything(resources) == after
    with pytest.raises(IdempotencyConflictError):
        move(school, "t", "ada", "rag-1", "rag-2")
    with pytest.raises(ValueError, match="idempotency key is required"):
        move(school, "", "ada", "rag-1", "rag-2")
    assert everything(resources) == after


def test_a_preview_tells_the_outcome_and_changes_nothing(resources: Resources) -> None:
    school, spy = spied(resources)
    assert school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    assert school.pay("p", student_id="ada", cohort_id="rag-2")["ok"]
    assert school.join_waitlist("w", student_id="bob", cohort_id="rag-1") == {
        "ok": False,
        "error": "seats_available",
        "message": "Cohort rag-1 still has free seats; enroll instead of waiting.",
        "details": {"cohort_id": "rag-1"},
    }
    spy.calls.clear()
    before = everything(resources)
    preview = move(school, PREVIEW, "ada", "rag-2", "rag-1")
    assert everything(resources) == before and spy.calls == []
    done = move(school, "t", "ada", "rag-2", "rag-1")
    assert brief(preview["result"]) == brief(done["result"])


def test_transfers_racing_for_the_last_seat_take_it_once(resources: Resources) -> None:
    school = resources.school
    students = [f"s{i}" for i in range(6)]
    for student in students:
        assert school.enroll(f"e-{student}", student_id=student, cohort_id="rag-2")["ok"]
    barrier = Barrier(len(students))

    def race(student: str) -> str:
        barrier.wait()
        outcome = move(school, f"t-{student}", student, "rag-2", "rag-1")
        return "ok" if outcome["ok"] else outcome["error"]

    with ThreadPoolExecutor(max_workers=len(students)) as pool:
        results = sorted(pool.map(race, students))
    assert results == ["cohort_full"] * 5 + ["ok"]
    assert seats(resources, "rag-1", "rag-2") == [1, 5]


def test_opposite_transfers_at_once_do_not_deadlock(resources: Resources) -> None:
    school = resources.school
    with resources.pool.connection() as conn:
        conn.execute("UPDATE cohorts SET capacity = 2 WHERE id = 'rag-1'")
    assert school.enroll("e1", student_id="ada", cohort_id="rag-2")["ok"]
    assert school.enroll("e2", student_id="cy", cohort_id="rag-1")["ok"]
    barrier = Barrier(2)

    def race(args: tuple[str, str, str]) -> bool:
        barrier.wait()
        return bool(move(school, f"t-{args[0]}", *args)["ok"])

    # Each locks both cohorts, in the order of their ids, so neither waits for the other forever.
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(race, [("ada", "rag-2", "rag-1"), ("cy", "rag-1", "rag-2")]))
    assert results == [True, True]
    assert seats(resources, "rag-1", "rag-2") == [1, 1]
    assert sorted(e[:3] for e in enrollments(resources) if e[3]) == [
        ("ada", "rag-1", "PENDING_PAYMENT"),
        ("cy", "rag-2", "PENDING_PAYMENT"),
    ]


# -- the tool layer: arguments, the proposal's description, the student's result message -------------
def test_only_a_transfer_takes_the_cohort_it_leaves() -> None:
    assert tools.validate("transfer", {"cohort_id": "RAG-1 ", "from_cohort_id": "rag-2"}) == (
        "transfer",
        {"cohort_id": "rag-1", "from_cohort_id": "rag-2"},
    )
    with pytest.raises(
        tools.InvalidActionError, match="from_cohort_id must be a cohort id such as 'rag-2', got None"
    ):
        tools.validate("transfer", {"cohort_id": "rag-1"})
    with pytest.raises(
        tools.InvalidActionError, match="enroll takes only cohort_id; unexpected: from_cohort_id"
    ):
        tools.validate("enroll", {"cohort_id": "rag-1", "from_cohort_id": "rag-2"})
    with pytest.raises(
        tools.InvalidActionError,
        match="transfer takes only cohort_id and from_cohort_id; unexpected: student_id",
    ):
        tools.validate("transfer", {"cohort_id": "rag-1", "from_cohort_id": "rag-2", "student_id": "bob"})


def propose_and_run(res: Resources, name: str, cohort: str, source: str | None = None) -> tuple[str, str]:
    """The proposal's description, then the message after it ran (through the tool layer)."""
    action = prepare(res.school, name, cohort_id=cohort, student_id="ada", from_cohort_id=source)
    assert not isinstance(action, Refusal), action
    outcome = tools.perform(
        res.school, action["name"], key=action["id"], student_id="ada", args=action["args"]
    )
    return action["description"], result_message(action, outcome)


def test_a_paid_transfer_is_described_and_reported_with_its_payment_carried_over(
    resources: Resources,
) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    assert resources.school.pay("p", student_id="ada", cohort_id="rag-2")["ok"]
    assert (
        resources.school.join_waitlist("w", student_id="bob", cohort_id="rag-1")["error"] == "seats_available"
    )
    assert propose_and_run(resources, "transfer", "rag-1", "rag-2") == (
        "Move ada from rag-2 to rag-1 (Retrieval-Augmented Generation, starts 2026-12-21), in the same "
        "course. The payment of €900 is carried over: nothing more to pay. The seat left in rag-2 is freed.",
        "Done: you moved from rag-2 to rag-1. Your payment of €900 is carried over: your place is confirmed.",
    )


def test_an_unpaid_transfer_says_the_payment_is_still_due(resources: Resources) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-1")["ok"]
    assert resources.school.join_waitlist("w", student_id="bob", cohort_id="rag-1")["ok"]
    assert propose_and_run(resources, "transfer", "rag-2", "rag-1") == (
        "Move ada from rag-1 to rag-2 (Retrieval-Augmented Generation, starts 2027-01-15), in the same "
        "course. The seat stays held for payment: €900 is due, by the same deadline as before. The seat "
        "left in rag-1 goes to the first student on its waitlist.",
        "Done: you moved from rag-1 to rag-2. Your seat is held: payment of €900 is due by the same "
        "deadline as before; say 'pay for rag-2' when ready.",
    )


def test_a_transfer_out_of_a_started_cohort_says_its_seat_is_offered_to_no_one(resources: Resources) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="command-line-git-1")["ok"]
    starts_in(resources, "command-line-git-1", -1)
    assert propose_and_run(resources, "transfer", "command-line-git-2", "command-line-git-1") == (
        "Move ada from command-line-git-1 to command-line-git-2 (Command Line and Git Essentials, starts "
        "2026-12-25), in the same course. The course is free: the place stays confirmed. command-line-git-1 "
        "has already started, so the seat left there is not offered to anyone.",
        "Done: you moved from command-line-git-1 to command-line-git-2. Your place is confirmed; the course "
        "is free.",
    )


def test_a_transfer_the_domain_refuses_is_not_proposed(resources: Resources) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    refusal = prepare(
        resources.school, "transfer", cohort_id="sql-fundamentals-2", student_id="ada", from_cohort_id="rag-2"
    )
    assert refusal == Refusal(
        "rag-2 and sql-fundamentals-2 are cohorts of different courses; a transfer stays within one course. "
        "To change course, cancel one enrollment and enroll in the other."
    )


def test_a_free_course_is_described_and_reported_as_confirmed_at_once(resources: Resources) -> None:
    assert propose_and_run(resources, "enroll", "command-line-git-2") == (
        "Enroll ada in command-line-git-2 (Command Line and Git Essentials, starts 2026-12-25). The course "
        "is free: the place is confirmed at once.",
        "Done: you are enrolled in command-line-git-2 and your place is confirmed. The course is free.",
    )
    assert propose_and_run(resources, "cancel", "command-line-git-2") == (
        "Cancel ada's enrollment in command-line-git-2 (Command Line and Git Essentials, starts 2026-12-25). "
        "The course is free, so there is nothing to refund.",
        "Done: your enrollment in command-line-git-2 is cancelled. No refund is due.",
    )


def test_a_cancellation_after_the_start_is_described_as_refunding_nothing(resources: Resources) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-1")["ok"]
    assert resources.school.pay("p", student_id="ada", cohort_id="rag-1")["ok"]
    starts_in(resources, "rag-1", 0)
    description, message = propose_and_run(resources, "cancel", "rag-1")
    assert description == (
        "Cancel ada's enrollment in rag-1 (Retrieval-Augmented Generation, starts 2026-12-01). No refund: "
        "it has already started, and the seat is not offered to anyone."
    )
    assert message == "Done: your enrollment in rag-1 is cancelled. No refund is due."


def test_the_load_checks_count_a_carried_payment_as_the_new_seats(resources: Resources) -> None:
    from qa.load_checks import one_charge_one_refund, one_enrollment

    school = resources.school
    for n, student in enumerate(("ada", "bob")):
        assert school.enroll(f"e{n}", student_id=student, cohort_id="rag-2")["ok"]
        assert school.pay(f"p{n}", student_id=student, cohort_id="rag-2")["ok"]
    assert move(school, "t", "ada", "rag-2", "rag-1")["ok"]
    assert move(school, "t2", "bob", "rag-2", "python-basics-2")["error"] == "different_course"
    assert school.cancel("c", student_id="ada", cohort_id="rag-1")["result"]["refund_cents"] == PRICE
    assert school.enroll("e2", student_id="ada", cohort_id="rag-2")["ok"]
    with resources.pool.connection() as conn:
        findings = [one_enrollment(conn), one_charge_one_refund(conn)]
    assert [(f.name, f.ok) for f in findings] == [
        ("no duplicate enrollment", True),
        ("no duplicate charge or refund", True),
    ], findings
