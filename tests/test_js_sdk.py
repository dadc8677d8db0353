"""The JS `@langchain/langgraph-sdk` Client under node against a real `school-agent serve`.

A client nobody here wrote, pinned in tests/browser/package-lock.json: `tests/browser/sdk_client.mjs`
creates a thread as a student, streams a run in values, messages-tuple and updates modes to the
approval's interrupt (the student's own confirmation, as the school's policy has it), reads the
thread interrupted, has an operator's resume refused as out of policy, resumes it as the student in
a background run that it joins, reads the student enrolled, replays the thread's stream
(`threads.joinStream`) from its start to the end of its second run, and asks a question in a
stateless run (`runs.wait(null, ...)`), which is answered and leaves no thread, and schedules a
weekly reminder on the thread (`crons.createForThread`), finds, pauses and deletes it. The script holds
the expectations and, on failure, prints every request it made with the server's answer.

With `SDK_CASES=platform` the script drives the store, thread TTLs, `threads.prune` and a run's
`webhook` with the JS SDK's own methods and prints what each call returned; the second test asserts
those results exactly, then what Postgres holds (the store's rows, the TTLs, the journal's prune
audit) and what a receiver started here on loopback got: one POST, signed (Standard Webhooks,
checked here with hmac). The server allows http and private hosts for it, as the webhook tests do.
`make browser` installs the node modules.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import psycopg
from psycopg.rows import dict_row

from tests.support import node
from tests.support.api import langgraph_url
from tests.support.servers import api_server
from tests.support.webhooks import SECRET, Received, receiving, verified

WEBHOOKS = {
    "SCHOOL_WEBHOOK_SECRET": SECRET,
    "SCHOOL_WEBHOOK_ALLOW_HTTP": "1",
    "SCHOOL_WEBHOOK_ALLOW_PRIVATE": "1",
}
"""Webhooks on, signed with KEY, to a receiver on loopback."""
TIMES = {"created_at", "updated_at", "createdAt", "updatedAt"}
"""An item's times, as the server gives them and as the JS SDK adds them."""


def test_the_js_client_streams_to_the_approval_and_joins_the_students_resume(
    database_url: str, tmp_path: Path
) -> None:
    node.require(packages=("@langchain/langgraph-sdk",))
    log = tmp_path / "serve.log"
    with api_server(database_url, tmp_path / "data", log) as url:
        result = node.run_script("sdk_client.mjs", {"BASE_URL": url})
    node.assert_passed(result, log)


def script_results(stdout: str) -> Any:
    """What the script printed on its `results: ` line."""
    [line] = [line for line in stdout.splitlines() if line.startswith("results: ")]
    return json.loads(line.removeprefix("results: "))


def delivered(api_url: str) -> list[dict[str, Any]]:
    """The webhook outbox, as an operator lists it, once nothing in it is pending."""
    deadline = time.monotonic() + 30
    while True:
        found = httpx.get(f"{api_url}/school/webhooks/deliveries", headers={"x-api-key": "key-olga-1234"})
        assert found.status_code == 200, found.text
        rows: list[dict[str, Any]] = found.json()
        if rows and all(row["status"] != "pending" for row in rows):
            return rows
        assert time.monotonic() < deadline, f"the webhook was not delivered within 30 s: {rows}"
        time.sleep(0.2)


def test_the_js_client_drives_the_store_thread_ttls_prune_and_a_webhook(
    database_url: str, tmp_path: Path
) -> None:
    node.require(packages=("@langchain/langgraph-sdk",))
    log = tmp_path / "serve.log"
    with receiving() as receiver, api_server(database_url, tmp_path / "data", log, env=WEBHOOKS) as url:
        receiver_url = receiver.url
        result = node.run_script(
            "sdk_client.mjs", {"BASE_URL": url, "SDK_CASES": "platform", "WEBHOOK_URL": receiver_url}
        )
        node.assert_passed(result, log)
        rows = delivered(langgraph_url(url))
    results = script_results(result.stdout)
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row) as conn:
        assert_the_store(results["store"], conn)
        assert_thread_ttls_and_prune(results["threads"], conn)
    assert_one_signed_delivery(results["webhook"], rows, receiver.got, f"{receiver_url}/run")


def assert_the_store(store: dict[str, Any], conn: psycopg.Connection[dict[str, Any]]) -> None:
    """Ada's memories put, read, searched, listed and deleted; a write into bob's refused."""
    got = store["got"]
    assert {k: v for k, v in got.items() if k not in TIMES} == {
        "namespace": ["memories", "ada"],
        "key": "budget",
        "value": {"fact": "My budget is 1000 euros"},
    }
    assert set(got) - {"namespace", "key", "value"} == TIMES
    assert got["createdAt"] == got["created_at"]
    [goal] = store["filtered"]["items"]
    assert {k: v for k, v in goal.items() if k not in TIMES} == {
        "namespace": ["memories", "ada"],
        "key": "goal",
        "value": {"fact": "I want to learn RAG"},
        "score": None,
    }
    assert {k: v for k, v in store.items() if k not in ("got", "filtered")} == {
        "putWithTtl": None,
        "put": None,
        "namespaces": {"namespaces": [["memories", "ada"]]},
        "operatorNamespaces": {"namespaces": [["memories", "ada"]]},
        "othersNamespace": {
            "refused": {
                "status": 403,
                "detail": "a student reads and writes only their own namespace ['memories', 'ada'], "
                "not ['memories', 'bob']",
            }
        },
        "deleted": None,
        "gotDeleted": None,
    }
    [row] = conn.execute("SELECT prefix, key, value, ttl_minutes, expires_at FROM store").fetchall()
    expires = row.pop("expires_at")
    assert row == {
        "prefix": "memories.ada",
        "key": "budget",
        "value": {"fact": "My budget is 1000 euros"},
        "ttl_minutes": 90,
    }
    assert timedelta(minutes=89) < expires - datetime.now(UTC) <= timedelta(minutes=90)


def assert_thread_ttls_and_prune(threads: dict[str, Any], conn: psycopg.Connection[dict[str, Any]]) -> None:
    """The TTL kept as updated, a zero one refused; keep_latest and delete pruned and audited; a paused thread kept."""
    keep = threads["keepLatest"]
    assert {k: v for k, v in threads.items() if k != "keepLatest"} == {
        "created": {"thread_id": "js-ttl", "status": "idle"},
        "updated": {"thread_id": "js-ttl", "metadata": {"term": "spring"}},
        "zeroTtl": {
            "refused": {
                "status": 422,
                "detail": "ttl.ttl: Input should be greater than 0",
            }
        },
        "waiting": {
            "interrupted": True,
            "prune": {
                "refused": {
                    "status": 409,
                    "detail": "these threads wait for an approval and are pruned only when asked "
                    "explicitly (POST /threads/prune?include_interrupted=true): js-waiting",
                }
            },
            "status": "interrupted",
        },
        "delete": {
            "pruned": {"pruned_count": 1},
            "get": {"refused": {"status": 404, "detail": "Thread with ID js-done not found"}},
        },
    }
    assert keep["checkpointsBefore"] > 2
    assert keep == {
        "checkpointsBefore": keep["checkpointsBefore"],
        "pruned": {"pruned_count": 1},
        "checkpointsAfter": [keep["latest"]],
        "latest": keep["latest"],
        "sameValues": True,
        "parent": None,
    }
    ttls = conn.execute("SELECT thread_id, strategy, ttl_minutes, expires_at FROM thread_ttls").fetchall()
    assert [(t["thread_id"], t["strategy"], t["ttl_minutes"]) for t in ttls] == [
        ("js-ttl", "keep_latest", 60)
    ]
    assert timedelta(minutes=59) < ttls[0]["expires_at"] - datetime.now(UTC) <= timedelta(minutes=60)
    assert conn.execute("SELECT thread_id FROM thread_records ORDER BY thread_id").fetchall() == [
        {"thread_id": t} for t in ("js-hooked", "js-long", "js-ttl", "js-waiting")
    ]
    counts = conn.execute(
        "SELECT thread_id, count(*) AS n FROM checkpoints WHERE thread_id IN ('js-long', 'js-done')"
        " GROUP BY thread_id"
    ).fetchall()
    assert counts == [{"thread_id": "js-long", "n": 1}]
    audit = conn.execute(
        "SELECT thread_id, payload FROM journal_events WHERE kind = 'checkpoints_pruned'"
        " AND thread_id <> '_system' ORDER BY id"  # the nightly scheduled prune's row may land too
    ).fetchall()
    assert [
        (a["thread_id"], {k: a["payload"][k] for k in ("strategy", "by", "was_waiting")}) for a in audit
    ] == [
        ("js-long", {"strategy": "keep_latest", "by": "ada", "was_waiting": False}),
        ("js-done", {"strategy": "delete", "by": "ada", "was_waiting": False}),
    ]
    assert audit[0]["payload"]["checkpoints"] == keep["checkpointsBefore"] - 1


def assert_one_signed_delivery(
    webhook: dict[str, Any],
    rows: list[dict[str, Any]],
    got: list[Received],
    hook: str,
) -> None:
    """The run's end posted once to its webhook, signed; a refused URL started no run."""
    run_id = webhook["run_id"]
    assert webhook == {
        "run_id": run_id,
        "webhook": hook,
        "answer": webhook["answer"],
        "refused": {
            "refused": {
                "status": 422,
                "detail": "webhook refused: 'ftp://127.0.0.1/hook' is not an absolute http(s) URL",
            }
        },
        "runs": [[run_id, "success"]],
    }
    assert "rag-2 starts 2027-01-15" in webhook["answer"]
    [post] = got
    [row] = rows
    assert (post.path, post.headers["webhook-id"]) == ("/run", row["id"])
    assert (row["status"], row["attempts"], row["last_status"], row["run_id"]) == (
        "delivered",
        1,
        204,
        run_id,
    )
    posted = verified(post)
    assert (posted["run_id"], posted["thread_id"], posted["status"], posted["kwargs"]["webhook"]) == (
        run_id,
        "js-hooked",
        "success",
        hook,
    )
    assert posted["values"]["messages"][-1]["content"] == webhook["answer"]
