"""A turn run in a worker thread, its progress events handed to an HTTP response as they happen.

The run starts before the response: an error raised before its first event (a busy thread, a
foreign thread, bad input) becomes a plain JSON error with its status code; after that, progress
streams as Server-Sent Events and a late failure is the stream's last `error` event.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable, Iterator
from typing import Any

from agent.runtime.runs import OnEvent

_DONE = object()


class Started:
    """A run in a thread whose events can be read as SSE."""

    def __init__(self, work: Callable[[OnEvent], Any]) -> None:
        self.events: queue.Queue[Any] = queue.Queue()
        self.first = threading.Event()
        self.error: BaseException | None = None
        self.result: Any = None
        self.thread = threading.Thread(target=self._run, args=(work,), daemon=True, name="turn")
        self.thread.start()

    def _run(self, work: Callable[[OnEvent], Any]) -> None:
        def on_event(name: str, data: dict[str, Any]) -> None:
            self.events.put((name, data))
            self.first.set()

        try:
            self.result = work(on_event)
        except BaseException as err:  # handed to the response: raised before the stream, or sent in it
            self.error = err
        finally:
            self.first.set()
            self.events.put(_DONE)

    def failed_before_start(self) -> BaseException | None:
        """Wait for the first event; the error if the run failed before producing one."""
        self.first.wait()
        return self.error if self.events.qsize() <= 1 and self.error is not None else None

    def stream(self, describe_error: Callable[[BaseException], tuple[int, str, str]]) -> Iterator[str]:
        """The events as SSE text, ending with an `error` event if the run failed mid-way."""
        while (item := self.events.get()) is not _DONE:
            name, data = item
            yield format_event(name, data)
        if self.error is not None:
            status, code, message = describe_error(self.error)
            yield format_event("error", {"status": status, "error": code, "message": message})

    def wait(self) -> Any:
        """Wait for the run; its result, or raise its error."""
        self.thread.join()
        if self.error is not None:
            raise self.error
        return self.result


def format_event(name: str, data: dict[str, Any]) -> str:
    """One Server-Sent Event."""
    return f"event: {name}\ndata: {json.dumps(data, default=str, ensure_ascii=False)}\n\n"
