"""Enrolling in a planned program: one proposal, one decision and one idempotent execution per course.

'Enroll me in the program' queues the program's cohorts; each is proposed through the same
`prepare` and approval step as a single enrollment. After each decision (approve, edit or reject)
the next cohort is proposed, until the queue is empty.
"""

from __future__ import annotations

from typing import Any, Literal

from langgraph.types import Command

from graphs.nodes.common import FINISH, SchoolSource
from graphs.nodes.proposals import Refusal, prepare
from graphs.nodes.signatures import StateNode
from graphs.planner.request import names_the_program
from graphs.state import State, assistant_message


def asks_for_the_program(text: str, state: State) -> bool:
    """Whether an enroll request is about the program presented in this thread."""
    program = state.get("program")
    return bool(program and program["items"] and names_the_program(text))


def make_next_in_program(school: SchoolSource) -> StateNode[State, Command[Literal["approval", "__end__"]]]:
    """Build the node that proposes the next queued cohort of the program."""

    def next_in_program(state: State) -> Command[Literal["approval", "__end__"]]:
        """Propose the next cohort that can be proposed; say why any other was skipped."""
        queue = list(state.get("queued") or [])
        student = state.get("student_id") or ""
        notes: list[str] = []
        while queue:
            cohort = queue.pop(0)
            proposal = prepare(school(), "enroll", cohort_id=cohort, student_id=student)
            if isinstance(proposal, Refusal):
                notes.append(f"Skipping {cohort}: {proposal}")
                continue
            left = f" ({len(queue)} more after this)" if queue else " (the last one)"
            text = (" ".join(notes) + " " if notes else "") + (
                f"Next in your program{left}: {proposal['description']} "
                "Reply 'yes' to confirm or 'no' to skip it."
            )
            return Command(
                goto="approval",
                update={"pending_action": proposal, "queued": queue, "messages": [assistant_message(text)]},
            )
        done = " ".join(notes) + (" " if notes else "") + "That was the last course of your program."
        return Command(goto=FINISH, update={"queued": [], "messages": [assistant_message(done)]})

    return next_in_program


def queue_program(state: State) -> dict[str, Any]:
    """The update that starts enrolling in the thread's program."""
    program = state.get("program")
    assert program is not None
    return {"queued": [item["cohort_id"] for item in program["items"]]}
