"""Stateless runs (`/runs`, `/runs/wait`, `/runs/stream`, `/runs/batch`) driven by the official
`langgraph_sdk` over loopback HTTP on real Postgres: a catalog question answered on a temporary
thread that is deleted (`on_completion="delete"`, the default) or kept (`"keep"`), a request that
waits for an approval, and the refusals, each leaving nothing written.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from langgraph_sdk.client import SyncLangGraphClient
from langgraph_sdk.errors import NotFoundError

from agent.infra.persistence import Resources
from tests.support.api import APPROVE, ASK, changed, fingerprint, langgraph_url, message, sdk_clients

WHEN = message("When does rag-2 start?")
ANSWER = (
    "Retrieval-Augmented Generation (course rag) is intermediate, 6 weeks, €900. Cohorts: rag-1 starts "
    "2026-12-21 (1 of 1 seats free); rag-2 starts 2027-01-15 (25 of 25 seats free).\n\nSources: rag, rag-1, rag-2."
)


@pytest.fixture
def clients(api: httpx.Client) -> Iterator[dict[str, SyncLangGraphClient]]:
    with sdk_clients(langgraph_url(api.base_url), "ada", "bob", "olga") as made:
        yield made


def runs_of(resources: Resources, actor: str = "ada") -> list[dict[str, Any]]:
    """The recorded runs of `actor`, oldest first: thread, status, what `kwargs` says of the thread."""
    with resources.pool.connection() as conn:
        rows = conn.execute(
            "SELECT run_id::text AS run_id, thread_id, status, kwargs->'temporary' AS temporary"
            " FROM api_runs WHERE actor = %s ORDER BY created_at",
            (actor,),
        ).fetchall()
    return [dict(r) for r in rows]


def thread_rows(resources: Resources, thread_id: str) -> dict[str, int]:
    """How many rows the thread has in each table that makes it a thread."""
    with resources.pool.connection() as conn:
        return {
            table: conn.execute(
                f"SELECT count(*) AS n FROM {table} WHERE thread_id = %s", (thread_id,)
            ).fetchone()["n"]
            for table in ("thread_records", "thread_owners", "checkpoints")
        }


GONE = {"thread_records": 0, "thread_owners": 0, "checkpoints": 0}


def texts(values: dict[str, Any]) -> list[tuple[str, str]]:
    return [(m["type"], m["content"]) for m in values["messages"]]


def ended(resources: Resources, run_id: str, timeout: float = 30) -> str:
    """The run's status once it has ended."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with resources.pool.connection() as conn:
            status = conn.execute("SELECT status FROM api_runs WHERE run_id = %s", (run_id,)).fetchone()[
                "status"
            ]
        if status not in ("pending", "running"):
            return str(status)
        time.sleep(0.05)
    raise AssertionError(f"run {run_id} did not end in {timeout} s")


def test_a_catalog_question_is_answered_on_a_thread_deleted_when_the_run_ends(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    values = ada.runs.wait(None, "school", input=WHEN)
    assert texts(values) == [("human", "When does rag-2 start?"), ("ai", ANSWER)]
    [run] = runs_of(resources)
    assert (run["status"], run["temporary"]) == ("success", True)
    assert thread_rows(resources, run["thread_id"]) == GONE
    with pytest.raises(NotFoundError):
        ada.threads.get(run["thread_id"])
    # The journal keeps what happened, as it does for a deleted thread.
    with resources.pool.connection() as conn:
        turns = conn.execute(
            "SELECT kind, actor, status FROM turns WHERE thread_id = %s", (run["thread_id"],)
        )
        assert [tuple(t.values()) for t in turns] == [("message", "ada", "completed")]


def test_on_completion_keep_leaves_a_thread_of_the_caller_to_go_on_with(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada, bob = clients["ada"], clients["bob"]
    values = ada.runs.wait(None, "school", input=WHEN, on_completion="keep")
    [run] = runs_of(resources)
    assert run["temporary"] is False
    thread = ada.threads.get(run["thread_id"])
    assert (thread["status"], texts(thread["values"])) == ("idle", texts(values))
    assert thread["metadata"] == {"graph_id": "school", "assistant_id": thread["metadata"]["assistant_id"]}
    with pytest.raises(NotFoundError):
        bob.threads.get(run["thread_id"])  # the caller's own thread
    again = ada.runs.wait(run["thread_id"], "school", input=message("How much is rag-2?"))
    assert [t for t, _ in texts(again)] == ["human", "ai", "human", "ai"]


def test_a_stateless_stream_relays_the_run_and_deletes_its_thread(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    created: list[Any] = []
    parts = list(
        ada.runs.stream(None, "school", input=WHEN, stream_mode="values", on_run_created=created.append)
    )
    [run] = runs_of(resources)
    assert [(c["run_id"], c["thread_id"]) for c in created] == [
        (run["run_id"], None)
    ]  # the platform's Content-Location
    assert [p.event for p in parts] == ["metadata", "values", "values", "values"]
    assert parts[0].data == {"run_id": run["run_id"], "attempt": 1}
    assert texts(parts[-1].data) == [("human", "When does rag-2 start?"), ("ai", ANSWER)]
    assert thread_rows(resources, run["thread_id"]) == GONE


def test_a_background_run_and_a_batch_end_as_on_completion_says(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    made = ada.runs.create(None, "school", input=WHEN)
    assert (made["status"], made["kwargs"]["temporary"]) == ("pending", True)
    assert ended(resources, made["run_id"]) == "success"
    assert thread_rows(resources, made["thread_id"]) == GONE
    batch = ada.runs.create_batch(
        [
            {"assistant_id": "school", "input": WHEN},
            {"assistant_id": "school", "input": message("How much is rag-2?"), "on_completion": "keep"},
        ]
    )
    assert [(r["status"], r["kwargs"]["temporary"]) for r in batch] == [("pending", True), ("pending", False)]
    assert len({r["thread_id"] for r in batch}) == 2
    assert [ended(resources, r["run_id"]) for r in batch] == ["success", "success"]
    deleted, kept = batch
    assert thread_rows(resources, deleted["thread_id"]) == GONE
    values = ada.threads.get_state(kept["thread_id"])["values"]
    assert texts(values)[0] == ("human", "How much is rag-2?") and len(texts(values)) == 2


def test_a_request_that_waits_for_approval_goes_with_its_thread_or_waits_on_the_kept_one(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    paused = ada.runs.wait(None, "school", input=ASK)
    [interrupt] = paused["__interrupt__"]
    assert interrupt["value"]["action_requests"][0]["args"] == {"cohort_id": "rag-2", "student_id": "ada"}
    [dropped] = runs_of(resources)
    assert thread_rows(resources, dropped["thread_id"]) == GONE
    assert resources.school.enrollments() == []  # nothing executed: an approval is the only way
    ada.runs.wait(None, "school", input=ASK, on_completion="keep")
    kept = runs_of(resources)[-1]["thread_id"]
    assert ada.threads.get(kept)["status"] == "interrupted"
    done = ada.runs.wait(kept, "school", command=APPROVE)
    assert done["messages"][-1]["content"].startswith("Done: you are enrolled in rag-2")
    assert [(e["student_id"], e["cohort_id"]) for e in resources.school.enrollments()] == [("ada", "rag-2")]


def test_bad_stateless_requests_are_refused_and_write_nothing(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada, olga = clients["ada"], clients["olga"]
    before = fingerprint(resources.pool)
    cases: list[tuple[Any, int, str]] = [
        (lambda: ada.runs.wait(None, "nope", input=WHEN), 404, "Assistant 'nope' not found"),
        (
            lambda: ada.runs.wait(None, "school", input=WHEN, on_completion="later"),  # type: ignore[arg-type]
            422,
            "on_completion",
        ),
        (lambda: ada.runs.wait(None, "school", command=APPROVE), 400, "provide a thread_id"),
        (lambda: ada.runs.stream(None, "school", command=APPROVE).__next__(), 400, "provide a thread_id"),
        (lambda: ada.runs.create(None, "school", input=WHEN, checkpoint_id="x"), 422, "no past"),
        (lambda: ada.runs.create(None, "school", input=message("")), 422, "empty"),
        (lambda: olga.runs.wait(None, "school", input=WHEN), 403, "only the student"),
        (
            lambda: ada.runs.create_batch(
                [{"assistant_id": "school", "input": WHEN}, {"assistant_id": "nope", "input": WHEN}]
            ),
            404,
            "Assistant 'nope' not found",
        ),
        (lambda: ada.runs.create_batch([]), 422, "a batch holds 1 to 100 runs"),
    ]
    for call, status, fragment in cases:
        with pytest.raises(httpx.HTTPStatusError) as caught:  # the SDK's own errors are subclasses
            call()
        assert (caught.value.response.status_code, fragment in caught.value.response.text) == (
            status,
            True,
        ), caught.value.response.text
    assert changed(before, fingerprint(resources.pool)) == {}
