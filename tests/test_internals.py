"""The private internals of dependencies that agent/infra/internals.py lists, checked one by one.

Each test fails with a message naming the distribution and its installed version, so that an
upgrade that moves an internal says which one and where it is used. None needs a database: the
behaviour against a real one is covered by tests/test_runtime_paths.py (the pooled saver without
its lock, the delta page size) and tests/test_persistence.py (the embedded server's stop and
restart).
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import inspect
import os
import sys
import threading
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import langgraph.checkpoint.postgres
import langgraph.checkpoint.postgres.aio
import pgserver
import pytest
from langchain_core.messages import AIMessage, HumanMessage, RemoveMessage
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
from psycopg_pool import ConnectionPool

from agent.infra import internals
from agent.infra.persistence import DELTA_PAGE_SIZE, PooledPostgresSaver


def upgraded(distribution: str, what: str) -> str:
    """The failure message: which upgrade changed what."""
    version = importlib.metadata.version(distribution)
    return (
        f"{distribution} {version} changed an internal the project relies on: {what}. "
        "Adapt agent/infra/internals.py (its table says what uses it and why) or pin the older version."
    )


# -- pgserver: the cache of server handles, the pg_ctl wrapper -----------------------------------


class ServerStarted(Exception):
    """pgserver tried to start a server: it did not find the cached handle."""


@pytest.fixture
def no_server_start(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Any, *args: Any, **kwargs: Any) -> None:
        raise ServerStarted

    monkeypatch.setattr(pgserver.PostgresServer, "__init__", refuse)


def test_pgserver_hands_back_the_cached_handle_of_a_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_server_start: None
) -> None:
    instances = getattr(pgserver.PostgresServer, "_instances", None)
    assert isinstance(instances, dict), upgraded("pgserver", "PostgresServer._instances is no dict")
    pgdata = (tmp_path / "pg").resolve()
    cached = object()
    monkeypatch.setitem(instances, pgdata, cached)

    # The module's own get_server: the fast tier's guard stands in for `pgserver.get_server`.
    try:
        found = pgserver.postgres_server.get_server(pgdata, cleanup_mode=None)
    except ServerStarted:
        pytest.fail(upgraded("pgserver", "get_server no longer looks up PostgresServer._instances[pgdata]"))

    assert found is cached, upgraded("pgserver", "get_server no longer returns the handle cached by data dir")


def test_a_stopped_servers_handle_is_forgotten_and_a_running_ones_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pgdata = (tmp_path / "pg").resolve()
    pgdata.mkdir()
    instances = pgserver.PostgresServer._instances
    monkeypatch.setitem(instances, pgdata, object())

    (pgdata / "postmaster.pid").write_text("1\n")
    internals.forget_stopped_server(pgdata)
    assert pgdata in instances

    (pgdata / "postmaster.pid").unlink()
    internals.forget_stopped_server(pgdata)
    assert pgdata not in instances


def test_pgserver_pg_ctl_runs_the_bundled_binary_on_the_data_dir_as_the_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    try:
        from pgserver import _commands
    except ImportError:
        pytest.fail(upgraded("pgserver", "there is no pgserver._commands"))
    assert callable(getattr(_commands, "pg_ctl", None)), upgraded(
        "pgserver", "pgserver._commands has no pg_ctl"
    )
    parameters = inspect.signature(_commands.pg_ctl).parameters
    assert "pgdata" in parameters, upgraded("pgserver", f"pg_ctl takes {list(parameters)}, no `pgdata`")
    ran: list[tuple[list[str], dict[str, Any]]] = []

    def run(command: list[str], *, stdout: Any, **kwargs: Any) -> Any:
        ran.append((command, kwargs))
        stdout.write("server stopped\n")
        return types.SimpleNamespace(args=command, returncode=0)

    fake = types.SimpleNamespace(run=run, CalledProcessError=_commands.subprocess.CalledProcessError)
    monkeypatch.setattr(_commands, "subprocess", fake)

    output = internals.pg_ctl(["-w", "stop"], pgdata=tmp_path, user="pgserver")

    assert output == "server stopped\n"
    assert len(ran) == 1
    command, kwargs = ran[0]
    binary = Path(command[0])
    assert binary.name == "pg_ctl", upgraded("pgserver", f"pg_ctl runs {binary}")
    assert os.access(binary, os.X_OK), upgraded("pgserver", f"the bundled {binary} is not executable")
    assert command[1:] == ["-D", str(tmp_path), "-w", "stop"], upgraded("pgserver", f"pg_ctl runs {command}")
    assert kwargs.get("user") == "pgserver", upgraded("pgserver", "pg_ctl no longer passes `user` on")


# -- LangGraph's Postgres savers: the delta page size, the saver-wide lock -----------------------


def _code_objects(function: Any) -> Iterator[types.CodeType]:
    stack = [function.__code__]
    while stack:
        code = stack.pop()
        yield code
        stack += [const for const in code.co_consts if isinstance(const, types.CodeType)]


def _functions_of(cls: type) -> Iterator[Any]:
    for value in vars(cls).values():
        function = inspect.unwrap(getattr(value, "__func__", value))
        if inspect.isfunction(function):
            yield function


@pytest.mark.parametrize("saver", [PostgresSaver, AsyncPostgresSaver], ids=["sync", "async"])
def test_the_savers_read_the_delta_page_size_from_their_module_at_each_rebuild(saver: type) -> None:
    module = sys.modules[saver.__module__]
    name = internals.DELTA_PAGE_SIZE_NAME
    what = f"{module.__name__}.{name}"

    assert isinstance(getattr(module, name, None), int), upgraded(
        "langgraph-checkpoint-postgres", f"no int {what}"
    )
    readers = [
        f.__qualname__
        for f in _functions_of(saver)
        if f.__globals__ is vars(module) and any(name in code.co_names for code in _code_objects(f))
    ]
    assert readers, upgraded(
        "langgraph-checkpoint-postgres", f"no method of {saver.__name__} reads {what} any more"
    )


def test_the_delta_page_size_is_set_in_both_saver_modules() -> None:
    for module in (langgraph.checkpoint.postgres, langgraph.checkpoint.postgres.aio):
        before = getattr(module, internals.DELTA_PAGE_SIZE_NAME)
        internals.set_delta_page_size(module, DELTA_PAGE_SIZE)
        assert getattr(module, internals.DELTA_PAGE_SIZE_NAME) == DELTA_PAGE_SIZE
        internals.set_delta_page_size(module, before)


def test_a_saver_module_without_the_page_size_is_refused_by_name() -> None:
    renamed = types.ModuleType("langgraph.checkpoint.postgres")

    with pytest.raises(
        internals.InternalChangedError, match=r"langgraph-checkpoint-postgres \S+: .*_DELTA_PAGE_SIZE"
    ):
        internals.set_delta_page_size(renamed, DELTA_PAGE_SIZE)


class LockEntered(Exception):
    """The saver entered its lock (before it asked for a connection)."""


class RecordingLock:
    def __enter__(self) -> None:
        raise LockEntered

    def __exit__(self, *exc: object) -> None:
        return None


@pytest.fixture
def unopened_pool() -> Iterator[ConnectionPool[Any]]:
    """A pool that never connects: the savers only keep it."""
    pool: ConnectionPool[Any] = ConnectionPool("host=127.0.0.1 port=1", open=False)
    yield pool
    pool.close()


def test_the_stock_saver_holds_a_lock_around_every_query(unopened_pool: ConnectionPool[Any]) -> None:
    saver = PostgresSaver(unopened_pool)  # type: ignore[arg-type]
    lock_type = type(threading.Lock())
    assert isinstance(getattr(saver, "lock", None), lock_type), upgraded(
        "langgraph-checkpoint-postgres", f"PostgresSaver.lock is {getattr(saver, 'lock', None)!r}, not a Lock"
    )
    saver.lock = RecordingLock()  # type: ignore[assignment]

    try:
        with saver._cursor():
            pass
    except LockEntered:
        return
    except Exception as error:
        what = f"PostgresSaver._cursor asks for a connection before it enters self.lock ({error!r})"
        pytest.fail(upgraded("langgraph-checkpoint-postgres", what))
    pytest.fail(upgraded("langgraph-checkpoint-postgres", "PostgresSaver._cursor no longer enters self.lock"))


def test_the_pooled_saver_runs_without_it(unopened_pool: ConnectionPool[Any]) -> None:
    saver = PooledPostgresSaver(unopened_pool)

    assert isinstance(saver.lock, contextlib.nullcontext)


# -- LangGraph's batch reducer for a delta channel of messages -----------------------------------


def test_the_delta_reducer_is_langgraphs_and_keeps_its_signature() -> None:
    from langgraph.graph import message

    reducer = getattr(message, "_messages_delta_reducer", None)
    assert reducer is not None, upgraded(
        "langgraph", "langgraph.graph.message has no _messages_delta_reducer"
    )
    assert internals.messages_delta_reducer is reducer
    parameters = list(inspect.signature(reducer).parameters)
    assert parameters == ["state", "writes"], upgraded(
        "langgraph", f"_messages_delta_reducer takes {parameters}"
    )


def test_the_delta_reducer_appends_replaces_by_id_and_removes_in_any_batching() -> None:
    reduce = internals.messages_delta_reducer
    state = [HumanMessage("hi", id="h1"), AIMessage("hello", id="a1")]
    writes: list[list[Any]] = [
        [HumanMessage("rag?", id="h2")],
        [AIMessage("hello again", id="a1"), RemoveMessage(id="h1")],
        [AIMessage("rag starts Monday", id="a2")],
    ]

    whole = reduce(state, writes)
    batched = reduce(reduce(state, writes[:1]), writes[1:])

    expected = [("a1", "hello again"), ("h2", "rag?"), ("a2", "rag starts Monday")]
    assert [(m.id, m.content) for m in whole] == expected, upgraded("langgraph", f"the reducer gives {whole}")
    assert batched == whole, upgraded("langgraph", "the reducer depends on how writes are batched")


def test_the_delta_snapshot_is_langgraphs_and_round_trips_through_the_serializer() -> None:
    from langgraph.checkpoint.serde import types
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    assert internals.delta_snapshot is getattr(types, "_DeltaSnapshot", None), (
        "langgraph has no _DeltaSnapshot"
    )
    serde = JsonPlusSerializer()
    back = serde.loads_typed(serde.dumps_typed(internals.delta_snapshot(["hello", "world"])))

    assert type(back) is internals.delta_snapshot
    assert back.value == ["hello", "world"]
