"""What happens at every node boundary of the school graph: state migrations and crash points.

Each node is wrapped so that:
- a checkpoint written by an older state shape is upgraded by the first node that runs on it
  (`migrate`; the upgrade is merged into that node's own update, so it is checkpointed with it);
- `SCHOOL_FAULT_POINT=before:<node>` / `after:<node>` kills the process right before the node runs
  or right after it returns (before its checkpoint is written), for the crash sweep.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from langgraph.types import Command

from agent.config import faults
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


def at_boundaries(name: str, node: Callable[..., Any]) -> Callable[..., Any]:
    """`node` with the migration and the crash points around it (same signature for LangGraph)."""

    @functools.wraps(node)
    def wrapped(state: Any, *args: Any, **kwargs: Any) -> Any:
        faults.point(f"before:{name}")
        upgrade = migrate(dict(state)) if isinstance(state, dict) else {}
        if upgrade:
            state = {**state, **{k: v for k, v in upgrade.items() if k != "usage"}}
        result = node(state, *args, **kwargs)
        faults.point(f"after:{name}")
        return _merged(result, upgrade) if upgrade else result

    return wrapped


def _merged(result: Any, upgrade: dict[str, Any]) -> Any:
    if isinstance(result, Command):
        own = result.update if isinstance(result.update, dict) else {}
        return Command(graph=result.graph, update={**upgrade, **own}, resume=result.resume, goto=result.goto)
    return {**upgrade, **(result or {})}
