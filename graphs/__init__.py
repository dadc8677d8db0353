"""The StateGraphs of the school assistant and what only they use.

The school graph (`school.build_graph`), its nodes, the planner subgraph, the action registry
(`tools`), approval parsing, retrieval and intents. May import `agent.config`, `agent.domain`,
`agent.infra`, `agent.journal`, `agent.llm` and `middleware`; never `agent.runtime`, `agent.upkeep`
or `agent.interfaces`, which drive graphs.
"""
