"""The answer node: retrieval over the catalog in Postgres, then an answer grounded in it.

With an answer model, the model writes the reply from the retrieved passages; the code checks
that it cites only ids it was given and falls back to the catalog's own words when it does not,
when it fails, or when it is down. Without one, the reply is composed from the passages. When
retrieval finds nothing no model is asked: the student is told plainly that nothing matched.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from agent.domain import School
from agent.domain.rules import money
from agent.llm.calls import Failed, recorded
from agent.llm.models import Models, NamedModel
from agent.llm.usage import ModelCall, total
from graphs.grounding import allowed_ids, cited_ids, claims_an_action
from graphs.nodes.common import SchoolSource, latest_human, text_of
from graphs.nodes.signatures import RuntimeNode
from graphs.prompts import ANSWER_SYSTEM, ANSWER_USER
from graphs.retrieval import Retrieval, Retriever
from graphs.state import AnswerRecord, Context, State, TurnRecord, assistant_message

NOTHING_FOUND = (
    "I couldn't find anything in our catalog that matches that. "
    "Try a topic such as Python, SQL, machine learning or RAG, or ask for a course id."
)
MODEL_DOWN = (
    "(Our answer writer is not reachable right now, so here is what the catalog says. "
    "Your conversation is saved; ask again later for a fuller answer.)"
)


def make_answer(school: SchoolSource, models: Models) -> RuntimeNode[State, dict[str, Any], Context]:
    """Build the answer node over `school` and the answer model of `models`."""
    retrievers: dict[School, Retriever] = {}  # one per domain: it remembers what it embedded

    def retriever() -> Retriever:
        current = school()
        if current not in retrievers:
            embeddings = models.embeddings()
            retrievers[current] = Retriever(
                current,
                embeddings=embeddings.model if embeddings else None,
                model_name=embeddings.name if embeddings else None,
            )
        return retrievers[current]

    def answer(state: State, runtime: Runtime[Context]) -> dict[str, Any]:
        """Answer the latest question from the catalog, citing the ids used."""
        question = text_of(latest_human(state["messages"]))
        found = _search(retriever(), question, state["messages"])
        context = runtime.context or Context()
        model = models.chat("answer", context.answer_model) if found.courses else None
        if model is None:
            source = "rules" if found.courses else "no_match"
            reply, record, call = compose_answer(found.courses), _record(source, found), None
        else:
            reply, record, call = _model_answer(model, question, found, school(), models)
        return _update(state, reply, record, call)

    return answer


def _search(retriever: Retriever, question: str, messages: list[Any]) -> Retrieval:
    """The courses for the question.

    A follow-up that names nothing ("and how much is it?") is searched together with the
    student's previous message.
    """
    found = retriever.search(question)
    earlier = [text_of(m) for m in messages[:-1] if isinstance(m, HumanMessage)]
    if found.courses or not earlier:
        return found
    return retriever.search(f"{earlier[-1]} {question}")


def _update(state: State, reply: str, record: AnswerRecord, call: ModelCall | None) -> dict[str, Any]:
    turn = state.get("turn") or TurnRecord(
        route={"intent": "question", "source": "rules", "model": None, "reason": None}, answer=None, calls=[]
    )
    calls = turn["calls"] + ([call] if call else [])
    update: dict[str, Any] = {
        "messages": [assistant_message(reply)],
        "turn": TurnRecord(route=turn["route"], answer=record, calls=calls),
    }
    if call:
        update["usage"] = total([call])
    return update


def _record(
    source: str,
    found: Retrieval,
    *,
    model: str | None = None,
    reason: str | None = None,
    cited: list[str] | None = None,
) -> AnswerRecord:
    retrieval = f"{found.mode} ({found.note})" if found.note else found.mode
    return AnswerRecord(
        source=source,
        model=model,
        reason=reason,
        retrieval=retrieval,
        retrieved=[c["id"] for c in found.courses],
        cited=cited or [],
    )


def answer_messages(question: str, courses: list[dict[str, Any]]) -> list[Any]:
    """What the answer model sees: the rules, then the passages as data, then the question."""
    passages = describe_courses(courses)
    return [
        SystemMessage(ANSWER_SYSTEM),
        HumanMessage(ANSWER_USER.format(passages=passages, question=question)),
    ]


def _model_answer(
    model: NamedModel, question: str, found: Retrieval, school: School, models: Models
) -> tuple[str, AnswerRecord, ModelCall]:
    run = recorded(
        lambda cfg: model.model.invoke(answer_messages(question, found.courses), config=cfg),
        role="answer",
        model=model.name,
        prices=models.config,
    )
    if isinstance(run, Failed):  # a model that is down must not cost the student the turn
        text = f"{MODEL_DOWN}\n\n{compose_answer(found.courses)}"
        return text, _record("fallback", found, model=model.name, reason=run.failure), run.calls[-1]
    text = text_of(run.value).strip()
    cited, problem = _check(text, found, school)
    if problem is not None:
        return (
            compose_answer(found.courses),
            _record("fallback", found, model=model.name, reason=problem),
            run.judged("ungrounded").calls[-1],
        )
    if not cited:
        cited = [c["id"] for c in found.courses]
        text += f"\n\nSources: {', '.join(cited)}."
    return text, _record("model", found, model=model.name, cited=cited), run.calls[-1]


def _check(text: str, found: Retrieval, school: School) -> tuple[list[str], str | None]:
    """The ids a reply cites, and what is wrong with it (None when it may be shown)."""
    courses, cohorts = school.known_ids()
    cited = cited_ids(text, courses | cohorts)
    # An id-shaped word that is in the passages' text (a "GPT-4" in a description) is not made up.
    given, passages = allowed_ids(found.courses), describe_courses(found.courses).lower()
    ungrounded = [i for i in cited if i not in given and i not in passages]
    if not text:
        return cited, "empty_reply"
    if ungrounded:
        return cited, f"cited ids it was not given: {', '.join(ungrounded)}"
    if claims_an_action(text):
        return cited, "claimed an action it cannot take"
    return cited, None


def describe_courses(courses: list[dict[str, Any]]) -> str:
    """The catalog passages of some courses, as the models and the offline answers read them."""
    return "\n\n".join(_describe(course) for course in courses)


def compose_answer(courses: list[dict[str, Any]]) -> str:
    """A reply stating the retrieved facts; says so plainly when there are none."""
    if not courses:
        return NOTHING_FOUND
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
