"""The background worker of a server process: claims queued runs (`agent.journal.jobs`) and performs them.

Every server process runs one; they share the queue in Postgres, and `SKIP LOCKED` hands each job
to exactly one of them. A job whose thread is busy goes back to the queue for a second later.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from typing import Any

from agent.infra.locks import ThreadBusyError
from agent.journal import jobs
from agent.runtime import threads

log = logging.getLogger(__name__)
BUSY_RETRY_S = 1.0


class JobWorker:
    """Polls the job queue in a daemon thread until stopped."""

    def __init__(self, service: Any, *, poll_s: float = 0.3, name: str | None = None) -> None:
        self.service = service
        self.poll_s = poll_s
        self.name = name or f"{socket.gethostname()}:{os.getpid()}"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True, name="job-worker")

    def start(self) -> None:
        """Start polling."""
        self._thread.start()

    def stop(self) -> None:
        """Stop after the job in hand, if any."""
        self._stop.set()
        self._thread.join(timeout=30)

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                worked = self.run_once()
            except Exception as err:  # the worker must outlive one bad job or a database hiccup
                log.error("job worker: %s", type(err).__name__, exc_info=err)
                worked = False
            if not worked:
                self._stop.wait(self.poll_s)

    def run_once(self) -> bool:
        """Claim and perform one job; False when the queue had none ready."""
        pool = self.service.resources.pool
        job = jobs.claim(pool, self.name)
        if job is None:
            return False
        payload = job["payload"]
        try:
            turn = threads.send(
                self.service.graph,
                job["thread_id"],
                payload["message"],
                user_id=payload["user_id"],
                settings=self.service.resources.settings,
            )
        except ThreadBusyError:
            jobs.retry_later(pool, job["id"], seconds=BUSY_RETRY_S)
            return True
        except threads.ThreadError as err:
            jobs.finish(pool, job["id"], error=f"{type(err).__name__}: {err}")
            return True
        except Exception as err:
            jobs.finish(pool, job["id"], error=type(err).__name__)
            raise
        jobs.finish(
            pool,
            job["id"],
            result={"replies": turn.replies, "pending": turn.pending is not None, "worker": self.name},
        )
        return True
