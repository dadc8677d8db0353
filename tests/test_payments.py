"""Payments through the provider adapter when outcomes are unknown: lost responses, SIGKILL, declines.

The fake provider keeps its charges in `fake_provider_charges`, so a charge made by a process that
was killed can be counted from this one. Nothing may be charged or refunded twice.
"""

from __future__ import annotations

import signal
from typing import Any

import pytest
from langchain_core.messages import HumanMessage

from agent.domain import PREVIEW, School
from agent.infra.fake_provider import FakePaymentProvider, Fault
from agent.infra.persistence import Resources
from agent.runtime import threads
from graphs.school import build_graph
from graphs.state import Context
from tests.support.fakes import SpyProvider
from tests.support.school import run_cli

UNKNOWN = (
    "I could not complete that: The payment provider did not answer in time, so the outcome of "
    "your payment of €900 for rag-2 is unknown. It will be checked with the provider before "
    "anything is charged again, so you cannot be charged twice: ask to pay for rag-2 again to "
    "finish it."
)
PAID = "Payment of €900 received: your place in rag-2 is confirmed."
DECLINED = (
    "Your payment of €900 for rag-2 was declined by the payment provider, so nothing was "
    "charged. Your seat is still held and awaits payment; you can try again."
)


def school_with(res: Resources, fault: Fault | None = None) -> tuple[School, SpyProvider]:
    spy = SpyProvider(FakePaymentProvider(res.pool, fault=fault))
    school = School(res.pool, clock=res.settings.current_date, payments=spy, hold_lock=res.school.hold_lock)
    return school, spy


def graph_on(res: Resources, school: School) -> Any:
    return build_graph(checkpointer=res.checkpointer, store=res.store, school=school, settings=res.settings)


def rows(res: Resources, sql: str) -> list[tuple[Any, ...]]:
    with res.pool.connection() as conn:
        return [tuple(r.values()) for r in conn.execute(sql).fetchall()]


def provider_moves(res: Resources) -> list[tuple[Any, ...]]:
    """What the provider did: (kind, status, amount), oldest first."""
    return rows(res, "SELECT kind, status, amount_cents FROM fake_provider_charges ORDER BY created_at")


def payments(res: Resources) -> list[tuple[Any, ...]]:
    return rows(res, "SELECT kind, amount_cents FROM payments ORDER BY id")


def attempts(res: Resources) -> list[tuple[Any, ...]]:
    return rows(res, "SELECT key, kind, status FROM payment_attempts ORDER BY created_at")


def statuses(res: Resources) -> list[str]:
    return [r["status"] for r in res.school.enrollments(student_id="ada")]


def say(graph: Any, thread: str, text: str) -> None:
    graph.invoke(
        {"messages": [HumanMessage(text)]},
        {"configurable": {"thread_id": thread}},
        context=Context(user_id="ada"),
    )


def last_reply(graph: Any, thread: str) -> str:
    content: str = graph.get_state({"configurable": {"thread_id": thread}}).values["messages"][-1].content
    return content


def pay_in_chat(graph: Any, thread: str) -> str:
    say(graph, thread, "I want to pay for rag-2")
    say(graph, thread, "yes")
    return last_reply(graph, thread)


def test_charge_made_but_response_lost_is_found_by_lookup_on_retry(resources: Resources) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    flaky, _ = school_with(resources, "timeout_after_charge")
    assert pay_in_chat(graph_on(resources, flaky), "t") == UNKNOWN
    # The provider charged; nothing is recorded as paid, and the attempt says the outcome is unknown.
    assert provider_moves(resources) == [("charge", "succeeded", 90000)]
    assert payments(resources) == [] and statuses(resources) == ["PENDING_PAYMENT"]
    [(first_key, _, status)] = attempts(resources)
    assert status == "pending"

    # The student asks again (a new action, a new key): the provider is asked about the first key
    # and the charge it made is recorded; nothing is charged again.
    healthy, spy = school_with(resources)
    assert pay_in_chat(graph_on(resources, healthy), "t") == PAID
    assert spy.calls == [("lookup", first_key)]
    assert provider_moves(resources) == [("charge", "succeeded", 90000)]
    assert payments(resources) == [("charge", 90000)] and statuses(resources) == ["CONFIRMED"]
    assert attempts(resources) == [(first_key, "charge", "succeeded")]
    # Both actions answer the same from now on, without asking the provider.
    outcomes = rows(resources, "SELECT name, outcome->>'ok' FROM operations WHERE name = 'pay'")
    assert outcomes == [("pay", "true"), ("pay", "true")]
    assert healthy.pay(first_key, student_id="ada", cohort_id="rag-2")["replayed"] is True
    assert spy.calls == [("lookup", first_key)]


@pytest.mark.parametrize(
    ("fault", "calls_on_retry"),
    [
        ("timeout_after_charge", [("lookup", "k")]),
        ("timeout_before_charge", [("lookup", "k"), ("charge", "k")]),
    ],
)
def test_the_same_key_retried_asks_the_provider_before_charging(
    resources: Resources, fault: Fault, calls_on_retry: list[tuple[str, str]]
) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    flaky, _ = school_with(resources, fault)
    unknown = flaky.pay("k", student_id="ada", cohort_id="rag-2")
    assert (unknown["ok"], unknown["error"], "replayed" in unknown) == (False, "payment_unknown", False)
    healthy, spy = school_with(resources)
    paid = healthy.pay("k", student_id="ada", cohort_id="rag-2")
    assert paid["ok"] and paid["result"]["charged_cents"] == 90000
    assert spy.calls == calls_on_retry
    assert provider_moves(resources) == [("charge", "succeeded", 90000)]
    assert payments(resources) == [("charge", 90000)] and statuses(resources) == ["CONFIRMED"]


def test_sigkill_after_the_provider_charged_resumes_to_exactly_one_charge(
    graph: Any, resources: Resources
) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    turn = threads.send(graph, "crash", "I want to pay for rag-2", user_id="ada")
    assert turn.pending is not None and turn.pending["action_requests"][0]["name"] == "pay"
    killed = run_cli(  # ada's "yes" to paying, killed right after the provider charged
        resources.settings,
        "send",
        "crash",
        "yes",
        "--user",
        "ada",
        check=False,
        extra_env={"SCHOOL_FAULT_POINT": "pay.after_provider_charge"},
    )
    assert killed.returncode == -signal.SIGKILL
    assert provider_moves(resources) == [("charge", "succeeded", 90000)]
    assert payments(resources) == [] and statuses(resources) == ["PENDING_PAYMENT"]
    assert [a[2] for a in attempts(resources)] == ["pending"]
    assert graph.get_state({"configurable": {"thread_id": "crash"}}).next == ("execute",)

    # A provider that would fail any new charge: the resumed step can only succeed by looking the
    # first charge up by its key.
    resumed = run_cli(
        resources.settings,
        "resume",
        "crash",
        extra_env={"SCHOOL_FAKE_PROVIDER_FAULT": "timeout_before_charge"},
    )
    assert PAID in resumed.stdout
    assert provider_moves(resources) == [("charge", "succeeded", 90000)]
    assert payments(resources) == [("charge", 90000)] and statuses(resources) == ["CONFIRMED"]
    assert [a[2] for a in attempts(resources)] == ["succeeded"]


def test_a_declined_charge_leaves_the_seat_awaiting_payment(resources: Resources) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    declining, _ = school_with(resources, "decline")
    assert pay_in_chat(graph_on(resources, declining), "t") == f"I could not complete that: {DECLINED}"
    assert payments(resources) == [] and statuses(resources) == ["PENDING_PAYMENT"]
    assert provider_moves(resources) == [("charge", "declined", 90000)]
    [(declined_key, _, status)] = attempts(resources)
    assert status == "declined"
    # The refusal is stored: the same key answers the same, whatever the provider would say now.
    replay = resources.school.pay(declined_key, student_id="ada", cohort_id="rag-2")
    assert replay == {
        "ok": False,
        "error": "payment_declined",
        "message": DECLINED,
        "details": {"cohort_id": "rag-2"},
        "replayed": True,
    }
    # A new request is a new attempt, and can succeed.
    assert pay_in_chat(graph_on(resources, resources.school), "t") == PAID
    assert payments(resources) == [("charge", 90000)] and statuses(resources) == ["CONFIRMED"]
    assert provider_moves(resources) == [("charge", "declined", 90000), ("charge", "succeeded", 90000)]


def test_refund_made_but_response_lost_is_found_by_lookup_on_retry(resources: Resources) -> None:
    school = resources.school
    assert school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    assert school.pay("p", student_id="ada", cohort_id="rag-2")["ok"]
    flaky, _ = school_with(resources, "timeout_after_charge")
    unknown = flaky.cancel("c1", student_id="ada", cohort_id="rag-2")
    assert unknown == {
        "ok": False,
        "error": "payment_unknown",
        "message": "The payment provider did not answer in time, so the outcome of your refund of €900 "
        "for rag-2 is unknown and your enrollment is unchanged for now. It will be checked "
        "with the provider before anything is refunded again: ask to cancel rag-2 again to "
        "finish it.",
        "details": {"cohort_id": "rag-2", "amount_cents": 90000, "attempt": "c1"},
    }
    assert statuses(resources) == ["CONFIRMED"] and payments(resources) == [("charge", 90000)]

    healthy, spy = school_with(resources)
    cancelled = healthy.cancel("c2", student_id="ada", cohort_id="rag-2")
    assert cancelled["ok"] and cancelled["result"]["refund_cents"] == 90000
    assert spy.calls == [("lookup_refund", "c1")]
    assert healthy.cancel("c1", student_id="ada", cohort_id="rag-2") == {**cancelled, "replayed": True}
    assert healthy.cancel("c2", student_id="ada", cohort_id="rag-2") == {**cancelled, "replayed": True}
    assert spy.calls == [("lookup_refund", "c1")]
    assert provider_moves(resources) == [("charge", "succeeded", 90000), ("refund", "succeeded", 90000)]
    assert payments(resources) == [("charge", 90000), ("refund", 90000)]
    assert statuses(resources) == ["CANCELLED"]
    assert attempts(resources) == [("p", "charge", "succeeded"), ("c1", "refund", "succeeded")]


def test_cancel_settles_an_unknown_payment_first(resources: Resources) -> None:
    # The charge went through but its response was lost; cancelling records it, then refunds it.
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    flaky, _ = school_with(resources, "timeout_after_charge")
    assert flaky.pay("p", student_id="ada", cohort_id="rag-2")["error"] == "payment_unknown"
    healthy, spy = school_with(resources)
    cancelled = healthy.cancel("c", student_id="ada", cohort_id="rag-2")
    assert cancelled["ok"] and cancelled["result"]["refund_cents"] == 90000
    assert spy.calls == [("lookup", "p"), ("refund", "c")]
    assert payments(resources) == [("charge", 90000), ("refund", 90000)]
    assert healthy.pay("p", student_id="ada", cohort_id="rag-2")["result"]["charged_cents"] == 90000


def test_cancel_abandons_a_payment_the_provider_never_made(resources: Resources) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    flaky, _ = school_with(resources, "timeout_before_charge")
    assert flaky.pay("p", student_id="ada", cohort_id="rag-2")["error"] == "payment_unknown"
    healthy, spy = school_with(resources)
    cancelled = healthy.cancel("c", student_id="ada", cohort_id="rag-2")
    assert cancelled["ok"] and cancelled["result"]["refund_cents"] == 0
    assert spy.calls == [("lookup", "p")]
    assert attempts(resources) == [("p", "charge", "abandoned")]
    abandoned = healthy.pay("p", student_id="ada", cohort_id="rag-2")
    assert (abandoned["error"], abandoned["replayed"]) == ("payment_abandoned", True)
    assert payments(resources) == [] and spy.calls == [("lookup", "p")]


def test_previews_never_reach_the_provider(resources: Resources) -> None:
    school, spy = school_with(resources)
    assert school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    preview = school.pay(PREVIEW, student_id="ada", cohort_id="rag-2")
    assert preview["ok"] and preview["result"]["charged_cents"] == 90000
    graph = graph_on(resources, school)
    say(graph, "t", "I want to pay for rag-2")  # the proposal is checked by a preview
    assert graph.get_state({"configurable": {"thread_id": "t"}}).interrupts
    assert spy.calls == [] and payments(resources) == [] and attempts(resources) == []

    assert school.pay("p", student_id="ada", cohort_id="rag-2")["ok"]
    spy.calls.clear()
    preview = school.cancel(PREVIEW, student_id="ada", cohort_id="rag-2")
    assert preview["ok"] and preview["result"]["refund_cents"] == 90000
    say(graph, "c", "I need to cancel my enrollment in rag-2, please")
    assert graph.get_state({"configurable": {"thread_id": "c"}}).interrupts
    assert spy.calls == [] and payments(resources) == [("charge", 90000)]
    assert statuses(resources) == ["CONFIRMED"]


# -- which provider: a refund goes back to the provider that made the charge ------------------------
def renamed(res: Resources, name: str, fault: Fault | None = None) -> SpyProvider:
    """The fake provider under another name, as a second provider adapter would be configured."""
    provider = FakePaymentProvider(res.pool, fault=fault)
    provider.name = name
    return SpyProvider(provider)


def attempts_by_provider(res: Resources) -> list[tuple[Any, ...]]:
    return rows(res, "SELECT key, kind, provider FROM payment_attempts ORDER BY created_at")


def test_a_refund_goes_back_to_the_provider_that_made_the_charge(resources: Resources) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    assert resources.school.pay("p", student_id="ada", cohort_id="rag-2")["ok"]
    # The school has moved to another provider since; the first one is kept for what it made.
    current, earlier = renamed(resources, "newpay"), SpyProvider(FakePaymentProvider(resources.pool))
    school = School(
        resources.pool,
        clock=resources.settings.current_date,
        payments=current,
        earlier_payments=[earlier],
        hold_lock=resources.school.hold_lock,
    )
    cancelled = school.cancel("c", student_id="ada", cohort_id="rag-2")
    assert cancelled["ok"] and cancelled["result"]["refund_cents"] == 90000
    assert (earlier.calls, current.calls) == ([("refund", "c")], [])
    # New charges go to the current provider.
    assert school.enroll("e2", student_id="ada", cohort_id="rag-1")["ok"]
    assert school.pay("p2", student_id="ada", cohort_id="rag-1")["ok"]
    assert current.calls == [("charge", "p2")]
    assert attempts_by_provider(resources) == [
        ("p", "charge", "fake"),
        ("c", "refund", "fake"),
        ("p2", "charge", "newpay"),
    ]


def test_a_refund_no_reachable_provider_can_make_waits_for_an_operator(resources: Resources) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    assert resources.school.pay("p", student_id="ada", cohort_id="rag-2")["ok"]
    current = renamed(resources, "newpay")
    school = School(resources.pool, clock=resources.settings.current_date, payments=current)
    expected = {
        "ok": False,
        "error": "refund_needs_operator",
        "message": "Your payment for rag-2 was made through the payment provider 'fake', which this "
        "school no longer reaches, so the refund of €900 cannot be made automatically; a member of "
        "our team has to make it. Your enrollment is unchanged until then.",
        "details": {"cohort_id": "rag-2", "amount_cents": 90000, "provider": "fake"},
    }
    assert school.cancel(PREVIEW, student_id="ada", cohort_id="rag-2") == expected
    assert school.cancel("c", student_id="ada", cohort_id="rag-2") == expected
    # Never cancelled without the refund it owes; nothing was asked of any provider.
    assert statuses(resources) == ["CONFIRMED"] and payments(resources) == [("charge", 90000)]
    assert current.calls == [] and attempts_by_provider(resources) == [("p", "charge", "fake")]


def test_a_charge_with_no_record_at_a_provider_waits_for_an_operator(resources: Resources) -> None:
    # A payment recorded before the school recorded its calls to providers (the first release).
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    with resources.pool.connection() as conn:
        conn.execute("UPDATE enrollments SET status = 'CONFIRMED'")
        conn.execute(
            "INSERT INTO payments (enrollment_id, kind, amount_cents, operation_key)"
            " SELECT id, 'charge', 90000, 'old' FROM enrollments"
        )
    refused = resources.school.cancel("c", student_id="ada", cohort_id="rag-2")
    assert (refused["error"], refused["message"]) == (
        "refund_needs_operator",
        "Your payment for rag-2 has no record at a payment provider, so the refund of €900 cannot be "
        "made automatically; a member of our team has to make it. Your enrollment is unchanged until then.",
    )
    assert statuses(resources) == ["CONFIRMED"] and payments(resources) == [("charge", 90000)]


def test_a_payment_left_pending_at_a_provider_no_longer_reached_is_left_for_a_person(
    resources: Resources,
) -> None:
    assert resources.school.enroll("e", student_id="ada", cohort_id="rag-2")["ok"]
    flaky, _ = school_with(resources, "timeout_after_charge")
    assert flaky.pay("p", student_id="ada", cohort_id="rag-2")["error"] == "payment_unknown"
    current = renamed(resources, "newpay")
    school = School(resources.pool, clock=resources.settings.current_date, payments=current)
    for op in ("pay", "cancel"):
        outcome = getattr(school, op)(f"{op}-2", student_id="ada", cohort_id="rag-2")
        assert (outcome["error"], outcome["message"]) == (
            "payment_unknown",
            "Your charge of €900 for rag-2 was started with the payment provider 'fake', which this "
            "school no longer reaches, so its outcome is unknown; a member of our team has to settle "
            "it before anything else changes.",
        )
    assert current.calls == [] and statuses(resources) == ["PENDING_PAYMENT"]
