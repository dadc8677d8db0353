"""The journal in words: one sentence for each event, the same for every face (the page, the CLI).

Beside the event kinds it words (`events.EventKind`), so a new kind and its sentence are one change.

`WORDING` has one entry for every kind the journal records (`agent.journal.events.KINDS`); each
reads what it needs from the event's payload and says it in plain words, never as JSON. A payload
missing a field is worded without it rather than refused: the journal is history, written by
older releases too. Pure functions, no I/O; nothing from LangGraph.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from agent.journal.events import EventKind

Payload = Mapping[str, Any]


def _step(p: Payload) -> str:
    return f"step {p.get('step', '?')} ({p.get('node', 'a node')})"


def _action(p: Payload) -> str:
    name = str(p.get("tool") or p.get("action") or p.get("name") or "the action")
    args = p.get("args") or {}
    cohort = args.get("cohort_id") if isinstance(args, Mapping) else None
    return f"{name.replace('_', ' ')} {cohort}" if cohort else name.replace("_", " ")


def _requested(p: Payload) -> str:
    requests = p.get("action_requests") or [{}]
    first = requests[0] if isinstance(requests[0], Mapping) else {}
    approver = p.get("approver", "operator")
    whose = "the student's" if approver == "student" else "an operator's"
    return f"Approval requested: {_action(first)} waits for {whose} decision."


def _failed_tool(p: Payload) -> str:
    outcome = p.get("outcome") or {}
    why = outcome.get("error") if isinstance(outcome, Mapping) else None
    return f"The school refused {_action(p)}" + (f" ({why})." if why else ".")


def _turn_completed(p: Payload) -> str:
    if p.get("status") == "awaiting_approval":
        return "The turn paused for an approval."
    intent = p.get("intent")
    return "The turn completed" + (f" (intent: {intent})." if intent else ".")


def _plan(p: Payload) -> str:
    items = p.get("items") or []
    shown = ", ".join(str(i) for i in items) or "no cohorts"
    return f"A study plan was shown: {shown} ({p.get('status', 'drafted')})."


def _state_updated(p: Payload) -> str:
    keys = ", ".join(str(k) for k in p.get("keys") or []) or "nothing"
    return f"{p.get('by', 'Someone')} edited the thread's state: {keys}."


def _spent(p: Payload) -> str:
    student = p.get("student_id")
    who = f"{student}'s daily model budget" if student else "The student's daily model budget"
    return f"{who} is spent for {p.get('day', 'today')}; messages wait until tomorrow."


def _enrollment(verb: str) -> Callable[[Payload], str]:
    def word(p: Payload) -> str:
        cohort = p.get("cohort_id")
        return f"{verb}" + (f" ({cohort})." if cohort else ".")

    return word


WORDING: dict[EventKind, Callable[[Payload], str]] = {
    "turn_started": lambda p: f"A turn started ({str(p.get('kind', 'message')).replace('_', ' ')}).",
    "step_started": lambda p: f"Started {_step(p)}.",
    "step_completed": lambda p: (
        f"Finished {_step(p)}"
        + (", which waits for an approval." if p.get("status") == "interrupted" else ".")
    ),
    "step_failed": lambda p: f"{_step(p).capitalize()} failed ({p.get('error', 'an error')}).",
    "tool_completed": lambda p: f"Done: {_action(p)}.",
    "tool_failed": _failed_tool,
    "approval_requested": _requested,
    "approval_granted": lambda p: (
        f"{p.get('reviewer', 'Someone')} ({p.get('role', 'reviewer')}) approved {_action(p)}."
    ),
    "approval_rejected": lambda p: (
        f"{p.get('reviewer', 'Someone')} rejected {_action(p)}"
        + (f": {p['reason']}" if p.get("reason") else ".")
    ),
    "turn_completed": _turn_completed,
    "turn_failed": lambda p: f"The turn failed ({p.get('error', 'an error')}).",
    "budget_exhausted": lambda p: "The thread's model budget is spent.",
    "student_budget_exhausted": _spent,
    "plan_presented": _plan,
    "worker_failed": lambda p: f"A helper failed ({p.get('error', 'an error')}).",
    "state_updated": _state_updated,
    "run_retried": lambda p: (
        f"The run was taken up again (attempt {p.get('attempt', '?')}) after its first worker stopped."
    ),
    "hold_expired": _enrollment("An unpaid seat hold expired and the enrollment was cancelled"),
    "seat_offered": _enrollment("A freed seat was offered and is held for payment"),
    "payment_reminded": _enrollment("A payment reminder was sent for a held seat"),
    "checkpoints_pruned": lambda p: "Old checkpoints were pruned.",
    "doctor_checked": lambda p: f"The health check ran (worst finding: {p.get('worst', 'none')}).",
}
"""One sentence per event kind, from its payload."""


def words(kind: str, payload: Payload | None) -> str:
    """The event in one sentence; a kind this release does not know is named as it is."""
    word = WORDING.get(kind)  # type: ignore[call-overload]  # any text may come from the table
    if word is None:
        return f"{kind.replace('_', ' ').capitalize()}."
    return str(word(payload or {}))
