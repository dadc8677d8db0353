"""The answer node: retrieval over the catalog in Postgres, then an answer grounded in it.

With an answer model, the model writes the reply from the retrieved passages; the code checks
that it cites only ids it was given and states only prices and dates the retrieved rows hold, and
falls back to the catalog's own words when it does not, when it fails, or when it is down.
Without one, the reply is composed from the rows (`graphs.composer`). A question about a policy
or an action ("How do I cancel an enrollment?", "Is the SQL course online?") is answered from the
knowledge base's sections (`graphs.sources.answer_sources`), cited by document and section;
a model gets them as data beside the catalog rows, and a reply citing a section it was not given
is not shown. When neither a course nor a section is about what was asked no model is asked: the
student is told what was searched and that nothing matched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from agent.domain import CourseWithCohorts, School, catalog_queries
from agent.domain.catalog_queries import Filters
from agent.llm.calls import Failed, recorded
from agent.llm.models import Models, NamedModel
from agent.llm.usage import ModelCall, total
from graphs.composer import (
    compose,
    compose_answer,
    compose_filtered,
    compose_from_documents,
    describe_courses,
    describe_sections,
)
from graphs.filters import Reading, read_question
from graphs.grounding import (
    allowed_ids,
    cited_ids,
    cited_sections,
    claims_an_action,
    unsupported_figures,
    without_sections,
)
from graphs.model_filters import InvalidFiltersError, read_filters
from graphs.nodes.common import SchoolSource, latest_human, text_of
from graphs.nodes.signatures import RuntimeNode
from graphs.prompts import ANSWER_COMPARE, ANSWER_DOCUMENTS, ANSWER_SYSTEM, ANSWER_USER
from graphs.retrieval import Retrieval, Retriever, Subject, topic_terms
from graphs.sources import answer_sources, follow_on_query, structured_query
from graphs.state import AnswerRecord, Context, State, TurnRecord, assistant_message

Row = Mapping[str, Any]
"""A row read from the domain (a course, a cohort, a section); only read here."""

__all__ = [
    "MODEL_DOWN",
    "answer_messages",
    "compose_answer",
    "make_answer",
    "offline_reply",
]

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
        today = school().clock()
        context = runtime.context or Context()
        reading = read_question(question, today=today)
        routed = _routed_filters(state, today)
        # The router model's filters replace the rules' reading, unless the question points back
        # ("is it for beginners?": the router sees no history) or names a course by its id.
        if routed is not None and not reading.refers_back and not school().named_ids(question):
            reading = replace(reading, filters=routed, subject=[])
        else:
            routed = None
        if reading.structured:  # a query on the tables: its reply is theirs, model or not
            reply, courses = _structured(school(), reading, context.user_id, today)
            note = "filters read by the router model" if routed is not None else None
            found = Retrieval(courses, [c["id"] for c in courses], None, "structured", note)
            return _update(state, reply, _record("rules", found), None)
        searched, found = _search(retriever(), question, state["messages"])
        read = retriever().read(searched, found)
        follow_ons = _follow_ons(school(), searched, reading, read, today)
        if follow_ons is not None:  # the tables answer, as for a structured question
            reply, courses, built_on = follow_ons
            found = Retrieval(
                courses, [c["id"] for c in courses], None, "structured", f"builds on {built_on}"
            )
            return _update(state, reply, _record("rules", found), None)
        subject, sections = answer_sources(school(), searched, read, reading, retriever=retriever())
        subject = _with_prerequisites(school(), subject, reading)
        if subject.kind == "nothing" and not sections:  # no model call: there is nothing to write from
            reply = compose(subject, today=today)
            return _update(state, reply, _no_match(found, subject), None)
        model = models.chat("answer", context.answer_model)
        if model is None:
            reply = _rules_reply(subject, sections, today=today, reading=reading)
            reply, record, call = reply, _record("rules", found, sections=sections), None
        else:
            reply, record, call = _model_answer(
                model, question, subject, sections, found, school(), models, reading
            )
        return _update(state, reply, record, call)

    return answer


def offline_reply(school: School, question: str, *, student: str | None = None) -> str:
    """What the answer node says with no answer model to `question` asked on its own (no history)."""
    retriever = Retriever(school)
    today = school.clock()
    reading = read_question(question, today=today)
    if reading.structured:
        return _structured(school, reading, student, today)[0]
    read = retriever.read(question, retriever.search(question))
    follow_ons = _follow_ons(school, question, reading, read, today)
    if follow_ons is not None:
        return follow_ons[0]
    subject, sections = answer_sources(school, question, read, reading)
    subject = _with_prerequisites(school, subject, reading)
    return _rules_reply(subject, sections, today=today, reading=reading)


def _routed_filters(state: State, today: date) -> Filters | None:
    """The catalog filters the router model read in this turn's question, if it gave usable ones."""
    turn = state.get("turn")
    raw = turn["route"].get("filters") if turn else None
    if raw is None:
        return None
    try:
        return read_filters(raw, today=today)
    except InvalidFiltersError:  # checked by the router already; a record from an older release
        return None


def _rules_reply(subject: Subject, sections: Sequence[Row], *, today: date, reading: Reading) -> str:
    """The offline reply: the best knowledge-base section when one answers, else the catalog's."""
    if sections:
        return compose_from_documents(sections, subject.courses)
    return compose(subject, today=today, facets=reading.facets)


def _structured(
    school: School, reading: Reading, student: str | None, today: date
) -> tuple[str, list[CourseWithCohorts]]:
    """The reply to a question the tables answer ("Which courses start in January?"), and the courses found."""
    result = structured_query(school, reading, student, today)
    if result is None:
        reply = (
            "You have no current enrollment, so there is no end date to start after. "
            'Ask for the courses starting in a month instead, e.g. "Which courses start in March?"'
        )
        return reply, []
    filters, courses, after = result
    return compose_filtered(filters, courses, after=after), courses


def _follow_ons(
    school: School, question: str, reading: Reading, subject: Subject, today: date
) -> tuple[str, list[CourseWithCohorts], str] | None:
    """The reply, the courses listed and the course they build on, for "What can I take after X?".

    See `follow_on_query`; None for any other question.
    """
    result = follow_on_query(school, question, reading, subject, today)
    if result is None:
        return None
    filters, course, courses = result
    return compose_filtered(filters, courses, builds_on=course), courses, course["id"]


def _with_prerequisites(school: School, subject: Subject, reading: Reading) -> Subject:
    """The subject's courses with their prerequisite chain and a beginner course to start with.

    Only when the question asks about the level or the prerequisites, which the composer then states.
    """
    if subject.kind != "courses" or not reading.facets & {"level", "prerequisites"}:
        return subject
    courses: list[dict[str, Any]] = []
    with school.pool.connection() as conn:
        for course in subject.courses:
            chain = catalog_queries.prerequisite_chain(conn, course["id"])
            first = next((c for c in chain if c["level"] == "beginner"), None)
            courses.append({**course, "chain": chain, "beginner_alternative": first})
    alternatives = [c["beginner_alternative"]["id"] for c in courses if c["beginner_alternative"]]
    with_cohorts = {c["id"]: c for c in school.courses_with_cohorts(alternatives)}
    for course in courses:
        if course["beginner_alternative"]:
            course["beginner_alternative"] = with_cohorts[course["beginner_alternative"]["id"]]
    return replace(subject, courses=courses)


def _search(retriever: Retriever, question: str, messages: list[Any]) -> tuple[str, Retrieval]:
    """The text searched and the courses it found.

    A follow-up that names no subject ("and how much is it?", "is it for beginners?") and finds
    nothing is searched together with the student's previous message. A question that names a
    subject of its own is not: when nothing is about "knitting", the previous course is no answer.
    """
    found = retriever.search(question)
    if found.courses:
        return question, found
    earlier = next((m for m in reversed(messages[:-1]) if isinstance(m, HumanMessage)), None)
    if earlier is None or topic_terms(question):
        return question, found
    searched = f"{text_of(earlier)} {question}"
    return searched, retriever.search(searched)


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
    sections: Sequence[Row] | None = None,
) -> AnswerRecord:
    """The turn's answer record; `retrieved` holds the knowledge-base sections' citations first."""
    retrieval = f"{found.mode} ({found.note})" if found.note else found.mode
    return AnswerRecord(
        source=source,
        model=model,
        reason=reason,
        retrieval=retrieval,
        retrieved=[s["citation"] for s in sections or []] + [c["id"] for c in found.courses],
        cited=cited or [],
    )


def _no_match(found: Retrieval, subject: Subject) -> AnswerRecord:
    """The record of a turn that found no course about the question: why, and what it suggested."""
    suggested = [subject.suggestion["id"]] if subject.suggestion else []
    return _record("no_match", found, reason=subject.reason, cited=suggested)


def answer_messages(
    question: str,
    courses: Sequence[Row],
    *,
    compare: bool = False,
    sections: Sequence[Row] | None = None,
) -> list[Any]:
    """What the answer model sees: the rules, then the passages and sections as data, then the question.

    Knowledge-base `sections`, when there are any, come after the catalog passages, each headed
    by its citation. For a comparison of two courses, a last line asks for them side by side.
    """
    user = ANSWER_USER.format(passages=describe_courses(courses), question=question)
    if sections:
        documents = ANSWER_DOCUMENTS.format(sections=describe_sections(sections))
        head, asked = user.rsplit("\n\nStudent question: ", 1)
        user = f"{head}\n\n{documents}\n\nStudent question: {asked}"
    if compare:
        first, second = courses
        user += "\n\n" + ANSWER_COMPARE.format(first=first["id"], second=second["id"])
    return [SystemMessage(ANSWER_SYSTEM), HumanMessage(user)]


def _model_answer(
    model: NamedModel,
    question: str,
    subject: Subject,
    sections: Sequence[Row],
    found: Retrieval,
    school: School,
    models: Models,
    reading: Reading,
) -> tuple[str, AnswerRecord, ModelCall]:
    given = subject.courses
    messages = answer_messages(question, given, compare=subject.kind == "comparison", sections=sections)
    run = recorded(
        lambda cfg: model.model.invoke(messages, config=cfg),
        role="answer",
        model=model.name,
        prices=models.config,
    )

    def rules() -> str:  # composed only when it is shown: most replies pass their checks
        return _rules_reply(subject, sections, today=school.clock(), reading=reading)

    if isinstance(run, Failed):  # a model that is down must not cost the student the turn
        text = f"{MODEL_DOWN}\n\n{rules()}"
        record = _record("fallback", found, model=model.name, reason=run.failure, sections=sections)
        return text, record, run.calls[-1]
    text = text_of(run.value).strip()
    cited, problem = _check(text, given, sections, school)
    if problem is not None:
        return (
            rules(),
            _record("fallback", found, model=model.name, reason=problem, sections=sections),
            run.judged("ungrounded").calls[-1],
        )
    if not cited:
        cited = [s["citation"] for s in sections] + [c["id"] for c in given]
        text += f"\n\nSources: {', '.join(cited)}."
    record = _record("model", found, model=model.name, cited=cited, sections=sections)
    return text, record, run.calls[-1]


def _check(
    text: str, given: Sequence[Row], sections: Sequence[Row], school: School
) -> tuple[list[str], str | None]:
    """The ids and sections a reply cites, and what is wrong with it (None when it may be shown)."""
    given_sections = {s["citation"] for s in sections}
    unknown_sections = [c for c in cited_sections(text) if c not in given_sections]
    if unknown_sections:
        return cited_sections(text), f"cited sections it was not given: {', '.join(unknown_sections)}"
    courses, cohorts = school.known_ids()
    cited = cited_sections(text) + cited_ids(without_sections(text), courses | cohorts)
    # An id-shaped word that is in the passages' text (a "GPT-4" in a description) is not made up.
    allowed, passages = allowed_ids(given), describe_courses(given).lower()
    ungrounded = [i for i in cited if i not in allowed and i not in passages and i not in given_sections]
    if not text:
        return cited, "empty_reply"
    if ungrounded:
        return cited, f"cited ids it was not given: {', '.join(ungrounded)}"
    if claims_an_action(text):
        return cited, "claimed an action it cannot take"
    figures = unsupported_figures(text, given)
    if figures:
        return cited, f"stated prices or dates not in the catalog: {', '.join(figures)}"
    return cited, None
