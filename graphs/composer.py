"""The offline composer: replies written from catalog rows, so every price and date is the table's.

It states the courses a question is about, compares two side by side, or says what was searched
when nothing matched, naming at most one course to try instead; it never lists the catalog. The
answer node uses it with no answer model, and as the fallback when a model's reply cannot be
shown. Pure functions over rows: no database, no model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from typing import Any

from agent.domain.catalog_queries import Filters
from agent.domain.rules import money
from graphs.retrieval import Subject

Row = Mapping[str, Any]
"""A row read from the domain (a course, a cohort, a section); only read here."""

TRY_A_TOPIC = "Try a topic such as Python, SQL, machine learning or RAG, or ask for a course id."
NO_SEARCH_TERMS = (
    "Tell me what to look for in our catalog: a topic such as Python, SQL, machine learning or RAG, "
    "or a course id."
)
ANSWERED_FACETS = frozenset({"price", "dates", "seats", "duration", "level", "prerequisites"})
"""The facts the catalog rows answer; the format of a course is the knowledge base's."""


def compose(subject: Subject, *, today: date, facets: frozenset[str] = frozenset()) -> str:
    """The reply for `subject`; a comparison lists the cohorts that start on or after `today`.

    With `facets` (the facts the question asks for, `graphs.filters.FACETS`), each course's reply
    states those facts instead of the whole card (`answer_facets`).
    """
    if subject.kind == "nothing":
        return nothing_found(subject)
    if subject.kind == "comparison":
        first, second = subject.courses
        return compare(first, second, today=today)
    if len(subject.courses) == 1 and len(subject.cohorts) == 2:
        reply = compare_cohorts(subject.courses[0], subject.cohorts)
    elif facets & ANSWERED_FACETS:
        reply = answer_facets(subject.courses, facets & ANSWERED_FACETS, today=today)
    else:
        reply = compose_answer(subject.courses)
    if subject.misspelt:
        names = " and ".join(_name(c) for c in subject.courses)
        return f"(No course is named quite that way; I read it as {names}.)\n\n{reply}"
    return reply


def answer_facets(courses: Sequence[Row], facets: frozenset[str], *, today: date) -> str:
    """Each course's facts that the question asks for, then the ids they come from.

    A price question gets the price and the upcoming cohorts' dates; a level question the level,
    and for a course that is not for beginners its prerequisites (`"chain"`, when the caller
    looked them up) and a beginner course to start with (`"beginner_alternative"`); a question
    about prerequisites the whole chain in the order to take it.
    """
    parts: list[str] = []
    sources: list[str] = []
    for course in courses:
        upcoming = [h for h in course["cohorts"] if h["starts_on"] >= today]
        lines = [_course_facts(course, facets)]
        if facets & {"level", "prerequisites"}:
            sources += [c["id"] for c in course.get("chain", [])]
        if facets & {"price", "dates", "seats"}:
            free_only = "seats" in facets and not facets & {"price", "dates"}
            lines.append(_cohorts_sentence(upcoming, free_only=free_only))
            sources += [h["id"] for h in upcoming]
        alternative = course.get("beginner_alternative")
        if "level" in facets and alternative is not None and course["level"] != "beginner":
            first = next((h for h in alternative["cohorts"] if h["starts_on"] >= today), None)
            when = f", next cohort {first['id']} starts {first['starts_on']:%Y-%m-%d}" if first else ""
            lines.append(
                f"For a beginner, start with {_name(alternative)}: beginner, "
                f"{alternative['duration_weeks']} weeks, {money(alternative['price_cents'])}{when}."
            )
            sources.append(alternative["id"])
        parts.append(" ".join(lines))
    ids = [c["id"] for c in courses] + sources
    return "\n\n".join(parts) + f"\n\n{_sources(list(dict.fromkeys(ids)))}"


def _course_facts(course: Row, facets: frozenset[str]) -> str:
    """The sentences about the course itself (not its cohorts) that `facets` ask for."""
    said: list[str] = []
    if "price" in facets:
        said.append(f"costs {money(course['price_cents'])}")
    if "duration" in facets:
        said.append(f"lasts {course['duration_weeks']} weeks")
    if "level" in facets:
        level = course["level"]
        said.append(
            f"is a {level} course" if level == "beginner" else f"is {level}, not a course for beginners"
        )
    if not said:  # only cohort facts or prerequisites were asked: what the course is, in one line
        said.append(f"is {course['level']}, {course['duration_weeks']} weeks, {money(course['price_cents'])}")
    text = (
        f"{_name(course)} " + (", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]) + "."
    )
    if facets & {"level", "prerequisites"}:
        text += " " + _prerequisites(course)
    return text


def _prerequisites(course: Row) -> str:
    if not course["prerequisites"]:
        return "It has no prerequisites."
    direct = ", ".join(course["prerequisites"])
    chain = course.get("chain", [])
    if len(chain) <= len(course["prerequisites"]):
        return f"Prerequisites: {direct}."
    order = ", ".join(c["id"] for c in chain)
    return f"Prerequisites: {direct}; with theirs, in the order to take them: {order}."


def _cohorts_sentence(cohorts: Sequence[Row], *, free_only: bool) -> str:
    if free_only:
        cohorts = [h for h in cohorts if h["capacity"] > h["seats_taken"]]
        if not cohorts:
            return "No upcoming cohort has a free seat; a full cohort has a waitlist."
    if not cohorts:
        return "No cohorts are scheduled."
    return "Cohorts: " + "; ".join(_cohort_line(h) for h in cohorts) + "."


def compose_filtered(
    filters: Filters, courses: Sequence[Row], *, after: Row | None = None, builds_on: Row | None = None
) -> str:
    """The courses a structured question found, headed by the filter applied, each with its cohorts.

    `after` is the student's enrollment that `filters.starts_after` comes from, and `builds_on` the
    course `filters.builds_on` names, each named in the head; a course that builds on another lists
    all its prerequisites (a second one is needed too).
    """
    applied = describe_filters(filters, after=after, builds_on=builds_on)
    if not courses and filters == Filters(builds_on=filters.builds_on) and builds_on is not None:
        return (
            f"No course in our catalog lists {_name(builds_on)} among its prerequisites."
            f"\n\n{_sources([builds_on['id']])}"
        )
    if not courses:
        return f"{applied}: none in our catalog. {TRY_A_TOPIC}"
    lines = [f"{applied}:"]
    for course in courses:
        cohorts = "; ".join(_cohort_line(h) for h in course["cohorts"]) or "no cohorts scheduled"
        needs = f" Prerequisites: {', '.join(course['prerequisites'])}." if filters.builds_on else ""
        lines.append(
            f"- {_name(course)}: {money(course['price_cents'])}, {course['level']}, "
            f"{course['duration_weeks']} weeks.{needs} "
            f"{'Cohorts' if filters.on_cohorts else 'Next cohorts'}: {cohorts}."
        )
    sources = [c["id"] for c in courses] + [h["id"] for c in courses for h in c["cohorts"]]
    return "\n".join(lines) + f"\n\n{_sources(sources)}"


def describe_filters(filters: Filters, *, after: Row | None = None, builds_on: Row | None = None) -> str:
    """The filter a structured answer applied, in words: "Beginner courses costing at most €500"."""
    head = f"{filters.level.capitalize()} courses" if filters.level else "Courses"
    if filters.builds_on is not None:
        head += f" that build on {_name(builds_on) if builds_on else f'course {filters.builds_on}'}"
    if filters.pick is not None:
        picked = {
            "cheapest": "cheapest",
            "priciest": "most expensive",
            "shortest": "shortest",
            "longest": "longest",
        }
        head = f"The {picked[filters.pick]} {head[0].lower()}{head[1:]}"
    if filters.max_price_cents == 0:
        head += " that are free"
    elif filters.max_price_cents is not None:
        head += f" costing at most {money(filters.max_price_cents)}"
    if filters.min_price_cents is not None:
        head += f" costing at least {money(filters.min_price_cents)}"
    if filters.max_weeks is not None and filters.max_weeks == filters.min_weeks:
        head += f" of {filters.max_weeks} weeks"
    else:
        if filters.max_weeks is not None:
            head += f" of at most {filters.max_weeks} weeks"
        if filters.min_weeks is not None:
            head += f" of at least {filters.min_weeks} weeks"
    if filters.no_prerequisites:
        head += " with no prerequisites"
    cohort: list[str] = []
    if filters.month is not None:
        year, month = filters.month
        cohort.append(f"starting in {date(year, month, 1):%B %Y}")
    if filters.starts_after is not None:
        mine = f" (your {after['title']}, cohort {after['cohort_id']}, ends then)" if after else ""
        cohort.append(f"starting after {filters.starts_after:%Y-%m-%d}{mine}")
    if filters.starts_by is not None:
        cohort.append(f"starting by {filters.starts_by:%Y-%m-%d}")
    if filters.free_seats:
        cohort.append("with free seats")
    if cohort:
        head += " with a cohort " + " and ".join(cohort).replace("with free seats", "that has free seats")
    return head


def compose_answer(courses: Sequence[Row]) -> str:
    """The courses' catalog passages and the ids they come from; a plain no-match without courses."""
    if not courses:
        return f"I couldn't find anything in our catalog that matches that. {TRY_A_TOPIC}"
    parts = [_describe(course) for course in courses]
    sources = [c["id"] for c in courses] + [h["id"] for c in courses for h in c["cohorts"]]
    return "\n\n".join(parts) + f"\n\n{_sources(sources)}"


def describe_courses(courses: Sequence[Row]) -> str:
    """The catalog passages of some courses, as the models and the offline answers read them."""
    return "\n\n".join(_describe(course) for course in courses)


def compare(first: Row, second: Row, *, today: date) -> str:
    """Two courses side by side: price, level, duration, prerequisites, then each one's next cohorts."""
    pair = (first, second)
    upcoming = [[h for h in c["cohorts"] if h["starts_on"] >= today] for c in pair]
    rows = [
        ("Price", [money(c["price_cents"]) for c in pair]),
        ("Level", [c["level"] for c in pair]),
        ("Duration", [f"{c['duration_weeks']} weeks" for c in pair]),
        ("Prerequisites", [", ".join(c["prerequisites"]) or "none" for c in pair]),
    ]
    lines = [f"{_name(first)} and {_name(second)} side by side:"]
    lines += [f"- {label}: {a} vs {b}" for label, (a, b) in rows]
    for course, cohorts in zip(pair, upcoming, strict=True):
        listed = "; ".join(_cohort_line(h) for h in cohorts) or "none scheduled"
        lines.append(f"- Next cohorts of {course['id']}: {listed}")
    sources = [c["id"] for c in pair] + [h["id"] for cohorts in upcoming for h in cohorts]
    return "\n".join(lines) + f"\n\n{_sources(sources)}"


def compare_cohorts(course: Row, ids: tuple[str, ...]) -> str:
    """Two cohorts of one course side by side: when each starts and ends, and its free seats."""
    by_id = {h["id"]: h for h in course["cohorts"]}
    pair = [by_id[i] for i in ids]
    weeks = timedelta(weeks=course["duration_weeks"])

    def seats(cohort: Row) -> str:
        free = cohort["capacity"] - cohort["seats_taken"]
        return f"{free} of {cohort['capacity']} free" if free else "full, waitlist open"

    first, second = pair
    lines = [
        f"Cohorts {first['id']} and {second['id']} of {_name(course)} side by side:",
        f"- Starts: {first['starts_on']:%Y-%m-%d} vs {second['starts_on']:%Y-%m-%d}",
        f"- Ends: {first['starts_on'] + weeks:%Y-%m-%d} vs {second['starts_on'] + weeks:%Y-%m-%d}",
        f"- Seats: {seats(first)} vs {seats(second)}",
        f"Both cost {money(course['price_cents'])} and last {course['duration_weeks']} weeks.",
    ]
    return "\n".join(lines) + f"\n\n{_sources([course['id'], first['id'], second['id']])}"


def nothing_found(subject: Subject) -> str:
    """What was searched, that no course is about it, and at most one course worth asking about."""
    if not subject.searched:
        return NO_SEARCH_TERMS
    searched = _quoted(subject.searched)
    head = f"I searched our catalog for {searched} and found no course about that."
    course = subject.suggestion
    if course is None:
        return f"{head} {TRY_A_TOPIC}"
    if subject.mentioned:
        why = f", whose description mentions {_quoted(list(subject.mentioned))}"
        return f"{head} The closest is {_name(course)}{why}: ask about it for details."
    return f"{head} The closest by name is {_name(course)}: ask about it for details."


def _describe(course: Row) -> str:
    prerequisites = ", ".join(course["prerequisites"]) or "none"
    head = (
        f"{_name(course)}: {course['level']}, "
        f"{course['duration_weeks']} weeks, {money(course['price_cents'])}. "
        f"Prerequisites: {prerequisites}.\n{course['description']}"
    )
    if not course["cohorts"]:
        return head + "\nNo cohorts are scheduled."
    return head + "\nCohorts: " + "; ".join(_cohort_line(h) for h in course["cohorts"]) + "."


def _cohort_line(cohort: Row) -> str:
    free = cohort["capacity"] - cohort["seats_taken"]
    seats = f"{free} of {cohort['capacity']} seats free" if free else "full, waitlist open"
    return f"{cohort['id']} starts {cohort['starts_on']:%Y-%m-%d} ({seats})"


def _name(course: Row) -> str:
    return f"{course['title']} (course {course['id']})"


QUOTED_WORDS = 8
"""A reply repeats at most this many of a question's words: a page pasted in is not echoed back."""


def _quoted(words: list[str]) -> str:
    quoted = [f'"{w}"' for w in words[:QUOTED_WORDS]]
    if len(words) > QUOTED_WORDS:
        return ", ".join(quoted) + f" and {len(words) - QUOTED_WORDS} more words"
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" and {quoted[-1]}"


def _sources(ids: list[str]) -> str:
    return f"Sources: {', '.join(ids)}."


MAX_SECTION_CHARS = 600
"""A knowledge-base section quoted in a reply ends at the first paragraph break past this length."""


def compose_from_documents(sections: Sequence[Row], courses: Sequence[Row]) -> str:
    """The best knowledge-base section, trimmed, cited by document and section; the others among the sources.

    `courses` (those the question is about: "Is the SQL course online?", maybe none) are cited too.
    """
    best = sections[0]
    lines = [
        f'From {best["title"]}, "{best["section"]}" ({best["citation"]}):',
        _trimmed(best["text"].strip()),
    ]
    sources = [s["citation"] for s in sections] + [c["id"] for c in courses]
    return "\n\n".join(lines) + f"\n\n{_sources(sources)}"


def describe_sections(sections: Sequence[Row]) -> str:
    """The knowledge-base sections as the answer model reads them, each headed by its citation."""
    return "\n\n".join(
        f"[{s['citation']}] {s['title']}: {s['section']}\n{s['text'].strip()}" for s in sections
    )


def _trimmed(text: str) -> str:
    paragraphs = text.split("\n\n")
    kept = [paragraphs[0]]
    for paragraph in paragraphs[1:]:
        if len("\n\n".join(kept)) >= MAX_SECTION_CHARS:
            break
        kept.append(paragraph)
    return "\n\n".join(kept)
