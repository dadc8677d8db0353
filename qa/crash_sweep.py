"""The crash sweep: kill the process at every boundary and side effect, resume, compare.

Kills happen with SIGKILL, resumes in a fresh process, and the result is compared with an
uncrashed run of the same scenario.

For each scenario (a scripted conversation) the sweep first runs it without faults, recording which
nodes ran; the injection points are then `before:<node>` and `after:<node>` for each of them, plus
the side-effect points inside steps (`execute.after_domain_write`). Each cell runs the scenario's
steps as separate `school-agent` processes with `SCHOOL_FAULT_POINT` set until the process is
SIGKILLed there, then recovers as a client would (resume the cut-off run, or send the lost request
again) and finishes the scenario. The cell passes when the domain rows, the conversation, the
approval grants and the keyed journal events equal the uncrashed run's, with no duplicates.

Domain scenarios (`DOMAIN_SCENARIOS`) do the same below the graph, for an operation with fault
points between its own steps: a transfer (`agent.domain.transfers.FAULT_POINTS`: after the new seat
is taken, after the old one is released and its waitlist promoted, after the commit). Each step is
a `python -m qa.crash_sweep` process that calls the `School` under a fixed idempotency key;
killed, it is run again under the same key, as a client retries. The cell passes when the domain
rows, the provider's charges and refunds and the stored outcomes equal the uncrashed run's, and
the scenario's own checks hold (for a transfer: exactly one active enrollment of the student, the
old seat released once, the payment carried once and refunded once).
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

import psycopg
from psycopg.conninfo import make_conninfo
from psycopg.rows import dict_row

from agent.config.env import child_environment
from agent.config.settings import Settings
from agent.domain import transfers

SIDE_EFFECT_POINTS = {
    "execute": "execute.after_domain_write",
    "pay": "pay.after_provider_charge",
    "cancel": "cancel.after_provider_refund",
}
"""Points inside side-effecting steps: after any domain write, between a provider's answer and
the payment's record, between a refund and its record."""
CHECKOUT = Path(__file__).resolve().parents[1]
"""Where `python -m qa.crash_sweep` is found: the checkout this module lies in."""
TODAY = date(2026, 12, 1)
UNWRAPPED = {"planner"}
"""Nodes without before/after crash points."""


@dataclass(frozen=True)
class Step:
    """One request of a scenario: a student's message, or an operator's decision."""

    thread: str
    text: str | None = None
    user: str = "ada"
    decision: str | None = None
    """'approve' or 'reject' for an operator's decision."""


def _send(text: str, user: str = "ada", thread: str = "t1") -> Step:
    return Step(thread, text=text, user=user)


def _decide(decision: str = "approve", thread: str = "t1") -> Step:
    return Step(thread, decision=decision)


# Who decides follows the school's approval policy (agent.domain.policy): the student confirms an
# enrollment, a waitlist place or a payment with a "yes"; a refund needs the student's yes, then an
# operator's decision.
_PAID_THEN_CANCELLED = [
    _send("Enroll me in rag-2"),
    _send("yes"),
    _send("Pay for rag-2"),
    _send("yes"),
    _send("Cancel my enrollment in rag-2"),
    _send("yes"),
]
"""A paid seat whose cancellation the student confirmed: the refund now waits for an operator."""
SCENARIOS: dict[str, list[Step]] = {
    "question": [_send("When does the RAG course start?")],
    "enroll": [_send("Enroll me in rag-2"), _send("yes")],
    "reject": [*_PAID_THEN_CANCELLED, _decide("reject")],
    "chat-yes-pay": [_send("Enroll me in rag-2"), _send("yes"), _send("Pay for rag-2"), _send("yes")],
    "cancel-refund": [*_PAID_THEN_CANCELLED, _decide()],
    "waitlist": [
        _send("Enroll me in rag-1", user="bob", thread="t2"),
        _send("yes", user="bob", thread="t2"),
        _send("Enroll me in rag-1"),
        _send("yes"),
    ],
    "handoff": [_send("I was charged twice and I want my money back")],
    "program": [
        _send("A learning path of 4 courses to become an LLM engineer, within 1000, starting before April"),
        _send("Enroll me in the program"),
        _send("yes"),
    ],
}
QUICK: dict[str, list[str]] = {
    "enroll": ["before:execute", "execute.after_domain_write", "after:execute", "after:approval"],
    "handoff": ["after:handoff"],
    "chat-yes-pay": ["after:router", "pay.after_provider_charge"],
}
"""The CI subset: the side effects and the boundaries around them."""


@dataclass(frozen=True)
class Call:
    """One request of a domain scenario: a `School` operation under a fixed idempotency key."""

    op: str
    key: str
    args: dict[str, str]


@dataclass(frozen=True)
class DomainScenario:
    """Requests made before the sweep (never killed), the requests swept, and checks of the end state."""

    setup: list[Call]
    calls: list[Call]
    points: tuple[str, ...]
    check: Callable[[dict[str, Any]], list[str]]
    """Problems with the end state (`domain_snapshot`), beyond differing from the uncrashed run."""


def _check_transfer(state: dict[str, Any]) -> list[str]:
    """Ada moved rag-1 → rag-2 (paid), bob waited for rag-1, then ada cancelled rag-2."""
    expected = {
        # One active enrollment at a time: rag-1 moved to rag-2, which was then cancelled.
        "enrollments": [
            ("ada", "rag-1", "TRANSFERRED", None),
            ("bob", "rag-1", "PENDING_PAYMENT", None),
            ("ada", "rag-2", "CANCELLED", "rag-1"),
        ],
        # The old seat released once, to bob; the new one given up by the cancellation.
        "seats": [("rag-1", 1)],
        # Paid once, carried over, refunded once.
        "payments": [("charge", 90000, "ada", "rag-1"), ("refund", 90000, "ada", "rag-2")],
        "provider": [("charge", 90000), ("refund", 90000)],
    }
    return [
        f"{part}: expected {value!r}, got {state[part]!r}"
        for part, value in expected.items()
        if state[part] != value
    ]


DOMAIN_SCENARIOS: dict[str, DomainScenario] = {
    "transfer": DomainScenario(
        setup=[
            Call("enroll", "s1", {"student_id": "ada", "cohort_id": "rag-1"}),
            Call("pay", "s2", {"student_id": "ada", "cohort_id": "rag-1"}),
            Call("join_waitlist", "s3", {"student_id": "bob", "cohort_id": "rag-1"}),
        ],
        calls=[
            Call("transfer", "t", {"student_id": "ada", "from_cohort_id": "rag-1", "cohort_id": "rag-2"}),
            Call("cancel", "c", {"student_id": "ada", "cohort_id": "rag-2"}),
        ],
        points=transfers.FAULT_POINTS,
        check=_check_transfer,
    ),
}
"""Operations swept below the graph, at the fault points between their own steps."""


@dataclass(frozen=True)
class Cell:
    """One scenario × injection point."""

    scenario: str
    point: str
    killed: bool
    problems: list[str]

    @property
    def ok(self) -> bool:
        """Whether the crashed run ended like the uncrashed one."""
        return self.killed and not self.problems


def sweep(settings: Settings, *, quick: bool = False, only: str | None = None) -> list[Cell]:
    """Run the sweep (or its CI subset) on databases next to the configured one.

    The domain scenarios come after the conversations; the CI subset has those `QUICK` names.
    """
    cells = []
    for name, steps in SCENARIOS.items():
        if (quick and name not in QUICK) or (only and name != only):
            continue
        with _database(settings) as reference_settings:
            nodes = _play(reference_settings, steps, point=None)[1]
            expected = snapshot(reference_settings)
        points = QUICK[name] if quick else _points(nodes)
        for point in points:
            with _database(settings) as cell_settings:
                killed, _ = _play(cell_settings, steps, point=point)
                cells.append(Cell(name, point, killed, compare(expected, snapshot(cell_settings))))
    for name, scenario in DOMAIN_SCENARIOS.items():
        if (quick and name not in QUICK) or (only and name != only):
            continue
        cells += _sweep_domain(settings, name, scenario)
    return cells


def _sweep_domain(settings: Settings, name: str, scenario: DomainScenario) -> list[Cell]:
    with _database(settings) as reference_settings:
        _play_domain(reference_settings, scenario, point=None)
        expected = domain_snapshot(reference_settings)
    cells = []
    for point in scenario.points:
        with _database(settings) as cell_settings:
            killed = _play_domain(cell_settings, scenario, point=point)
            state = domain_snapshot(cell_settings)
            problems = compare(expected, state) + scenario.check(state)
            cells.append(Cell(name, point, killed, problems))
    return cells


def _play_domain(settings: Settings, scenario: DomainScenario, *, point: str | None) -> bool:
    """Set up, then make each call in a process of its own; the fault fires once. Whether it did."""
    from agent.infra.persistence import open_resources

    with open_resources(settings) as res:
        for call in scenario.setup:
            outcome = getattr(res.school, call.op)(call.key, **call.args)
            if not outcome["ok"]:
                message = f"setup {call} failed: {outcome}"
                raise RuntimeError(message)
    killed = False
    for call in scenario.calls:
        result = _domain_call(settings, call, None if killed else point)
        if result.returncode == -signal.SIGKILL:
            killed = True
            result = _domain_call(settings, call, None)  # the client retries under the same key
        _check(result)
    return killed


def _domain_call(settings: Settings, call: Call, fault: str | None) -> subprocess.CompletedProcess[str]:
    env = child_environment(drop_prefixes=("SCHOOL_",))
    env |= {"DATABASE_URL": settings.database_url or "", "SCHOOL_TODAY": TODAY.isoformat()}
    if fault:
        env["SCHOOL_FAULT_POINT"] = fault
    return subprocess.run(
        [sys.executable, "-m", "qa.crash_sweep", call.op, call.key, json.dumps(call.args)],
        cwd=CHECKOUT,  # `qa` is not installed: it is found in the checkout
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def domain_snapshot(settings: Settings) -> dict[str, Any]:
    """What a domain scenario must leave as its uncrashed run did: rows, money, stored outcomes."""
    with psycopg.connect(settings.database_url or "", row_factory=dict_row) as conn:
        return {
            "enrollments": _rows(
                conn,
                "SELECT e.student_id, e.cohort_id, e.status, s.cohort_id AS source FROM enrollments e"
                " LEFT JOIN enrollments s ON s.id = e.transferred_from ORDER BY e.id",
            ),
            "seats": _rows(conn, "SELECT id, seats_taken FROM cohorts WHERE seats_taken > 0 ORDER BY id"),
            "payments": _rows(
                conn,
                "SELECT p.kind, p.amount_cents, e.student_id, e.cohort_id FROM payments p"
                " JOIN enrollments e ON e.id = p.enrollment_id ORDER BY p.id",
            ),
            "provider": _rows(
                conn,
                "SELECT kind, amount_cents FROM fake_provider_charges WHERE status = 'succeeded' ORDER BY created_at",
            ),
            "outcomes": _rows(
                conn, "SELECT key, name, outcome->>'ok', outcome->>'error' FROM operations ORDER BY key"
            ),
        }


def _points(nodes: list[str]) -> list[str]:
    """Boundaries of every node that ran, and the side-effect points of the steps that ran.

    `nodes` holds the nodes, then `tool:<name>` for each action performed.
    """
    # The planner is a compiled subgraph, not a wrapped node: its crash recovery (finished workers
    # are not re-run) is tested on its own, in tests/test_planner.py.
    seen = list(dict.fromkeys(n for n in nodes if not n.startswith("tool:") and n not in UNWRAPPED))
    points = [f"{edge}:{node}" for node in seen for edge in ("before", "after")]
    if "execute" in seen:
        points.append(SIDE_EFFECT_POINTS["execute"])
    tools = {n.removeprefix("tool:") for n in nodes if n.startswith("tool:")}
    points += [SIDE_EFFECT_POINTS[t] for t in ("pay", "cancel") if t in tools]
    if "transfer" in tools:
        points += transfers.FAULT_POINTS
    return points


@contextmanager
def _database(settings: Settings) -> Iterator[Settings]:
    from agent.infra.persistence import database_url

    server = database_url(settings)
    name = f"sweep_{uuid.uuid4().hex[:10]}"
    admin = make_conninfo(server, dbname="postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield replace(settings, database_url=make_conninfo(server, dbname=name), today=TODAY)
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _play(settings: Settings, steps: list[Step], *, point: str | None) -> tuple[bool, list[str]]:
    """Run the steps as CLI processes; the fault fires once. (killed?, nodes run)."""
    killed = False
    for step in steps:
        fault = None if killed or point is None else point
        result = _cli(settings, _args(step), fault)
        if result.returncode == -signal.SIGKILL:
            killed = True
            _recover(settings, step)
        elif result.returncode != 0:
            message = f"step {step} exited {result.returncode}: {result.stderr.strip()}"
            raise RuntimeError(message)
    return killed, _nodes_run(settings)


def _recover(settings: Settings, step: Step) -> None:
    """What a client does after its request died: finish the cut-off run, else ask again."""
    state = _state(settings, step.thread)
    if state["next"] and not state["interrupts"]:
        _check(_cli(settings, ["resume", step.thread], None))
        return
    lost_message = step.text is not None and state["last_human"] != step.text
    lost_decision = step.decision is not None and bool(state["interrupts"])
    if lost_message or lost_decision:
        _check(_cli(settings, _args(step), None))


def _args(step: Step) -> list[str]:
    if step.text is not None:
        return ["send", step.thread, step.text, "--user", step.user]
    return [
        "approve",
        step.thread,
        *(["--reject"] if step.decision == "reject" else []),
        "--reviewer",
        "operator",
    ]


def _cli(settings: Settings, args: list[str], fault: str | None) -> subprocess.CompletedProcess[str]:
    env = child_environment(drop_prefixes=("SCHOOL_",))
    env |= {"DATABASE_URL": settings.database_url or "", "SCHOOL_TODAY": TODAY.isoformat()}
    if fault:
        env["SCHOOL_FAULT_POINT"] = fault
    return subprocess.run(
        [sys.executable, "-m", "agent.interfaces.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )


def _check(result: subprocess.CompletedProcess[str]) -> None:
    if result.returncode != 0:
        message = f"recovery exited {result.returncode}: {result.stderr.strip()}"
        raise RuntimeError(message)


def _state(settings: Settings, thread: str) -> dict[str, Any]:
    from langchain_core.messages import HumanMessage

    from agent.infra.persistence import open_resources
    from graphs.school import build_graph

    with open_resources(settings, setup=False) as res:
        graph = build_graph(checkpointer=res.checkpointer, school=res.school, settings=res.settings)
        state = graph.get_state({"configurable": {"thread_id": thread}})
    humans = [m.content for m in state.values.get("messages", []) if isinstance(m, HumanMessage)]
    return {"next": state.next, "interrupts": state.interrupts, "last_human": humans[-1] if humans else None}


def _nodes_run(settings: Settings) -> list[str]:
    """The nodes that ran, in order, then `tool:<name>` for each action performed."""
    with psycopg.connect(settings.database_url or "") as conn:
        nodes = [r[0] for r in conn.execute("SELECT node FROM plan_items ORDER BY id").fetchall()]
        tools = [
            r[0]
            for r in conn.execute(
                "SELECT payload->>'tool' FROM journal_events WHERE kind = 'tool_completed' ORDER BY id"
            ).fetchall()
        ]
    return nodes + [f"tool:{t}" for t in tools]


def snapshot(settings: Settings) -> dict[str, Any]:
    """What must survive a crash unchanged: domain rows, conversations, grants, keyed events."""
    from agent.infra.persistence import open_resources
    from graphs.school import build_graph

    with open_resources(settings, setup=False) as res, res.pool.connection() as conn:
        graph = build_graph(checkpointer=res.checkpointer, school=res.school, settings=res.settings)
        threads = [
            r["thread_id"]
            for r in conn.execute("SELECT DISTINCT thread_id FROM checkpoints ORDER BY thread_id").fetchall()
        ]
        conversations = {
            t: [
                (m.type, m.content)
                for m in graph.get_state({"configurable": {"thread_id": t}}).values.get("messages", [])
            ]
            for t in threads
        }
        return {
            "enrollments": _rows(conn, "SELECT student_id, cohort_id, status FROM enrollments ORDER BY id"),
            "payments": _rows(
                conn,
                "SELECT p.kind, p.amount_cents, e.student_id, e.cohort_id FROM payments p"
                " JOIN enrollments e ON e.id = p.enrollment_id ORDER BY p.id",
            ),
            "handoffs": _rows(conn, "SELECT student_id, thread_id, reason FROM handoffs ORDER BY id"),
            "seats": _rows(conn, "SELECT id, seats_taken FROM cohorts WHERE seats_taken > 0 ORDER BY id"),
            "grants": _rows(
                conn,
                "SELECT thread_id, action_name, args::text, reviewer, role, policy, decision"
                " FROM approval_grants ORDER BY at, role",
            ),
            "keyed_events": Counter(
                r["kind"]
                for r in conn.execute("SELECT kind FROM journal_events WHERE key IS NOT NULL").fetchall()
            ),
            "conversations": conversations,
        }


def _rows(conn: Any, sql: str) -> list[tuple[Any, ...]]:
    return [tuple(r.values()) for r in conn.execute(sql).fetchall()]


def compare(expected: dict[str, Any], actual: dict[str, Any]) -> list[str]:
    """What differs from the uncrashed run, part by part."""
    return [
        f"{part} differ: expected {expected[part]!r}, got {actual[part]!r}"
        for part in expected
        if expected[part] != actual[part]
    ]


def table(cells: list[Cell]) -> str:
    """Injection points × scenarios, each cell ok / FAIL / not reached."""
    scenarios = list(dict.fromkeys(c.scenario for c in cells))
    points = list(dict.fromkeys(c.point for c in cells))
    by = {(c.scenario, c.point): c for c in cells}
    width = max(len(p) for p in points)
    lines = [f"{'point':<{width}}  " + "  ".join(f"{s:<13}" for s in scenarios)]
    for point in points:
        marks = []
        for scenario in scenarios:
            cell = by.get((scenario, point))
            marks.append(
                "" if cell is None else "ok" if cell.ok else "not reached" if not cell.killed else "FAIL"
            )
        lines.append(f"{point:<{width}}  " + "  ".join(f"{m:<13}" for m in marks))
    failed = [c for c in cells if not c.ok]
    lines.append(f"\n{len(cells) - len(failed)}/{len(cells)} cells ok")
    lines += [
        f"FAIL {c.scenario} @ {c.point}: {'; '.join(c.problems) or 'the fault never fired'}" for c in failed
    ]
    return "\n".join(lines)


def _main(argv: list[str]) -> int:
    """`python -m qa.crash_sweep OP KEY ARGS_JSON`: one domain call, for `_domain_call`."""
    from agent.infra.persistence import open_resources

    op, key, args = argv[0], argv[1], json.loads(argv[2])
    with open_resources(Settings.from_env(), setup=False) as res:
        outcome = getattr(res.school, op)(key, **args)
    print(json.dumps(outcome, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
