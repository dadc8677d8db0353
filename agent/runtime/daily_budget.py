"""A student's daily model budget: every model call of their turns charged, a new turn refused once spent.

Each run the runtime starts carries a `CallMeter` (`agent.llm.calls`) in its callbacks, which
charges every model call the run makes — the router, the answer, the planner's orchestrator,
workers and reviser, any agent inside them — to the student the run acts for (the run context's
`user_id`), on the school's date when the run began, in the ledger registered for the graph's
database (`agent.infra.ledgers.StudentBudget`), priced by the settings' `SCHOOL_MODEL_PRICES` (which
price the turn's own call records too). A call's id names its place in the graph, so a node that
runs again after a crash charges its call once.

Before a student's message runs, `refuse_spent` compares the day's spend with the limits
(`SCHOOL_STUDENT_DAILY_TOKENS`, `SCHOOL_STUDENT_DAILY_USD`): a student who has reached either is
refused with `DailyBudgetExhaustedError` before anything runs or is written, so no model is called
and nothing is half-done; the journal says so once per student and day (`student_budget_exhausted`).
A turn that starts under the limit runs to its end, so a day can end a little over it. Decisions
and the resumption of a run cut off by a crash are not refused: they finish what was started.
Offline (no model) nothing is charged, so nothing is ever refused.

Graphs without a registered budget (an in-memory checkpointer in tests) are neither charged nor
limited. This module only reads and charges; the faces answer the refusal (the CLI's message, 429
with `Retry-After` over HTTP).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from datetime import date, datetime, time, timedelta
from typing import Any

from langchain_core.runnables import RunnableConfig
from psycopg_pool import ConnectionPool

from agent.infra.ledgers import StudentBudget, StudentCharge, spend_of, student_budget_for
from agent.infra.locks import Query
from agent.journal.events import record_event
from agent.journal.owners import ThreadError
from agent.llm.calls import CallMeter, add_handler
from middleware import thread_id_from_config
from middleware.ledger import Spend, is_exhausted
from middleware.usage import CallUsage


class DailyBudgetExhaustedError(ThreadError):
    """The student has used today's model budget; `retry_after_s` is the time left until tomorrow."""

    def __init__(self, message: str, *, retry_after_s: int) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


def spent_query(pool: ConnectionPool[Any] | None, student_id: str) -> Query | None:
    """The read `refuse_spent` makes (SQL, named parameters), for a caller that runs it with its own.

    None when the student's spend is not limited (nothing to read). Its row goes to `refuse_spent`
    as `spent`: `agent.runtime.threads.send` reads it with the thread's head, in the round trip
    that takes the thread's lock.
    """
    budget = student_budget_for(pool)
    if budget is None or not budget.limited:
        return None
    return budget.ledger.spent_query(student_id, budget.today())


def refuse_spent(
    pool: ConnectionPool[Any] | None,
    thread_id: str,
    student_id: str,
    *,
    spent: Mapping[str, Any] | None = None,
) -> None:
    """Raise `DailyBudgetExhaustedError` when the student has reached a daily limit; else nothing.

    `pool` is the graph's main pool (`agent.runtime.runs.pool_of`). One read of the day's sum,
    unless `spent` is the row of `spent_query` the caller has read just now; the first refusal of
    a student's day is journaled on `thread_id`.
    """
    budget = student_budget_for(pool)
    if budget is None or not budget.limited:
        return
    day = budget.today()
    spend = spend_of(spent) if spent is not None else budget.ledger.spent(student_id, day)
    if not is_exhausted(spend, budget.max_tokens, budget.max_usd):
        return
    if budget.ledger.note_exhausted(student_id, day, thread_id):
        record_event(
            budget.ledger.pool,
            thread_id,
            "student_budget_exhausted",
            _payload(budget, student_id, day, spend),
        )
    raise DailyBudgetExhaustedError(exhausted_text(spend), retry_after_s=seconds_until_tomorrow())


def metered(
    pool: ConnectionPool[Any] | None,
    config: RunnableConfig,
    student_id: str | None,
    *,
    pend: Callable[[StudentCharge], None] | None = None,
) -> RunnableConfig:
    """`config` with a `CallMeter` that charges the run's model calls to `student_id`'s day.

    Unchanged without a student or a budget registered for `pool`. The day is the school's when
    the run begins: a turn is charged to one day, whenever its calls end. Each charge is written
    at once, or handed to `pend` (the run's journal, which writes it with the thread's next
    checkpoint or the turn's end: no round trip of its own).
    """
    budget = student_budget_for(pool)
    if budget is None or not student_id:
        return config
    thread_id = thread_id_from_config(config)
    day = budget.today()

    def charge(call_id: str, used: CallUsage, call: Mapping[str, str | None]) -> None:
        charged = StudentCharge(
            student_id,
            day,
            call_id,
            thread_id,
            used.input_tokens,
            used.output_tokens,
            used.cost_usd,
            role=call.get("role"),
            model=call.get("model"),
        )
        if pend is not None:
            pend(charged)
        else:
            budget.ledger.write(charged)

    meter = CallMeter(charge, prices=budget.prices, prefix=thread_id)
    return add_handler({**config}, meter)


def exhausted_text(spend: Spend) -> str:
    """What the student reads when today's budget is spent."""
    return (
        "You have used today's allowance for the assistant "
        f"({spend.tokens:,} tokens of AI processing, about US${spend.cost_usd:.2f}). "
        "It renews tomorrow: please send your message again then. "
        "This message was not processed, and nothing was changed."
    )


def seconds_until_tomorrow(now: datetime | None = None) -> int:
    """Whole seconds from `now` (the local clock) to the next midnight; at least 1."""
    now = now or datetime.now()
    midnight = datetime.combine(now.date() + timedelta(days=1), time.min, tzinfo=now.tzinfo)
    return max(1, math.ceil((midnight - now).total_seconds()))


def _payload(budget: StudentBudget, student_id: str, day: date, spend: Spend) -> dict[str, Any]:
    return {
        "student_id": student_id,
        "day": day,
        "tokens": spend.tokens,
        "cost_usd": spend.cost_usd,
        "limits": {"max_tokens": budget.max_tokens, "max_usd": budget.max_usd},
    }
