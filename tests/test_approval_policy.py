"""The approval policy: one test per row of the table, then the rows at work in the graph.

The README's policy table names these tests. The graph tests drive the whole flow on Postgres: the
student's "yes", the pause for an operator, the operator's decision, the grants (who, in which role,
under which row) and the domain's end state; and decisions out of policy, which change nothing.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from langgraph.types import Command

from agent.domain.policy import TABLE, Circumstances, Limits, rule_for
from agent.infra.persistence import Resources
from agent.journal import grants
from agent.journal.events import events
from agent.runtime import threads
from tests.support.turns import cfg, say, transcript

NO_LIMIT = Limits()
CANCEL_RAG2 = "Cancel ada's enrollment in rag-2 (Retrieval-Augmented Generation, starts 2027-01-15). Full refund of €900."


def rule(
    action: str, limits: Limits = NO_LIMIT, *, by: str = "ada", **result: Any
) -> tuple[str, tuple[str, ...]]:
    found = rule_for(Circumstances(action, result, student_id="ada", requested_by=by), limits)
    return found.id, found.approvers


# -- one test per row -------------------------------------------------------------------------------


def test_row_for_someone_else_goes_to_an_operator_whatever_the_action() -> None:
    for action in ("enroll", "join_waitlist", "pay", "cancel", "transfer"):
        assert rule(action, by="olga") == ("for-someone-else", ("operator",))


def test_row_enroll_is_the_students_own_confirmation() -> None:
    assert rule("enroll", price_cents=90000) == ("enroll", ("student",))


def test_row_join_waitlist_is_the_students_own_confirmation() -> None:
    assert rule("join_waitlist", position=3) == ("join-waitlist", ("student",))


def test_row_pay_is_the_students_own_confirmation() -> None:
    assert rule("pay", charged_cents=90000) == ("pay", ("student",))


def test_row_cancel_with_a_refund_over_the_limit_needs_the_student_then_an_operator() -> None:
    assert rule("cancel", refund_cents=1) == ("cancel-refund-over-limit", ("student", "operator"))
    limits = Limits(operator_refunds_above_cents=50000)
    assert rule("cancel", limits, refund_cents=50001) == ("cancel-refund-over-limit", ("student", "operator"))


def test_row_cancel_with_a_refund_within_the_limit_is_the_students() -> None:
    limits = Limits(operator_refunds_above_cents=50000)
    assert rule("cancel", limits, refund_cents=50000) == ("cancel-refund-within-limit", ("student",))


def test_row_cancel_after_the_start_is_the_students() -> None:
    assert rule("cancel", refund_cents=0, cohort_started=True) == ("cancel-after-start", ("student",))


def test_row_cancel_without_a_refund_is_the_students() -> None:
    assert rule("cancel", refund_cents=0, cohort_started=False) == ("cancel-no-refund", ("student",))


def test_row_transfer_after_the_start_needs_the_student_then_an_operator() -> None:
    assert rule("transfer", from_started=True) == ("transfer-after-start", ("student", "operator"))


def test_row_transfer_before_the_start_is_the_students() -> None:
    assert rule("transfer", from_started=False) == ("transfer", ("student",))


def test_row_unlisted_action_goes_to_an_operator() -> None:
    assert rule("rename_cohort") == ("unlisted-action", ("operator",))


def test_every_row_is_tested_here_and_ids_are_unique() -> None:
    ids = [r.id for r in TABLE]
    assert len(ids) == len(set(ids))
    tested = {name for name in globals() if name.startswith("test_row_")}
    assert len(tested) == len(TABLE), "a policy row without its own test"


# -- the rows at work in the graph ------------------------------------------------------------------


@pytest.fixture
def paid_rag2(resources: Resources) -> None:
    assert resources.school.enroll("seed-a", student_id="ada", cohort_id="rag-2")["ok"]
    assert resources.school.pay("seed-b", student_id="ada", cohort_id="rag-2")["ok"]


def _grants(resources: Resources, thread: str) -> list[tuple[str, str, str, str, str]]:
    return [
        (g["action_name"], g["reviewer"], g["role"], g["policy"], g["decision"])
        for g in grants.grants_of(resources.pool, thread)
    ]


def test_a_refund_waits_for_an_operator_after_the_students_yes(
    graph: Any, resources: Resources, paid_rag2: None
) -> None:
    result = say(graph, "t", "Please cancel my enrollment in rag-2")
    [asked] = result["__interrupt__"]
    assert asked.value["approver"] == "student"
    assert asked.value["review_configs"] == [
        {"action_name": "cancel", "allowed_decisions": ["approve", "reject"]}
    ]
    assert asked.value["policy"] == {
        "rule": "cancel-refund-over-limit",
        "approvers": ["student", "operator"],
        "approved": [],
    }
    assert transcript(graph, "t")[-1] == (
        "ai",
        f"Here is what I will do once it is approved: {CANCEL_RAG2} Reply 'yes' to confirm or 'no' to "
        "drop it; because it pays out a refund, a member of our staff approves it after you.",
    )
    assert [t.thread_id for t in threads.pending(graph, resources.pool)] == []

    result = say(graph, "t", "yes")
    [asked] = result["__interrupt__"]
    assert asked.value["approver"] == "operator"
    assert asked.value["review_configs"][0]["allowed_decisions"] == ["approve", "edit", "reject"]
    assert asked.value["policy"]["approved"] == ["student"]
    assert transcript(graph, "t")[-1] == (
        "ai",
        "Thank you for confirming. Because it pays out a refund, a member of our staff must approve it as "
        "well; it is waiting for them now, and nothing has changed yet. You will see their decision here.",
    )
    assert [e["status"] for e in resources.school.enrollments(student_id="ada")] == ["CONFIRMED"]
    assert [t.thread_id for t in threads.pending(graph, resources.pool)] == ["t"]

    # A second "yes" from the student is not the operator's.
    result = say(graph, "t", "yes please")
    assert result["__interrupt__"][0].value["approver"] == "operator"
    assert transcript(graph, "t")[-1][1].startswith("Your request is already with our staff. Because")

    graph.invoke(Command(resume={"decisions": [{"type": "approve"}], "reviewer": "olga"}), cfg("t"))
    assert transcript(graph, "t")[-1] == (
        "ai",
        "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full.",
    )
    assert [e["status"] for e in resources.school.enrollments(student_id="ada")] == ["CANCELLED"]
    assert _grants(resources, "t") == [
        ("cancel", "ada", "student", "cancel-refund-over-limit", "approve"),
        ("cancel", "olga", "operator", "cancel-refund-over-limit", "approve"),
    ]
    assert graph.get_state(cfg("t")).interrupts == ()


def test_an_enrollment_runs_on_the_students_yes_alone(graph: Any, resources: Resources) -> None:
    say(graph, "t", "Please enroll me in rag-2")
    say(graph, "t", "yes")
    assert [(e["cohort_id"], e["status"]) for e in resources.school.enrollments()] == [
        ("rag-2", "PENDING_PAYMENT")
    ]
    assert _grants(resources, "t") == [("enroll", "ada", "student", "enroll", "approve")]


def test_an_operator_cannot_approve_what_waits_for_the_student(graph: Any, resources: Resources) -> None:
    say(graph, "t", "Please enroll me in rag-2")
    before = graph.get_state(cfg("t")).values["pending_action"]
    result = graph.invoke(Command(resume={"decisions": [{"type": "approve"}], "reviewer": "olga"}), cfg("t"))
    [asked] = result["__interrupt__"]
    assert asked.value["error"] == (
        "out of policy: enroll waits for the student's confirmation (policy enroll), "
        "not for a decision by the operator"
    )
    assert graph.get_state(cfg("t")).values["pending_action"] == before
    assert resources.school.enrollments() == []
    assert grants.grants_of(resources.pool, "t") == []


@pytest.mark.parametrize(
    ("resume", "error"),
    [
        (
            {"decisions": [{"type": "approve"}], "role": "student", "reviewer": "bob"},
            "only ada confirms their own request, not bob",
        ),
        (
            {"decisions": [{"type": "approve"}], "role": "student", "reviewer": "ada"},
            "out of policy: cancel waits for an operator's decision (policy cancel-refund-over-limit), "
            "not for a decision by the student",
        ),
        (
            {"decisions": [{"type": "approve"}], "role": "admin"},
            "role must be one of student, operator, got 'admin'",
        ),
        (
            {
                "decisions": [{"type": "edit", "edited_action": {"args": {"cohort_id": "rag-1"}}}],
                "role": "student",
            },
            "out of policy: cancel waits for an operator's decision (policy cancel-refund-over-limit), "
            "not for a decision by the student",
        ),
    ],
    ids=["another-student", "student-at-operator-stage", "unknown-role", "student-edit"],
)
def test_a_forged_or_out_of_policy_decision_changes_nothing(
    graph: Any, resources: Resources, paid_rag2: None, resume: dict[str, Any], error: str
) -> None:
    say(graph, "t", "Please cancel my enrollment in rag-2")
    say(graph, "t", "yes")
    before = graph.get_state(cfg("t")).values["pending_action"]
    result = graph.invoke(Command(resume=resume), cfg("t"))
    assert result["__interrupt__"][0].value["error"] == error
    assert graph.get_state(cfg("t")).values["pending_action"] == before
    assert [e["status"] for e in resources.school.enrollments(student_id="ada")] == ["CONFIRMED"]
    assert [g[2] for g in _grants(resources, "t")] == ["student"]
    with pytest.raises(threads.InvalidApprovalError, match=re.escape(error)):
        threads.check_decision(graph, "t", resume)


def test_the_student_may_withdraw_while_staff_decide(
    graph: Any, resources: Resources, paid_rag2: None
) -> None:
    say(graph, "t", "Please cancel my enrollment in rag-2")
    say(graph, "t", "yes")
    say(graph, "t", "no, never mind")
    assert transcript(graph, "t")[-1] == ("ai", "All right, I dropped that request; nothing was changed.")
    state = graph.get_state(cfg("t"))
    assert state.interrupts == () and state.values["pending_action"] is None
    assert [e["status"] for e in resources.school.enrollments(student_id="ada")] == ["CONFIRMED"]
    assert threads.pending(graph, resources.pool) == []


def test_a_higher_refund_limit_lets_the_student_alone_cancel(
    graph: Any, resources: Resources, paid_rag2: None
) -> None:
    resources.school.limits = Limits(
        operator_refunds_above_cents=90000
    )  # SCHOOL_OPERATOR_REFUNDS_ABOVE_EUR=900
    say(graph, "t", "Please cancel my enrollment in rag-2")
    say(graph, "t", "yes")
    assert transcript(graph, "t")[-1] == (
        "ai",
        "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full.",
    )
    assert _grants(resources, "t") == [("cancel", "ada", "student", "cancel-refund-within-limit", "approve")]


def test_a_transfer_after_the_start_goes_to_staff_whose_edit_comes_back_to_the_student(
    graph: Any, resources: Resources
) -> None:
    school = resources.school
    assert school.enroll("seed-a", student_id="ada", cohort_id="python-basics-1")["ok"]
    assert school.pay("seed-b", student_id="ada", cohort_id="python-basics-1")["ok"]
    started = school.clock() + timedelta(days=5)  # python-basics-1 started two days ago
    school.clock = lambda: started
    result = say(graph, "t", "Please switch me to python-basics-2")
    assert result["__interrupt__"][0].value["policy"] == {
        "rule": "transfer-after-start",
        "approvers": ["student", "operator"],
        "approved": [],
    }
    result = say(graph, "t", "yes")
    assert result["__interrupt__"][0].value["approver"] == "operator"
    assert transcript(graph, "t")[-1][1].startswith(
        "Thank you for confirming. Because your current cohort has already started, a member of our staff"
    )
    edit = {"type": "edit", "edited_action": {"args": {"cohort_id": "python-basics-3"}}}
    result = graph.invoke(Command(resume={"decisions": [edit], "reviewer": "olga"}), cfg("t"))
    [asked] = result["__interrupt__"]
    assert asked.value["approver"] == "student"
    assert asked.value["action_requests"][0]["args"] == {
        "cohort_id": "python-basics-3",
        "from_cohort_id": "python-basics-1",
        "student_id": "ada",
    }
    assert asked.value["policy"]["approved"] == ["operator"]
    assert transcript(graph, "t")[-1][1].startswith(
        "A member of our staff suggests a change to your request: "
    )
    say(graph, "t", "yes")
    assert sorted((e["cohort_id"], e["status"]) for e in school.enrollments(student_id="ada")) == [
        ("python-basics-1", "TRANSFERRED"),
        ("python-basics-3", "CONFIRMED"),
    ]
    assert [(g[0], g[1], g[2], g[3], g[4]) for g in _grants(resources, "t")] == [
        ("transfer", "ada", "student", "transfer-after-start", "approve"),
        ("transfer", "olga", "operator", "transfer-after-start", "edit"),
        ("transfer", "ada", "student", "transfer-after-start", "approve"),
    ]


def test_an_edit_cannot_change_the_enrollment_a_transfer_leaves(graph: Any, resources: Resources) -> None:
    school = resources.school
    assert school.enroll("seed-a", student_id="ada", cohort_id="python-basics-1")["ok"]
    started = school.clock() + timedelta(days=5)
    school.clock = lambda: started
    say(graph, "t", "Please switch me to python-basics-2")
    say(graph, "t", "yes")
    edit = {
        "type": "edit",
        "edited_action": {"args": {"cohort_id": "python-basics-3", "from_cohort_id": "rag-1"}},
    }
    result = graph.invoke(Command(resume={"decisions": [edit], "reviewer": "olga"}), cfg("t"))
    assert result["__interrupt__"][0].value["error"] == (
        "an edit cannot change the enrollment a transfer leaves (python-basics-1)"
    )
    assert [(e["cohort_id"], e["status"]) for e in school.enrollments(student_id="ada")] == [
        ("python-basics-1", "PENDING_PAYMENT")
    ]


def test_an_operators_rejection_is_journaled_with_who_and_in_which_role(
    graph: Any, resources: Resources, paid_rag2: None
) -> None:
    say(graph, "t", "Please cancel my enrollment in rag-2")
    say(graph, "t", "yes")
    rejection = {
        "decisions": [{"type": "reject", "message": "Refunds are closed this week."}],
        "reviewer": "olga",
    }
    graph.invoke(Command(resume=rejection), cfg("t"))
    assert transcript(graph, "t")[-1] == (
        "ai",
        "Your request was not approved, so nothing was changed. Reason: Refunds are closed this week.",
    )
    [event] = events(resources.pool, "t", kinds=["approval_rejected"])
    assert {k: event["payload"][k] for k in ("action", "reviewer", "role", "reason")} == {
        "action": "cancel",
        "reviewer": "olga",
        "role": "operator",
        "reason": "Refunds are closed this week.",
    }
    assert [e["status"] for e in resources.school.enrollments(student_id="ada")] == ["CONFIRMED"]
