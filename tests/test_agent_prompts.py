"""Snapshots of what the planner's agents see: the assembled system prompts and the tool schemas.

The prompts are assembled by the middleware (memory, skills catalogue, todo list) around the
role's own prompt. Update after an intended change with `UPDATE_SNAPSHOTS=1` and review the diff.
"""

from __future__ import annotations

import json
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.utils.function_calling import convert_to_openai_tool

from agent.infra.persistence import Resources
from agent.llm.models import Models, NamedModel
from agent.runtime import threads
from graphs.nodes.common import text_of
from tests.support.planner_fakes import ML_REQUEST, ORCHESTRATOR, DispatchModel, tasks_reply
from tests.support.snapshots import check_snapshot
from tests.support.turns import school_graph

TASK = "Q1: python foundations"


def tool_schemas(tools: list[Any]) -> str:
    schemas = sorted((convert_to_openai_tool(t) for t in tools), key=lambda s: s["function"]["name"])
    return json.dumps(schemas, indent=2, sort_keys=True) + "\n"


def test_the_orchestrator_and_worker_prompts_and_tools(resources: Resources, scripted_model: Any) -> None:
    orchestrator = scripted_model(tasks_reply([TASK]))
    worker = scripted_model(AIMessage("courses: python-basics"))
    model = DispatchModel(routes={ORCHESTRATOR: orchestrator, TASK: worker})
    graph = school_graph(
        resources, Models(resources.settings.models, answer=NamedModel("test:planner", model))
    )
    threads.send(graph, "p", ML_REQUEST, user_id="ada")
    # One string, even after the todo list added its section: some servers take nothing else.
    assert isinstance(orchestrator.calls[0].messages[0].content, str)
    check_snapshot("agent_orchestrator_prompt.txt", text_of(orchestrator.calls[0].messages[0]) + "\n")
    check_snapshot("agent_worker_prompt.txt", text_of(worker.calls[0].messages[0]) + "\n")
    orchestrator_tools, worker_tools = model.bound
    check_snapshot("agent_orchestrator_tools.json", tool_schemas(orchestrator_tools))
    check_snapshot("agent_worker_tools.json", tool_schemas(worker_tools))
    names = {t.name for t in worker_tools}
    assert not names & {"enroll", "join_waitlist", "pay", "cancel"}
