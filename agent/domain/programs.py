"""The rules of a multi-course program: the reviewer's checks, a greedy planner and a rule-based optimizer.

A program is a list of cohorts a student takes one after another. `review` checks it against the
rules that `skills/program-planning/SKILL.md` states, `plan_candidates` drafts one from catalog rows
deterministically, and `revise` repairs a reviewed draft when no model is configured. Plain Python
over catalog rows: no LangChain or LangGraph, no database access (the caller fetches the rows and
passes them in), and no notion of who the student is.

Time is half-open: a course occupies `[starts_on, ends_on)` with `ends_on = starts_on + duration_weeks`,
the first day it no longer runs, so the next course may start on the day the previous one "ends".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any, Literal, get_args

from agent.domain.catalog import CourseWithCohorts
from agent.domain.rules import money

Row = dict[str, Any]

ProblemCode = Literal[
    "empty",
    "duplicate_course",
    "starts_in_past",
    "starts_too_early",
    "starts_too_late",
    "cohort_full",
    "missing_prerequisite",
    "prerequisite_order",
    "overlap",
    "too_many",
    "over_budget",
]
PROBLEM_CODES: tuple[str, ...] = get_args(ProblemCode)

DEFAULT_SIZE = 3
"""How many courses a program has when the student does not say."""


class InvalidProgramRequestError(ValueError):
    """A program request that no program can satisfy by construction (no courses, a negative budget)."""


@dataclass(frozen=True)
class ProgramItem:
    """One course of a program in one of its cohorts, with what the rules need to know about it."""

    course_id: str
    cohort_id: str
    title: str
    price_cents: int
    starts_on: date
    ends_on: date
    """The first day after the course: `starts_on` plus its duration in weeks."""
    prerequisites: tuple[str, ...] = ()
    seats_left: int | None = None
    """Free seats in the cohort; None when unknown (then it is not checked)."""

    def as_dict(self) -> Row:
        """JSON-safe form (ISO dates, lists) for graph state; `from_dict` reads it back."""
        return {
            "course_id": self.course_id,
            "cohort_id": self.cohort_id,
            "title": self.title,
            "price_cents": self.price_cents,
            "starts_on": self.starts_on.isoformat(),
            "ends_on": self.ends_on.isoformat(),
            "prerequisites": list(self.prerequisites),
            "seats_left": self.seats_left,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ProgramItem:
        """The item `as_dict` wrote."""
        return cls(
            course_id=data["course_id"],
            cohort_id=data["cohort_id"],
            title=data["title"],
            price_cents=data["price_cents"],
            starts_on=_as_date(data["starts_on"]),
            ends_on=_as_date(data["ends_on"]),
            prerequisites=tuple(data["prerequisites"]),
            seats_left=data.get("seats_left"),
        )


def item_from(course: Mapping[str, Any], cohort: Mapping[str, Any]) -> ProgramItem:
    """The program item for one cohort of a course, from catalog rows (as `School.search` returns them)."""
    if cohort.get("course_id", course["id"]) != course["id"]:
        message = f"cohort {cohort['id']} belongs to {cohort['course_id']}, not to {course['id']}"
        raise ValueError(message)
    starts_on = _as_date(cohort["starts_on"])
    seats_left = None
    if cohort.get("capacity") is not None and cohort.get("seats_taken") is not None:
        seats_left = int(cohort["capacity"]) - int(cohort["seats_taken"])
    return ProgramItem(
        course_id=course["id"],
        cohort_id=cohort["id"],
        title=course["title"],
        price_cents=int(course["price_cents"]),
        starts_on=starts_on,
        ends_on=starts_on + timedelta(weeks=int(course["duration_weeks"])),
        prerequisites=tuple(course.get("prerequisites") or ()),
        seats_left=seats_left,
    )


@dataclass(frozen=True)
class ProgramRequest:
    """What the student asked for. Dates bound cohort *start* dates: `[start_after, start_before)`."""

    goal: str
    budget_cents: int | None = None
    """The most the whole program may cost; None when the student gave no budget."""
    start_before: date | None = None
    """Every cohort starts strictly before this day; None for no deadline."""
    start_after: date | None = None
    """Every cohort starts on or after this day; None means from tomorrow (cohorts must not have started)."""
    size: int = DEFAULT_SIZE
    """The most courses the program may have."""
    completed: tuple[str, ...] = ()
    """Course ids the student has already done; they satisfy prerequisites and are never planned."""
    waitlist_ok: bool = False
    """Whether the student accepts a waitlist place in a full cohort."""
    named: tuple[str, ...] = ()
    """Course ids the student named: required, placed first with what they need, never left out for size."""

    def __post_init__(self) -> None:
        if self.size < 1:
            message = f"a program has at least one course, not {self.size}"
            raise InvalidProgramRequestError(message)
        if self.budget_cents is not None and self.budget_cents < 0:
            message = f"a budget cannot be negative ({self.budget_cents} cents)"
            raise InvalidProgramRequestError(message)

    def as_dict(self) -> Row:
        """JSON-safe form for graph state; `from_dict` reads it back."""
        return {
            "goal": self.goal,
            "budget_cents": self.budget_cents,
            "start_before": _iso(self.start_before),
            "start_after": _iso(self.start_after),
            "size": self.size,
            "completed": list(self.completed),
            "waitlist_ok": self.waitlist_ok,
            "named": list(self.named),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ProgramRequest:
        """The request `as_dict` wrote."""
        return cls(
            goal=data["goal"],
            budget_cents=data.get("budget_cents"),
            start_before=_maybe_date(data.get("start_before")),
            start_after=_maybe_date(data.get("start_after")),
            size=data.get("size", DEFAULT_SIZE),
            completed=tuple(data.get("completed", ())),
            waitlist_ok=data.get("waitlist_ok", False),
            named=tuple(data.get("named", ())),
        )


@dataclass(frozen=True)
class Problem:
    """One rule a program breaks: a stable code, the course concerned (None: the whole program), and why."""

    code: ProblemCode
    course_id: str | None
    message: str
    """A plain-English reason with ids and dates, fit for a student or a reviewer model."""

    def as_dict(self) -> Row:
        """JSON-safe form for graph state."""
        return {"code": self.code, "course_id": self.course_id, "message": self.message}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Problem:
        """The problem `as_dict` wrote; raises on an unknown code."""
        if data["code"] not in PROBLEM_CODES:
            message = f"unknown problem code {data['code']!r}"
            raise ValueError(message)
        return cls(code=data["code"], course_id=data.get("course_id"), message=data["message"])


@dataclass(frozen=True)
class Draft:
    """What `plan_candidates` proposes, what it could not place and why, and the cohorts to revise with."""

    items: tuple[ProgramItem, ...]
    left_out: tuple[Problem, ...]
    """One entry per wanted course (or needed prerequisite) that is not in `items`, in planning order."""
    candidates: dict[str, list[ProgramItem]] = field(default_factory=dict)
    """Every cohort of every course considered, earliest first: the `candidates` argument of `revise`."""


# -- review ---------------------------------------------------------------------------------------
def review(items: Sequence[ProgramItem], request: ProgramRequest, *, today: date) -> list[Problem]:
    """Every rule the program breaks, in a fixed order; an empty list means the program is approved.

    Order: per item in list order (duplicate; started/window; full; prerequisites), then overlaps
    in start order, then the number of courses, then the budget. A second occurrence of a course is
    reported as a duplicate only, and left out of the other per-course checks and of the overlaps.
    """
    if not items:
        return [Problem("empty", None, "The program has no courses.")]
    problems: list[Problem] = []
    firsts: dict[str, ProgramItem] = {}
    for item in items:
        first = firsts.get(item.course_id)
        if first is None:
            firsts[item.course_id] = item
        else:
            problems.append(
                Problem(
                    "duplicate_course",
                    item.course_id,
                    f"{item.course_id} is in the program twice ({first.cohort_id} and {item.cohort_id}); "
                    "take it once.",
                )
            )
    order_pairs: set[tuple[str, str]] = set()
    for item in firsts.values():
        problems += _date_problems(item, request, today)
        problems += _prerequisite_problems(item, firsts, request, order_pairs)
    problems += _overlaps(list(firsts.values()), order_pairs)
    # When only the named courses and what they need are left, the reply says that they alone are too much.
    alone = f" {_named_alone(request)}" if {i.course_id for i in items} <= required(items, request) else ""
    if len(items) > request.size:
        problems.append(
            Problem(
                "too_many",
                None,
                f"The program has {len(items)} courses; you asked for at most {request.size}.{alone}",
            )
        )
    total = total_cents(items)
    if request.budget_cents is not None and total > request.budget_cents:
        problems.append(
            Problem(
                "over_budget",
                None,
                f"The program costs {money(total)} in total, {money(total - request.budget_cents)} over "
                f"the budget of {money(request.budget_cents)}.{alone}",
            )
        )
    return problems


def required(items: Iterable[ProgramItem], request: ProgramRequest) -> set[str]:
    """The named courses and, transitively, the prerequisites of theirs that the program holds."""
    by_id = {i.course_id: i for i in items}
    needed, todo = set(), [c for c in request.named if c in by_id]
    while todo:
        course_id = todo.pop()
        if course_id in by_id and course_id not in needed:
            needed.add(course_id)
            todo += [p for p in by_id[course_id].prerequisites if p not in request.completed]
    return needed


def _named_alone(request: ProgramRequest) -> str:
    named = " and ".join(request.named)
    return f"That is what {named}, which you asked for, takes with the courses it needs."


def total_cents(items: Iterable[ProgramItem]) -> int:
    """The price of the whole program, in cents."""
    return sum(i.price_cents for i in items)


def _date_problems(item: ProgramItem, request: ProgramRequest, today: date) -> list[Problem]:
    problems = []
    if item.starts_on <= today:
        problems.append(
            Problem(
                "starts_in_past",
                item.course_id,
                f"{item.cohort_id} starts on {item.starts_on}, not after today ({today}); a cohort takes no "
                "new students once it has started.",
            )
        )
    elif request.start_after is not None and item.starts_on < request.start_after:
        problems.append(
            Problem(
                "starts_too_early",
                item.course_id,
                f"{item.cohort_id} starts on {item.starts_on}, before the earliest start asked for "
                f"({request.start_after}).",
            )
        )
    elif request.start_before is not None and item.starts_on >= request.start_before:
        problems.append(
            Problem(
                "starts_too_late",
                item.course_id,
                f"{item.cohort_id} starts on {item.starts_on}; every course must start before "
                f"{request.start_before}.",
            )
        )
    if item.seats_left is not None and item.seats_left <= 0 and not request.waitlist_ok:
        problems.append(
            Problem(
                "cohort_full",
                item.course_id,
                f"{item.cohort_id} is full; only a waitlist place is left, and the student has not "
                "accepted one.",
            )
        )
    return problems


def _prerequisite_problems(
    item: ProgramItem,
    firsts: Mapping[str, ProgramItem],
    request: ProgramRequest,
    order_pairs: set[tuple[str, str]],
) -> list[Problem]:
    problems = []
    for needed in item.prerequisites:
        if needed in request.completed:
            continue
        before = firsts.get(needed)
        if before is None:
            problems.append(
                Problem(
                    "missing_prerequisite",
                    item.course_id,
                    f"{item.course_id} needs {needed}, which is neither completed nor in the program.",
                )
            )
        elif before.ends_on > item.starts_on:
            order_pairs.add((item.course_id, needed))
            problems.append(
                Problem(
                    "prerequisite_order",
                    item.course_id,
                    f"{item.course_id} starts {item.starts_on}, before its prerequisite {needed} ends on "
                    f"{before.ends_on}.",
                )
            )
    return problems


def _overlaps(items: list[ProgramItem], order_pairs: set[tuple[str, str]]) -> list[Problem]:
    """Pairs that run at the same time, each reported on the later-starting course.

    A pair already reported as a prerequisite-order problem is not reported again.
    """
    by_start = sorted(items, key=lambda i: i.starts_on)  # stable: list order breaks ties
    problems = []
    for n, later in enumerate(by_start):
        for earlier in by_start[:n]:
            linked = (later.course_id, earlier.course_id) in order_pairs or (
                earlier.course_id,
                later.course_id,
            ) in order_pairs
            if later.starts_on < earlier.ends_on and not linked:
                problems.append(
                    Problem(
                        "overlap",
                        later.course_id,
                        f"{later.cohort_id} ({later.starts_on} to {later.ends_on}) overlaps "
                        f"{earlier.cohort_id} ({earlier.starts_on} to {earlier.ends_on}); courses are "
                        "taken one after another.",
                    )
                )
    return problems


# -- revise ---------------------------------------------------------------------------------------
def revise(
    items: Sequence[ProgramItem],
    problems: Sequence[Problem],
    candidates: Mapping[str, Sequence[ProgramItem]],
    request: ProgramRequest,
    *,
    today: date,
) -> list[ProgramItem]:
    """The program with what can be fixed fixed, by rules: the optimizer when no model is configured.

    For each problem still present (in the order given), fixes are tried in turn and the first one
    that strictly lowers the score (number of problems, cents over budget, courses over size) is
    kept: another cohort of the course concerned, earliest first (for an order problem or an
    overlap, then of the other course involved); for the budget, dropping the most expensive course
    that no other course in the program needs; for the size, dropping the latest-starting such
    course (for both, never a course the student named nor one it needs); as a last resort,
    dropping the course concerned together with the courses that need it. It never adds a course. When nothing improves it returns a list equal to `items`; since every
    change lowers the score, repeated rounds always terminate.
    """
    current = list(items)
    for problem in problems:
        found = review(current, request, today=today)
        if not any(p.code == problem.code and p.course_id == problem.course_id for p in found):
            continue
        score = _score(current, request, today)
        for option in _fixes(current, problem, candidates, required(current, request)):
            if _score(option, request, today) < score:
                current = option
                break
    return current


def _score(items: list[ProgramItem], request: ProgramRequest, today: date) -> tuple[int, int, int]:
    over_budget = 0
    if request.budget_cents is not None:
        over_budget = max(0, total_cents(items) - request.budget_cents)
    return (len(review(items, request, today=today)), over_budget, max(0, len(items) - request.size))


def _fixes(
    items: list[ProgramItem],
    problem: Problem,
    candidates: Mapping[str, Sequence[ProgramItem]],
    keep: set[str],
) -> Iterable[list[ProgramItem]]:
    """The programs to try for one problem, best idea first (generated lazily).

    For size and budget, the courses in `keep` (the named ones and what they need) are never dropped.
    """
    if problem.code in ("over_budget", "too_many"):
        # Budget: the dearest course no other one needs (the later one on a tie); size: the last one.
        by_price = problem.code == "over_budget"
        leaves = sorted(
            (n for n in _leaves(items) if items[n].course_id not in keep),
            reverse=True,
            key=lambda n: (items[n].price_cents if by_price else 0, items[n].starts_on, n),
        )
        if leaves:
            yield _drop(items, leaves[0])
        return
    if problem.code == "empty" or problem.course_id is None:
        return
    at = [n for n, i in enumerate(items) if i.course_id == problem.course_id]
    if problem.code == "duplicate_course":
        yield _drop(items, at[-1])
        return
    yield from _switches(items, at[0], candidates)
    if problem.code in ("prerequisite_order", "overlap"):
        for other in _related(items, at[0], problem.code):
            yield from _switches(items, other, candidates)
    yield _without(items, at[0])


def _switches(
    items: list[ProgramItem],
    at: int,
    candidates: Mapping[str, Sequence[ProgramItem]],
) -> Iterable[list[ProgramItem]]:
    """The program with item `at` moved to each other cohort of its course, earliest first."""
    item = items[at]
    others = sorted(
        (c for c in candidates.get(item.course_id, ()) if c.cohort_id != item.cohort_id),
        key=lambda c: (c.starts_on, c.cohort_id),
    )
    for other in others:
        yield [*items[:at], other, *items[at + 1 :]]


def _related(items: list[ProgramItem], at: int, code: str) -> list[int]:
    """For an order problem, the prerequisites that end too late; for an overlap, what it overlaps."""
    item = items[at]
    if code == "prerequisite_order":
        return [
            n for n, i in enumerate(items) if i.course_id in item.prerequisites and i.ends_on > item.starts_on
        ]
    return [
        n
        for n, i in enumerate(items)
        if i.course_id != item.course_id and i.starts_on < item.ends_on and item.starts_on < i.ends_on
    ]


def _leaves(items: list[ProgramItem]) -> list[int]:
    """The positions of the items no other item of the program lists as a prerequisite."""
    needed = {p for i in items for p in i.prerequisites}
    return [n for n, i in enumerate(items) if i.course_id not in needed]


def _drop(items: list[ProgramItem], at: int) -> list[ProgramItem]:
    return [*items[:at], *items[at + 1 :]]


def _without(items: list[ProgramItem], at: int) -> list[ProgramItem]:
    """The program without the course at `at` (every occurrence) and every item that needs it."""
    gone = {items[at].course_id}
    changed = True
    while changed:
        changed = False
        for i in items:
            if i.course_id not in gone and gone.intersection(i.prerequisites):
                gone.add(i.course_id)
                changed = True
    return [i for i in items if i.course_id not in gone]


# -- plan -----------------------------------------------------------------------------------------
def with_prerequisites(
    rows: Iterable[CourseWithCohorts], fetch: Callable[[list[str]], list[CourseWithCohorts]]
) -> dict[str, CourseWithCohorts]:
    """The course rows given plus every prerequisite they need, transitively, fetched by id.

    `fetch` is `School.courses_with_cohorts`: ids in, course rows with their cohorts out. Ids the
    catalog does not know are left out; `plan_candidates` then reports the courses that need them.
    """
    courses = {r["id"]: r for r in rows}
    asked: set[str] = set(courses)
    while True:
        wanted = sorted({p for r in courses.values() for p in r.get("prerequisites") or ()} - asked)
        if not wanted:
            return courses
        asked.update(wanted)
        courses.update({r["id"]: r for r in fetch(wanted)})


def cohort_items(rows: Iterable[Mapping[str, Any]]) -> dict[str, list[ProgramItem]]:
    """Every cohort of each course row (with `"cohorts"`) as an item, earliest first, by course id.

    The `candidates` argument of `revise` for a program a model proposed.
    """
    return {
        r["id"]: sorted(
            (item_from(r, h) for h in r.get("cohorts", ())), key=lambda i: (i.starts_on, i.cohort_id)
        )
        for r in rows
    }


def plan_candidates(
    found: Sequence[Sequence[Mapping[str, Any]]],
    request: ProgramRequest,
    *,
    today: date,
    catalog: Mapping[str, Mapping[str, Any]] | None = None,
) -> Draft:
    """A first program, greedily: courses by sub-goal and prerequisites, earliest cohorts one after another.

    `found` holds, per sub-goal in priority order, the course rows (with `"cohorts"`) a worker
    found for it; `catalog` supplies the rows of prerequisites no worker found (see
    `with_prerequisites`). Completed courses are skipped. The courses the student named
    (`request.named`, their rows in `found` or `catalog`) come before every sub-goal, and they and
    their prerequisites are placed whatever `request.size`: the other courses give way. Each wanted
    course brings its missing prerequisites; courses are ordered by (first sub-goal that needs
    them, depth of their prerequisite chain, id), which puts every prerequisite before the courses that need it. Then,
    in that order, each course gets the earliest cohort that starts after today, inside the window,
    on or after the end of the course placed before it, and with a free seat (a full one only if
    the student accepts a waitlist and no cohort with seats fits). A course with no such cohort, or
    whose prerequisite was not placed, or beyond `request.size`, is left out with the reason.

    The budget is deliberately not applied here: the draft is the best path in time, and the
    reviewer and `revise` (or the student) decide which course to drop when it costs too much.
    """
    rows: dict[str, Mapping[str, Any]] = dict(catalog or {})
    wanted = {c: -1 for c in request.named if c not in request.completed}
    for rank, group in enumerate(found):
        for row in group:
            rows.setdefault(row["id"], row)
            if row["id"] not in request.completed:
                wanted.setdefault(row["id"], rank)
    priority, depth, unknown = _closure(wanted, rows, request.completed)
    order = sorted(priority, key=lambda c: (priority[c], depth[c], c))
    candidates = cohort_items(rows[c] for c in order)
    placed: list[ProgramItem] = []
    left_out: list[Problem] = []
    for course_id in order:
        reason = _unplaceable(course_id, rows, placed, unknown, request, named=priority[course_id] < 0)
        if reason is None:
            chosen, reason = _earliest_cohort(course_id, candidates[course_id], placed, request, today)
            if chosen is not None:
                placed.append(chosen)
        if reason is not None:
            left_out.append(reason)
    return Draft(items=tuple(placed), left_out=tuple(left_out), candidates=candidates)


def _closure(
    wanted: Mapping[str, int],
    rows: Mapping[str, Mapping[str, Any]],
    completed: tuple[str, ...],
) -> tuple[dict[str, int], dict[str, int], set[str]]:
    """Priority and prerequisite depth of every wanted course and of what it needs; unknown ids apart."""
    priority: dict[str, int] = {}
    depth: dict[str, int] = {}
    unknown: set[str] = set()

    def visit(course_id: str, rank: int, path: tuple[str, ...]) -> int:
        if course_id not in rows:
            unknown.add(course_id)
            return -1
        priority[course_id] = min(rank, priority.get(course_id, rank))
        needs = [p for p in rows[course_id].get("prerequisites") or () if p not in completed]
        # A cycle in the catalog would recurse forever; the path cuts it (the course is then unplaceable).
        depths = [visit(p, rank, (*path, course_id)) for p in needs if p not in path]
        depth[course_id] = 1 + max(depths, default=-1)
        return depth[course_id]

    for course_id, rank in sorted(wanted.items(), key=lambda kv: kv[1]):
        visit(course_id, rank, ())
    return priority, depth, unknown


def _unplaceable(
    course_id: str,
    rows: Mapping[str, Mapping[str, Any]],
    placed: list[ProgramItem],
    unknown: set[str],
    request: ProgramRequest,
    *,
    named: bool,
) -> Problem | None:
    """Why the course cannot be placed whatever its cohorts, or None; a full program still takes a named one."""
    here = {i.course_id for i in placed}
    needs = [p for p in rows[course_id].get("prerequisites") or () if p not in request.completed]
    missing = [p for p in needs if p not in here]
    if missing:
        why = " and ".join(f"{p} (not in the catalog)" if p in unknown else p for p in missing)
        return Problem(
            "missing_prerequisite",
            course_id,
            f"{course_id} is left out: it needs {why}, which the program could not include.",
        )
    if len(placed) >= request.size and not named:
        return Problem(
            "too_many", course_id, f"{course_id} is left out: the program already has {len(placed)} courses."
        )
    return None


def _earliest_cohort(
    course_id: str,
    cohorts: list[ProgramItem],
    placed: list[ProgramItem],
    request: ProgramRequest,
    today: date,
) -> tuple[ProgramItem | None, Problem | None]:
    """The cohort to place, or the reason there is none."""
    floor = max([today + timedelta(days=1), request.start_after or today, *(i.ends_on for i in placed)])
    after = [c for c in cohorts if c.starts_on >= floor]
    fits = [c for c in after if request.start_before is None or c.starts_on < request.start_before]
    with_seats = [c for c in fits if c.seats_left is None or c.seats_left > 0]
    if with_seats:
        return with_seats[0], None
    if fits and request.waitlist_ok:
        return fits[0], None
    later = [c for c in after if c not in fits]
    following = (
        f"; its next cohort, {later[0].cohort_id}, starts on {later[0].starts_on}"
        if later
        else "; it has no later cohort"
    )
    if fits:
        return None, Problem(
            "cohort_full",
            course_id,
            f"{course_id} is left out: every cohort that fits is full "
            f"({', '.join(c.cohort_id for c in fits)}).",
        )
    if placed and request.start_before is not None and floor == placed[-1].ends_on >= request.start_before:
        return None, Problem(
            "starts_too_late",
            course_id,
            f"{course_id} is left out: {placed[-1].cohort_id} ends on {floor}, too late to start "
            f"another course before {request.start_before}{following}.",
        )
    since = f"{floor} (when {placed[-1].cohort_id} ends)" if placed and floor == placed[-1].ends_on else floor
    window = f" and before {request.start_before}" if request.start_before is not None else ""
    return None, Problem(
        "starts_too_late",
        course_id,
        f"{course_id} is left out: no cohort starts on or after {since}{window}{following}.",
    )


def _as_date(value: date | str) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value)


def _maybe_date(value: date | str | None) -> date | None:
    return None if value is None else _as_date(value)


def _iso(value: date | None) -> str | None:
    return None if value is None else value.isoformat()


__all__ = [
    "DEFAULT_SIZE",
    "PROBLEM_CODES",
    "Draft",
    "InvalidProgramRequestError",
    "Problem",
    "ProblemCode",
    "ProgramItem",
    "ProgramRequest",
    "cohort_items",
    "item_from",
    "plan_candidates",
    "required",
    "review",
    "revise",
    "total_cents",
    "with_prerequisites",
]
