"""What a catalog read gave at a version, kept for the work that read that version just now.

A turn reads the knowledge base's and the catalog's version in the round trip that takes its
thread's lock (`knowledge.version_read`). A read that depends only on what the version covers
(course ids and rows, cohort ids and their courses, documents) is then answered from what it gave
at that version before, with no query: a change committed before the version was read changes
the version, and one committed after it is seen by the next turn. Without a version read now
(a caller outside a turn), the read is made as always and nothing is kept.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from agent.domain import knowledge

T = TypeVar("T")

KEPT_VERSIONS = 8
"""Versions each kept read holds (the versions of the databases one process serves)."""


class AtVersion(Generic[T]):
    """One read's results by catalog version, the oldest version dropped past `KEPT_VERSIONS`.

    Keep only values nobody changes (frozensets, tuples, mappings the callers copy).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[tuple[Any, ...], T] = {}

    def get(self, read: Callable[[], T]) -> T:
        """What `read` gave at the version read now: kept from before, or read now (and kept)."""
        version = knowledge.version_read_now()
        if version is not None:
            with self._lock:
                if version in self._kept:
                    return self._kept[version]
        value = read()
        if version is not None:
            # Read after the version: what it had, or a later catalog, which later turns read as a new version.
            with self._lock:
                if version not in self._kept and len(self._kept) >= KEPT_VERSIONS:
                    del self._kept[next(iter(self._kept))]
                self._kept[version] = value
        return value
