"""Shared fixtures: a real Postgres per test, the graph on it, model stand-ins, and a network guard.

Postgres is the server named by `DATABASE_URL` when set, else an embedded server started once for
the session. Each test that asks for a database gets its own `test_<uuid>`, dropped afterwards.
Tests that use a database fixture are marked `postgres` at collection; `make test-fast` runs the
others, and a guard fails any of those that tries to reach Postgres. Models are scripted:
`scripted_model(...)` for a fake chat model, `openai_stub` for the real OpenAI clients against a
loopback server. No test reaches a host other than loopback.
"""

from __future__ import annotations

import contextlib
import importlib
import ipaddress
import os
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.rows import dict_row

from agent.config import faults
from agent.config.settings import Settings
from agent.domain import vectors
from agent.infra.persistence import Resources, embedded_url, open_resources, stop_embedded
from agent.interfaces.server.app import create_app
from agent.interfaces.server.auth import parse_keys
from agent.interfaces.server.backend import Backend
from agent.worker.process import Worker
from tests.support.api import API_KEYS
from tests.support.fakes import ScriptedChatModel, Step
from tests.support.holds import Hold
from tests.support.openai_stub import OpenAIStub
from tests.support.school import TODAY, fresh_database
from tests.support.servers import in_process
from tests.support.turns import school_graph


class RealNetworkRequestError(RuntimeError):
    """A test sent an HTTP request to a host other than loopback."""


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _http_libraries() -> list[ModuleType]:
    """httpx, and httpx2 where installed: openai>=3 sends its requests through httpx2, not httpx."""
    found = []
    for name in ("httpx", "httpx2"):
        with contextlib.suppress(ImportError):
            found.append(importlib.import_module(name))
    return found


@pytest.fixture(autouse=True)
def no_real_models(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Refuse every HTTP request to a host other than loopback, and fail the test that sent one.

    The transports of httpx and httpx2 (what the openai SDK, langchain-openai and langgraph_sdk
    send through) raise `RealNetworkRequestError` for such a request and record it; the test fails at
    teardown if anything was recorded, so catching the error (as the application does, to fall back
    when a model fails) does not make it pass. Loopback goes through: the `openai_stub` server and
    a `langgraph dev` server on 127.0.0.1. Yields the list of refused requests.
    """
    refused: list[str] = []

    def refuse(request: Any) -> None:
        refused.append(f"{request.method} {request.url}")
        msg = (
            f"a test tried to reach {request.url.host} ({request.method} {request.url}); use the "
            "openai_stub fixture or a scripted fake instead of a real model"
        )
        raise RealNetworkRequestError(msg)

    for http in _http_libraries():
        sync_send = http.HTTPTransport.handle_request
        async_send = http.AsyncHTTPTransport.handle_async_request

        def handle_request(self: Any, request: Any, _send: Any = sync_send) -> Any:
            if not _is_loopback(request.url.host):
                refuse(request)
            return _send(self, request)

        async def handle_async_request(self: Any, request: Any, _send: Any = async_send) -> Any:
            if not _is_loopback(request.url.host):
                refuse(request)
            return await _send(self, request)

        monkeypatch.setattr(http.HTTPTransport, "handle_request", handle_request)
        monkeypatch.setattr(http.AsyncHTTPTransport, "handle_async_request", handle_async_request)
    yield refused
    if refused:
        pytest.fail("requests to hosts other than loopback (refused):\n  " + "\n  ".join(refused))


_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Note on the item whether its setup or call failed, for fixtures that check at teardown."""
    report = yield
    if report.failed:
        item.stash[_FAILED] = True
    return report


def _failed_already(request: pytest.FixtureRequest) -> bool:
    return request.node.stash.get(_FAILED, False)


# --- the tiers: `postgres` marks what needs a database; the rest runs without one ---

POSTGRES_FIXTURE = "server_url"
"""The fixture every database fixture rests on (database_url, settings, resources, graph, service, api)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `postgres` every test that asks for a database, directly or through another fixture.

    The fast tier (`make test-fast`) is the rest. A test that reaches Postgres without a database
    fixture (one that starts its own embedded server, say) carries `@pytest.mark.postgres` itself;
    `no_postgres_in_the_fast_tier` fails it if it does not.
    """
    for item in items:
        if POSTGRES_FIXTURE in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.postgres)


class PostgresOutsideItsTierError(RuntimeError):
    """A test not marked `postgres` tried to connect to Postgres or to start the embedded server."""


def _a_server_listens(conninfo: str = "", **kwargs: Any) -> bool:
    """Whether anything accepts connections where `conninfo` points (a Unix socket counts as yes)."""
    params = conninfo_to_dict(conninfo, **kwargs)
    hosts = str(params.get("host") or "localhost").split(",")
    ports = str(params.get("port") or "5432").split(",")
    for host, port in zip(hosts, ports * len(hosts) if len(ports) == 1 else ports, strict=False):
        if host.startswith("/"):
            return True
        try:
            socket.create_connection((host, int(port)), timeout=1).close()
        except OSError:
            continue
        return True
    return False


@pytest.fixture(autouse=True)
def no_postgres_in_the_fast_tier(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a test not marked `postgres`, refuse psycopg connections to a live server and pgserver's start.

    So the fast tier cannot come to need a database unnoticed: the test that would reach one fails
    and names the cure. A connection to an address where nothing listens goes through and fails as
    it would anyway (tests of "the database is unreachable" need no database). Subprocesses are not
    covered; the tests that start one against a database get it from a database fixture.
    """
    if request.node.get_closest_marker("postgres"):
        return
    import pgserver  # imported here: only the guard needs it

    def refuse(*args: Any, **kwargs: Any) -> Any:
        msg = (
            f"{request.node.nodeid} is not marked `postgres` but tried to reach Postgres; ask for a "
            "database fixture (database_url, resources, ...) or mark it @pytest.mark.postgres"
        )
        raise PostgresOutsideItsTierError(msg)

    def guarded(connect: Callable[..., Any]) -> Callable[..., Any]:
        def connect_if_nobody_listens(conninfo: str = "", *args: Any, **kwargs: Any) -> Any:
            if _a_server_listens(conninfo, **{k: v for k, v in kwargs.items() if k in ("host", "port")}):
                refuse()
            return connect(conninfo, *args, **kwargs)

        return connect_if_nobody_listens

    sync_connect, async_connect = psycopg.Connection.connect, psycopg.AsyncConnection.connect
    monkeypatch.setattr(psycopg, "connect", guarded(sync_connect))
    monkeypatch.setattr(psycopg.Connection, "connect", staticmethod(guarded(sync_connect)))
    monkeypatch.setattr(psycopg.AsyncConnection, "connect", staticmethod(guarded(async_connect)))
    monkeypatch.setattr(pgserver, "get_server", refuse)


@pytest.fixture
def openai_stub(request: pytest.FixtureRequest) -> Iterator[OpenAIStub]:
    """A scripted OpenAI-compatible server on loopback; at teardown, every script must be used up."""
    with OpenAIStub() as stub:
        yield stub
    if not _failed_already(request):
        stub.assert_complete()


@pytest.fixture
def scripted_model(request: pytest.FixtureRequest) -> Iterator[Callable[..., ScriptedChatModel]]:
    """A factory `scripted_model(*steps, name=None)`; at teardown, each model made must be complete."""
    made: list[ScriptedChatModel] = []

    def make(*steps: Step, name: str | None = None) -> ScriptedChatModel:
        model = ScriptedChatModel(steps, name=name)
        made.append(model)
        return model

    yield make
    if not _failed_already(request):
        for model in made:
            model.assert_complete()


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A URL of a maintenance database on the Postgres server the tests use."""
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    return embedded_url(tmp_path_factory.mktemp("embedded"))


@pytest.fixture
def database_url(server_url: str) -> Iterator[str]:
    """A fresh, empty database for one test; dropped afterwards."""
    with fresh_database(server_url) as url:
        yield url


@pytest.fixture(scope="module")
def vector_server(server_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A maintenance URL of a server with pgvector: the test server if it has it, else an embedded one."""
    with psycopg.connect(server_url, autocommit=True, row_factory=dict_row) as conn:
        has_vector = vectors.vector_available(conn)
    if has_vector:
        yield server_url
        return
    data_dir = tmp_path_factory.mktemp("pgvector")
    try:
        yield make_conninfo(embedded_url(data_dir), dbname="postgres")
    finally:
        stop_embedded(data_dir)


@pytest.fixture
def hybrid(vector_server: str, tmp_path: Path) -> Iterator[Resources]:
    """Resources on a fresh, seeded database of the pgvector server."""
    with fresh_database(vector_server) as url:
        settings = Settings(database_url=url, data_dir=tmp_path / "data", today=TODAY)
        with open_resources(settings) as res:
            yield res


@pytest.fixture
def settings(database_url: str, tmp_path: Path) -> Settings:
    """Settings for one test's database, on the fixed test date, with no request rate limit.

    Tests make many requests with one key; the limit's own tests (tests/test_student_limits.py) set it.
    """
    return Settings(
        database_url=database_url,
        data_dir=tmp_path / "data",
        today=TODAY,
        pool_max_size=8,
        rate_limit_per_minute=0,
    )


@pytest.fixture
def resources(settings: Settings) -> Iterator[Resources]:
    """Pool, checkpointer, store and domain on the test database, set up and seeded."""
    with open_resources(settings) as res:
        yield res


@pytest.fixture
def graph(resources: Resources) -> Any:
    """The school graph on the test database."""
    return school_graph(resources)


@pytest.fixture
def service(resources: Resources, graph: Any) -> Backend:
    return Backend(resources, graph, parse_keys(API_KEYS))


@pytest.fixture
def worker(resources: Resources, graph: Any) -> Iterator[Worker]:
    """A task-engine worker in this process (the one `serve` embeds), taking the test database's jobs."""
    running = Worker(resources, graph, concurrency=4, name="test-worker").start()
    yield running
    running.stop()


@pytest.fixture
def api(service: Backend, worker: Worker) -> Iterator[httpx.Client]:
    """The app served by uvicorn on a loopback port, with a worker, and a client for it."""
    with in_process(create_app(service)) as client:
        yield client
    service.wake.close()


@pytest.fixture
def hold(monkeypatch: pytest.MonkeyPatch) -> Hold:
    """Runs of the test stop at `before:propose` until `hold.release()` (`tests.support.holds`)."""
    held = Hold()
    monkeypatch.setattr(faults, "point", held)
    return held
