"""Opens the database resources: Postgres (server or embedded), pool, checkpointer, store, budget ledger.

This is the one place that connects to the database. Nothing here runs at import time; callers
open resources with `open_resources()` and hand them to the graph factory.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol, TypeVar

import psycopg
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.store.postgres import PostgresStore
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool, ConnectionPool, PoolTimeout

from agent.config.settings import Settings
from agent.domain import School, catalog, knowledge
from agent.domain.documents import Document, load_documents
from agent.domain.knowledge import IngestReport
from agent.domain.policy import Limits
from agent.infra import internals, migrations
from agent.infra.fake_provider import payment_provider
from agent.infra.ledgers import PostgresLedger, StudentBudget, register_student_budget
from agent.infra.locks import Query, ThreadLocks, begin_locked, register, release
from agent.infra.peek import readable
from agent.infra.savers import (  # noqa: F401  # DELTA_PAGE_SIZE, tune_delta_paging: re-exported, long imported from here
    DELTA_PAGE_SIZE,
    PooledPostgresSaver,
    tune_delta_paging,
)

log = logging.getLogger(__name__)


class _MayPipeline(Protocol):
    """LangGraph's Postgres savers and store: they write in pipeline mode when this is set."""

    supports_pipeline: bool


_Pipelining = TypeVar("_Pipelining", bound=_MayPipeline)

EMBEDDED_DATABASE = "school"
_SETUP_LOCK = "hashtext('school-agent:setup')"
_LOCK_POLL_S = 0.05
"""How long `hold_waiting` waits between two tries of a lock another session holds."""


class DatabaseUnavailableError(RuntimeError):
    """The database could not be reached; the message names it (without a password) and why."""


@dataclass(frozen=True)
class Resources:
    """Everything a graph run needs from the database, opened together and closed together."""

    settings: Settings
    url: str
    pool: ConnectionPool[Any]
    checkpointer: PostgresSaver
    store: PostgresStore
    school: School
    ledger: PostgresLedger
    """Each thread's model spend, for `BudgetMiddleware`; shared by every process on the database."""


def connection_kwargs(settings: Settings) -> dict[str, Any]:
    """What LangGraph's Postgres savers need from every connection.

    Behind a transaction pooler (`SCHOOL_DB_POOLING=transaction`) nothing here is session-bound:
    no prepared statements (a statement prepared on one server connection is missing on the next;
    off here too for settings built without `Settings.from_env`), no `SET` when a connection is
    made (it would stay on whichever server connection ran it), and no `LISTEN`. A setting a
    transaction needs is made with `SET LOCAL` inside it, and locks are transaction-level
    (`agent.infra.locks`).
    """
    return {
        "autocommit": True,
        "row_factory": dict_row,
        "prepare_threshold": None if settings.db_pooling == "transaction" else settings.prepare_threshold,
    }


def unpipelined_if_pooled(component: _Pipelining, settings: Settings) -> _Pipelining:
    """`component`, a LangGraph Postgres saver or store, with no pipelines behind a transaction pooler.

    Behind one (`SCHOOL_DB_POOLING=transaction`) its `supports_pipeline` is turned off; otherwise
    it is returned as it is.

    A psycopg pipeline that ends outside a transaction may send one more message after its last
    Sync, a Flush, when its results are not back yet. PgBouncer (1.18, Debian's) may by then have
    handed the server connection back to its pool; it takes one again for the lone Flush, which
    gets no answer, and keeps it for that client until the client next writes. So an idle
    connection of our pool pins a server connection, and with the others busy (a run holds one for
    its thread lock) the next query waits out `query_wait_timeout` and fails. Without pipelines the
    savers write in a transaction (BEGIN, the statements, COMMIT). The thread lock's statements go
    as one simple query (`agent.infra.locks.begin_locked`, `release`), no pipeline; the journal's
    writes are single statements.
    """
    if settings.db_pooling == "transaction":
        component.supports_pipeline = False
    return component


def pool_options(settings: Settings) -> dict[str, Any]:
    """Sizes, idle and lifetime limits and connection settings for a (sync or async) pool."""
    return {
        "min_size": settings.pool_min_size,
        # At least 2: setup holds one connection while the savers use another.
        "max_size": max(settings.pool_max_size, 2),
        "max_idle": settings.pool_max_idle_s,
        "max_lifetime": settings.pool_max_lifetime_s,
        "timeout": settings.pool_timeout_s,
        "kwargs": connection_kwargs(settings),
        # A connection is checked when taken: after a database restart the pool hands out fresh
        # ones instead of failing once per stale connection. (An async pool needs the async check.)
        "check": check_if_disturbed,
        "open": False,
    }


def _disturbed(conn: psycopg.Connection[Any] | psycopg.AsyncConnection[Any]) -> bool:
    """Whether an idle connection may be broken: closed, or the server sent something unasked.

    An idle connection's socket has nothing to read unless the server closed it or announced it is
    closing it (a restart or `pg_terminate_backend`); looking costs no round trip.
    """
    if conn.closed:
        return True
    try:
        return readable(conn.fileno())
    except (OSError, ValueError, psycopg.Error):
        return True


def check_if_disturbed(conn: psycopg.Connection[Any]) -> None:
    """The pool's check when a connection is taken: a round trip only for a disturbed connection.

    `ConnectionPool.check_connection` asks the server every time (one round trip per checkout, a
    third of a turn's round trips); this asks only when the socket shows the server went away.
    """
    if _disturbed(conn):
        ConnectionPool.check_connection(conn)


async def acheck_if_disturbed(conn: psycopg.AsyncConnection[Any]) -> None:
    """`check_if_disturbed` for an async pool."""
    if _disturbed(conn):
        await AsyncConnectionPool.check_connection(conn)


def strict_serializer() -> JsonPlusSerializer:
    """A checkpoint serializer that only revives LangGraph's and LangChain's known safe types."""
    return JsonPlusSerializer(allowed_msgpack_modules=None)


def embedded_url(data_dir: Path) -> str:
    """Start (or find running) the embedded Postgres under `data_dir`; return its URL.

    The server keeps running after this process exits so that the next command, or a process
    resuming a thread, finds it ready; `school-agent db stop` stops it.
    """
    import pgserver  # imported here: a server-backed deployment never loads it

    pgdata = (data_dir / "pg").resolve()
    pgdata.mkdir(parents=True, exist_ok=True)
    # pgserver caches one handle per data dir and trusts it forever; drop it if that server has
    # since been stopped (by `db stop` or another process) so that it is started again.
    internals.forget_stopped_server(pgdata)
    server = pgserver.get_server(pgdata, cleanup_mode=None)
    with psycopg.connect(server.get_uri("postgres"), autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (EMBEDDED_DATABASE,)).fetchone()
        if exists is None:
            conn.execute(f'CREATE DATABASE "{EMBEDDED_DATABASE}"')
    url: str = server.get_uri(EMBEDDED_DATABASE)
    return url


def stop_embedded(data_dir: Path) -> bool:
    """Stop the embedded Postgres under `data_dir` if it runs; True when one was stopped."""
    import subprocess

    pgdata = (data_dir / "pg").resolve()
    if not (pgdata / "postmaster.pid").exists():
        return False
    try:
        # pgserver's own wrapper: it finds the bundled binary and runs it as the right user.
        internals.pg_ctl(["-w", "stop"], pgdata=pgdata, user="pgserver" if _is_root() else None)
    except subprocess.CalledProcessError:
        return False
    return True


def _is_root() -> bool:
    import os

    return hasattr(os, "geteuid") and os.geteuid() == 0


def database_url(settings: Settings) -> str:
    """`DATABASE_URL`, or the embedded server's URL when it is unset."""
    return settings.database_url or embedded_url(settings.data_dir)


@contextmanager
def hold_waiting(pool: ConnectionPool[Any], lock: Query) -> Iterator[None]:
    """Wait for a transaction-level advisory lock on a connection of `pool`, and hold it for the block.

    `lock` tries it (see `begin_locked`); the transaction that took it stays open for the block,
    idle and holding no snapshot, and is ended after it. The lock is polled rather than waited for
    in `pg_advisory_xact_lock`: a session blocked there holds a snapshot (a `CREATE INDEX
    CONCURRENTLY` would wait for it), and behind a transaction pooler a server connection too, so
    that enough waiters would take every server connection from the holder, which needs one more
    to finish. Between tries a waiter holds neither.
    """
    with pool.connection() as held:
        try:
            while not begin_locked(held, lock)[0]:
                held.commit()
                time.sleep(_LOCK_POLL_S)
            yield
        finally:
            release(held)


def setup_database(resources: Resources, *, knowledge_dir: Path | None = None) -> IngestReport:
    """Set up the tables, seed the catalog and ingest the knowledge base; idempotent; what was ingested.

    LangGraph's tables are made by its savers, the application's by `agent.infra.migrations`
    (versioned: each migration is applied once and recorded). The knowledge base is made to hold the
    documents of `knowledge_dir`, else of `SCHOOL_KNOWLEDGE_DIR`, else the shipped ones
    (`agent.domain.knowledge.ingest`: nothing is written when their hashes match). They are all read
    before anything is done, so a malformed one fails the setup with a `DocumentError` naming it and
    leaves the knowledge base as it was.

    An advisory lock lets several processes start at once against a new database: one applies the
    migrations, the others then find them recorded. It is transaction-level, held by a transaction
    left open on a connection of its own while the work runs on others (`hold_waiting`), so that it
    also holds through PgBouncer in transaction mode. It is polled rather than waited for: a session
    blocked in `pg_advisory_xact_lock` holds a snapshot, and LangGraph's `CREATE INDEX CONCURRENTLY`
    in the holder's setup would wait for that snapshot forever; the holder's idle transaction holds
    none.

    Every command of a fresh process starts here, and on a database already set up the whole of it
    would change nothing: `_already_set_up` reads, in one statement and without the lock, what it
    would compare, and the lock and the setup run only when something differs or is missing.
    """
    documents = load_documents(knowledge_dir or resources.settings.knowledge_dir)
    current = _already_set_up(resources, documents)
    if current is not None:
        return current
    lock: Query = (f"SELECT pg_try_advisory_xact_lock({_SETUP_LOCK}) AS got", {})
    with hold_waiting(resources.pool, lock):
        resources.checkpointer.setup()
        resources.store.setup()
        with resources.pool.connection() as conn:
            migrations.migrate(conn)
            catalog.seed_catalog(conn, today=resources.settings.current_date())
            return knowledge.ingest(conn, documents)


_SET_UP_SQL = (
    "SELECT (SELECT max(v) FROM checkpoint_migrations) AS checkpoints,"
    " (SELECT max(v) FROM store_migrations) AS store,"
    f" (SELECT max(v) FROM {migrations.VERSION_TABLE}) AS school,"
    " (SELECT count(*) FROM courses WHERE id = ANY(%(courses)s)) AS courses,"
    " (SELECT count(*) FROM cohorts WHERE id = ANY(%(cohorts)s)) AS cohorts,"
    " (SELECT coalesce(jsonb_object_agg(id, content_hash), '{}') FROM knowledge_documents) AS documents"
)


def _already_set_up(resources: Resources, documents: Sequence[Document]) -> IngestReport | None:
    """What `setup_database` would report if it changed nothing, when it would; else None.

    It would change nothing when LangGraph's savers and the application are each at their newest
    migration, every shipped course and cohort is there, and the knowledge base holds exactly
    `documents`. Read in one statement, so each figure is of the same moment; a missing table (a new
    database, or one made before migrations were recorded) means None. A store with a vector index
    has migrations of its own: it always goes the whole way. What is read is never written here: on
    None the caller takes the setup lock and does it all, as before.
    """
    if resources.store.index_config or len({d.id for d in documents}) != len(documents):
        return None  # duplicate ids: the whole way, whose ingestion names them
    seed = catalog.load_seed()
    ids = {"courses": [c["id"] for c in seed["courses"]], "cohorts": [h["id"] for h in seed["cohorts"]]}
    try:
        with resources.pool.connection() as conn:
            row = conn.execute(_SET_UP_SQL, ids).fetchone()
    except psycopg.errors.UndefinedTable:
        return None
    wanted = {
        "checkpoints": len(resources.checkpointer.MIGRATIONS) - 1,
        "store": len(resources.store.MIGRATIONS) - 1,
        "school": migrations.HEAD,
        "courses": len(set(ids["courses"])),
        "cohorts": len(set(ids["cohorts"])),
        "documents": {d.id: d.content_hash for d in documents},
    }
    if row != wanted:
        return None
    return IngestReport(unchanged=sorted(d.id for d in documents))


@contextmanager
def open_resources(settings: Settings | None = None, *, setup: bool = True) -> Iterator[Resources]:
    """Open the pool, checkpointer, store, domain and ledger for `settings` (default: the environment).

    Example::

        with open_resources() as res:
            graph = build_graph(checkpointer=res.checkpointer, store=res.store, school=res.school)
            graph.invoke({"messages": [("user", "hi")]}, {"configurable": {"thread_id": "t1"}},
                         context=Context(user_id="ada"))
    """
    settings = settings or Settings.from_env()
    url = database_url(settings)
    pool: ConnectionPool[Any] = ConnectionPool(url, name="school-agent", **pool_options(settings))
    try:
        pool.open(wait=True, timeout=settings.connect_timeout_s)
    except PoolTimeout as err:
        pool.close()
        where = conninfo_to_dict(url)
        target = f"{where.get('host', 'localhost')}:{where.get('port', 5432)}/{where.get('dbname', '')}"
        message = f"cannot reach the database at {target} within {settings.connect_timeout_s}s: {err}"
        raise DatabaseUnavailableError(message) from None
    # Thread locks hold a connection for a whole run: they get their own pool (see agent.infra.locks).
    lock_pool: ConnectionPool[Any] = ConnectionPool(
        url,
        name="school-agent-locks",
        **(pool_options(settings) | {"min_size": 0, "max_size": settings.max_runs}),
    )
    # A payment holds its money lock on a connection of its own while it runs on one of the main
    # pool (agent.domain.payments.LockHolder), so the money locks get a pool of their own too, as
    # large as the main one: every holder takes its main connection first, so it never holds one
    # of these while it waits for the main pool, and never waits for one of these. Behind a
    # transaction pooler each payment in flight keeps a server connection for its lock, as a run does.
    money_pool: ConnectionPool[Any] = ConnectionPool(
        url, name="school-agent-money-locks", **(pool_options(settings) | {"min_size": 0})
    )
    try:
        lock_pool.open()
        money_pool.open()
        register(pool, ThreadLocks(lock_pool))
        register_student_budget(pool, StudentBudget.from_settings(pool, settings))
        school = School(
            pool,
            clock=settings.current_date,
            payments=payment_provider(pool),
            hold_lock=partial(hold_waiting, money_pool),
            limits=Limits(operator_refunds_above_cents=settings.operator_refunds_above_cents),
        )
        resources = Resources(
            settings=settings,
            url=url,
            pool=pool,
            checkpointer=unpipelined_if_pooled(
                PooledPostgresSaver(pool, serde=strict_serializer()), settings
            ),
            store=unpipelined_if_pooled(PostgresStore(pool), settings),  # type: ignore[arg-type]
            school=school,
            ledger=PostgresLedger(pool),
        )
        if setup:
            setup_database(resources)
        yield resources
    finally:
        money_pool.close()
        lock_pool.close()
        pool.close()


_default: Resources | None = None
_default_lock = threading.Lock()


def default_resources() -> Resources:
    """Process-wide resources, opened on first use and closed at exit.

    For the module-level graph that `langgraph dev` loads, whose nodes need the domain but which
    is built before any database is chosen.
    """
    global _default
    with _default_lock:
        if _default is None:
            manager = open_resources()
            _default = manager.__enter__()
            atexit.register(manager.__exit__, None, None, None)
        return _default
