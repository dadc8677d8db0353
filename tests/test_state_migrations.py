"""Checkpoints written by the first release (state schema 1) resume under today's code.

tests/fixtures/state_v1_checkpoints.json holds the checkpoint rows that release wrote for two
threads: `v1-paused` (ada asked for rag-2 and waits for approval) and `v1-done` (bob asked a
question). They were made by running the release's own code (commit 2f66197) on a fresh database.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from psycopg.types.json import Jsonb

from agent.infra.persistence import Resources
from agent.runtime import threads
from graphs.state_migrations import SCHEMA_VERSION, migrate

FIXTURE = Path(__file__).parent / "fixtures" / "state_v1_checkpoints.json"


def load_fixture(resources: Resources) -> None:
    tables = json.loads(FIXTURE.read_text())
    with resources.pool.connection() as conn:
        for table, data in tables.items():
            columns = data["columns"]
            for row in data["rows"]:
                values = [_value(row[c]) for c in columns]
                conn.execute(
                    f"INSERT INTO {table} ({', '.join(columns)}) "  # trusted fixture names
                    f"VALUES ({', '.join(['%s'] * len(columns))})",
                    values,
                )


def _value(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"b64"}:
        return base64.b64decode(value["b64"])
    return Jsonb(value) if isinstance(value, dict) else value


def values(graph: Any, thread: str) -> dict[str, Any]:
    return graph.get_state({"configurable": {"thread_id": thread}}).values  # type: ignore[no-any-return]


def test_the_fixture_really_is_the_old_shape(resources: Resources, graph: Any) -> None:
    load_fixture(resources)
    old = values(graph, "v1-paused")
    assert "schema_version" not in old and "queued" not in old and not old.get("usage")
    assert migrate(old) == {
        "turn": None,
        "usage": {"calls": 0, "input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0},
        "program": None,
        "queued": [],
        "schema_version": SCHEMA_VERSION,
    }


def test_a_paused_approval_from_the_old_release_resumes_and_is_upgraded(
    resources: Resources, graph: Any
) -> None:
    load_fixture(resources)
    pending = threads.pending(graph, resources.pool)
    assert [(t.thread_id, (t.pending or {})["action_requests"][0]["args"]) for t in pending] == [
        ("v1-paused", {"cohort_id": "rag-2", "student_id": "ada"})
    ]
    turn = threads.decide(graph, "v1-paused", {"decisions": [{"type": "approve"}]})
    assert turn.replies[-1].startswith("Done: you are enrolled in rag-2")
    assert [(e["student_id"], e["cohort_id"], e["status"]) for e in resources.school.enrollments()] == [
        ("ada", "rag-2", "PENDING_PAYMENT")
    ]
    new = values(graph, "v1-paused")
    assert (new["schema_version"], new["queued"], new["usage"]["calls"]) == (SCHEMA_VERSION, [], 0)


def test_a_finished_old_thread_takes_a_new_message(resources: Resources, graph: Any) -> None:
    load_fixture(resources)
    before = [m.content for m in values(graph, "v1-done")["messages"]]
    turn = threads.send(graph, "v1-done", "and how much is it?", user_id="bob")
    assert turn.replies and "€900" in turn.replies[0]
    after = values(graph, "v1-done")
    assert [m.content for m in after["messages"]][:2] == before
    assert after["schema_version"] == SCHEMA_VERSION and after["turn"]["route"]["intent"] == "question"


def test_a_state_from_a_newer_release_is_refused() -> None:
    with pytest.raises(RuntimeError, match="written by a newer version"):
        migrate({"schema_version": SCHEMA_VERSION + 1})
