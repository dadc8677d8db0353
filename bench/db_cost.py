"""What one turn of the school graph costs Postgres: statements, transactions, rows, bytes, WAL, CPU.

    .venv/bin/python -m bench.db_cost [--threads N] [--checkpoint] [--json]
    .venv/bin/python -m bench.db_cost --engine       what a task-engine job adds
    .venv/bin/python -m bench.db_cost --ceiling      what the server sustains under pgbench

On a scratch database of `DATABASE_URL`'s server, `--threads` students each play one thread: a
catalog question, an enrollment that pauses for approval, the approval that resumes it, and a
fourth question (`threads.send` and `threads.decide`, the path the CLI takes, offline models;
through the HTTP API a run is also a job, which `--engine` measures apart). Each kind of turn runs
as one batch over all threads, and the batch's counters, divided by the number of turns, are that
kind's cost:

- statements and round trips as the client sends them (`qa.wire`'s counting proxy), and
  statements as the server counts them (`pg_stat_statements`, only where the server preloads it;
  on PostgreSQL 15 it counts a prepared utility statement, BEGIN, COMMIT or SET, only the first
  time a connection runs it, and psycopg prepares every statement here: the wire's count is the
  complete one, the server's tells which statements they are);
- transactions and rows inserted, updated and deleted per table, TOAST included (the database's
  own statistics, `pg_stat_database` and `pg_stat_all_tables`);
- the rows and payload bytes the turn adds to the checkpoint tables, and how much the tables
  (with their indexes and TOAST) grow on disk;
- WAL bytes, records, full-page images and flushes (`pg_current_wal_insert_lsn`, `pg_stat_wal`),
  and the pages each turn modified (`pg_walinspect`, for a superuser);
- CPU seconds of the server processes serving this database (when the server runs on this machine).

WAL is written by the whole server: the figures are exact only on a server that nothing else
writes to, which is why the report also gives the WAL the server wrote while the benchmark sat
idle. Statements and rows are exact on any server; on a busy shared server the transactions came
out higher than on a server of its own (the cause was not found). Server statistics reach the
views up to ten seconds after a transaction ends, so each reading waits `FLUSH_S` and is repeated
until nothing more arrives (a run takes two to three minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg.rows import dict_row

from agent.config.env import child_environment
from agent.config.settings import Settings
from agent.runtime import threads
from agent.runtime.runs import Pregel
from bench.database import scratch_database
from bench.setups import QUESTION, project
from qa.wire import WireCounter, WireCounts

ENROLL = "Please enroll me in python-basics-3"
"""Pauses for approval; `python-basics-3` has 30 seats, enough for every thread of a default run."""
APPROVE: dict[str, Any] = {"decisions": [{"type": "approve"}], "role": "student"}
"""The student's own confirmation (the approval policy gives an enrollment to them), as a resume."""
KINDS = {
    "question": "question (new thread)",
    "enroll": "enrollment (pauses)",
    "approve": "approval (resumes)",
    "again": "question (4th turn)",
}
"""The batches, in the order they run on every thread, and their column titles."""
AFTER_CHECKPOINT = ("checkpoint", "question (5th turn), first after a CHECKPOINT")
"""With `--checkpoint`: one more batch, right after a CHECKPOINT, to see the full-page images."""
PREFIX = "dbcost"
FLUSH_S = 11.0
"""A backend that goes idle within a second of its last report reports again 10 s later
(`PGSTAT_IDLE_INTERVAL`): only then do its rows and transactions show in the views."""
QUIET_S = 5.0
"""How long the server's background WAL is watched while the benchmark does nothing."""
MARK = "/* db_cost */"
"""In the text of the benchmark's own queries, so that `pg_stat_statements` can leave them out."""
CHECKPOINT_TABLES = ("checkpoints", "checkpoint_blobs", "checkpoint_writes")
DOMAIN_TABLES = frozenset(
    {"courses", "cohorts", "enrollments", "payments", "payment_attempts", "operations", "handoffs"}
    | {"fake_provider_charges", "course_embeddings"}
)
"""The school's own records; written rows outside these and the checkpoint tables (and LangGraph's
store) are the journal's: events, turns, owners, grants, run records, jobs, budget."""

_TABLE_ROWS = f"""
SELECT {MARK} coalesce(owner.relname || ' (toast)', s.relname) AS name,
       s.n_tup_ins AS ins, s.n_tup_upd AS upd, s.n_tup_del AS del
FROM pg_stat_all_tables s LEFT JOIN pg_class owner ON owner.reltoastrelid = s.relid
WHERE s.schemaname NOT IN ('pg_catalog', 'information_schema')
  AND (s.schemaname <> 'pg_toast' OR owner.relnamespace <> 'pg_catalog'::regnamespace)
"""
_TABLE_SIZES = f"""
SELECT {MARK} c.relname AS name, pg_total_relation_size(c.oid) AS bytes
FROM pg_class c WHERE c.relkind IN ('r', 'p') AND c.relnamespace = 'public'::regnamespace
"""
_CHECKPOINT_PAYLOAD = f"""
SELECT {MARK} 'checkpoints' AS name, count(*) AS rows,
       coalesce(sum(octet_length(checkpoint::text) + octet_length(metadata::text)), 0) AS bytes
FROM checkpoints WHERE thread_id LIKE %(like)s
UNION ALL
SELECT 'checkpoint_blobs', count(*), coalesce(sum(octet_length(blob)), 0)
FROM checkpoint_blobs WHERE thread_id LIKE %(like)s
UNION ALL
SELECT 'checkpoint_writes', count(*), coalesce(sum(octet_length(blob)), 0)
FROM checkpoint_writes WHERE thread_id LIKE %(like)s
"""
_SERVER = f"""
SELECT {MARK} pg_current_wal_insert_lsn()::text AS lsn, w.wal_records, w.wal_fpi, w.wal_sync,
       d.xact_commit + d.xact_rollback AS xacts, d.xact_rollback AS rollbacks,
       pg_backend_pid() AS pid, current_database() AS db, d.datid AS oid
FROM pg_stat_wal w, pg_stat_database d WHERE d.datname = current_database()
"""
_STATEMENTS = f"""
SELECT {MARK} s.query, sum(s.calls)::bigint AS calls
FROM pg_stat_statements s
WHERE s.dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND s.query NOT LIKE '%%{MARK}%%'
GROUP BY s.query
"""


_WAL_RECORDS = f"SELECT {MARK} fpi_length, block_ref FROM pg_get_wal_records_info(%s::pg_lsn, %s::pg_lsn)"
_BLOCK = re.compile(r"rel (\d+)/(\d+)/(\d+)(?: fork \w+)? blk (\d+)")
"""A block reference in pg_walinspect's text: tablespace/database/relfilenode, block number."""
_RELATION_KINDS = f"""
SELECT {MARK} c.relfilenode AS node,
       CASE WHEN n.nspname = 'pg_toast' THEN 'toast' WHEN c.relkind = 'i' THEN 'index'
            WHEN n.nspname = 'pg_catalog' THEN 'catalog' ELSE 'table' END AS kind
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relfilenode <> 0
"""


@dataclass
class Snapshot:
    """The counters at one moment."""

    wire: WireCounts
    server: dict[str, Any]
    tables: dict[str, tuple[int, int, int]]
    """Rows inserted, updated and deleted so far, per table (its TOAST table apart)."""
    sizes: dict[str, int]
    payload: dict[str, tuple[int, int]]
    """Rows and payload bytes of the benchmark's threads, per checkpoint table."""
    statements: Counter[str] | None
    cpu: dict[int, float]
    """CPU seconds of each server process of this database (besides the monitor's own)."""
    aux_cpu: float
    """CPU seconds of the server's background processes (WAL writer, checkpointer, ...)."""
    taken: float = field(default_factory=time.perf_counter)


class Monitor:
    """A connection of its own to the scratch database (not through the proxy) that reads counters."""

    def __init__(self, url: str, counter: WireCounter) -> None:
        self.counter = counter
        self.conn = psycopg.connect(url, autocommit=True, row_factory=dict_row)
        self.statements = _extension(self.conn, "pg_stat_statements")
        first = self.conn.execute(_SERVER).fetchone()
        assert first is not None
        self.pid, self.db = int(first["pid"]), str(first["db"])
        self.oid = int(first["oid"])
        self.walinspect = _extension(self.conn, "pg_walinspect")
        self.unread_xacts = 0
        """The monitor's transactions in this database that no reading has seen yet."""
        self.seen_xacts = 0
        """The monitor's transactions that readings since the last `monitor_xacts` have seen."""
        found = self.conn.execute("SELECT to_regclass('checkpoints') IS NOT NULL AS found").fetchone()
        self.checkpoints = bool(found and found["found"])
        self.processes = _server_processes(url, self.pid)
        # WAL positions around each turn, read through another database so that our own counts
        # (transactions, statements) stay the turns' alone.
        self.marker = psycopg.connect(make_conninfo(url, dbname="postgres"), autocommit=True)

    def lsn(self) -> str:
        """Where the server's WAL ends now."""
        row = self.marker.execute("SELECT pg_current_wal_insert_lsn()::text").fetchone()
        return str(row[0]) if row else "0/0"

    def pages(self, marks: list[tuple[str, str]]) -> dict[str, float] | None:
        """Pages of this database each turn modified, per kind of relation, from the WAL (pg_walinspect).

        To be read before a CHECKPOINT recycles that WAL. Its queries are transactions of this
        database: `unread_xacts` says how many the next reading will see. None where the extension
        is missing or not ours to use (it needs a superuser).
        """
        if not self.walinspect:
            return None
        ran = 0
        try:
            kinds = {str(r["node"]): r["kind"] for r in self.conn.execute(_RELATION_KINDS)}
            touched: Counter[str] = Counter()
            fpi = 0
            for start, end in marks:
                ran += 1
                pages = set()
                for record in self.conn.execute(_WAL_RECORDS, (start, end)):
                    fpi += record["fpi_length"] or 0
                    for _space, database, node, block in _BLOCK.findall(record["block_ref"] or ""):
                        if int(database) == self.oid:
                            pages.add((kinds.get(node, "other"), node, block))
                touched.update(kind for kind, _, _ in pages)
        except psycopg.Error:
            return None  # that WAL is gone already: a checkpoint of a busy server recycled it
        finally:
            self.unread_xacts += 1 + ran  # a failed query is a transaction too (rolled back)
        return {kind: n / len(marks) for kind, n in touched.most_common()} | {"fpi_bytes": fpi / len(marks)}

    def snapshot(self) -> Snapshot:
        """Wait for the server's statistics to settle, then read every counter.

        Each query is a transaction of its own (autocommit), counted in `monitor_xacts`: a `BEGIN`
        would show among the statements, where the marker cannot leave it out.
        """
        time.sleep(FLUSH_S)
        # This reading sees what the monitor ran before it, and none of its own queries.
        self.seen_xacts += self.unread_xacts
        self.unread_xacts = 3 + self.checkpoints + self.statements
        wire = self.counter.snapshot()
        server = self.conn.execute(_SERVER).fetchone() or {}
        tables = {r["name"]: (r["ins"], r["upd"], r["del"]) for r in self.conn.execute(_TABLE_ROWS)}
        sizes = {r["name"]: r["bytes"] for r in self.conn.execute(_TABLE_SIZES)}
        payload = {name: (0, 0) for name in CHECKPOINT_TABLES}
        if self.checkpoints:
            query = self.conn.execute(_CHECKPOINT_PAYLOAD, {"like": f"{PREFIX}-%"})
            payload |= {r["name"]: (r["rows"], r["bytes"]) for r in query}
        statements = None
        if self.statements:
            statements = Counter({r["query"]: int(r["calls"]) for r in self.conn.execute(_STATEMENTS)})
        cpu, aux = self.processes() if self.processes else ({}, 0.0)
        return Snapshot(wire, dict(server), tables, sizes, payload, statements, cpu, aux)

    def monitor_xacts(self) -> int:
        """The monitor's own transactions in what the readings since the last call counted.

        A reading's queries (each a transaction: autocommit) are seen by the next reading, once
        their statistics have reached the views; so are `pages`'s.
        """
        seen, self.seen_xacts = self.seen_xacts, 0
        return seen

    def close(self) -> None:
        """Close the connections."""
        self.conn.close()
        self.marker.close()


def _extension(conn: psycopg.Connection[Any], name: str) -> bool:
    """Whether extension `name` works here: created if it can be, and (pg_stat_statements) loaded."""
    try:
        conn.execute(f"CREATE EXTENSION IF NOT EXISTS {name}")
        if name == "pg_stat_statements":  # it also needs shared_preload_libraries
            conn.execute(f"SELECT {MARK} count(*) FROM pg_stat_statements")
    except psycopg.Error:
        return False
    return True


def _server_processes(url: str, monitor_pid: int) -> Callable[[], tuple[dict[int, float], float]] | None:
    """A reader of the server processes' CPU time, when they run on this machine and can be read."""
    where = conninfo_to_dict(url)
    host = str(where.get("host") or "")
    if host not in ("", "localhost", "127.0.0.1", "::1") and not host.startswith("/"):
        return None  # a backend's pid means nothing here
    try:
        import psutil

        postmaster = psutil.Process(monitor_pid).parent()
    except ImportError:
        return None
    except psutil.Error:
        return None  # in a container, or another user's processes
    if postmaster is None:
        return None
    database = str(where.get("dbname") or "")
    return lambda: _cpu_of(postmaster, database, monitor_pid)


_AUX = ("checkpointer", "background writer", "walwriter", "autovacuum", "logical replication", "archiver")


def _cpu_of(postmaster: Any, database: str, monitor_pid: int) -> tuple[dict[int, float], float]:
    """CPU seconds of the backends serving `database` (by process title), and of the aux processes."""
    import psutil

    backends: dict[int, float] = {}
    aux = 0.0
    for child in postmaster.children():
        try:
            title = " ".join(child.cmdline())
            used = _cpu_seconds(child)
        except (psutil.Error, OSError):
            continue  # it ended between the listing and the reading
        if f" {database} " in title and child.pid != monitor_pid:
            backends[child.pid] = used
        elif any(name in title for name in _AUX):
            aux += used
    return backends, aux


def _cpu_seconds(process: Any) -> float:
    """Seconds on a CPU: from the scheduler in nanoseconds where Linux tells, else in clock ticks."""
    try:
        with open(f"/proc/{process.pid}/schedstat") as stat:
            return int(stat.read().split()[0]) / 1e9
    except FileNotFoundError:
        times = process.cpu_times()
        return float(times.user + times.system)


def _lsn(text: str) -> int:
    high, low = text.split("/")
    return (int(high, 16) << 32) + int(low, 16)


def per_turn(before: Snapshot, after: Snapshot, turns: int, *, monitor_xacts: int) -> dict[str, Any]:
    """What happened between two snapshots, divided by `turns`, less the monitor's own transactions."""
    wire = after.wire - before.wire
    tables = _table_rows(before, after)
    payload = {
        name: [(after.payload[name][i] - before.payload[name][i]) / turns for i in (0, 1)]
        for name in CHECKPOINT_TABLES
    }
    written = {name: sum(rows) for name, rows in tables.items()}
    journal = sum(n for name, n in written.items() if _group(name) == "journal")
    cpu = sum(used - before.cpu.get(pid, 0.0) for pid, used in after.cpu.items())
    statements = None
    if after.statements is not None and before.statements is not None:
        statements = after.statements - before.statements
    return {
        "statements": wire.statements / turns,
        "round_trips": wire.round_trips / turns,
        "bytes_to_server": wire.bytes_to_server / turns,
        "server_statements": sum(statements.values()) / turns if statements is not None else None,
        "top_statements": _top(statements, turns),
        "statements_by_verb": _by_verb(statements, turns),
        "transactions": (after.server["xacts"] - before.server["xacts"] - monitor_xacts) / turns,
        "rollbacks": (after.server["rollbacks"] - before.server["rollbacks"]) / turns,
        "rows_written": sum(written.values()) / turns,
        "checkpoint_rows": {name: rows for name, (rows, _) in payload.items()},
        "checkpoint_payload_bytes": sum(size for _, size in payload.values()),
        "journal_rows": journal / turns,
        "domain_rows": sum(n for name, n in written.items() if _group(name) == "domain") / turns,
        "tables": {name: [n / turns for n in rows] for name, rows in sorted(tables.items())},
        "growth_bytes": sum(after.sizes.get(n, 0) - before.sizes.get(n, 0) for n in after.sizes) / turns,
        "wal_bytes": (_lsn(after.server["lsn"]) - _lsn(before.server["lsn"])) / turns,
        "wal_records": (after.server["wal_records"] - before.server["wal_records"]) / turns,
        "wal_fpi": (after.server["wal_fpi"] - before.server["wal_fpi"]) / turns,
        "wal_syncs": (after.server["wal_sync"] - before.server["wal_sync"]) / turns,
        "server_cpu_ms": cpu * 1000 / turns if after.cpu else None,
        "aux_cpu_ms": (after.aux_cpu - before.aux_cpu) * 1000 / turns if after.cpu else None,
    }


def _table_rows(before: Snapshot, after: Snapshot) -> dict[str, tuple[int, ...]]:
    """Rows inserted, updated and deleted per table between the snapshots; untouched tables left out."""
    changed = {}
    for name, counts in after.tables.items():
        old = before.tables.get(name, (0, 0, 0))
        delta = tuple(new - was for new, was in zip(counts, old, strict=True))
        if any(delta):
            changed[name] = delta
    return changed


def _group(table: str) -> str:
    base = table.removesuffix(" (toast)")
    if base in CHECKPOINT_TABLES or base in ("store", "checkpoint_migrations", "store_migrations"):
        return "checkpoint"
    return "domain" if base in DOMAIN_TABLES else "journal"


def _by_verb(statements: Counter[str] | None, turns: int) -> dict[str, float]:
    """Statements per turn by their first word (`WITH ... INSERT` counts as WITH)."""
    verbs: Counter[str] = Counter()
    for query, calls in (statements or Counter()).items():
        words = query.split(None, 1)
        verbs[words[0].upper() if words else "?"] += calls
    return {verb: calls / turns for verb, calls in verbs.most_common()}


def _top(statements: Counter[str] | None, turns: int, count: int = 8) -> list[tuple[str, float]]:
    if statements is None:
        return []
    return [(" ".join(query.split())[:90], calls / turns) for query, calls in statements.most_common(count)]


@dataclass
class _Play:
    """The threads of one run, and the graph they run on."""

    graph: Pregel
    settings: Settings
    students: list[str]

    def step(self, kind: str, n: int) -> None:
        """Turn `kind` of thread `n`, checked: the enrollment pauses, the approval leaves nothing."""
        thread, user = f"{PREFIX}-{n}", self.students[n]
        if kind in ("question", "again", "checkpoint"):
            turn = threads.send(self.graph, thread, QUESTION, user_id=user, settings=self.settings)
        elif kind == "enroll":
            turn = threads.send(self.graph, thread, ENROLL, user_id=user, settings=self.settings)
            if turn.pending is None:
                raise RuntimeError(f"{ENROLL!r} did not pause {thread} for approval: {turn.replies}")
        else:
            turn = threads.decide(self.graph, thread, APPROVE | {"reviewer": user})
        if kind != "enroll" and turn.pending is not None:
            raise RuntimeError(f"{kind} left {thread} waiting: {turn.pending}")


def measure(url: str, *, threads_count: int = 20, checkpoint: bool = False) -> dict[str, Any]:
    """Per kind of turn, what one turn costs (see the module's docstring); `url`: an empty database.

    `checkpoint`: run one more batch right after a CHECKPOINT of the whole server (so not on a
    server that others use).
    """
    kinds = dict(KINDS) | (dict([AFTER_CHECKPOINT]) if checkpoint else {})
    counter = WireCounter(url)
    try:
        with project(counter.url) as ours, _monitor(url, counter) as monitor:
            play = _Play(ours.graph, ours.resources.settings, [f"dbs{n}" for n in range(threads_count + 1)])
            for kind in kinds:  # thread 0 warms up: prepared statements, caches, first pages
                play.step(kind, 0)
            first = monitor.snapshot()
            time.sleep(QUIET_S)
            before = _settled(monitor)
            monitor.monitor_xacts()  # the readings before the first batch: not the batch's
            result: dict[str, Any] = {
                "threads": threads_count,
                "quiet": _quiet(first, before),
                "kinds": kinds,
            }
            for kind in kinds:
                if kind == "checkpoint":
                    monitor.marker.execute("CHECKPOINT")
                marks = [_marked(monitor, play, kind, n) for n in range(1, threads_count + 1)]
                after = _settled(monitor)
                result[kind] = per_turn(before, after, threads_count, monitor_xacts=monitor.monitor_xacts())
                result[kind] |= {
                    "wal_bytes_each": sorted(_lsn(b) - _lsn(a) for a, b in marks),
                    "pages": monitor.pages(marks),  # now: the next batch's CHECKPOINT recycles this WAL
                }
                before = after
            result["load_average"] = os.getloadavg()[0]
            result["pg_stat_statements"] = monitor.statements
            result["server_cpu"] = bool(monitor.processes)
    finally:
        counter.close()
    return result


def _settled(monitor: Monitor, tries: int = 6) -> Snapshot:
    """A reading after which the database counts nothing more but the monitor's own transactions.

    On a busy server a backend's statistics can reach the views later than `FLUSH_S` (its report
    waits while others hold the shared statistics), and would land in the next batch. So a reading
    is repeated until the next one finds no transaction but the monitor's (at most `tries` times);
    the last is returned, and the idle wait goes with the batch before it.
    """
    last = monitor.snapshot()
    for _ in range(tries):
        counted = monitor.seen_xacts
        later = monitor.snapshot()
        if later.server["xacts"] - last.server["xacts"] <= monitor.seen_xacts - counted:
            return later
        last = later
    return last


def _marked(monitor: Monitor, play: _Play, kind: str, n: int) -> tuple[str, str]:
    """Play one turn; the WAL positions before and after it."""
    start = monitor.lsn()
    play.step(kind, n)
    return start, monitor.lsn()


@contextmanager
def _monitor(url: str, counter: WireCounter) -> Iterator[Monitor]:
    monitor = Monitor(url, counter)
    try:
        yield monitor
    finally:
        monitor.close()


def _quiet(before: Snapshot, after: Snapshot) -> dict[str, float]:
    """WAL bytes and records per second the server wrote between two snapshots with no turn between."""
    seconds = after.taken - before.taken
    return {
        "seconds": seconds,
        "wal_bytes_per_s": (_lsn(after.server["lsn"]) - _lsn(before.server["lsn"])) / seconds,
        "wal_records_per_s": (after.server["wal_records"] - before.server["wal_records"]) / seconds,
    }


# -- the task engine: what a procrastinate job adds, on its own -----------------------------------
def measure_jobs(url: str, *, jobs: int = 50, lock: bool = True) -> dict[str, Any]:
    """Per no-op procrastinate job, as `measure` counts a turn: deferring it, then a worker running it.

    The engine's own schema on the empty database `url`, jobs deferred one by one (each with its
    own `lock`, as a run's job is locked on its thread), then one worker that takes them all and
    stops (`wait=False`; its start and stop are charged to the jobs, about 1/`jobs` of a job each).
    """
    import asyncio

    import procrastinate

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(procrastinate.schema.SchemaManager.get_schema())  # type: ignore[arg-type]
    counter = WireCounter(url)
    try:
        with _monitor(url, counter) as monitor:
            # The worker's backends end before the next reading: their CPU is read from the
            # whole server's, right around each step.
            server_cpu = _all_server_cpu(url, monitor.pid)
            before = _settled(monitor)
            monitor.monitor_xacts()  # the readings so far: not the jobs'
            defer_cpu = _cpu_around(server_cpu, lambda: asyncio.run(_defer_jobs(counter.url, jobs, lock)))
            deferred = _settled(monitor)
            result: dict[str, Any] = {
                "jobs": jobs,
                "defer": per_turn(before, deferred, jobs, monitor_xacts=monitor.monitor_xacts()),
            }
            work_cpu = _cpu_around(server_cpu, lambda: asyncio.run(_work_jobs(counter.url)))
            done = _settled(monitor)
            result["work"] = per_turn(deferred, done, jobs, monitor_xacts=monitor.monitor_xacts())
            for step, used in (("defer", defer_cpu), ("work", work_cpu)):
                result[step]["whole_server_cpu_ms"] = used * 1000 / jobs if used is not None else None
    finally:
        counter.close()
    return result


def _cpu_around(server_cpu: Callable[[], float] | None, work: Callable[[], Any]) -> float | None:
    """CPU seconds the whole server used while `work` ran (None when it cannot be read)."""
    if server_cpu is None:
        work()
        return None
    started = server_cpu()
    work()
    time.sleep(0.5)  # until the postmaster has reaped the ended backends and tallied their time
    return server_cpu() - started


def _engine(url: str) -> Any:
    import logging

    import procrastinate

    # It warns of an app made in `__main__` (a worker importing tasks by path would miss it).
    logging.getLogger("procrastinate").setLevel(logging.ERROR)
    app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=url))

    @app.task(name="dbcost.noop", queue="runs")
    def noop(thread_id: str) -> None:
        """Do nothing: the engine's cost alone."""

    return app, noop


async def _defer_jobs(url: str, jobs: int, lock: bool) -> None:
    app, noop = _engine(url)
    async with app.open_async():
        for n in range(jobs):
            options = {"lock": f"thread:{PREFIX}-{n}"} if lock else {}
            await noop.configure(**options).defer_async(thread_id=f"{PREFIX}-{n}")


async def _work_jobs(url: str) -> None:
    app, _ = _engine(url)
    async with app.open_async():
        await app.run_worker_async(wait=False, install_signal_handlers=False, concurrency=1)


def render_jobs(result: dict[str, Any]) -> str:
    """The engine's figures as markdown, with the rows it writes per table."""
    steps = {"defer": "deferred", "work": "run by a worker"}
    lines = [
        f"Per no-op procrastinate job, {result['jobs']} jobs:",
        "",
        "| per job | deferred | run by a worker |",
        "|---|---:|---:|",
    ]
    skipped = {"checkpoint_rows", "checkpoint_payload_bytes", "journal_rows", "domain_rows", "pages"}
    for label, key, fmt in _ROWS:
        values = [result[step].get(key) for step in steps]
        if key in skipped or key == "wal_bytes_each" or all(v is None for v in values):
            continue
        lines.append(f"| {label} | " + " | ".join(fmt(v) if v is not None else "n/a" for v in values) + " |")
    used = [result[step].get("whole_server_cpu_ms") for step in steps]
    if any(v is not None for v in used):
        shown = " | ".join(f"{v:.1f} ms" if v is not None else "n/a" for v in used)
        lines.append(f"| Postgres CPU, whole server while the step ran | {shown} |")
    for name in sorted({name for step in steps for name in result[step]["tables"]}):
        rows = [" / ".join(f"{n:g}" for n in result[step]["tables"].get(name, [0, 0, 0])) for step in steps]
        lines.append(f"| {name}: rows inserted / updated / deleted | " + " | ".join(rows) + " |")
    return "\n".join(lines) + "\n"


# -- the ceiling: what the same server sustains under pgbench ------------------------------------
SYNTHETIC_WRITES = 30
SYNTHETIC_READS = 5
"""A synthetic turn shaped like a measured question turn (its pg_stat_statements verbs): single-row
writes of `ROW_BYTES`, each its own synchronous transaction, and indexed reads."""
ROW_BYTES = 300
"""About what a checkpoint or journal row of a turn carries (payload per turn / rows per turn)."""
_CEILING_TABLE = f"""
CREATE TABLE dbcost_rows (id bigserial PRIMARY KEY, thread_id int NOT NULL, payload text NOT NULL);
INSERT INTO dbcost_rows (thread_id, payload) SELECT g % 10000, repeat('x', {ROW_BYTES}) FROM generate_series(1, 100000) g;
CREATE INDEX ON dbcost_rows (thread_id);
ANALYZE dbcost_rows;
"""
_WRITE = f"\\set t random(1, 10000)\nINSERT INTO dbcost_rows (thread_id, payload) VALUES (:t, repeat('w', {ROW_BYTES}));\n"
_READ = "\\set t random(1, 10000)\nSELECT id, payload FROM dbcost_rows WHERE thread_id = :t LIMIT 10;\n"
SCRIPTS = {
    "write": _WRITE,
    "write, synchronous_commit off": _WRITE,
    "read": _READ,
    f"synthetic turn ({SYNTHETIC_WRITES} writes + {SYNTHETIC_READS} reads)": _WRITE * SYNTHETIC_WRITES
    + _READ * SYNTHETIC_READS,
}


def ceiling(url: str, *, seconds: int = 10, clients: tuple[int, ...] = (1, 8, 32)) -> list[dict[str, Any]]:
    """Transactions, WAL and server CPU per second under pgbench, per script and number of clients.

    pgbench runs on this machine beside the server: on a small machine the two share the cores,
    and the figures are a floor for a server of its own. Each statement is a transaction.
    """
    pgbench = shutil.which("pgbench")
    if pgbench is None:
        raise RuntimeError("pgbench is not on PATH (Debian: apt-get install postgresql-client)")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(_CEILING_TABLE)
        pid = int((conn.execute("SELECT pg_backend_pid()").fetchone() or (0,))[0])
    processes = _all_server_cpu(url, pid)
    rows = []
    with tempfile.TemporaryDirectory(prefix="dbcost-") as scripts:
        script = Path(scripts) / "script.sql"
        for name, text in SCRIPTS.items():
            script.write_text(text)
            unsynced = "off" in name
            for count in clients:
                rows.append(
                    _pgbench(pgbench, url, script, count, seconds, processes, unsynced=unsynced)
                    | {"script": name}
                )
        # The synthetic turn again, beside connections that each hold a run's thread lock.
        with _idle_lock_holders(url, clients[-1]) as holders:
            row = _pgbench(pgbench, url, script, clients[-1], seconds, processes, unsynced=False)
            rows.append(
                row | {"script": f"{name}, beside {holders['count']} open lock transactions"} | holders
            )
    return rows


@contextmanager
def _idle_lock_holders(url: str, clients: int) -> Iterator[dict[str, Any]]:
    """Connections idle in a transaction that holds an advisory lock, as runs in flight hold theirs.

    As many as the server has room for beside `clients`, at most `IDLE_HOLDERS`; with the memory
    each backend uses of its own (USS, when the server runs here).
    """
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT current_setting('max_connections')::int AS m").fetchone()
        room = (row[0] if row else 100) - clients - 20  # superuser_reserved_connections and others
    holders = [psycopg.connect(url) for _ in range(max(0, min(IDLE_HOLDERS, room)))]
    try:
        pids = []
        for n, holder in enumerate(holders):
            holder.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", (0x5C400, n))
            holder.execute("SET LOCAL idle_in_transaction_session_timeout TO 0")
            pids.append(holder.info.backend_pid)
        yield {"count": len(holders), "holder_uss_mib": _uss_mib(pids)}
    finally:
        for holder in holders:
            holder.close()


IDLE_HOLDERS = 150
"""Connections idle in a lock transaction beside the last pgbench run (runs in flight waiting on models)."""


def _uss_mib(pids: list[int]) -> float | None:
    """The median memory of its own (USS) of these processes, in MiB, where they can be read."""
    try:
        import psutil
    except ImportError:
        return None
    try:
        sizes = [psutil.Process(pid).memory_full_info().uss / 2**20 for pid in pids]
    except (OSError, psutil.Error):
        return None  # another machine's processes, or not ours to read
    return statistics.median(sizes) if sizes else None


def _all_server_cpu(url: str, pid: int) -> Callable[[], float] | None:
    """A reader of the CPU seconds of the whole server (when it runs here), ended backends included.

    pgbench's backends end with its run: their time is counted from the postmaster's tally of its
    ended children, in clock ticks (the live ones too, so that the two add up).
    """
    if _server_processes(url, pid) is None:
        return None
    import psutil

    postmaster = psutil.Process(pid).parent()
    assert postmaster is not None  # `_server_processes` found it

    def total() -> float:
        own = postmaster.cpu_times()
        used = own.user + own.system + own.children_user + own.children_system
        for child in postmaster.children():
            try:
                times = child.cpu_times()
            except psutil.Error:
                continue  # ended since the listing: the postmaster's tally has it now
            used += times.user + times.system
        return float(used)

    return total


def _pgbench(
    pgbench: str,
    url: str,
    script: Path,
    clients: int,
    seconds: int,
    server_cpu: Callable[[], float] | None,
    *,
    unsynced: bool,
) -> dict[str, Any]:
    env = child_environment() | ({"PGOPTIONS": "-c synchronous_commit=off"} if unsynced else {})
    command = [
        pgbench,
        "-n",
        "-c",
        str(clients),
        "-j",
        str(min(clients, 2)),
        "-T",
        str(seconds),
        "-f",
        str(script),
        url,
    ]
    with psycopg.connect(url, autocommit=True) as conn:
        lsn = str((conn.execute("SELECT pg_current_wal_insert_lsn()::text").fetchone() or ("0/0",))[0])
        cpu = server_cpu() if server_cpu else 0.0
        client = _children_cpu()
        done = subprocess.run(
            command, env=env, capture_output=True, text=True, timeout=seconds * 3 + 30, check=False
        )
        time.sleep(0.5)  # until the postmaster has reaped pgbench's backends and tallied their time
        wal = _lsn(
            str((conn.execute("SELECT pg_current_wal_insert_lsn()::text").fetchone() or ("0/0",))[0])
        ) - _lsn(lsn)
    if done.returncode != 0:
        raise RuntimeError(f"pgbench failed ({done.returncode}): {done.stderr[-2000:]}")
    tps = float(re.search(r"tps = ([0-9.]+)", done.stdout).group(1))  # type: ignore[union-attr]
    statements = script.read_text().count(";")
    return {
        "clients": clients,
        "load_average": os.getloadavg()[0],
        "transactions_per_s": tps,
        "statements_per_s": tps * statements,
        "wal_bytes_per_s": wal / seconds,
        "server_cores": (server_cpu() - cpu) / seconds if server_cpu else None,
        "pgbench_cores": (_children_cpu() - client) / seconds,
    }


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def render(result: dict[str, Any], server: str) -> str:
    """The figures as markdown: one column per kind of turn, then the tables each kind writes."""
    kinds: dict[str, str] = result["kinds"]
    lines = [
        f"Per turn, {result['threads']} threads of each kind, on {server}.",
        "",
        "| per turn | " + " | ".join(kinds.values()) + " |",
        "|---|" + "---:|" * len(kinds),
    ]
    for label, key, fmt in _ROWS:
        values = [result[kind].get(key) for kind in kinds]
        if all(v is None for v in values):
            continue
        lines.append(f"| {label} | " + " | ".join(fmt(v) if v is not None else "n/a" for v in values) + " |")
    quiet = result["quiet"]
    lines += [
        "",
        f"While idle for {quiet['seconds']:.1f} s the server wrote {quiet['wal_bytes_per_s']:.0f} WAL bytes/s "
        f"({quiet['wal_records_per_s']:.1f} records/s): the WAL noise in the figures above. "
        f"The machine's load average at the end: {result['load_average']:.1f}.",
        "",
        *_table_breakdown(result),
    ]
    if result["pg_stat_statements"]:
        lines += ["", *_statement_breakdown(result)]
    return "\n".join(lines) + "\n"


def render_ceiling(rows: list[dict[str, Any]], server: str) -> str:
    """The pgbench figures as markdown."""
    lines = [
        f"pgbench on {server}, each statement its own transaction:",
        "",
        "| script | clients | transactions/s | statements/s | WAL/s | server CPU (cores) | pgbench CPU (cores) | load average |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        cores = f"{row['server_cores']:.2f}" if row["server_cores"] is not None else "n/a"
        lines.append(
            f"| {row['script']} | {row['clients']} | {row['transactions_per_s']:,.0f} | "
            f"{row['statements_per_s']:,.0f} | {row['wal_bytes_per_s'] / 2**20:.1f} MiB | {cores} | "
            f"{row['pgbench_cores']:.2f} | {row['load_average']:.1f} |"
        )
    for row in rows:
        if row.get("holder_uss_mib") is not None:
            lines += [
                "",
                f"A backend idle in a lock transaction used {row['holder_uss_mib']:.1f} MiB of its own (USS).",
            ]
    return "\n".join(lines) + "\n"


def _num(value: float) -> str:
    return f"{value:,.1f}"


def _kb(value: float) -> str:
    return f"{value / 1024:,.1f} KiB"


def _pages(value: dict[str, float]) -> str:
    return " / ".join(f"{value.get(kind, 0.0):.1f}" for kind in ("table", "index", "toast"))


def _worst_fpi(value: dict[str, float]) -> str:
    pages = sum(n for kind, n in value.items() if kind != "fpi_bytes")
    return f"{pages * 8:,.0f} KiB"


def _spread(value: list[int]) -> str:
    return f"{_kb(statistics.median(value))} ({value[0] / 1024:.1f}–{value[-1] / 1024:.1f})"


def _rows3(value: dict[str, float]) -> str:
    return " / ".join(f"{value[name]:.1f}" for name in CHECKPOINT_TABLES)


_ROWS: list[tuple[str, str, Callable[[Any], str]]] = [
    ("statements sent (wire)", "statements", _num),
    ("round trips", "round_trips", _num),
    ("statements executed, most BEGIN/COMMIT/SET unseen (pg_stat_statements)", "server_statements", _num),
    ("transactions", "transactions", _num),
    ("rows inserted + updated + deleted, all tables", "rows_written", _num),
    ("checkpoint rows added: checkpoints / blobs / writes", "checkpoint_rows", _rows3),
    ("checkpoint payload added", "checkpoint_payload_bytes", _kb),
    ("journal rows written", "journal_rows", _num),
    ("domain rows written", "domain_rows", _num),
    ("tables + indexes + TOAST growth", "growth_bytes", _kb),
    ("WAL", "wal_bytes", _kb),
    ("WAL, median turn (least–most)", "wal_bytes_each", _spread),
    ("WAL records", "wal_records", _num),
    ("WAL full-page images", "wal_fpi", _num),
    ("of which full-page image bytes (pg_walinspect)", "pages", lambda v: _kb(v["fpi_bytes"])),
    ("WAL flushes to disk (whole server)", "wal_syncs", _num),
    ("pages modified: table / index / TOAST (pg_walinspect)", "pages", _pages),
    ("full-page images if each page's first change since a checkpoint", "pages", _worst_fpi),
    ("Postgres CPU, this database's backends", "server_cpu_ms", lambda v: f"{v:.1f} ms"),
    ("Postgres CPU, background processes (whole server)", "aux_cpu_ms", lambda v: f"{v:.1f} ms"),
]


def _table_breakdown(result: dict[str, Any]) -> list[str]:
    kinds: dict[str, str] = result["kinds"]
    names = sorted({name for kind in kinds for name in result[kind]["tables"]})
    lines = [
        "Rows inserted / updated / deleted per turn, by table:",
        "",
        "| table | " + " | ".join(kinds.values()) + " |",
        "|---|" + "---:|" * len(kinds),
    ]
    for name in names:
        cells = []
        for kind in kinds:
            rows = result[kind]["tables"].get(name)
            cells.append(" / ".join(f"{n:g}" for n in (round(r, 2) for r in rows)) if rows else "")
        lines.append(f"| {name} ({_group(name)}) | " + " | ".join(cells) + " |")
    return lines


def _statement_breakdown(result: dict[str, Any]) -> list[str]:
    lines = ["Statements per turn by their first word, then the most frequent ones (pg_stat_statements):", ""]
    for kind, title in result["kinds"].items():
        verbs = ", ".join(f"{verb} {n:.1f}" for verb, n in result[kind]["statements_by_verb"].items())
        lines.append(f"- {title}: {verbs}")
    for kind, title in result["kinds"].items():
        lines.append(f"- {title}: " + "; ".join(f"`{q}` ×{n:.1f}" for q, n in result[kind]["top_statements"]))
    return lines


def _server(url: str) -> str:
    with psycopg.connect(url) as conn:
        row = conn.execute(
            "SELECT current_setting('server_version'), current_setting('shared_buffers')"
        ).fetchone()
    where = conninfo_to_dict(url)
    version, buffers = row if row else ("?", "?")
    return f"PostgreSQL {version} at {where.get('host') or 'local socket'}:{where.get('port') or 5432} (shared_buffers {buffers})"


def main(argv: list[str] | None = None) -> int:
    """Measure on a scratch database of `DATABASE_URL`'s server; print markdown (or `--json`)."""
    parser = argparse.ArgumentParser(prog="python -m bench.db_cost", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--threads", type=int, default=20, help="threads, each one turn of every kind (default 20)"
    )
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument(
        "--checkpoint",
        action="store_true",
        help="one more batch right after a CHECKPOINT of the whole server (not on a shared server)",
    )
    parser.add_argument(
        "--ceiling", action="store_true", help="instead: what the server sustains under pgbench (~2 minutes)"
    )
    parser.add_argument("--engine", action="store_true", help="instead: what one procrastinate job costs")
    args = parser.parse_args(argv)
    if not 1 <= args.threads <= 28:
        parser.error("--threads must be between 1 and 28 (the seats of python-basics-3, less the warm-up)")
    with scratch_database(Settings.from_env()) as url:
        server = _server(url)
        if args.engine:
            jobs = measure_jobs(url)
            print(json.dumps(jobs, indent=2) if args.json else render_jobs(jobs))
            return 0
        if args.ceiling:
            rows = ceiling(url)
            print(json.dumps(rows, indent=2) if args.json else render_ceiling(rows, server))
            return 0
        result = measure(url, threads_count=args.threads, checkpoint=args.checkpoint)
    print(json.dumps(result, indent=2) if args.json else render(result, server))
    return 0


if __name__ == "__main__":
    sys.exit(main())
