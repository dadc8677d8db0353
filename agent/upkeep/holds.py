"""Scheduled work on seat holds: expire unpaid ones, remind once, and tell each student in their thread.

The task engine calls `expire_holds` and `remind_holds` on a schedule, from any number of workers,
with its own `now`; neither reads a clock. The rules and their locks are the domain's
(`agent.domain.holds`); this module adds what the student and the journal are told:

- **In the change's own transaction** it writes the journal event (`hold_expired` for the expired
  hold, `seat_offered` for the waitlisted student who gets the seat, `payment_reminded`) and a
  notice (`thread_notices`) carrying the message for the student's thread. So a change is never
  made without its record, nor recorded twice.
- **The student's thread** is the one the enrollment was made in: the `tool_completed` event the
  graph's execute step journaled for it. An enrollment made outside any thread is journaled on
  `SYSTEM_THREAD`, and no message is sent.
- **Delivery** (`deliver_notices`, which both passes end with) adds the pending messages to their
  thread as an operator's state edit does: under the thread's one-writer lock, through LangGraph's
  `update_state` as the `clarify` reply node, journaled as `state_updated` by `scheduler`. A busy
  thread (its lock held), one cut off mid-run, or one whose delivery failed (logged) keeps its
  notices for the next pass; a thread paused at an approval gets them and is paused at the same
  approval again, as a fork is. Each message's id comes from its notice, so a delivery repeated
  after a crash replaces the message instead of adding it twice. A reminder whose hold was paid or
  cancelled meanwhile, or a notice whose thread is gone, is dropped.

The operator's state edit (`POST /threads/{id}/state`) does the same three things in the HTTP face,
which this layer cannot import; the steps are the runtime's (`runs.exclusive`, the graph's
`update_state`, `record_event`), only their sequence is repeated here.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from itertools import groupby
from typing import Any, Final, Literal

from langchain_core.messages import AIMessage
from langchain_core.runnables import RunnableConfig
from psycopg import Connection
from psycopg_pool import ConnectionPool

from agent.domain import holds
from agent.domain.rules import money
from agent.infra.locks import ThreadBusyError
from agent.infra.persistence import Resources
from agent.journal.connections import Database, connection
from agent.journal.events import record_event
from agent.runtime import runs
from agent.upkeep.scheduled import SYSTEM_THREAD
from graphs.state import Context

log = logging.getLogger(__name__)

Row = dict[str, Any]
NoticeKind = Literal["hold_expired", "seat_offered", "payment_reminded"]

SCHEDULER: Final = "scheduler"
"""Who the journal says made the scheduled changes and delivered the messages."""
AS_NODE: Final = "clarify"
"""The node a delivery writes as: a reply node, after which the thread rests (or, with an action
pending, goes back to its approval)."""
_NOTICE_IDS: Final = uuid.UUID("5c4f0a8e-6b8f-4d6e-9a51-3d0c2b7e1f00")
"""The namespace of the messages' ids (uuid5 of the notice's id)."""

_THREAD_OF_SQL: Final = """
SELECT thread_id FROM journal_events
WHERE kind = 'tool_completed' AND payload -> 'outcome' -> 'result' -> 'enrollment' ->> 'id' = %s
ORDER BY id DESC LIMIT 1
"""
_NOTICE_SQL: Final = """
INSERT INTO thread_notices (thread_id, enrollment_id, kind, text) VALUES (%s, %s, %s, %s)
ON CONFLICT (enrollment_id, kind) DO NOTHING
"""
_PENDING_SQL: Final = """
SELECT n.id, n.thread_id, n.enrollment_id, n.kind, n.text, e.status AS enrollment_status
FROM thread_notices n JOIN enrollments e ON e.id = n.enrollment_id
WHERE n.status = 'pending' AND (%(thread)s::text IS NULL OR n.thread_id = %(thread)s)
ORDER BY n.thread_id, n.id
"""
_SETTLE_SQL: Final = """
UPDATE thread_notices SET status = %s, checkpoint_id = %s, settled_at = %s
WHERE id = ANY(%s) AND status = 'pending'
"""


@dataclass(frozen=True)
class HoldsReport:
    """What one pass did: enrollment ids changed, notice ids delivered, left for later or dropped."""

    expired: tuple[int, ...] = ()
    """Enrollments whose hold expired (cancelled)."""
    offered: tuple[int, ...] = ()
    """Waitlisted enrollments that got the freed seat (now `PENDING_PAYMENT`)."""
    reminded: tuple[int, ...] = ()
    """Enrollments reminded to pay."""
    delivered: tuple[int, ...] = ()
    """Notices now in their thread."""
    deferred: tuple[int, ...] = ()
    """Notices left for the next pass: their thread was busy or cut off mid-run."""
    dropped: tuple[int, ...] = ()
    """Notices given up: their thread is gone, or the reminded hold is paid or cancelled."""
    threads: dict[str, str] = field(default_factory=dict)
    """Why each thread's notices were not delivered (`busy`, `cut off mid-run`, `gone`)."""

    def as_dict(self) -> dict[str, Any]:
        """The report as plain JSON types."""
        return {
            "expired": list(self.expired),
            "offered": list(self.offered),
            "reminded": list(self.reminded),
            "delivered": list(self.delivered),
            "deferred": list(self.deferred),
            "dropped": list(self.dropped),
            "threads": dict(self.threads),
        }


def expire_holds(resources: Resources, graph: runs.Pregel, *, now: datetime) -> HoldsReport:
    """Expire the holds unpaid for `settings.hold_hours` at `now`, tell their students, deliver.

    The freed seats go to the first waitlisted students (`seat_offered`). Ends with
    `deliver_notices`, so messages an earlier pass could not deliver go out too.
    """
    hold_hours = resources.settings.hold_hours
    record = partial(_record_expiry, now=now, hold_hours=hold_hours)
    with resources.pool.connection() as conn:
        expired = holds.expire_holds(
            conn,
            now=now,
            hold_hours=hold_hours,
            providers=resources.school.providers,
            record=record,
            hold_lock=resources.school.hold_lock,  # the payments' own lock, safe behind a pooler
        )
    report = replace(
        deliver_notices(resources, graph, now=now),
        expired=tuple(int(d["enrollment"]["id"]) for d in expired),
        offered=tuple(int(d["promoted"]["id"]) for d in expired if d["promoted"] is not None),
    )
    _log("expire_holds", report)
    return report


def remind_holds(resources: Resources, graph: runs.Pregel, *, now: datetime) -> HoldsReport:
    """Remind, once each, the students whose hold expires within `settings.remind_hours`; deliver.

    Ends with `deliver_notices`, as `expire_holds` does.
    """
    settings = resources.settings
    with resources.pool.connection() as conn, conn.transaction():
        due = holds.claim_reminders(
            conn, now=now, hold_hours=settings.hold_hours, remind_hours=settings.remind_hours
        )
        for hold in due:
            _record_reminder(conn, hold, now=now, hold_hours=settings.hold_hours)
    report = replace(deliver_notices(resources, graph, now=now), reminded=tuple(int(h["id"]) for h in due))
    _log("remind_holds", report)
    return report


def deliver_notices(
    resources: Resources, graph: runs.Pregel, *, now: datetime, thread_id: str | None = None
) -> HoldsReport:
    """Put the pending notices (of every thread, or of `thread_id`) into their threads' state.

    A thread's notices go in together, oldest first, as one state update. See the module docstring
    for what is left for later and what is dropped.
    """
    with resources.pool.connection() as conn:
        pending = conn.execute(_PENDING_SQL, {"thread": thread_id}).fetchall()
    delivered: list[int] = []
    deferred: list[int] = []
    dropped: list[int] = []
    why: dict[str, str] = {}
    for thread, notices in groupby(pending, key=lambda n: str(n["thread_id"])):
        ids = [int(n["id"]) for n in notices]
        try:
            done = _deliver(resources.pool, graph, thread, now=now)
        except ThreadBusyError:
            deferred.extend(ids)
            why[thread] = "busy"
            continue
        except Exception as err:
            # One thread that cannot take its messages must not hold up every other thread's.
            log.exception(
                "scheduled delivery to thread %s failed; its notices wait for the next pass", thread
            )
            deferred.extend(ids)
            why[thread] = f"failed: {type(err).__name__}"
            continue
        delivered.extend(done.delivered)
        deferred.extend(done.deferred)
        dropped.extend(done.dropped)
        why.update(done.threads)
    return HoldsReport(
        delivered=tuple(delivered), deferred=tuple(deferred), dropped=tuple(dropped), threads=why
    )


# -- recording, in the change's transaction -------------------------------------------------------
def _record_expiry(conn: Connection[Row], done: holds.ExpiredHold, *, now: datetime, hold_hours: int) -> None:
    enrollment, cohort, promoted = done["enrollment"], done["cohort"], done["promoted"]
    text = (
        f"Your seat in {cohort['id']} ({cohort['title']}) was held for {hold_hours} hours without "
        "payment, so the hold has expired and the enrollment is cancelled. Nothing was charged. "
        f"You can ask to enroll in {cohort['id']} again while it has free seats."
    )
    _tell(
        conn,
        "hold_expired",
        enrollment,
        text,
        {
            "hold_started_at": done["hold_started_at"],
            "expired_at": now,
            "promoted_enrollment_id": promoted["id"] if promoted else None,
        },
    )
    if promoted is None:
        return
    pay_by = now + timedelta(hours=hold_hours)
    text = (
        f"Good news: a seat in {cohort['id']} ({cohort['title']}) has freed up and is now held for "
        f"you. Payment of {money(cohort['price_cents'])} is due by {_when(pay_by)}; say "
        f"'pay for {cohort['id']}' to confirm your place, or the seat goes to the next student."
    )
    _tell(
        conn,
        "seat_offered",
        promoted,
        text,
        {"hold_started_at": now, "pay_by": pay_by, "freed_by_enrollment_id": enrollment["id"]},
    )


def _record_reminder(
    conn: Connection[Row], hold: holds.DueReminder, *, now: datetime, hold_hours: int
) -> None:
    pay_by = hold["hold_started_at"] + timedelta(hours=hold_hours)
    text = (
        f"A reminder: your seat in {hold['cohort_id']} ({hold['title']}) is held for you until "
        f"{_when(pay_by)}. Payment of {money(hold['price_cents'])} is due by then; say "
        f"'pay for {hold['cohort_id']}' to confirm your place, or the seat goes to the next student."
    )
    _tell(
        conn,
        "payment_reminded",
        hold,
        text,
        {"hold_started_at": hold["hold_started_at"], "pay_by": pay_by, "reminded_at": now},
    )


def _tell(
    conn: Connection[Row], kind: NoticeKind, enrollment: Mapping[str, Any], text: str, extra: Row
) -> None:
    """Journal `kind` for the enrollment and, when it has a thread, leave its message there."""
    found = conn.execute(_THREAD_OF_SQL, (str(enrollment["id"]),)).fetchone()
    thread = str(found["thread_id"]) if found else None
    payload = {
        "enrollment_id": enrollment["id"],
        "student_id": enrollment["student_id"],
        "cohort_id": enrollment["cohort_id"],
        **extra,
        "message": text if thread else None,
    }
    record_event(conn, thread or SYSTEM_THREAD, kind, payload, key=f"{kind}:{enrollment['id']}")
    if thread:
        conn.execute(_NOTICE_SQL, (thread, enrollment["id"], kind, text))


# -- delivery, under the thread's lock ------------------------------------------------------------
def _deliver(pool: ConnectionPool[Any], graph: runs.Pregel, thread: str, *, now: datetime) -> HoldsReport:
    """Deliver one thread's pending notices; ThreadBusyError when another request holds the thread."""
    with runs.exclusive(graph, thread):
        # Read again under the lock: another worker may have delivered them since.
        with pool.connection() as conn:
            notices = conn.execute(_PENDING_SQL, {"thread": thread}).fetchall()
        if not notices:
            return HoldsReport()
        config: RunnableConfig = {"configurable": {"thread_id": thread}}
        state = graph.get_state(config)
        ids = [int(n["id"]) for n in notices]
        if not state.values:
            _settle(pool, ids, "dropped", None, now)
            return HoldsReport(dropped=tuple(ids), threads={thread: "gone"})
        if state.next and not state.interrupts:
            # A run cut off by a crash: the next request (or `resume`) finishes it first.
            return HoldsReport(deferred=tuple(ids), threads={thread: "cut off mid-run"})
        stale = [
            int(n["id"])
            for n in notices
            if n["kind"] == "payment_reminded" and n["enrollment_status"] != "PENDING_PAYMENT"
        ]
        if stale:
            _settle(pool, stale, "dropped", None, now)
        live = [n for n in notices if int(n["id"]) not in stale]
        if not live:
            return HoldsReport(dropped=tuple(stale))
        messages = [AIMessage(n["text"], id=str(uuid.uuid5(_NOTICE_IDS, str(n["id"])))) for n in live]
        made = graph.update_state(config, {"messages": messages}, as_node=AS_NODE)
        checkpoint = made["configurable"]["checkpoint_id"]
        delivered = [int(n["id"]) for n in live]
        with pool.connection() as conn, conn.transaction():
            _settle(conn, delivered, "delivered", checkpoint, now)
            record_event(
                conn,
                thread,
                "state_updated",
                {
                    "by": SCHEDULER,
                    "keys": ["messages"],
                    "as_node": AS_NODE,
                    "checkpoint": {"thread_id": thread, "checkpoint_ns": "", "checkpoint_id": checkpoint},
                    "notices": [
                        {"id": n["id"], "kind": n["kind"], "enrollment_id": n["enrollment_id"]} for n in live
                    ],
                },
            )
        if state.interrupts:
            _pause_again(graph, config, state, delivered)
        return HoldsReport(delivered=tuple(delivered), dropped=tuple(stale))


def _pause_again(graph: runs.Pregel, config: RunnableConfig, state: Any, notices: list[int]) -> None:
    """Take a thread that was paused at an approval back to it, as a forked thread paused at one is.

    The update made a checkpoint after the reply node, whose next step is the approval; running it
    asks for the same decision again (the action and its id are unchanged). Cut off before it
    does, the thread reads as a run cut off mid-way, which the next request finishes first.
    """
    owner = runs.owner(graph, config["configurable"]["thread_id"], state)
    runs.run(
        graph,
        None,
        config,
        Context(user_id=owner),
        kind="resume",
        actor=SCHEDULER,
        payload={"notices": notices},
        since=runs.message_ids(state.values),
    )


def _settle(db: Database, ids: list[int], status: str, checkpoint: str | None, now: datetime) -> None:
    with connection(db) as conn:
        conn.execute(_SETTLE_SQL, (status, checkpoint, now, ids))


def _when(at: datetime) -> str:
    """A deadline as students read it: `2026-12-04 10:30 UTC`."""
    return at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def _log(what: str, report: HoldsReport) -> None:
    log.info("scheduled %s: %s", what, report.as_dict())
