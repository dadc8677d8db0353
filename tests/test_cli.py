"""The `school-agent` command, run as a real subprocess against a fresh database per test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from agent.config.settings import Settings
from agent.infra.persistence import Resources
from tests.support.approvals import CANCEL_RAG2, REFUND_ASKS, STAFF_AFTER_YES, paid, refund_pending
from tests.support.school import ROOT, TODAY, run_cli

RAG_1 = "Retrieval-Augmented Generation, starts 2026-12-21"
RAG_2 = "Retrieval-Augmented Generation, starts 2027-01-15"
DECIDE = '  decide with: school-agent approve {} [--reject | --edit \'{{"cohort_id": "..."}}\']'
CONFIRM = "  confirm with: school-agent send {} yes --user {} (or 'no' to drop it)"
CANCEL_ACTION = '  action: cancel {"cohort_id": "rag-2", "student_id": "ada"}'
OUT_OF_POLICY = (
    "error: out of policy: {} waits for the student's confirmation (policy {}), "
    "not for a decision by the operator"
)


def enroll_description(student: str, cohort: str, course: str) -> str:
    return f"Enroll {student} in {cohort} ({course}). Price €900, payable after enrollment."


def pending_block(thread: str, student: str, cohort: str, course: str) -> list[str]:
    return [
        f"Waiting for approval: {enroll_description(student, cohort, course)}",
        f'  action: enroll {{"cohort_id": "{cohort}", "student_id": "{student}"}}',
        CONFIRM.format(thread, student),
    ]


def lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    return result.stdout.splitlines()


def ask_for_rag_1(settings: Settings, thread: str = "t-ada", user: str = "ada") -> None:
    run_cli(settings, "send", thread, "Please enroll me in rag-1", "--user", user)


def enrollments(settings: Settings, *args: str) -> list[dict[str, Any]]:
    result = run_cli(settings, "enrollments", "--json", *args)
    rows: list[dict[str, Any]] = json.loads(result.stdout)
    return rows


def assert_fails(result: subprocess.CompletedProcess[str], stderr: str) -> None:
    assert (result.returncode, result.stdout, result.stderr) == (2, "", stderr + "\n")


def refund_for_staff(resources: Resources, settings: Settings) -> None:
    """Ada cancels her paid seat in rag-2 and says yes: the refund waits for an operator."""
    paid(resources.school)
    asked = run_cli(settings, "send", "t-ada", "Please cancel my enrollment in rag-2", "--user", "ada")
    assert lines(asked) == [
        f"Here is what I will do once it is approved: {CANCEL_RAG2} {REFUND_ASKS}",
        f"Waiting for approval: {CANCEL_RAG2}",
        CANCEL_ACTION,
        CONFIRM.format("t-ada", "ada"),
    ]
    confirmed = run_cli(settings, "send", "t-ada", "yes", "--user", "ada")
    assert lines(confirmed) == [
        STAFF_AFTER_YES,
        f"Waiting for approval: {CANCEL_RAG2}",
        CANCEL_ACTION,
        DECIDE.format("t-ada"),
    ]


def statuses(settings: Settings) -> list[tuple[str, str, str]]:
    return [(r["student_id"], r["cohort_id"], r["status"]) for r in enrollments(settings)]


def payments(resources: Resources) -> list[tuple[str, int]]:
    with resources.pool.connection() as conn:
        rows = conn.execute("SELECT kind, amount_cents FROM payments ORDER BY id").fetchall()
    return [(r["kind"], r["amount_cents"]) for r in rows]


def test_help_and_db_stop_need_no_database(tmp_path: Any) -> None:
    settings = Settings(database_url="postgresql://nobody@127.0.0.1:1/none")
    help_text = run_cli(settings, "--help").stdout
    for command in ("send", "chat", "approve", "resume", "pending", "history", "enrollments", "db", "demo"):
        assert f"    {command}" in help_text
    stopped = run_cli(settings, "db", "stop", extra_env={"SCHOOL_DATA_DIR": str(tmp_path)})
    assert lines(stopped) == [f"No embedded Postgres was running under {tmp_path}."]


def test_send_answers_from_the_catalog(resources: Resources, settings: Settings) -> None:
    result = run_cli(settings, "send", "t-ada", "When does rag-2 start?", "--user", "ada")
    out = lines(result)
    # A question about dates gets the dates: the cohorts, not the whole course card.
    assert out == [
        "Retrieval-Augmented Generation (course rag) is intermediate, 6 weeks, €900. "
        "Cohorts: rag-1 starts 2026-12-21 (1 of 1 seats free); rag-2 starts 2027-01-15 (25 of 25 seats free).",
        "",
        "Sources: rag, rag-1, rag-2.",
    ]
    assert result.stderr == ""


def test_send_enroll_request_prints_the_pending_approval(resources: Resources, settings: Settings) -> None:
    result = run_cli(settings, "send", "t-ada", "Please enroll me in rag-1", "--user", "ada")
    assert lines(result) == [
        "Here is what I will do once it is approved: "
        f"{enroll_description('ada', 'rag-1', RAG_1)} Reply 'yes' to confirm or 'no' to drop it.",
        *pending_block("t-ada", "ada", "rag-1", RAG_1),
    ]
    assert enrollments(settings) == []


def test_pending_lists_only_what_waits_for_an_operator(resources: Resources, settings: Settings) -> None:
    assert lines(run_cli(settings, "pending")) == ["No thread is waiting for approval."]
    run_cli(settings, "send", "t-question", "When does rag-2 start?", "--user", "bob")
    ask_for_rag_1(settings, "t-bob", "bob")  # waits for bob's own yes: not an operator's business
    assert lines(run_cli(settings, "pending")) == ["No thread is waiting for approval."]
    refund_for_staff(resources, settings)
    listed = json.loads(run_cli(settings, "pending", "--json").stdout)
    assert listed == [refund_pending("t-ada")]
    table = lines(run_cli(settings, "pending"))
    assert [line.split()[:2] for line in table] == [["thread", "action"], ["t-ada", "cancel"]]


def test_approve_refunds_once_and_a_second_approve_is_refused(
    resources: Resources, settings: Settings
) -> None:
    refund_for_staff(resources, settings)
    approved = run_cli(settings, "approve", "t-ada", "--reviewer", "olga")
    assert lines(approved) == ["Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full."]
    assert statuses(settings) == [("ada", "rag-2", "CANCELLED")]
    assert payments(resources) == [("charge", 90000), ("refund", 90000)]
    again = run_cli(settings, "approve", "t-ada", check=False)
    assert_fails(again, "error: thread t-ada has nothing waiting for approval (its last action already ran)")
    assert payments(resources) == [("charge", 90000), ("refund", 90000)]
    assert lines(run_cli(settings, "pending")) == ["No thread is waiting for approval."]


def test_approve_is_refused_while_the_student_has_not_confirmed(
    resources: Resources, settings: Settings
) -> None:
    ask_for_rag_1(settings)
    before = run_cli(settings, "history", "t-ada", "--json").stdout
    for extra in ([], ["--reject"], ["--edit", '{"cohort_id": "rag-2"}']):
        refused = run_cli(settings, "approve", "t-ada", *extra, check=False)
        assert_fails(refused, OUT_OF_POLICY.format("enroll", "enroll"))
    assert run_cli(settings, "history", "t-ada", "--json").stdout == before
    assert enrollments(settings) == []
    # Ada's own yes still works afterwards.
    confirmed = run_cli(settings, "send", "t-ada", "yes", "--user", "ada")
    assert lines(confirmed) == [
        "Done: you are enrolled in rag-1 and your seat is held. "
        "Payment of €900 is due; say 'pay for rag-1' when ready."
    ]
    assert statuses(settings) == [("ada", "rag-1", "PENDING_PAYMENT")]


def test_approve_with_invalid_edit_json_changes_nothing(resources: Resources, settings: Settings) -> None:
    refund_for_staff(resources, settings)
    result = run_cli(settings, "approve", "t-ada", "--edit", "not json", check=False)
    assert_fails(
        result,
        'error: --edit must be a JSON object such as \'{"cohort_id": "rag-2"}\' '
        "(Expecting value: line 1 column 1 (char 0))",
    )
    assert [t["thread_id"] for t in json.loads(run_cli(settings, "pending", "--json").stdout)] == ["t-ada"]
    assert statuses(settings) == [("ada", "rag-2", "CONFIRMED")]


def test_reject_and_edit_are_mutually_exclusive(settings: Settings) -> None:
    result = run_cli(settings, "approve", "t-ada", "--reject", "--edit", "{}", check=False)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "school-agent approve: error: argument --edit: not allowed with argument --reject"
    )


def test_approve_with_edit_goes_back_to_the_student_who_confirms_it(
    resources: Resources, settings: Settings
) -> None:
    assert resources.school.enroll("seed-nlp", student_id="ada", cohort_id="nlp-1")["ok"]
    refund_for_staff(resources, settings)
    cancel_nlp = (
        "Cancel ada's enrollment in nlp-1 (Natural Language Processing, starts 2027-01-19). "
        "Nothing was paid, so there is nothing to refund."
    )
    edited = run_cli(settings, "approve", "t-ada", "--edit", '{"cohort_id": "nlp-1"}', "--reviewer", "olga")
    assert lines(edited) == [
        f"A member of our staff suggests a change to your request: {cancel_nlp} "
        "Reply 'yes' to accept it or 'no' to drop the request.",
        f"Waiting for approval: {cancel_nlp}",
        '  action: cancel {"cohort_id": "nlp-1", "student_id": "ada"}',
        CONFIRM.format("t-ada", "ada"),
    ]
    assert lines(run_cli(settings, "pending")) == ["No thread is waiting for approval."]
    confirmed = run_cli(settings, "send", "t-ada", "yes", "--user", "ada")
    assert lines(confirmed) == ["Done: your enrollment in nlp-1 is cancelled. No refund is due."]
    assert statuses(settings) == [("ada", "nlp-1", "CANCELLED"), ("ada", "rag-2", "CONFIRMED")]
    assert payments(resources) == [("charge", 90000)]


def test_reject_with_reason_tells_the_student_and_refunds_nothing(
    resources: Resources, settings: Settings
) -> None:
    refund_for_staff(resources, settings)
    result = run_cli(settings, "approve", "t-ada", "--reject", "--reason", "Past the refund window")
    assert lines(result) == [
        "Your request was not approved, so nothing was changed. Reason: Past the refund window"
    ]
    assert statuses(settings) == [("ada", "rag-2", "CONFIRMED")]
    assert payments(resources) == [("charge", 90000)]


def test_send_empty_message_is_refused_and_creates_no_thread(
    resources: Resources, settings: Settings
) -> None:
    result = run_cli(settings, "send", "t-empty", "   ", "--user", "ada", check=False)
    assert_fails(result, "error: the message is empty; please type a question or a request")
    with resources.pool.connection() as conn:
        assert conn.execute("SELECT count(*) AS n FROM checkpoints").fetchone() == {"n": 0}
    history = run_cli(settings, "history", "t-empty", check=False)
    assert_fails(history, "error: there is no thread 't-empty'")


def test_history_shows_the_messages_in_order(resources: Resources, settings: Settings) -> None:
    ask_for_rag_1(settings)
    run_cli(settings, "send", "t-ada", "no", "--user", "ada")
    assert lines(run_cli(settings, "history", "t-ada")) == [
        "student: Please enroll me in rag-1",
        "assistant: Here is what I will do once it is approved: "
        f"{enroll_description('ada', 'rag-1', RAG_1)} Reply 'yes' to confirm or 'no' to drop it.",
        "student: no",
        "assistant: All right, I dropped that request; nothing was changed.",
    ]
    as_json = json.loads(run_cli(settings, "history", "t-ada", "--json").stdout)
    assert [m["role"] for m in as_json] == ["student", "assistant", "student", "assistant"]


def test_approve_on_an_unknown_thread_is_refused(resources: Resources, settings: Settings) -> None:
    result = run_cli(settings, "approve", "ghost", check=False)
    assert_fails(result, "error: there is no thread 'ghost'")


def test_resume_after_a_crash_enrolls_exactly_once(resources: Resources, settings: Settings) -> None:
    ask_for_rag_1(settings)
    crashed = run_cli(
        settings,
        "send",
        "t-ada",
        "yes",
        "--user",
        "ada",
        check=False,
        extra_env={"SCHOOL_FAULT_POINT": "execute.after_domain_write"},
    )
    assert crashed.returncode == -9
    assert [row["status"] for row in enrollments(settings)] == ["PENDING_PAYMENT"]
    resumed = run_cli(settings, "resume", "t-ada")
    assert lines(resumed) == [
        "Done: you are enrolled in rag-1 and your seat is held. "
        "Payment of €900 is due; say 'pay for rag-1' when ready."
    ]
    assert [row["student_id"] for row in enrollments(settings)] == ["ada"]
    again = run_cli(settings, "resume", "t-ada", check=False)
    assert_fails(again, "error: thread t-ada has no interrupted run to resume")


def test_chat_reads_lines_until_quit(resources: Resources, settings: Settings) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SCHOOL_FAULT_POINT"}
    env |= {"DATABASE_URL": settings.database_url or "", "SCHOOL_TODAY": TODAY.isoformat()}
    stdin = "Please enroll me in rag-1\n\n/quit\nnever sent\n"
    result = subprocess.run(
        [sys.executable, "-m", "agent.interfaces.cli", "chat", "--thread", "t-chat", "--user", "ada"],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert lines(result) == [
        "you> assistant> Here is what I will do once it is approved: "
        f"{enroll_description('ada', 'rag-1', RAG_1)} Reply 'yes' to confirm or 'no' to drop it.",
        *pending_block("t-chat", "ada", "rag-1", RAG_1),
        "you> you> ",
    ]


@pytest.fixture
def drop_new_demo_databases(server_url: str) -> Iterator[None]:
    """Drop the demo databases created during the test."""
    query = "SELECT datname FROM pg_database WHERE datname LIKE 'demo\\_%'"
    with psycopg.connect(server_url, autocommit=True) as conn:
        before = {row[0] for row in conn.execute(query).fetchall()}
    try:
        yield
    finally:
        with psycopg.connect(server_url, autocommit=True) as conn:
            created = {row[0] for row in conn.execute(query).fetchall()} - before
            for name in sorted(created):
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.usefixtures("drop_new_demo_databases")
def test_demo_plays_the_story_on_its_own_database(server_url: str) -> None:
    result = run_cli(Settings(database_url=server_url), "demo")
    out = lines(result)
    assert out[0].startswith("Demo database: demo_")
    asked = out[out.index("2. Ada and Bob both ask for rag-1, which has one seat. Nothing happens yet:") :]
    assert "   Waiting for ada's own confirmation: enroll rag-1." in asked
    assert "   Waiting for bob's own confirmation: enroll rag-1." in asked
    assert "   The operators' inbox is empty: neither request is theirs to decide." in asked
    # The process that dies is the one carrying ada's yes, at the same point as ever.
    crash = out[
        out.index("3. Ada says yes, through another process. That process is killed right after the") :
    ]
    assert crash[2:4] == ["   ada:       yes", "   The child process was killed by SIGKILL (exit status -9)."]
    assert "   The thread's next step is still ('execute',): the run was cut off mid-way." in out
    assert "   Still exactly one enrollment in rag-1." in out
    final = out[
        out.index("6. Final enrollments of rag-1:") : out.index(
            "7. Dan enrolls in rag-2 and pays, each with his own yes. Then he cancels: a refund"
        )
    ]
    assert [line.split()[1:] for line in final[2:4]] == [["ada", "PENDING_PAYMENT"], ["bob", "WAITLISTED"]]
    assert final[-2].startswith("Done: one seat, two students, one crash.")
    refund = out[
        out.index(
            "7. Dan enrolls in rag-2 and pays, each with his own yes. Then he cancels: a refund"
        ) : out.index(
            "8. Carla asks for a program. The planner splits her goal, workers search the catalog in"
        )
    ]
    assert refund[-10:] == [
        "   assistant: Here is what I will do once it is approved: Cancel dan's enrollment in rag-2 "
        "(Retrieval-Augmented Generation, starts 2027-01-15). Full refund of €900. Reply 'yes' to confirm "
        "or 'no' to drop it; because it pays out a refund, a member of our staff approves it after you.",
        "   Waiting for dan's own confirmation: cancel rag-2.",
        "   dan:       yes",
        "   assistant: Thank you for confirming. Because it pays out a refund, a member of our staff must "
        "approve it as well; it is waiting for them now, and nothing has changed yet. You will see their "
        "decision here.",
        "   Waiting for an operator's approval: cancel rag-2 for dan.",
        "   The operators' inbox lists demo-dan; nothing has moved yet.",
        "   Olga, an operator, approves it.",
        "   assistant: Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full.",
        "   Dan's payments: one charge of €900, one refund of €900; his enrollment is cancelled.",
        "",
    ]
    assert (
        "              Taken out in review (2 rounds): rag, llm-agents. The reviewer found: The program "
        "costs €2,490 in total, €1,490 over the budget of €1,000. The program costs €1,190 in total, "
        "€190 over the budget of €1,000."
    ) in out
    assert out[-1] == (
        "Done: Carla's program (python-basics-1) passed review after 2 revisions and she confirmed each "
        "enrollment on its own."
    )


def test_send_shows_the_steps_as_they_run(settings: Settings, resources: Any) -> None:
    result = run_cli(settings, "send", "P1", "Enroll me in rag-2", "--user", "ada", "--progress")
    assert result.stderr.splitlines() == [
        "… understanding the request",
        "… checking the request with the school's rules",
        "… waiting for approval",
    ]
    assert result.stdout.startswith("Here is what I will do once it is approved: Enroll ada in rag-2")
