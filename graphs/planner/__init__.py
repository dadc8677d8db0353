"""The program planner subgraph: goal splitting, research workers, the reviewer and the reviser.

`graph.build_planner` is its factory; the school graph adds it as a node. Its nodes are built
with a `deps.Planning` bundle and keep their own state (`state.PlannerState`).
"""
