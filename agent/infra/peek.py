"""Whether a socket has something to read, looked at without waiting and without letting go of the GIL.

The pools look at every idle connection they hand out (`agent.infra.persistence.check_if_disturbed`),
about fourteen times a turn, most of them on LangGraph's checkpoint threads, whose writes a
durable step waits for. `select.poll` lets go of the GIL around its system call like any blocking
call; a `poll` with a zero timeout returns at once, but the thread must then take the GIL back,
and when another thread runs Python meanwhile (the turn's own thread, the other checkpoint
thread) it waits for it, up to the interpreter's switch interval. Called through
`ctypes.PyDLL`, libc's `poll(2)` keeps the GIL for the microsecond it takes. On the benchmark's
turns (2 busy cores) a look on a checkpoint thread took 313 µs on average with `select.poll`
(median 17 µs, one in ten over 1.2 ms), 31 µs this way (one in ten over 42 µs). Where that
call is not available (not Linux, no libc), `select` looks as before.
"""

from __future__ import annotations

import ctypes
import select
import sys
from collections.abc import Callable

_EVENTS = select.POLLIN | select.POLLERR | select.POLLHUP if hasattr(select, "POLLIN") else 0


class _PollFd(ctypes.Structure):
    """`struct pollfd` of poll(2)."""

    _fields_ = [("fd", ctypes.c_int), ("events", ctypes.c_short), ("revents", ctypes.c_short)]


def _libc_poll() -> Callable[..., int] | None:
    """The C library's poll(2) as a function called with the GIL held, or None where it is not at hand."""
    if not sys.platform.startswith("linux"):  # nfds_t is an unsigned long on Linux's C libraries
        return None
    try:
        poll = ctypes.PyDLL(None).poll
    except (OSError, AttributeError):
        return None
    poll.argtypes = [ctypes.POINTER(_PollFd), ctypes.c_ulong, ctypes.c_int]
    poll.restype = ctypes.c_int
    return poll  # type: ignore[no-any-return]


_POLL = _libc_poll()


def readable(fd: int) -> bool:
    """Whether `fd` has something to read, or hung up or failed, without waiting.

    An error of poll(2) itself (an interrupted call) counts as readable: the caller then asks the
    connection properly, which costs a round trip and nothing else.
    """
    if _POLL is not None:
        entry = _PollFd(fd, _EVENTS, 0)
        return bool(_POLL(ctypes.byref(entry), 1, 0) != 0)
    if hasattr(select, "poll"):  # `select.select` refuses descriptors above 1023; busy servers have them
        poller = select.poll()
        poller.register(fd, _EVENTS)
        return bool(poller.poll(0))
    found, _, _ = select.select([fd], [], [], 0)
    return bool(found)
