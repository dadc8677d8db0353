"""The journal: what happened on each thread, durably.

Events, turns and their owners, the grants behind each approval, queued jobs: plain SQL over a
connection it is handed. Imports only `agent.config` and `agent.domain`; not `agent.infra`,
which sits beside it.
"""
