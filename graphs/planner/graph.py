"""The program planner subgraph, added to the school graph as the `planner` node.

orchestrate → workers (`Send`, in parallel) → draft → review ⇄ revise → present.
"""

from __future__ import annotations

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from graphs.planner.deps import Planning
from graphs.planner.planning import make_orchestrate, make_worker
from graphs.planner.review import make_draft, make_present, make_review, make_revise
from graphs.planner.state import PlannerState
from graphs.state import Context

__all__ = ["Planner", "Planning", "build_planner"]

Planner = CompiledStateGraph[PlannerState, Context, PlannerState, PlannerState]


def build_planner(planning: Planning) -> Planner:
    """Compile the planner subgraph."""
    builder = StateGraph(PlannerState, context_schema=Context)
    builder.add_node("orchestrate", make_orchestrate(planning))
    builder.add_node("worker", make_worker(planning))
    builder.add_node("draft", make_draft(planning))
    builder.add_node("review", make_review(planning))
    builder.add_node("revise", make_revise(planning))
    builder.add_node("present", make_present(planning))
    builder.add_edge(START, "orchestrate")
    builder.add_edge("worker", "draft")
    builder.add_edge("draft", "review")
    builder.add_edge("revise", "review")
    builder.add_edge("present", END)
    return builder.compile(name="planner")
