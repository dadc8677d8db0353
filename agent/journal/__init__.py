"""The journal: what happened on each thread, durably.

Events, turns and their owners, the grants behind each approval, queued runs, thread records:
plain SQL over a connection it is handed. Imports `agent.config`, `agent.domain` and
`agent.infra` (below it: the thread records read the thread lock `agent.infra.locks` takes),
never a graph, a model, the runtime or a face.
"""
