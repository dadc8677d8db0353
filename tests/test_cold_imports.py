"""The approve path of a fresh process loads only what it needs (see `school-agent bench`, cold resume).

Importing LangGraph is most of a cold resume; the modules below are not needed to resume a thread
paused at approval, and each costs a fresh process tens to hundreds of milliseconds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from agent.config.settings import Settings
from agent.infra.persistence import Resources
from agent.runtime import threads
from tests.support.approvals import paid
from tests.support.school import ROOT, TODAY

NOT_NEEDED = (
    "langchain.agents",
    "langgraph.prebuilt",
    "langchain_core.language_models.chat_models",
    "langchain_openai",
    "openai",
    "fastapi",
    "uvicorn",
    "starlette",
    "pgserver",
    "bench",
    "qa",
    "graphs.nodes.answer",
    "graphs.filters",
)
"""(OpenTelemetry's SDK is not listed: langsmith, which LangGraph imports, loads it.)"""

_APPROVE = """
import json, sys
from collections import Counter
from langgraph.graph.state import StateGraph
from langgraph.pregel import Pregel

calls = Counter()
def counted(name, method):
    def call(*args, **kwargs):
        calls[name] += 1
        return method(*args, **kwargs)
    return call
StateGraph.compile = counted("compile", StateGraph.compile)
Pregel.get_state = counted("get_state", Pregel.get_state)

import gc
from agent.interfaces.cli import main
modules = json.loads(sys.argv[2])
sys.argv = ["school-agent", "approve", sys.argv[1], "--reviewer", "operator"]
code = main()  # as the console script calls it
frozen = gc.get_freeze_count()
approve = dict(calls)
calls.clear()
from graphs.school import build_graph
build_graph()
print(json.dumps({
    "code": code,
    "loaded": [m for m in modules if m in sys.modules],
    "compiled": approve["compile"],
    "compiled_by_one_build": calls["compile"],
    "states_read": approve["get_state"],
    "start_up_frozen": frozen > 50_000,
}))
"""


def test_a_fresh_process_approves_without_loading_what_it_does_not_need(
    resources: Resources, settings: Settings, graph: object
) -> None:
    # What an operator approves: a refund, after the student's own yes.
    paid(resources.school)
    threads.send(graph, "cold", "Please cancel my enrollment in rag-2", user_id="ada", settings=settings)
    turn = threads.send(graph, "cold", "yes", user_id="ada", settings=settings)
    assert turn.pending is not None and turn.pending["action_requests"][0]["name"] == "cancel"
    assert turn.pending["approver"] == "operator"
    env = {k: v for k, v in os.environ.items() if k != "SCHOOL_FAULT_POINT"}
    env |= {"DATABASE_URL": settings.database_url or "", "SCHOOL_TODAY": TODAY.isoformat()}

    done = subprocess.run(
        [sys.executable, "-c", _APPROVE, "cold", json.dumps(NOT_NEEDED)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )

    report = json.loads(done.stdout.strip().splitlines()[-1])
    one_build = report.pop("compiled_by_one_build")
    # The graph is compiled once (not also the module-level one that `langgraph dev` reads), and
    # the thread's state is read once, under its lock, to check the decision (not also before, for
    # the pending action's name, which only an edit needs). What start-up imported and built is
    # frozen (agent.runtime.heap.start_up): the collector's passes, and its passes at exit, skip it.
    assert report == {
        "code": 0,
        "loaded": [],
        "compiled": one_build,
        "states_read": 1,
        "start_up_frozen": True,
    }
    assert [(e["cohort_id"], e["status"]) for e in resources.school.enrollments(student_id="ada")] == [
        ("rag-2", "CANCELLED")
    ]
