"""Postgres restarted in the middle of a run: a clear error, the pool recovers, the thread resumes,
nothing is lost and nothing is done twice. Runs on an embedded server it can stop and start."""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from psycopg_pool import PoolTimeout

from agent.config.settings import Settings
from agent.infra.persistence import DatabaseUnavailableError, embedded_url, open_resources, stop_embedded
from agent.runtime import threads
from graphs import tools
from graphs.school import build_graph
from tests.support.approvals import student_yes
from tests.support.school import TODAY

APPROVE = student_yes("ada")
"""Ada confirms her own enrollment, as the policy asks."""


@pytest.fixture
def restartable() -> Iterator[Path]:
    """An embedded Postgres of this test's own, stopped and removed at the end."""
    # Not under pytest's tmp dir: that is private to root, and as root the server runs as the
    # `pgserver` user, which must reach its data directory.
    data = Path(tempfile.mkdtemp(prefix="school-restart-"))
    data.chmod(0o755)
    try:
        embedded_url(data)
        yield data
    finally:
        stop_embedded(data)
        shutil.rmtree(data, ignore_errors=True)


def _once_back(read: Any, timeout_s: float = 60) -> Any:
    """`read()` as soon as the pool has reconnected (it retries with a growing back-off)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            return read()
        except PoolTimeout:
            if time.monotonic() > deadline:
                raise


@pytest.mark.postgres  # starts its own embedded server, with no database fixture
def test_a_restart_mid_run_fails_clearly_and_the_thread_resumes(
    restartable: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(
        database_url=embedded_url(restartable), data_dir=restartable, today=TODAY, pool_timeout_s=3
    )
    with open_resources(settings) as res:
        graph = build_graph(
            checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
        )
        threads.send(graph, "t", "Enroll me in rag-2", user_id="ada")
        perform = tools.perform

        def outage_then_perform(*args: Any, **kwargs: Any) -> Any:
            stop_embedded(restartable)  # the database goes away between approval and the write
            return perform(*args, **kwargs)

        monkeypatch.setattr(tools, "perform", outage_then_perform)
        with pytest.raises(DatabaseUnavailableError, match="connection was lost during the run on thread t"):
            threads.decide(graph, "t", APPROVE)
        monkeypatch.setattr(tools, "perform", perform)
        embedded_url(restartable)  # the database is back; the same pool recovers after its back-off
        state = _once_back(lambda: graph.get_state({"configurable": {"thread_id": "t"}}))
        turn = threads.decide(graph, "t", APPROVE) if state.interrupts else threads.resume(graph, "t")
        assert turn.replies[-1].startswith("Done: you are enrolled in rag-2")
        assert [(e["student_id"], e["cohort_id"], e["status"]) for e in res.school.enrollments()] == [
            ("ada", "rag-2", "PENDING_PAYMENT")
        ]
