"""The LangGraph Server API, as `langgraph_sdk`, the JS SDK, Studio and agent UIs call it.

A face beside the private API (`agent.interfaces.server.app`), over the same runtime, database and
API keys. `agent.interfaces.server.app.create_app` mounts it at `/langgraph`: the private API
already owns `POST /threads` and `GET /threads/{id}` with other bodies, so the two cannot share the
root; a client is pointed at `http://host:port/langgraph` (`get_client(url=...)` keeps the path).
Mounted, it is a separate application: its routes are in its own `/langgraph/openapi.json`, not
the private spec, and its errors are the platform's `{"detail": ...}`.

Modules: `app` (the application and meta routes), `auth` (keys as the SDKs send them, errors),
`backend` (what the routes share), `shapes` (the platform's JSON), `records` (thread records in
Postgres), `assistants`, `threads`, `runs` (runs on a thread, through `agent.runtime`).
Imports the runtime and the layers below it; nothing imports it but the server's app.
"""

from agent.interfaces.server.langgraph_api.app import create_langgraph_app, mount_langgraph_api

__all__ = ["create_langgraph_app", "mount_langgraph_api"]
