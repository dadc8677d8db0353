"""One writer per thread, across processes: a Postgres advisory lock held while a request runs.

The lock is transaction-level (`pg_try_advisory_xact_lock`), taken in a transaction that stays open
on a connection for the length of the run and ended to release it. It lives in no session
state, so it holds through PgBouncer in transaction mode, which keeps a server connection bound to
its client for a whole transaction and hands it to other clients between transactions (a session
lock stays on that server connection, where the next client finds it already its own). The lock's
transaction writes nothing, and the journal is written elsewhere (`agent.journal.turns`): its rows
would stay invisible to live followers until the run ended.

Each held lock keeps one connection for the length of the run, so the locks have a pool of their
own: a run holding a lock still finds connections for its checkpoints in the main pool (sharing
one pool deadlocks as soon as more requests wait than it has connections). Behind a transaction
pooler each running request keeps one server connection too. If the process dies, Postgres ends
its sessions, their transactions and the locks with them, so a crash never leaves a thread locked.
`agent.infra.persistence` opens the lock pool beside the main one and registers it here.
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import itertools
import logging
import re
import threading
import weakref
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import pq
from psycopg_pool import ConnectionPool

LOCK_SPACE = 0x5C400
"""The first key of every thread lock (two-key form), apart from the keys setup and the budget use."""

log = logging.getLogger(__name__)

Query = tuple[str, Mapping[str, Any]]
"""SQL and its named parameters."""
LastWords = tuple[str, Sequence[Any]]
"""A statement (positional parameters) sent with the commit that releases a lock (`write_on_release`)."""

_last_words: contextvars.ContextVar[dict[str, list[LastWords]]] = contextvars.ContextVar("last_words")
"""The locks this context holds (thread id → what their release writes)."""

_registry: weakref.WeakKeyDictionary[ConnectionPool[Any], ThreadLocks] = weakref.WeakKeyDictionary()

_THREAD_LOCK = "SELECT pg_try_advisory_xact_lock(%(space)s, hashtext(%(thread)s)) AS got"

_BEGIN = "BEGIN ISOLATION LEVEL READ COMMITTED"

_IDLE_ON_PURPOSE = "SET LOCAL idle_in_transaction_session_timeout TO 0"
"""The last statement of `begin_locked`: the transaction idles on purpose for a whole run, and a
server's `idle_in_transaction_session_timeout` would end it and the lock with it while the run
still writes. Sent in one simple query with the rest, it leaves no portal and no snapshot behind
(a query through the extended protocol keeps its unnamed portal, and its snapshot, until the next
statement: ending a pipeline on a SELECT would pin the session's xmin for the run's length)."""


def joined(first: Query, *others: Query | None) -> Query:
    """One query whose one row has the columns of each query's one row (None: left out).

    For a `then` that reads several things in the lock's round trip. Each query must return
    exactly one row, and the queries' parameter names must not clash.
    """
    queries = [first, *(q for q in others if q is not None)]
    params: dict[str, Any] = {}
    for _, named in queries:
        clash = params.keys() & named.keys()
        if clash:
            message = f"joined queries share parameter names: {sorted(clash)}"
            raise ValueError(message)
        params.update(named)
    sql = " CROSS JOIN ".join(f"({sql}) AS q{i}" for i, (sql, _) in enumerate(queries))
    return f"SELECT * FROM {sql}", params


class ThreadBusyError(Exception):
    """Another request is running on the thread right now."""


def begin_locked(conn: psycopg.Connection[Any], lock: Query, then: Query | None = None) -> tuple[bool, Any]:
    """Open a transaction on `conn` and try a transaction-level advisory lock in it: (taken, row).

    `lock` is a query whose first row's `got` says whether `pg_try_advisory_xact_lock` took the
    lock; `then` runs right after it, and its first row comes back (None without `then`). One round
    trip. The transaction is left open either way: the caller ends it (`release`), which releases
    the lock.

    The transaction is READ COMMITTED whatever the server's default: each statement reads the
    database as of its own start, so `then` sees everything committed before the lock was granted,
    and between statements the session holds no snapshot. An open transaction that holds no
    snapshot does not hold back vacuum: checked on PostgreSQL 15, where `pg_stat_activity` shows
    such a session `idle in transaction` with `backend_xmin` NULL.

    `then` runs as a statement prepared on the connection where it may keep one (`_prepared_read`).
    """
    known = _known(conn)
    preparing = dict(known.pending)  # the last words of earlier releases, prepared here
    read = _prepared_read(conn, then) if then is not None else []
    plain = [then] if then is not None else []
    try:
        rows = _first_rows(
            conn,
            [(_BEGIN, None), lock, *((p, None) for p in preparing.values()), *read, (_IDLE_ON_PURPOSE, None)],
        )
    except psycopg.OperationalError:
        raise
    except psycopg.Error:
        if not preparing and read == plain:
            raise
        # A prepared form failed (a statement gone, or one Postgres would not prepare): nothing
        # was written, and the rollback lets go of the lock; again as text, from now on.
        conn.rollback()
        _prepare_no_more(conn)
        rows = _first_rows(conn, [(_BEGIN, None), lock, *plain, (_IDLE_ON_PURPOSE, None)])
        return bool(rows[0] and rows[0]["got"]), rows[1] if then is not None else None
    known.names.update(preparing)
    for name in preparing:
        known.pending.pop(name, None)
    return bool(rows[0] and rows[0]["got"]), rows[1] if then is not None else None


class _Prepared:
    """The statements prepared on one lock connection (by name), or `never` to prepare any there."""

    def __init__(self, *, never: bool = False) -> None:
        self.names: set[str] = set()
        self.pending: dict[str, str] = {}
        """PREPAREs (by name) of last words sent as text, sent with the connection's next lock."""
        self.never = never


_prepared: weakref.WeakKeyDictionary[psycopg.Connection[Any], _Prepared] = weakref.WeakKeyDictionary()
_prepared_lock = threading.Lock()
"""Guards `_prepared` itself; each entry is used by the one thread that holds its connection."""

PREPARED_PER_CONNECTION = 32
"""At most this many statements are prepared on a lock connection (a turn's have a few shapes)."""

_NAMED = re.compile(r"%\((\w+)\)s|%%")
_POSITIONAL = re.compile(r"%s|%%")


@dataclass(frozen=True)
class _Shape:
    """A statement's text as a prepared statement: its name, its PREPARE and its EXECUTE (to bind)."""

    name: str
    prepare: str
    execute: str


_shapes: dict[tuple[str, str], _Shape] = {}
_SHAPES_KEPT = 256


def _shape(kind: str, sql: str, params: Any) -> _Shape:
    """`sql` (its parameters named or positional, as psycopg takes them) made a prepared statement."""
    found = _shapes.get((kind, sql))
    if found is not None:
        return found
    name = f"school_{kind}_{hashlib.sha1(sql.encode()).hexdigest()[:16]}"
    if isinstance(params, Mapping):
        order = list(params)
        positional = _NAMED.sub(lambda m: "%" if m[0] == "%%" else f"${order.index(m[1]) + 1}", sql)
        arguments = ", ".join(f"%({n})s" for n in order)
    else:
        numbers = itertools.count(1)
        positional = _POSITIONAL.sub(lambda m: "%" if m[0] == "%%" else f"${next(numbers)}", sql)
        arguments = ", ".join(["%s"] * len(params))
    shape = _Shape(
        name,
        f"PREPARE {name} AS {positional}",
        f"EXECUTE {name}({arguments})" if arguments else f"EXECUTE {name}",
    )
    if len(_shapes) >= _SHAPES_KEPT:
        _shapes.clear()
    _shapes[kind, sql] = shape
    return shape


def _known(conn: psycopg.Connection[Any]) -> _Prepared:
    with _prepared_lock:
        return _prepared.setdefault(conn, _Prepared(never=conn.prepare_threshold is None))


def _prepare_no_more(conn: psycopg.Connection[Any]) -> None:
    """A prepared form failed on `conn`: what it holds is unknown, so its statements go as text from now on."""
    with _prepared_lock:
        _prepared[conn] = _Prepared(never=True)


def _prepared_read(conn: psycopg.Connection[Any], then: Query) -> list[tuple[str, Any]]:
    """`then` as statements for `in_one_query`: an EXECUTE of it prepared on `conn` (PREPARE the first time).

    The read a turn makes under its lock is a join of several small queries, and Postgres plans
    a statement sent as text afresh each time: about 0.5 ms of the server's time a turn, three
    times what running it takes. A prepared statement is planned once per connection. It is a
    session's state, so not behind a transaction pooler (the connection prepares nothing there:
    `prepare_threshold` is None), where `then` goes as it is. A prepared statement outlives a
    rollback of the transaction that prepared it.
    """
    known, shape = _known(conn), _shape("read", *then)
    if shape.name in known.names:
        return [(shape.execute, then[1])]
    if known.never or len(known.names) >= PREPARED_PER_CONNECTION:
        return [then]
    known.names.add(shape.name)  # sent with this round trip; all forgotten if it fails
    return [(shape.prepare, None), (shape.execute, then[1])]


def _prepared_words(conn: psycopg.Connection[Any], last: Sequence[LastWords]) -> list[tuple[str, Any]]:
    """`last` as statements for `in_one_query`: each an EXECUTE where it is prepared on `conn`.

    One that is not goes as text, and its PREPARE waits for the connection's next `begin_locked`,
    whose round trip writes nothing: a PREPARE that fails there is retried without, while one
    sent with the words could only fail beside them.
    """
    known = _known(conn)
    words: list[tuple[str, Any]] = []
    for sql, params in last:
        shape = None if known.never else _shape("write", sql, params)
        if shape is not None and shape.name in known.names:
            words.append((shape.execute, params))
            continue
        words.append((sql, params))
        if shape is not None and len(known.names) + len(known.pending) < PREPARED_PER_CONNECTION:
            known.pending[shape.name] = shape.prepare
    return words


def in_one_query(conn: psycopg.Connection[Any], statements: Sequence[tuple[str, Any]]) -> list[list[Any]]:
    """Send `statements` as one simple query (one round trip); the rows of each that returns rows.

    Their parameters are bound on the client (`ClientCursor.mogrify`), since the extended
    protocol takes one statement at a time. Half the client CPU of a pipeline of the same
    statements (measured on 4 statements: about 250 against 500 µs), which every turn pays twice;
    and, unlike a pipeline, it leaves no Flush behind a transaction pooler whatever it ends with.
    A statement that fails stops the ones after it, and raises (the caller rolls back). A run's
    creation and claim (`agent.journal.api_runs`) go the same way.
    """
    cursor = psycopg.ClientCursor(conn)
    # A statement without parameters goes as it is: `mogrify` would build a transformer to bind nothing.
    cursor.execute(
        ";".join(sql if params is None else cursor.mogrify(sql, params) for sql, params in statements)
    )
    results = []
    while True:
        # What `description` says (a result with rows), without building its columns each time.
        result = cursor.pgresult
        if result is not None and result.status == pq.ExecStatus.TUPLES_OK:
            results.append(cursor.fetchall())
        if not cursor.nextset():
            return results


def _first_rows(conn: psycopg.Connection[Any], statements: Sequence[tuple[str, Any]]) -> list[Any]:
    """`in_one_query`, keeping the first row (or None) of each statement that returns rows."""
    return [rows[0] if rows else None for rows in in_one_query(conn, statements)]


def release(conn: psycopg.Connection[Any], last: Sequence[LastWords] = (), *, quiet: bool = False) -> None:
    """Send `last`, then end `conn`'s transaction, which releases the locks it took.

    A commit: the lock's transaction writes nothing but `last`, and psycopg answers a rollback by
    dropping the connection's prepared statements (one more round trip, and the next hold
    prepares its statements again). `last` and the commit go in one query (one round trip). A
    `last` that fails rolls the transaction back (the locks are released all the same) and
    raises. A session that is gone (the database restarted) took its transaction and locks with
    it: nothing to release, but a `last` it held is lost, and that raises. `quiet` (the block under
    the lock failed already): a `last` that is lost is logged instead, and the block's own error
    stands.

    Each statement of `last` is prepared on the connection with its next lock after the first time
    it is sent, and sent as an EXECUTE from then on (`_prepared_words`): Postgres plans it once per
    connection, not each turn.
    """
    try:
        if last:
            _write_and_commit(conn, last)
        else:
            conn.commit()
    except psycopg.OperationalError:
        if last and not quiet:  # as if they had been written on their own: the caller hears of it
            raise
        if last:
            log.warning("a lock's last writes were lost with its database session")
    except psycopg.Error:
        with contextlib.suppress(psycopg.Error):
            conn.rollback()
        if not quiet:
            raise
        log.warning("a lock's last writes failed", exc_info=True)


def _write_and_commit(conn: psycopg.Connection[Any], last: Sequence[LastWords]) -> None:
    """`last` and the commit in one round trip, their statements prepared where they are."""
    words = _prepared_words(conn, last)
    try:
        in_one_query(conn, [*words, ("COMMIT", None)])
    except psycopg.errors.InvalidSqlStatementName:
        if words == list(last):
            raise
        _prepare_no_more(conn)
        # An EXECUTE's statement was gone from the session: the words were not written. The
        # rollback releases the lock; they are written on their own, as text, right after it.
        conn.rollback()
        in_one_query(conn, list(last))


def write_on_release(thread_id: str, statement: LastWords) -> bool:
    """Send `statement` with the commit that releases the thread's lock, if this context holds it.

    One round trip fewer than writing it on its own. It is written in the lock's transaction, so
    it becomes visible when the lock is released, a moment later. False when this context holds
    no lock on the thread (the caller writes it itself).
    """
    held = _last_words.get(None)
    if held is None or thread_id not in held:
        return False
    held[thread_id].append(statement)
    return True


class ThreadLocks:
    """Thread locks over their own connection pool."""

    def __init__(self, pool: ConnectionPool[Any]) -> None:
        self.pool = pool

    @contextmanager
    def hold(self, thread_id: str, *, then: Query | None = None) -> Iterator[Any]:
        """Hold the thread's lock for the block; ThreadBusyError at once if someone else holds it.

        `then` (SQL, parameters) is run right after the lock is taken, in the same round trip; the
        block receives its first row (None without `then`). It sees everything committed before
        the lock was granted: each statement reads the database as of its own start. Nothing may
        be written through the lock's connection: the block runs inside its transaction.
        """
        lock = (_THREAD_LOCK, {"space": LOCK_SPACE, "thread": thread_id})
        last: list[LastWords] = []
        done = False
        with self.pool.connection() as conn:
            try:
                taken, row = begin_locked(conn, lock, then)
                if not taken:
                    message = (
                        f"thread {thread_id} is busy with another request; try again when it has finished"
                    )
                    raise ThreadBusyError(message)
                token = _last_words.set({**_last_words.get({}), thread_id: last})
                try:
                    yield row
                    done = True
                finally:
                    _last_words.reset(token)
            finally:
                release(conn, last, quiet=not done)


def register(main_pool: ConnectionPool[Any], locks: ThreadLocks) -> None:
    """Make `locks` the thread locks of everything that runs on `main_pool`."""
    _registry[main_pool] = locks


def locks_for(main_pool: ConnectionPool[Any] | None) -> ThreadLocks | None:
    """The thread locks registered for a main pool, if any."""
    return _registry.get(main_pool) if main_pool is not None else None
