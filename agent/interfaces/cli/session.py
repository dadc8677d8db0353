"""What every command shares: exit codes, the input error, and the graph a command works on.

Imports nothing heavy at module level: LangGraph, the graph and the database open inside
`session`, so that `--help` and `db stop` stay fast.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

from agent.config.settings import Settings

if TYPE_CHECKING:
    from langgraph.graph.state import CompiledStateGraph

    from agent.infra.persistence import Resources

    Graph = CompiledStateGraph[Any, Any, Any, Any]
    """The compiled school graph, as the commands see it."""

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2


class CliInputError(ValueError):
    """A command-line value the command cannot use, such as --edit text that is not JSON."""


class RefusedError(CliInputError):
    """A thread refused a request, in process or on a server: the user reads it in one line."""


@contextmanager
def session(settings: Settings | None = None, *, setup: bool = True) -> Iterator[tuple[Resources, Graph]]:
    """Open resources for `settings` (default: the environment's) and build the school graph on them."""
    from agent.runtime.heap import start_up

    with ExitStack() as stack:
        # What the command imports and builds lives until it exits: see agent.runtime.heap.
        with start_up():
            from agent.infra.persistence import open_resources
            from graphs.school import build_graph

            res = stack.enter_context(open_resources(settings or Settings.from_env(), setup=setup))
            graph = build_graph(
                checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
            )
        yield res, graph
