"""The heap after start-up: left out of the collector's passes while the block runs, given back after."""

from __future__ import annotations

import gc

import pytest

from agent.runtime import heap
from agent.runtime.heap import settled_heap, start_up


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


def test_a_start_up_runs_no_collector_pass_and_leaves_what_it_built_frozen_until_exit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    passes: list[str] = []

    def count(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(phase)

    gc.callbacks.append(count)
    monkeypatch.setattr(heap, "_freezing", False)
    heap.freeze_start_ups()  # as the command's own entry point does; undone by monkeypatch
    try:
        with start_up():
            assert not gc.isenabled()
            built = [object()]
            for _ in range(50_000):  # far beyond the youngest generation's threshold
                [object()]
        assert gc.isenabled()
        assert passes == []
        assert not _walked(built)
        assert gc.get_freeze_count() > 0
    finally:
        gc.callbacks.remove(count)
        gc.unfreeze()  # this test's process is not a command's: it lives on


def test_a_start_up_in_a_process_that_is_not_a_commands_own_freezes_nothing() -> None:
    with start_up():
        built = [object()]
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    assert _walked(built)
