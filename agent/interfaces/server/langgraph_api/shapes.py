"""The LangGraph Server API's JSON shapes: assistants, threads, thread states, interrupts, errors.

Pure functions from LangGraph objects (state snapshots, interrupts) and thread rows to the JSON
the platform answers and `langgraph_sdk` types (`langgraph_sdk.schema`). No I/O here.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from uuid import UUID

from langchain_core.runnables import RunnableConfig
from pydantic import TypeAdapter

from agent.journal.thread_records import ASSISTANT_ID, GRAPH_ID

THREAD_STATUSES = ("idle", "busy", "interrupted", "error")


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


def assistant(created_at: datetime) -> dict[str, Any]:
    """The graph's default assistant, as the platform registers one for each graph."""
    when = created_at.isoformat()
    return {
        "assistant_id": ASSISTANT_ID,
        "graph_id": GRAPH_ID,
        "config": {},
        "context": {},
        "metadata": {"created_by": "system"},
        "name": GRAPH_ID,
        "description": None,
        "version": 1,
        "created_at": when,
        "updated_at": when,
    }


def interrupt(found: Any) -> dict[str, Any]:
    """One interrupt as a run's output (`__interrupt__`) carries it.

    Every field of LangGraph's `Interrupt`, `response_schema` too (null when the graph sets none),
    as the platform writes it.
    """
    return {"id": found.id, "value": jsonable(found.value), "response_schema": _response_schema(found)}


def state_interrupt(found: Any) -> dict[str, Any]:
    """One interrupt as a thread's state and record carry it.

    Its id and value, and `response_schema` only when the graph sets one (the platform's
    `InterruptSchema`).
    """
    found_json = {"id": found.id, "value": jsonable(found.value)}
    schema = _response_schema(found)
    if schema is not None:
        found_json["response_schema"] = schema
    return found_json


def _response_schema(found: Any) -> Any:
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


def thread_state(snapshot: Any) -> dict[str, Any]:
    """A state snapshot as the platform's `ThreadState` (with its deprecated id fields)."""
    parent = checkpoint(snapshot.parent_config)
    own = checkpoint(snapshot.config)
    return {
        "values": jsonable(snapshot.values),
        "next": list(snapshot.next),
        "tasks": [_task(t) for t in snapshot.tasks],
        "metadata": jsonable(snapshot.metadata),
        "created_at": snapshot.created_at,
        "checkpoint": own,
        "parent_checkpoint": parent,
        "interrupts": [state_interrupt(i) for i in snapshot.interrupts],
        "checkpoint_id": own["checkpoint_id"] if own else None,
        "parent_checkpoint_id": parent["checkpoint_id"] if parent else None,
    }


def _task(task: Any) -> dict[str, Any]:
    nested = task.state if task.state is not None and hasattr(task.state, "values") else None
    return {
        "id": task.id,
        "name": task.name,
        "path": jsonable(task.path),
        "error": None if task.error is None else str(task.error),
        "interrupts": [state_interrupt(i) for i in task.interrupts],
        "checkpoint": task.state["configurable"] if task.state is not None and nested is None else None,
        "state": thread_state(nested) if nested is not None else None,
        "result": jsonable(getattr(task, "result", None)),
    }


def thread(row: Mapping[str, Any], snapshot: Any, status: str) -> dict[str, Any]:
    """A thread: its record (`row`: id, metadata, times) and its current state."""
    return {
        "thread_id": row["thread_id"],
        "created_at": _time(row["created_at"]),
        "updated_at": _time(row["updated_at"]),
        "state_updated_at": _time(row["state_updated_at"] or row["updated_at"]),
        "metadata": jsonable(row["metadata"]),
        "status": status,
        "config": {},
        "values": jsonable(snapshot.values) if snapshot.values else None,
        "interrupts": {
            t.id: [state_interrupt(i) for i in t.interrupts] for t in snapshot.tasks if t.interrupts
        },
    }


def _time(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None
