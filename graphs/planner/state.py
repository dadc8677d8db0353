"""The program planner's own state: private to the planner subgraph, except the shared keys."""

from __future__ import annotations

import operator
from typing import Annotated, Any, Literal, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages

from agent.llm.usage import ModelCall, Usage, add_usage
from graphs.state import ProgramRecord, TurnRecord


class WorkerTask(TypedDict):
    """What one research worker gets: its question only, never the conversation."""

    index: int
    task: str
    request: dict[str, Any]


class WorkerResult(TypedDict):
    """One worker's slot: the courses it found, or why it failed."""

    index: int
    task: str
    status: Literal["ok", "failed", "budget"]
    course_ids: list[str]
    note: str | None


class PlannerState(TypedDict):
    """The planner subgraph's state; `messages`, `student_id`, `program`, `usage` and `turn` are the parent's."""

    messages: Annotated[list[AnyMessage], add_messages]
    student_id: str | None
    program: ProgramRecord | None
    usage: Annotated[Usage, add_usage]
    turn: TurnRecord | None
    """The turn's record; `present` adds the planner's model calls (`calls`) to it."""
    calls: Annotated[list[ModelCall], operator.add]
    """The model calls of this planning run (orchestrator, workers, reviser), merged as they finish."""
    request: dict[str, Any] | None
    """`ProgramRequest.as_dict()` read from the student's message."""
    tasks: list[str]
    """The research questions, one per worker."""
    decomposition: str
    """Who split the goal: 'model', 'rules', or 'rules (<why the model's split was not used>)'."""
    results: Annotated[list[WorkerResult], operator.add]
    """The workers' slots, merged as they finish."""
    draft: list[dict[str, Any]]
    """The program under review (`ProgramItem.as_dict()`)."""
    candidates: dict[str, list[dict[str, Any]]]
    """Every cohort the optimizer may choose from, by course id."""
    left_out: list[dict[str, Any]]
    problems: list[dict[str, Any]]
    first_draft: list[str]
    """The course ids of the draft before any revision."""
    objections: Annotated[list[str], operator.add]
    """Every problem the reviewer raised, round after round."""
    rounds: int
    stopped: str | None
    """Why planning stopped early ('budget_exhausted'), else None."""
