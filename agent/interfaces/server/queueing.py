"""Handing a recorded run to the task engine, and telling whether it was refused before it began.

The run routes (`langgraph_api.runs`) record a run (`agent.journal.api_runs`), then `queue` it; a
client that waits for its answer asks `refused` first, which waits until the run did its first
work or ended, and answers the refusal (a busy thread, a stale decision) of a run that never
began, leaving no run behind.
"""

from __future__ import annotations

from typing import Any

from agent.infra import engine
from agent.journal import api_runs
from agent.journal.feeds import Wakeups, wait_until

NOT_QUEUED = "the run could not be queued; try again shortly"


class NotQueuedError(Exception):
    """The engine refused the job; the run is recorded as failed with `NOT_QUEUED`."""


def queue(pool: Any, jobs: Any, thread_id: str, run_id: str) -> None:
    """Give the recorded run a job; if the engine refuses, the run fails now and NotQueuedError says so."""
    try:
        engine.defer_run(jobs, thread_id)
    except engine.EngineError as err:
        failure = {
            "error": type(err).__name__,
            "status": 503,
            "code": "unavailable",
            "message": NOT_QUEUED,
            "began": False,
        }
        api_runs.finish(pool, run_id, "error", type(err).__name__, failure=failure)
        raise NotQueuedError(NOT_QUEUED) from None


def refused(pool: Any, wakeups: Wakeups, thread_id: str, run_id: str) -> dict[str, Any] | None:
    """The refusal of a run that ended before it began (the run is then deleted); None when it began."""
    found = wait_until(pool, wakeups, thread_id, run_id, begun=True)
    failure = found["refusal"] if found is not None else None
    if found is None or failure is None or failure.get("began"):
        return None
    api_runs.delete_run(pool, run_id)
    failed: dict[str, Any] = failure
    return failed
