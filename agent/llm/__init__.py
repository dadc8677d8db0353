"""Language models: chat models built from settings, the one model-call recorder, usage and cost, tracing.

May import `agent.config`, `agent.domain`, `agent.journal`, `agent.infra` and `middleware`;
never a graph, the runtime or a face.
"""
