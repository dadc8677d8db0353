"""Values, interrupts, checkpoints and stream chunks in the JSON of the LangGraph platform.

What a run's events and result hold: the worker writes the graph's stream chunks as the
platform's events (`relay`) and a run's result as its values (`values_text`, `thread_values`),
and the HTTP API answers the same shapes (`agent.interfaces.server.langgraph_api.shapes` builds
its threads, states and assistants on these). Pure functions, but for reading a thread's state;
no protocol, no HTTP here.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

from langchain_core.runnables import RunnableConfig
from pydantic import TypeAdapter

from agent.journal.feeds import EventWriter
from agent.runtime.runs import Pregel


def _default(value: Any) -> Any:
    """What `json` cannot write itself: pydantic models (LangChain messages), dataclasses, times.

    Also ids and sets; anything else is a TypeError (a bug to see, not a value to guess).
    """
    if hasattr(value, "model_dump") and not isinstance(value, type):
        return value.model_dump()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, UUID | Decimal):
        return str(value)
    if isinstance(value, set | frozenset):
        return sorted(value, key=str)
    message = f"cannot write a {type(value).__name__} as JSON"
    raise TypeError(message)


def jsonable(value: Any) -> Any:
    """`value` as plain JSON types (dicts, lists, strings, numbers, booleans, None)."""
    return json.loads(json.dumps(value, default=_default))


def json_text(value: Any) -> str:
    """`value` written as JSON text, once; what has no JSON form (a debug event's internals) as its text."""
    try:
        return json.dumps(value, default=_default, ensure_ascii=False)
    except TypeError:
        return json.dumps(value, default=str, ensure_ascii=False)


def interrupt(found: Any) -> dict[str, Any]:
    """One interrupt as a run's output (`__interrupt__`) carries it.

    Every field of LangGraph's `Interrupt`, `response_schema` too (null when the graph sets none),
    as the platform writes it.
    """
    return {"id": found.id, "value": jsonable(found.value), "response_schema": response_schema(found)}


def response_schema(found: Any) -> Any:
    """The JSON schema an interrupt asks its answer to follow (a type's is generated), or None."""
    schema = getattr(found, "response_schema", None)
    if isinstance(schema, type):
        return TypeAdapter(schema).json_schema()
    return jsonable(schema)


def checkpoint(config: RunnableConfig | None) -> dict[str, Any] | None:
    """The checkpoint a config names, or None when it names none."""
    configurable: Mapping[str, Any] = (config or {}).get("configurable") or {}
    if not configurable.get("thread_id") or not configurable.get("checkpoint_id"):
        return None
    found = {
        "thread_id": configurable["thread_id"],
        "checkpoint_ns": configurable.get("checkpoint_ns") or "",
        "checkpoint_id": configurable["checkpoint_id"],
    }
    if "checkpoint_map" in configurable:
        found["checkpoint_map"] = configurable["checkpoint_map"]
    return found


def debug_checkpoint(payload: Mapping[str, Any]) -> dict[str, Any]:
    """A `checkpoint` debug event's payload (and a `checkpoints` event) as the platform sends it.

    LangGraph's payload plus `checkpoint` and `parent_checkpoint` (from `config` and
    `parent_config`, which the platform keeps too), and each task's `state`, when it is a
    subgraph's config, given as that task's `checkpoint`.
    """
    tasks = []
    for task in payload.get("tasks") or []:
        state = task.get("state")
        if isinstance(state, Mapping) and state.get("configurable"):
            task = {k: v for k, v in task.items() if k != "state"} | {"checkpoint": state["configurable"]}
        tasks.append(task)
    return {
        **payload,
        "checkpoint": checkpoint(payload.get("config")),
        "parent_checkpoint": checkpoint(payload.get("parent_config")),
        "tasks": tasks,
    }


def _shaped(chunk: dict[str, Any]) -> dict[str, Any]:
    """A `values` or `updates` chunk with its interrupts as the platform writes them (id, value, schema)."""
    if "__interrupt__" not in chunk:
        return chunk
    rest = {k: v for k, v in chunk.items() if k != "__interrupt__"}
    return {**rest, "__interrupt__": [interrupt(i) for i in chunk["__interrupt__"]]}


def values_text(chunk: dict[str, Any]) -> str:
    """A `values` or `updates` chunk as the platform writes it, as JSON text."""
    return json_text(_shaped(chunk))


def thread_values(graph: Pregel, thread_id: str) -> dict[str, Any]:
    """The thread's values as the platform answers them, with `__interrupt__` when it is paused."""
    snapshot = graph.get_state({"configurable": {"thread_id": thread_id}})
    values: dict[str, Any] = jsonable(snapshot.values)
    if snapshot.interrupts:
        values["__interrupt__"] = [interrupt(i) for i in snapshot.interrupts]
    return values


def relay(feed: EventWriter, *, emit: bool) -> Callable[[tuple[str, ...], str, Any], None]:
    """Turn the graph's stream chunks into the platform's events in `feed` (with `emit`).

    The last root `values` chunk is kept as it came: what `wait` answers, written out once. Each
    event is written as JSON text straight from the chunk, once.
    """

    def on_chunk(namespace: tuple[str, ...], mode: str, chunk: Any) -> None:
        if mode == "values" and not namespace:
            feed.last_values = chunk
        if not emit:
            return
        if mode == "messages":
            message, meta = chunk
            text = f"[{json_text(message)}, {json_text(meta)}]"
        elif mode in ("values", "updates") and isinstance(chunk, dict):
            text = values_text(chunk)
        elif mode == "debug" and isinstance(chunk, dict) and chunk.get("type") == "checkpoint":
            text = json_text({**chunk, "payload": debug_checkpoint(chunk["payload"])})
        else:
            text = json_text(chunk)
        feed.put("|".join([mode, *namespace]), text)

    return on_chunk
