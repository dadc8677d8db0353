"""LangSmith Studio against `serve`: `SCHOOL_STUDIO_OPERATOR` and CORS, at the root and on `/langgraph`.

Studio sends `x-auth-scheme: langsmith` and the user's LangSmith login, never one of our keys. With
`SCHOOL_STUDIO_OPERATOR=<operator>` such a request from a loopback peer (that named a loopback host)
is that operator's; from any other peer, or with the setting unset, it is a 401. A setting that
names no operator refuses the start. The API answers the browsers of Studio's origins (and of
`SCHOOL_CORS_ORIGINS`) with CORS headers, preflights without a key, at the root as under the alias.

The peer is what decides, so the refusals are asked of the app in process with httpx's ASGI
transport, which sets the peer address; the rest of a real `serve` over loopback.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from agent.config import env
from agent.config.settings import Settings, SettingsError
from agent.interfaces.server.app import create_app
from agent.interfaces.server.auth import Principal, parse_keys, studio_principal
from agent.interfaces.server.backend import Backend
from tests.support.api import ADA, API_KEYS
from tests.support.school import ROOT
from tests.support.servers import SERVE_API_KEYS, api_server, read_log

STUDIO = {
    "x-auth-scheme": "langsmith",
    "x-api-key": "lsv2_pt_a-langsmith-key-not-ours",
    "x-tenant-id": "5f1b3c9e-0000-4000-8000-000000000000",
    "Authorization": "Bearer a-langsmith-token-not-ours",
}
"""What Studio's browser sends: its scheme and the user's LangSmith login, none of it our key."""
ADA_KEY = {"x-api-key": "key-ada-1234"}
NO_KEY = "send a valid API key as 'x-api-key: <key>' or 'Authorization: Bearer <key>'"
STUDIO_ORIGIN = "https://smith.langchain.com"
REQUESTED_HEADERS = "content-type,x-api-key,authorization,x-auth-scheme,x-tenant-id,last-event-id"


def preflight(origin: str, method: str = "POST") -> dict[str, str]:
    """The headers of a browser's CORS preflight from `origin`, Chrome's private-network ask included."""
    return {
        "Origin": origin,
        "Access-Control-Request-Method": method,
        "Access-Control-Request-Headers": REQUESTED_HEADERS,
        "Access-Control-Request-Private-Network": "true",
    }


def cors_headers(response: httpx.Response) -> dict[str, str]:
    """The response's `access-control-*` headers."""
    return {k: v for k, v in response.headers.items() if k.startswith("access-control-")}


def thread_ids(response: httpx.Response) -> list[str]:
    assert response.status_code == 200, response.text
    return [thread["thread_id"] for thread in response.json()]


# --- the setting ---


def test_the_studio_operator_must_be_an_operator_of_the_key_table() -> None:
    keys = parse_keys(API_KEYS)

    assert studio_principal(keys, None) is None
    assert studio_principal(keys, "olga") == Principal("olga", "operator")
    with pytest.raises(SettingsError, match=r"'ada' is a student \(operators: olga\)"):
        studio_principal(keys, "ada")
    with pytest.raises(SettingsError, match=r"'nobody' is not in it \(operators: olga\)"):
        studio_principal(keys, "nobody")


def test_the_settings_read_the_studio_operator_and_the_cors_origins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCHOOL_STUDIO_OPERATOR", raising=False)
    monkeypatch.delenv("SCHOOL_CORS_ORIGINS", raising=False)
    assert (Settings.from_env().studio_operator, Settings.from_env().cors_origins) == (None, ())

    monkeypatch.setenv("SCHOOL_STUDIO_OPERATOR", " olga ")
    monkeypatch.setenv(
        "SCHOOL_CORS_ORIGINS", " http://127.0.0.1:3000, HTTPS://Chat.example ,http://[::1]:5173,"
    )
    read = Settings.from_env()
    assert read.studio_operator == "olga"
    assert read.cors_origins == ("http://127.0.0.1:3000", "https://chat.example", "http://[::1]:5173")


@pytest.mark.parametrize(
    "origin", ["*", "http://127.0.0.1:3000/", "https://chat.example/app", "chat.example"]
)
def test_cors_origins_are_origins_as_a_browser_sends_them(
    monkeypatch: pytest.MonkeyPatch, origin: str
) -> None:
    monkeypatch.setenv("SCHOOL_CORS_ORIGINS", f"http://127.0.0.1:3000,{origin}")
    with pytest.raises(SettingsError, match=r"^SCHOOL_CORS_ORIGINS lists origins as a browser sends them"):
        Settings.from_env()


def test_serve_refuses_a_student_as_studio_operator_before_it_opens_the_database() -> None:
    # An address where nothing listens: had the check come after the database, the error would say so.
    child = env.child_environment(drop_prefixes=("SCHOOL_",)) | {
        "SCHOOL_API_KEYS": SERVE_API_KEYS,
        "SCHOOL_STUDIO_OPERATOR": "ada",
        "DATABASE_URL": "postgresql://nobody@127.0.0.1:9/none",
        "SCHOOL_DB_CONNECT_TIMEOUT_S": "1",
    }
    result = subprocess.run(
        [sys.executable, "-m", "agent.interfaces.cli", "serve", "--port", "0"],
        cwd=ROOT,
        env=child,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "error: SCHOOL_STUDIO_OPERATOR names the operator of the key table as whom LangSmith Studio on "
        "this machine is served; 'ada' is a student (operators: olga)\n"
    )


def test_an_app_refuses_a_student_as_studio_operator(service: Backend) -> None:
    with pytest.raises(SettingsError, match="'ada' is a student"):
        create_app(studio_service(service, "ada"))


# --- who Studio is, by peer ---


def studio_service(service: Backend, operator: str) -> Backend:
    """`service` with `SCHOOL_STUDIO_OPERATOR=operator`."""
    settings = dataclasses.replace(service.resources.settings, studio_operator=operator)
    return dataclasses.replace(service, resources=dataclasses.replace(service.resources, settings=settings))


def ask(
    app: FastAPI,
    calls: list[tuple[str, str, dict[str, str]]],
    *,
    peer: str,
    base: str = "http://127.0.0.1:8000",
) -> list[httpx.Response]:
    """Send `calls` (method, path, headers; a JSON body `{}`) to `app` in process, from `peer`."""

    async def send() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app, client=(peer, 5000))
        async with httpx.AsyncClient(transport=transport, base_url=base) as client:
            return [await client.request(m, path, headers=h, json={}) for m, path, h in calls]

    return asyncio.run(send())


def test_studio_is_the_operator_from_a_loopback_peer_only(service: Backend) -> None:
    app = create_app(studio_service(service, "olga"))
    [created] = ask(app, [("POST", "/langgraph/threads", ADA_KEY)], peer="127.0.0.1")
    thread_id = created.json()["thread_id"]
    search = ("POST", "/langgraph/threads/search", STUDIO)

    for peer in ("127.0.0.1", "::1"):  # as the operator: ada's thread is in the list
        assert [thread_ids(r) for r in ask(app, [search], peer=peer)] == [[thread_id]]
    [local_host] = ask(app, [search], peer="127.0.0.1", base="http://localhost:8000")
    assert thread_ids(local_host) == [thread_id]

    [remote] = ask(app, [search], peer="10.1.2.3")
    assert (remote.status_code, remote.json()) == (401, {"detail": NO_KEY})
    # A page whose name DNS rebound to 127.0.0.1 comes from loopback but names its own host.
    [rebound] = ask(app, [search], peer="127.0.0.1", base="http://evil.example:8000")
    assert (rebound.status_code, rebound.json()) == (401, {"detail": NO_KEY})

    # A key of ours wins over the header, from anywhere: ada stays ada.
    [with_key] = ask(app, [("POST", "/langgraph/threads/search", STUDIO | ADA_KEY)], peer="10.1.2.3")
    assert thread_ids(with_key) == [thread_id]
    # At the root, as under the alias: Studio is the operator there too.
    [me] = ask(app, [("GET", "/school/me", STUDIO)], peer="127.0.0.1")
    assert me.json() == {"user_id": "olga", "role": "operator"}


def test_without_the_setting_studio_is_refused_and_told_how(api: httpx.Client) -> None:
    refused = api.post("/langgraph/threads/search", json={}, headers=STUDIO)

    assert refused.status_code == 401
    assert refused.json() == {
        "detail": f"{NO_KEY}; LangSmith Studio's login (x-auth-scheme: langsmith) is accepted only when "
        "the server is started with SCHOOL_STUDIO_OPERATOR=<an operator's user id>, and then from "
        "this machine only, as that operator"
    }


def test_serve_with_the_setting_serves_studio_as_the_operator(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    settings = {"SCHOOL_STUDIO_OPERATOR": "olga", "SCHOOL_CORS_ORIGINS": "http://127.0.0.1:3000"}
    with (
        api_server(database_url, tmp_path / "data", log, env=settings) as url,
        httpx.Client(base_url=url) as http,
    ):
        thread_id = http.post("/langgraph/threads", json={}, headers=ADA_KEY).json()["thread_id"]

        assert thread_ids(http.post("/langgraph/threads/search", json={}, headers=STUDIO)) == [thread_id]
        assert http.get(f"/langgraph/threads/{thread_id}", headers=STUDIO).status_code == 200
        unsigned = {k: v for k, v in STUDIO.items() if k != "x-auth-scheme"}
        assert http.post("/langgraph/threads/search", json={}, headers=unsigned).status_code == 401

        chat_ui = http.options("/langgraph/threads/search", headers=preflight("http://127.0.0.1:3000"))
        assert (chat_ui.status_code, chat_ui.headers["access-control-allow-origin"]) == (
            200,
            "http://127.0.0.1:3000",
        )

    lines = read_log(log).splitlines()
    studio_at = next(i for i, line in enumerate(lines) if line.startswith("  Studio "))
    assert lines[studio_at + 1].strip() == (
        "ready (as operator olga, loopback only): any program on this machine can act as olga"
    )


# --- CORS ---


@pytest.mark.parametrize("origin", [STUDIO_ORIGIN, "https://eu.smith.langchain.com"])
def test_a_preflight_from_studio_is_allowed_without_a_key(api: httpx.Client, origin: str) -> None:
    allowed = api.options("/langgraph/threads/search", headers=preflight(origin))

    assert allowed.status_code == 200
    assert cors_headers(allowed) == {
        "access-control-allow-origin": origin,
        "access-control-allow-methods": "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT",
        "access-control-allow-headers": REQUESTED_HEADERS,
        "access-control-max-age": "600",
        "access-control-allow-private-network": "true",
    }
    assert "Origin" in [v.strip() for v in allowed.headers["vary"].split(",")]


def test_answers_to_studio_carry_its_origin_and_the_exposed_headers(api: httpx.Client) -> None:
    answered = api.post("/langgraph/threads/search", json={}, headers=ADA | {"Origin": STUDIO_ORIGIN})
    refused = api.post("/langgraph/threads/search", json={}, headers=STUDIO | {"Origin": STUDIO_ORIGIN})

    exposed = "content-location, x-pagination-total, x-pagination-next"
    for response, status in ((answered, 200), (refused, 401)):  # a refusal too: Studio shows why
        assert response.status_code == status
        assert cors_headers(response) == {
            "access-control-allow-origin": STUDIO_ORIGIN,
            "access-control-expose-headers": exposed,
        }
        assert response.headers["vary"] == "Origin"


def test_another_origin_is_not_allowed(api: httpx.Client) -> None:
    refused = api.options("/langgraph/threads/search", headers=preflight("https://evil.example"))
    answered = api.post(
        "/langgraph/threads/search", json={}, headers=ADA | {"Origin": "https://evil.example"}
    )

    assert refused.status_code == 400
    assert "access-control-allow-origin" not in refused.headers
    assert answered.status_code == 200  # the server answers; the browser keeps it from the page
    assert "access-control-allow-origin" not in answered.headers


def test_the_root_answers_studios_browsers_as_the_alias_does(api: httpx.Client) -> None:
    origin = {"Origin": STUDIO_ORIGIN}
    at_root = {
        "preflight /threads": api.options("/threads", headers=preflight(STUDIO_ORIGIN)),
        "POST /threads": api.post("/threads", json={}, headers=ADA | origin),
        "GET /openapi.json": api.get("/openapi.json", headers=origin),
    }
    aliased = {
        "preflight /threads": api.options("/langgraph/threads", headers=preflight(STUDIO_ORIGIN)),
        "POST /threads": api.post("/langgraph/threads", json={}, headers=ADA | origin),
        "GET /openapi.json": api.get("/langgraph/openapi.json", headers=origin),
    }

    assert at_root["POST /threads"].status_code == aliased["POST /threads"].status_code == 200
    assert {n: cors_headers(r) for n, r in at_root.items()} == {
        n: cors_headers(r) for n, r in aliased.items()
    }
    assert cors_headers(at_root["POST /threads"])["access-control-allow-origin"] == STUDIO_ORIGIN
    assert json.loads(at_root["GET /openapi.json"].text)["info"]["title"] == "school-agent"
