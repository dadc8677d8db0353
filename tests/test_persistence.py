"""Persistence: the embedded Postgres on a first run, restarts, setup idempotence, strict serde."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from agent.config.settings import Settings, SettingsError
from agent.infra.persistence import DatabaseUnavailableError, Resources, open_resources, stop_embedded
from agent.runtime import threads
from graphs.school import build_graph
from tests.support.approvals import student_yes
from tests.support.school import TODAY


@dataclass
class Gadget:
    """A type no checkpoint of ours contains; a tampered checkpoint might."""

    command: str


@pytest.mark.postgres  # starts its own embedded server, with no database fixture
def test_embedded_postgres_keeps_threads_across_a_server_restart(tmp_path: Path) -> None:
    settings = Settings(database_url=None, data_dir=tmp_path / "data", today=TODAY)
    try:
        with open_resources(settings) as res:
            assert "dbname=school" in res.url or res.url.endswith("/school") or "school?" in res.url
            graph = build_graph(checkpointer=res.checkpointer, school=res.school, settings=settings)
            turn = threads.send(graph, "t", "Enroll me in rag-2", user_id="ada")
            assert turn.pending is not None
        assert stop_embedded(settings.data_dir) is True
        with open_resources(settings) as res:  # starts the server again on the same files
            graph = build_graph(checkpointer=res.checkpointer, school=res.school, settings=settings)
            turn = threads.decide(graph, "t", student_yes("ada"))
            assert turn.replies[0].startswith("Done: you are enrolled in rag-2")
            assert [r["status"] for r in res.school.enrollments()] == ["PENDING_PAYMENT"]
    finally:
        stop_embedded(settings.data_dir)
    assert stop_embedded(settings.data_dir) is False


def test_setup_is_idempotent_and_safe_to_run_concurrently(settings: Settings) -> None:
    def start(_: int) -> int:
        with open_resources(settings) as res, res.pool.connection() as conn:
            row = conn.execute("SELECT count(*) AS n FROM courses").fetchone()
            return int(row["n"]) if row else -1

    with ThreadPoolExecutor(max_workers=3) as pool:
        counts = list(pool.map(start, range(3)))
    assert len(set(counts)) == 1 and counts[0] >= 12


def test_checkpoints_refuse_unknown_types(resources: Resources) -> None:
    serde = resources.checkpointer.serde
    dumped = serde.dumps_typed({"path": Path("/tmp/x")})
    assert serde.loads_typed(dumped) == {"path": Path("/tmp/x")}  # an allowed type round-trips

    evil = serde.dumps_typed({"gadget": Gadget("rm -rf /")})
    loaded: Any = serde.loads_typed(evil)
    assert not isinstance(loaded.get("gadget"), Gadget)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("SCHOOL_RECURSION_LIMIT", "many", "SCHOOL_RECURSION_LIMIT must be an integer, got 'many'"),
        ("SCHOOL_DB_POOL_MAX", "0", "SCHOOL_DB_POOL_MAX must be at least 1, got 0"),
        ("SCHOOL_TODAY", "yesterday", "SCHOOL_TODAY must be an ISO date like 2026-11-30, got 'yesterday'"),
    ],
)
def test_bad_settings_are_named(monkeypatch: pytest.MonkeyPatch, name: str, value: str, message: str) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as caught:
        Settings.from_env()
    assert str(caught.value) == message


def test_prepare_threshold_can_be_turned_off_for_pgbouncer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCHOOL_DB_PREPARE_THRESHOLD", "none")
    assert Settings.from_env().prepare_threshold is None
    monkeypatch.setenv("SCHOOL_DB_PREPARE_THRESHOLD", "5")
    assert Settings.from_env().prepare_threshold == 5


def test_unreachable_database_is_a_clear_error(tmp_path: Path) -> None:
    settings = Settings(
        database_url="postgresql://nobody:secret@127.0.0.1:1/school", data_dir=tmp_path, connect_timeout_s=1
    )
    with pytest.raises(DatabaseUnavailableError) as caught, open_resources(settings):
        pass
    message = str(caught.value)
    assert message.startswith("cannot reach the database at 127.0.0.1:1/school within 1s")
    assert "secret" not in message
