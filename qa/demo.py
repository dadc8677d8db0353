"""`school-agent demo`: the school story end to end, narrated, on a fresh database.

Two students want the last seat of rag-1; each confirms their own request with a "yes", as the
school's approval policy has it. The process that carries the first student's "yes" is killed
between the domain write and the checkpoint; a new process resumes it without enrolling anyone
twice; the second student is offered the waitlist instead. A third student cancels a paid
enrollment: after their "yes" the refund waits for an operator, who approves it, and it is paid
out once. A fourth has a program planned for a goal and enrolls in it, one confirmation per course.
A face like the CLI: nothing imports it but the CLI's `demo` command, and it only changes the
database it creates for itself.
"""

from __future__ import annotations

import dataclasses
import signal
import subprocess
import sys
import uuid
from datetime import datetime
from typing import TYPE_CHECKING, Any

import psycopg
from psycopg.conninfo import make_conninfo

from agent.config.env import child_environment
from agent.config.settings import Settings

if TYPE_CHECKING:
    from langgraph.graph.state import CompiledStateGraph

    from agent.domain import EnrollmentRow
    from agent.infra.persistence import Resources
    from agent.runtime.threads import Turn

    Graph = CompiledStateGraph[Any, Any, Any, Any]
    """The compiled school graph, as the commands see it."""

COHORT = "rag-1"
REFUNDED = "rag-2"
"""The cohort Dan pays for and then cancels, with a full refund."""
PROGRAM_REQUEST = "A learning path of 4 courses to become an LLM engineer, within 1000, starting before April"
FAULT = "execute.after_domain_write"
EXPECTED = {"ada": "PENDING_PAYMENT", "bob": "WAITLISTED"}


class DemoFailedError(RuntimeError):
    """The story did not end the way the system promises; the message says where."""


def run(settings: Settings) -> int:
    """Play the story on a new database next to the configured one; 0 when it ended as promised."""
    from agent.infra.persistence import open_resources
    from graphs.school import build_graph

    demo_settings = create_demo_database(settings)
    try:
        with open_resources(demo_settings) as res:
            graph = build_graph(
                checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
            )
            _play(graph, res, demo_settings)
    except DemoFailedError as err:
        print(f"\nDemo failed: {err}", file=sys.stderr)
        return 1
    return 0


def _play(graph: Graph, res: Resources, settings: Settings) -> None:
    env = _child_env(settings)
    step1_question(graph, settings)
    step2_two_requests(graph, res, settings)
    step3_crash(graph, res, env)
    step4_resume(graph, res, env)
    step5_second_student(graph, res, settings)
    step6_summary(res)
    step7_refund(graph, res, settings)
    step8_program(graph, res, settings)


def create_demo_database(settings: Settings) -> Settings:
    """Create an empty database on the configured (or embedded) server; return its Settings."""
    from agent.infra.persistence import database_url

    url = database_url(settings)
    name = f"demo_{datetime.now():%Y%m%d_%H%M%S}_{uuid.uuid4().hex[:4]}"
    with psycopg.connect(make_conninfo(url, dbname="postgres"), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    print(f"Demo database: {name} (drop it when you no longer need it).")
    # The date is pinned so that the child processes see the same cohort dates, even at midnight.
    return dataclasses.replace(
        settings, database_url=make_conninfo(url, dbname=name), today=settings.current_date()
    )


def _child_env(settings: Settings) -> dict[str, str]:
    env = child_environment(drop=("SCHOOL_FAULT_POINT",))
    env["DATABASE_URL"] = settings.database_url or ""
    env["SCHOOL_TODAY"] = settings.current_date().isoformat()
    return env


def _heading(number: int, text: str) -> None:
    print(f"\n{number}. {text}")


def _say(who: str, text: str) -> None:
    for i, line in enumerate(text.splitlines() or [""]):
        print(f"   {who + ':' if i == 0 else '':<11}{line}".rstrip())


def _show_turn(turn: Turn) -> None:
    for reply in turn.replies:
        _say("assistant", reply)
    if turn.pending:
        action = turn.pending["action_requests"][0]
        student, what = action["args"]["student_id"], f"{action['name']} {action['args']['cohort_id']}"
        if turn.pending.get("approver") == "student":
            print(f"   Waiting for {student}'s own confirmation: {what}.")
        else:
            print(f"   Waiting for an operator's approval: {what} for {student}.")


def _student(graph: Graph, settings: Settings, thread: str, user: str, text: str) -> Turn:
    from agent.runtime import threads

    _say(user, text)
    turn = threads.send(graph, thread, text, user_id=user, settings=settings)
    _show_turn(turn)
    return turn


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise DemoFailedError(message)


def step1_question(graph: Graph, settings: Settings) -> None:
    """Ask about a course; the answer comes from the catalog."""
    _heading(1, "Ada asks about the RAG course. The answer comes from the catalog in Postgres.")
    turn = _student(
        graph, settings, "demo-ada", "ada", "What does the RAG course cover, and when does it start?"
    )
    _expect(any(COHORT in reply for reply in turn.replies), f"the answer does not name {COHORT}")


def step2_two_requests(graph: Graph, res: Resources, settings: Settings) -> None:
    """Ask for the one seat of rag-1 as two students; each request waits for its student's yes."""
    from agent.runtime import threads

    _heading(2, f"Ada and Bob both ask for {COHORT}, which has one seat. Nothing happens yet:")
    print("   the school's policy gives an enrollment to the student's own confirmation.")
    for thread, user, text in (
        ("demo-ada", "ada", f"Please enroll me in {COHORT}"),
        ("demo-bob", "bob", f"Sign me up for {COHORT}"),
    ):
        turn = _student(graph, settings, thread, user, text)
        _expect(
            turn.pending is not None and turn.pending.get("approver") == "student",
            f"{user}'s request is not waiting for {user}'s confirmation",
        )
    inbox = threads.pending(graph, res.pool)
    _expect(inbox == [], f"the operators' inbox lists {[t.thread_id for t in inbox]}, not nothing")
    print("   The operators' inbox is empty: neither request is theirs to decide.")


def step3_crash(graph: Graph, res: Resources, env: dict[str, str]) -> None:
    """Ada's yes, in a child process that dies between the write and the checkpoint."""
    _heading(3, "Ada says yes, through another process. That process is killed right after the")
    print("   enrollment is written, before the graph saves its checkpoint.")
    _say("ada", "yes")
    child = _cli(["send", "demo-ada", "yes", "--user", "ada"], env | {"SCHOOL_FAULT_POINT": FAULT})
    _expect(
        child.returncode == -signal.SIGKILL,
        f"the process carrying Ada's yes was expected to be killed, but it exited {child.returncode}",
    )
    print(f"   The child process was killed by SIGKILL (exit status {child.returncode}).")
    _show_enrollments(res)
    _check_capacity(res)
    state = graph.get_state({"configurable": {"thread_id": "demo-ada"}})
    print(f"   The thread's next step is still {state.next!r}: the run was cut off mid-way.")
    _expect(state.next == ("execute",), f"expected the thread to stop before execute, got {state.next}")


def step4_resume(graph: Graph, res: Resources, env: dict[str, str]) -> None:
    """Finish the run in a fresh process; the idempotency key prevents a second enrollment."""
    _heading(4, "A fresh process resumes the thread. The execute step runs again, but its")
    print("   idempotency key finds the stored outcome, so nothing is written twice.")
    child = _cli(["resume", "demo-ada"], env)
    _expect(child.returncode == 0, f"resume exited {child.returncode}: {child.stderr.strip()}")
    _say("assistant", child.stdout.strip())
    state = graph.get_state({"configurable": {"thread_id": "demo-ada"}})
    _expect(state.next == (), f"the resumed thread still has work left: {state.next}")
    print("   The thread has finished its run.")
    rows = _show_enrollments(res)
    _check_capacity(res)
    _expect(len(rows) == 1, f"{COHORT} has {len(rows)} enrollments after the resume, not 1")
    print(f"   Still exactly one enrollment in {COHORT}.")


def step5_second_student(graph: Graph, res: Resources, settings: Settings) -> None:
    """Bob confirms too late for the seat; he is offered, and joins, the waitlist."""
    _heading(5, "Bob says yes too. The seat is gone, so he is offered the waitlist instead.")
    turn = _student(graph, settings, "demo-bob", "bob", "yes")
    action = (turn.pending or {}).get("action_requests", [{}])[0]
    _expect(action.get("name") == "join_waitlist", "Bob was not offered the waitlist")
    _student(graph, settings, "demo-bob", "bob", "yes")
    _check_capacity(res)


def step6_summary(res: Resources) -> None:
    """Print the final enrollments and check them against the promised outcome."""
    _heading(6, f"Final enrollments of {COHORT}:")
    rows = _show_enrollments(res)
    _check_capacity(res)
    final = {row["student_id"]: row["status"] for row in rows}
    _expect(
        len(rows) == len(EXPECTED) and final == EXPECTED, f"expected {EXPECTED} in {COHORT}, found {final}"
    )
    print(
        f"\nDone: one seat, two students, one crash. Ada holds the seat of {COHORT} "
        "(PENDING_PAYMENT), Bob is first on its waitlist, and the cohort was never overbooked."
    )


def step7_refund(graph: Graph, res: Resources, settings: Settings) -> None:
    """Dan pays, then cancels: after his yes the refund waits for an operator, who approves it once."""
    from agent.runtime import threads

    _heading(7, f"Dan enrolls in {REFUNDED} and pays, each with his own yes. Then he cancels: a refund")
    print("   costs the school money, so after Dan's yes it waits for an operator.")
    for text in (f"Please enroll me in {REFUNDED}", "yes", f"I want to pay for {REFUNDED}", "yes"):
        _student(graph, settings, "demo-dan", "dan", text)
    _student(graph, settings, "demo-dan", "dan", f"Please cancel my enrollment in {REFUNDED}")
    turn = _student(graph, settings, "demo-dan", "dan", "yes")
    _expect(
        turn.pending is not None and turn.pending.get("approver") == "operator",
        "Dan's cancellation is not waiting for an operator after his yes",
    )
    _expect(
        _money(res, "dan") == [("charge", 90000)],
        f"money moved before the operator decided: {_money(res, 'dan')}",
    )
    inbox = [t.thread_id for t in threads.pending(graph, res.pool)]
    _expect(inbox == ["demo-dan"], f"the operators' inbox lists {inbox}, not Dan's thread alone")
    print(f"   The operators' inbox lists {', '.join(inbox)}; nothing has moved yet.")
    print("   Olga, an operator, approves it.")
    turn = threads.decide(
        graph, "demo-dan", {"decisions": [{"type": "approve"}], "reviewer": "olga", "role": "operator"}
    )
    _show_turn(turn)
    moved = _money(res, "dan")
    _expect(moved == [("charge", 90000), ("refund", 90000)], f"Dan's payments are {moved}")
    rows = res.school.enrollments(student_id="dan")
    _expect([r["status"] for r in rows] == ["CANCELLED"], f"Dan's enrollments are {rows}")
    print("   Dan's payments: one charge of €900, one refund of €900; his enrollment is cancelled.")


def step8_program(graph: Graph, res: Resources, settings: Settings) -> None:
    """Plan a program: parallel research, a reviewer in code that sends it back, one yes per course."""
    _heading(8, "Carla asks for a program. The planner splits her goal, workers search the catalog in")
    print("   parallel, and a reviewer checks the draft in code (prerequisites, overlaps, budget,")
    print("   dates), sending it back for revision until it passes.")
    _student(graph, settings, "demo-carla", "carla", PROGRAM_REQUEST)
    program: dict[str, Any] = (
        graph.get_state({"configurable": {"thread_id": "demo-carla"}}).values.get("program") or {}
    )
    _expect(program.get("status") == "approved", "the reviewer did not approve the program")
    turn = _student(graph, settings, "demo-carla", "carla", "Enroll me in the program")
    _expect(turn.pending is not None, "enrolling in the program did not ask for approval")
    while turn.pending is not None:  # one course at a time, each confirmed by Carla
        turn = _student(graph, settings, "demo-carla", "carla", "yes")
    rows = res.school.enrollments(student_id="carla")
    planned = [item["cohort_id"] for item in program["items"]]
    _expect([r["cohort_id"] for r in rows] == planned, f"Carla's enrollments {rows} are not {planned}")
    print(
        f"\nDone: Carla's program ({', '.join(planned)}) passed review after {program['rounds']} "
        "revisions and she confirmed each enrollment on its own."
    )


def _cli(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "agent.interfaces.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _money(res: Resources, student: str) -> list[tuple[str, int]]:
    """The student's payments, oldest first: (kind, cents)."""
    with res.pool.connection() as conn:
        rows = conn.execute(
            "SELECT p.kind, p.amount_cents FROM payments p JOIN enrollments e ON e.id = p.enrollment_id"
            " WHERE e.student_id = %s ORDER BY p.id",
            (student,),
        ).fetchall()
    return [(r["kind"], r["amount_cents"]) for r in rows]


def _show_enrollments(res: Resources) -> list[EnrollmentRow]:
    rows = res.school.enrollments(cohort_id=COHORT)
    print(f"   Enrollments of {COHORT}: {len(rows)}")
    for row in rows:
        print(f"     #{row['id']} {row['student_id']} {row['status']}")
    return rows


def _check_capacity(res: Resources) -> None:
    cohort = res.school.cohort(COHORT)
    _expect(cohort is not None, f"the catalog has no cohort {COHORT}")
    assert cohort is not None  # for the type checker; _expect raised otherwise
    seated = [
        r for r in res.school.enrollments(cohort_id=COHORT) if r["status"] in ("PENDING_PAYMENT", "CONFIRMED")
    ]
    _expect(
        len(seated) <= cohort["capacity"] and cohort["seats_taken"] <= cohort["capacity"],
        f"{COHORT} is overbooked: {len(seated)} seated, capacity {cohort['capacity']}",
    )
