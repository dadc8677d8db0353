"""Starting and stopping servers in tests: a free port, a readiness wait, a clean stop,
`school-agent serve` itself, `langgraph dev` on the committed `langgraph.json`, and an app served
by uvicorn in the test's own process (`in_process`)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import httpx
import pytest
import uvicorn
from starlette.types import ASGIApp

from tests.support.api import langgraph_url
from tests.support.school import ROOT, TODAY

T = TypeVar("T")

_ANSI = re.compile(r"\x1b\[[0-9;]*m")

SERVE_STARTUP_TIMEOUT_S = 60
DEV_STARTUP_TIMEOUT_S = 90
SERVE_API_KEYS = "key-ada-1234=ada:student,key-olga-1234=olga:operator"
"""The keys `api_server` serves with: student ada, operator olga."""


@contextmanager
def in_process(app: ASGIApp) -> Iterator[httpx.Client]:
    """`app` served by uvicorn on a loopback port in a thread of this process, and a client for it."""
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
            yield client
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def free_port() -> int:
    """A port nothing listens on now (never 2024: connections to it are reset in this workplace)."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port: int = sock.getsockname()[1]
        if port != 2024:
            return port


def read_log(path: Path) -> str:
    """A server's log, without terminal colour codes."""
    return _ANSI.sub("", path.read_text(errors="replace")) if path.exists() else ""


def wait_for(check: Callable[[], T], timeout_s: float, what: str, *, every_s: float = 0.1) -> T:
    """Call `check` until it returns something true and return that; fail naming `what` after `timeout_s`."""
    deadline = time.monotonic() + timeout_s
    while not (found := check()):
        assert time.monotonic() < deadline, f"{what}: not within {timeout_s} s"
        time.sleep(every_s)
    return found


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Terminate the server's whole process group, killing it if it does not stop in time."""
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def wait_until_ready(
    proc: subprocess.Popen[bytes], url: str, log: Path, *, what: str, timeout_s: float
) -> None:
    """Poll `url` until it answers 200; fail with the log if the process exits or time runs out."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"{what} exited with {proc.returncode}:\n{read_log(log)}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    pytest.fail(f"{what} did not answer {url} within {timeout_s:g} s:\n{read_log(log)}")


@contextmanager
def api_server(
    database_url: str,
    data_dir: Path,
    log: Path,
    *,
    env: dict[str, str] | None = None,
    args: Sequence[str] = (),
) -> Iterator[str]:
    """Run `school-agent serve` on `database_url` with two API keys; yield its base URL.

    `env` adds settings (`SCHOOL_STUDIO_OPERATOR`, ...) to the few it is given; `args` adds
    arguments (`--workers 0`).
    """
    with school_process("serve", database_url, data_dir, log, env=env, args=args) as (url, _proc):
        yield url


def _school_env(database_url: str, data_dir: Path, env: dict[str, str] | None) -> dict[str, str]:
    # No SCHOOL_* setting of the caller's reaches the server: in particular no model URL, so the
    # server answers without a language model, as every test does.
    server_env = {k: v for k, v in os.environ.items() if not k.startswith("SCHOOL_")}
    return (
        server_env
        | {
            "DATABASE_URL": database_url,
            "SCHOOL_TODAY": TODAY.isoformat(),
            "SCHOOL_API_KEYS": SERVE_API_KEYS,
            "SCHOOL_DATA_DIR": str(data_dir),
            "LANGSMITH_TRACING": "false",
            "SCHOOL_RATE_LIMIT_PER_MINUTE": "0",  # tests make many requests with one key
        }
        | (env or {})
    )


@contextmanager
def school_process(
    command: str,
    database_url: str,
    data_dir: Path,
    log: Path,
    *,
    env: dict[str, str] | None = None,
    args: Sequence[str] = (),
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Run `school-agent serve` (yield its URL and process) or `school-agent worker` (URL "")."""
    port = free_port()
    argv = [sys.executable, "-m", "agent.interfaces.cli", command, *args]
    if command == "serve":
        argv += ["--host", "127.0.0.1", "--port", str(port)]
    with log.open("wb") as out:
        proc = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=_school_env(database_url, data_dir, env),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            if command == "serve":
                url = f"http://127.0.0.1:{port}"
                ready = f"{langgraph_url(url)}/ok?check_db=1"
                wait_until_ready(
                    proc, ready, log, what="school-agent serve", timeout_s=SERVE_STARTUP_TIMEOUT_S
                )
            else:
                url = ""
                wait_for_log(proc, log, "taking jobs", what="school-agent worker")
            yield url, proc
        finally:
            stop(proc)


def wait_for_log(proc: subprocess.Popen[bytes], log: Path, text: str, *, what: str) -> None:
    """Wait until `text` appears in the process's log; fail with the log if it exits or time runs out."""
    deadline = time.monotonic() + SERVE_STARTUP_TIMEOUT_S
    while text not in read_log(log):
        if proc.poll() is not None:
            pytest.fail(f"{what} exited with {proc.returncode}:\n{read_log(log)}")
        if time.monotonic() > deadline:
            pytest.fail(f"{what} did not start within {SERVE_STARTUP_TIMEOUT_S} s:\n{read_log(log)}")
        time.sleep(0.2)


@contextmanager
def restored_runtime_dir() -> Iterator[None]:
    """Leave the in-memory runtime's `.langgraph_api/` in the repo as it was before the test.

    The runtime writes thread metadata there, relative to its cwd, and the CLI offers no way to
    move it or (through `langgraph dev`) turn it off.
    """
    folder = ROOT / ".langgraph_api"
    existed = folder.is_dir()
    saved = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} if existed else {}
    try:
        yield
    finally:
        if not existed:
            shutil.rmtree(folder, ignore_errors=True)
        elif folder.is_dir():
            for path in folder.iterdir():
                if path.is_file() and path.name not in saved:
                    path.unlink()
            for name, data in saved.items():
                (folder / name).write_bytes(data)


@contextmanager
def dev_server(
    database_url: str, log: Path, *, config: Path | None = None, env: dict[str, str] | None = None
) -> Iterator[str]:
    """Run `langgraph dev` from the repo root on `database_url`; yield its base URL.

    `config` replaces the committed `langgraph.json` (its paths still relative to the repo root).
    """
    port = free_port()
    server_env = {k: v for k, v in os.environ.items() if k != "SCHOOL_FAULT_POINT"} | (env or {})
    server_env |= {
        "DATABASE_URL": database_url,
        "SCHOOL_TODAY": TODAY.isoformat(),
        "LANGSMITH_TRACING": "false",
    }
    langgraph = Path(sys.executable).with_name("langgraph")
    command = [
        str(langgraph),
        "dev",
        "--no-browser",
        "--no-reload",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        *(["--config", str(config)] if config is not None else []),
    ]
    with restored_runtime_dir(), log.open("wb") as out:
        proc = subprocess.Popen(
            command, cwd=ROOT, env=server_env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            url = f"http://127.0.0.1:{port}"
            wait_until_ready(proc, f"{url}/ok", log, what="langgraph dev", timeout_s=DEV_STARTUP_TIMEOUT_S)
            yield url
        finally:
            stop(proc)
