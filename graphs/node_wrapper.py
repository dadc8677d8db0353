"""Every node of the school graph wrapped: the state migration before it, crash points around it.

Each node is wrapped so that:
- a checkpoint written by an older state shape is upgraded by the first node that runs on it
  (`graphs.state_migrations.migrate`; the upgrade is merged into that node's own update, so it is
  checkpointed with it);
- `SCHOOL_FAULT_POINT=before:<node>` / `after:<node>` kills the process right before the node runs
  or right after it returns (before its checkpoint is written), for the crash sweep.

It changes no node's signature and decides nothing about routing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from langgraph.types import Command

from agent.config import faults
from graphs.state_migrations import migrate


def wrap_node(name: str, node: Callable[..., Any]) -> Callable[..., Any]:
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
