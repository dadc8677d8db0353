"""A run's stream events: numbered, handed to every client that follows the run, kept for rejoins.

The process that executes a run puts each event into the run's `Feed` as it happens; clients in
the same process follow the feed from memory. A feed that `keep`s (a resumable stream, a
background run) also writes its events to `api_run_events` at each step boundary and when the
run ends, before the run's status does, so a client of any process can rejoin the stream from
its `Last-Event-ID` (`follow_kept`), the events it missed first and then the rest as they are
kept. Event ids are the events' numbers in the run (`metadata` is 0).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

from psycopg_pool import ConnectionPool

from agent.journal import api_runs

Event = tuple[int, str, str]
"""(number, event name, JSON text of its data)."""
POLL_S = 0.2
"""How often a client following a run of another process asks the database for new events."""


class Feed:
    """The events of one run executed by this process."""

    def __init__(self, pool: ConnectionPool[Any], run_id: str, *, keep: bool) -> None:
        self.pool, self.run_id, self.keep = pool, run_id, keep
        self.events: list[Event] = []
        self.kept = 0
        self.ended = False
        self.changed = threading.Condition()
        self.first = threading.Event()
        """Set when the run has started its work, waits in the thread's queue, or has ended."""
        self.error: BaseException | None = None
        """The error the run ended with, if any."""
        self.began = False
        """The run produced a progress event (it was not refused before starting)."""
        self.last_values: Any = None
        """The last state the run streamed (its root `values` chunk, as LangGraph gave it)."""

    def put(self, event: str, data: Any) -> None:
        """Add an event (`data`: plain JSON types) and wake the clients that follow the run."""
        text = json.dumps(data, ensure_ascii=False)
        with self.changed:
            self.events.append((len(self.events), event, text))
            self.changed.notify_all()

    def keep_now(self) -> None:
        """Write the events not kept yet (a step boundary, or the run's end)."""
        if not self.keep:
            return
        with self.changed:
            new = self.events[self.kept :]
        api_runs.append_events(self.pool, self.run_id, new)
        self.kept += len(new)

    def end(self, error: BaseException | None = None) -> None:
        """The run ended (its events are kept by now): wake everyone who waits for it."""
        with self.changed:
            self.error = error
            self.ended = True
            self.changed.notify_all()
        self.first.set()

    def follow(self, after: int, heartbeat_s: float) -> Iterator[Event | None]:
        """The events after number `after` as they come, None after `heartbeat_s` of silence."""
        index = after + 1
        while True:
            with self.changed:
                if index >= len(self.events) and not self.ended:
                    self.changed.wait(heartbeat_s)
                batch, ended = self.events[index:], self.ended
            index += len(batch)
            yield from batch
            if ended and index >= len(self.events):
                return
            if not batch:
                yield None

    def wait(self) -> None:
        """Block until the run ends."""
        with self.changed:
            while not self.ended:
                self.changed.wait()


def follow_kept(
    pool: ConnectionPool[Any], thread_id: str, run_id: str, after: int, heartbeat_s: float
) -> Iterator[Event | None]:
    """The kept events of a run (of any process) after number `after`, until it has ended."""
    quiet_since = time.monotonic()
    while True:
        batch = api_runs.events_after(pool, run_id, after)
        if batch:
            after = batch[-1][0]
            quiet_since = time.monotonic()
            yield from batch
            continue
        run = api_runs.get(pool, thread_id, run_id)
        if run is None or run["status"] in api_runs.FINAL:
            yield from api_runs.events_after(pool, run_id, after)
            return
        if time.monotonic() - quiet_since >= heartbeat_s:
            quiet_since = time.monotonic()
            yield None
        time.sleep(POLL_S)
