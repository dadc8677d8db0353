"""The heap after start-up: left out of the collector's passes while the block runs, given back after."""

from __future__ import annotations

import gc

from agent.runtime.heap import settled_heap


def _walked(obj: object) -> bool:
    """Whether the collector's passes walk `obj` (frozen objects are in none of its generations)."""
    return any(o is obj for o in gc.get_objects())


def test_what_exists_at_start_is_left_out_and_what_comes_later_is_collected_as_before() -> None:
    built_at_start = [object()]
    with settled_heap():
        built_later = [object()]
        assert not _walked(built_at_start)
        assert _walked(built_later)
    assert gc.get_freeze_count() == 0
    assert _walked(built_at_start)
