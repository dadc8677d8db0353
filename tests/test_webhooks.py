"""Webhooks: a run's end and a thread's wait for an operator, posted from the outbox, signed, once.

A receiver started here on loopback (allowed by the test settings: http and private hosts) records
every request. Each delivery is checked as a Standard Webhooks receiver would: the HMAC-SHA256 of
`id.timestamp.body` under the secret, computed here independently of the server's code. "Once"
is what a receiver can rely on: exactly one distinct `webhook-id` per event, the same on a retry.
The URL policy is checked alone (IP literals, no lookup leaves the machine) and at run creation,
where a refused URL is a 422 that writes nothing. The last test kills a real worker process
between a run's end and its delivery, and after the receiver took it but before it was marked.
"""

from __future__ import annotations

import base64
import dataclasses
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from langgraph_sdk import get_sync_client

from agent.config.settings import Settings, SettingsError
from agent.config.webhooks import WebhookConfig
from agent.infra.persistence import Resources, open_resources
from agent.interfaces.server.app import create_app
from agent.interfaces.server.auth import parse_keys
from agent.interfaces.server.backend import Backend
from agent.journal import webhooks
from agent.journal.webhooks import WebhookUrlError, check_url
from agent.worker.deliveries import signature
from tests.support.api import ADA, API_KEYS, APPROVE, OLGA, changed, fingerprint, message
from tests.support.approvals import paid
from tests.support.school import TODAY
from tests.support.servers import school_process
from tests.support.webhooks import KEY, SECRET, Receiver, receiving, verified

LOOPBACK_ALLOWED = WebhookConfig(secret=KEY, allow_http=True, allow_private=True)
STRICT = WebhookConfig(secret=KEY)
WHEN = message("When does rag-2 start?")
RUN_KEYS = {
    "run_id",
    "thread_id",
    "assistant_id",
    "created_at",
    "updated_at",
    "status",
    "metadata",
    "kwargs",
    "multitask_strategy",
    "langsmith_session_name",
    "run_started_at",
    "run_ended_at",
    "values",
    "webhook_sent_at",
}
"""What langgraph-api 0.16.7 posts when a run ends (`langgraph_api.webhook.call_webhook`)."""


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with receiving() as found:
        yield found


@pytest.fixture
def settings(database_url: str, tmp_path: Path, receiver: Receiver) -> Settings:
    """The test settings, with webhooks on: signed, the school's own to `/school` of the receiver."""
    hooks = dataclasses.replace(LOOPBACK_ALLOWED, school_url=f"{receiver.url}/school")
    return Settings(
        database_url=database_url,
        data_dir=tmp_path / "data",
        today=TODAY,
        pool_max_size=8,
        rate_limit_per_minute=0,
        webhooks=hooks,
    )


def settle(check: Any, timeout_s: float = 30, what: str = "") -> Any:
    deadline = time.monotonic() + timeout_s
    while not (found := check()):
        assert time.monotonic() < deadline, f"not within {timeout_s} s: {what}"
        time.sleep(0.1)
    return found


def deliveries(client: httpx.Client, **params: Any) -> list[dict[str, Any]]:
    answer = client.get("/school/webhooks/deliveries", params=params, headers=OLGA)
    assert answer.status_code == 200, answer.text
    found: list[dict[str, Any]] = answer.json()
    return found


def settled(client: httpx.Client, count: int) -> list[dict[str, Any]]:
    """The deliveries, once `count` exist and none is pending."""

    def done() -> list[dict[str, Any]] | None:
        found = deliveries(client)
        return found if len(found) == count and all(d["status"] != "pending" for d in found) else None

    return settle(done, what=f"{count} deliveries settled")


def test_a_runs_end_and_a_wait_for_an_operator_are_delivered_once_and_signed(
    api: httpx.Client, receiver: Receiver, resources: Resources
) -> None:
    paid(resources.school)
    api.post("/threads", json={"thread_id": "t1"}, headers=ADA)
    asked = api.post(
        "/threads/t1/runs/wait",
        json={"assistant_id": "school", "input": message("Please cancel my enrollment in rag-2")},
        headers=ADA,
    )
    assert asked.status_code == 200  # waits for ada's own yes: no operator yet
    hook = f"{receiver.url}/run"
    created = api.post(
        "/threads/t1/runs", json={"assistant_id": "school", "command": APPROVE, "webhook": hook}, headers=ADA
    ).json()
    assert created["kwargs"]["webhook"] == hook
    rows = settled(api, 5)

    school, own = receiver.at("/school"), receiver.at("/run")
    assert len(school) == 3 and len(own) == 2
    bodies = {r.headers["webhook-id"]: (r.path, verified(r)) for r in [*school, *own]}
    assert len(bodies) == 5  # one distinct id per event and URL, each posted once
    assert {d["id"] for d in rows} == set(bodies)
    assert all((d["status"], d["attempts"], d["last_status"]) == ("delivered", 1, 204) for d in rows)
    first_run = asked.headers["content-location"].rsplit("/", 1)[1]
    events = sorted(
        (path, body.get("event", "run.ended"), body["run_id"], body.get("status"))
        for path, body in bodies.values()
    )
    assert events == sorted(
        [
            ("/school", "run.ended", first_run, "success"),
            ("/school", "run.ended", created["run_id"], "success"),
            ("/school", "thread.awaiting_operator", created["run_id"], None),
            ("/run", "run.ended", created["run_id"], "success"),
            ("/run", "thread.awaiting_operator", created["run_id"], None),
        ]
    )
    [ended] = [b for p, b in bodies.values() if p == "/run" and "event" not in b]
    assert set(ended) == RUN_KEYS
    assert (ended["thread_id"], ended["kwargs"]["webhook"]) == ("t1", hook)
    assert ended["values"]["messages"][-1]["type"] == "ai"
    [waiting] = [b for p, b in bodies.values() if p == "/run" and "event" in b]
    [interrupt] = waiting["interrupts"]
    assert {k: v for k, v in waiting.items() if k not in ("at", "interrupts")} == {
        "event": "thread.awaiting_operator",
        "thread_id": "t1",
        "run_id": created["run_id"],
        "assistant_id": created["assistant_id"],
        "awaiting": "operator",
    }
    assert interrupt["value"]["approver"] == "operator"
    assert interrupt["value"]["action_requests"][0]["name"] == "cancel"

    # The listing filters, and is the operators' only.
    assert {d["id"] for d in deliveries(api, run_id=created["run_id"])} == {
        d["id"] for d in rows if d["run_id"] == created["run_id"]
    }
    assert len(deliveries(api, status="delivered", thread_id="t1")) == 5
    assert deliveries(api, status="pending") == []
    refused = api.get("/school/webhooks/deliveries", headers=ADA)
    assert (refused.status_code, refused.json()) == (
        403,
        {"detail": "only operators see the webhook deliveries"},
    )


def test_a_failing_receiver_is_retried_with_backoff_then_delivered_under_one_id(
    api: httpx.Client, receiver: Receiver
) -> None:
    receiver.failing["/run"] = 2
    api.post("/threads", json={"thread_id": "t1"}, headers=ADA)
    started = time.monotonic()
    run = api.post(
        "/threads/t1/runs/wait",
        json={"assistant_id": "school", "input": WHEN, "webhook": f"{receiver.url}/run"},
        headers=ADA,
    )
    assert run.status_code == 200
    rows = settled(api, 2)
    own = receiver.at("/run")
    [row] = [d for d in rows if d["target"] == "run"]
    assert [r.headers["webhook-id"] for r in own] == [row["id"]] * 3
    assert [verified(r)["run_id"] for r in own] == [row["run_id"]] * 3
    assert (row["status"], row["attempts"], row["last_status"], row["last_error"]) == (
        "delivered",
        3,
        204,
        None,
    )
    assert time.monotonic() - started >= 3  # waited 1 s, then 2 s
    stamps = [int(r.headers["webhook-timestamp"]) for r in own]
    assert stamps == sorted(stamps) and stamps[2] - stamps[0] >= 2


def test_the_url_policy_refuses_what_it_must(monkeypatch: pytest.MonkeyPatch) -> None:
    refused = {
        "http://93.184.216.34/hook": "must use https",
        "https://127.0.0.1/hook": "loopback, private or reserved",
        "https://[::1]/hook": "loopback, private or reserved",
        "https://[::ffff:127.0.0.1]/hook": "loopback, private or reserved",
        "https://10.1.2.3/hook": "loopback, private or reserved",
        "https://192.168.0.7/hook": "loopback, private or reserved",
        "https://169.254.169.254/latest/meta-data": "loopback, private or reserved",
        "https://100.64.0.1/hook": "loopback, private or reserved",
        "https://0.0.0.0/hook": "loopback, private or reserved",
        "https://user:pw@93.184.216.34/hook": "no user or password",
        "/threads": "not an absolute http(s) URL",
        "ftp://93.184.216.34/hook": "not an absolute http(s) URL",
        "https://93.184.216.34:99999/hook": "is not a URL",
        "https://93.184.216.34/" + "a" * 2048: "at most 2048 characters",
    }
    for url, reason in refused.items():
        with pytest.raises(WebhookUrlError, match=re.escape(reason)):
            check_url(url, STRICT)
    check_url("https://93.184.216.34/hook", STRICT)
    check_url("http://127.0.0.1:8080/hook", LOOPBACK_ALLOWED)
    # A name is judged by every address it resolves to.
    monkeypatch.setattr(
        webhooks.socket,
        "getaddrinfo",
        lambda *_a, **_k: [(2, 1, 6, "", ("93.184.216.34", 443)), (2, 1, 6, "", ("10.0.0.5", 443))],
    )
    with pytest.raises(WebhookUrlError, match=r"'hooks\.example' is at 10\.0\.0\.5"):
        check_url("https://hooks.example/in", STRICT)


def test_the_webhook_settings_are_read_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCHOOL_WEBHOOK_SECRET", SECRET)
    monkeypatch.setenv("SCHOOL_WEBHOOK_URL", "https://hooks.school.example/in")
    monkeypatch.setenv("SCHOOL_WEBHOOK_ALLOW_PRIVATE", "1")
    assert Settings.from_env().webhooks == WebhookConfig(
        school_url="https://hooks.school.example/in", secret=KEY, allow_private=True
    )
    shape = "SCHOOL_WEBHOOK_SECRET is a Standard Webhooks secret"
    bad = {
        ("SCHOOL_WEBHOOK_SECRET", base64.b64encode(KEY).decode()): shape,  # no whsec_ prefix
        ("SCHOOL_WEBHOOK_SECRET", "whsec_not base64!"): shape,
        ("SCHOOL_WEBHOOK_SECRET", "whsec_" + base64.b64encode(b"short").decode()): shape,
        (
            "SCHOOL_WEBHOOK_URL",
            "hooks.school.example",
        ): "SCHOOL_WEBHOOK_URL: 'hooks.school.example' is not an absolute",
        ("SCHOOL_WEBHOOK_ALLOW_HTTP", "yes"): "SCHOOL_WEBHOOK_ALLOW_HTTP is 1 (on) or 0 (off), got 'yes'",
    }
    for (name, value), said in bad.items():
        with monkeypatch.context() as patched:
            patched.setenv(name, value)
            with pytest.raises(SettingsError, match=re.escape(said)):
                Settings.from_env()
    monkeypatch.delenv("SCHOOL_WEBHOOK_SECRET")
    with pytest.raises(SettingsError, match="SCHOOL_WEBHOOK_URL needs SCHOOL_WEBHOOK_SECRET"):
        Settings.from_env()


def test_signatures_match_the_standard_webhooks_example() -> None:
    """The example of the Standard Webhooks specification, signed by the server's own function."""
    key = base64.b64decode("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
    found = signature(key, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, b'{"test": 2432232314}')
    assert found == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="


def test_a_refused_webhook_url_is_422_and_writes_nothing(
    resources: Resources, graph: Any, settings: Settings
) -> None:
    strict = dataclasses.replace(resources, settings=dataclasses.replace(settings, webhooks=STRICT))
    off = dataclasses.replace(resources, settings=dataclasses.replace(settings, webhooks=WebhookConfig()))
    run = {"assistant_id": "school", "input": WHEN}
    answers = []
    for backend in (Backend(strict, graph, parse_keys(API_KEYS)), Backend(off, graph, parse_keys(API_KEYS))):
        with TestClient(create_app(backend)) as client:
            assert client.post("/threads", json={"thread_id": "t1"}, headers=ADA).status_code in (200, 409)
            before = fingerprint(resources.pool)
            for path in ("/threads/t1/runs", "/threads/t1/runs/wait", "/runs", "/runs/wait", "/runs/stream"):
                for hook in ("https://127.0.0.1/hook", "http://93.184.216.34/hook"):
                    found = client.post(path, json={**run, "webhook": hook}, headers=ADA)
                    answers.append((found.status_code, found.json()["detail"]))
            batch = client.post(
                "/runs/batch", json=[run, {**run, "webhook": "https://10.0.0.1/"}], headers=ADA
            )
            answers.append((batch.status_code, batch.json()["detail"]))
            assert changed(before, fingerprint(resources.pool)) == {}
        backend.wake.close()
    loopback = "webhook refused: the webhook host '127.0.0.1' is at 127.0.0.1, a loopback, private or reserved address"
    http = "webhook refused: a webhook URL must use https"
    off_detail = "webhooks are off on this server: it has no SCHOOL_WEBHOOK_SECRET to sign them"
    assert answers == [
        *[(422, loopback), (422, http)] * 5,
        (
            422,
            "webhook refused: the webhook host '10.0.0.1' is at 10.0.0.1, a loopback, private or reserved address",
        ),
        *[(422, off_detail)] * 11,
    ]


@pytest.mark.parametrize("point", ["webhooks.after_run_end", "webhooks.after_post"])
def test_a_webhook_is_delivered_once_after_its_worker_dies(
    database_url: str, tmp_path: Path, receiver: Receiver, point: str
) -> None:
    """Killed after the run's end is committed (nothing queued), or after the receiver took it (not marked)."""
    hooks = {
        "SCHOOL_WEBHOOK_SECRET": SECRET,
        "SCHOOL_WEBHOOK_ALLOW_HTTP": "1",
        "SCHOOL_WEBHOOK_ALLOW_PRIVATE": "1",
        "SCHOOL_STALLED_AFTER_S": "2",
    }
    hook = f"{receiver.url}/run"
    with school_process(
        "serve", database_url, tmp_path / "api", tmp_path / "api.log", args=["--workers", "0"], env=hooks
    ) as (url, _api):
        ada = get_sync_client(url=url, api_key="key-ada-1234")
        thread_id = ada.threads.create()["thread_id"]
        with school_process(
            "worker",
            database_url,
            tmp_path / "w1",
            tmp_path / "w1.log",
            env={**hooks, "SCHOOL_FAULT_POINT": point},
        ) as (_, dying):
            run = ada.runs.create(thread_id, "school", input=WHEN, webhook=hook)
            dying.wait(timeout=60)
            assert dying.returncode == -signal.SIGKILL
        assert ada.runs.get(thread_id, run["run_id"])["status"] == "success"
        assert len(receiver.at("/run")) == (1 if point == "webhooks.after_post" else 0)
        with school_process("worker", database_url, tmp_path / "w2", tmp_path / "w2.log", env=hooks):
            settings = Settings(database_url=database_url, data_dir=tmp_path / "data", today=TODAY)
            with open_resources(settings, setup=False) as res:
                row = settle(
                    lambda: next(
                        (
                            d
                            for d in webhooks.listing(
                                res.pool,
                                status="delivered",
                                thread_id=thread_id,
                                run_id=None,
                                limit=10,
                                offset=0,
                            )
                        ),
                        None,
                    ),
                    timeout_s=60,
                    what="the delivery marked delivered by the second worker",
                )
                every = webhooks.listing(
                    res.pool, status=None, thread_id=None, run_id=None, limit=10, offset=0
                )
        ada.close()
    got = receiver.at("/run")
    assert {r.headers["webhook-id"] for r in got} == {
        row["id"]
    }  # one distinct id: the receiver dedupes on it
    assert len(got) == (2 if point == "webhooks.after_post" else 1)
    assert all(verified(r)["run_id"] == run["run_id"] for r in got)
    assert [(d["id"], d["status"], d["attempts"]) for d in every] == [
        (row["id"], "delivered", 2 if point == "webhooks.after_post" else 1)
    ]
