"""The propose node: works out which cohort a request means and records it as a pending action."""

from __future__ import annotations

import re
from datetime import date
from typing import Any, Literal

from langgraph.types import Command

from agent.domain import School
from graphs.approvals import how_approved
from graphs.entities import find_mention
from graphs.nodes.common import FINISH, SchoolSource, latest_human, text_of
from graphs.nodes.program_queue import asks_for_the_program, queue_program
from graphs.nodes.proposals import Refusal, prepare
from graphs.nodes.signatures import StateNode
from graphs.state import State, assistant_message

_COHORT_SHAPED = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d+\b")
_ACTION_OF_INTENT = {"enroll": "enroll", "waitlist": "join_waitlist", "pay": "pay", "cancel": "cancel"}
_ELIGIBLE = {"pay": {"PENDING_PAYMENT"}, "cancel": {"PENDING_PAYMENT", "CONFIRMED", "WAITLISTED"}}


def make_propose(
    school: SchoolSource,
) -> StateNode[State, Command[Literal["approval", "next_in_program", "__end__"]]]:
    """Build the propose node over `school`."""

    def propose(state: State) -> Command[Literal["approval", "next_in_program", "__end__"]]:
        """Resolve the target cohort, preview the action, and wait for approval."""
        student = state.get("student_id")
        if not student:
            return _reply("I can only change enrollments for a signed-in student; please sign in first.")
        intent = state.get("intent") or ""
        name = _ACTION_OF_INTENT[intent]
        text = text_of(latest_human(state["messages"]))
        if name == "enroll" and asks_for_the_program(text, state):
            return Command(goto="next_in_program", update=queue_program(state))
        target = resolve_cohort(school(), name, text, student)
        if isinstance(target, Refusal):
            return _reply(target)
        proposal = prepare(school(), name, cohort_id=target, student_id=student)
        if isinstance(proposal, Refusal):
            return _reply(proposal)
        note = _replaced_note(state)
        message = (
            f"{note}Here is what I will do once it is approved: {proposal['description']} "
            f"{how_approved(proposal)}"
        )
        return Command(
            goto="approval", update={"pending_action": proposal, "messages": [assistant_message(message)]}
        )

    return propose


def _reply(text: str) -> Command[Literal["approval", "next_in_program", "__end__"]]:
    # A refused request leaves any earlier pending action waiting, as it was.
    return Command(goto=FINISH, update={"messages": [assistant_message(text)]})


def _replaced_note(state: State) -> str:
    earlier = state.get("pending_action")
    if not earlier:
        return ""
    return f"This replaces your earlier request ({earlier['name']} {earlier['args']['cohort_id']}). "


def resolve_cohort(school: School, name: str, text: str, student: str) -> str | Refusal:
    """The cohort id the request is about, or a question back to the student."""
    course_ids, cohort_ids = school.known_ids()
    mention = find_mention(text, course_ids=course_ids, cohort_ids=cohort_ids)
    if mention.cohort_id:
        return mention.cohort_id
    unknown = _COHORT_SHAPED.search(text.lower())
    if unknown:
        return Refusal(
            f"There is no cohort with id {unknown.group(0)!r}. Ask me about a course to see its cohorts."
        )
    if name in _ELIGIBLE:
        return _own_enrollment(school, name, student, mention.course_id)
    course_id = mention.course_id or _best_course(school, text)
    if course_id is None:
        return Refusal("Which course or cohort do you mean? You can name a cohort id such as rag-2.")
    return _next_open_cohort(school.cohorts_of(course_id), school.clock(), course_id)


def _best_course(school: School, text: str) -> str | None:
    hits = school.search(text, limit=1)
    return hits[0]["id"] if hits else None


def _next_open_cohort(cohorts: list[dict[str, Any]], today: date, course_id: str) -> str | Refusal:
    upcoming = [h for h in cohorts if h["starts_on"] > today]
    if not upcoming:
        return Refusal(f"{course_id} has no upcoming cohort to join.")
    with_seats = [h for h in upcoming if h["seats_taken"] < h["capacity"]]
    return (with_seats or upcoming)[0]["id"]


def _own_enrollment(school: School, name: str, student: str, course_id: str | None) -> str | Refusal:
    rows = [r for r in school.enrollments(student_id=student) if r["status"] in _ELIGIBLE[name]]
    if course_id:
        in_course = {h["id"] for h in school.cohorts_of(course_id)}
        rows = [r for r in rows if r["cohort_id"] in in_course]
    verb = "pay for" if name == "pay" else "cancel"
    if not rows:
        return Refusal(f"You have no enrollment I could {verb}.")
    if len(rows) > 1:
        ids = ", ".join(r["cohort_id"] for r in rows)
        return Refusal(f"You have several enrollments I could {verb} ({ids}); which cohort do you mean?")
    cohort_id: str = rows[0]["cohort_id"]
    return cohort_id
