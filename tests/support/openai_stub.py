"""An OpenAI-compatible HTTP server on loopback, scripted per request, for tests of real model clients.

`ChatOpenAI(base_url=stub.base_url, api_key="test", model="stub", max_retries=0)` and
`OpenAIEmbeddings(base_url=stub.base_url, ..., check_embedding_ctx_length=False)` talk to it through
the real openai SDK and its HTTP stack, so request shapes, error classes and timeouts are the real
ones. Each request takes the next scripted reply (`Reply`, `Fail`, `Hang`, `Embed`), else asks the
responder given to `respond_with`; a request neither can answer gets a 500 and is recorded, so
`assert_complete()` fails even when the application swallowed the error.

Standard library only; the server listens on 127.0.0.1 and never reaches anything else. Every
response carries `Connection: close`, so no client keeps an idle socket to a stub that has stopped.
"""

from __future__ import annotations

import base64
import contextlib
import itertools
import json
import re
import socket
import struct
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

JOIN_TIMEOUT_S = 5.0
"""How long `close()` waits for each request thread after waking it."""


@dataclass(frozen=True)
class Reply:
    """A chat completion whose message content is `content` (any text, invalid JSON included)."""

    content: str
    usage: tuple[int, int] = (0, 0)
    """(prompt_tokens, completion_tokens); total_tokens is their sum."""
    finish_reason: str = "stop"


@dataclass(frozen=True)
class Fail:
    """An HTTP error with OpenAI's error body, e.g. `Fail(429)` for a rate limit."""

    status: int = 500
    message: str = "stub: scripted failure"
    retry_after_ms: int | None = 1
    """Sent as `retry-after-ms`, so a client that retries does so at once; None sends no header."""


@dataclass(frozen=True)
class Hang:
    """Wait `seconds` before answering with `then`; for client timeouts. Cut short when the stub closes."""

    seconds: float
    then: Reply | Fail | Embed = Reply("")
    """The answer after the wait, if the client is still there."""


@dataclass(frozen=True)
class Embed:
    """Embedding vectors for one `/v1/embeddings` request, one per input, in input order."""

    vectors: Sequence[Sequence[float]]
    prompt_tokens: int = 0


Scripted = Reply | Fail | Hang | Embed
Responder = Callable[[dict[str, Any]], Scripted]


@dataclass(frozen=True)
class StubRequest:
    """One request as the stub received it."""

    method: str
    path: str
    body: Any
    """The parsed JSON body; None for a GET or an empty body."""
    headers: dict[str, str] = field(repr=False)
    """Header names in lower case, e.g. `headers["authorization"] == "Bearer test"`."""


class OpenAIStub:
    """A scripted OpenAI-compatible server on 127.0.0.1; start with `with OpenAIStub() as stub:`."""

    def __init__(self) -> None:
        self.requests: list[StubRequest] = []
        """Every request received, in order (also those answered 404 or "no scripted reply")."""
        self.problems: list[str] = []
        """Requests the stub could not answer as scripted; `assert_complete()` fails on any."""
        self._queue: deque[Scripted] = deque()
        self._responder: Responder | None = None
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._ids = itertools.count(1)
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        """The URL to give a client as `base_url`, e.g. `http://127.0.0.1:41234/v1`."""
        if self._server is None:
            msg = "the stub is not running; use `with OpenAIStub() as stub:` or call start()"
            raise RuntimeError(msg)
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def script(self, *replies: Scripted) -> OpenAIStub:
        """Queue replies; each request takes the next one, whichever endpoint it is for."""
        with self._lock:
            self._queue.extend(replies)
        return self

    def respond_with(self, responder: Responder) -> OpenAIStub:
        """Answer requests the queue does not cover with `responder(body)`."""
        self._responder = responder
        return self

    def assert_complete(self) -> None:
        """Fail when a request went unanswered or unexpected, or scripted replies are left over."""
        with self._lock:
            problems = list(self.problems)
            if self._queue:
                problems.append(f"{len(self._queue)} scripted replies left over: {list(self._queue)}")
        if problems:
            msg = "OpenAI stub:\n  " + "\n  ".join(problems)
            raise AssertionError(msg)

    def start(self) -> OpenAIStub:
        """Listen on a free loopback port and serve in a daemon thread."""
        self._closing.clear()
        self._server = _Server(self)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, name="openai-stub", daemon=True
        )
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving, wake hanging requests, and close every socket."""
        if self._server is None:
            return
        self._closing.set()
        self._server.shutdown()
        self._server.stop_workers()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(JOIN_TIMEOUT_S)
        self._server = None

    def __enter__(self) -> OpenAIStub:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # --- used by the request handler ---

    def _take(self, request: StubRequest) -> Scripted | None:
        """The answer for a request: the next scripted reply, else the responder's, else None."""
        with self._lock:
            self.requests.append(request)
            if self._queue:
                return self._queue.popleft()
        if self._responder is not None:
            return self._responder(request.body)
        return None

    def _problem(self, text: str) -> None:
        with self._lock:
            self.problems.append(text)

    def _next_id(self) -> int:
        return next(self._ids)


class _Server(ThreadingHTTPServer):
    """Tracks its request threads and sockets so that `close()` can wake and join them."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, stub: OpenAIStub) -> None:
        self.stub = stub
        self._workers: set[threading.Thread] = set()
        self._open: set[socket.socket] = set()
        self._track = threading.Lock()
        super().__init__(("127.0.0.1", 0), _Handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        worker = threading.Thread(
            target=self.process_request_thread,
            args=(request, client_address),
            name="openai-stub-request",
            daemon=True,
        )
        with self._track:
            # Finished workers go here, not in `shutdown_request`: a worker is still running there, and
            # `stop_workers` must join it (a test checks that no request thread outlives `close`).
            self._workers = {w for w in self._workers if w.is_alive()}
            self._workers.add(worker)
            self._open.add(request)
        worker.start()

    def shutdown_request(self, request: Any) -> None:
        with self._track:
            self._open.discard(request)
        super().shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        error = sys.exc_info()[1]
        # A client that gave up (a timeout test) leaves a broken pipe behind; that is expected.
        if not isinstance(error, ConnectionError):
            self.stub._problem(f"the stub failed answering a request: {error!r}")

    def stop_workers(self) -> None:
        with self._track:
            sockets, workers = list(self._open), list(self._workers)
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        for worker in workers:
            worker.join(JOIN_TIMEOUT_S)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server
    timeout = 30  # a connection that never sends a request must not hold its thread forever

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_GET(self) -> None:
        request = self._record(None)
        if request.path.rstrip("/") == "/v1/models":
            self._json(
                200,
                {
                    "object": "list",
                    "data": [{"id": "stub", "object": "model", "created": 0, "owned_by": "openai-stub"}],
                },
            )
        else:
            self._not_found(request)

    def do_POST(self) -> None:
        body = self._read_object()
        path = self.path.rstrip("/")
        if body is None:
            return
        if path not in ("/v1/chat/completions", "/v1/embeddings"):
            self._not_found(self._record(body))
            return
        stub = self.server.stub
        answer = stub._take(StubRequest("POST", self.path, body, self._headers()))
        if isinstance(answer, Hang):
            stub._closing.wait(answer.seconds)
            if stub._closing.is_set():
                self.close_connection = True
                return
            answer = answer.then
        if answer is None:
            stub._problem(f"POST {path}: no scripted reply")
            self._error(500, "stub: no scripted reply")
        elif isinstance(answer, Fail):
            self._error(answer.status, answer.message, answer.retry_after_ms)
        elif path == "/v1/embeddings":
            self._embeddings(body, answer)
        else:
            self._chat(body, answer)

    def _read_object(self) -> dict[str, Any] | None:
        """The request body as a JSON object; else None, after answering 400 and recording it."""
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        if isinstance(body, dict):
            return body
        self._record(raw.decode(errors="replace"))
        self.server.stub._problem(f"{self.command} {self.path}: the body is not a JSON object")
        self._error(400, "stub: the request body must be a JSON object")
        return None

    # --- endpoints ---

    def _chat(self, body: dict[str, Any], answer: Reply | Embed) -> None:
        if not isinstance(answer, Reply):
            self._wrong_kind(answer, "a chat completion")
            return
        prompt, completion = answer.usage
        usage = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        }
        head = {
            "id": f"chatcmpl-stub{self.server.stub._next_id()}",
            "created": int(time.time()),
            "model": body.get("model", "stub"),
            "system_fingerprint": None,
        }
        if not body.get("stream"):
            self._json(
                200,
                head
                | {
                    "object": "chat.completion",
                    "usage": usage,
                    "choices": [
                        {
                            "index": 0,
                            "finish_reason": answer.finish_reason,
                            "logprobs": None,
                            "message": {"role": "assistant", "content": answer.content, "refusal": None},
                        }
                    ],
                },
            )
            return
        chunk = head | {"object": "chat.completion.chunk"}
        deltas = [{"role": "assistant", "content": ""}]
        deltas += [{"content": piece} for piece in _pieces(answer.content)]
        events = [
            chunk | {"choices": [{"index": 0, "delta": d, "finish_reason": None, "logprobs": None}]}
            for d in deltas
        ]
        events.append(
            chunk
            | {
                "choices": [
                    {"index": 0, "delta": {}, "finish_reason": answer.finish_reason, "logprobs": None}
                ]
            }
        )
        if (body.get("stream_options") or {}).get("include_usage"):
            events.append(chunk | {"choices": [], "usage": usage})
        self._sse(events)

    def _embeddings(self, body: dict[str, Any], answer: Reply | Embed) -> None:
        if not isinstance(answer, Embed):
            self._wrong_kind(answer, "embeddings")
            return
        inputs = body.get("input")
        count = len(inputs) if isinstance(inputs, list) else 1
        if count != len(answer.vectors):
            self.server.stub._problem(
                f"embeddings: {count} inputs but {len(answer.vectors)} vectors scripted"
            )
            self._error(500, "stub: scripted vectors do not match the inputs")
            return
        as_base64 = body.get("encoding_format") == "base64"
        data = [
            {
                "object": "embedding",
                "index": i,
                "embedding": _base64_floats(vector) if as_base64 else list(vector),
            }
            for i, vector in enumerate(answer.vectors)
        ]
        self._json(
            200,
            {
                "object": "list",
                "data": data,
                "model": body.get("model", "stub"),
                "usage": {"prompt_tokens": answer.prompt_tokens, "total_tokens": answer.prompt_tokens},
            },
        )

    # --- plumbing ---

    def _headers(self) -> dict[str, str]:
        return {name.lower(): value for name, value in self.headers.items()}

    def _record(self, body: Any) -> StubRequest:
        request = StubRequest(self.command, self.path, body, self._headers())
        with self.server.stub._lock:
            self.server.stub.requests.append(request)
        return request

    def _not_found(self, request: StubRequest) -> None:
        self.server.stub._problem(f"{request.method} {request.path}: no such endpoint")
        self._error(404, f"stub: no endpoint {request.method} {request.path}")

    def _wrong_kind(self, answer: Any, wanted: str) -> None:
        self.server.stub._problem(f"{self.path}: scripted {answer!r} cannot answer {wanted}")
        self._error(500, f"stub: scripted reply cannot answer {wanted}")

    def _error(self, status: int, message: str, retry_after_ms: int | None = None) -> None:
        kind = "invalid_request_error" if status < 500 else "server_error"
        headers = {} if retry_after_ms is None else {"retry-after-ms": str(retry_after_ms)}
        self._json(
            status, {"error": {"message": message, "type": kind, "param": None, "code": None}}, headers
        )

    def _json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self._close_after()
        self.wfile.write(data)

    def _sse(self, events: list[dict[str, Any]]) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self._close_after()
        for line in [*(f"data: {json.dumps(e)}\n\n" for e in events), "data: [DONE]\n\n"]:
            data = line.encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")

    def _close_after(self) -> None:
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True


def _pieces(text: str) -> Iterator[str]:
    """Stream pieces: each word with the whitespace that follows it."""
    yield from re.findall(r"\S+\s*|\s+", text)


def _base64_floats(vector: Sequence[float]) -> str:
    """A vector as the SDK's `encoding_format="base64"` expects it: little-endian float32."""
    return base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()
