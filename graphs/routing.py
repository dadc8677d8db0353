"""Routing a student message: the configured router model when there is one, the rules otherwise.

The model's answer is checked in code. Invalid JSON, an intent outside the enum, an intent that is
impossible in this state (confirm with nothing pending) or a failed call all fall back to the
reading without a model (the rules and the learned reader, below), and the decision records why.
A model's "confirm" — the only reading that leads straight to a side effect — counts only when the
rules read a confirmation too: a small model is never trusted with a transition the student did
not clearly make. A model's action is not taken from a message a guard of the rules read as no
request (injected, negated, asked about, chit-chat, off-topic), and a model's "decline" does not
drop a pending action the student was changing ("rag-1 instead"). Nor is a model's action or
program taken from a message that the rules, or the reading without a model, take as a question,
"other" or a yes or no to what waits: the learned reader's veto holds for a model as it does
offline, so the model path is never less safe than the offline one. The decision records why
(`injected_action`, `rules_read_question`, `learned_read_other` ...).

Without a model, the learned reader (`graphs.intents.learned`) reads beside the rules: its reading
stands where it is sure (`CONFIDENT`, `GUARD_CONFIDENT`), except that it never turns a message a
safety guard read (injected, negated, off-topic, chit-chat, asked about) into an action or a
program; unsure, it can still drop the rules' action or program for a safe reading.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal, NotRequired, TypedDict, cast

from langchain_core.messages import HumanMessage, SystemMessage

from agent.config.model_config import ModelConfig, RouterOutput
from agent.llm.calls import Failed, Recorded, recorded
from agent.llm.models import NamedModel
from agent.llm.usage import ModelCall
from graphs.approvals import PendingAction
from graphs.intents import ACTION_INTENTS, INTENT_OF_ACTION, INTENTS, Intent, Reading, read
from graphs.intents.learned import shipped
from graphs.intents.text import words_of
from graphs.model_filters import FILTERS_SCHEMA, InvalidFiltersError, read_filters
from graphs.model_json import reply_json
from graphs.prompts import NO_PENDING, ROUTER_SYSTEM

Source = Literal["rules", "learned", "model", "fallback"]

RESPONSE_FORMAT: dict[str, Any] = {
    "type": "json_schema",
    "json_schema": {
        "name": "route",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {"intent": {"type": "string", "enum": list(INTENTS)}, "filters": FILTERS_SCHEMA},
            "required": ["intent", "filters"],
            "additionalProperties": False,
        },
    },
}
"""Structured output: servers that support it (OpenAI, vLLM, Ollama, llama.cpp) constrain the reply."""


def output_options(output: RouterOutput) -> dict[str, Any]:
    """The request options that ask a server for the router's JSON (`SCHOOL_ROUTER_OUTPUT`)."""
    if output == "json_schema":
        return {"response_format": RESPONSE_FORMAT}
    if output == "json_object":
        # llama-cpp-python's server takes OpenAI's older JSON mode plus a schema of its own.
        return {
            "response_format": {"type": "json_object", "schema": RESPONSE_FORMAT["json_schema"]["schema"]}
        }
    return {}


class RouteRecord(TypedDict):
    """How a turn was routed, kept in the run's metadata (the `turn` state field)."""

    intent: str
    source: Source
    model: str | None
    reason: str | None
    """Why the model's answer was not used, on a fallback."""
    filters: NotRequired[dict[str, Any]]
    """The catalog filters the model read in a question, as it gave them (`graphs.model_filters`)."""
    filters_error: NotRequired[str]
    """Why the model's filters were not kept (the intent was), e.g. `filters_bad_level`."""


@dataclass(frozen=True)
class RouteDecision:
    """The intent of a message, where it came from, and the model call it cost."""

    intent: Intent
    record: RouteRecord
    call: ModelCall | None


class InvalidRouteError(ValueError):
    """The router model's reply is not a usable intent; `reason` is a short code."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def router_messages(text: str, pending: PendingAction | None) -> list[Any]:
    """What the router model sees: the intents, the pending action, the message."""
    if pending is None:
        summary = NO_PENDING
    else:
        summary = f"{pending['name']} {json.dumps(pending['args'])}: {pending['description']}"
    return [SystemMessage(ROUTER_SYSTEM.format(pending=summary)), HumanMessage(text)]


def parse_reply(content: Any) -> dict[str, Any]:
    """The router reply's JSON object; raises `InvalidRouteError` ("invalid_json") when there is none."""
    raw = content if isinstance(content, str) else json.dumps(content)
    try:
        data = reply_json(raw)
    except ValueError:
        raise InvalidRouteError("invalid_json") from None
    return data if isinstance(data, dict) else {}


def parse_intent(data: dict[str, Any], *, pending: bool) -> Intent:
    """The intent in a parsed router reply; raises `InvalidRouteError` when there is none to trust."""
    intent = data.get("intent")
    if intent not in INTENTS:
        raise InvalidRouteError("unknown_intent")
    if intent in ("confirm", "decline") and not pending:
        raise InvalidRouteError("impossible_intent")
    return intent  # type: ignore[no-any-return]


def decide(
    text: str, *, pending: PendingAction | None, model: NamedModel | None, config: ModelConfig
) -> RouteDecision:
    """Route one message."""
    reading = read(
        text,
        pending=pending is not None,
        pending_intent=INTENT_OF_ACTION.get(pending["name"], "enroll") if pending else "enroll",
    )
    offline = _offline(text, reading, pending=pending is not None, learned=config.learned_reader)
    if model is None:
        return offline
    bound = model.model.bind(
        **output_options(config.router_output), stream=False, max_tokens=ROUTER_MAX_TOKENS
    )
    # stream=False: one JSON object is wanted whole, also while the caller streams the turn.
    run = recorded(
        lambda cfg: bound.invoke(router_messages(text, pending), config=cfg),
        role="router",
        model=model.name,
        prices=config,
        config={"tags": ["nostream"]},
    )
    if isinstance(run, Failed):
        return _fallback(offline, model, run, run.failure)
    try:
        data = parse_reply(run.value.content)
        intent = parse_intent(data, pending=pending is not None)
        _check_against_readers(intent, reading, offline)
    except InvalidRouteError as err:
        return _fallback(offline, model, run, err.reason)
    record = RouteRecord(intent=intent, source="model", model=model.name, reason=None)
    if intent == "question":
        _add_filters(record, data.get("filters"))
    return RouteDecision(intent, record, run.calls[-1])


ROUTER_MAX_TOKENS = 256
"""A route is a short JSON object: a small model that rambles is cut off, not waited for."""
LEARNED_FLOOR = 0.8
"""The learned reader's probability of a question at or above which it replaces the rules' "other"."""
SAFE_MASS = 0.3
"""The learned reader's probability of a safe reading (a question or "other", together) at or above
which the rules' action or program is not taken, where the reader is not sure of its own reading."""
CONFIDENT = 0.8
"""The learned reader's top probability at or above which its reading stands over the rules' where
no guard decided, an action or a program included."""
GUARD_CONFIDENT = 0.9
"""The same, over a guard's reading; a safety guard (`SAFETY_GUARDS`) gives way only to a safe reading.

The floors were chosen on the rules' first readings of twelve rounds and kept to eighteen, each round
read by the rules frozen before it was written and by a reader fitted without it (`school-agent eval
combination`, `docs/evaluation/router.md`); `SAFE_MASS` and the reader's regularisation
(`qa.router_training.C`) were chosen on eighteen: 0.943 of 13,675 messages read right and 20 unsafe
readings, where a veto at 0.4 with C = 10 read 0.941 with 22, and the rules alone 0.902 with 325.
Floors of 0.7 and 0.8 read 0.946 with the same 20 unsafe there, but let a less sure reader start
an action over the rules' question; they were not kept."""
READER_WORDS = 80
"""The learned reader reads messages of at most this many words; longer ones keep the rules' reading.
It was fitted on messages of at most 79 words: past that its probabilities say more about length
than meaning (a question padded with 700 repeats of one word read as chit-chat, sure at 0.86, before
a word repeated in a row counted once in its features)."""
READER_KNOWN = 0.5
"""Where the reader knows fewer than this share of a message's words (another language: "¿Hay un curso
de Python para principiantes?"), its "other" does not replace the rules' question: it reads letters,
not words it was fitted on (after the refit on 84 rounds it read that question as chit-chat, sure at
0.92). On the seen rounds this kept one German goodbye read as a question ("danke, bis späer")."""
SAFETY_GUARDS = frozenset({"injected", "negated", "offtopic", "social", "asked"})
"""Guards that say a message must start no action and no planner; the reader never overrules that."""
REPLIES = frozenset({"confirm", "decline"})
"""Answers to what waits: the reader's only when something waits."""
SAFE_READINGS = ("question", "other")
"""Readings that start no action and no planner, the likelier first when the reader is unsure."""
UNSAFE_READINGS = ACTION_INTENTS | {"program"}
"""Readings that start an action (a proposal, or a confirmation's execution) or the planner."""


@dataclass(frozen=True)
class Combination:
    """How the learned reader's probabilities combine with the rules' reading (`learned_reading`)."""

    confident: float = CONFIDENT
    guard_confident: float = GUARD_CONFIDENT
    mass: float = SAFE_MASS


def _offline(text: str, reading: Reading, *, pending: bool, learned: bool) -> RouteDecision:
    """The rules' reading, or the learned reader's where `learned_reading` takes it."""
    rules = reading.intent
    by_rules = RouteDecision(rules, RouteRecord(intent=rules, source="rules", model=None, reason=None), None)
    # A message of no words ("?", emoji) is the rules' alone: the reader would read only its punctuation.
    if not learned or len(text.split()) > READER_WORDS or not words_of(text):
        return by_rules
    chances = shipped().probabilities(text, pending)
    intent = learned_reading(reading, chances, pending=pending)
    guessed = intent == "other" and rules == "question" and shipped().known_share(text) < READER_KNOWN
    if intent is None or guessed:
        return by_rules
    reason = f"rules_{rules}" + (f"_{reading.guard}" if reading.guard else "")
    return RouteDecision(
        intent, RouteRecord(intent=intent, source="learned", model=None, reason=reason), None
    )


def learned_reading(
    reading: Reading, chances: dict[str, float], *, pending: bool, how: Combination = Combination()
) -> Intent | None:
    """The learned reader's reading where it replaces the rules' `reading`; None where the rules stand.

    `chances` are the reader's probabilities for the message. Its top reading stands when it is
    sure (`how.confident`; over a guard's reading `how.guard_confident`, and never an action or a
    program over a safety guard's); a reply to what waits only when something waits. Unsure, it
    still vetoes: an action or a program the rules read is dropped for its likelier safe reading
    when those are together at `how.mass` or more, and its question replaces the rules' "other"
    at `LEARNED_FLOOR`. The guards' own readings stand then.
    """
    if not chances:
        return None
    rules, guard = reading.intent, reading.guard
    top = max(chances, key=chances.__getitem__)
    floor = how.guard_confident if guard else how.confident
    allowed = (pending or top not in REPLIES) and not (guard in SAFETY_GUARDS and top in UNSAFE_READINGS)
    if top != rules and allowed and chances[top] >= floor:
        return cast(Intent, top)
    if guard is not None:
        return None
    safe = {one: chances.get(one, 0.0) for one in SAFE_READINGS}
    if rules in UNSAFE_READINGS and sum(safe.values()) >= how.mass:
        return cast(Intent, max(SAFE_READINGS, key=safe.__getitem__))
    if rules == "other" and safe["question"] >= LEARNED_FLOOR:
        return "question"
    return None


def _add_filters(record: RouteRecord, raw: Any) -> None:
    """Record the model's `filters` (checked, as given) or why not (`filters_error`); none: nothing."""
    try:
        # Any date checks the shape; the answer node resolves the month with the school's.
        if read_filters(raw, today=date(2000, 1, 1)) is None:
            return
    except InvalidFiltersError as err:
        record["filters_error"] = err.reason
        return
    assert isinstance(raw, dict)  # read_filters accepts only an object
    record["filters"] = dict(raw)


NOT_A_REQUEST = frozenset({"injected", "negated", "asked", "social", "offtopic"})
"""Rule readings under which no action is taken, whatever a model says."""


def _check_against_readers(intent: Intent, reading: Reading, offline: RouteDecision) -> None:
    """Raise `InvalidRouteError` where the model's intent would act against the readers.

    Against the rules' guards, and against the reading without a model (`offline`: the rules'
    reading, or the learned reader's where it stands).
    """
    if intent == "confirm" and reading.intent != "confirm":
        raise InvalidRouteError("unconfirmed_confirm")
    if intent in ACTION_INTENTS and intent != reading.intent and reading.guard in NOT_A_REQUEST:
        raise InvalidRouteError(f"{reading.guard}_action")
    if intent == "decline" and reading.guard == "amended":
        raise InvalidRouteError("amended_decline")
    # The safe reading wins: where the rules, or the reading without a model, take the message as a
    # question or "other", no action and no planner; a clear yes or no to what waits is not turned
    # into a new request.
    for reader, safe in (("rules", reading.intent), ("learned", offline.intent)):
        if intent in UNSAFE_READINGS and intent != safe and safe in SAFE_READINGS:
            raise InvalidRouteError(f"{reader}_read_{safe}")
        if safe in REPLIES and intent in ACTION_INTENTS and intent != safe:
            raise InvalidRouteError(f"{reader}_read_{safe}")


def _fallback(offline: RouteDecision, model: NamedModel, run: Recorded[Any], reason: str) -> RouteDecision:
    """The reading without a model, recorded as the model's fallback and why."""
    record = RouteRecord(intent=offline.intent, source="fallback", model=model.name, reason=reason)
    return RouteDecision(offline.intent, record, run.judged(reason).calls[-1])


EVAL_PENDING = PendingAction(
    id="eval",
    name="enroll",
    args={"cohort_id": "rag-2"},
    student_id="eval",
    description="Enroll the student in cohort rag-2 of the RAG course.",
)
"""The pending action shown to a router model for labelled messages marked `pending`."""


def eval_classifier(
    model: NamedModel | None, config: ModelConfig, fallbacks: Counter[str]
) -> Callable[[str, bool], str]:
    """`decide` as a `(text, pending) -> intent` function; counts fallback reasons in `fallbacks`."""

    def classify_message(text: str, pending: bool) -> str:
        decision = decide(text, pending=EVAL_PENDING if pending else None, model=model, config=config)
        if decision.record["source"] == "fallback" and decision.record["reason"]:
            fallbacks[decision.record["reason"]] += 1
        return decision.intent

    return classify_message
