"""A counting proxy between the client and Postgres: statements and round trips, as the wire sees them.

The client connects to the proxy instead of the database (`WireCounter.url`). Every byte is passed
through unchanged; on the way to the server the proxy reads the frontend protocol's message
headers, counting each `Execute` (extended protocol) as one statement and each statement of a
`Query` (simple protocol), and it counts a round trip each time the client sends after the server has answered.
Used only by the benchmark, on a separate pass from the timed one (the proxy adds latency).
"""

from __future__ import annotations

import contextlib
import re
import socket
import struct
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from psycopg.conninfo import conninfo_to_dict, make_conninfo

_UNTYPED_REQUESTS = {80877103, 80877104}
"""SSLRequest and GSSENCRequest: after them the startup message is still untyped."""


@dataclass
class WireCounts:
    """What crossed the wire between two snapshots."""

    statements: int = 0
    round_trips: int = 0
    bytes_to_server: int = 0
    bytes_to_client: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    """Statements by the start of their SQL text; `?` when the text was not seen."""

    def __sub__(self, other: WireCounts) -> WireCounts:
        return WireCounts(
            self.statements - other.statements,
            self.round_trips - other.round_trips,
            self.bytes_to_server - other.bytes_to_server,
            self.bytes_to_client - other.bytes_to_client,
            self.kinds - other.kinds,
        )


class _Frontend:
    """Parses the client's byte stream into messages, one connection's worth."""

    def __init__(self, counts: WireCounts, lock: threading.Lock) -> None:
        self.counts, self.lock = counts, lock
        self.buffer = b""
        self.untyped = True
        self.statements: dict[str, str] = {}
        self.unnamed = "?"
        self.last_bind = "?"

    def feed(self, data: bytes) -> None:
        self.buffer += data
        while True:
            if self.untyped:
                if len(self.buffer) < 8:
                    return
                length, code = struct.unpack("!ii", self.buffer[:8])
                if len(self.buffer) < length:
                    return
                self.buffer = self.buffer[length:]
                self.untyped = code in _UNTYPED_REQUESTS
                continue
            if len(self.buffer) < 5:
                return
            kind = chr(self.buffer[0])
            length = struct.unpack("!i", self.buffer[1:5])[0]
            if len(self.buffer) < 1 + length:
                return
            body, self.buffer = self.buffer[5 : 1 + length], self.buffer[1 + length :]
            self._message(kind, body)

    def _message(self, kind: str, body: bytes) -> None:
        if kind == "P":  # Parse: statement name, query text
            name, rest = body.split(b"\0", 1)
            self.statements[name.decode()] = _first_word(rest.split(b"\0", 1)[0])
            if not name:
                self.unnamed = self.statements[""]
        elif kind == "B":  # Bind: portal name, statement name
            _portal, rest = body.split(b"\0", 1)
            self.last_bind = self.statements.get(rest.split(b"\0", 1)[0].decode(), "?")
        elif kind in ("E", "Q"):
            words = (
                [self.last_bind]
                if kind == "E"
                else [_first_word(one) for one in _statements(body.split(b"\0", 1)[0])]
            )
            with self.lock:
                self.counts.statements += len(words)
                self.counts.kinds.update(words)


def _statements(sql: bytes) -> list[bytes]:
    """The statements of a simple query's text, split at the semicolons outside quotes and comments.

    A simple query may carry several (the thread lock sends its BEGIN, reads and SET in one); each
    counts as a statement, as it would through the extended protocol. Quoted strings (with `''`,
    and backslash escapes in `E'...'`), quoted names, dollar quotes and comments are skipped.
    """
    text, parts, start, i = sql.decode(errors="replace"), [], 0, 0
    while i < len(text):
        char = text[i]
        if char == ";":
            parts.append(text[start:i])
            start = i + 1
        elif char in "'\"":
            i = _quoted_end(text, i, escapes=char == "'" and text[i - 1 : i] in ("e", "E"))
        elif text.startswith("--", i):
            i = _end_of(text, "\n", i)
        elif text.startswith("/*", i):
            i = _end_of(text, "*/", i)
        elif tag := re.match(r"\$[A-Za-z_]*\$", text[i:]):
            i = _end_of(text, tag.group(), i + len(tag.group()))
        i += 1
    parts.append(text[start:])
    return [part.encode() for part in parts if part.strip()] or [b""]


def _quoted_end(text: str, i: int, *, escapes: bool) -> int:
    """The index of the quote that closes the one at `i` (a doubled quote goes on)."""
    quote, i = text[i], i + 1
    while i < len(text):
        if (escapes and text[i] == "\\") or text[i : i + 2] == quote * 2:  # an escape, or a doubled quote
            i += 2
        elif text[i] == quote:
            return i
        else:
            i += 1
    return len(text)


def _end_of(text: str, end: str, i: int) -> int:
    """The index of the last character of `end`'s first occurrence from `i` (the text's end if none)."""
    found = text.find(end, i)
    return len(text) if found < 0 else found + len(end) - 1


def _first_word(sql: bytes) -> str:
    text = " ".join(sql.decode(errors="replace").split())
    return text[:SQL_LABEL_CHARS] if text else "(empty)"


SQL_LABEL_CHARS = 40
"""How much of a statement's text names it in `WireCounts.kinds` (more for a detailed breakdown)."""


class WireCounter:
    """A loopback TCP proxy in front of the database at `url`, counting as it forwards."""

    def __init__(self, url: str) -> None:
        self.target = conninfo_to_dict(url)
        self.counts = WireCounts()
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.2)
        self.closed = threading.Event()
        self.thread = threading.Thread(target=self._accept, name="wire-counter", daemon=True)
        self.thread.start()
        port = self.listener.getsockname()[1]
        self.url = make_conninfo(url, host="127.0.0.1", port=str(port), sslmode="disable")

    def snapshot(self) -> WireCounts:
        """The totals so far (subtract two snapshots for what happened between them)."""
        with self.lock:
            return WireCounts(
                self.counts.statements,
                self.counts.round_trips,
                self.counts.bytes_to_server,
                self.counts.bytes_to_client,
                Counter(self.counts.kinds),
            )

    def close(self) -> None:
        """Stop accepting; open connections end when their clients close them."""
        self.closed.set()
        self.thread.join()
        self.listener.close()

    def _connect_upstream(self) -> socket.socket:
        host = str(self.target.get("host") or "localhost")
        port = int(self.target.get("port") or 5432)
        if host.startswith("/"):
            upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            upstream.connect(f"{host}/.s.PGSQL.{port}")
            return upstream
        return socket.create_connection((host, port))

    def _accept(self) -> None:
        while not self.closed.is_set():
            try:
                client, _ = self.listener.accept()
            except TimeoutError:
                continue
            client.settimeout(None)
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            upstream = self._connect_upstream()
            state: dict[str, Any] = {"last": "server"}
            frontend = _Frontend(self.counts, self.lock)
            threading.Thread(target=self._pump, args=(client, upstream, state, frontend), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, state, None), daemon=True).start()

    def _pump(
        self, source: socket.socket, sink: socket.socket, state: dict[str, Any], frontend: _Frontend | None
    ) -> None:
        try:
            while data := source.recv(65536):
                with self.lock:
                    if frontend is not None:
                        if state["last"] == "server":
                            self.counts.round_trips += 1
                        state["last"] = "client"
                        self.counts.bytes_to_server += len(data)
                    else:
                        state["last"] = "server"
                        self.counts.bytes_to_client += len(data)
                if frontend is not None:
                    frontend.feed(data)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):  # the other direction's pump then ends too
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()
