"""State migrations: how a checkpoint written by an older shape of the school graph's state is upgraded.

`migrate` returns the update that brings a state to `SCHEMA_VERSION`; `graphs.node_wrapper` applies
it in the first node that runs on an old checkpoint. Nothing here runs a node or touches a database.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agent.llm.usage import NO_USAGE

SCHEMA_VERSION = 2
"""The state shape this code writes. 1: the first release (no run metadata, usage, programs)."""


def _v1_to_v2(values: dict[str, Any]) -> dict[str, Any]:
    """Version 2 added run metadata, usage totals, programs and their queue."""
    update: dict[str, Any] = {}
    if "turn" not in values:
        update["turn"] = None
    if not values.get("usage"):  # a reducer channel reads as {} before its first write
        update["usage"] = NO_USAGE  # adding zero to nothing sets it to zero
    if "program" not in values:
        update["program"] = None
    if "queued" not in values:
        update["queued"] = []
    return update


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}
"""From version N to N+1. A change to the state's shape adds one here and bumps SCHEMA_VERSION."""


def migrate(values: dict[str, Any]) -> dict[str, Any]:
    """The update that brings a state to SCHEMA_VERSION (empty when it is there already)."""
    version = int(values.get("schema_version") or 1)
    if version > SCHEMA_VERSION:
        message = (
            f"this thread was written by a newer version (state schema {version}); "
            f"this code knows up to {SCHEMA_VERSION}"
        )
        raise RuntimeError(message)
    update: dict[str, Any] = {}
    while version < SCHEMA_VERSION:
        update |= MIGRATIONS[version]({**values, **update})
        version += 1
    if version != values.get("schema_version"):
        update["schema_version"] = SCHEMA_VERSION
    return update
