"""Language models: chat models built from settings, usage and cost read from a reply, tracing.

May import `agent.config`, `agent.domain`, `agent.journal`, `agent.infra` and `middleware`;
never a graph, the runtime or a face.
"""
