"""The application's schema, as a numbered list of migrations with a version table: the one place it is made.

Each migration is a SQL file in this package (`NNNN_name.sql`), listed in `MIGRATIONS` with the
tables it creates. `migrate` applies those the database has not recorded, each in one transaction
with its row in `school_migrations` (`v`, `applied_at`), so a migration is either wholly applied and
recorded or not at all (a statement that cannot run in a transaction, such as `CREATE INDEX
CONCURRENTLY`, would need a flag on its migration; none has one yet). `HEAD` is the newest
version; `current_version` is where a database stands.

Versions 1 and 2 describe what existed before migrations were recorded: 1 is the first release's
schema (the domain tables), 2 what later releases added by `CREATE TABLE IF NOT EXISTS` at every
start (payment attempts, budget ledger, journal, jobs). Both are idempotent, so a database made by
any of those releases, which records no version, runs them both unchanged and is recorded at 2.
From 3 on a migration runs exactly once per database and need not be idempotent; a change to a
released table is a new migration (`ALTER TABLE ...`), never an edit of an old one.

Why a numbered list and not Alembic: Alembic is the ecosystem's default, but it runs on SQLAlchemy,
which nothing else here uses (the project is raw psycopg), and its autogeneration needs SQLAlchemy
models of every table. LangGraph's Postgres savers, which share this database, keep their schema
the same way (`PostgresSaver.MIGRATIONS`, table `checkpoint_migrations`), so one pattern covers all
of the database and `doctor` reads all three versions alike.

Not here: LangGraph's own tables (its savers migrate them); `course_embeddings` and
`knowledge_embeddings`, created by `agent.domain.vectors` only where the pgvector extension exists
and embeddings are configured; the fake payment provider's table (it stands for a provider's
system, not the school's schema). Catalog seeding and the knowledge base's documents are data,
written by `agent.domain.catalog.seed_catalog` and `agent.domain.knowledge.ingest` after the
migrations.

This module opens no connection: `agent.infra.persistence.setup_database` hands one in, holding the
setup lock, so that processes starting together apply each migration once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from psycopg import Connection
from psycopg.rows import tuple_row

log = logging.getLogger(__name__)

ENGINE_SCHEMA: Final = "procrastinate:schema.sql"
"""The `file` of the migration that makes the task engine's schema: procrastinate's own
`schema.sql` for the installed version (`agent.infra.engine`). A later procrastinate whose schema
changes brings its own migration files; applying them is a new migration here."""
VERSION_TABLE: Final = "school_migrations"
"""One row per applied migration: `v` (its version) and `applied_at`."""


@dataclass(frozen=True)
class Migration:
    """One step of the schema: its version, its SQL file in this package, the tables it creates."""

    version: int
    file: str
    creates: tuple[str, ...]
    """The tables it creates, for `TABLES` (a test checks them against the database)."""
    drops: tuple[str, ...] = ()
    """The tables of earlier migrations it drops."""

    def sql(self) -> str:
        """The statements of the migration (`ENGINE_SCHEMA`: the task engine's, from its package)."""
        if self.file == ENGINE_SCHEMA:
            from agent.infra import engine  # procrastinate is imported only when the schema is made

            return engine.schema_sql()
        return resources.files(__name__).joinpath(self.file).read_text()


MIGRATIONS: Final[tuple[Migration, ...]] = (
    Migration(
        1,
        "0001_first_release.sql",
        ("courses", "cohorts", "enrollments", "payments", "handoffs", "operations"),
    ),
    Migration(
        2,
        "0002_ledger_journal_jobs.sql",
        (
            "payment_attempts",
            "budget_charges",
            "budget_exhausted",
            "journal_events",
            "thread_owners",
            "turns",
            "plan_items",
            "approval_grants",
            "jobs",
        ),
    ),
    Migration(3, "0003_thread_records.sql", ("thread_records",)),
    Migration(4, "0004_api_runs.sql", ("api_runs", "api_run_events")),
    Migration(5, "0005_holds.sql", ("thread_notices",)),
    Migration(
        6,
        ENGINE_SCHEMA,
        (
            "procrastinate_workers",
            "procrastinate_jobs",
            "procrastinate_periodic_defers",
            "procrastinate_events",
        ),
    ),
    Migration(7, "0007_runs_on_engine.sql", (), drops=("jobs",)),
    Migration(8, "0008_approval_policy.sql", ()),
    Migration(9, "0009_edge_rules_transfers.sql", ()),
    Migration(
        10, "0010_student_limits.sql", ("student_charges", "student_budget_exhausted", "api_rate_limits")
    ),
    Migration(11, "0011_knowledge_base.sql", ("knowledge_documents", "knowledge_chunks")),
    Migration(12, "0012_knowledge_keywords.sql", ()),
    Migration(13, "0013_thread_ttls.sql", ("thread_ttls",)),
    Migration(14, "0014_crons.sql", ("crons",)),
    Migration(15, "0015_webhooks.sql", ("webhook_deliveries",)),
)
HEAD: Final = MIGRATIONS[-1].version
"""The newest schema version this code knows."""
DROPPED: Final[frozenset[str]] = frozenset(t for m in MIGRATIONS for t in m.drops)
TABLES: Final[tuple[str, ...]] = tuple(t for m in MIGRATIONS for t in m.creates if t not in DROPPED)
"""The application's tables at `HEAD`, in the order the migrations create them."""

_VERSION_TABLE_SQL: Final = (
    f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} ("
    " v integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
)


def recorded_version(conn: Connection[Any]) -> int | None:
    """The newest migration recorded in the database; None when it records none (no version table)."""
    if not _exists(conn, VERSION_TABLE):
        return None
    with conn.cursor(row_factory=tuple_row) as cur:
        row = cur.execute(f"SELECT max(v) FROM {VERSION_TABLE}").fetchone()
    return None if row is None else row[0]


def current_version(conn: Connection[Any]) -> int:
    """Where the database's schema stands: 0 when it has none, up to `HEAD` (or beyond, if newer).

    A database that records no version but has the first release's tables was made before
    migrations were recorded: it is at version 1 (at least), and `migrate` brings it to `HEAD`.
    """
    recorded = recorded_version(conn)
    if recorded is not None:
        return recorded
    return 1 if _exists(conn, MIGRATIONS[0].creates[0]) else 0


def migrate(conn: Connection[Any]) -> list[int]:
    """Apply the migrations the database has not recorded, oldest first; the versions applied.

    The caller holds the setup lock (see `agent.infra.persistence.setup_database`). A database
    whose recorded version is newer than `HEAD` (a newer release wrote it) is left as it is.
    """
    with conn.transaction():
        conn.execute(_VERSION_TABLE_SQL)
    done = recorded_version(conn) or 0
    if done > HEAD:
        log.warning("the schema is at version %s, newer than this code's %s: left as it is", done, HEAD)
        return []
    applied = []
    for migration in MIGRATIONS[done:]:
        with conn.transaction():
            # Several statements in one string cannot be a prepared statement.
            conn.execute(migration.sql(), prepare=False)  # type: ignore[call-overload]  # shipped SQL file
            conn.execute(f"INSERT INTO {VERSION_TABLE} (v) VALUES (%s)", (migration.version,))
        applied.append(migration.version)
    if applied:
        log.info("schema migrated to version %s (applied %s)", HEAD, ", ".join(map(str, applied)))
    return applied


def _exists(conn: Connection[Any], table: str) -> bool:
    """Whether `table` exists in the connection's search path."""
    with conn.cursor(row_factory=tuple_row) as cur:
        row = cur.execute("SELECT to_regclass(%s) IS NOT NULL", (table,)).fetchone()
    return bool(row and row[0])
