"""The durable budget ledgers: each thread's and each student's model spend in Postgres, shared by every process.

`PostgresLedger` implements `middleware.ledger.BudgetLedger` over the pool that
`agent.infra.persistence` opens; its tables (`budget_charges`, `budget_exhausted`) are made by the
schema migrations (`agent.infra.migrations`). Each model call is one row keyed by (thread, call
id), so a call charged twice (a node re-run after a crash, two workers racing) counts once, and
totals are sums, never read-modify-write counters. `StudentLedger` keeps the same rows per student
and day (`student_charges`, `student_budget_exhausted`) for the daily budget of every model call a
student's turns cause; `StudentBudget` holds that budget's limits from settings, registered per
pool beside it. This module opens no connection of its own and decides no limits:
`BudgetMiddleware` does for a thread's planning, `agent.runtime.daily_budget` for a student's day.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any, Final

from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from agent.config.settings import Settings
from middleware.ledger import Spend
from middleware.usage import Prices

_SPENT: Final = """
SELECT coalesce(sum(input_tokens), 0) AS input_tokens,
       coalesce(sum(output_tokens), 0) AS output_tokens,
       coalesce(sum(cost_usd), 0) AS cost_usd
  FROM budget_charges
 WHERE thread_id = %s
"""


class PostgresLedger:
    """A `BudgetLedger` in Postgres: durable, and atomic across threads and processes.

    `charge` serialises the charges of one thread with a transaction-scoped advisory lock, so the
    total it returns is exactly the thread's spend up to and including that call, whatever else
    runs at the same time. `spent` needs no lock: a sum is consistent within its snapshot.
    """

    def __init__(self, pool: ConnectionPool[Any]) -> None:
        """Keep the pool; every method takes a connection from it for one statement or transaction."""
        self.pool = pool

    def spent(self, thread_id: str) -> Spend:
        """What the thread has spent (zero for a thread never charged)."""
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            return spend_of(cur.execute(_SPENT, (thread_id,)).fetchone())

    def charge(
        self, thread_id: str, input_tokens: int, output_tokens: int, cost_usd: float, *, call_id: str
    ) -> Spend:
        """Add one model call to the thread, once per `call_id`; the thread's total after it.

        Raises:
            ValueError: If a token count is not a non-negative int, the cost is not a finite
                non-negative number, or `call_id` is empty.

        """
        _check_charge(input_tokens, output_tokens, cost_usd, call_id)
        with self.pool.connection() as conn, conn.transaction(), conn.cursor(row_factory=dict_row) as cur:
            # Held until commit: another charge of this thread waits here, then its SUM (a new
            # snapshot under READ COMMITTED) sees this row. Two keys, so no clash with setup's lock.
            cur.execute(
                "SELECT pg_advisory_xact_lock(hashtext('school-agent:budget'), hashtext(%s))", (thread_id,)
            )
            cur.execute(
                "INSERT INTO budget_charges (thread_id, call_id, input_tokens, output_tokens,"
                " cost_usd) VALUES (%s, %s, %s, %s, %s) ON CONFLICT (thread_id, call_id) DO NOTHING",
                (thread_id, call_id, input_tokens, output_tokens, Decimal(repr(float(cost_usd)))),
            )
            return spend_of(cur.execute(_SPENT, (thread_id,)).fetchone())

    def note_exhausted(self, thread_id: str) -> bool:
        """Record that the thread's budget is spent; True only the first time, in any process."""
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            row = cur.execute(
                "INSERT INTO budget_exhausted (thread_id) VALUES (%s)"
                " ON CONFLICT (thread_id) DO NOTHING RETURNING thread_id",
                (thread_id,),
            ).fetchone()
        return row is not None


_STUDENT_SPENT: Final = """
SELECT coalesce(sum(input_tokens), 0) AS input_tokens,
       coalesce(sum(output_tokens), 0) AS output_tokens,
       coalesce(sum(cost_usd), 0) AS cost_usd
  FROM student_charges
 WHERE student_id = %(student)s AND day = %(day)s
"""


@dataclass(frozen=True)
class StudentCharge:
    """One model call charged to a student's day (`StudentLedger`), checked when made.

    Raises:
        ValueError: As `PostgresLedger.charge`, or when `student_id` or `thread_id` is empty.

    """

    student_id: str
    day: date
    call_id: str
    thread_id: str
    input_tokens: int
    output_tokens: int
    cost_usd: float
    role: str | None = None
    model: str | None = None
    at: datetime = field(default_factory=lambda: datetime.now(UTC))
    """When the call was charged (its row's `charged_at`, whichever statement writes it)."""

    def __post_init__(self) -> None:
        _check_charge(self.input_tokens, self.output_tokens, self.cost_usd, self.call_id)
        for name, value in (("student_id", self.student_id), ("thread_id", self.thread_id)):
            if not isinstance(value, str) or not value:
                msg = f"{name} must be a non-empty str, got {value!r}"
                raise ValueError(msg)


def charges_query(charges: Sequence[StudentCharge]) -> tuple[str, list[Any]]:
    """One plain INSERT of `charges` (at least one), each once per (student, call id).

    Plain, so that it can ride in another statement as a data-modifying WITH clause (a
    checkpoint's, `agent.runtime.runs`): a run's charges commit with the checkpoint after the call.
    """
    values = ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"] * len(charges))
    params = [
        v
        for c in charges
        for v in (
            c.student_id,
            c.call_id,
            c.day,
            c.thread_id,
            c.role,
            c.model,
            c.input_tokens,
            c.output_tokens,
            Decimal(repr(float(c.cost_usd))),
            c.at,
        )
    ]
    sql = (
        "INSERT INTO student_charges (student_id, call_id, day, thread_id, role, model, input_tokens,"
        f" output_tokens, cost_usd, charged_at) VALUES {values} ON CONFLICT (student_id, call_id) DO NOTHING"
    )
    return sql, params


class StudentLedger:
    """Each student's model spend per day: one row per model call, charged once per call id.

    A charge is one insert and takes no lock: the daily budget is checked before a turn starts
    (`agent.runtime.daily_budget`), not after each call, so no caller needs the total a charge leaves.
    """

    def __init__(self, pool: ConnectionPool[Any]) -> None:
        """Keep the pool; every method takes a connection from it for one statement."""
        self.pool = pool

    def spent(self, student_id: str, day: date) -> Spend:
        """What the student's model calls cost on `day` (zero when none was charged)."""
        sql, params = self.spent_query(student_id, day)
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            return spend_of(cur.execute(sql, params).fetchone())

    @staticmethod
    def spent_query(student_id: str, day: date) -> tuple[str, dict[str, Any]]:
        """The SQL and named parameters of `spent`, for a caller that runs it with other work.

        Its one row becomes a `Spend` through `spend_of` (columns input_tokens, output_tokens, cost_usd).
        """
        return _STUDENT_SPENT, {"student": student_id, "day": day}

    def charge(
        self,
        student_id: str,
        day: date,
        input_tokens: int,
        output_tokens: int,
        cost_usd: float,
        *,
        call_id: str,
        thread_id: str,
        role: str | None = None,
        model: str | None = None,
    ) -> bool:
        """Add one model call to the student's `day`, once per `call_id`; True when it was new.

        Raises:
            ValueError: As `PostgresLedger.charge`, or when `student_id` or `thread_id` is empty.

        """
        return self.write(
            StudentCharge(
                student_id, day, call_id, thread_id, input_tokens, output_tokens, cost_usd, role, model
            )
        )

    def write(self, charge: StudentCharge) -> bool:
        """Add `charge` to its student's day, once per call id; True when it was new."""
        sql, params = charges_query([charge])
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            row = cur.execute(sql + " RETURNING call_id", params).fetchone()
        return row is not None

    def note_exhausted(self, student_id: str, day: date, thread_id: str) -> bool:
        """Record that the student's `day` is spent (found on `thread_id`); True only the first time."""
        with self.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
            row = cur.execute(
                "INSERT INTO student_budget_exhausted (student_id, day, thread_id) VALUES (%s, %s, %s)"
                " ON CONFLICT (student_id, day) DO NOTHING RETURNING student_id",
                (student_id, day, thread_id),
            ).fetchone()
        return row is not None


@dataclass(frozen=True)
class StudentBudget:
    """A student's model budget per day: the ledger, its limits, how calls are priced, and the day."""

    ledger: StudentLedger
    max_tokens: int | None
    """Input plus output tokens a student's calls may use in a day; None for no token limit."""
    max_usd: float | None
    """US dollars a student's calls may cost in a day; None for no money limit."""
    prices: Prices
    """Model name -> its price (`ModelConfig.price_of`), as the calls' records are priced."""
    today: Callable[[], date]
    """The school's date (`Settings.current_date`: `SCHOOL_TODAY`, else the clock)."""

    @classmethod
    def from_settings(cls, pool: ConnectionPool[Any], settings: Settings) -> StudentBudget:
        """The budget `SCHOOL_STUDENT_DAILY_TOKENS` / `_USD` and `SCHOOL_MODEL_PRICES` set, on `pool`."""
        return cls(
            StudentLedger(pool),
            settings.student_daily_tokens,
            settings.student_daily_usd,
            settings.models.price_of,
            settings.current_date,
        )

    @property
    def limited(self) -> bool:
        """Whether either limit is set (with neither, spend is recorded and nothing is refused)."""
        return self.max_tokens is not None or self.max_usd is not None


_students: weakref.WeakKeyDictionary[ConnectionPool[Any], StudentBudget] = weakref.WeakKeyDictionary()


def register_student_budget(pool: ConnectionPool[Any], budget: StudentBudget) -> None:
    """Make `budget` the daily budget of the students whose turns run on `pool`."""
    _students[pool] = budget


def student_budget_for(pool: ConnectionPool[Any] | None) -> StudentBudget | None:
    """The daily budget registered for a main pool, if any (None: spend is neither kept nor limited)."""
    return _students.get(pool) if pool is not None else None


def spend_of(row: Mapping[str, Any] | None) -> Spend:
    """The `Spend` in a row of `StudentLedger.spent_query` (or of `_SPENT`)."""
    if row is None:  # pragma: no cover - an aggregate without GROUP BY always returns one row
        return Spend()
    return Spend(int(row["input_tokens"]), int(row["output_tokens"]), float(row["cost_usd"]))


def _check_charge(input_tokens: int, output_tokens: int, cost_usd: float, call_id: str) -> None:
    for name, value in (("input_tokens", input_tokens), ("output_tokens", output_tokens)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            msg = f"{name} must be a non-negative int, got {value!r}"
            raise ValueError(msg)
    if (
        isinstance(cost_usd, bool)
        or not isinstance(cost_usd, int | float)
        or not math.isfinite(cost_usd)
        or cost_usd < 0
    ):
        msg = f"cost_usd must be a finite non-negative number, got {cost_usd!r}"
        raise ValueError(msg)
    if not isinstance(call_id, str) or not call_id:
        msg = f"call_id must be a non-empty str, got {call_id!r}"
        raise ValueError(msg)


def exhausted_payload(spend: Spend, *, max_tokens: int | None, max_usd: float | None) -> dict[str, Any]:
    """The journal payload of a `budget_exhausted` event: the spend and the limits it reached."""
    return {
        "tokens": spend.tokens,
        "cost_usd": spend.cost_usd,
        "limits": {"max_tokens": max_tokens, "max_usd": max_usd},
    }
