"""`agent.infra.peek.readable`: what the pools' checkout check looks at, on plain sockets (no database)."""

from __future__ import annotations

import ctypes
import select
import socket
import sys
from collections.abc import Iterator

import pytest

from agent.infra import peek


@pytest.fixture
def pair() -> Iterator[tuple[socket.socket, socket.socket]]:
    ours, theirs = socket.socketpair()
    yield ours, theirs
    ours.close()
    theirs.close()


def _select_readable(fd: int) -> bool:
    poller = select.poll()
    poller.register(fd, select.POLLIN | select.POLLERR | select.POLLHUP)
    return bool(poller.poll(0))


def test_a_quiet_socket_is_not_readable_and_one_the_peer_wrote_to_or_closed_is(
    pair: tuple[socket.socket, socket.socket],
) -> None:
    ours, theirs = pair
    seen = [peek.readable(ours.fileno())]
    theirs.send(b"x")
    seen.append(peek.readable(ours.fileno()))
    assert ours.recv(1) == b"x"
    seen.append(peek.readable(ours.fileno()))
    theirs.close()
    seen.append(peek.readable(ours.fileno()))
    assert seen == [False, True, False, True]
    # The same answers as `select.poll`, which it replaces.
    assert peek.readable(ours.fileno()) == _select_readable(ours.fileno())


def test_a_closed_descriptor_counts_as_readable() -> None:
    ours, theirs = socket.socketpair()
    fd = ours.fileno()
    ours.close()
    theirs.close()
    assert peek.readable(fd)  # poll(2) answers POLLNVAL: the caller checks the connection properly


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the GIL-holding call is Linux's libc poll")
def test_on_linux_looking_is_a_call_that_keeps_the_gil() -> None:
    # `ctypes.PyDLL` functions carry the Python-API flag: ctypes calls them without releasing the GIL.
    assert peek._POLL is not None
    assert peek._POLL._flags_ & ctypes._FUNCFLAG_PYTHONAPI  # type: ignore[attr-defined]


def test_without_libc_poll_it_looks_with_select(
    pair: tuple[socket.socket, socket.socket], monkeypatch: pytest.MonkeyPatch
) -> None:
    ours, theirs = pair
    monkeypatch.setattr(peek, "_POLL", None)
    quiet = peek.readable(ours.fileno())
    theirs.send(b"x")
    assert (quiet, peek.readable(ours.fileno())) == (False, True)
