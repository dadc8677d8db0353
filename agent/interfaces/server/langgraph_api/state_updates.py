"""`POST /threads/{id}/state`: an operator edits a thread's state, as Studio's state editor does.

Operators only. The edit is made under the thread's one-writer lock and refused (409) while any
run is in flight on it; `as_node` must be one of the graph's nodes and every key of `values` one
of its state's channels; from the head, or from a named checkpoint (a fork). It is journaled
(`state_updated`: who, which keys, as which node, the checkpoint it made). An edit changes the
checkpoint only: a domain action still needs the approval grant its own approval step writes
(`graphs.nodes.execute` checks it), so no edit can make an enrollment, a payment or a refund.
Answers `{"checkpoint": ...}`, as the platform does.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from langgraph.errors import InvalidUpdateError
from pydantic import BaseModel, ConfigDict

from agent.interfaces.server.auth import Who
from agent.interfaces.server.backend import Backend
from agent.interfaces.server.errors import RefusedError
from agent.interfaces.server.langgraph_api.threads import ThreadAccess, at_checkpoint
from agent.journal.events import record_event
from agent.runtime import platform_json, runs
from agent.runtime.runs import Pregel


class StateUpdate(BaseModel):
    """The body of `POST /threads/{id}/state`, as `threads.update_state` sends it."""

    model_config = ConfigDict(extra="forbid")

    values: dict[str, Any] | None = None
    as_node: str | None = None
    checkpoint: dict[str, Any] | None = None
    checkpoint_id: str | None = None


def _check(graph: Pregel, body: StateUpdate) -> None:
    nodes = {n for n in graph.nodes if not n.startswith("__")}
    if body.as_node is not None and body.as_node not in nodes:
        raise RefusedError(
            422, f"as_node {body.as_node!r} is not a node of this graph: {', '.join(sorted(nodes))}"
        )
    channels = {c for c in graph.channels if not c.startswith(("__", "branch:")) and c not in nodes}
    unknown = sorted(set(body.values or {}) - channels)
    if unknown:
        raise RefusedError(422, f"values hold keys that are not in the state: {', '.join(unknown)}")


def routes(backend: Backend) -> APIRouter:
    """The state-edit route over `backend`."""
    router = APIRouter(prefix="/threads", tags=["threads"])
    access = ThreadAccess(backend)

    @router.post("/{thread_id}/state")
    def update_state(thread_id: str, body: StateUpdate, who: Who) -> dict[str, Any]:
        if who.role != "operator":
            raise RefusedError(403, "only operators edit a thread's state")
        row = access.row(thread_id, who)
        _check(backend.graph, body)
        if row["busy"]:
            raise RefusedError(
                409, f"thread {thread_id} is busy with a run; edit it when the run has finished"
            )
        config = at_checkpoint(thread_id, body.checkpoint or body.checkpoint_id)
        with runs.exclusive(backend.graph, thread_id):
            try:
                made = backend.graph.update_state(config, body.values, as_node=body.as_node)
            except (InvalidUpdateError, ValueError, TypeError) as err:
                raise RefusedError(422, f"the state cannot take this update: {type(err).__name__}") from None
            found = platform_json.checkpoint(made)
            record_event(
                backend.resources.pool,
                thread_id,
                "state_updated",
                {
                    "by": who.user_id,
                    "keys": sorted(body.values or {}),
                    "as_node": body.as_node,
                    "checkpoint": found,
                },
            )
        return {"checkpoint": found}

    return router
