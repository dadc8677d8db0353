"""The CLI's server mode: `send`, `chat`, `approve`, `pending` and `history` against a real `serve`.

One `school-agent serve` for the module (keys of ada and bob, students, and olga, operator) on its
own database. The commands run as subprocesses whose `DATABASE_URL` names no server at all, so
whatever they do went through the LangGraph API, and in process through `main([...])`. They print
what the in-process commands print (`tests/test_cli.py` asserts the same lines there), refusals
are the server's `detail` in one line with exit 2, and a refusal writes nothing.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from unittest.mock import ANY

import pytest

from agent.config.settings import Settings
from agent.infra.persistence import Resources, open_resources
from agent.interfaces.cli import main
from tests.support.api import API_KEYS, changed, fingerprint, langgraph_url
from tests.support.approvals import CANCEL_RAG2, REFUND_ASKS, STAFF_AFTER_YES, paid, refund_pending
from tests.support.school import TODAY, fresh_database, run_cli
from tests.support.servers import api_server, free_port

NOWHERE = Settings(database_url="postgresql://nobody@127.0.0.1:1/none")
"""What the client subprocesses get as `DATABASE_URL`: a database they would fail to reach."""
KEYS = {name: f"key-{name}-1234" for name in ("ada", "bob", "olga")}
ENROLL_RAG_1 = "Enroll ada in rag-1 (Retrieval-Augmented Generation, starts 2026-12-21). Price €900, payable after enrollment."
CONFIRM = "  confirm with: school-agent send {} yes --user ada (or 'no' to drop it)"
DECIDE = '  decide with: school-agent approve {} [--reject | --edit \'{{"cohort_id": "..."}}\']'
CANCEL_ACTION = '  action: cancel {"cohort_id": "rag-2", "student_id": "ada"}'
RAG_2_DATES = [
    "Retrieval-Augmented Generation (course rag) is intermediate, 6 weeks, €900. "
    "Cohorts: rag-1 starts 2026-12-21 (1 of 1 seats free); rag-2 starts 2027-01-15 (25 of 25 seats free).",
    "",
    "Sources: rag, rag-1, rag-2.",
]
"""The answer to 'When does rag-2 start?' on a fresh school, as `send` prints it in process too."""


@dataclass(frozen=True)
class Served:
    """The module's server: its base URL, its LangGraph API's URL (the root), and its database."""

    base: str
    url: str
    settings: Settings


@pytest.fixture(scope="module")
def served(server_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("cli-remote")
    with (
        fresh_database(server_url) as database,
        api_server(
            database, folder / "data", folder / "serve.log", env={"SCHOOL_API_KEYS": API_KEYS}
        ) as base,
    ):
        settings = Settings(database_url=database, data_dir=folder / "data", today=TODAY)
        yield Served(base, langgraph_url(base), settings)


@pytest.fixture(scope="module")
def school(served: Served) -> Iterator[Resources]:
    """The server's database, to seed and to read the domain's and the journal's rows."""
    with open_resources(served.settings) as res:
        yield res


def cli(served: Served, who: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """`school-agent ARGS` in a new process as `who`, the server and key given by the environment."""
    env = {"SCHOOL_URL": served.url, "SCHOOL_API_KEY": KEYS[who]}
    return run_cli(NOWHERE, *args, extra_env=env, check=check)


def in_process(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    """`main(argv)` in this process: its exit status, stdout lines and stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def lines(result: subprocess.CompletedProcess[str]) -> list[str]:
    return result.stdout.splitlines()


def refused(result: subprocess.CompletedProcess[str], message: str) -> None:
    """The command failed with exit 2 and `message` as its only output."""
    assert (result.returncode, result.stdout, result.stderr) == (2, "", f"error: {message}\n")


def turns(school: Resources, thread_id: str) -> list[tuple[str, str, str]]:
    """The journal's turns of a thread: (kind, actor, status), oldest first."""
    with school.pool.connection() as conn:
        rows = conn.execute(
            "SELECT kind, actor, status FROM turns WHERE thread_id = %s ORDER BY id", (thread_id,)
        ).fetchall()
    return [(r["kind"], r["actor"], r["status"]) for r in rows]


def statuses(school: Resources) -> list[tuple[str, str, str]]:
    return [(e["student_id"], e["cohort_id"], e["status"]) for e in school.school.enrollments()]


def test_a_question_prints_what_the_in_process_command_prints(
    served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = cli(served, "ada", "send", "t-dates", "When does rag-2 start?")
    assert (lines(asked), asked.stderr) == (RAG_2_DATES, "")
    # In process, with the options instead of the environment, and the URL of the `/langgraph` alias.
    alias = f"{served.base}/langgraph"
    read = in_process(capsys, "history", "t-dates", "--url", alias, "--key", KEYS["ada"])
    assert read == (
        0,
        ["student: When does rag-2 start?", f"assistant: {RAG_2_DATES[0]}", *RAG_2_DATES[1:]],
        "",
    )


def test_an_enrollment_waits_for_the_students_yes_and_a_refund_for_an_operator(
    served: Served, school: Resources, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = cli(served, "ada", "send", "t-enroll", "Please enroll me in rag-1", "--user", "ada")
    assert lines(asked) == [
        f"Here is what I will do once it is approved: {ENROLL_RAG_1} Reply 'yes' to confirm or 'no' to drop it.",
        f"Waiting for approval: {ENROLL_RAG_1}",
        '  action: enroll {"cohort_id": "rag-1", "student_id": "ada"}',
        CONFIRM.format("t-enroll"),
    ]
    # The student's inbox holds her own confirmation; the operators' holds nothing.
    assert [t["thread_id"] for t in json.loads(cli(served, "ada", "pending", "--json").stdout)] == [
        "t-enroll"
    ]
    assert lines(cli(served, "olga", "pending")) == ["No thread is waiting for approval."]
    refused(
        cli(served, "olga", "approve", "t-enroll", check=False),
        "out of policy: enroll waits for the student's confirmation (policy enroll), "
        "not for a decision by the operator",
    )
    confirmed = cli(served, "ada", "send", "t-enroll", "yes")
    assert lines(confirmed) == [
        "Done: you are enrolled in rag-1 and your seat is held. "
        "Payment of €900 is due; say 'pay for rag-1' when ready."
    ]

    paid(school.school)
    asked = cli(served, "ada", "send", "t-refund", "Please cancel my enrollment in rag-2")
    assert lines(asked) == [
        f"Here is what I will do once it is approved: {CANCEL_RAG2} {REFUND_ASKS}",
        f"Waiting for approval: {CANCEL_RAG2}",
        CANCEL_ACTION,
        CONFIRM.format("t-refund"),
    ]
    confirmed = cli(served, "ada", "send", "t-refund", "yes")
    assert lines(confirmed) == [
        STAFF_AFTER_YES,
        f"Waiting for approval: {CANCEL_RAG2}",
        CANCEL_ACTION,
        DECIDE.format("t-refund"),
    ]
    assert lines(cli(served, "ada", "pending")) == ["No thread is waiting for approval."]
    inbox = cli(served, "olga", "pending", "--json")
    assert json.loads(inbox.stdout) == [refund_pending("t-refund")]
    table = lines(cli(served, "olga", "pending"))
    assert [line.split()[:2] for line in table] == [["thread", "action"], ["t-refund", "cancel"]]

    # The operator decides in process; the key says who, so --reviewer may only repeat it.
    code, out, err = in_process(
        capsys, "approve", "t-refund", "--reviewer", "olga", "--url", served.url, "--key", KEYS["olga"]
    )
    assert (code, out, err) == (
        0,
        ["Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full."],
        "",
    )
    assert statuses(school) == [("ada", "rag-1", "PENDING_PAYMENT"), ("ada", "rag-2", "CANCELLED")]
    assert turns(school, "t-refund") == [
        ("message", "ada", "awaiting_approval"),
        ("message", "ada", "awaiting_approval"),
        ("decision", "olga", "completed"),
    ]
    assert lines(cli(served, "olga", "pending")) == ["No thread is waiting for approval."]
    refused(
        cli(served, "olga", "approve", "t-refund", check=False),
        "thread t-refund has nothing waiting for approval (its last action already ran)",
    )
    history = json.loads(cli(served, "ada", "history", "t-refund", "--json").stdout)
    assert history == [
        {"role": "student", "text": "Please cancel my enrollment in rag-2"},
        {
            "role": "assistant",
            "text": f"Here is what I will do once it is approved: {CANCEL_RAG2} {REFUND_ASKS}",
        },
        {"role": "student", "text": "yes"},
        {"role": "assistant", "text": STAFF_AFTER_YES},
        {
            "role": "assistant",
            "text": "Done: your enrollment in rag-2 is cancelled. €900 will be refunded in full.",
        },
    ]


def test_an_operator_edits_or_rejects_through_the_server(served: Served, school: Resources) -> None:
    paid(school.school, student="bob")
    assert school.school.enroll("seed-nlp-bob", student_id="bob", cohort_id="nlp-1")["ok"]
    cli(served, "bob", "send", "t-bob", "Please cancel my enrollment in rag-2")
    cli(served, "bob", "send", "t-bob", "yes")
    cancel_nlp = (
        "Cancel bob's enrollment in nlp-1 (Natural Language Processing, starts 2027-01-19). "
        "Nothing was paid, so there is nothing to refund."
    )
    edited = cli(served, "olga", "approve", "t-bob", "--edit", '{"cohort_id": "nlp-1"}')
    assert lines(edited) == [
        f"A member of our staff suggests a change to your request: {cancel_nlp} "
        "Reply 'yes' to accept it or 'no' to drop the request.",
        f"Waiting for approval: {cancel_nlp}",
        '  action: cancel {"cohort_id": "nlp-1", "student_id": "bob"}',
        "  confirm with: school-agent send t-bob yes --user bob (or 'no' to drop it)",
    ]
    confirmed = cli(served, "bob", "send", "t-bob", "yes")
    assert lines(confirmed) == ["Done: your enrollment in nlp-1 is cancelled. No refund is due."]

    cli(served, "bob", "send", "t-bob", "Please cancel my enrollment in rag-2")
    cli(served, "bob", "send", "t-bob", "yes")
    rejected = cli(served, "olga", "approve", "t-bob", "--reject", "--reason", "Past the refund window")
    assert lines(rejected) == [
        "Your request was not approved, so nothing was changed. Reason: Past the refund window"
    ]
    bobs = [(e["cohort_id"], e["status"]) for e in school.school.enrollments(student_id="bob")]
    assert bobs == [("rag-2", "CONFIRMED"), ("nlp-1", "CANCELLED")]
    assert [(kind, actor) for kind, actor, _ in turns(school, "t-bob")] == [
        ("message", "bob"),
        ("message", "bob"),
        ("decision", "olga"),
        ("message", "bob"),
        ("message", "bob"),
        ("message", "bob"),
        ("decision", "olga"),
    ]


def test_chat_talks_a_line_at_a_time_and_goes_on_after_a_refused_line(
    served: Served, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCHOOL_URL", served.url)
    monkeypatch.setenv("SCHOOL_API_KEY", KEYS["ada"])
    code, reply, _ = in_process(capsys, "send", "t-reference", "When does rag-2 start?")
    assert code == 0 and reply[0].startswith("Retrieval-Augmented Generation (course rag)")
    said = iter(["When does rag-2 start?", "", "x" * 5000, "/quit"])
    monkeypatch.setattr("builtins.input", lambda prompt: print(prompt, end="") or next(said))

    # The reply as `send` prints it; the blank line skipped; the refused one said, and the talk goes on.
    assert in_process(capsys, "chat", "--thread", "t-chat") == (
        0,
        [f"you> assistant> {reply[0]}", *reply[1:], "you> you> you> "],
        "error: the message is 5,000 characters long; the limit is 4,000\n",
    )


def test_refusals_are_one_line_and_write_nothing(served: Served, school: Resources) -> None:
    cli(served, "ada", "send", "t-ada", "When does rag-2 start?")
    before = fingerprint(school.pool)

    refused(cli(served, "bob", "history", "t-ada", check=False), "Thread with ID t-ada not found")
    refused(
        cli(served, "bob", "send", "t-ada", "Cancel everything", check=False),
        "thread t-ada is not yours: Thread with ID t-ada already exists",
    )
    refused(
        cli(served, "ada", "send", "t-ada", "hello", "--user", "bob", check=False),
        "--user bob is not the key's user ada: with a server the key says who you are; drop --user or use bob's key",
    )
    refused(
        cli(served, "olga", "approve", "t-ada", "--reviewer", "ada", check=False),
        "--reviewer ada is not the key's user olga: with a server the key says who you are; "
        "drop --reviewer or use ada's key",
    )
    refused(cli(served, "olga", "send", "t-olga", "hello", check=False), "threads are started by students")
    wrong_key = run_cli(NOWHERE, "history", "t-ada", "--url", served.url, "--key", "key-nobody", check=False)
    refused(
        wrong_key,
        f"the server at {served.url} refused the key: "
        "send a valid API key as 'x-api-key: <key>' or 'Authorization: Bearer <key>'",
    )

    elsewhere = f"{served.base}/nothing-here"
    refused(
        run_cli(NOWHERE, "history", "t-ada", "--url", elsewhere, "--key", KEYS["ada"], check=False),
        f"{elsewhere} has no LangGraph API (Not Found): give the URL of `school-agent serve`, "
        "its root or its /langgraph",
    )

    assert changed(before, fingerprint(school.pool)) == {}


def test_enrollments_are_listed_through_the_server_as_the_key_may_see_them(
    served: Served, school: Resources
) -> None:
    cli(served, "bob", "send", "t-bob-enroll", "Please enroll me in python-basics-2")
    cli(served, "bob", "send", "t-bob-enroll", "yes")
    keys = ("id", "student_id", "cohort_id", "status")
    bobs = [{k: row[k] for k in keys} for row in school.school.enrollments(student_id="bob")]
    assert {
        "id": ANY,
        "student_id": "bob",
        "cohort_id": "python-basics-2",
        "status": "PENDING_PAYMENT",
    } in bobs
    assert json.loads(cli(served, "bob", "enrollments", "--json").stdout) == bobs
    assert json.loads(cli(served, "olga", "enrollments", "--student", "bob", "--json").stdout) == bobs
    table = lines(cli(served, "olga", "enrollments", "--cohort", "python-basics-2", "--student", "bob"))
    assert [line.split()[1:] for line in table] == [
        ["student", "cohort", "status"],
        ["bob", "python-basics-2", "PENDING_PAYMENT"],
    ]
    refused(
        cli(served, "bob", "enrollments", "--student", "ada", check=False),
        "a student sees only their own enrollments",
    )


def test_an_unreachable_server_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    assert in_process(capsys, "pending", "--url", url, "--key", "k") == (
        2,
        [],
        f"error: cannot reach the server at {url}: is `school-agent serve` running there?\n",
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["pending", "--key", "k"], "--key goes with --url URL (or SCHOOL_URL): the key is for a server"),
        (
            ["pending", "--url", "http://127.0.0.1:1"],
            "talking to http://127.0.0.1:1 needs an API key: pass --key KEY or set SCHOOL_API_KEY",
        ),
        (
            ["history", "t", "--url", "127.0.0.1:8000", "--key", "k"],
            "the server URL must start with http:// or https://, got '127.0.0.1:8000'",
        ),
        (["send", "t", "hi"], "--user is required (or --url and a key: then the key says who you are)"),
    ],
)
def test_a_server_needs_a_url_and_a_key_and_in_process_a_user(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SCHOOL_URL", raising=False)
    monkeypatch.delenv("SCHOOL_API_KEY", raising=False)
    assert in_process(capsys, *argv) == (2, [], f"error: {message}\n")
