"""The `school-agent` command, run as a real subprocess against a fresh database per test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any
from unittest.mock import ANY

import psycopg
import pytest

from agent.config.settings import Settings
from agent.infra.persistence import Resources
from tests.support.school import ROOT, TODAY, run_cli

RAG_1 = "Retrieval-Augmented Generation, starts 2026-12-21"
RAG_2 = "Retrieval-Augmented Generation, starts 2027-01-15"
DECIDE = '  decide with: school-agent approve {} [--reject | --edit \'{{"cohort_id": "..."}}\']'


def enroll_description(student: str, cohort: str, course: str) -> str:
    return f"Enroll {student} in {cohort} ({course}). Price €900, payable after enrollment."


def pending_block(thread: str, student: str, cohort: str, course: str) -> list[str]:
    return [
        f"Waiting for approval: {enroll_description(student, cohort, course)}",
        f'  action: enroll {{"cohort_id": "{cohort}", "student_id": "{student}"}}',
        DECIDE.format(thread),
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
    assert out[0] == (
        "Retrieval-Augmented Generation (course rag): intermediate, 6 weeks, €900. "
        "Prerequisites: python-basics."
    )
    assert out[2:] == [
        "Cohorts: rag-1 starts 2026-12-21 (1 of 1 seats free); "
        "rag-2 starts 2027-01-15 (25 of 25 seats free).",
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


def test_pending_lists_exactly_the_waiting_thread(resources: Resources, settings: Settings) -> None:
    assert lines(run_cli(settings, "pending")) == ["No thread is waiting for approval."]
    run_cli(settings, "send", "t-question", "When does rag-2 start?", "--user", "bob")
    ask_for_rag_1(settings)
    listed = json.loads(run_cli(settings, "pending", "--json").stdout)
    assert listed == [
        {
            "thread_id": "t-ada",
            "action_requests": [
                {
                    "name": "enroll",
                    "args": {"cohort_id": "rag-1", "student_id": "ada"},
                    "description": enroll_description("ada", "rag-1", RAG_1),
                }
            ],
            "action_id": ANY,
        }
    ]
    table = lines(run_cli(settings, "pending"))
    assert [line.split()[:2] for line in table] == [["thread", "action"], ["t-ada", "enroll"]]


def test_approve_enrolls_once_and_a_second_approve_is_refused(
    resources: Resources, settings: Settings
) -> None:
    ask_for_rag_1(settings)
    approved = run_cli(settings, "approve", "t-ada", "--reviewer", "operator")
    assert lines(approved) == [
        "Done: you are enrolled in rag-1 and your seat is held. "
        "Payment of €900 is due; say 'pay for rag-1' when ready."
    ]
    expected = [{"id": ANY, "student_id": "ada", "cohort_id": "rag-1", "status": "PENDING_PAYMENT"}]
    assert enrollments(settings, "--student", "ada") == expected
    again = run_cli(settings, "approve", "t-ada", check=False)
    assert_fails(again, "error: thread t-ada has nothing waiting for approval (its last action already ran)")
    assert enrollments(settings) == expected
    assert lines(run_cli(settings, "pending")) == ["No thread is waiting for approval."]


def test_approve_with_invalid_edit_json_changes_nothing(resources: Resources, settings: Settings) -> None:
    ask_for_rag_1(settings)
    result = run_cli(settings, "approve", "t-ada", "--edit", "not json", check=False)
    assert_fails(
        result,
        'error: --edit must be a JSON object such as \'{"cohort_id": "rag-2"}\' '
        "(Expecting value: line 1 column 1 (char 0))",
    )
    assert [t["thread_id"] for t in json.loads(run_cli(settings, "pending", "--json").stdout)] == ["t-ada"]
    assert enrollments(settings) == []


def test_reject_and_edit_are_mutually_exclusive(settings: Settings) -> None:
    result = run_cli(settings, "approve", "t-ada", "--reject", "--edit", "{}", check=False)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "school-agent approve: error: argument --edit: not allowed with argument --reject"
    )


def test_approve_with_edit_enrolls_in_the_edited_cohort(resources: Resources, settings: Settings) -> None:
    ask_for_rag_1(settings)
    result = run_cli(settings, "approve", "t-ada", "--edit", '{"cohort_id": "rag-2"}')
    assert lines(result) == [
        f"A reviewer changed your request: {enroll_description('ada', 'rag-2', RAG_2)}",
        "Done: you are enrolled in rag-2 and your seat is held. "
        "Payment of €900 is due; say 'pay for rag-2' when ready.",
    ]
    assert enrollments(settings) == [
        {"id": ANY, "student_id": "ada", "cohort_id": "rag-2", "status": "PENDING_PAYMENT"}
    ]


def test_reject_with_reason_tells_the_student_and_enrolls_nobody(
    resources: Resources, settings: Settings
) -> None:
    ask_for_rag_1(settings)
    result = run_cli(settings, "approve", "t-ada", "--reject", "--reason", "Prerequisites missing")
    assert lines(result) == [
        "Your request was not approved, so nothing was changed. Reason: Prerequisites missing"
    ]
    assert lines(run_cli(settings, "enrollments")) == ["No enrollments."]


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
    run_cli(settings, "approve", "t-ada", "--reject")
    assert lines(run_cli(settings, "history", "t-ada")) == [
        "student: Please enroll me in rag-1",
        "assistant: Here is what I will do once it is approved: "
        f"{enroll_description('ada', 'rag-1', RAG_1)} Reply 'yes' to confirm or 'no' to drop it.",
        "assistant: Your request was not approved, so nothing was changed.",
    ]
    as_json = json.loads(run_cli(settings, "history", "t-ada", "--json").stdout)
    assert [m["role"] for m in as_json] == ["student", "assistant", "assistant"]


def test_approve_on_an_unknown_thread_is_refused(resources: Resources, settings: Settings) -> None:
    result = run_cli(settings, "approve", "ghost", check=False)
    assert_fails(result, "error: there is no thread 'ghost'")


def test_resume_after_a_crash_enrolls_exactly_once(resources: Resources, settings: Settings) -> None:
    ask_for_rag_1(settings)
    crashed = run_cli(
        settings,
        "approve",
        "t-ada",
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
    assert "   The child process was killed by SIGKILL (exit status -9)." in out
    assert "   The thread's next step is still ('execute',): the run was cut off mid-way." in out
    assert "   Still exactly one enrollment in rag-1." in out
    final = out[
        out.index("6. Final enrollments of rag-1:") : out.index(
            "7. Carla asks for a program. The planner splits her goal, workers search the catalog in"
        )
    ]
    assert [line.split()[1:] for line in final[2:4]] == [["ada", "PENDING_PAYMENT"], ["bob", "WAITLISTED"]]
    assert final[-2].startswith("Done: one seat, two students, one crash.")
    assert (
        "              Taken out in review (2 rounds): rag, llm-agents. The reviewer found: The program "
        "costs €2,490 in total, €1,490 over the budget of €1,000. The program costs €1,190 in total, "
        "€190 over the budget of €1,000."
    ) in out
    assert out[-1] == (
        "Done: Carla's program (python-basics-1) passed review after 2 revisions and each "
        "enrollment was approved on its own."
    )


def test_send_shows_the_steps_as_they_run(settings: Settings, resources: Any) -> None:
    result = run_cli(settings, "send", "P1", "Enroll me in rag-2", "--user", "ada", "--progress")
    assert result.stderr.splitlines() == [
        "… understanding the request",
        "… checking the request with the school's rules",
        "… waiting for approval",
    ]
    assert result.stdout.startswith("Here is what I will do once it is approved: Enroll ada in rag-2")
