"""What a queued run records, whoever queues it: the API's run desk or a cron's firing.

`work` is what its worker will do (`agent.runtime.execution`); `kwargs` the request as the platform
records a run's (`GET /threads/{id}/runs/{run_id}` answers it); `metadata` the thread's, the
assistant's ids and the request's, as the platform merges them. One copy, so a cron's run and an
API run of the same request are the same row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from agent.journal import thread_records

GRAPH_MODES = {"messages-tuple": "messages"}
"""The LangGraph stream mode behind a platform stream mode, where the names differ."""
IDS = {"graph_id": thread_records.GRAPH_ID, "assistant_id": thread_records.ASSISTANT_ID}
"""The graph and assistant every run of this application is of."""


def work(
    *, user_id: str, asked: Sequence[str], subgraphs: bool, relay: bool, waits: bool, temporary: bool
) -> dict[str, Any]:
    """The worker's instructions, before the kind of run (`send` or `decide`) is added.

    Without `relay` (nobody reads the events) only the last state is kept; `waits`: for the
    thread's lock (every strategy but `reject`); `temporary`: delete the thread with the run's end.
    """
    return {
        "modes": [GRAPH_MODES.get(m, m) for m in asked] if relay else ["values"],
        "subgraphs": subgraphs,
        "relay": relay,
        "configurable": {**IDS, "user_id": user_id},
        "wait_for_lock": waits,
        "temporary": temporary,
    }


def kwargs(request: Mapping[str, Any], *, asked: Sequence[str], temporary: bool) -> dict[str, Any]:
    """The run's request as the platform records it, named as it names them."""
    config = request.get("config") or {}
    return {
        "input": request.get("input"),
        "command": request.get("command"),
        "stream_mode": list(asked),
        "subgraphs": bool(request.get("stream_subgraphs")),
        "resumable": bool(request.get("stream_resumable")),
        "config": {
            **config,
            "metadata": config.get("metadata", {}),
            "configurable": config.get("configurable", {}),
        },
        "context": request.get("context") or {},
        "durability": "sync",
        "temporary": temporary,
        "webhook": request.get("webhook"),
        "feedback_keys": None,
        "interrupt_before": None,
        "interrupt_after": None,
        "checkpoint_during": True,
    }


def metadata(thread: Mapping[str, Any], request: Mapping[str, Any] | None) -> dict[str, Any]:
    """The thread's metadata (but whose decision it waited for, which the run changes), the ids, the request's."""
    inherited = {k: v for k, v in thread.items() if k != "awaiting"}
    return {**inherited, "created_by": "system", **IDS, **(request or {})}
