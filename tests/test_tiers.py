"""The two tiers: `postgres` is set on every test that uses a database fixture, and a test without it
cannot reach a Postgres server or start the embedded one (so `make test-fast` needs no database)."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pgserver
import psycopg
import pytest

FAST_TIER_REFUSAL = "is not marked `postgres` but tried to reach Postgres"


@pytest.fixture
def listener() -> Iterator[int]:
    """A loopback port where something accepts connections and hangs up at once (no Postgres)."""

    def hang_up(sock: socket.socket) -> None:
        with contextlib.suppress(OSError):  # the socket closed at teardown
            while True:
                sock.accept()[0].close()

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(4)
        threading.Thread(target=hang_up, args=(sock,), daemon=True).start()
        yield sock.getsockname()[1]
        sock.shutdown(socket.SHUT_RDWR)


@pytest.fixture
def closed_port() -> int:
    """A loopback port where nothing listens."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_a_database_fixture_puts_the_test_in_the_postgres_tier(
    request: pytest.FixtureRequest, server_url: str
) -> None:
    assert request.node.get_closest_marker("postgres") is not None


def test_a_test_without_one_is_in_the_fast_tier(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("postgres") is None


def test_the_fast_tier_cannot_connect_to_a_live_server(listener: int) -> None:
    conninfo = f"host=127.0.0.1 port={listener} user=nobody dbname=none connect_timeout=2"

    with pytest.raises(RuntimeError, match=FAST_TIER_REFUSAL):
        psycopg.connect(conninfo)
    with pytest.raises(RuntimeError, match=FAST_TIER_REFUSAL):
        psycopg.Connection.connect(conninfo)
    with pytest.raises(RuntimeError, match=FAST_TIER_REFUSAL):
        psycopg.connect(host="127.0.0.1", port=listener, connect_timeout=2)


async def _connect_async(conninfo: str) -> None:
    await psycopg.AsyncConnection.connect(conninfo)


def test_the_fast_tier_cannot_connect_asynchronously_either(listener: int) -> None:
    import asyncio

    with pytest.raises(RuntimeError, match=FAST_TIER_REFUSAL):
        asyncio.run(_connect_async(f"host=127.0.0.1 port={listener} connect_timeout=2"))


def test_the_fast_tier_cannot_start_the_embedded_server(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match=FAST_TIER_REFUSAL):
        pgserver.get_server(tmp_path / "pg", cleanup_mode=None)

    assert not (tmp_path / "pg").exists()


def test_an_address_where_nothing_listens_fails_as_it_would_anyway(closed_port: int) -> None:
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(f"host=127.0.0.1 port={closed_port} connect_timeout=2")


@pytest.mark.postgres
def test_a_test_marked_postgres_connects_freely(listener: int) -> None:
    # Not a Postgres server: the handshake fails in psycopg, past the guard.
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(f"host=127.0.0.1 port={listener} connect_timeout=2")
