"""A run's stream events: written by the worker that executes the run, followed by any API process.

Below the faces because both sides use it: the worker (`agent.runtime.execution`)
writes, the HTTP server (`agent.interfaces.server`) follows. Plain psycopg over `api_runs`; it
must not import LangGraph or a face.

The worker puts each event into the run's `EventWriter`, which keeps it in `api_run_events`
(numbered; `metadata` is 0) and announces it on `api_runs.EVENTS_CHANNEL`: the events before the
run begins go with its start in one statement, and after it a writer thread sends whatever has
gathered in one statement, so a burst of tokens costs one round trip, not one each. Clients
follow a run from the database (`follow`), wherever it executes: an API process holds one
`Wakeups` listener that wakes its followers when their run kept events or ended (a worker
process holds one too, where its running runs hear the stops asked of them), and a follower that
hears nothing still looks every `POLL_S` (behind a transaction pooler, where LISTEN cannot work,
every `POOLED_POLL_S`). Followers wait on the API's event loop (`Pause`, `wait_until`): a
thread is taken only for a query, so a server's threads never bound how many clients can wait.
A client that loses its API process reconnects to any other with its `Last-Event-ID` and gets
exactly the events after it. A thread's stream (`follow_thread`) is its runs' events one run
after the other, each run's end marked.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar, overload

import psycopg
from psycopg_pool import ConnectionPool

from agent.journal import api_runs

log = logging.getLogger(__name__)

Event = tuple[int, str, str]
"""(number, event name, JSON text of its data)."""
KEEP_TRIES = 3
"""Tries to keep a batch of events when the database closed the connection (a restart)."""
POLL_S = 1.0
"""How long a follower waits for a wake-up before it looks at the database anyway."""
POOLED_POLL_S = 0.05
"""How often a follower looks behind a transaction pooler (no wake-ups there)."""
QUIET_READ_S = 10.0
"""How long `wait_until` trusts a read while its listener heard nothing for the run (see there)."""


class EventWriter:
    """The events of one run, kept in the order they were put.

    Events put before the run begins wait for `begin`, which keeps them together with the run's
    start (`began_at`) in one statement, in the caller's thread: a run that nobody streams (a
    `wait`, whose only event is its `metadata`) costs that one statement. Events put afterwards
    are kept by a thread of the writer's own, started with the first of them: whatever has
    gathered goes in one statement, so a burst of tokens costs one round trip, not one each.
    """

    def __init__(self, pool: ConnectionPool[Any], run_id: str, *, first: int) -> None:
        self.pool, self.run_id = pool, run_id
        self.next = first
        self.waiting: list[Event] = []
        self.began = False
        """The run did its first work (`begin`): it was not refused before starting."""
        self.last_values: Any = None
        """The last root `values` chunk the run streamed, as LangGraph gave it."""
        self._changed = threading.Condition()
        self._closing = False
        self._failed: BaseException | None = None
        self._thread: threading.Thread | None = None

    def put(self, event: str, text: str) -> None:
        """Add an event (`text`: its data's JSON text); kept and announced at `begin`, or shortly after it."""
        with self._changed:
            self.waiting.append((self.next, event, text))
            self.next += 1
            if self.began:
                self._start()
                self._changed.notify_all()

    def begin(self) -> None:
        """The run does its first work: keep the events put so far with its start, now.

        Raises what keeping them raised (the database went away): the run has not begun then.
        """
        with self._changed:
            if self.began:
                return
            self.began = True
            batch, self.waiting = self.waiting, []
        self._keep(batch, began=True)
        if self._failed is not None:
            raise self._failed

    def close(self) -> None:
        """Keep every event put so far, then stop; raises what keeping them raised."""
        with self._changed:
            self._closing = True
            self._changed.notify_all()
            thread, batch = self._thread, ([] if self._thread is not None else self.waiting)
            if thread is None:
                self.waiting = []
        if thread is not None:
            thread.join()
        elif batch:  # the run never began (refused, or cut off before): its events all the same
            self._keep(batch, began=False)
        if self._failed is not None:
            raise self._failed

    def _start(self) -> None:
        if self._thread is None and not self._closing:
            self._thread = threading.Thread(
                target=self._write_loop, daemon=True, name=f"events-{self.run_id[:8]}"
            )
            self._thread.start()

    def _write_loop(self) -> None:
        while True:
            with self._changed:
                while not self.waiting and not self._closing:
                    self._changed.wait()
                batch, self.waiting = self.waiting, []
                closing = self._closing
            if batch:
                self._keep(batch, began=False)
            if closing and not self.waiting:
                return

    def _keep(self, batch: list[Event], *, began: bool) -> None:
        for attempt in range(KEEP_TRIES):
            try:
                api_runs.append_events(self.pool, self.run_id, batch, began=began)
                return
            except psycopg.OperationalError as err:  # a connection the database closed: the pool replaces it
                failed: psycopg.Error = err
                time.sleep(0.2 * (attempt + 1))
            except psycopg.Error as err:  # the run goes on; its end says its events were not all kept
                failed = err
                break
        self._failed = failed
        log.warning("could not keep %s events of run %s", len(batch), self.run_id)


class _Key:
    """The wake-ups of one key (a run, a thread's new runs, a thread's stop requests)."""

    __slots__ = ("count", "wakers")

    def __init__(self) -> None:
        self.count = 0
        self.wakers: list[Callable[[], None]] = []
        """How to wake the coroutines waiting (`Wakeups.until_woken`); each wakes its own event loop."""

    def woken(self) -> None:
        """One more wake-up, heard by every waiter. Called under the lock."""
        self.count += 1
        for wake in self.wakers:
            wake()


@dataclass(frozen=True)
class Mark:
    """What a `Wakeups` listener had heard of a key when asked (`Wakeups.mark`)."""

    epoch: int
    key: _Key
    count: int


class Wakeups:
    """One process's listener on `api_runs.EVENTS_CHANNEL`: followers wait on it for their run.

    A notification wakes only the waiters of its own key. `mark` and `quiet_since` let a reader
    skip a query while nothing was announced (a running run's stop requests, `api_runs.stop_key`):
    they answer only while the listener has listened without a break since the mark.
    """

    def __init__(self, url: str, *, listen: bool) -> None:
        self.url, self.listen = url, listen
        self.poll_s = POLL_S if listen else POOLED_POLL_S
        self._lock = threading.Lock()
        self._forgotten: deque[str] = deque()
        """Keys forgotten while the lock was taken (`forget`)."""
        self._keys: dict[str, _Key] = {}
        self._listening = False
        self._epoch = 0
        """Counts the listener's LISTENs: a notification may have been missed between two."""
        self._closed = threading.Event()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()

    def _key(self, key: str) -> _Key:
        found = self._keys.get(key)
        if found is None:
            found = self._keys[key] = _Key()
        return found

    def seen(self, run_id: str) -> int:
        """How many wake-ups the run has had; take it before reading, then `until_woken(run_id, it)`."""
        self.start()
        with self._lock:
            return self._key(run_id).count

    async def until_woken(self, run_id: str, seen: int, timeout: float | None = None) -> None:
        """Until the run has a wake-up after `seen`, or `timeout` (default: the poll interval).

        A coroutine: nothing waiting for a run holds a thread (a server's threads would otherwise
        bound how many runs its clients can wait for, and answer nothing else once they are taken).
        """
        loop = asyncio.get_running_loop()
        woken = asyncio.Event()

        def wake() -> None:  # in the listener's thread; a loop closed meanwhile has nobody to wake
            with suppress(RuntimeError):
                loop.call_soon_threadsafe(woken.set)

        with self._lock:
            key = self._key(run_id)
            if key.count != seen:
                return
            key.wakers.append(wake)
        try:
            await asyncio.wait_for(woken.wait(), self.poll_s if timeout is None else timeout)
        except TimeoutError:
            pass
        finally:
            with self._lock:
                key.wakers.remove(wake)

    def mark(self, key: str) -> Mark | None:
        """Follow `key` from now; what was heard of it, or None when nothing would be (not listening).

        Take it before reading what the key announces; `quiet_since(key, mark)` then says whether
        that read still holds.
        """
        self.start()
        with self._lock:
            if not self._listening:
                return None
            found = self._key(key)
            return Mark(self._epoch, found, found.count)

    def quiet_since(self, key: str, mark: Mark | None) -> bool:
        """Nothing was announced for `key` since `mark`, and the listener has listened throughout."""
        if mark is None:
            return False
        with self._lock:
            return (
                self._listening
                and self._epoch == mark.epoch
                and self._keys.get(key) is mark.key
                and mark.key.count == mark.count
            )

    def forget(self, run_id: str) -> None:
        """The process follows the run no more (its key stays while another follower waits on it).

        Never waits for the lock: a follower's `finally` calls it, and an abandoned follower is
        closed by the garbage collector, in whatever thread it interrupts, which may be inside
        this listener's lock already. A key forgotten while the lock is taken goes when it is next free.
        """
        self._forgotten.append(run_id)
        if not self._lock.acquire(blocking=False):
            return
        try:
            while self._forgotten:
                key = self._forgotten.popleft()
                found = self._keys.get(key)
                if found is not None and not found.wakers:
                    del self._keys[key]
        finally:
            self._lock.release()

    def close(self) -> None:
        """Stop listening."""
        self._closed.set()

    def start(self) -> None:
        """Listen from now (else from the first follower on)."""
        if not self.listen or self._thread is not None:
            return
        with self._start_lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._listen_loop, daemon=True, name="run-wakeups")
                self._thread.start()

    def _listen_loop(self) -> None:
        while not self._closed.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {api_runs.EVENTS_CHANNEL}")
                    with self._lock:
                        self._epoch += 1
                        self._listening = True
                    while not self._closed.is_set():
                        for note in conn.notifies(timeout=1.0):
                            with self._lock:
                                key = self._keys.get(note.payload)
                                if key is not None:
                                    key.woken()
            except psycopg.Error:
                with self._lock:  # at once: what is announced from now on may be missed
                    self._listening = False
                if self._closed.is_set():
                    return
                log.warning("the run wake-up listener lost its connection; reconnecting")
                time.sleep(1.0)
            finally:
                with self._lock:
                    self._listening = False


@dataclass(frozen=True)
class Pause:
    """A follower's wait for a wake-up of `key` after `seen`, up to `timeout` seconds.

    The followers below yield it instead of waiting: their reader waits it out on its event loop
    (`wait`), so a follower takes a thread only for its queries, never while its run is quiet.
    """

    wakeups: Wakeups
    key: str
    seen: int
    timeout: float

    async def wait(self) -> None:
        """Until the wake-up, or the timeout."""
        await self.wakeups.until_woken(self.key, self.seen, self.timeout)


def follow(
    pool: ConnectionPool[Any],
    wakeups: Wakeups,
    thread_id: str,
    run_id: str,
    after: int,
    heartbeat_s: float,
) -> Iterator[list[Event] | Pause | None]:
    """The kept events of a run after number `after` until it has ended; None after `heartbeat_s` of silence.

    The events come as the database gave them, a batch at a time (a burst of tokens the worker
    kept in one statement is one batch). Between looks it yields a `Pause` for its reader to wait out.
    """
    quiet_since = time.monotonic()
    try:
        while True:
            seen = wakeups.seen(run_id)
            batch = api_runs.events_after(pool, run_id, after)
            if batch:
                after = batch[-1][0]
                quiet_since = time.monotonic()
                yield batch
                continue
            run = api_runs.progress(pool, thread_id, run_id)
            if run is None or run["status"] in api_runs.FINAL:
                rest = api_runs.events_after(pool, run_id, after)
                if rest:
                    yield rest
                return
            if time.monotonic() - quiet_since >= heartbeat_s:
                quiet_since = time.monotonic()
                yield None
            yield Pause(wakeups, run_id, seen, min(wakeups.poll_s, heartbeat_s))
    finally:
        wakeups.forget(run_id)


Position = tuple[datetime, int]
"""Where a thread's stream stands: the `created_at` of a run of the thread, and an event number in it."""
THREAD_START: Position = (datetime(1970, 1, 1, tzinfo=UTC), -1)
"""Before the first event of any thread."""


@dataclass(frozen=True)
class ThreadEvent:
    """An event of a thread's stream: one of a run's kept events, or the end of a run."""

    position: Position
    run_id: str
    event: str
    data: str
    """Its JSON text."""


def thread_now(pool: ConnectionPool[Any], thread_id: str) -> Position:
    """Where a stream that joins the thread now starts: after every event kept so far.

    The rest of the run in flight (or, when none is, of the next run) follows.
    """
    run = api_runs.thread_start(pool, thread_id)
    if run is None:
        return THREAD_START
    if run["status"] in api_runs.FINAL:
        return run["created_at"], _ending(run)[-1][0]
    return run["created_at"], run["last_seq"]


def _ending(run: api_runs.ThreadRun) -> list[Event]:
    """The events a thread's stream adds after an ended run's own: `error` if it failed, then its end.

    Numbered on from the run's last kept event, so that `Last-Event-ID` resumes after them too.
    """
    seq = run["last_seq"]
    ending: list[Event] = []
    failure = run["refusal"]
    if run["status"] == "error" and failure is not None:
        seq += 1
        data = {"error": failure.get("error"), "message": failure.get("message")}
        ending.append((seq, "error", json.dumps(data, ensure_ascii=False)))
    done = {"status": "run_done", "run_id": run["run_id"]}
    ending.append((seq + 1, "metadata", json.dumps(done)))
    return ending


def follow_thread(
    pool: ConnectionPool[Any], wakeups: Wakeups, thread_id: str, after: Position, heartbeat_s: float
) -> Iterator[list[ThreadEvent] | Pause | None]:
    """The thread's events after `after`, run after run, as long as the caller reads; None after `heartbeat_s` of silence.

    A run's own events, then (once it has ended) an `error` if it failed and `metadata`
    `{"status": "run_done"}`. Runs on a thread execute one at a time in the order they were
    created, so that order, and the event numbers within a run, is the stream's. Events come a
    batch at a time, and between looks a `Pause`, as in `follow`.
    """
    new_runs = api_runs.thread_key(thread_id)
    followed: set[str] = {new_runs}
    quiet_since = time.monotonic()
    try:
        while True:
            seen, key = wakeups.seen(new_runs), new_runs
            moved = False
            for run in api_runs.thread_runs(pool, thread_id, after[0]):
                start = after[1] if run["created_at"] == after[0] else -1
                if run["status"] not in api_runs.FINAL:
                    # Its end or next events wake this follower; looked at again once listening.
                    key = run["run_id"]
                    followed.add(key)
                    seen = wakeups.seen(key)
                    now = api_runs.progress(pool, thread_id, key)
                    if now is not None and now["status"] in api_runs.FINAL:
                        moved = True  # read it again as an ended run
                        break
                    batch = api_runs.events_after(pool, key, start)
                else:
                    batch = [*api_runs.events_after(pool, run["run_id"], start)]
                    batch += [e for e in _ending(run) if e[0] > start]
                events: list[ThreadEvent] = []
                for seq, name, text in batch:
                    after = (run["created_at"], seq)
                    events.append(ThreadEvent(after, run["run_id"], name, text))
                if events:
                    yield events
                moved = moved or bool(batch)
                if run["status"] not in api_runs.FINAL:
                    break  # the runs after it have not begun
            if moved:
                quiet_since = time.monotonic()
                continue
            if time.monotonic() - quiet_since >= heartbeat_s:
                quiet_since = time.monotonic()
                yield None
            yield Pause(wakeups, key, seen, min(wakeups.poll_s, heartbeat_s))
    finally:
        for key in followed:
            wakeups.forget(key)


@overload
async def wait_until(
    pool: ConnectionPool[Any],
    wakeups: Wakeups,
    thread_id: str,
    run_id: str,
    *,
    begun: Literal[False] = False,
    since: Mark | None = None,
) -> api_runs.RunRow | None: ...
@overload
async def wait_until(
    pool: ConnectionPool[Any],
    wakeups: Wakeups,
    thread_id: str,
    run_id: str,
    *,
    begun: bool,
    since: Mark | None = None,
) -> api_runs.RunRow | api_runs.RunProgress | None: ...
async def wait_until(
    pool: ConnectionPool[Any],
    wakeups: Wakeups,
    thread_id: str,
    run_id: str,
    *,
    begun: bool = False,
    since: Mark | None = None,
) -> api_runs.RunRow | api_runs.RunProgress | None:
    """The run's record once it has ended; None if it is gone.

    With `begun`: once it did its first work, and only where it stands (`api_runs.progress`).
    `since`: the mark of the key waited for (`api_runs.end_key`, or the run's id with `begun`),
    taken before the run was recorded; while nothing was announced since, the run is not read.
    A coroutine: a request waiting for its run holds no thread while the run goes on (a server's
    threads would otherwise bound how many runs its clients can wait for at once); each read of
    the run takes one for its query.
    """
    # Waiting only for the end, it wakes only at the end (`api_runs.end_key`), and reads the whole
    # record each time (the end is then read once, not twice).
    if begun:
        return await _waited(
            pool, wakeups, thread_id, run_id, run_id, api_runs.progress, begun=True, since=since
        )
    return await _waited(
        pool, wakeups, thread_id, run_id, api_runs.end_key(run_id), api_runs.get, since=since
    )


async def wait_for_ending(
    pool: ConnectionPool[Any], wakeups: Wakeups, thread_id: str, run_id: str, *, since: Mark | None = None
) -> api_runs.RunEnd | None:
    """As `wait_until` for the end, read as `api_runs.ending`: the result as JSON text, for `wait` to pass on."""
    return await _waited(
        pool, wakeups, thread_id, run_id, api_runs.end_key(run_id), api_runs.ending, since=since
    )


R = TypeVar("R", api_runs.RunRow, api_runs.RunProgress, api_runs.RunEnd)


async def _waited(
    pool: ConnectionPool[Any],
    wakeups: Wakeups,
    thread_id: str,
    run_id: str,
    key: str,
    read: Callable[[ConnectionPool[Any], str, str], R | None],
    *,
    begun: bool = False,
    since: Mark | None = None,
) -> R | None:
    """`wait_until`'s wait: the run read with `read` once it has ended (or begun, with `begun`), woken by `key`."""
    # While the listener has listened throughout and nothing was announced for the key, what was
    # read still holds (every end, start and removal of a run is announced): it is read again only
    # after `QUIET_READ_S`, a bound for a change nobody announced.
    try:
        if since is not None:
            await _quiet(wakeups, key, since, since.count)
        while True:
            mark = wakeups.mark(key)
            seen = wakeups.seen(key)
            run = await asyncio.to_thread(read, pool, thread_id, run_id)
            if run is None or run["status"] in api_runs.FINAL:
                return run
            if begun and run["began_at"] is not None:
                return run
            await wakeups.until_woken(key, seen)
            await _quiet(wakeups, key, mark, seen)
    finally:
        wakeups.forget(key)


async def _quiet(wakeups: Wakeups, key: str, mark: Mark | None, seen: int) -> None:
    """Wait while nothing was announced for `key` since `mark`, up to `QUIET_READ_S`."""
    read_again = time.monotonic() + QUIET_READ_S
    while wakeups.quiet_since(key, mark) and time.monotonic() < read_again:
        await wakeups.until_woken(key, seen)
