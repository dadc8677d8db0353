"""Every private internal of a dependency that the project relies on, in one place.

The application reaches each of them only through the helper named below, and
tests/test_internals.py checks each against the installed version, so that an upgrade that moves
one fails a test that names it instead of changing behaviour silently. pgserver is imported only
by the helpers that need it: a server-backed deployment never loads it.

| Internal | Used through (by) | Why | What breaks if an upgrade changes it |
|---|---|---|---|
| `pgserver.PostgresServer._instances`: class-level dict, resolved data dir → server handle | `forget_stopped_server` (`persistence.embedded_url`) | pgserver caches one handle per data dir and trusts it forever; a server stopped since (`school-agent db stop`, another process) would be handed back and never started again | in one process, a restart after a stop yields a handle to a stopped server: connections refused |
| `pgserver._commands.pg_ctl(args, pgdata=..., **subprocess_kwargs)` | `pg_ctl` (`persistence.stop_embedded`) | pgserver has no public "stop and keep the data"; its wrapper runs the bundled binary, as the right user when root | `school-agent db stop` fails |
| `_DELTA_PAGE_SIZE` in `langgraph.checkpoint.postgres` and `.aio`: an int read as a module global at each delta rebuild | `set_delta_page_size` (`savers.tune_delta_paging`: the app's saver and Studio's) | LangGraph reads 1024 checkpoints a page when it rebuilds a delta channel and takes no parameter for it; about 100 are needed | every state load of a long thread reads ten times the rows again, silently |
| `PostgresSaver.lock`: a `threading.Lock` that `_cursor` enters around every query | `drop_saver_lock` (`savers.PooledPostgresSaver`) | over a pool each query has a connection of its own; the lock only makes concurrent runs queue behind each other | concurrent turns queue on one lock again, silently |
| `langgraph.graph.message._messages_delta_reducer(state, writes)` | `messages_delta_reducer` (`graphs.state`, `bench.stock`) | the batch reducer a `DeltaChannel` of messages needs; LangGraph ships it as experimental and private | the state cannot be declared: an import error at start |
| `langgraph.checkpoint.serde.types._DeltaSnapshot(value)`: the blob that ends a delta channel's walk back through its ancestors | `delta_snapshot` (`upkeep.thread_pruning`) | pruning a thread to its latest checkpoint must first write the conversation whole onto that checkpoint, and LangGraph has no public way to write a snapshot | `keep_latest` pruning leaves a checkpoint whose conversation cannot be rebuilt: the thread's messages are lost |
| `langgraph.pregel._executor.get_executor_for_config`: the module global (LangChain's function) that `BackgroundExecutor` calls for each sync run's thread pool | `use_run_executor` (`run_threads`, entered by `runtime.runs.run`) | LangGraph starts a pool per run and joins its threads at the end: about three threads started and joined a turn | the runs start their threads anew each time again: slower, silently |
"""

from __future__ import annotations

import contextlib
import importlib.metadata
from pathlib import Path
from types import ModuleType
from typing import Any

from langchain_core.runnables.config import get_executor_for_config
from langgraph.checkpoint.serde.types import _DeltaSnapshot
from langgraph.graph.message import _messages_delta_reducer
from langgraph.pregel import _executor

messages_delta_reducer = _messages_delta_reducer
"""LangGraph's batch reducer for a `DeltaChannel` of messages (append, replace by id, remove)."""
delta_snapshot = _DeltaSnapshot
"""LangGraph's snapshot of a `DeltaChannel`'s whole value, as a saver stores it in a blob."""

DELTA_PAGE_SIZE_NAME = "_DELTA_PAGE_SIZE"
"""The module global of LangGraph's Postgres savers that sizes a delta rebuild's pages."""


class InternalChangedError(RuntimeError):
    """A dependency's private internal that the project relies on is gone or changed shape."""


def changed(distribution: str, what: str) -> InternalChangedError:
    """The error for an internal of `distribution` that no longer is what `what` says."""
    try:
        version = importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        version = "(version unknown)"
    message = (
        f"{distribution} {version}: {what}. An upgrade changed an internal the project relies on; "
        "see agent/infra/internals.py and tests/test_internals.py"
    )
    return InternalChangedError(message)


run_executor = get_executor_for_config
"""LangChain's per-run thread pool (a context manager taking the run's config), as LangGraph uses it."""


def use_run_executor(factory: Any) -> None:
    """Make `factory` (called as `run_executor` is) give LangGraph's sync runs their thread pools."""
    current = getattr(_executor, "get_executor_for_config", None)
    if current is not get_executor_for_config and current is not factory:
        raise changed("langgraph", "langgraph.pregel._executor takes its pools from something else")
    _executor.get_executor_for_config = factory


def set_delta_page_size(module: ModuleType, size: int) -> None:
    """Set how many checkpoints a LangGraph Postgres saver module (sync or async) reads a page."""
    if not isinstance(getattr(module, DELTA_PAGE_SIZE_NAME, None), int):
        raise changed("langgraph-checkpoint-postgres", f"{module.__name__} has no int {DELTA_PAGE_SIZE_NAME}")
    setattr(module, DELTA_PAGE_SIZE_NAME, size)


def drop_saver_lock(saver: Any) -> None:
    """Replace a `PostgresSaver`'s saver-wide lock with a no-op (its queries then run side by side)."""
    if not hasattr(saver, "lock"):
        raise changed("langgraph-checkpoint-postgres", f"{type(saver).__name__} has no `lock` to drop")
    saver.lock = contextlib.nullcontext()


def _server_instances() -> dict[Path, Any]:
    import pgserver  # imported here: a server-backed deployment never loads it

    instances = getattr(pgserver.PostgresServer, "_instances", None)
    if not isinstance(instances, dict):
        raise changed("pgserver", "PostgresServer has no dict `_instances` (its cache of server handles)")
    return instances


def forget_stopped_server(pgdata: Path) -> None:
    """Drop pgserver's cached handle for `pgdata` if that server has stopped, so it is started again."""
    instances = _server_instances()
    if pgdata in instances and not (pgdata / "postmaster.pid").exists():
        del instances[pgdata]


def pg_ctl(args: list[str], *, pgdata: Path, user: str | None) -> str:
    """Run pgserver's bundled `pg_ctl ARGS -D pgdata` (as `user` when given); returns its output."""
    try:
        from pgserver._commands import pg_ctl as run  # type: ignore[attr-defined]
    except ImportError as error:
        raise changed("pgserver", "pgserver._commands has no `pg_ctl`") from error
    output: str = run(args, pgdata=pgdata, user=user)
    return output
