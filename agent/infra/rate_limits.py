"""Requests per API key and minute, counted in Postgres: the same count for every API process.

The servers may run as several processes behind a proxy (docs/performance/scaling.md), so a count kept in
one process would let a key make N times the limit. Each key has one row in `api_rate_limits`
(made by the schema migrations): its minute and the requests in it. A request is one upsert that
moves the row to the current minute (the database's clock, so the processes agree) and counts
itself, and the count it returns decides: over the limit, the request is refused until that minute
ends. A fixed window, so a key may burst up to twice the limit across a minute's end; refused
requests count too, which changes nothing after the minute ends. The table holds one row per key
ever used, never more. Keys are stored as hashes, never as themselves.

Maintained libraries were weighed: `limits` (and `slowapi`, its FastAPI wrapper) keep counters in
memory, Redis, Memcached, MongoDB or etcd, none of which this deployment has; Postgres it has.

This module opens no connection: the faces hand in the pool from `agent.infra.persistence`.
"""

from __future__ import annotations

import hashlib
from typing import Any, Final

from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

_HIT: Final = """
INSERT INTO api_rate_limits AS r (key_hash, window_start, hits)
VALUES (%s, date_trunc('minute', now()), 1)
ON CONFLICT (key_hash) DO UPDATE
   SET hits = CASE WHEN r.window_start = excluded.window_start THEN r.hits + 1 ELSE 1 END,
       window_start = excluded.window_start
RETURNING hits,
          greatest(1, ceil(extract(epoch FROM window_start + interval '1 minute' - now())))::integer
              AS retry_after_s
"""


class RateLimitedError(Exception):
    """A key made more requests this minute than the limit; `retry_after_s` is the rest of the minute."""

    def __init__(self, limit: int, retry_after_s: int) -> None:
        message = f"too many requests: this API key may make {limit} a minute; try again in {retry_after_s} s"
        super().__init__(message)
        self.retry_after_s = retry_after_s


class RateLimiter:
    """Counts each key's requests per minute on `pool`; `per_minute` 0 counts nothing and refuses nothing."""

    def __init__(self, pool: ConnectionPool[Any], per_minute: int) -> None:
        """Check `per_minute` (0 or more) and keep the pool."""
        if isinstance(per_minute, bool) or not isinstance(per_minute, int) or per_minute < 0:
            msg = f"per_minute must be an int, 0 (no limit) or more, got {per_minute!r}"
            raise ValueError(msg)
        self.pool, self.per_minute = pool, per_minute

    def hit(self, key: str) -> None:
        """Count one request of `key`; RateLimitedError when it is over this minute's limit."""
        if not self.per_minute:
            return
        digest = hashlib.sha256(key.encode()).hexdigest()
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            row = cur.execute(_HIT, (digest,)).fetchone()
        assert row is not None  # an upsert with RETURNING returns its row
        if row["hits"] > self.per_minute:
            raise RateLimitedError(self.per_minute, int(row["retry_after_s"]))
