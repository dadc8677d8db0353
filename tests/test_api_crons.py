"""Crons (`/runs/crons`, `/threads/{id}/runs/crons`) driven by the official `langgraph_sdk` over
loopback HTTP on real Postgres, with the worker `serve` embeds: a weekly reminder on a student's
thread and a stateless one, each fired by the worker's scan as a run like any other; search, count,
get, patch and delete in the platform's shape, each student seeing only their own; and the
refusals (a bad schedule, a bad timezone, an end time in the past, a foreign thread, a command, an
operator's stateless cron, a student past the limit), each leaving nothing written.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pytest
from langgraph_sdk.client import SyncLangGraphClient
from langgraph_sdk.errors import APIStatusError, NotFoundError

from agent.infra.persistence import Resources
from tests.support.api import ADA, BOB, changed, fingerprint, langgraph_url, message, sdk_clients

WHEN = message("When does rag-2 start?")
ANSWER = (
    "Retrieval-Augmented Generation (course rag) is intermediate, 6 weeks, €900. Cohorts: rag-1 starts "
    "2026-12-21 (1 of 1 seats free); rag-2 starts 2027-01-15 (25 of 25 seats free).\n\nSources: rag, rag-1, rag-2."
)
WEEKLY = "0 9 * * 1"
"""Mondays at 09:00."""
BERLIN = "Europe/Berlin"
FIRED_WITHIN_S = 30.0
"""The worker scans every 5 s; a run of the school graph without a model takes well under a second."""


@pytest.fixture
def clients(api: httpx.Client) -> Iterator[dict[str, SyncLangGraphClient]]:
    with sdk_clients(langgraph_url(api.base_url), "ada", "bob", "olga") as made:
        yield made


def next_monday_nine(zone: str, now: datetime) -> datetime:
    """The first Monday 09:00 in `zone` after `now`, in UTC (worked out by hand, not by croniter)."""
    local = now.astimezone(ZoneInfo(zone))
    for days in range(8):
        day = (local + timedelta(days=days)).date()
        at = datetime(day.year, day.month, day.day, 9, tzinfo=ZoneInfo(zone))
        if day.weekday() == 0 and at > local:
            return at.astimezone(UTC)
    raise AssertionError("no Monday within a week")


def make_due(resources: Resources, cron_id: str) -> None:
    """Move the cron's next tick to a second ago, as if its Monday had come."""
    with resources.pool.connection() as conn:
        conn.execute(
            "UPDATE crons SET next_run_at = now() - interval '1 second' WHERE cron_id = %s", (cron_id,)
        )


def runs_of_cron(resources: Resources, cron_id: str) -> list[dict[str, Any]]:
    """The runs the cron made, oldest first."""
    with resources.pool.connection() as conn:
        rows = conn.execute(
            "SELECT run_id::text AS run_id, thread_id, actor, status, multitask_strategy,"
            " kwargs->'temporary' AS temporary FROM api_runs WHERE metadata->>'cron_id' = %s ORDER BY created_at",
            (cron_id,),
        ).fetchall()
    return [dict(r) for r in rows]


def fired(resources: Resources, cron_id: str) -> dict[str, Any]:
    """The cron's one run, once it has ended."""
    deadline = time.monotonic() + FIRED_WITHIN_S
    while time.monotonic() < deadline:
        found = runs_of_cron(resources, cron_id)
        if found and found[-1]["status"] not in ("pending", "running"):
            [run] = found
            return run
        time.sleep(0.2)
    raise AssertionError(f"cron {cron_id} made no ended run within {FIRED_WITHIN_S} s")


def texts(values: dict[str, Any]) -> list[tuple[str, str]]:
    return [(m["type"], m["content"]) for m in values["messages"]]


def test_a_weekly_reminder_on_a_thread_fires_as_the_students_run_and_moves_to_next_monday(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    thread_id = ada.threads.create()["thread_id"]
    before = datetime.now(UTC)
    cron = ada.crons.create_for_thread(
        thread_id,
        "school",
        schedule=WEEKLY,
        timezone=BERLIN,
        input=WHEN,
        metadata={"reminder": "next cohort"},
    )
    assert set(cron) == {
        "cron_id",
        "assistant_id",
        "thread_id",
        "on_run_completed",
        "end_time",
        "schedule",
        "timezone",
        "created_at",
        "updated_at",
        "payload",
        "user_id",
        "next_run_date",
        "metadata",
        "enabled",
    }
    assert {
        k: cron[k] for k in ("assistant_id", "thread_id", "schedule", "timezone", "user_id", "enabled")
    } == {
        "assistant_id": "school",
        "thread_id": thread_id,
        "schedule": WEEKLY,
        "timezone": BERLIN,
        "user_id": "ada",
        "enabled": True,
    }
    assert (cron["end_time"], cron["on_run_completed"], cron["metadata"]) == (
        None,
        None,
        {"reminder": "next cohort"},
    )
    assert datetime.fromisoformat(cron["next_run_date"]) == next_monday_nine(BERLIN, before)
    assert cron["payload"]["input"] == WHEN

    make_due(resources, cron["cron_id"])
    run = fired(resources, cron["cron_id"])
    assert {k: run[k] for k in ("thread_id", "actor", "status", "multitask_strategy", "temporary")} == {
        "thread_id": thread_id,
        "actor": "ada",
        "status": "success",
        "multitask_strategy": "enqueue",
        "temporary": False,
    }
    assert texts(ada.threads.get_state(thread_id)["values"]) == [
        ("human", "When does rag-2 start?"),
        ("ai", ANSWER),
    ]
    [listed] = ada.runs.list(thread_id)
    assert (listed["run_id"], listed["metadata"]["cron_id"], listed["metadata"]["reminder"]) == (
        run["run_id"],
        cron["cron_id"],
        "next cohort",
    )
    [after] = ada.crons.search(thread_id=thread_id)
    assert datetime.fromisoformat(after["next_run_date"]) == next_monday_nine(BERLIN, datetime.now(UTC))
    with resources.pool.connection() as conn:
        turns = conn.execute(
            "SELECT kind, actor, status FROM turns WHERE thread_id = %s", (thread_id,)
        ).fetchall()
    assert [tuple(t.values()) for t in turns] == [("message", "ada", "completed")]


def test_a_stateless_cron_runs_on_a_new_thread_each_time_deleted_when_the_run_ends(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    cron = ada.crons.create("school", schedule="*/30 * * * *", input=WHEN)
    assert (cron["thread_id"], cron["on_run_completed"], cron["timezone"]) == (None, None, None)
    make_due(resources, cron["cron_id"])
    run = fired(resources, cron["cron_id"])
    assert (run["actor"], run["status"], run["temporary"]) == ("ada", "success", True)
    with pytest.raises(NotFoundError):
        ada.threads.get(run["thread_id"])
    kept = ada.crons.create("school", schedule="*/30 * * * *", input=WHEN, on_run_completed="keep")
    make_due(resources, kept["cron_id"])
    run = fired(resources, kept["cron_id"])
    thread = ada.threads.get(run["thread_id"])
    assert texts(thread["values"]) == [("human", "When does rag-2 start?"), ("ai", ANSWER)]


def test_search_count_get_patch_and_delete_each_student_seeing_their_own(
    clients: dict[str, SyncLangGraphClient], resources: Resources, api: httpx.Client
) -> None:
    ada, bob, olga = clients["ada"], clients["bob"], clients["olga"]
    thread_id = ada.threads.create()["thread_id"]
    weekly = ada.crons.create_for_thread(thread_id, "school", schedule=WEEKLY, input=WHEN)
    daily = ada.crons.create("school", schedule="0 8 * * *", input=WHEN, metadata={"kind": "daily"})
    # An operator schedules on ada's thread: its runs are sent as ada.
    olgas = olga.crons.create_for_thread(thread_id, "school", schedule="0 7 * * *", input=WHEN)
    assert (olgas["user_id"], olgas["thread_id"]) == ("olga", thread_id)

    def ids(found: list[dict[str, Any]]) -> list[str]:
        return [c["cron_id"] for c in found]

    assert ids(ada.crons.search(sort_by="created_at", sort_order="asc")) == [
        weekly["cron_id"],
        daily["cron_id"],
        olgas["cron_id"],
    ]
    assert ids(ada.crons.search(thread_id=thread_id, sort_order="asc")) == [
        weekly["cron_id"],
        olgas["cron_id"],
    ]
    assert ids(ada.crons.search(metadata={"kind": "daily"})) == [daily["cron_id"]]
    assert ada.crons.search(limit=1, offset=1, sort_order="asc", select=["cron_id", "schedule"]) == [
        {"cron_id": daily["cron_id"], "schedule": "0 8 * * *"}
    ]
    assert (
        ada.crons.count(),
        ada.crons.count(thread_id=thread_id),
        bob.crons.count(),
        olga.crons.count(),
    ) == (
        3,
        2,
        0,
        3,
    )
    assert bob.crons.search() == []
    assert api.get(f"/runs/crons/{weekly['cron_id']}", headers=ADA).json() == weekly
    assert api.get(f"/runs/crons/{weekly['cron_id']}", headers=BOB).status_code == 404

    paused = ada.crons.update(
        weekly["cron_id"], schedule="30 18 * * 5", timezone="America/New_York", enabled=False
    )
    assert (paused["schedule"], paused["timezone"], paused["enabled"], paused["payload"]["input"]) == (
        "30 18 * * 5",
        "America/New_York",
        False,
        WHEN,
    )
    friday = datetime.fromisoformat(paused["next_run_date"]).astimezone(ZoneInfo("America/New_York"))
    assert (friday.weekday(), friday.hour, friday.minute) == (4, 18, 30)
    make_due(resources, weekly["cron_id"])
    time.sleep(6)  # a scan passes: a disabled cron does not fire
    assert runs_of_cron(resources, weekly["cron_id"]) == []
    with pytest.raises(NotFoundError):
        bob.crons.update(weekly["cron_id"], enabled=True)
    with pytest.raises(NotFoundError):
        bob.crons.delete(weekly["cron_id"])
    ada.crons.delete(weekly["cron_id"])
    olga.crons.delete(daily["cron_id"])
    assert ids(ada.crons.search()) == [olgas["cron_id"]]
    with pytest.raises(NotFoundError):
        ada.crons.delete(weekly["cron_id"])


def refused(call: Any, status: int, fragment: str) -> None:
    with pytest.raises(APIStatusError) as caught:
        call()
    response = caught.value.response
    assert (response.status_code, fragment in response.json()["detail"]) == (status, True), response.text


def test_bad_crons_are_refused_in_the_platforms_shape_and_write_nothing(
    clients: dict[str, SyncLangGraphClient],
    resources: Resources,
    api: httpx.Client,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ada, bob, olga = clients["ada"], clients["bob"], clients["olga"]
    thread_id = ada.threads.create()["thread_id"]
    before = fingerprint(resources.pool)
    on_thread = ada.crons.create_for_thread
    refused(lambda: on_thread(thread_id, "school", schedule="61 * * * *", input=WHEN), 422, "five fields")
    refused(lambda: on_thread(thread_id, "school", schedule="0 9 * *", input=WHEN), 422, "five fields")
    refused(lambda: on_thread(thread_id, "school", schedule="* * * * * */5", input=WHEN), 422, "five fields")
    refused(
        lambda: on_thread(thread_id, "school", schedule=WEEKLY, timezone="Mars/Olympus", input=WHEN),
        422,
        "not an IANA timezone",
    )
    yesterday = datetime.now(UTC) - timedelta(days=1)
    refused(
        lambda: on_thread(thread_id, "school", schedule=WEEKLY, end_time=yesterday, input=WHEN),
        422,
        "in the past",
    )
    refused(
        lambda: bob.crons.create_for_thread(thread_id, "school", schedule=WEEKLY, input=WHEN),
        404,
        "not found",
    )
    refused(
        lambda: ada.crons.create_for_thread(str(uuid.uuid4()), "school", schedule=WEEKLY, input=WHEN),
        404,
        "not found",
    )
    refused(lambda: on_thread(thread_id, "school", schedule=WEEKLY), 422, "send either input")
    refused(
        lambda: on_thread(thread_id, "school", schedule=WEEKLY, input={"messages": []}), 422, "one message"
    )
    refused(
        lambda: on_thread(thread_id, "school", schedule=WEEKLY, input=WHEN, webhook="https://example.org"),
        422,
        "webhook is not supported on crons",
    )
    refused(lambda: on_thread(thread_id, "elsewhere", schedule=WEEKLY, input=WHEN), 404, "elsewhere")
    refused(lambda: olga.crons.create("school", schedule=WEEKLY, input=WHEN), 403, "only the student")
    keep = {"assistant_id": "school", "schedule": WEEKLY, "input": WHEN, "on_run_completed": "keep"}
    answer = api.post(f"/threads/{thread_id}/runs/crons", json=keep, headers=ADA)
    assert (answer.status_code, answer.json()) == (
        422,
        {"detail": "on_run_completed is for stateless crons (POST /runs/crons)"},
    )
    assert changed(before, fingerprint(resources.pool)) == {}

    monkeypatch.setenv("SCHOOL_MAX_CRONS_PER_STUDENT", "2")
    made = [on_thread(thread_id, "school", schedule=WEEKLY, input=WHEN) for _ in range(2)]
    full = fingerprint(resources.pool)
    refused(lambda: on_thread(thread_id, "school", schedule=WEEKLY, input=WHEN), 429, "2 crons")
    refused(lambda: ada.crons.create("school", schedule=WEEKLY, input=WHEN), 429, "2 crons")
    assert changed(full, fingerprint(resources.pool)) == {}
    olga.crons.create_for_thread(thread_id, "school", schedule=WEEKLY, input=WHEN)  # operators have no limit
    ada.crons.delete(made[0]["cron_id"])
    on_thread(thread_id, "school", schedule=WEEKLY, input=WHEN)
    assert ada.crons.count() == 3

    patch = ada.crons.update
    refused(lambda: patch(made[1]["cron_id"], schedule="every monday"), 422, "five fields")
    refused(lambda: patch(made[1]["cron_id"], timezone="Nowhere/Land"), 422, "IANA")
    refused(lambda: patch(made[1]["cron_id"], end_time=yesterday), 422, "in the past")
    [kept] = [c for c in ada.crons.search() if c["cron_id"] == made[1]["cron_id"]]
    assert (
        kept == {**made[1], "updated_at": kept["updated_at"]} and kept["updated_at"] == made[1]["updated_at"]
    )
