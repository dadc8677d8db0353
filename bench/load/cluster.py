"""The deployment under load, on one machine: API and worker processes on one database, and chaos.

`Cluster` starts `school-agent serve --workers 0` processes (API only) and `school-agent worker`
processes as an operator would, each with a log file of its own, and keeps them running: a
process that exits when nobody killed it is noted (`Event`, "exited on its own") and started
again, as a service manager would. `Chaos` plays a `plan`: SIGKILL a worker or an API process and
start it again at once, and once restart Postgres, which must then be a server of the run's own
(`OwnPostgres`, the embedded one in a scratch folder): the shared server other work uses is never
restarted.

It changes nothing but the processes it started and the scratch folder it is given.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from agent.infra.persistence import embedded_url, stop_embedded
from bench.over_http import ServerError, free_port

ROOT = Path(__file__).resolve().parents[2]
STARTUP_TIMEOUT_S = 120.0
STOP_TIMEOUT_S = 20.0
SUPERVISE_EVERY_S = 0.5
RESTART_BACKOFF_S = 2.0
"""A process that keeps exiting on its own is started at most this often."""
WORKER_READY = "taking jobs"
"""What `school-agent worker` prints once it takes jobs."""

Kind = Literal["api", "worker"]
Target = Literal["api", "worker", "postgres"]


@dataclass(frozen=True)
class Event:
    """Something that happened to the deployment: a kill, a restart, an exit nobody asked for."""

    at_s: float
    """Seconds since the load began (negative: before)."""
    what: str
    detail: str


class Timeline:
    """The deployment's events, in order, from any thread."""

    def __init__(self) -> None:
        self.origin = time.monotonic()
        self.events: list[Event] = []
        self._lock = threading.Lock()

    def begin(self) -> None:
        """Count seconds from now (the load begins)."""
        self.origin = time.monotonic()

    def now(self) -> float:
        """Seconds since the load began."""
        return time.monotonic() - self.origin

    def note(self, what: str, detail: str = "") -> None:
        """Record an event."""
        with self._lock:
            self.events.append(Event(round(self.now(), 2), what, detail))

    def count(self, what: str) -> int:
        """How many events of this kind were recorded."""
        with self._lock:
            return sum(e.what == what for e in self.events)


@dataclass(eq=False)
class Process:
    """One API or worker process, started again under the same name (and port) after each death."""

    name: str
    kind: Kind
    argv: list[str]
    env: dict[str, str]
    log: Path
    url: str = ""
    """An API process's base URL (the same port on every start)."""
    popen: subprocess.Popen[bytes] | None = None
    starts: int = 0
    last_start: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)
    """Held by whoever kills or starts it (chaos, the supervisor), so that only one does."""
    _log_from: int = 0

    def start(self) -> None:
        """Start the process (its output appended to its log)."""
        self.starts += 1
        self.last_start = time.monotonic()
        with self.log.open("ab") as out:
            out.write(f"\n=== start {self.starts} at {time.strftime('%H:%M:%S')} ===\n".encode())
            out.flush()
            self._log_from = out.tell()
            self.popen = subprocess.Popen(
                self.argv,
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def alive(self) -> bool:
        """Whether the process started last is still running."""
        return self.popen is not None and self.popen.poll() is None

    def output(self) -> str:
        """What the process started last has written so far."""
        with self.log.open("rb") as source:
            source.seek(self._log_from)
            return source.read().decode(errors="replace")

    def last_line(self) -> str:
        """The last line the process started last wrote (for a report)."""
        lines = [line for line in self.output().splitlines() if line.strip()]
        return lines[-1][:300] if lines else ""

    def wait_ready(self, timeout_s: float = STARTUP_TIMEOUT_S) -> None:
        """Wait until it serves (an API: /ok?check_db=1 answers 200) or takes jobs (a worker)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if not self.alive():
                code = self.popen.returncode if self.popen else None
                raise ServerError(f"{self.name} exited with {code}:\n{self.output()[-3000:]}")
            if self._ready():
                return
            time.sleep(0.2)
        raise ServerError(f"{self.name} was not ready within {timeout_s:g} s:\n{self.output()[-3000:]}")

    def _ready(self) -> bool:
        if self.kind == "worker":
            return WORKER_READY in self.output()
        try:
            with urllib.request.urlopen(f"{self.url}/ok?check_db=1", timeout=2) as response:
                return bool(response.status == 200)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    def kill(self) -> None:
        """SIGKILL its whole process group and reap it."""
        if self.popen is not None and self.popen.poll() is None:
            os.killpg(self.popen.pid, signal.SIGKILL)
        if self.popen is not None:
            self.popen.wait(timeout=STOP_TIMEOUT_S)

    def stop(self) -> None:
        """SIGTERM its process group, SIGKILL it if it does not stop in time."""
        if self.popen is None or self.popen.poll() is not None:
            return
        os.killpg(self.popen.pid, signal.SIGTERM)
        try:
            self.popen.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.kill()


class Cluster:
    """API and worker processes on one database, started and kept running."""

    def __init__(
        self,
        env: dict[str, str],
        folder: Path,
        *,
        apis: int,
        workers: int,
        concurrency: int,
        timeline: Timeline,
        command: Sequence[str],
    ) -> None:
        """`command` starts `school-agent` (the script, or `python -m agent.interfaces.cli`)."""
        self.timeline = timeline
        self.processes: list[Process] = []
        for n in range(apis):
            port = free_port()
            argv = [*command, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "0"]
            self.processes.append(
                self._process(f"api-{n}", "api", argv, env, folder, url=f"http://127.0.0.1:{port}")
            )
        for n in range(workers):
            argv = [*command, "worker", "--concurrency", str(concurrency)]
            self.processes.append(self._process(f"worker-{n}", "worker", argv, env, folder))
        self._stopping = threading.Event()
        self._supervisor: threading.Thread | None = None

    @staticmethod
    def _process(
        name: str, kind: Kind, argv: list[str], env: dict[str, str], folder: Path, url: str = ""
    ) -> Process:
        own = env | {"SCHOOL_DATA_DIR": str(folder / name)}
        return Process(name, kind, argv, own, folder / f"{name}.log", url=url)

    @property
    def urls(self) -> list[str]:
        """The API processes' base URLs."""
        return [p.url for p in self.processes if p.kind == "api"]

    def of_kind(self, kind: Kind) -> list[Process]:
        """The processes of one kind."""
        return [p for p in self.processes if p.kind == kind]

    def start(self) -> None:
        """Start every process; the first API alone first, so that one process migrates the new database."""
        first, *rest = self.processes
        first.start()
        first.wait_ready()
        for process in rest:
            process.start()
        for process in rest:
            process.wait_ready()
        self.timeline.note("started", ", ".join(p.name for p in self.processes))

    @contextmanager
    def supervised(self) -> Iterator[None]:
        """While inside, start again any process that exits when nobody killed it."""
        self._stopping.clear()
        self._supervisor = threading.Thread(target=self._supervise, name="supervisor", daemon=True)
        self._supervisor.start()
        try:
            yield
        finally:
            self._stopping.set()
            self._supervisor.join(timeout=STARTUP_TIMEOUT_S)

    def _supervise(self) -> None:
        while not self._stopping.wait(SUPERVISE_EVERY_S):
            for process in self.processes:
                if not process.lock.acquire(blocking=False):
                    continue  # chaos is killing or starting it
                try:
                    if process.alive() or time.monotonic() - process.last_start < RESTART_BACKOFF_S:
                        continue
                    code = process.popen.returncode if process.popen else None
                    self.timeline.note(
                        "exited on its own", f"{process.name} (exit {code}): {process.last_line()}"
                    )
                    process.start()
                finally:
                    process.lock.release()

    def kill_and_restart(self, process: Process) -> None:
        """SIGKILL the process, start it again at once, and wait until it is ready."""
        with process.lock:
            pid = process.popen.pid if process.popen else None
            process.kill()
            self.timeline.note("killed", f"{process.name} (pid {pid}, SIGKILL)")
            process.start()
        began = time.monotonic()
        try:
            process.wait_ready()
        except ServerError as err:
            self.timeline.note("restart failed", f"{process.name}: {str(err).splitlines()[0]}")
            return
        self.timeline.note("ready again", f"{process.name} after {time.monotonic() - began:.1f} s")

    def stop(self) -> None:
        """Stop every process (SIGTERM, then SIGKILL)."""
        for process in self.processes:
            process.stop()

    def deaths(self) -> dict[str, int]:
        """How many times each process was started beyond the first."""
        return {p.name: p.starts - 1 for p in self.processes}


class OwnPostgres:
    """A Postgres server of this run's own (the embedded one, in a scratch folder), to restart at will.

    Its folder is a new one under the system's temporary folder, never inside another tool's:
    as root, the server runs as the `pgserver` user, which must be able to reach the folder for as
    long as the server runs, and pytest makes its own base folder private again whenever a session
    starts (another session on the machine would lock the server out of a folder under it).
    """

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="school-load-pg-"))
        self.url = ""

    def start(self) -> str:
        """Start it; the URL of its maintenance database."""
        self.url = embedded_url(self.folder)
        return self.url

    def restart(self) -> float:
        """Stop it (a fast shutdown: sessions are cut, nothing committed is lost) and start it; seconds down."""
        began = time.monotonic()
        stop_embedded(self.folder)
        url = embedded_url(self.folder)
        if url != self.url:
            message = f"the restarted Postgres answers at {url}, not {self.url}: the processes cannot follow"
            raise ServerError(message)
        return time.monotonic() - began

    def stop(self) -> None:
        """Stop it and remove its folder."""
        stop_embedded(self.folder)
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass(frozen=True)
class Blow:
    """One act of chaos: when, and what it hits."""

    at_s: float
    target: Target


def chaos_plan(duration_s: float, every_s: float, rng: random.Random) -> list[Blow]:
    """A kill every `every_s` seconds, and one Postgres restart, within `duration_s`.

    The first two kills are a worker and an API process (in a random order), so that a short run
    has both; the later ones hit either at random. Postgres restarts once, halfway between the
    middle kill and the next one, so that it does not coincide with a kill.
    """
    times = [every_s * k for k in range(1, int(duration_s // every_s) + 1) if every_s * k < duration_s]
    first: list[Target] = ["worker", "api"]
    rng.shuffle(first)
    later: list[Target] = [rng.choice(["worker", "api"]) for _ in times[2:]]
    blows = [Blow(at, target) for at, target in zip(times, first + later, strict=False)]
    restart_at = every_s * max(1, len(times) // 2) + every_s / 2
    if restart_at >= duration_s:
        restart_at = duration_s / 2
    return sorted([*blows, Blow(restart_at, "postgres")], key=lambda b: b.at_s)


class Chaos:
    """Plays a chaos plan against a cluster (and its own Postgres) in a thread of its own."""

    def __init__(
        self, cluster: Cluster, postgres: OwnPostgres, plan: Sequence[Blow], rng: random.Random
    ) -> None:
        self.cluster, self.postgres, self.plan, self.rng = cluster, postgres, list(plan), rng
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._play, name="chaos", daemon=True)

    @contextmanager
    def running(self) -> Iterator[None]:
        """Play the plan while inside (timed from the timeline's origin); stop at the exit."""
        self._thread.start()
        try:
            yield
        finally:
            self._stopping.set()
            self._thread.join(timeout=STARTUP_TIMEOUT_S)

    def _play(self) -> None:
        timeline = self.cluster.timeline
        for blow in self.plan:
            if self._stopping.wait(max(0.0, blow.at_s - timeline.now())):
                return
            if blow.target == "postgres":
                try:
                    down = self.postgres.restart()
                except Exception as err:  # reported with the run, which then fails its checks
                    timeline.note("postgres restart failed", f"{type(err).__name__}: {err}")
                    continue
                timeline.note("postgres restarted", f"down {down:.1f} s (fast shutdown, then start)")
            else:
                victim = self.rng.choice(self.cluster.of_kind(blow.target))
                self.cluster.kill_and_restart(victim)
