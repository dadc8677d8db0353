"""A run recorded as the HTTP API records one (`agent.journal.api_runs.create`), for tests that execute it directly."""

from __future__ import annotations

import uuid
from typing import Any

from agent.infra.persistence import Resources
from agent.journal import api_runs


def record_run(resources: Resources, thread_id: str, work: dict[str, Any]) -> str:
    """Record a pending run of ada's on `thread_id` doing `work`; its id."""
    run_id = str(uuid.uuid4())
    api_runs.create(
        resources.pool,
        run_id=run_id,
        thread_id=thread_id,
        assistant_id="school",
        actor="ada",
        strategy="enqueue",
        kwargs={},
        metadata={},
        busy=False,
        stops_others=False,
        work=work,
    )
    return run_id
