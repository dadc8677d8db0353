"""A webhook receiver on loopback, and the Standard Webhooks check a receiver makes, for the tests.

The signature is checked here with `hmac`, independently of the server's code: the HMAC-SHA256 of
`id.timestamp.body` under `KEY`, base64, after `v1,`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

KEY = bytes(range(32))
"""The signing key of the tests' webhooks."""
SECRET = "whsec_" + base64.b64encode(KEY).decode()
"""`KEY` as `SCHOOL_WEBHOOK_SECRET` takes it."""


@dataclass
class Received:
    """One POST the receiver took."""

    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Receiver:
    """A webhook receiver on loopback: records every POST; answers 500 to the first `failing[path]`."""

    url: str = ""
    got: list[Received] = field(default_factory=list)
    failing: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def at(self, path: str) -> list[Received]:
        with self.lock:
            return [r for r in self.got if r.path == path]


@contextmanager
def receiving() -> Iterator[Receiver]:
    """A receiver listening on 127.0.0.1 until the block ends."""
    found = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # http.server's name
            body = self.rfile.read(int(self.headers["content-length"]))
            with found.lock:
                found.got.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                failing = found.failing.get(self.path, 0)
                if failing:
                    found.failing[self.path] = failing - 1
            self.send_response(500 if failing else 204)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *_: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    found.url = f"http://127.0.0.1:{server.server_address[1]}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield found
    finally:
        server.shutdown()
        server.server_close()


def verified(request: Received) -> Any:
    """The body of a delivery whose Standard Webhooks signature holds under `KEY`."""
    delivery_id, stamp = request.headers["webhook-id"], request.headers["webhook-timestamp"]
    signed = f"{delivery_id}.{stamp}.".encode() + request.body
    expected = base64.b64encode(hmac.new(KEY, signed, hashlib.sha256).digest()).decode()
    assert request.headers["webhook-signature"] == f"v1,{expected}"
    assert abs(time.time() - int(stamp)) < 120
    assert request.headers["content-type"] == "application/json"
    return request.json()
