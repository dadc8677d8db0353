"""What the application's saver last wrote for each thread, to answer a run's first read without a query.

A turn starts by loading its thread's newest checkpoint: one query for the checkpoint with its
blobs and pending writes, and two more to rebuild the conversation (a delta channel) from the
writes since its last snapshot. When the newest checkpoint is the one this process wrote last,
all of that is already here: the checkpoint as stored, the blobs of each channel at its version,
and (from the run that wrote it, `Heads.hold_values`) the delta channels' values. The caller says
when it knows the database's newest checkpoint to be that one (`Heads.expect`, checked under the
thread's lock in the lock's own round trip), and only the next load of that thread is answered
from here; any doubt (a write not seen, pending writes, a failed write, a value not handed over)
sends the load to the database as before.

Only the root namespace is kept; nothing here opens a connection or knows about the runtime.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from langgraph.checkpoint.base import CheckpointTuple
from langgraph.checkpoint.serde.base import SerializerProtocol

CACHE_SIZE = 1_000
"""Threads kept per saver (least recently written first out): each holds its conversation."""

Blob = tuple[str, str, bytes | None]
"""A channel's stored value: (version, serializer type, bytes), as in `checkpoint_blobs`."""


@dataclass(frozen=True)
class Head:
    """A thread's newest checkpoint as this process stored (or read) it."""

    checkpoint_id: str
    parent_id: str | None
    checkpoint: Mapping[str, Any]
    """The checkpoint as stored (its inline channel values only), never changed: a load gets a copy.

    Kept as the saver's put built it, not as JSON: a turn stores several checkpoints and its next
    load reads only the last, so the copy is made once, when a load is answered (`Heads.answer`).
    The stock put builds it for its statement alone (a copy of the run's checkpoint, its values
    copied again), and nothing changes it after the statement is sent."""
    metadata: str
    """The metadata as stored, JSON."""
    blobs: Mapping[str, Blob]
    """Each channel's blob at the version the checkpoint names (as the load's join finds them)."""
    writes: bool = False
    """Writes were saved against it (the load would return them): not answered from here."""
    values: Mapping[str, Any] | None = None
    """Delta channels' values at this checkpoint, handed over by the run that wrote it."""
    delta: frozenset[str] = frozenset()
    """The graph's delta channels (whose values a load rebuilds from writes)."""


@dataclass
class Heads:
    """The heads of one saver's threads, and the loads the caller expects to be theirs."""

    size: int = CACHE_SIZE
    _known: OrderedDict[str, Head] = field(default_factory=OrderedDict)
    _expected: dict[str, str] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def stored(
        self,
        thread_id: str,
        parent_id: str | None,
        checkpoint: Mapping[str, Any],
        metadata: Mapping[str, Any],
        blob_rows: Iterable[Sequence[Any]],
    ) -> None:
        """A checkpoint was stored (`checkpoint` as in the table, its new blobs' rows as inserted).

        It becomes the head when it follows the head known (its parent); otherwise what is
        known of the thread is dropped: blobs stored before would be missing.
        """
        new = {str(row[2]): (str(row[3]), str(row[4]), row[5]) for row in blob_rows}
        versions: Mapping[str, Any] = checkpoint.get("channel_versions") or {}
        with self._lock:
            known = self._known.pop(thread_id, None)
            if known is None or known.checkpoint_id != (parent_id or ""):
                return
            blobs: dict[str, Blob] = {}
            for channel, version in versions.items():
                found = new.get(channel) or known.blobs.get(channel)
                if found is not None and found[0] == str(version):
                    blobs[channel] = found
            self._remember(
                thread_id,
                Head(str(checkpoint["id"]), parent_id, checkpoint, _json(metadata), blobs),
            )

    def loaded(self, row: Mapping[str, Any]) -> None:
        """The thread's newest checkpoint was read from the database (LangGraph's row, bytes as read)."""
        blobs: dict[str, Blob] = {}
        versions: Mapping[str, Any] = row["checkpoint"].get("channel_versions") or {}
        for channel, kind, blob in row["channel_values"] or []:
            name = bytes(channel).decode()
            blobs[name] = (str(versions.get(name)), bytes(kind).decode(), blob)
        head = Head(
            str(row["checkpoint_id"]),
            row["parent_checkpoint_id"],
            json.loads(_json(row["checkpoint"])),  # its own copy: LangGraph's load shares the row's
            _json(row["metadata"]),
            blobs,
            writes=bool(row["pending_writes"]),
        )
        with self._lock:
            self._remember(str(row["thread_id"]), head)

    def loaded_nothing(self, thread_id: str) -> None:
        """The thread has no checkpoint in the database: its first one starts what is known."""
        with self._lock:
            self._remember(thread_id, Head("", None, {}, "{}", {}))

    def wrote_against(self, thread_id: str, checkpoint_id: str) -> None:
        """Writes were saved against a checkpoint of the thread."""
        with self._lock:
            known = self._known.get(thread_id)
            if known is not None and known.checkpoint_id == checkpoint_id:
                self._known[thread_id] = replace(known, writes=True)

    def hold_values(
        self, thread_id: str, checkpoint_id: str, values: Mapping[str, Any], delta: frozenset[str]
    ) -> None:
        """The values of the `delta` channels at the thread's checkpoint `checkpoint_id` (a run's last state)."""
        kept = {name: _copy(values[name]) for name in delta if name in values}
        with self._lock:
            known = self._known.get(thread_id)
            if known is not None and known.checkpoint_id == checkpoint_id:
                self._known[thread_id] = replace(known, values=kept, delta=delta)

    def expect(self, thread_id: str, checkpoint_id: str) -> None:
        """Say that the thread's newest checkpoint in the database is `checkpoint_id`.

        And that nothing was written against it that this process has not seen: the thread's next
        load may be answered from here.
        """
        with self._lock:
            self._expected[thread_id] = checkpoint_id

    def answer(self, thread_id: str, serde: SerializerProtocol) -> CheckpointTuple | None:
        """The load of the thread's newest checkpoint, if it was expected and all of it is known."""
        with self._lock:
            expected = self._expected.pop(thread_id, None)
            known = self._known.get(thread_id)
        if expected is None or known is None or known.checkpoint_id != expected or known.writes:
            return None
        if known.values is None:
            return None  # the run that wrote it did not hand its state over (it failed or paused)
        checkpoint = json.loads(_json(known.checkpoint))
        inline = checkpoint.get("channel_values") or {}
        values = dict(inline)
        for channel, (_, kind, blob) in known.blobs.items():
            if kind != "empty":
                values[channel] = serde.loads_typed((kind, blob))  # type: ignore[arg-type]
        for channel in known.delta:
            if channel in checkpoint["channel_versions"] and channel not in values:
                if channel not in known.values:
                    return None  # the database would rebuild it; nobody handed its value over
                values[channel] = _copy(known.values[channel])
        checkpoint["channel_values"] = values
        config = {"configurable": {"thread_id": thread_id, "checkpoint_ns": ""}}
        parent = (
            {"configurable": {**config["configurable"], "checkpoint_id": known.parent_id}}
            if known.parent_id
            else None
        )
        return CheckpointTuple(
            {"configurable": {**config["configurable"], "checkpoint_id": known.checkpoint_id}},
            checkpoint,
            json.loads(known.metadata),
            parent,  # type: ignore[arg-type]
            [],
        )

    def forget(self, thread_id: str | None = None) -> None:
        """Drop what is known of the thread (of every thread with None)."""
        with self._lock:
            if thread_id is None:
                self._known.clear()
                self._expected.clear()
            else:
                self._known.pop(thread_id, None)
                self._expected.pop(thread_id, None)

    def _remember(self, thread_id: str, head: Head) -> None:
        self._known[thread_id] = head
        self._known.move_to_end(thread_id)
        while len(self._known) > self.size:
            self._known.popitem(last=False)


def _json(value: Mapping[str, Any]) -> str:
    return json.dumps(value)


def _copy(value: Any) -> Any:
    """A list's own copy (a reducer may extend it in place); other values as they are."""
    return list(value) if isinstance(value, list) else value
