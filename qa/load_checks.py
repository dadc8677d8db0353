"""What must hold after a load and chaos run, read from its database once every process has stopped.

Each check is a `Finding`: a name, whether it held, and what was seen. Together they say that no
accepted run was lost (every run ended, and one that failed says why), that nobody holds two
enrollments in a cohort or was charged or refunded twice (in the school's ledger and at the
payment provider), that no cohort holds more students than seats, and that the journal agrees
with the domain and the checkpoints: every action that ran had its approval and left one journal
event, every turn that is still `running` was followed by another on its thread (the run's retry),
every thread's last checkpoint is settled (done, or waiting for an approval; not cut off mid-run),
and every run that succeeded left checkpoints under its run id.

It only reads, with plain SQL, and the graph for each thread's state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from psycopg import Connection

from agent.config.settings import Settings
from agent.infra.persistence import open_resources
from graphs.school import build_graph

ACTIONS = ("enroll", "join_waitlist", "pay", "cancel")
"""The operations an approved action performs (`agent.domain.School`)."""
SHOWN = 5
"""Items named in one detail; the rest are counted."""

Row = dict[str, Any]


@dataclass(frozen=True)
class Finding:
    """One check: what was checked, whether it held, and what was seen."""

    name: str
    ok: bool
    detail: str
    warning: bool = False
    """It held, but something in it wants a look (printed WARN; the run does not fail on it)."""


def examine(database_url: str, *, today: date, scratch: Path) -> list[Finding]:
    """Every check, on the database at `database_url` (nothing may be writing to it any more)."""
    settings = Settings(database_url=database_url, data_dir=scratch, today=today, pool_max_size=2)
    with open_resources(settings, setup=False) as res, res.pool.connection() as conn:
        graph = build_graph(
            checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
        )
        return [
            runs_ended(conn),
            failed_runs_told(conn),
            one_enrollment(conn),
            one_charge_one_refund(conn),
            provider_once(conn),
            capacity(conn),
            actions_approved_and_journaled(conn),
            turns_settled(conn),
            threads_settled(conn, graph),
            runs_checkpointed(conn),
        ]


def _all(conn: Connection[Row], sql: str, params: Any = None) -> list[Row]:
    return list(conn.execute(sql, params).fetchall())


def _named(items: Sequence[str]) -> str:
    shown = ", ".join(items[:SHOWN])
    return shown + (f" and {len(items) - SHOWN} more" if len(items) > SHOWN else "")


def runs_ended(conn: Connection[Row]) -> Finding:
    """Every run ended: none left pending or running, none stopped (nobody asked to stop one)."""
    rows = _all(conn, "SELECT status, count(*) AS n FROM api_runs GROUP BY status ORDER BY status")
    counts = {r["status"]: r["n"] for r in rows}
    retried = _all(conn, "SELECT count(*) AS n FROM api_runs WHERE attempt > 1")[0]["n"]
    left = {s: n for s, n in counts.items() if s not in ("success", "error")}
    seen = ", ".join(f"{n} {s}" for s, n in counts.items()) or "no runs"
    detail = f"{sum(counts.values())} runs: {seen}; {retried} taken again after their worker died"
    return Finding("every accepted run ended", not left and bool(counts), detail)


def failed_runs_told(conn: Connection[Row]) -> Finding:
    """A run that failed recorded the answer its client got (status, code, message): it was not lost silently."""
    rows = _all(
        conn,
        "SELECT error, refusal->>'code' AS code, refusal->>'status' AS status,"
        " coalesce((refusal->>'began')::boolean, false) AS began, count(*) AS n,"
        " (array_agg(refusal->>'message'))[1] AS message"
        " FROM api_runs WHERE status = 'error' GROUP BY 1, 2, 3, 4 ORDER BY n DESC",
    )
    silent = [r for r in rows if r["code"] is None and r["status"] is None]
    if not rows:
        return Finding("failed runs said why", True, "no run failed")
    kinds = [
        f"{r['n']} × {r['error']} ({r['status']} {r['code']}, {'after' if r['began'] else 'before'} it began: "
        f"{(r['message'] or '')[:90]})"
        for r in rows
    ]
    return Finding("failed runs said why", not silent, "; ".join(kinds))


def one_enrollment(conn: Connection[Row]) -> Finding:
    """One active enrollment per student and cohort, each made by exactly one approved operation."""
    doubled = _all(
        conn,
        "SELECT student_id, cohort_id, count(*) AS n FROM enrollments"
        " WHERE status NOT IN ('CANCELLED', 'TRANSFERRED') GROUP BY 1, 2 HAVING count(*) > 1",
    )
    made = _all(
        conn,
        "SELECT e.id, count(o.key) AS n FROM enrollments e LEFT JOIN operations o"
        "  ON o.name IN ('enroll', 'join_waitlist', 'transfer') AND (o.outcome->>'ok')::boolean"
        "  AND o.outcome->'result'->'enrollment'->>'id' = e.id::text"
        " GROUP BY e.id HAVING count(o.key) <> 1",
    )
    totals = _all(conn, "SELECT status, count(*) AS n FROM enrollments GROUP BY status ORDER BY status")
    seen = ", ".join(f"{r['n']} {r['status']}" for r in totals) or "none"
    problems = [f"{r['student_id']} twice in {r['cohort_id']}" for r in doubled]
    problems += [f"enrollment {r['id']} made by {r['n']} operations" for r in made]
    detail = f"enrollments: {seen}" + (f"; {_named(problems)}" if problems else "")
    return Finding("no duplicate enrollment", not problems and bool(totals), detail)


_PAID_BY = (
    "WITH RECURSIVE chain (id, origin) AS ("
    " SELECT id, id FROM enrollments"
    " UNION ALL SELECT chain.id, e.transferred_from FROM chain JOIN enrollments e ON e.id = chain.origin"
    " WHERE e.transferred_from IS NOT NULL),"
    " paid_by AS (SELECT chain.id, p.kind, p.amount_cents FROM chain JOIN payments p ON p.enrollment_id = chain.origin)"
)
"""SQL: `paid_by` (id, kind, amount_cents), the payments of each enrollment or of those it was
transferred from (a transfer carries the charge over)."""


def one_charge_one_refund(conn: Connection[Row]) -> Finding:
    """At most one charge and one refund per enrollment, each under its own key, and only where they belong."""
    problems = [
        f"enrollment {r['enrollment_id']}: {r['n']} {r['kind']}s"
        for r in _all(
            conn,
            "SELECT enrollment_id, kind, count(*) AS n FROM payments GROUP BY 1, 2 HAVING count(*) > 1",
        )
    ]
    problems += [
        f"key {r['operation_key']} on {r['n']} payments"
        for r in _all(
            conn, "SELECT operation_key, count(*) AS n FROM payments GROUP BY 1 HAVING count(*) > 1"
        )
    ]
    problems += [
        f"enrollment {r['id']} ({r['status']}) has a {r['kind']}"
        for r in _all(
            conn,
            "SELECT e.id, e.status, p.kind FROM payments p JOIN enrollments e ON e.id = p.enrollment_id"
            " WHERE (p.kind = 'refund' AND e.status <> 'CANCELLED')"
            "    OR (p.kind = 'charge' AND e.status NOT IN ('CONFIRMED', 'CANCELLED', 'TRANSFERRED'))",
        )
    ]
    problems += [
        f"enrollment {r['id']} is CONFIRMED without a charge"
        for r in _all(
            conn,
            f"{_PAID_BY} SELECT e.id FROM enrollments e JOIN cohorts c ON c.id = e.cohort_id"
            " JOIN courses k ON k.id = c.course_id WHERE e.status = 'CONFIRMED' AND k.price_cents > 0"
            " AND NOT EXISTS (SELECT 1 FROM paid_by p WHERE p.id = e.id AND p.kind = 'charge')",
        )
    ]
    problems += [
        f"enrollment {r['enrollment_id']} refunded {r['refunded']} of {r['charged']}"
        for r in _all(
            conn,
            f"{_PAID_BY} SELECT r.enrollment_id, r.amount_cents AS refunded, c.amount_cents AS charged"
            " FROM payments r LEFT JOIN paid_by c ON c.id = r.enrollment_id AND c.kind = 'charge'"
            " WHERE r.kind = 'refund' AND r.amount_cents > coalesce(c.amount_cents, 0)",
        )
    ]
    totals = _all(
        conn,
        "SELECT kind, count(*) AS n, sum(amount_cents) AS cents FROM payments GROUP BY kind ORDER BY kind",
    )
    seen = ", ".join(f"{r['n']} {r['kind']}s (€{r['cents'] / 100:,.0f})" for r in totals) or "no payments"
    return Finding(
        "no duplicate charge or refund",
        not problems,
        f"{seen}" + (f"; {_named(problems)}" if problems else ""),
    )


def provider_once(conn: Connection[Row]) -> Finding:
    """The payment provider moved money at most once per enrollment and kind, and the ledger records each movement."""
    twice = _all(
        conn,
        "SELECT a.enrollment_id, c.kind, count(*) AS n FROM fake_provider_charges c"
        " JOIN payment_attempts a ON a.key = c.key AND a.kind = c.kind WHERE c.status = 'succeeded'"
        " GROUP BY 1, 2 HAVING count(*) > 1",
    )
    unrecorded = _all(
        conn,
        "SELECT c.kind, c.key FROM fake_provider_charges c WHERE c.status = 'succeeded' AND NOT EXISTS"
        " (SELECT 1 FROM payment_attempts a JOIN payments p ON p.enrollment_id = a.enrollment_id"
        "  AND p.kind = a.kind WHERE a.key = c.key AND a.kind = c.kind)",
    )
    open_attempts = _all(conn, "SELECT count(*) AS n FROM payment_attempts WHERE status = 'pending'")[0]["n"]
    moved = _all(conn, "SELECT count(*) AS n FROM fake_provider_charges WHERE status = 'succeeded'")[0]["n"]
    problems = [f"enrollment {r['enrollment_id']}: {r['n']} {r['kind']}s at the provider" for r in twice]
    problems += [f"provider {r['kind']} {r['key']} not in the ledger" for r in unrecorded]
    detail = f"{moved} movements at the provider; {open_attempts} attempts still open" + (
        f"; {_named(problems)}" if problems else ""
    )
    return Finding("the provider charged and refunded once", not problems, detail)


def capacity(conn: Connection[Row]) -> Finding:
    """No cohort holds more students (held seats: pending payment or confirmed) than it has seats."""
    rows = _all(
        conn,
        "SELECT c.id, c.capacity, c.seats_taken,"
        " count(e.id) FILTER (WHERE e.status IN ('PENDING_PAYMENT', 'CONFIRMED')) AS held,"
        " count(e.id) FILTER (WHERE e.status = 'WAITLISTED') AS waiting"
        " FROM cohorts c LEFT JOIN enrollments e ON e.cohort_id = c.id GROUP BY c.id ORDER BY c.id",
    )
    over = [f"{r['id']}: {r['held']} of {r['capacity']}" for r in rows if r["held"] > r["capacity"]]
    drift = [
        f"{r['id']}: seats_taken {r['seats_taken']}, held {r['held']}"
        for r in rows
        if r["seats_taken"] != r["held"]
    ]
    full = sum(r["held"] >= r["capacity"] for r in rows)
    waiting = sum(r["waiting"] for r in rows)
    detail = f"{full} of {len(rows)} cohorts full, {waiting} students waitlisted" + (
        f"; {_named(over + drift)}" if over or drift else ""
    )
    return Finding("capacity never exceeded", not over and not drift, detail)


def actions_approved_and_journaled(conn: Connection[Row]) -> Finding:
    """Each action that ran had an approval grant and left exactly one journal event; each such event has its action."""
    operations = _all(
        conn,
        "SELECT o.key, o.name,"
        " EXISTS (SELECT 1 FROM approval_grants g WHERE g.thread_id || ':' || g.action_id = o.key) AS granted,"
        " (SELECT count(*) FROM journal_events j WHERE j.kind IN ('tool_completed', 'tool_failed')"
        "   AND j.thread_id || ':' || split_part(j.key, ':', 1) = o.key) AS events"
        " FROM operations o WHERE o.name = ANY(%s)",
        (list(ACTIONS),),
    )
    orphans = _all(
        conn,
        "SELECT j.id, j.thread_id FROM journal_events j WHERE j.kind IN ('tool_completed', 'tool_failed')"
        " AND NOT EXISTS (SELECT 1 FROM operations o WHERE o.key = j.thread_id || ':' || split_part(j.key, ':', 1))",
    )
    problems = [f"{r['name']} {r['key']} ran without an approval" for r in operations if not r["granted"]]
    problems += [
        f"{r['name']} {r['key']} has {r['events']} journal events" for r in operations if r["events"] != 1
    ]
    problems += [f"journal event {r['id']} on {r['thread_id']} has no operation" for r in orphans]
    detail = f"{len(operations)} actions ran" + (f"; {_named(problems)}" if problems else "")
    return Finding("every action approved and journaled once", not problems, detail)


def turns_settled(conn: Connection[Row]) -> Finding:
    """No thread's last turn is left `running`; one cut off by a crash was followed by another turn."""
    left = _all(
        conn,
        "SELECT t.id, t.thread_id, t.kind FROM turns t WHERE t.status = 'running'"
        " AND NOT EXISTS (SELECT 1 FROM turns n WHERE n.thread_id = t.thread_id AND n.id > t.id)",
    )
    cut = _all(conn, "SELECT count(*) AS n FROM turns WHERE status = 'running'")[0]["n"]
    totals = _all(conn, "SELECT count(*) AS n FROM turns")[0]["n"]
    detail = f"{totals} turns, {cut} cut off by a crash and followed by another" if not left else ""
    if left:
        detail = "last turn still running: " + _named(
            [f"turn {r['id']} ({r['kind']} on {r['thread_id']})" for r in left]
        )
    return Finding("no turn left running", not left, detail)


def threads_settled(conn: Connection[Row], graph: Any) -> Finding:
    """Every thread's last checkpoint is settled: done, or waiting for an approval; none cut off mid-run.

    A thread cut off by a run that failed and said so to its client (a 5xx: the database went away
    under it) waits, as the product documents, for its next request, which finishes the cut-off
    run first: a warning. One cut off otherwise (its last run succeeded, or there is none) is a failure.
    """
    threads = [
        r["thread_id"]
        for r in _all(conn, "SELECT DISTINCT thread_id FROM checkpoints WHERE checkpoint_ns = '' ORDER BY 1")
    ]
    cut_off, told, waiting = [], [], 0
    for thread in threads:
        state = graph.get_state({"configurable": {"thread_id": thread}})
        if state.interrupts:
            waiting += 1
        elif state.next:
            last = conn.execute(
                "SELECT status, error, refusal FROM api_runs WHERE thread_id = %s"
                " ORDER BY created_at DESC LIMIT 1",
                (thread,),
            ).fetchone()
            where = f"{thread} (at {', '.join(state.next)}"
            if last is not None and last["status"] == "error" and last["refusal"] is not None:
                told.append(f"{where}, its last run failed: {last['error']})")
            else:
                cut_off.append(f"{where})")
    detail = f"{len(threads)} threads, {waiting} waiting for an approval"
    if told:
        detail += f"; cut off by a failed run, waiting for their next message: {_named(told)}"
    if cut_off:
        detail += f"; cut off with no failed run: {_named(cut_off)}"
    return Finding("every thread's checkpoint settled", not cut_off, detail, warning=bool(told))


def runs_checkpointed(conn: Connection[Row]) -> Finding:
    """Every run that succeeded left at least one checkpoint carrying its run id."""
    missing = _all(
        conn,
        "SELECT r.run_id::text AS run_id, r.thread_id FROM api_runs r WHERE r.status = 'success'"
        " AND NOT EXISTS (SELECT 1 FROM checkpoints c WHERE c.thread_id = r.thread_id"
        "  AND c.checkpoint_ns = '' AND c.metadata->>'run_id' = r.run_id::text)",
    )
    succeeded = _all(conn, "SELECT count(*) AS n FROM api_runs WHERE status = 'success'")[0]["n"]
    without = [f"{r['run_id']} on {r['thread_id']}" for r in missing]
    detail = f"{succeeded - len(without)} of {succeeded} successful runs have checkpoints" + (
        f"; without: {_named(without)}" if without else ""
    )
    return Finding("every successful run checkpointed", not missing, detail)
