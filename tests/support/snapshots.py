"""Snapshots of what the models see, so that prompt drift shows up in review.

Update after an intended change with `UPDATE_SNAPSHOTS=1 make test` (or the same variable on pytest)
and review the diff of tests/snapshots/.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots"


def check_snapshot(name: str, text: str) -> None:
    """Fail unless `text` equals the snapshot `name`; with UPDATE_SNAPSHOTS=1, write it first."""
    path = SNAPSHOTS / name
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        path.write_text(text)
    if not path.exists():
        pytest.fail(f"no snapshot {path.name}; run with UPDATE_SNAPSHOTS=1 to write it")
    assert text == path.read_text(), f"{name} changed; review, then update with UPDATE_SNAPSHOTS=1"
