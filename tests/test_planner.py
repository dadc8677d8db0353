"""The program planner: orchestrator → parallel workers → reviewer ⇄ optimizer → presented program,
offline and with scripted models; then enrolling in it, one decision per course."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from agent.infra.persistence import Resources
from agent.journal.events import events
from agent.llm.models import Models, NamedModel
from agent.runtime import threads
from graphs.state import Context
from tests.support.fakes import ScriptedChatModel
from tests.support.planner_fakes import ML_REQUEST, ORCHESTRATOR, REVISER, DispatchModel, tasks_reply
from tests.support.turns import school_graph

LLM_REQUEST = "a learning path of 4 courses to become an LLM engineer, within 1000, starting before April"
TASKS = ["Q1: python foundations", "Q2: machine learning", "Q3: deploying models"]


class Crash(BaseException):
    """Stands for the process dying: not an Exception, so nothing in the graph catches it."""


def planner_graph(
    resources: Resources,
    routes: dict[str, ScriptedChatModel] | None = None,
    delays: dict[str, float] | None = None,
    **settings: Any,
) -> Any:
    model = DispatchModel(routes=routes, delays=delays or {}) if routes is not None else None
    models = Models(resources.settings.models, answer=NamedModel("test:planner", model) if model else None)
    return school_graph(resources, models, settings=replace(resources.settings, **settings))


def values(graph: Any, thread: str = "p") -> dict[str, Any]:
    return graph.get_state({"configurable": {"thread_id": thread}}).values  # type: ignore[no-any-return]


def cohorts(program: dict[str, Any]) -> list[str]:
    return [item["cohort_id"] for item in program["items"]]


# -- offline ------------------------------------------------------------------------------------
def test_offline_the_issue_example_is_planned_by_rules(resources: Resources) -> None:
    graph = planner_graph(resources)
    turn = threads.send(graph, "p", ML_REQUEST, user_id="ada")
    assert turn.replies[0].splitlines()[:4] == [
        'Here is a program for "moving into ML engineering" (within €1,500, starting before 2027-03-01):',
        "1. Python Basics (cohort python-basics-1): 2026-12-04 to 2027-01-08, €290",
        "2. Statistics for Data Work (cohort statistics-2): 2027-01-22 to 2027-03-05, €450",
        "Total: €740.",
    ]
    assert turn.replies[0].endswith(
        "To enroll, say 'enroll me in the program': you confirm each enrollment separately."
    )
    program = values(graph)["program"]
    assert cohorts(program) == ["python-basics-1", "statistics-2"]
    assert (program["status"], program["rounds"], program["missing"], program["problems"]) == (
        "approved",
        0,
        [],
        [],
    )
    assert values(graph)["intent"] == "program" and turn.pending is None
    assert [(e["kind"], e["payload"]) for e in events(resources.pool, "p", kinds=["plan_presented"])] == [
        (
            "plan_presented",
            {"items": ["python-basics-1", "statistics-2"], "status": "approved", "rounds": 0, "missing": []},
        )
    ]


def test_enrolling_in_the_program_asks_once_per_course(resources: Resources) -> None:
    graph = planner_graph(resources)
    threads.send(graph, "p", ML_REQUEST, user_id="ada")
    first = threads.send(graph, "p", "enroll me in the program", user_id="ada")
    assert first.pending is not None
    args = first.pending["action_requests"][0]["args"]
    assert args == {"cohort_id": "python-basics-1", "student_id": "ada"}
    assert first.replies == [
        "Next in your program (1 more after this): Enroll ada in python-basics-1 "
        "(Python Basics, starts 2026-12-04). Price €290, payable after enrollment. "
        "Reply 'yes' to confirm or 'no' to skip it."
    ]
    assert (first.pending["approver"], first.pending["policy"]["rule"]) == ("student", "enroll")
    second = threads.send(graph, "p", "yes", user_id="ada")  # each course is the student's own yes
    assert second.pending is not None
    assert second.pending["action_requests"][0]["args"]["cohort_id"] == "statistics-2"
    assert second.replies == [
        "Done: you are enrolled in python-basics-1 and your seat is held. Payment of €290 is due; "
        "say 'pay for python-basics-1' when ready.",
        "Next in your program (the last one): Enroll ada in statistics-2 (Statistics for Data Work, starts "
        "2027-01-22). Price €450, payable after enrollment. Reply 'yes' to confirm or 'no' to skip it.",
    ]
    last = threads.send(graph, "p", "no", user_id="ada")
    assert last.pending is None
    assert last.replies == ["All right, I dropped that request; nothing was changed."]
    assert [(e["cohort_id"], e["status"]) for e in resources.school.enrollments(student_id="ada")] == [
        ("python-basics-1", "PENDING_PAYMENT")
    ]
    assert values(graph)["queued"] == []


# -- with models --------------------------------------------------------------------------------
def test_parallel_workers_see_only_their_question_and_a_failure_stays_in_its_slot(
    resources: Resources, scripted_model: Any
) -> None:
    routes = {
        ORCHESTRATOR: scripted_model(tasks_reply(TASKS)),
        TASKS[0]: scripted_model(AIMessage("courses: python-basics, statistics")),
        TASKS[1]: scripted_model(RuntimeError("the model fell over")),
        TASKS[2]: scripted_model(AIMessage("courses: web-apis")),
    }
    graph = planner_graph(resources, routes)
    turn = threads.send(graph, "p", ML_REQUEST, user_id="ada")
    worker_call = routes[TASKS[0]].calls[0]
    assert [type(m) for m in worker_call.messages] == [SystemMessage, HumanMessage]
    assert worker_call.messages[1].content == TASKS[0]
    program = values(graph)["program"]
    assert program["missing"] == [TASKS[1]]
    assert cohorts(program) == ["python-basics-1", "statistics-2"]
    assert "I could not research: Q2: machine learning." in turn.replies[0]
    assert "the model fell over" not in turn.replies[0]


def test_the_reviewer_rejects_twice_then_accepts(resources: Resources, scripted_model: Any) -> None:
    reviser = scripted_model(
        AIMessage('{"cohort_ids": ["python-basics-1", "rag-2", "llm-agents-2"]}'),
        AIMessage('{"cohort_ids": ["python-basics-1"]}'),
    )
    routes = {
        ORCHESTRATOR: scripted_model(tasks_reply(["Q1: LLM applications"])),
        REVISER: reviser,
        "Q1: LLM applications": scripted_model(AIMessage("courses: python-basics, rag, llm-agents")),
    }
    graph = planner_graph(resources, routes)
    threads.send(graph, "p", LLM_REQUEST, user_id="ada")
    program = values(graph)["program"]
    assert (program["status"], program["rounds"], cohorts(program)) == ("approved", 2, ["python-basics-1"])
    first_review = reviser.calls[0].messages[1].content
    assert '"code": "over_budget"' in first_review


def test_a_spent_budget_stops_the_plan_cleanly(resources: Resources, scripted_model: Any) -> None:
    routes = {
        ORCHESTRATOR: scripted_model(tasks_reply(TASKS, tokens=(450, 50))),
        TASKS[0]: scripted_model(),
        TASKS[1]: scripted_model(),
        TASKS[2]: scripted_model(),
    }
    graph = planner_graph(resources, routes, budget_tokens=500)
    turn = threads.send(graph, "p", ML_REQUEST, user_id="ada")
    assert turn.replies[0].endswith("I stopped early because this request used up its processing budget.")
    assert values(graph)["program"]["status"] == "budget_exhausted"
    budget = [e for e in events(resources.pool, "p") if e["kind"] == "budget_exhausted"]
    assert [e["payload"]["tokens"] for e in budget] == [500]


def test_a_crash_in_the_fan_out_resumes_without_rerunning_finished_workers(
    resources: Resources, scripted_model: Any
) -> None:
    routes = {
        ORCHESTRATOR: scripted_model(tasks_reply(TASKS)),
        TASKS[0]: scripted_model(AIMessage("courses: python-basics, statistics")),
        TASKS[1]: scripted_model(Crash(), AIMessage("courses: ml-foundations")),
        TASKS[2]: scripted_model(AIMessage("courses: web-apis")),
    }
    graph = planner_graph(resources, routes, delays={TASKS[1]: 0.5})
    config = {"configurable": {"thread_id": "p"}}
    with pytest.raises(Crash):
        graph.invoke({"messages": [HumanMessage(ML_REQUEST)]}, config, context=Context(user_id="ada"))
    assert graph.get_state(config).next == ("planner",)
    graph.invoke(None, config, context=Context(user_id="ada"))
    # Each finished worker's script had one step: running it again would fail its scripted model.
    assert [len(routes[t].calls) for t in TASKS] == [1, 2, 1]
    assert values(graph)["program"]["missing"] == []


def test_skills_are_read_on_demand(resources: Resources, scripted_model: Any) -> None:
    read = AIMessage(
        "", tool_calls=[{"name": "read_skill", "args": {"name": "program-planning"}, "id": "call-1"}]
    )
    orchestrator = scripted_model(read, tasks_reply(["Q1: python foundations"]))
    routes = {
        ORCHESTRATOR: orchestrator,
        "Q1: python foundations": scripted_model(AIMessage("courses: python-basics")),
    }
    graph = planner_graph(resources, routes)
    threads.send(graph, "p", ML_REQUEST, user_id="ada")
    first_prompt = str(orchestrator.calls[0].messages[0].content)
    assert "program-planning" in first_prompt and "# Program planning" not in first_prompt
    result = orchestrator.calls[1].messages[-1]
    assert isinstance(result, ToolMessage) and "# Program planning" in str(result.content)


def test_a_worker_that_names_no_course_falls_back_to_the_catalog_search(
    resources: Resources, scripted_model: Any
) -> None:
    routes = {
        ORCHESTRATOR: scripted_model(tasks_reply(["Q1: python foundations"])),
        "Q1: python foundations": scripted_model(AIMessage("I think you should study hard.")),
    }
    graph = planner_graph(resources, routes)
    threads.send(graph, "p", ML_REQUEST, user_id="ada")
    # The catalog search finds python-basics and ml-foundations; statistics comes in as a prerequisite.
    assert [c["id"] for c in resources.school.search("Q1: python foundations", limit=4)] == [
        "python-basics",
        "ml-foundations",
    ]
    assert cohorts(values(graph)["program"]) == ["python-basics-1", "statistics-2"]
