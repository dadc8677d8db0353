"""The offline composer: replies written from catalog rows, so every price and date is the table's.

It states the courses a question is about, compares two side by side, or says what was searched
when nothing matched, naming at most one course to try instead; it never lists the catalog. The
answer node uses it with no answer model, and as the fallback when a model's reply cannot be
shown. Pure functions over rows: no database, no model.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from agent.domain.rules import money
from graphs.retrieval import Subject

Row = dict[str, Any]

TRY_A_TOPIC = "Try a topic such as Python, SQL, machine learning or RAG, or ask for a course id."
NO_SEARCH_TERMS = (
    "Tell me what to look for in our catalog: a topic such as Python, SQL, machine learning or RAG, "
    "or a course id."
)


def compose(subject: Subject, *, today: date) -> str:
    """The reply for `subject`; a comparison lists the cohorts that start on or after `today`."""
    if subject.kind == "nothing":
        return nothing_found(subject)
    if subject.kind == "comparison":
        first, second = subject.courses
        return compare(first, second, today=today)
    return compose_answer(subject.courses)


def compose_answer(courses: list[Row]) -> str:
    """The courses' catalog passages and the ids they come from; a plain no-match without courses."""
    if not courses:
        return f"I couldn't find anything in our catalog that matches that. {TRY_A_TOPIC}"
    parts = [_describe(course) for course in courses]
    sources = [c["id"] for c in courses] + [h["id"] for c in courses for h in c["cohorts"]]
    return "\n\n".join(parts) + f"\n\n{_sources(sources)}"


def describe_courses(courses: list[Row]) -> str:
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


def _quoted(words: list[str]) -> str:
    quoted = [f'"{w}"' for w in words]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" and {quoted[-1]}"


def _sources(ids: list[str]) -> str:
    return f"Sources: {', '.join(ids)}."
