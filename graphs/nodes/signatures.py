"""The shapes of node functions as LangGraph calls them: what a `make_*` factory returns.

LangGraph passes `config` and `runtime` to a node by name; these protocols say so, and so let
mypy check a factory's node against `StateGraph.add_node` (a plain `Callable[[S, Runtime], R]`
names no parameters and matches none of its overloads).
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime
from langgraph.typing import ContextT

S_contra = TypeVar("S_contra", contravariant=True)
R_co = TypeVar("R_co", covariant=True)


class StateNode(Protocol[S_contra, R_co]):
    """A node that reads only the state."""

    def __call__(self, state: S_contra) -> R_co:
        """Run the node."""
        ...


class ConfigNode(Protocol[S_contra, R_co]):
    """A node that also reads the run's config (its thread id, say)."""

    def __call__(self, state: S_contra, config: RunnableConfig) -> R_co:
        """Run the node."""
        ...


class RuntimeNode(Protocol[S_contra, R_co, ContextT]):
    """A node that also reads the run's runtime: its context (the user, per-run models), its store.

    `RuntimeNode[State, Result, Context]`: the context type comes last, as LangGraph's `ContextT`
    has a default.
    """

    def __call__(self, state: S_contra, *, runtime: Runtime[ContextT]) -> R_co:
        """Run the node."""
        ...
