"""The LangGraph Server API's resources in JSON: assistants, threads, thread states.

Pure functions from LangGraph objects (state snapshots) and thread rows to the JSON the platform
answers and `langgraph_sdk` types (`langgraph_sdk.schema`), built on the values, interrupts and
checkpoints of `agent.runtime.platform_json` (which a run's events hold too). No I/O here.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from agent.journal.thread_records import ASSISTANT_ID, GRAPH_ID
from agent.runtime.platform_json import checkpoint, jsonable, response_schema

THREAD_STATUSES = ("idle", "busy", "interrupted", "error")


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


def state_interrupt(found: Any) -> dict[str, Any]:
    """One interrupt as a thread's state and record carry it.

    Its id and value, and `response_schema` only when the graph sets one (the platform's
    `InterruptSchema`).
    """
    found_json = {"id": found.id, "value": jsonable(found.value)}
    schema = response_schema(found)
    if schema is not None:
        found_json["response_schema"] = schema
    return found_json


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
