"""The checkpointers: LangGraph's Postgres savers over pools, with `delete_for_runs` and `copy_thread`.

`base` holds what both share (the SQL of the two added operations, as plans run by either saver,
and the delta page size); `sync` the application's saver, `aio` Studio's. Part of `agent.infra`:
may import what it may; opens nothing itself (each saver is handed a pool).
"""

from agent.infra.savers.aio import AsyncPooledPostgresSaver
from agent.infra.savers.base import DELTA_PAGE_SIZE, CopyTargetNotEmptyError, tune_delta_paging
from agent.infra.savers.sync import PooledPostgresSaver

__all__ = [
    "DELTA_PAGE_SIZE",
    "AsyncPooledPostgresSaver",
    "CopyTargetNotEmptyError",
    "PooledPostgresSaver",
    "tune_delta_paging",
]
