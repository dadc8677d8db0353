"""`serve`'s worker: a child process that `serve` starts, restarts when it dies, and stops on exit.

The API and the graph each get a process, so they no longer take turns at one GIL. The parent
side is `AttachedWorker`: it runs `python -m agent worker --parent PID --ready-fd FD` with the
parent's environment and the database URL the parent resolved (on a first run, the embedded
Postgres it started), waits for the child to say on the pipe `FD` that it takes jobs, and from
then on starts a new child whenever one ends without being asked to, after a pause that grows
(`RESTART_MIN_S` doubling up to `RESTART_MAX_S`; back to the minimum after a child that lived
`STEADY_S`). Its stop is SIGTERM, `STOP_WAIT_S` for the running jobs, then SIGKILL.

The child's side is `tie_to_parent`, `parent_gone` and `say_ready`: the child never outlives its
parent. On Linux the kernel sends it SIGTERM when the parent dies (`PR_SET_PDEATHSIG`); everywhere
the child also looks at its parent's pid once a second and stops when it changed (a parent that
died before the signal was armed, or a system without it). It ignores SIGINT: a terminal's Ctrl+C
reaches the parent, which stops it. A run the child was executing when it died is taken up again
by the stall recovery of the next worker, as for any worker process.

Imports only the standard library and agent.config: the child's command builds its own graph.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import subprocess
import sys
import threading
import time

from agent.config.env import child_environment

log = logging.getLogger(__name__)

READY_WAIT_S = 120.0
"""How long `serve` waits for its first worker to take jobs (imports, the pool, the schema check)."""
RESTART_MIN_S = 1.0
RESTART_MAX_S = 30.0
STEADY_S = 60.0
"""A child that lived this long died of something new: the next pause is the shortest again."""
STOP_WAIT_S = 35.0
"""SIGTERM, then this long before SIGKILL: more than the child's own wait for its running jobs (30 s)."""
_PR_SET_PDEATHSIG = 1


class WorkerStartError(RuntimeError):
    """`serve`'s worker process ended before it took jobs (its own output says why)."""


class AttachedWorker:
    """A `school-agent worker` child of this process, kept running until `stop`."""

    def __init__(self, database_url: str, *, concurrency: int) -> None:
        self.concurrency = concurrency
        self._env = child_environment() | {"DATABASE_URL": database_url}
        self._stopping = threading.Event()
        self._first = threading.Event()
        self._first_failed: str | None = None
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        # The thread that starts the children lives as long as they should: PR_SET_PDEATHSIG fires
        # when the *thread* that forked a child ends, not only the process.
        self._thread = threading.Thread(target=self._keep, daemon=True, name="worker-process")

    def start(self) -> AttachedWorker:
        """Start the first child; `wait_ready` waits for it to take jobs."""
        self._thread.start()
        return self

    def wait_ready(self, timeout_s: float = READY_WAIT_S) -> None:
        """Return once the first child takes jobs; raise `WorkerStartError` if it ended or took too long."""
        if not self._first.wait(timeout_s):
            self._first_failed = f"the worker process did not take jobs within {timeout_s:g} s"
        if self._first_failed is not None:
            raise WorkerStartError(self._first_failed)

    def stop(self) -> None:
        """Stop the child (SIGTERM, `STOP_WAIT_S`, SIGKILL) and start no other."""
        with self._lock:
            self._stopping.set()
            proc = self._proc
        if proc is not None:
            _end(proc)
        if self._thread.is_alive():
            self._thread.join(STOP_WAIT_S + 5)

    def _spawn(self) -> tuple[subprocess.Popen[bytes], int] | None:
        ready_r, ready_w = os.pipe()
        argv = [sys.executable, "-m", "agent", "worker", "--concurrency", str(self.concurrency)]
        argv += ["--parent", str(os.getpid()), "--ready-fd", str(ready_w)]
        try:
            with self._lock:
                if self._stopping.is_set():
                    os.close(ready_r)
                    return None
                # Output goes where the parent's goes; same process group, so a terminal's Ctrl+C
                # and a service manager's stop reach both.
                self._proc = subprocess.Popen(argv, env=self._env, pass_fds=(ready_w,))
                return self._proc, ready_r
        finally:
            os.close(ready_w)

    def _keep(self) -> None:
        pause = RESTART_MIN_S
        while not self._stopping.is_set():
            began = time.monotonic()
            spawned = self._spawn()
            if spawned is None:
                break
            proc, ready_r = spawned
            ready = _read_ready(ready_r)
            if not self._first.is_set():
                if not ready:  # the first child never took jobs: `serve` fails its start with why
                    self._first_failed = (
                        f"the worker process ended ({_status(proc.wait())}) before it took jobs"
                    )
                    self._first.set()
                    return
                self._first.set()
            code = proc.wait()
            if self._stopping.is_set():
                break
            if time.monotonic() - began >= STEADY_S:
                pause = RESTART_MIN_S
            log.warning(
                "the worker process %d ended (%s); starting another in %.0f s", proc.pid, _status(code), pause
            )
            self._stopping.wait(pause)
            pause = min(pause * 2, RESTART_MAX_S)


def _read_ready(fd: int) -> bool:
    """Whether the child wrote its byte on the pipe before closing it (or ending)."""
    try:
        with os.fdopen(fd, "rb", buffering=0) as ready:
            return bool(ready.read(1))
    except OSError:
        return False


def _end(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(STOP_WAIT_S)
    except subprocess.TimeoutExpired:
        log.warning("the worker process %d did not stop within %.0f s: killed", proc.pid, STOP_WAIT_S)
        proc.kill()
        proc.wait()


def _status(code: int) -> str:
    if code >= 0:
        return f"exit status {code}"
    try:
        return f"signal {signal.Signals(-code).name}"
    except ValueError:  # a real-time signal has no name
        return f"signal {-code}"


# -- the child's side ------------------------------------------------------------------------------
def tie_to_parent(parent: int) -> None:
    """Have the kernel send this process SIGTERM when `parent` dies; exit at once if it already has.

    SIGINT is ignored: the parent decides when this process stops.

    Called first thing in the command, before the graph's imports: a parent killed meanwhile leaves
    no worker.
    """
    # A terminal's Ctrl+C reaches the whole process group; `serve` answers it and stops this
    # process with SIGTERM, rather than see it end on its own and start another meanwhile.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) != 0:
            log.warning("prctl(PR_SET_PDEATHSIG) failed: errno %d", ctypes.get_errno())
    if parent_gone(parent):  # died before the signal was armed: nobody will send it
        raise SystemExit(0)


def parent_gone(parent: int) -> bool:
    """Whether the process that started this one has ended (this one was handed to another parent)."""
    return os.getppid() != parent


def say_ready(fd: int) -> None:
    """Tell the parent, on the pipe it handed over, that this worker takes jobs."""
    try:
        os.write(fd, b"1")
    finally:
        os.close(fd)
