"""Rules with one home: each is the same code wherever the project applies it.

A pool or a held connection (`agent.journal.connections`), the thread id of a run's config
(`middleware._common.thread_id_from_config`), thread ownership and its error
(`agent.journal.owners`), and what becomes JSON (`agent.domain.plain_json`).
"""

from __future__ import annotations

from agent.infra.persistence import Resources
from agent.journal.connections import connection


def test_a_pool_lends_a_connection_and_a_held_connection_is_used_as_it_is(resources: Resources) -> None:
    with connection(resources.pool) as lent:
        assert lent.execute("SELECT 1 AS one").fetchone() == {"one": 1}
    assert not lent.closed  # back in the pool, not closed
    with resources.pool.connection() as held, connection(held) as same:
        assert same is held
