"""The StateGraphs of the school assistant."""
