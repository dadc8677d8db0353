"""The school graph's state and run context. State holds data only: no clients, no connections."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AIMessage, AnyMessage
from langgraph.channels import DeltaChannel

from agent.infra.internals import messages_delta_reducer
from agent.llm.usage import ModelCall, Usage, add_usage
from graphs.approvals import PendingAction
from graphs.intents import Intent
from graphs.routing import RouteRecord

MESSAGE_SNAPSHOT_EVERY = 50
"""Updates of the conversation between two full copies of it in the checkpoints (see `InputState`)."""
MESSAGE_WINDOW = 100
"""Messages the state keeps (then the turn's replies): the router drops older ones at the start of
a turn, so that what stays starts with a student's message.

Every step loads the state, and deserialising the messages is most of what a load costs, so
an unbounded history makes every turn of a long thread slower than the one before. The nodes
read only recent messages; the whole conversation stays in the journal (each turn's message and
replies, `agent.journal.turns`).
"""


class InputState(TypedDict):
    """What a caller sends: the student's messages."""

    messages: Annotated[
        list[AnyMessage], DeltaChannel(messages_delta_reducer, snapshot_frequency=MESSAGE_SNAPSHOT_EVERY)
    ]
    """The conversation; new messages are appended (or replaced by id).

    A delta channel: a checkpoint stores the messages a step added, plus a full copy every
    `MESSAGE_SNAPSHOT_EVERY` updates, instead of the whole history at every step (`add_messages`),
    so storage grows linearly with the thread and not with its square. Threads saved before keep
    working: a stored full list is read as the starting value.
    """


class AnswerRecord(TypedDict):
    """How the answer node answered: from the model, the rules, or the rules after a model failure."""

    source: str
    """'model', 'rules' (no answer model), 'fallback' (the model failed, or its reply could not be
    shown) or 'no_match' (no course is about the question; no model is asked)."""
    model: str | None
    reason: str | None
    """Why a fallback ('error: TimeoutError', 'stated prices or dates not in the catalog: €850') or
    why no match ('no course matched', 'only mentioned in a description: weather (data-analysis)')."""
    retrieval: str
    """'fts' or 'hybrid', with a note when vectors were wanted but unavailable."""
    retrieved: list[str]
    """The course ids given to the model, best first."""
    cited: list[str]
    """The course and cohort ids the reply cites."""


class TurnRecord(TypedDict):
    """The run metadata of the latest turn: routing, answering and every model call."""

    route: RouteRecord
    answer: AnswerRecord | None
    calls: list[ModelCall]


class ProgramRecord(TypedDict):
    """A program the planner presented: what was asked, what was chosen, what is missing."""

    request: dict[str, Any]
    """`agent.domain.programs.ProgramRequest.as_dict()`."""
    items: list[dict[str, Any]]
    """`ProgramItem.as_dict()` of each course, in study order."""
    problems: list[dict[str, Any]]
    """What the reviewer still objects to (empty when it approved)."""
    left_out: list[dict[str, Any]]
    """Courses considered and left out, with the reason."""
    missing: list[str]
    """Sub-questions whose research failed: the plan may lack them."""
    rounds: int
    """Revisions the reviewer asked for."""
    dropped: list[str]
    """Course ids of the first draft that the revisions took out."""
    objections: list[str]
    """What the reviewer objected to along the way, each once."""
    status: str
    """'approved', 'unresolved' (problems left after the last round) or 'budget_exhausted'."""


class State(InputState):
    """The whole checkpointed state of one conversation thread."""

    student_id: str | None
    """The student who owns the thread, taken from the first run's context."""
    intent: Intent | None
    """The router's reading of the latest student message."""
    pending_action: PendingAction | None
    """The action waiting for a human decision, if any."""
    chat_decision: str | None
    """'approve' or 'reject' when the student answered the pending action in this turn."""
    then_ask: str | None
    """The question the student asked after that yes or no ("no, hold off. is there a later
    cohort?"), answered once the yes or no is done in the same turn, then cleared. A state saved
    without it reads as None."""
    approval_error: str | None
    """Why the last decision could not be applied; shown in the next approval request."""
    last_outcome: dict[str, Any] | None
    """The domain's outcome of the last executed action."""
    turn: TurnRecord | None
    """The latest turn's run metadata, rewritten by the router at the start of each turn."""
    usage: Annotated[Usage, add_usage]
    """Tokens and cost of every model call in the thread; nodes return increments."""
    program: ProgramRecord | None
    """The latest program the planner presented."""
    queued: list[str] | None
    """Cohort ids of the program still to be proposed, one approval each."""
    schema_version: int
    """The shape of this state (`graphs.state_migrations.SCHEMA_VERSION`); older ones are migrated."""


@dataclass
class Context:
    """Per-run settings, passed as `context=` to `invoke`/`stream`."""

    user_id: str | None = None
    """The student this run acts for, established by the caller (never read from the text)."""
    router_model: str | None = None
    """This run's router model, `provider:model` or 'offline'; overrides `SCHOOL_ROUTER_MODEL`."""
    answer_model: str | None = None
    """This run's answer model, `provider:model` or 'offline'; overrides `SCHOOL_ANSWER_MODEL`."""


def assistant_message(text: str) -> AIMessage:
    """The assistant's message to the student, with its id from the start.

    A message without one gets it from the `messages` reducer only when the step's writes are
    applied, so a stream that relays the step's update before then would show it without an id.
    """
    return AIMessage(text, id=str(uuid.uuid4()))
