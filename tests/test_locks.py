"""The thread lock's two round trips: taking it with a read, and releasing it with the last writes."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from agent.infra.locks import LOCK_SPACE, ThreadBusyError, ThreadLocks, write_on_release


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
            "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND classid = %s", (LOCK_SPACE,)
        ).fetchone() == {"n": 1}


def test_last_words_failing_after_the_block_failed_are_logged_and_the_block_error_stands(
    locks: ThreadLocks, caplog: pytest.LogCaptureFixture
) -> None:
    error = pytest.raises(KeyError)
    with caplog.at_level(logging.WARNING, logger="agent.infra.locks"), error, locks.hold("t"):
        write_on_release("t", ("INSERT INTO said VALUES (%s, %s)", ["t", "wrong"]))
        raise KeyError("the block's own error")
    assert [r.getMessage() for r in caplog.records] == ["a lock's last writes failed"]
    assert _said(locks) == []
