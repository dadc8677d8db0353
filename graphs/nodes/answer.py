"""The answer node: retrieval over the catalog in Postgres, and a reply made only of what it found."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage

from agent.domain.rules import money
from graphs.nodes.common import SchoolSource, latest_human, text_of
from graphs.state import State


def make_answer(school: SchoolSource):
    """Build the answer node over `school`."""

    def answer(state: State) -> dict[str, Any]:
        """Answer from the catalog, naming the course and cohort ids used."""
        question = text_of(latest_human(state["messages"]))
        courses = school().search(question)
        return {"messages": [AIMessage(compose_answer(courses))]}

    return answer


def compose_answer(courses: list[dict[str, Any]]) -> str:
    """A reply stating the retrieved facts; says so plainly when there are none."""
    if not courses:
        return (
            "I couldn't find anything in our catalog that matches that. "
            "Try a topic such as Python, SQL, machine learning or RAG, or ask for a course id."
        )
    parts = [_describe(course) for course in courses]
    sources = [c["id"] for c in courses] + [h["id"] for c in courses for h in c["cohorts"]]
    return "\n\n".join(parts) + f"\n\nSources: {', '.join(sources)}."


def _describe(course: dict[str, Any]) -> str:
    prerequisites = ", ".join(course["prerequisites"]) or "none"
    head = (
        f"{course['title']} (course {course['id']}): {course['level']}, "
        f"{course['duration_weeks']} weeks, {money(course['price_cents'])}. "
        f"Prerequisites: {prerequisites}.\n{course['description']}"
    )
    if not course["cohorts"]:
        return head + "\nNo cohorts are scheduled."
    return head + "\nCohorts: " + "; ".join(_cohort_line(h) for h in course["cohorts"]) + "."


def _cohort_line(cohort: dict[str, Any]) -> str:
    free = cohort["capacity"] - cohort["seats_taken"]
    seats = f"{free} of {cohort['capacity']} seats free" if free else "full, waitlist open"
    return f"{cohort['id']} starts {cohort['starts_on']:%Y-%m-%d} ({seats})"
