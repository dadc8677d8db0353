"""Thread TTLs and `POST /threads/prune`, driven by the official `langgraph_sdk` on real Postgres.

The TTL sweep is called at a given `now` (the engine's tick, in production), so that expiry is
tested without waiting. A thread waiting for an approval is made by a run (ada asks to enroll);
a thread with history by two runs the rules answer without a model.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from langgraph_sdk.client import SyncLangGraphClient
from langgraph_sdk.errors import ConflictError, NotFoundError, UnprocessableEntityError

from agent.infra.locks import locks_for
from agent.infra.persistence import Resources
from agent.journal.events import events
from agent.upkeep import thread_pruning
from agent.worker.process import Worker
from agent.worker.schedule import Schedule
from tests.support.api import APPROVE, changed, fingerprint, langgraph_url, message, sdk_clients

pytestmark = pytest.mark.postgres

QUESTION = "When does rag-2 start?"
"""A question the rules answer without a model (one turn, several checkpoints)."""
ENROLL = "Enroll me in rag-2"
"""A request that stops at ada's own approval."""


@pytest.fixture
def clients(api: httpx.Client) -> Iterator[dict[str, SyncLangGraphClient]]:
    """SDK clients of ada and bob (students) and olga (operator) on the served API."""
    with sdk_clients(langgraph_url(api.base_url), "ada", "bob", "olga") as made:
        yield made


def checkpoints(resources: Resources, thread_id: str) -> dict[str, int]:
    """The thread's rows in the saver's three tables."""
    with resources.pool.connection() as conn:
        return {
            table: conn.execute(
                f"SELECT count(*) AS n FROM {table} WHERE thread_id = %s", (thread_id,)
            ).fetchone()["n"]
            for table in ("checkpoints", "checkpoint_writes", "checkpoint_blobs")
        }


def paused(ada: SyncLangGraphClient, thread_id: str, **create: Any) -> None:
    """Ada's thread `thread_id`, waiting for her approval of an enrollment."""
    ada.threads.create(thread_id=thread_id, **create)
    asked = ada.runs.wait(thread_id, "school", input=message(ENROLL))
    assert asked["__interrupt__"], asked  # type: ignore[index, call-overload]


def answered(ada: SyncLangGraphClient, thread_id: str, turns: int, **create: Any) -> dict[str, Any]:
    """Ada's thread `thread_id` after `turns` answered questions; its state's values."""
    ada.threads.create(thread_id=thread_id, **create)
    for _ in range(turns):
        ada.runs.wait(thread_id, "school", input=message(QUESTION))
    values: dict[str, Any] = ada.threads.get_state(thread_id)["values"]  # type: ignore[assignment]
    return values


def audit(resources: Resources, thread_id: str) -> list[dict[str, Any]]:
    """The thread's `checkpoints_pruned` journal payloads, without their times."""
    found = events(resources.pool, thread_id, kinds=["checkpoints_pruned"])
    return [{k: v for k, v in e["payload"].items() if k != "at"} for e in found]


def test_ttl_is_kept_on_create_and_patch_and_a_bad_one_writes_nothing(
    clients: dict[str, SyncLangGraphClient], resources: Resources, api: httpx.Client
) -> None:
    ada = clients["ada"]
    before_create = datetime.now(UTC)
    made = ada.threads.create(thread_id="t-ttl", ttl=30)
    assert "ttl" not in made
    shown = api.get("/threads/t-ttl", params={"include": "ttl"}, headers={"x-api-key": "key-ada-1234"}).json()
    assert {k: shown["ttl"][k] for k in ("strategy", "ttl_minutes")} == {
        "strategy": "delete",
        "ttl_minutes": 30,
    }
    expires = datetime.fromisoformat(shown["ttl"]["expires_at"])
    assert before_create + timedelta(minutes=30) <= expires <= datetime.now(UTC) + timedelta(minutes=30)
    ada.threads.update("t-ttl", metadata={"n": 1}, ttl={"strategy": "keep_latest", "ttl": 60})
    ttl = thread_pruning.ttl_of(resources.pool, "t-ttl")
    assert ttl is not None and (ttl["strategy"], ttl["ttl_minutes"]) == ("keep_latest", 60)
    before = fingerprint(resources.pool)
    bad: list[tuple[str, Any]] = [
        ("ttl.ttl", lambda: ada.threads.create(thread_id="t-zero", ttl=0)),
        ("ttl.ttl", lambda: ada.threads.create(thread_id="t-negative", ttl={"ttl": -5})),
        ("ttl.ttl", lambda: ada.threads.update("t-ttl", metadata={"n": 2}, ttl=0)),
        ("ttl.ttl", lambda: ada.threads.update("t-ttl", metadata={"n": 2}, ttl={"ttl": -1.5})),
        (
            "ttl.strategy",
            lambda: ada.threads.update("t-ttl", metadata={"n": 2}, ttl={"ttl": 5, "strategy": "x"}),
        ),
        ("strategy", lambda: ada.threads.prune(["t-ttl"], strategy="archive")),  # type: ignore[arg-type]
    ]
    for where, call in bad:
        with pytest.raises(UnprocessableEntityError, match=where):
            call()
    assert changed(before, fingerprint(resources.pool)) == {}


def test_the_sweep_deletes_an_expired_thread_and_keeps_a_paused_one(
    clients: dict[str, SyncLangGraphClient], resources: Resources, graph: Any
) -> None:
    ada = clients["ada"]
    answered(ada, "t-old", 1, ttl=5)
    paused(ada, "t-waiting", ttl=5)
    answered(ada, "t-later", 1, ttl=60)
    waiting_rows = checkpoints(resources, "t-waiting")
    old_rows = checkpoints(resources, "t-old")
    now = datetime.now(UTC)
    early = thread_pruning.sweep(resources, graph, now=now + timedelta(minutes=1))
    assert (early.pruned, early.waiting, early.busy) == ((), (), ())
    swept = thread_pruning.sweep(resources, graph, now=now + timedelta(minutes=10))
    assert swept.pruned == (
        thread_pruning.Pruned(
            "t-old",
            "delete",
            old_rows["checkpoints"],
            old_rows["checkpoint_writes"],
            old_rows["checkpoint_blobs"],
        ),
    )
    assert (swept.waiting, swept.busy) == ((), ())  # the inbox's `awaiting` mark keeps it out of the batch
    with pytest.raises(NotFoundError):
        ada.threads.get("t-old")
    assert checkpoints(resources, "t-old") == {
        "checkpoints": 0,
        "checkpoint_writes": 0,
        "checkpoint_blobs": 0,
    }
    assert thread_pruning.ttl_of(resources.pool, "t-old") is None
    assert audit(resources, "t-old") == [
        {
            "strategy": "delete",
            "by": "ttl",
            "was_waiting": False,
            "checkpoints": old_rows["checkpoints"],
            "writes": old_rows["checkpoint_writes"],
            "blobs": old_rows["checkpoint_blobs"],
        }
    ]
    assert ada.threads.get("t-later")["status"] == "idle"
    # Without the mark (a thread the CLI paused has none), the state read under the lock keeps it.
    with resources.pool.connection() as conn:
        conn.execute(
            "UPDATE thread_records SET metadata = metadata - 'awaiting' WHERE thread_id = 't-waiting'"
        )
    again = thread_pruning.sweep(resources, graph, now=now + timedelta(minutes=10))
    assert (again.pruned, again.waiting) == ((), ("t-waiting",))
    # The paused thread is untouched, still waits, keeps its TTL, and is swept once it is decided.
    assert checkpoints(resources, "t-waiting") == waiting_rows
    assert ada.threads.get("t-waiting")["status"] == "interrupted"
    assert thread_pruning.ttl_of(resources.pool, "t-waiting") is not None
    assert audit(resources, "t-waiting") == []
    ada.runs.wait("t-waiting", "school", command=APPROVE)
    decided = thread_pruning.sweep(resources, graph, now=now + timedelta(minutes=10))
    assert [(p.thread_id, p.strategy) for p in decided.pruned] == [("t-waiting", "delete")]
    assert [(r["by"], r["was_waiting"]) for r in audit(resources, "t-waiting")] == [("ttl", False)]


def test_a_keep_latest_ttl_prunes_to_the_latest_checkpoint_and_comes_round_again(
    clients: dict[str, SyncLangGraphClient], resources: Resources, graph: Any
) -> None:
    ada = clients["ada"]
    values = answered(ada, "t-keep", 2, ttl={"strategy": "keep_latest", "ttl": 5})
    assert checkpoints(resources, "t-keep")["checkpoints"] > 2
    now = datetime.now(UTC) + timedelta(minutes=6)
    swept = thread_pruning.sweep(resources, graph, now=now)
    assert [p.thread_id for p in swept.pruned] == ["t-keep"]
    assert checkpoints(resources, "t-keep")["checkpoints"] == 1
    assert ada.threads.get_state("t-keep")["values"] == values
    ttl = thread_pruning.ttl_of(resources.pool, "t-keep")
    assert ttl is not None and ttl["expires_at"] == now + timedelta(minutes=5)


def test_prune_keep_latest_leaves_exactly_the_latest_checkpoint_and_the_thread_answers(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    values = answered(ada, "t-long", 2)
    latest = ada.threads.get_state("t-long")["checkpoint"]
    before = checkpoints(resources, "t-long")
    assert before["checkpoints"] > 2
    assert ada.threads.prune(["t-long"], strategy="keep_latest") == {"pruned_count": 1}
    after = checkpoints(resources, "t-long")
    assert after["checkpoints"] == 1
    history = ada.threads.get_history("t-long", limit=10)
    assert [h["checkpoint"] for h in history] == [latest]
    assert history[0]["values"] == values and history[0]["parent_checkpoint"] is None
    [row] = audit(resources, "t-long")
    assert row == {
        "strategy": "keep_latest",
        "by": "ada",
        "was_waiting": False,
        "checkpoints": before["checkpoints"] - 1,
        "writes": before["checkpoint_writes"] - after["checkpoint_writes"],
        "blobs": before["checkpoint_blobs"] + 1 - after["checkpoint_blobs"],  # + the snapshot written
    }
    # The thread still answers, from the conversation it had.
    done = ada.runs.wait("t-long", "school", input=message(QUESTION))
    messages = done["messages"]  # type: ignore[index, call-overload]
    assert messages[: len(values["messages"])] == values["messages"]
    assert [m["type"] for m in messages[len(values["messages"]) :]] == ["human", "ai"]
    assert messages[-1]["content"] == values["messages"][-1]["content"]


def test_prune_refuses_a_thread_waiting_for_approval_unless_asked_explicitly(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada, bob, olga = clients["ada"], clients["bob"], clients["olga"]
    paused(ada, "t-waiting")
    answered(ada, "t-done", 1)
    before = fingerprint(resources.pool)
    with pytest.raises(ConflictError, match=r"wait for an approval.*include_interrupted=true.*: t-waiting"):
        ada.threads.prune(["t-done", "t-waiting"])
    with pytest.raises(ConflictError, match="t-waiting"):
        olga.threads.prune(["t-waiting"], strategy="keep_latest")
    with pytest.raises(NotFoundError):
        bob.threads.prune(["t-done"])
    assert changed(before, fingerprint(resources.pool)) == {}
    assert bob.threads.prune([]) == {"pruned_count": 0}
    assert olga.threads.prune(["t-waiting", "t-done"], params={"include_interrupted": "true"}) == {
        "pruned_count": 2
    }
    for thread_id in ("t-waiting", "t-done"):
        with pytest.raises(NotFoundError):
            ada.threads.get(thread_id)
    assert [(r["by"], r["was_waiting"]) for r in audit(resources, "t-waiting")] == [("olga", True)]


def test_the_engine_sweeps_an_expired_thread_once_across_two_workers(
    clients: dict[str, SyncLangGraphClient], resources: Resources, graph: Any
) -> None:
    ada = clients["ada"]
    answered(ada, "t-old", 1, ttl=5)
    with resources.pool.connection() as conn:
        conn.execute("UPDATE thread_ttls SET expires_at = now() - interval '1 minute'")
    never = "0 0 1 1 *"  # January 1st: not during a test
    every_second = Schedule(
        expire_holds=never, remind_holds=never, prune=never, doctor=never, thread_ttls="* * * * * *"
    )
    racing = [
        Worker(resources, graph, concurrency=2, name=n, schedule=every_second).start() for n in ("w1", "w2")
    ]
    try:
        deadline = time.monotonic() + 30
        while thread_pruning.ttl_of(resources.pool, "t-old") is not None:
            assert time.monotonic() < deadline, "the TTL sweep did not run"
            time.sleep(0.2)
        time.sleep(2)  # further ticks, on both workers, find nothing due
    finally:
        for worker in racing:
            worker.stop()
    with pytest.raises(NotFoundError):
        ada.threads.get("t-old")
    assert [(r["strategy"], r["by"]) for r in audit(resources, "t-old")] == [("delete", "ttl")]


def test_deleting_a_thread_drops_its_ttl(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    ada.threads.create(thread_id="t-gone", ttl=5)
    ada.threads.delete("t-gone")
    assert thread_pruning.ttl_of(resources.pool, "t-gone") is None


def test_keep_latest_on_a_waiting_thread_when_asked_and_the_approval_still_resumes(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada, olga = clients["ada"], clients["olga"]
    paused(ada, "t-waiting")
    waiting = ada.threads.get_state("t-waiting")
    pruned = olga.threads.prune(["t-waiting"], strategy="keep_latest", params={"include_interrupted": "true"})
    assert pruned == {"pruned_count": 1}
    assert checkpoints(resources, "t-waiting")["checkpoints"] == 1
    parentless = {**waiting, "parent_checkpoint": None, "parent_checkpoint_id": None}
    assert ada.threads.get_state("t-waiting") == parentless  # the same values, tasks and interrupt
    done = ada.runs.wait("t-waiting", "school", command=APPROVE)
    assert done["messages"][-1]["content"].startswith("Done: you are enrolled in rag-2"), done  # type: ignore[index, call-overload]
    assert ada.threads.get("t-waiting")["status"] == "idle"
    assert [(r["strategy"], r["by"], r["was_waiting"]) for r in audit(resources, "t-waiting")] == [
        ("keep_latest", "olga", True)
    ]


def test_a_thread_held_by_a_run_is_swept_at_a_later_tick_and_not_pruned_on_request(
    clients: dict[str, SyncLangGraphClient], resources: Resources, graph: Any
) -> None:
    ada = clients["ada"]
    answered(ada, "t-held", 1, ttl=5)
    rows = checkpoints(resources, "t-held")
    later = datetime.now(UTC) + timedelta(minutes=10)
    locks = locks_for(resources.pool)
    assert locks is not None
    with locks.hold("t-held"):
        held = thread_pruning.sweep(resources, graph, now=later)
        assert (held.pruned, held.busy) == ((), ("t-held",))
        with pytest.raises(ConflictError, match=r"a run holds these threads now.*: t-held"):
            ada.threads.prune(["t-held"])
    assert checkpoints(resources, "t-held") == rows
    swept = thread_pruning.sweep(resources, graph, now=later)
    assert [p.thread_id for p in swept.pruned] == ["t-held"]
