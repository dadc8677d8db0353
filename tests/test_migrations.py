"""Schema migrations on real Postgres: old releases' databases upgraded with their rows, set-up twice, at head.

Two databases as releases left them, each made by the release's own code with a few rows (see
`tests/fixtures/make_schema_fixtures.py`): `schema_v1.sql`, the first release (2f66197), and
`schema_v2_unrecorded.sql`, the last release before migrations were recorded (73373e6).
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from importlib import resources as package_files
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg.rows import dict_row

from agent.config.settings import Settings
from agent.domain.documents import load_documents
from agent.infra import migrations, persistence
from agent.infra.migrations import HEAD, MIGRATIONS, TABLES, VERSION_TABLE
from agent.infra.persistence import _already_set_up, open_resources
from agent.infra.scratch import temporary_database
from agent.journal.events import record_event
from agent.upkeep.doctor import LANGGRAPH_TABLES

FIXTURES = Path(__file__).parent / "fixtures"
V2_TABLES = tuple(t for m in MIGRATIONS[:2] for t in m.creates)
"""The tables of migrations 1 and 2: what the last release before recorded migrations had."""
FIRST_RELEASE_TABLES = ("courses", "cohorts", "enrollments", "payments", "handoffs", "operations")


@pytest.fixture
def conn(database_url: str) -> Iterator[psycopg.Connection[dict[str, Any]]]:
    """A connection to the test's (empty) database, as the application opens them."""
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row, prepare_threshold=0) as c:
        yield c


def rows(conn: psycopg.Connection[Any], tables: tuple[str, ...]) -> dict[str, list[dict[str, Any]]]:
    # Not prepared: a later migration adds columns, and a prepared `SELECT *` would refuse the new shape.
    return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1", prepare=False).fetchall() for t in tables}


def as_released(
    now: dict[str, list[dict[str, Any]]], released: dict[str, list[dict[str, Any]]]
) -> dict[str, list[dict[str, Any]]]:
    """`now`'s rows with only the columns the release's rows had (later migrations add columns)."""
    return {
        t: [{k: row[k] for k in (released[t][0] if released[t] else row)} for row in found]
        for t, found in now.items()
    }


def shape(conn: psycopg.Connection[Any], of: tuple[str, ...] = TABLES) -> dict[str, list[tuple[Any, ...]]]:
    """The application's schema (tables `of`) as Postgres describes it: columns, constraints, indexes,
    functions."""
    queries = {
        "columns": "SELECT table_name, column_name, data_type, is_nullable, column_default,"
        " generation_expression FROM information_schema.columns"
        " WHERE table_schema = 'public' AND table_name = ANY(%(tables)s)",
        "constraints": "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid)"
        " FROM pg_constraint WHERE conrelid::regclass::text = ANY(%(tables)s)",
        "indexes": "SELECT tablename, indexname, indexdef FROM pg_indexes"
        " WHERE schemaname = 'public' AND tablename = ANY(%(tables)s)",
        "functions": "SELECT proname, pg_get_functiondef(oid) FROM pg_proc"
        " WHERE pronamespace = 'public'::regnamespace",
    }
    tables = {"tables": list(of)}
    return {
        what: sorted(tuple(r.values()) for r in conn.execute(sql, tables).fetchall())
        for what, sql in queries.items()
    }


def load(conn: psycopg.Connection[Any], fixture: str) -> None:
    """Restore a release's database from its dump."""
    dump = (FIXTURES / fixture).read_text()
    conn.execute(dump, prepare=False)  # type: ignore[call-overload]  # a dump of many statements
    conn.execute("SELECT pg_catalog.set_config('search_path', 'public', false)")  # the dump emptied it


def applied(conn: psycopg.Connection[Any]) -> list[dict[str, Any]]:
    return conn.execute(f"SELECT v, applied_at FROM {VERSION_TABLE} ORDER BY v").fetchall()


def migrated_shape(server_url: str, version: int, of: tuple[str, ...]) -> dict[str, list[tuple[Any, ...]]]:
    """The schema (tables `of`) of a database that ran the migrations up to `version` only."""
    with (
        temporary_database(server_url, "test") as url,
        psycopg.connect(url, autocommit=True, row_factory=dict_row) as fresh,
    ):
        for migration in MIGRATIONS[:version]:
            fresh.execute(migration.sql(), prepare=False)  # type: ignore[call-overload]  # shipped SQL file
        return shape(fresh, of)


def head_shape(
    server_url: str, settings: Settings, of: tuple[str, ...] = TABLES
) -> dict[str, list[tuple[Any, ...]]]:
    """The schema of a database set up from empty by this code."""
    with temporary_database(server_url, "test") as url:
        with open_resources(Settings(database_url=url, today=settings.today)):
            pass
        with psycopg.connect(url, row_factory=dict_row) as fresh:
            return shape(fresh, of)


def test_the_migrations_are_numbered_from_1_and_every_sql_file_is_one_of_them() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, HEAD + 1))
    shipped = sorted(
        f.name for f in package_files.files("agent.infra.migrations").iterdir() if f.name.endswith(".sql")
    )
    files = [
        m for m in MIGRATIONS if m.file != migrations.ENGINE_SCHEMA
    ]  # the engine's comes from its package
    assert shipped == [m.file for m in files]
    assert all(m.file.startswith(f"{m.version:04d}_") for m in files)
    assert "CREATE TABLE procrastinate_jobs" in MIGRATIONS[5].sql()
    assert MIGRATIONS[0].creates == FIRST_RELEASE_TABLES
    assert len(set(TABLES)) == len(TABLES)


def test_an_empty_database_is_at_version_0(conn: psycopg.Connection[Any]) -> None:
    assert (migrations.current_version(conn), migrations.recorded_version(conn)) == (0, None)


def test_a_database_set_up_from_empty_is_at_head_with_exactly_the_listed_tables(
    settings: Settings, conn: psycopg.Connection[Any]
) -> None:
    with open_resources(settings):
        pass
    assert (migrations.current_version(conn), migrations.recorded_version(conn)) == (HEAD, HEAD)
    assert [r["v"] for r in applied(conn)] == list(range(1, HEAD + 1))
    tables = {
        r["tablename"] for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    }
    assert tables == {*TABLES, VERSION_TABLE, *LANGGRAPH_TABLES}


def test_setting_up_twice_is_a_no_op(settings: Settings, conn: psycopg.Connection[Any]) -> None:
    with open_resources(settings):
        pass
    before, schema = applied(conn), shape(conn)
    with open_resources(settings) as res:
        record_event(res.pool, "t", "plan_presented", {"n": 1})
    with open_resources(settings):
        pass
    assert migrations.migrate(conn) == []
    assert applied(conn) == before  # nothing applied again: the same rows, the same times
    assert shape(conn) == schema
    assert conn.execute("SELECT payload FROM journal_events").fetchall() == [{"payload": {"n": 1}}]


def test_the_first_release_database_is_migrated_to_head_with_its_rows_kept(
    settings: Settings, conn: psycopg.Connection[Any], server_url: str
) -> None:
    load(conn, "schema_v1.sql")
    assert (migrations.current_version(conn), migrations.recorded_version(conn)) == (1, None)
    assert conn.execute("SELECT to_regclass('payment_attempts') AS t").fetchone() == {"t": None}
    first = rows(conn, FIRST_RELEASE_TABLES)
    assert {t: len(r) for t, r in first.items()} == {
        "courses": 16,
        "cohorts": 33,
        "enrollments": 2,
        "payments": 1,
        "handoffs": 1,
        "operations": 5,
    }

    with open_resources(settings) as res:
        assert (migrations.current_version(conn), migrations.recorded_version(conn)) == (HEAD, HEAD)
        # Seeding adds no course the release had.
        assert as_released(rows(conn, FIRST_RELEASE_TABLES), first) == first
        assert shape(conn) == head_shape(server_url, settings)
        # The tables added since work, and the first release's sequences carry on.
        outcome = res.school.enroll("k-enroll-dee", student_id="dee", cohort_id="rag-2")
        assert outcome["ok"] and outcome["result"]["enrollment"]["id"] == 3
        assert res.school.pay("k-pay-dee", student_id="dee", cohort_id="rag-2")["ok"]
        assert conn.execute("SELECT status FROM payment_attempts WHERE key = 'k-pay-dee'").fetchone() == {
            "status": "succeeded"
        }
        res.ledger.charge("t-dee", 10, 5, 0.01, call_id="m1")
        assert res.ledger.spent("t-dee").input_tokens == 10


def test_the_last_release_that_recorded_no_version_is_recorded_at_head_with_its_rows_kept(
    settings: Settings, conn: psycopg.Connection[Any], server_url: str
) -> None:
    load(conn, "schema_v2_unrecorded.sql")
    # Migrations 1 and 2 make exactly the schema that release made.
    assert shape(conn, V2_TABLES) == migrated_shape(server_url, 2, V2_TABLES)
    assert (migrations.current_version(conn), migrations.recorded_version(conn)) == (1, None)
    kept = rows(conn, V2_TABLES)
    assert {t: len(r) for t, r in kept.items() if r and t not in ("courses", "cohorts")} == {
        "enrollments": 2,
        "payments": 1,
        "handoffs": 1,
        "operations": 5,
        "payment_attempts": 1,
        "budget_charges": 1,
        "journal_events": 1,
        "jobs": 1,
    }

    with open_resources(settings) as res:
        assert (migrations.current_version(conn), migrations.recorded_version(conn)) == (HEAD, HEAD)
        still = tuple(t for t in V2_TABLES if t not in migrations.DROPPED)  # the old job queue is gone
        assert as_released(rows(conn, still), kept) == {t: kept[t] for t in still}
        assert conn.execute("SELECT count(*) AS n FROM api_runs").fetchone() == {
            "n": 0
        }  # its job had no message
        ingested = ("knowledge_documents", "knowledge_chunks")  # the setup ingests the shipped documents
        newer = tuple(t for t in TABLES if t not in V2_TABLES and t not in ingested)
        assert rows(conn, newer) == {table: [] for table in newer}
        documents = rows(conn, ingested[:1])["knowledge_documents"]
        assert [d["id"] for d in documents] == sorted(d.id for d in load_documents())
        assert res.ledger.spent("t-ada").input_tokens == 120
    assert [r["v"] for r in applied(conn)] == list(range(1, HEAD + 1))


def test_processes_setting_up_together_apply_each_migration_once(
    settings: Settings, conn: psycopg.Connection[Any]
) -> None:
    def start(_: int) -> None:
        with open_resources(settings):
            pass

    with ThreadPoolExecutor(max_workers=3) as pool:
        list(pool.map(start, range(3)))
    assert [r["v"] for r in applied(conn)] == list(range(1, HEAD + 1))


def test_a_database_written_by_a_newer_version_is_left_as_it_is(
    settings: Settings, conn: psycopg.Connection[Any]
) -> None:
    with open_resources(settings):
        pass
    conn.execute(f"INSERT INTO {VERSION_TABLE} (v) VALUES (%s)", (HEAD + 1,))
    assert migrations.migrate(conn) == []
    assert migrations.current_version(conn) == HEAD + 1


def _setup_statements(settings: Settings) -> tuple[list[str], bool]:
    """The statements a start (open_resources) sends through `execute`, and whether it took the setup lock."""
    sent: list[str] = []
    locked: list[bool] = []
    execute, hold_waiting = psycopg.Connection.execute, persistence.hold_waiting

    def counted(self: psycopg.Connection[Any], query: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(str(query))
        return execute(self, query, *args, **kwargs)

    def holding(*args: Any) -> Any:
        locked.append(True)
        return hold_waiting(*args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(psycopg.Connection, "execute", counted)
        patch.setattr(persistence, "hold_waiting", holding)
        with open_resources(settings):
            pass
    return sent, bool(locked)


def test_a_start_on_a_database_already_set_up_reads_it_once_and_takes_no_lock(
    settings: Settings, conn: psycopg.Connection[Any]
) -> None:
    with open_resources(settings):
        pass
    before = applied(conn)
    sent, locked = _setup_statements(settings)
    assert len(sent) == 1 and "school_migrations" in sent[0]
    assert not locked
    assert applied(conn) == before


@pytest.mark.parametrize(
    "change",
    [
        # A shipped course gone, with its cohorts.
        "DELETE FROM cohorts WHERE course_id = 'python-basics'; DELETE FROM courses WHERE id = 'python-basics'",
        "DELETE FROM cohorts WHERE id = 'python-basics-3'",
        "UPDATE knowledge_documents SET content_hash = 'stale' WHERE id = (SELECT min(id) FROM knowledge_documents)",
        "DELETE FROM knowledge_documents WHERE id = (SELECT min(id) FROM knowledge_documents)",
    ],
)
def test_a_start_that_finds_data_missing_or_stale_sets_up_under_the_lock_as_before(
    settings: Settings, conn: psycopg.Connection[Any], change: str
) -> None:
    with open_resources(settings):
        pass
    seeded = rows(conn, ("courses", "cohorts"))
    documents = conn.execute("SELECT id, content_hash FROM knowledge_documents ORDER BY id").fetchall()
    conn.execute(change, prepare=False)  # type: ignore[call-overload]  # one or two statements
    _, locked = _setup_statements(settings)
    assert locked
    assert rows(conn, ("courses", "cohorts")) == seeded
    assert (
        conn.execute("SELECT id, content_hash FROM knowledge_documents ORDER BY id").fetchall() == documents
    )


@pytest.mark.parametrize("table", ["checkpoint_migrations", "store_migrations", VERSION_TABLE])
def test_a_start_that_finds_a_migration_unrecorded_goes_the_whole_way(
    settings: Settings, conn: psycopg.Connection[Any], table: str
) -> None:
    with open_resources(settings, setup=True) as res:
        shipped = load_documents(settings.knowledge_dir)
        assert _already_set_up(res, shipped) is not None
        newest = conn.execute(
            f"DELETE FROM {table} WHERE v = (SELECT max(v) FROM {table}) RETURNING v"
        ).fetchone()
        assert _already_set_up(res, shipped) is None  # the lock and the savers' and our migrations run
        conn.execute(f"INSERT INTO {table} (v) VALUES (%s)", (newest["v"],))
        conn.execute(f"INSERT INTO {table} (v) VALUES (%s)", (newest["v"] + 1000,))
        assert _already_set_up(res, shipped) is None  # a newer release's database: as before
