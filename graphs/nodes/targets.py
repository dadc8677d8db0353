"""Which cohort a request means: from the student's words or the action being discussed, never a guess.

A cohort comes from its id in the message, or from a course the message names (id or title) and
the cohort's place among that course's cohorts ("the second cohort", "the January group"), or
from the course being discussed: the pending action's, else the one the last reply was about, or the
one a comparative picks among the courses it showed ("the cheaper one").
When none of these names one, the student is asked. A transfer moves the student's own active
enrollment in that course (`PENDING_PAYMENT` or `CONFIRMED`) to the cohort named.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from agent.domain import School
from graphs.entities import COHORT_SHAPED, MONTHS, CohortReference, cohort_reference, find_mention
from graphs.grounding import cited_ids
from graphs.nodes.proposals import Refusal

Row = Mapping[str, Any]
"""A row read from the domain (a course, a cohort, a section); only read here."""

ASK_WHICH = "Which course or cohort do you mean? You can name a cohort id such as rag-2."
_ELIGIBLE = {"pay": {"PENDING_PAYMENT"}, "cancel": {"PENDING_PAYMENT", "CONFIRMED", "WAITLISTED"}}
_MOVABLE = {"PENDING_PAYMENT", "CONFIRMED"}


@dataclass(frozen=True)
class Target:
    """The cohort an action is for and, for a transfer, the cohort it moves from."""

    cohort_id: str
    from_cohort_id: str | None = None


@dataclass(frozen=True)
class Discussed:
    """What the conversation is about when the message does not say: a cohort, or only a course."""

    cohort_id: str | None = None
    course_id: str | None = None
    shown: tuple[str, ...] = ()
    """The courses the last reply showed, in its order, when it showed several."""


_COMPARED: dict[str, tuple[Literal["price_cents", "duration_weeks"], bool]] = {
    **dict.fromkeys(("cheaper", "cheapest"), ("price_cents", False)),
    **dict.fromkeys(("pricier", "dearer"), ("price_cents", True)),
    **dict.fromkeys(("shorter", "shortest"), ("duration_weeks", False)),
    **dict.fromkeys(("longer", "longest"), ("duration_weeks", True)),
}
"""Comparatives that pick among courses shown ("the cheaper one"): the field and whether the most wins."""


class Catalog:
    """The catalog's ids and titles, read once per proposal."""

    def __init__(self, school: School) -> None:
        self.school = school
        course_ids, self.cohort_ids = school.known_ids()
        courses = school.courses_with_cohorts(sorted(course_ids))
        self.titles = {c["id"]: c["title"] for c in courses}
        self.course_of = {h["id"]: c["id"] for c in courses for h in c["cohorts"]}

    def discussed_in(self, reply: str) -> Discussed:
        """The one course a reply is about (by the ids it cites), if it is about exactly one."""
        cited = cited_ids(reply, set(self.titles) | self.cohort_ids)
        shown = dict.fromkeys(
            self.course_of.get(i, i) for i in cited if i in self.titles or i in self.course_of
        )
        if len(shown) == 1:
            return Discussed(course_id=next(iter(shown)))
        return Discussed(shown=tuple(shown))

    def compared(self, text: str, shown: tuple[str, ...]) -> str | None:
        """The one course of those shown that a comparative picks ("the cheaper one"), or None."""
        words = set(re.findall(r"[a-z]+", text.lower()))
        found = [_COMPARED[w] for w in words if w in _COMPARED]
        if len(shown) < 2 or len(found) != 1:
            return None
        field, most = found[0]
        rows = self.school.courses_with_cohorts(list(shown))
        values = sorted({r[field] for r in rows})
        best = values[-1] if most else values[0]
        picked = [r["id"] for r in rows if r[field] == best]
        return picked[0] if len(picked) == 1 else None

    def discussing(self, cohort_id: str) -> Discussed:
        """The pending action's cohort and its course."""
        return Discussed(cohort_id, self.course_of.get(cohort_id))


def resolve(catalog: Catalog, name: str, text: str, student: str, discussed: Discussed) -> Target | Refusal:
    """The cohort (and source, for a transfer) a request is about, or a question back to the student."""
    if name == "transfer":
        return _transfer(catalog, text, student, discussed)
    mention = find_mention(
        text, course_ids=set(catalog.titles), cohort_ids=catalog.cohort_ids, titles=catalog.titles
    )
    if mention.cohort_id:
        return Target(mention.cohort_id)
    unknown = COHORT_SHAPED.search(text.lower())
    if unknown:
        return Refusal(
            f"There is no cohort with id {unknown.group(0)!r}. Ask me about a course to see its cohorts."
        )
    if len(mention.courses) > 1:
        return Refusal(f"Which course do you mean: {_either(mention.courses)}?")
    if name in _ELIGIBLE:
        return _own_enrollment(catalog.school, name, student, mention.course_id)
    course = mention.course_id or discussed.course_id or catalog.compared(text, discussed.shown)
    if course is None:
        return Refusal(ASK_WHICH)
    cohorts = catalog.school.cohorts_of(course)
    reference = cohort_reference(text)
    if reference is None:
        return _next_open_cohort(cohorts, catalog.school.clock(), course)
    anchor = discussed.cohort_id if discussed.course_id == course else None
    found = pick(cohorts, reference, anchor=anchor, today=catalog.school.clock(), course=course)
    return found if isinstance(found, Refusal) else Target(found)


def _transfer(catalog: Catalog, text: str, student: str, discussed: Discussed) -> Target | Refusal:
    """Move the student's active enrollment in a course to the cohort the message names."""
    school = catalog.school
    active = [r for r in school.enrollments(student_id=student) if r["status"] in _MOVABLE]
    seats = {r["cohort_id"] for r in active}
    named = _cohorts_named(text, catalog.cohort_ids)
    target = next((c for c in reversed(named) if c not in seats or _is_destination(text, c)), None)
    mention = find_mention(text, course_ids=set(catalog.titles), cohort_ids=set(), titles=catalog.titles)
    if len(mention.courses) > 1:
        return Refusal(f"Which course do you mean: {_either(mention.courses)}?")
    in_courses = sorted({catalog.course_of[c] for c in seats if c in catalog.course_of})
    course = (
        catalog.course_of.get(target or (named[0] if named else ""))
        or mention.course_id
        or discussed.course_id
        or (in_courses[0] if len(in_courses) == 1 else None)
    )
    if course is None:
        if not active:
            return Refusal("You have no enrollment I could move to another cohort.")
        return Refusal(f"Which course's cohort do you want to change: {_either(in_courses)}?")
    sources = [r["cohort_id"] for r in active if catalog.course_of.get(r["cohort_id"]) == course]
    if not sources:
        return Refusal(
            f"You have no enrollment in {course} to move. To join one of its cohorts, ask me to enroll you."
        )
    if len(sources) > 1:
        return Refusal(f"You are in {_either(sources)}; which one do you want to move?")
    source = sources[0]
    if target is None:
        found = _transfer_target(catalog, course, source, text)
        if isinstance(found, Refusal):
            return found
        target = found
    if target == source:
        return Refusal(f"You are already in {source}.")
    return Target(target, from_cohort_id=source)


def _transfer_target(catalog: Catalog, course: str, source: str, text: str) -> str | Refusal:
    cohorts = catalog.school.cohorts_of(course)
    today = catalog.school.clock()
    reference = cohort_reference(text) or CohortReference(relation="other")
    return pick(cohorts, reference, anchor=source, today=today, course=course)


def _is_destination(text: str, cohort: str) -> bool:
    """Whether the message names the cohort as where to go: "move me to rag-2"."""
    return (
        re.search(rf"\b(?:to|into|for)\s+(?:the\s+)?(?:cohort\s+)?{re.escape(cohort)}\b", text.lower())
        is not None
    )


def _cohorts_named(text: str, cohort_ids: set[str]) -> list[str]:
    """Every known cohort id the message names, in order."""
    found = []
    rest = text
    while (mention := find_mention(rest, course_ids=set(), cohort_ids=cohort_ids)).cohort_id:
        cohort = mention.cohort_id
        found.append(cohort)
        cut = rest.lower().find(cohort)
        if cut < 0:  # named with a typo: no second one is looked for
            break
        rest = rest[cut + len(cohort) :]
    return found


def pick(
    cohorts: Sequence[Row], reference: CohortReference, *, anchor: str | None, today: date, course: str
) -> str | Refusal:
    """The cohort of `cohorts` (earliest first) that a month, an order or a relation names.

    `anchor` is the cohort being discussed, which "the next", "the other" and "a later" one are
    relative to.
    """
    if not cohorts:
        return Refusal(f"{course} has no cohorts scheduled.")
    if reference.months_ahead is not None or reference.month is not None:
        month = reference.month or (today.month + (reference.months_ahead or 0) - 1) % 12 + 1
        return _by_month(cohorts, month, today, course)
    if reference.order is not None:
        if reference.order > len(cohorts):
            return Refusal(f"{course} has only {len(cohorts)} cohorts: {_listed(cohorts)}.")
        return str(cohorts[reference.order - 1 if reference.order > 0 else -1]["id"])
    return _by_relation(cohorts, reference.relation or "next", anchor, today, course)


def _by_month(cohorts: Sequence[Row], month: int, today: date, course: str) -> str | Refusal:
    starting = [h for h in cohorts if h["starts_on"].month == month]
    upcoming = [h for h in starting if h["starts_on"] > today] or starting
    if len(upcoming) == 1:
        return str(upcoming[0]["id"])
    name = MONTHS[month - 1].capitalize()
    if not upcoming:
        return Refusal(f"{course} has no cohort starting in {name}. Its cohorts: {_listed(cohorts)}.")
    return Refusal(
        f"{course} has {len(upcoming)} cohorts starting in {name}: {_listed(upcoming)}. Which one?"
    )


def _by_relation(
    cohorts: Sequence[Row], relation: str, anchor: str | None, today: date, course: str
) -> str | Refusal:
    upcoming = [h for h in cohorts if h["starts_on"] > today]
    here = next((h for h in cohorts if h["id"] == anchor), None)
    if relation == "other":
        others = [h for h in upcoming if h["id"] != anchor]
        if len(others) == 1:
            return str(others[0]["id"])
    elif here is not None and relation in ("next", "later"):
        after = [h for h in upcoming if h["starts_on"] > here["starts_on"]]
        if after:
            return str(after[0]["id"])
    elif here is not None and relation == "earlier":
        before = [h for h in upcoming if h["starts_on"] < here["starts_on"]]
        if before:
            return str(before[-1]["id"])
    elif relation == "next" and upcoming:
        return str(upcoming[0]["id"])
    return Refusal(f"Which cohort of {course} do you mean? Its cohorts: {_listed(cohorts)}.")


def _listed(cohorts: Sequence[Row]) -> str:
    return ", ".join(f"{h['id']} (starts {h['starts_on']:%Y-%m-%d})" for h in cohorts)


def _either(ids: list[str] | tuple[str, ...]) -> str:
    return ", ".join(ids[:-1]) + f" or {ids[-1]}" if len(ids) > 1 else ids[0]


def _next_open_cohort(cohorts: Sequence[Row], today: date, course_id: str) -> Target | Refusal:
    upcoming = [h for h in cohorts if h["starts_on"] > today]
    if not upcoming:
        return Refusal(f"{course_id} has no upcoming cohort to join.")
    with_seats = [h for h in upcoming if h["seats_taken"] < h["capacity"]]
    return Target((with_seats or upcoming)[0]["id"])


def _own_enrollment(school: School, name: str, student: str, course_id: str | None) -> Target | Refusal:
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
    return Target(rows[0]["cohort_id"])
