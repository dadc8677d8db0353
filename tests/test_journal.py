"""The journal: events appended per thread and read back in order; payloads checked before writing."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import pytest
from psycopg_pool import ConnectionPool, PoolClosed

from agent.domain.plain_json import to_json
from agent.infra.migrations import TABLES
from agent.infra.persistence import Resources, setup_database
from agent.journal import turns
from agent.journal.events import (
    KINDS,
    JournalPayloadError,
    events,
    pending_first,
    record_event,
)
from agent.runtime import runs


def test_events_are_read_back_oldest_first_per_thread(resources: Resources) -> None:
    pool = resources.pool
    first = record_event(pool, "t1", "plan_presented", {"items": ["rag-2", "sql-1"]})
    second = record_event(pool, "t2", "worker_failed", {"worker": "planner", "error": "timeout"})
    third = record_event(
        pool,
        "t1",
        "budget_exhausted",
        {"tokens": 1050, "cost_usd": 0.0135, "limits": {"max_tokens": 1000, "max_usd": None}},
    )
    fourth = record_event(pool, "t1", "worker_failed")
    assert first < second < third < fourth

    journal = events(pool, "t1")
    assert [(e["id"], e["thread_id"], e["kind"], e["payload"]) for e in journal] == [
        (first, "t1", "plan_presented", {"items": ["rag-2", "sql-1"]}),
        (
            third,
            "t1",
            "budget_exhausted",
            {"tokens": 1050, "cost_usd": 0.0135, "limits": {"max_tokens": 1000, "max_usd": None}},
        ),
        (fourth, "t1", "worker_failed", {}),
    ]
    assert all(isinstance(e["at"], datetime) and e["at"].tzinfo is not None for e in journal)
    assert [e["id"] for e in events(pool, "t1", kinds=["worker_failed", "plan_presented"])] == [first, fourth]
    assert events(pool, "t1", kinds=[]) == []
    assert events(pool, "nobody") == []


def test_dates_decimals_and_tuples_are_converted(resources: Resources) -> None:
    payload = {
        "on": date(2026, 12, 1),
        "at": datetime(2026, 12, 1, 9, 30, tzinfo=UTC),
        "cost_usd": Decimal("0.01350000"),
        "pair": (1, "two"),
        "nested": [{"flag": True}],
    }
    record_event(resources.pool, "t", "plan_presented", payload)
    [event] = events(resources.pool, "t")
    assert event["payload"] == {
        "on": "2026-12-01",
        "at": "2026-12-01T09:30:00+00:00",
        "cost_usd": 0.0135,
        "pair": [1, "two"],
        "nested": [{"flag": True}],
    }


def test_an_event_written_on_a_connection_rolls_back_with_the_callers_work(resources: Resources) -> None:
    with resources.pool.connection() as conn:
        with pytest.raises(ZeroDivisionError), conn.transaction():
            record_event(conn, "t", "worker_failed", {"worker": "a"})
            1 / 0  # noqa: B018 - the caller's work fails after the event was written
        with conn.transaction():
            kept = record_event(conn, "t", "worker_failed", {"worker": "b"})
    assert [(e["id"], e["payload"]) for e in events(resources.pool, "t")] == [(kept, {"worker": "b"})]


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"seen": {"rag-2"}}, r"payload\['seen'\] is a set"),
        ({"items": [1, object()]}, r"payload\['items'\]\[1\] is a object"),
        ({"limits": {1: "one"}}, r"payload\['limits'\] has the key 1 \(int\); JSON object keys are str"),
        ({"cost_usd": float("nan")}, r"payload\['cost_usd'\] is nan; JSON has no NaN"),
        ({"cost_usd": Decimal("Infinity")}, r"payload\['cost_usd'\] is Decimal\('Infinity'\)"),
        (["not", "a", "mapping"], "a journal payload must be a mapping, got list"),
    ],
)
def test_a_payload_json_cannot_carry_is_refused_and_nothing_is_written(
    resources: Resources, payload: Any, message: str
) -> None:
    with pytest.raises(JournalPayloadError, match=message) as caught:
        record_event(resources.pool, "t", "worker_failed", payload)
    assert isinstance(caught.value, TypeError)
    assert events(resources.pool, "t") == []


@pytest.mark.parametrize(
    ("thread_id", "kind", "message"),
    [
        ("t", "budget_spent", "unknown journal event kind 'budget_spent'; known kinds: turn_started,"),
        ("", "worker_failed", "thread_id must be a non-empty str"),
    ],
)
def test_unknown_kinds_and_empty_threads_are_refused(
    resources: Resources, thread_id: str, kind: Any, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        record_event(resources.pool, thread_id, kind, {})


def test_to_json_leaves_plain_json_alone() -> None:
    plain = {"a": [1, 2.5, "x", None, False], "b": {"c": {}}}
    assert to_json(plain) == plain
    assert KINDS[:3] == ("turn_started", "step_started", "step_completed")
    assert {"budget_exhausted", "plan_presented", "worker_failed", "approval_granted"} <= set(KINDS)


def test_setup_is_idempotent_and_keeps_the_events(resources: Resources) -> None:
    kept = record_event(resources.pool, "t", "plan_presented", {})
    setup_database(resources)
    setup_database(resources)
    with resources.pool.connection() as conn:
        indexes = conn.execute(
            "SELECT indexdef FROM pg_indexes WHERE tablename = 'journal_events' ORDER BY indexname"
        ).fetchall()
    assert [e["id"] for e in events(resources.pool, "t")] == [kept]
    assert [i["indexdef"].split(" USING ")[1] for i in indexes] == [
        "btree ((((((payload -> 'outcome'::text) -> 'result'::text) -> 'enrollment'::text) ->> 'id'::text)))"
        " WHERE (kind = 'tool_completed'::text)",  # an enrollment's thread (migration 5)
        "btree (thread_id, key) WHERE (key IS NOT NULL)",
        "btree (id)",
        "btree (thread_id, id)",
    ]
    assert "journal_events" in TABLES


def test_an_event_with_a_key_is_written_once(resources: Resources) -> None:
    first = record_event(resources.pool, "t", "tool_completed", {"n": 1}, key="a1:tool")
    again = record_event(resources.pool, "t", "tool_completed", {"n": 2}, key="a1:tool")
    other_thread = record_event(resources.pool, "u", "tool_completed", {"n": 3}, key="a1:tool")
    assert isinstance(first, int) and again is None and isinstance(other_thread, int)
    assert [e["payload"] for e in events(resources.pool, "t")] == [{"n": 1}]


# -- a run's pending rows and its nodes' own events ----------------------------------------------


def running_emitter(resources: Resources, thread: str) -> Any:
    """A run's emitter on `thread` with a turn, and a step started: its start pending, not written."""
    emitter = runs._Emitter(resources.pool, thread, None)
    emitter.turn = turns.start_turn(resources.pool, thread_id=thread, kind="message", actor="ada", payload={})
    emitter.task({"name": "execute", "input": {}})
    return emitter


def journal_of(resources: Resources, thread: str) -> list[tuple[str, dict[str, Any]]]:
    return [(e["kind"], e["payload"]) for e in events(resources.pool, thread)]


def test_a_nodes_own_event_is_written_after_the_steps_start_pending_in_one_statement(
    resources: Resources,
) -> None:
    emitter = running_emitter(resources, "t")
    assert journal_of(resources, "t") == [
        ("turn_started", {"turn_id": emitter.turn, "thread_id": "t", "kind": "message"})
    ]
    with pending_first(emitter):
        done = record_event(
            resources.pool, "t", "tool_completed", {"n": 1}, turn_id=emitter.turn, key="a1:done"
        )
        # A step re-run after a crash: its start again, its keyed event not again.
        emitter.task({"name": "execute", "input": {}})
        again = record_event(
            resources.pool, "t", "tool_completed", {"n": 2}, turn_id=emitter.turn, key="a1:done"
        )
        other = record_event(resources.pool, "u", "worker_failed", {"n": 3})  # not the run's thread
    assert isinstance(done, int) and again is None and isinstance(other, int)
    assert journal_of(resources, "t")[1:] == [
        ("step_started", {"node": "execute", "step": 1}),
        ("tool_completed", {"n": 1}),
        ("step_started", {"node": "execute", "step": 2}),
    ]
    assert [e["id"] for e in events(resources.pool, "t", kinds=["tool_completed"])] == [done]
    assert journal_of(resources, "u") == [("worker_failed", {"n": 3})]


def test_a_nodes_event_that_fails_to_be_written_leaves_the_runs_rows_pending(
    resources: Resources,
) -> None:
    emitter = running_emitter(resources, "t")
    closed = ConnectionPool(resources.settings.database_url, open=False)
    with pending_first(emitter), pytest.raises(PoolClosed):
        record_event(closed, "t", "tool_completed", {"n": 1}, turn_id=emitter.turn, key="a1:done")
    assert [kind for kind, _ in journal_of(resources, "t")] == ["turn_started"]
    with pending_first(emitter):
        record_event(resources.pool, "t", "tool_completed", {"n": 1}, turn_id=emitter.turn, key="a1:done")
    assert [kind for kind, _ in journal_of(resources, "t")] == [
        "turn_started",
        "step_started",
        "tool_completed",
    ]


def test_a_nodes_event_on_its_own_connection_comes_after_the_runs_rows(resources: Resources) -> None:
    emitter = running_emitter(resources, "t")
    with resources.pool.connection() as conn, pending_first(emitter), conn.transaction():
        record_event(conn, "t", "tool_completed", {"n": 1}, turn_id=emitter.turn, key="a1:done")
    assert [kind for kind, _ in journal_of(resources, "t")] == [
        "turn_started",
        "step_started",
        "tool_completed",
    ]
