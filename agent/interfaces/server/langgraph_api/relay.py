"""The graph's stream chunks as the LangGraph platform's stream events and values."""

from __future__ import annotations

import json
from typing import Any

from agent.interfaces.server.langgraph_api import shapes
from agent.journal.feeds import EventWriter
from agent.runtime.runs import Pregel


def _plain(value: Any) -> Any:
    """`value` as JSON types; what has no JSON form (a debug event's internals) as its text."""
    try:
        return shapes.jsonable(value)
    except TypeError:
        return json.loads(json.dumps(value, default=str))


def values_json(chunk: dict[str, Any]) -> dict[str, Any]:
    """A `values` or `updates` chunk as the platform writes it (its interrupts as id, value, schema)."""
    if "__interrupt__" not in chunk:
        plain: dict[str, Any] = _plain(chunk)
        return plain
    rest = {k: v for k, v in chunk.items() if k != "__interrupt__"}
    return {**_plain(rest), "__interrupt__": [shapes.interrupt(i) for i in chunk["__interrupt__"]]}


def thread_values(graph: Pregel, thread_id: str) -> dict[str, Any]:
    """The thread's values as the platform answers them, with `__interrupt__` when it is paused."""
    snapshot = graph.get_state({"configurable": {"thread_id": thread_id}})
    values: dict[str, Any] = shapes.jsonable(snapshot.values)
    if snapshot.interrupts:
        values["__interrupt__"] = [shapes.interrupt(i) for i in snapshot.interrupts]
    return values


def relay(feed: EventWriter, *, emit: bool) -> Any:
    """Turn the graph's stream chunks into the platform's events in `feed` (with `emit`).

    The last root `values` chunk is kept as it came: what `wait` answers, written out once.
    """

    def on_chunk(namespace: tuple[str, ...], mode: str, chunk: Any) -> None:
        if mode == "values" and not namespace:
            feed.last_values = chunk
        if not emit:
            return
        if mode == "messages":
            message, meta = chunk
            data: Any = [_plain(message), _plain(meta)]
        elif mode in ("values", "updates") and isinstance(chunk, dict):
            data = values_json(chunk)
        elif mode == "debug" and isinstance(chunk, dict) and chunk.get("type") == "checkpoint":
            data = _plain({**chunk, "payload": shapes.debug_checkpoint(chunk["payload"])})
        else:
            data = _plain(chunk)
        feed.put("|".join([mode, *namespace]), data)

    return on_chunk
