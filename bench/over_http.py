"""Over HTTP: the same graph served by `langgraph dev` and by `school-agent serve`, many students at once.

Each server runs as a subprocess on a scratch database of its own, started as a user starts it:
`langgraph dev --no-browser --no-reload` with the committed `langgraph.json`'s graph and
checkpointer (a copy with absolute paths, in a scratch folder that takes its `.langgraph_api/`),
and `python -m agent.interfaces.cli serve`. Both are driven the same way through
`langgraph_sdk`'s async client: each student creates a thread, then sends catalog questions with
`runs.wait`, one at a time, all students at once. `langgraph dev` runs one job at a time unless
told otherwise (`--n-jobs-per-worker`, default 1 whatever its help says), so it runs twice: as
started by default, and with one job slot per student.

Two models: the offline one (no `SCHOOL_*` model setting) and a fake model that answers after
200 ms, served by `qa.model_stub` and named in the servers' environment
(`SCHOOL_ANSWER_MODEL=openai:bench-200ms`, `SCHOOL_ANSWER_BASE_URL`), so the servers call it through
the same OpenAI client a real model would use.

The ceiling is the in-process one of `bench.concurrency`: the same turns through `threads.send` in
this one process, one at a time, with the same model client answering at once (`bench-0ms`) or
offline; measured before and after the servers, averaged. The same students on threads in this
process (no HTTP) show what the HTTP layer costs. Absolute figures move with the machine; the
ratios within one run are what to read.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph_sdk import get_client

from agent.config.env import child_environment
from agent.config.model_config import RoleConfig
from agent.llm.models import build_chat_model
from bench.concurrency import CEILING_TURNS, _sequential, _threaded
from bench.database import temporary_database
from bench.setups import QUESTION, analyze, project
from bench.stats import summary
from qa.model_stub import REPLY
from qa.model_stub import started as model_stub

STUDENTS = 20
TURNS = 10
DELAY_S = 0.2
STARTUP_TIMEOUT_S = 120
REQUEST_TIMEOUT_S = 300
ROOT = Path(__file__).resolve().parent.parent
MODEL_PREFIXES = ("SCHOOL_ROUTER_", "SCHOOL_ANSWER_", "SCHOOL_EMBEDDINGS_", "SCHOOL_MODEL_")
"""The caller's model settings, which never reach a server: the benchmark sets the model."""
SERVERS = ("dev", "dev_jobs", "serve")
"""`langgraph dev` as started by default, with one job slot per student, and `serve`."""


class ServerError(RuntimeError):
    """A server did not start, or answered a turn with something other than a reply."""


@dataclass(frozen=True)
class Model:
    """Which model the servers use: offline, or the stub's fake model with a delay."""

    name: str
    delay_s: float | None
    """None: offline."""

    def env(self, stub_url: str) -> dict[str, str]:
        """The servers' model settings."""
        if self.delay_s is None:
            return {}
        return {
            "SCHOOL_ANSWER_MODEL": f"openai:{_stub_model(self.delay_s)}",
            "SCHOOL_ANSWER_BASE_URL": stub_url,
            "SCHOOL_ANSWER_API_KEY": "bench",
            "SCHOOL_ANSWER_MAX_RETRIES": "0",
        }

    def client(self, stub_url: str, *, instant: bool = False) -> BaseChatModel | None:
        """The same model client in this process (answering at once when `instant`)."""
        if self.delay_s is None:
            return None
        spec = f"openai:{_stub_model(0 if instant else self.delay_s)}"
        return build_chat_model(RoleConfig("answer", spec, stub_url, "bench", timeout_s=60, max_retries=0))


def _stub_model(delay_s: float) -> str:
    return f"bench-{round(delay_s * 1000)}ms"


def measure(
    url: str,
    *,
    students: int = STUDENTS,
    turns: int = TURNS,
    delay_s: float = DELAY_S,
    ceiling_turns: int = CEILING_TURNS,
) -> dict[str, Any]:
    """Turns/s, p50 and p95 of each server with each model, the in-process figures, and the ratios.

    For each model the in-process figures are taken right before and right after its servers and
    averaged, so that the machine's drift over the minutes in between falls on both sides.
    """
    result: dict[str, Any] = {"students": students, "turns_each": turns, "model_delay_s": delay_s}
    with model_stub() as stub_url:
        for model in (Model("offline", None), Model("fake", delay_s)):
            before = _in_process(url, model, stub_url, students, turns, ceiling_turns, "before")
            runs: dict[str, Any] = {}
            for server in SERVERS:
                print(f"bench: http: {server}, {model.name} model ...", file=sys.stderr, flush=True)
                runs[server] = _served(url, server, model, stub_url, students, turns)
            after = _in_process(url, model, stub_url, students, turns, ceiling_turns, "after")
            runs["ceiling"] = _mean_rate(before["ceiling"], after["ceiling"])
            runs["in_process"] = after["threads"] | {
                "turns_per_s": _mean_rate(before["threads"], after["threads"])["turns_per_s"],
                "before": before["threads"]["turns_per_s"],
                "after": after["threads"]["turns_per_s"],
            }
            runs["ratios"] = _ratios(runs)
            result[model.name] = runs
    return result


def _mean_rate(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    return {
        "turns_per_s": (before["turns_per_s"] + after["turns_per_s"]) / 2,
        "before": before["turns_per_s"],
        "after": after["turns_per_s"],
    }


def _ratios(runs: dict[str, Any]) -> dict[str, float]:
    serve = runs["serve"]
    ratios = {
        "serve_vs_in_process": serve["turns_per_s"] / runs["in_process"]["turns_per_s"],
        "serve_vs_ceiling": serve["turns_per_s"] / runs["ceiling"]["turns_per_s"],
        "in_process_vs_ceiling": runs["in_process"]["turns_per_s"] / runs["ceiling"]["turns_per_s"],
    }
    for dev in ("dev", "dev_jobs"):
        ratios[f"serve_vs_{dev}"] = serve["turns_per_s"] / runs[dev]["turns_per_s"]
        ratios[f"p95_serve_vs_{dev}"] = serve["turn"]["p95_ms"] / runs[dev]["turn"]["p95_ms"]
    return ratios


def _in_process(
    url: str, model: Model, stub_url: str, students: int, turns: int, ceiling_turns: int, when: str
) -> dict[str, Any]:
    """The same graph in this process, without HTTP.

    One turn at a time with the model answering at once (the ceiling of `bench.concurrency`), and
    the servers' turns (one thread per student) with the servers' model, after a warm-up turn.
    """
    prefix = f"http-{model.name}-{when}"
    with project(url, answer_model=model.client(stub_url, instant=True)) as ours:
        analyze(ours.resources.pool)  # as the tables have grown since the last time
        ceiling = _sequential(ours.turn, f"{prefix}-ceiling", ceiling_turns)
    with project(url, answer_model=model.client(stub_url)) as ours:
        ours.turn(f"{prefix}-warm")
        threads = _threaded(ours.turn, f"{prefix}-threads", students, turns)
    threads["cpu_ms_per_turn"] = threads["cpu_share"] / threads["turns_per_s"] * 1000
    return {"ceiling": ceiling, "threads": threads}


# -- the servers ---------------------------------------------------------------------------------
def _served(url: str, server: str, model: Model, stub_url: str, students: int, turns: int) -> dict[str, Any]:
    keys = {f"key-bench-student-{n:02d}": f"s{n:02d}" for n in range(students)}
    env = _server_env(keys) | model.env(stub_url)
    with (
        temporary_database(url, "bench") as database,
        tempfile.TemporaryDirectory(prefix="bench-http-") as scratch,
        _server(server, database, env, Path(scratch), students) as (base_url, proc),
    ):
        cpu = lambda: _group_cpu_s(proc.pid)  # noqa: E731  # read before and after the turns
        run = asyncio.run(_drive(base_url, keys, turns, cpu, model=model.delay_s is not None))
    return run


def _server_env(keys: dict[str, str]) -> dict[str, str]:
    env = child_environment(drop=("SCHOOL_FAULT_POINT",), drop_prefixes=MODEL_PREFIXES)
    return env | {
        "SCHOOL_API_KEYS": ",".join(f"{key}={user}:student" for key, user in keys.items()),
        "LANGSMITH_TRACING": "false",
        "LANGGRAPH_CLI_NO_ANALYTICS": "1",
    }


@contextmanager
def _server(
    kind: str, database: str, env: dict[str, str], scratch: Path, students: int
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start one server on `database`; yield its LangGraph API URL and its process."""
    port = free_port()
    env = env | {"DATABASE_URL": database, "SCHOOL_DATA_DIR": str(scratch / "data")}
    if kind == "serve":
        command = [
            sys.executable,
            "-m",
            "agent.interfaces.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]
        # Both serve the LangGraph Server API at the root: the same client, the same paths.
        cwd, ready = ROOT, f"http://127.0.0.1:{port}/ok?check_db=1"
    else:
        config = json.loads((ROOT / "langgraph.json").read_text())
        config["dependencies"] = [str(ROOT)]
        config["graphs"] = {k: str(ROOT / v.removeprefix("./")) for k, v in config["graphs"].items()}
        config["checkpointer"]["path"] = str(ROOT / config["checkpointer"]["path"].removeprefix("./"))
        (scratch / "langgraph.json").write_text(json.dumps(config))
        langgraph = shutil.which("langgraph", path=str(Path(sys.executable).parent)) or "langgraph"
        command = [
            langgraph,
            "dev",
            "--no-browser",
            "--no-reload",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]
        if kind == "dev_jobs":
            command += ["--n-jobs-per-worker", str(students)]
        cwd, ready = scratch, f"http://127.0.0.1:{port}/ok"
    api = f"http://127.0.0.1:{port}"
    log = scratch / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            _wait_until_ready(proc, ready, log, kind)
            yield api, proc
        finally:
            _stop(proc)


def free_port() -> int:
    """A port nothing listens on now (never 2024: connections to it are reset in this workplace)."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port: int = sock.getsockname()[1]
        if port != 2024:
            return port


def _wait_until_ready(proc: subprocess.Popen[bytes], url: str, log: Path, what: str) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            message = f"{what} exited with {proc.returncode}:\n{log.read_text(errors='replace')[-4000:]}"
            raise ServerError(message)
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    message = f"{what} did not answer {url} within {STARTUP_TIMEOUT_S} s:\n{log.read_text(errors='replace')[-4000:]}"
    raise ServerError(message)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Terminate the server's process group, killing it if it does not stop in time."""
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def _group_cpu_s(pgid: int) -> float:
    """CPU seconds used so far by the live processes of a process group (Linux `/proc`)."""
    tick, used = os.sysconf("SC_CLK_TCK"), 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended meanwhile
        if int(fields[2]) == pgid:  # after ")": state, ppid, pgrp, ..., utime (12), stime (13)
            used += int(fields[11]) + int(fields[12])
    return used / tick


# -- the students --------------------------------------------------------------------------------
async def _drive(
    base_url: str, keys: dict[str, str], turns: int, server_cpu: Any, *, model: bool
) -> dict[str, Any]:
    """Every student at once, `turns` turns each; one warm-up turn first (imports, first connections)."""
    clients = {
        user: get_client(url=base_url, api_key=key, timeout=REQUEST_TIMEOUT_S) for key, user in keys.items()
    }
    try:
        threads = {user: (await client.threads.create())["thread_id"] for user, client in clients.items()}
        first = next(iter(clients))
        warm = (await clients[first].threads.create())["thread_id"]
        await _turn(clients[first], warm, first, model=model)
        latencies: list[float] = []

        async def student(user: str) -> None:
            for _ in range(turns):
                began = time.perf_counter()
                await _turn(clients[user], threads[user], user, model=model)
                latencies.append(time.perf_counter() - began)

        cpu_before, used = server_cpu(), time.process_time()
        started = time.perf_counter()
        await asyncio.gather(*(student(user) for user in clients))
        wall = time.perf_counter() - started
        cpu_after, used = server_cpu(), time.process_time() - used
    finally:
        for client in clients.values():
            await client.aclose()
    return {
        "turns_per_s": len(latencies) / wall,
        "turn": summary(latencies),
        "server_cpu_share": (cpu_after - cpu_before) / wall,
        "server_cpu_ms_per_turn": (cpu_after - cpu_before) / len(latencies) * 1000,
        "client_cpu_share": used / wall,
    }


async def _turn(client: Any, thread_id: str, user: str, *, model: bool) -> None:
    """One student turn, the same call on both servers.

    `serve` knows the student from the key, `langgraph dev` from the run's context. The reply must
    come from the model when one is configured: a server that ignored its settings would
    otherwise be measured offline.
    """
    values = await client.runs.wait(
        thread_id,
        "school",
        input={"messages": [{"type": "human", "content": QUESTION}]},
        context={"user_id": user},
    )
    messages = values.get("messages") if isinstance(values, dict) else None
    last = messages[-1] if messages else {}
    if last.get("type") != "ai" or str(last.get("content", "")).startswith(REPLY) != model:
        wanted = "the fake model's reply" if model else "an offline reply"
        raise ServerError(f"a turn on {thread_id} did not end with {wanted}: {str(values)[:500]}")
