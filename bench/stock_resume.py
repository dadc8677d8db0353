"""Resume one thread of the stock graph (`bench.stock`) in this process: the cold-start baseline.

    python -m bench.stock_resume URL THREAD

What a textbook LangGraph application does to approve a paused action from a fresh process: import
LangGraph and `PostgresSaver`, open a plain pool, build the graph, invoke `Command(resume=...)`.
`bench.cold` spawns it and times it from spawn to exit; it prints nothing and exits 0 on success.
"""

from __future__ import annotations

import sys
from datetime import date

from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.types import Command
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from agent.domain import School
from agent.infra.fake_provider import payment_provider
from bench.stock import build_stock_graph


def main(argv: list[str]) -> int:
    """Resume THREAD on the database at URL with an approval."""
    url, thread = argv
    kwargs = {"autocommit": True, "row_factory": dict_row, "prepare_threshold": 0}
    with ConnectionPool(url, kwargs=kwargs, min_size=1, max_size=2, open=True) as pool:
        school = School(pool, clock=date.today, payments=payment_provider(pool))
        graph = build_stock_graph(school, PostgresSaver(pool))  # type: ignore[arg-type]
        graph.invoke(Command(resume="approve"), {"configurable": {"thread_id": thread}})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
