"""The planner's evaluator → optimizer loop, and the presentation of its result.

A draft from the workers' findings is checked by rules in code (`agent.domain.programs.review`)
and revised by the model or by rules, at most N rounds; then the program is presented with what
is missing.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langchain_core.runnables import RunnableConfig
from langgraph.config import get_config
from langgraph.runtime import Runtime
from langgraph.types import Command

from agent.domain import School
from agent.domain.programs import (
    Problem,
    ProgramItem,
    ProgramRequest,
    plan_candidates,
    required,
    review,
    revise,
    total_cents,
    with_prerequisites,
)
from agent.domain.rules import money
from agent.llm.calls import Failed, Recorded, recorded
from agent.llm.models import NamedModel
from graphs.model_json import reply_field
from graphs.nodes.signatures import ConfigNode, RuntimeNode, StateNode
from graphs.planner.deps import Planning
from graphs.planner.state import PlannerState
from graphs.prompts import REVISER_SYSTEM
from graphs.state import Context, ProgramRecord, TurnRecord, assistant_message
from middleware import thread_id_from_config


def _items(rows: list[dict[str, Any]]) -> list[ProgramItem]:
    return [ProgramItem.from_dict(r) for r in rows]


def _request(state: PlannerState) -> ProgramRequest:
    assert state.get("request") is not None
    return ProgramRequest.from_dict(state["request"] or {})


def make_draft(planning: Planning) -> StateNode[PlannerState, dict[str, Any]]:
    """Build the node that turns the workers' findings into a first program."""

    def draft(state: PlannerState) -> dict[str, Any]:
        """Place the found courses, their prerequisites first, in the earliest fitting cohorts."""
        school: School = planning.school()
        results = sorted(state["results"], key=lambda r: r["index"])
        found = [school.courses_with_cohorts(r["course_ids"]) for r in results if r["course_ids"]]
        request = _request(state)
        rows = [row for group in found for row in group] + school.courses_with_cohorts(list(request.named))
        catalog = with_prerequisites(rows, school.courses_with_cohorts)
        plan = plan_candidates(found, request, today=school.clock(), catalog=catalog)
        stopped = "budget_exhausted" if any(r["status"] == "budget" for r in results) else None
        return {
            "draft": [i.as_dict() for i in plan.items],
            "left_out": [p.as_dict() for p in plan.left_out],
            "first_draft": [i.course_id for i in plan.items],
            "objections": [],
            "candidates": {c: [i.as_dict() for i in items] for c, items in plan.candidates.items()},
            "stopped": stopped,
        }

    return draft


def make_review(planning: Planning) -> StateNode[PlannerState, Command[Literal["revise", "present"]]]:
    """Build the reviewer: rules in code decide; it sends the program back with reasons or on."""

    def review_node(state: PlannerState) -> Command[Literal["revise", "present"]]:
        """Check prerequisites, overlaps, budget and dates; at most `planner_rounds` revisions."""
        problems = review(_items(state["draft"]), _request(state), today=planning.school().clock())
        done = not problems or state["rounds"] >= planning.settings.planner_rounds or state["stopped"]
        update = {
            "problems": [p.as_dict() for p in problems],
            "objections": [] if done else [p.message for p in problems],
        }
        return Command(goto="present" if done else "revise", update=update)

    return review_node


def make_revise(planning: Planning) -> RuntimeNode[PlannerState, dict[str, Any], Context]:
    """Build the optimizer: the model proposes cohorts from the candidates, else the rules revise."""

    def revise_node(state: PlannerState, runtime: Runtime[Context]) -> dict[str, Any]:
        """Fix what the reviewer objected to; a revision that changes nothing ends the loop."""
        request, items = _request(state), _items(state["draft"])
        problems = [Problem.from_dict(p) for p in state["problems"]]
        candidates = {c: _items(rows) for c, rows in state["candidates"].items()}
        today = planning.school().clock()
        update: dict[str, Any] = {"rounds": state["rounds"] + 1}
        model = planning.model(runtime.context)
        proposal = None
        if model is not None:
            proposal, run, stopped = _model_revision(planning, model, state, candidates, get_config())
            update["stopped"] = stopped
            if run is not None:
                update |= {"usage": run.usage, "calls": run.calls}
        revised = (
            proposal if proposal is not None else revise(items, problems, candidates, request, today=today)
        )
        if proposal is None and revised == items:
            # The rules found nothing better: more rounds would change nothing. A model gets its
            # remaining rounds (the limit ends them).
            update["stopped"] = update.get("stopped") or "no_progress"
        update["draft"] = [i.as_dict() for i in revised]
        return update

    return revise_node


def _model_revision(
    planning: Planning,
    model: NamedModel,
    state: PlannerState,
    candidates: dict[str, list[ProgramItem]],
    config: RunnableConfig,
) -> tuple[list[ProgramItem] | None, Recorded[AIMessage] | None, str | None]:
    """The model's revised program (None when unusable), its recorded call, and 'budget_exhausted' if spent."""
    thread = thread_id_from_config(config)
    ledger, limits = planning.kit().ledger, planning.kit().limits
    spent = ledger.spent(thread)
    if (limits.max_tokens and spent.tokens >= limits.max_tokens) or (
        limits.max_usd and spent.cost_usd >= limits.max_usd
    ):
        if ledger.note_exhausted(thread):
            planning.exhausted(thread, spent)
        return None, None, "budget_exhausted"
    by_cohort = {i.cohort_id: i for items in candidates.values() for i in items}
    payload = {
        "program": state["draft"],
        "problems": state["problems"],
        "candidates": sorted(by_cohort),
        "request": state["request"],
    }
    messages = [SystemMessage(REVISER_SYSTEM), HumanMessage(json.dumps(payload, default=str))]
    run = recorded(
        lambda cfg: model.model.invoke(messages, config=cfg),
        role="reviser",
        model=model.name,
        prices=planning.settings.models,
    )
    if isinstance(run, Failed):  # a failed optimizer call leaves the rules to revise
        return None, run, None
    call = run.calls[-1]
    ledger.charge(
        thread, call["input_tokens"], call["output_tokens"], call["cost_usd"], call_id=str(run.value.id)
    )
    request = _request(state)
    kept = required(_items(state["draft"]), request)
    return _chosen(str(run.value.content), by_cohort, kept), run, None


def _chosen(text: str, by_cohort: dict[str, ProgramItem], kept: set[str]) -> list[ProgramItem] | None:
    """The cohorts the model chose, when every one is a candidate and no named course is dropped; else None."""
    ids = reply_field(text, "cohort_ids")
    if not isinstance(ids, list) or not all(isinstance(i, str) and i in by_cohort for i in ids):
        return None
    chosen = [by_cohort[i] for i in ids]
    return chosen if kept <= {i.course_id for i in chosen} else None


def make_present(planning: Planning) -> ConfigNode[PlannerState, dict[str, Any]]:
    """Build the node that shows the program and keeps it for enrolling."""

    def present(state: PlannerState, config: RunnableConfig) -> dict[str, Any]:
        """Tell the student the program, what the reviewer still objects to, and what is missing."""
        if not state.get("tasks"):
            text = (
                "What would you like the program to lead to? Tell me a goal, for example "
                "'a program to become a data engineer, within €2,000, starting before March'."
            )
            return {"messages": [assistant_message(text)]}
        record = _record(state, planning.settings.planner_rounds)
        update: dict[str, Any] = {
            "program": record,
            "messages": [assistant_message(describe_program(record))],
        }
        if (turn := _with_calls(state)) is not None:
            update["turn"] = turn
        planning.journal(
            thread_id_from_config(config),
            "plan_presented",
            {
                "items": [i["cohort_id"] for i in record["items"]],
                "status": record["status"],
                "rounds": record["rounds"],
                "missing": record["missing"],
            },
        )
        return update

    return present


def _with_calls(state: PlannerState) -> TurnRecord | None:
    """The turn's record with the planner's model calls added; None when there is nothing to add."""
    turn, calls = state.get("turn"), state.get("calls") or []
    if turn is None or not calls:
        return None
    return TurnRecord(route=turn["route"], answer=turn["answer"], calls=turn["calls"] + calls)


def _record(state: PlannerState, max_rounds: int) -> ProgramRecord:
    status = (
        "budget_exhausted"
        if state.get("stopped") == "budget_exhausted"
        else "approved"
        if not state["problems"]
        else "unresolved"
    )
    missing = [r["task"] for r in sorted(state["results"], key=lambda r: r["index"]) if r["status"] != "ok"]
    kept = {item["course_id"] for item in state["draft"]}
    dropped = [c for c in state.get("first_draft", []) if c not in kept]
    return ProgramRecord(
        request=state["request"] or {},
        items=state["draft"],
        problems=state["problems"],
        left_out=state["left_out"],
        missing=missing,
        rounds=state["rounds"],
        status=status,
        dropped=dropped,
        objections=list(dict.fromkeys(state.get("objections", []))),
    )


def describe_program(record: ProgramRecord) -> str:
    """The program as the student reads it."""
    request = ProgramRequest.from_dict(record["request"])
    items = _items(record["items"])
    lines = [f'Here is a program for "{request.goal or "your goal"}"{_constraints(request)}:']
    lines += [
        f"{n}. {i.title} (cohort {i.cohort_id}): {i.starts_on:%Y-%m-%d} to {i.ends_on:%Y-%m-%d}, "
        f"{money(i.price_cents)}"
        for n, i in enumerate(items, start=1)
    ]
    if items:
        lines.append(f"Total: {money(total_cents(items))}.")
    else:
        lines.append("No course fits all of your constraints.")
    if record["dropped"]:
        lines.append(
            f"Taken out in review ({record['rounds']} rounds): {', '.join(record['dropped'])}. "
            "The reviewer found: " + " ".join(record["objections"][:3])
        )
    lines += [f"Not included: {p['message']}" for p in record["left_out"]]
    if record["problems"]:
        lines.append("Still to sort out: " + " ".join(p["message"] for p in record["problems"]))
    if record["missing"]:
        lines.append(
            "I could not research: "
            + "; ".join(record["missing"])
            + ". The program may lack courses for it; ask again later."
        )
    if record["status"] == "budget_exhausted":
        lines.append("I stopped early because this request used up its processing budget.")
    if items:
        lines.append("To enroll, say 'enroll me in the program': you confirm each enrollment separately.")
    return "\n".join(lines)


def _constraints(request: ProgramRequest) -> str:
    parts = []
    if request.budget_cents is not None:
        parts.append(f"within {money(request.budget_cents)}")
    if request.start_before is not None:
        parts.append(f"starting before {request.start_before:%Y-%m-%d}")
    return f" ({', '.join(parts)})" if parts else ""
