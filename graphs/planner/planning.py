"""The planner's fan-out: the orchestrator splits the goal, research workers run in parallel via `Send`.

Each worker sees its own question and nothing of the conversation. A worker that raises or times
out fills its slot with the failure; its siblings and their results are untouched. Without a model
the same shape runs by rules: the goal is split by `decompose` and each worker searches the catalog.
"""

from __future__ import annotations

import contextvars
import logging
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import date
from typing import Any, Literal

from langgraph.runtime import Runtime
from langgraph.types import Command, Send

from agent.domain.programs import ProgramRequest
from agent.llm.calls import Failed
from agent.llm.models import NamedModel
from agent.llm.usage import ModelCall, total
from graphs.nodes.common import latest_human, text_of
from graphs.nodes.signatures import RuntimeNode
from graphs.planner.deps import Planning
from graphs.planner.request import decompose, parse_program_request
from graphs.planner.state import PlannerState, WorkerResult, WorkerTask
from graphs.planner.subagents import budget_spent, build_agent, final_text, parse_tasks, run_agent
from graphs.prompts import ORCHESTRATOR_USER
from graphs.state import Context

log = logging.getLogger(__name__)
_ID_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


class WorkerTimeoutError(TimeoutError):
    """A research worker took longer than `SCHOOL_WORKER_TIMEOUT_S`."""


def make_orchestrate(
    planning: Planning,
) -> RuntimeNode[PlannerState, Command[Literal["worker", "present"]], Context]:
    """Build the orchestrator node over a `Planning` bundle."""

    def orchestrate(state: PlannerState, runtime: Runtime[Context]) -> Command[Literal["worker", "present"]]:
        """Read the request, split the goal into research questions, send one worker per question."""
        school = planning.school()
        text = text_of(latest_human(state["messages"]))
        courses, _ = school.known_ids()
        titles = {c["id"]: c["title"] for c in school.courses_with_cohorts(sorted(courses))}
        request = parse_program_request(text, today=school.clock(), course_ids=courses, titles=titles)
        model = planning.model(runtime.context)
        tasks, how, calls = _split(planning, model, request, state)
        update: dict[str, Any] = {
            "request": request.as_dict(),
            "tasks": tasks,
            "decomposition": how,
            "results": [],
            "rounds": 0,
            "stopped": None,
        }
        if calls:
            update |= {"usage": total(calls), "calls": calls}
        if not tasks:
            return Command(goto="present", update=update)
        sends = [
            Send("worker", WorkerTask(index=i, task=t, request=request.as_dict()))
            for i, t in enumerate(tasks)
        ]
        return Command(goto=sends, update=update)

    return orchestrate


def _split(
    planning: Planning, model: NamedModel | None, request: ProgramRequest, state: PlannerState
) -> tuple[list[str], str, list[ModelCall]]:
    """The research questions, who split the goal, and the model calls it took."""
    rules = decompose(request)
    if model is None:
        return rules, "rules", []
    agent = build_agent(model.model, planning.school(), planning.kit(), planner=True)
    prompt = ORCHESTRATOR_USER.format(
        goal=request.goal or "(not stated)",
        budget=_euros(request.budget_cents),
        window=_window(request.start_after, request.start_before),
        size=request.size,
        completed=", ".join(request.completed) or "none",
    )
    context = Context(user_id=state.get("student_id"))
    run = run_agent(agent, prompt, role="orchestrator", model=model, kit=planning.kit(), context=context)
    if isinstance(run, Failed):  # a planning model that fails leaves the split to the rules
        return rules, f"rules (the model failed: {type(run.error).__name__})", run.calls
    if budget_spent(run.value):
        return rules, "rules (the budget is spent)", run.calls
    tasks = parse_tasks(final_text(run.value))
    if tasks is None:
        return rules, "rules (the model's split was not usable)", run.calls
    return tasks, "model", run.calls


def _euros(cents: int | None) -> str:
    return "none stated" if cents is None else f"€{cents / 100:,.0f}"


def _window(after: date | None, before: date | None) -> str:
    if not after and not before:
        return "any"
    return f"from {after or 'now'} until before {before or 'any date'}"


def make_worker(planning: Planning) -> RuntimeNode[WorkerTask, dict[str, Any], Context]:
    """Build the research worker node; one runs per `Send`, in parallel."""

    def worker(state: WorkerTask, runtime: Runtime[Context]) -> dict[str, Any]:
        """Find the catalog courses for one question; a failure only fills this worker's slot."""
        task = state  # what `Send` gave this worker, not the planner's state
        model = planning.model(runtime.context)
        try:
            return _with_timeout(lambda: _research(planning, model, task), planning.settings.worker_timeout_s)
        except Exception as err:  # isolation: one worker's failure must not cancel its siblings
            log.warning("planner worker %d failed: %s", task["index"], type(err).__name__)
            return {"results": [_failed(task, f"the research failed ({type(err).__name__})")]}

    return worker


def _with_timeout(work: Callable[[], dict[str, Any]], seconds: float) -> dict[str, Any]:
    """Run `work` with LangGraph's context (config, store) in a thread; give up after `seconds`."""
    context = contextvars.copy_context()
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="planner-worker")
    future = pool.submit(context.run, work)
    try:
        return future.result(timeout=seconds)
    except FutureTimeout:
        message = f"no answer within {seconds:g} s"
        raise WorkerTimeoutError(message) from None
    finally:
        pool.shutdown(wait=False)  # a timed-out worker is abandoned; its client timeout ends it


def _research(planning: Planning, model: NamedModel | None, task: WorkerTask) -> dict[str, Any]:
    school = planning.school()
    if model is None:
        found = [c["id"] for c in school.search(task["task"], limit=4)]
        note = None if found else "no course matched"
        return {
            "results": [
                WorkerResult(index=task["index"], task=task["task"], status="ok", course_ids=found, note=note)
            ]
        }
    agent = build_agent(model.model, school, planning.kit(), planner=False)
    run = run_agent(agent, task["task"], role="worker", model=model, kit=planning.kit())
    recorded_calls = {"usage": run.usage, "calls": run.calls} if run.calls else {}
    if isinstance(run, Failed):  # isolation: the failure fills this worker's slot only
        result = _failed(task, f"the research failed ({type(run.error).__name__})")
        return {"results": [result], **recorded_calls}
    if budget_spent(run.value):
        result = WorkerResult(
            index=task["index"],
            task=task["task"],
            status="budget",
            course_ids=[],
            note="stopped: the budget for this request is spent",
        )
        return {"results": [result], **recorded_calls}
    courses, _ = school.known_ids()
    named = named_courses(final_text(run.value), courses)
    note = None
    if not named:  # a model that names no real course still leaves the catalog's own answer
        named = [c["id"] for c in school.search(task["task"], limit=4)]
        note = "the researcher named no catalog course; the catalog search was used"
    result = WorkerResult(index=task["index"], task=task["task"], status="ok", course_ids=named, note=note)
    return {"results": [result], **recorded_calls}


def _failed(task: WorkerTask, note: str) -> WorkerResult:
    return WorkerResult(index=task["index"], task=task["task"], status="failed", course_ids=[], note=note)


def named_courses(text: str, course_ids: set[str]) -> list[str]:
    """The catalog course ids a worker's answer names, in order of first mention."""
    found: list[str] = []
    for word in _ID_WORD.findall(text.lower()):
        if word in course_ids and word not in found:
            found.append(word)
    return found
