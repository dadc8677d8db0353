"""A worker: procrastinate's, in a thread of its own with its own event loop, over the school's tasks.

`school-agent worker` runs one in the foreground until SIGINT/SIGTERM; so does the worker process
that `serve` starts beside its API (agent.worker.attached; `--workers 0`: none). Sync tasks (a run)
execute in the event loop's thread pool, up to `concurrency` at once. The engine's worker stops
when its database connection breaks (a Postgres restart); this one starts it again, with a growing
pause, until it is asked to stop. Before it takes jobs, a worker waits, saying so in the log every
`SCHEMA_WAIT_S`, until the engine's tables exist: a database whose schema lost them, or one a
newer release has not yet migrated, gets a clear line instead of a crash loop.
"""

from __future__ import annotations

import asyncio
import logging
import os
import select
import signal
import socket
import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

from agent.infra import engine
from agent.infra.persistence import Resources
from agent.journal.feeds import Wakeups
from agent.runtime.heap import settled_heap
from agent.runtime.runs import Pregel
from agent.worker.attached import parent_gone, say_ready
from agent.worker.schedule import Schedule
from agent.worker.tasks import Host, install

log = logging.getLogger(__name__)

SCHEMA_WAIT_S = 10.0
RESTART_MIN_S = 1.0
RESTART_MAX_S = 15.0
"""After the engine's worker stops on its own (its connections lost in a database restart), it is
started again, first after `RESTART_MIN_S`, doubling up to this."""
STOP_WAIT_S = 30.0


def worker_name() -> str:
    """The name of this process among workers: host, pid and a random tag."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"


class Worker:
    """One worker process's job runner (tests run several in one process)."""

    def __init__(
        self,
        resources: Resources,
        graph: Pregel,
        *,
        concurrency: int,
        name: str | None = None,
        schedule: Schedule | None = None,
    ) -> None:
        self.resources, self.graph, self.concurrency = resources, graph, concurrency
        self.schedule = schedule or Schedule()
        """When the scheduled work runs (tests run it every second)."""
        self.name = name or worker_name()
        # The runs' channel, where a running run hears a stop asked of it (not behind a
        # transaction pooler: no LISTEN there, and a run asks the database at each step).
        self.wakeups = Wakeups(resources.url, listen=resources.settings.db_pooling != "transaction")
        self.ready = threading.Event()
        self.failed: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="worker")

    def start(self, *, wait_s: float = 60.0) -> Worker:
        """Start taking jobs; returns once the worker is registered (or raises why it could not start)."""
        self._thread.start()
        self.ready.wait(wait_s)
        if self.failed is not None:
            raise self.failed
        return self

    def alive(self) -> bool:
        """Whether the worker still runs."""
        return self._thread.is_alive()

    def stop(self) -> None:
        """Stop taking jobs, let the running ones finish (up to `STOP_WAIT_S`), and return."""
        self._stopping.set()
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            loop.call_soon_threadsafe(task.cancel)
        self._thread.join(STOP_WAIT_S)
        self.wakeups.close()

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except asyncio.CancelledError:
            pass
        except BaseException as err:  # reported to whoever waits in `start`
            self.failed = err
            log.exception("worker %s stopped on an error", self.name)
        finally:
            self.ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()  # type: ignore[assignment]
        # Sync jobs run in the loop's default executor, by default min(32, CPUs + 4) threads.
        self._loop.set_default_executor(
            ThreadPoolExecutor(max_workers=self.concurrency + 2, thread_name_prefix="job")
        )
        await asyncio.to_thread(self._wait_for_schema)
        self.wakeups.start()  # listening before the first run is taken
        settings = self.resources.settings
        options = engine.worker_options(settings, concurrency=self.concurrency, name=self.name)
        pause = RESTART_MIN_S
        while not self._stopping.is_set():
            app = engine.worker_app(settings, self.resources.url)
            install(app, Host(self.resources, self.graph, self.name, self.schedule, self.wakeups))
            try:
                async with app.open_async():
                    self.ready.set()
                    log.info("worker %s takes jobs (%s at once)", self.name, self.concurrency)
                    await app.run_worker_async(**options)
                    pause = RESTART_MIN_S
            except asyncio.CancelledError:
                raise
            except Exception as err:  # the database went away (a restart): start again when it is back
                log.warning("worker %s stopped on %s: %s", self.name, type(err).__name__, err)
            if self._stopping.is_set():
                return
            log.warning("worker %s takes jobs again in %.0f s", self.name, pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, RESTART_MAX_S)

    def _wait_for_schema(self) -> None:
        while not self._stopping.is_set():
            with self.resources.pool.connection() as conn:
                row = conn.execute("SELECT to_regclass('procrastinate_jobs') IS NOT NULL AS there").fetchone()
            if row and row["there"]:
                return
            log.error(
                "the task engine's tables (procrastinate_jobs) are missing from this database; "
                "start `school-agent serve` or `school-agent worker` of this release to migrate it, "
                "or see `school-agent doctor`. Looking again in %.0f s",
                SCHEMA_WAIT_S,
            )
            self._stopping.wait(SCHEMA_WAIT_S)


def run_in_foreground(
    resources: Resources,
    graph: Pregel,
    *,
    concurrency: int,
    parent: int | None = None,
    ready_fd: int | None = None,
) -> None:
    """Run a worker until SIGINT or SIGTERM, or, as `serve`'s child (`parent`), until that process ends.

    `ready_fd`: a pipe on which to tell the parent that the worker takes jobs (agent.worker.attached).
    `serve`'s child leaves Ctrl+C to its parent (agent.worker.attached).
    """
    stop_signals = (signal.SIGTERM,) if parent is not None else (signal.SIGTERM, signal.SIGINT)
    with _signal_pipe(stop_signals) as signalled:
        worker = Worker(resources, graph, concurrency=concurrency)
        worker.start()
        stopped_by = "Ctrl-C stops" if parent is None else f"serve's, pid {parent}"
        print(f"worker {worker.name}: taking jobs, {concurrency} at once ({stopped_by})", flush=True)
        if ready_fd is not None:
            say_ready(ready_fd)
        with settled_heap():  # what start-up built is kept until exit: out of the collector's passes
            while not select.select([signalled], [], [], 1.0)[0]:
                if not worker.alive() or (parent is not None and parent_gone(parent)):
                    break
        worker.stop()  # a signal meanwhile only writes to the socket: it cannot cut this stop short
    if worker.failed is not None:
        raise worker.failed


@contextmanager
def _signal_pipe(signals: tuple[signal.Signals, ...]) -> Iterator[socket.socket]:
    """A socket that becomes readable when one of `signals` arrives; they no longer end the process.

    The signals' handlers do nothing in Python: the interpreter writes each one's number to the
    socket's pair (`signal.set_wakeup_fd`), and the main thread waits on it with `select`. A handler
    that set a `threading.Event` could deadlock: the signal runs it on the main thread, which may hold
    that Event's own lock while it waits on it (an orphaned worker then outlived its parent until
    SIGKILL). When the socket closes the stop is over, and the signals are ignored from then on: one
    that comes late, while the process exits, does not turn its orderly stop into a death by signal
    (the interpreter, as it finalizes, puts back the default action of a signal with a Python handler,
    not of an ignored one).
    """
    readable, written = socket.socketpair()
    for end in (readable, written):
        end.setblocking(False)
    for sig in signals:
        signal.signal(sig, _ignore)
    wakeup = signal.set_wakeup_fd(written.fileno(), warn_on_full_buffer=False)
    try:
        yield readable
    finally:
        signal.set_wakeup_fd(wakeup)
        for sig in signals:
            signal.signal(sig, signal.SIG_IGN)
        readable.close()
        written.close()


def _ignore(_signum: int, _frame: Any) -> None:
    """A Python-level no-op: the signal's arrival is read from the wakeup socket."""
