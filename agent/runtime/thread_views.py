"""What a request must know of a thread before it runs, without re-reading the whole thread each time.

Before each turn `threads.send` needs the thread's owner and whether a crashed run left work
behind. `graph.get_state` answers that by loading and deserialising the whole state (three
statements, and the conversation). When a run ends, this process remembers those facts with the
thread's head checkpoint and the run's journal turn; the next request on the thread reads both in
the round trip that takes the thread's lock, and reads the state only when anything else
happened meanwhile. Every run, in any process, records a turn before it touches the graph and a
checkpoint per step, so a run elsewhere (finished, failed or cut off) always changes one of them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agent.infra.locks import Query

if TYPE_CHECKING:
    from agent.runtime.runs import Pregel

CACHE_SIZE = 10_000
"""Threads remembered per process (least recently used first out)."""

_HEAD_SQL = """
SELECT (SELECT max(checkpoint_id) FROM checkpoints WHERE thread_id = %(t)s AND checkpoint_ns = '') AS head,
       (SELECT max(id) FROM turns WHERE thread_id = %(t)s) AS turn
"""


@dataclass(frozen=True)
class ThreadView:
    """A thread as a request sees it before running."""

    student_id: str | None
    unfinished: bool
    """A run was cut off: the thread has work left and is not waiting for an approval."""


@dataclass(frozen=True)
class _Known:
    head: str | None
    turn: int | None
    view: ThreadView


class ThreadViews:
    """A process's memory of the threads its runs left, checked against the database before use."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._known: OrderedDict[str, _Known] = OrderedDict()
        self._lock = threading.Lock()

    def view(self, graph: Pregel, thread_id: str, head: Mapping[str, Any] | None) -> ThreadView:
        """The thread's view: remembered if nothing happened since, else read from its state.

        `head` is the row of `head_query`, read under the thread's lock (None without locks:
        always read).
        """
        known = self.unchanged(thread_id, head)
        if known is not None:
            return known
        self.forget(thread_id)
        if head is not None and head["head"] is None:
            # No checkpoint under the lock: the state is empty, as `get_state` would load it.
            return ThreadView(student_id=None, unfinished=False)
        state = graph.get_state({"configurable": {"thread_id": thread_id}})
        owner = state.values.get("student_id")
        return ThreadView(
            student_id=str(owner) if owner else None, unfinished=bool(state.next) and not state.interrupts
        )

    def unchanged(self, thread_id: str, head: Mapping[str, Any] | None) -> ThreadView | None:
        """The remembered view when nothing happened to the thread since (`head`: as in `view`), else None."""
        with self._lock:
            known = self._known.get(thread_id)
        now = (head["head"], head["turn"]) if head is not None else None
        if known is not None and now == (known.head, known.turn):
            return known.view
        return None

    def remembers(self, thread_id: str) -> bool:
        """Whether a run of this process left the thread and it is still remembered (maybe changed since)."""
        with self._lock:
            return thread_id in self._known

    @staticmethod
    def head_query(thread_id: str) -> Query:
        """What `view` compares: the thread's head checkpoint and latest journal turn (SQL, params)."""
        return _HEAD_SQL, {"t": thread_id}

    def remember(self, thread_id: str, *, head: str | None, turn: int | None, view: ThreadView) -> None:
        """What a run left: the head checkpoint it wrote last, its journal turn, the view after it."""
        with self._lock:
            self._known[thread_id] = _Known(head, turn, view)
            self._known.move_to_end(thread_id)
            while len(self._known) > self.size:
                self._known.popitem(last=False)

    def forget(self, thread_id: str) -> None:
        """Drop what is known of the thread (a run on it failed, or it changed elsewhere)."""
        with self._lock:
            self._known.pop(thread_id, None)


views = ThreadViews()
"""The process's thread views, shared by every graph of the process, keyed by thread id alone:
checkpoint ids are unique across databases too, so a view remembered from another database never
matches."""
