"""The LangGraph Server API's routes, as `langgraph_sdk`, the JS SDK, Studio and agent UIs call them.

Modules: `shapes` (the platform's resources in JSON), `assistants`, `threads`, `state_updates`,
`runs` (runs on a thread, through `agent.runtime`), `run_requests` (what a run request asks
for). Thread records are `agent.journal.thread_records`; runs are executed, and their events
written, by `agent.runtime.execution` and `agent.runtime.platform_json`. Each route
module gives a router over the server's `Backend`; `agent.interfaces.server.app` serves them at
the root. Imports the runtime and the layers below it; nothing imports it but the server.
"""
