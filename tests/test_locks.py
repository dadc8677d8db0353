"""The thread lock's two round trips: taking it with a read, and releasing it with the last writes."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from agent.infra.locks import (
    LOCK_SPACE,
    ThreadBusyError,
    ThreadLocks,
    begin_locked,
    release,
    write_on_release,
)


@pytest.fixture
def locks(database_url: str) -> Iterator[ThreadLocks]:
    kwargs = {"autocommit": True, "row_factory": dict_row}
    with ConnectionPool(database_url, kwargs=kwargs, min_size=2, max_size=2) as pool:
        with pool.connection() as conn:
            conn.execute("CREATE TABLE said (thread text, words text CHECK (words <> 'wrong'))")
        yield ThreadLocks(pool)


def _said(locks: ThreadLocks) -> list[dict[str, Any]]:
    with locks.pool.connection() as conn:
        return conn.execute("SELECT thread, words FROM said ORDER BY words").fetchall()


def test_the_read_after_the_lock_sees_its_own_parameters_and_the_last_words_commit_on_release(
    locks: ThreadLocks,
) -> None:
    # `then` may name its parameters as the lock's own query does: each statement is bound apart.
    then = (
        "SELECT %(thread)s::text AS thread, %(space)s::int AS space, '50%%' AS share",
        {"thread": "x", "space": 7},
    )
    with locks.hold("t", then=then) as row:
        assert row == {"thread": "x", "space": 7, "share": "50%"}
        assert write_on_release("t", ("INSERT INTO said VALUES (%s, %s)", ["t", "it's; done"]))
        assert write_on_release("t", ("INSERT INTO said VALUES (%s, %s)", ["t", "later"]))
        assert _said(locks) == []  # written in the lock's transaction: seen once it is released
    assert _said(locks) == [{"thread": "t", "words": "it's; done"}, {"thread": "t", "words": "later"}]
    assert not write_on_release("t", ("INSERT INTO said VALUES (%s, %s)", ["t", "after"]))


def test_a_held_thread_is_busy_for_another_holder_until_released(locks: ThreadLocks) -> None:
    with locks.hold("t"):
        with pytest.raises(ThreadBusyError), locks.hold("t"):
            pass
        with locks.hold("u"):  # another thread's lock is its own
            pass
    with locks.hold("t"):
        pass


def test_last_words_that_fail_roll_back_raise_and_release_the_lock(locks: ThreadLocks) -> None:
    with pytest.raises(psycopg.errors.CheckViolation), locks.hold("t"):
        write_on_release("t", ("INSERT INTO said VALUES (%s, %s)", ["t", "fine"]))
        write_on_release("t", ("INSERT INTO said VALUES (%s, %s)", ["t", "wrong"]))
    assert _said(locks) == []  # neither the good words nor the bad: one transaction
    with locks.hold("t"), locks.pool.connection() as conn:  # released, and both connections usable
        assert conn.execute(
            "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = %s"
            " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            (LOCK_SPACE,),
        ).fetchone() == {"n": 1}  # this database's: pg_locks lists the server's, other databases' runs too


def test_last_words_failing_after_the_block_failed_are_logged_and_the_block_error_stands(
    locks: ThreadLocks, caplog: pytest.LogCaptureFixture
) -> None:
    error = pytest.raises(KeyError)
    with caplog.at_level(logging.WARNING, logger="agent.infra.locks"), error, locks.hold("t"):
        write_on_release("t", ("INSERT INTO said VALUES (%s, %s)", ["t", "wrong"]))
        raise KeyError("the block's own error")
    assert [r.getMessage() for r in caplog.records] == ["a lock's last writes failed"]
    assert _said(locks) == []


_LOCK = (
    "SELECT pg_try_advisory_xact_lock(%(space)s, hashtext(%(thread)s)) AS got",
    {"space": LOCK_SPACE, "thread": "t"},
)
_READ = ("SELECT %(thread)s::text AS thread, 1 + %(n)s::int AS n", {"thread": "t", "n": 1})


def _prepared_here(conn: psycopg.Connection[Any]) -> list[tuple[str, int]]:
    """The statements prepared in SQL on `conn`, each with how often it ran."""
    rows = conn.execute(
        "SELECT name, generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE from_sql"
    ).fetchall()
    return [(r["name"], r["runs"]) for r in rows]


def test_the_read_is_prepared_once_per_connection_and_sent_as_text_once_its_statement_is_gone(
    database_url: str,
) -> None:
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row, prepare_threshold=0) as conn:
        for n in (1, 2):
            assert begin_locked(conn, _LOCK, (_READ[0], {"thread": "t", "n": n})) == (
                True,
                {"thread": "t", "n": n + 1},
            )
            release(conn)
            [(name, runs)] = _prepared_here(conn)  # prepared with the first, run by each
            assert (name.startswith("school_read_"), runs) == (True, n)
        conn.execute("DEALLOCATE ALL")  # as psycopg does after a rollback, when it prepared statements itself
        assert begin_locked(conn, _LOCK, _READ) == (True, {"thread": "t", "n": 2})
        release(conn)
        assert begin_locked(conn, _LOCK, _READ) == (True, {"thread": "t", "n": 2})
        release(conn)
        assert _prepared_here(conn) == []  # this connection sends it as text from then on


def test_behind_a_transaction_pooler_the_read_is_sent_as_text(database_url: str) -> None:
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row, prepare_threshold=None) as conn:
        for _ in range(2):
            assert begin_locked(conn, _LOCK, _READ) == (True, {"thread": "t", "n": 2})
            release(conn)
        assert _prepared_here(conn) == []


def test_a_read_postgres_would_not_prepare_is_sent_as_text(database_url: str) -> None:
    untyped = ("SELECT %(x)s IS NULL AS missing", {"x": "y"})  # PREPARE cannot tell its parameter's type
    with psycopg.connect(database_url, autocommit=True, row_factory=dict_row, prepare_threshold=0) as conn:
        for _ in range(2):
            assert begin_locked(conn, _LOCK, untyped) == (True, {"missing": False})
            release(conn)
        assert _prepared_here(conn) == []


def _write(words: str) -> tuple[str, list[Any]]:
    return ("INSERT INTO said VALUES (%s, %s)", ["t", words])


def test_last_words_are_prepared_with_the_next_lock_and_run_prepared_after(locks: ThreadLocks) -> None:
    with locks.pool.connection() as conn:
        for n in range(3):
            begin_locked(conn, _LOCK)
            release(conn, [_write(f"w{n}")])
        [(name, runs)] = _prepared_here(conn)
    assert (name.startswith("school_write_"), runs) == (True, 2)
    assert [r["words"] for r in _said(locks)] == ["w0", "w1", "w2"]


def test_last_words_whose_statement_is_gone_are_written_all_the_same(locks: ThreadLocks) -> None:
    with locks.pool.connection() as conn:
        for words in ("w0", "w1"):  # sent as text, prepared with the next lock, then run prepared
            begin_locked(conn, _LOCK)
            release(conn, [_write(words)])
        conn.execute("DEALLOCATE ALL")
        begin_locked(conn, _LOCK)
        release(conn, [_write("w2")])  # its EXECUTE fails: the words go as text, after the lock's release
        begin_locked(conn, _LOCK)
        release(conn, [_write("w3")])
        assert _prepared_here(conn) == []  # this connection sends them as text from then on
    assert [r["words"] for r in _said(locks)] == ["w0", "w1", "w2", "w3"]


def test_last_words_postgres_would_not_prepare_are_written_and_sent_as_text(locks: ThreadLocks) -> None:
    untyped = ("INSERT INTO said SELECT %s, %s WHERE %s IS NULL", ["t", "kept", None])
    with locks.pool.connection() as conn:
        for _ in range(2):  # the second lock's PREPARE fails: the lock is taken again without it
            assert begin_locked(conn, _LOCK) == (True, None)
            release(conn, [untyped])
        assert _prepared_here(conn) == []
    assert [r["words"] for r in _said(locks)] == ["kept", "kept"]
