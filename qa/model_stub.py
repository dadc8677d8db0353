"""A fake OpenAI-compatible chat model server for the HTTP benchmark and the tests: answers after a fixed delay.

Servers under test are configured through the environment only (`SCHOOL_ANSWER_MODEL`,
`SCHOOL_ANSWER_BASE_URL`), so the benchmark's slow model has to be a server they can reach: this
one answers `/v1/chat/completions` with `REPLY` after the delay its model name asks for
(`bench-200ms` waits 200 ms, `bench-0ms` answers at once), streamed or not. It runs in a process
of its own (`python -m qa.model_stub`, which prints its port; `started()` runs one), on asyncio, so
that waiting costs nothing and its CPU is not counted in the benchmark's client or in a server.

Standard library only; it listens on 127.0.0.1 and reaches nothing. Not a test double: it checks
nothing about the requests.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPLY = "The catalog describes this course above: its level, length, price and the cohorts to join."
"""What every model name is answered (`bench.fake_model`'s in-process model answers the same)."""
CHECKOUT = Path(__file__).resolve().parents[1]
"""Where `python -m qa.model_stub` is found: the checkout this module lies in."""

_DELAY = re.compile(r"(\d+)ms$")
_ids = itertools.count(1)


def delay_of(model: str) -> float:
    """The delay in seconds a model name asks for (`bench-200ms` → 0.2); 0 without one."""
    found = _DELAY.search(model)
    return int(found.group(1)) / 1000 if found else 0.0


def _usage(body: dict[str, Any]) -> dict[str, int]:
    prompt = sum(len(str(m.get("content", ""))) for m in body.get("messages", [])) // 4
    completion = len(REPLY) // 4
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _completion(body: dict[str, Any]) -> tuple[bytes, str]:
    """The response body and its content type for one chat completion request."""
    model, ident = str(body.get("model", "bench")), f"chatcmpl-{next(_ids)}"
    if not body.get("stream"):
        reply = {
            "id": ident,
            "object": "chat.completion",
            "created": 0,
            "model": model,
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": REPLY}, "finish_reason": "stop"}
            ],
            "usage": _usage(body),
        }
        return json.dumps(reply).encode(), "application/json"
    base = {"id": ident, "object": "chat.completion.chunk", "created": 0, "model": model}
    words = REPLY.split(" ")
    chunks = [
        base
        | {"choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]}
    ]
    chunks += [
        base
        | {"choices": [{"index": 0, "delta": {"content": (" " if i else "") + w}, "finish_reason": None}]}
        for i, w in enumerate(words)
    ]
    chunks.append(base | {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    if (body.get("stream_options") or {}).get("include_usage"):
        chunks.append(base | {"choices": [], "usage": _usage(body)})
    events = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
    return events.encode(), "text/event-stream"


async def _serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Answer requests on one keep-alive connection until the client closes it."""
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            method, path = lines[0].split(" ")[:2]
            headers = {
                k.strip().lower(): v.strip()
                for k, _, v in (line.partition(":") for line in lines[1:] if line)
            }
            raw = await reader.readexactly(int(headers.get("content-length", "0")))
            if method == "POST" and path.rstrip("/").endswith("/chat/completions"):
                body = json.loads(raw or b"{}")
                await asyncio.sleep(delay_of(str(body.get("model", ""))))
                payload, kind = _completion(body)
                status = "200 OK"
            else:
                payload, kind, status = (
                    b'{"error": {"message": "not found"}}',
                    "application/json",
                    "404 Not Found",
                )
            writer.write(
                f"HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {len(payload)}\r\n\r\n".encode()
                + payload
            )
            await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


async def _main(port: int) -> None:
    server = await asyncio.start_server(_serve, "127.0.0.1", port, backlog=512)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


def main(argv: list[str] | None = None) -> None:
    """Serve until killed; the first line printed is the port."""
    parser = argparse.ArgumentParser(prog="python -m qa.model_stub", description=__doc__)
    parser.add_argument("--port", type=int, default=0, help="0: any free port")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:])
    asyncio.run(_main(args.port))


class ModelStubError(RuntimeError):
    """The stub's process did not start, or did not say which port it listens on."""


@contextmanager
def started() -> Iterator[str]:
    """The stub in a subprocess of its own, on a port it picks; yield its OpenAI base URL."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "qa.model_stub", "--port", "0"],
        cwd=CHECKOUT,
        stdout=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        port = proc.stdout.readline().strip().decode()
        if not port.isdigit():
            message = f"the model stub did not start (exit status {proc.poll()})"
            raise ModelStubError(message)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        if proc.stdout is not None:
            proc.stdout.close()


if __name__ == "__main__":
    main()
