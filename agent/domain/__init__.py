"""The school's domain: catalog, enrollments, payments and their rules, over psycopg.

It imports nothing from LangGraph or LangChain. `School` is the facade the tools use: each
mutating method takes an idempotency key and returns an outcome dict (see `operations`). Money
moves through the `PaymentProvider` it is given (see `payments`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from functools import partial
from typing import Any

from psycopg_pool import ConnectionPool

from agent.domain import catalog, enrollments, handoffs, knowledge, payments, policy, transfers
from agent.domain.at_version import AtVersion
from agent.domain.catalog import CohortOfCourse, CohortRow, CourseRow, CourseWithCohorts
from agent.domain.enrollments import EnrollmentRow
from agent.domain.errors import DomainError
from agent.domain.knowledge import FoundSection
from agent.domain.operations import Outcome, dry_run, run_once
from agent.domain.payments import LockHolder, PaymentProvider, Providers

Row = dict[str, Any]


class _Preview(str):
    """The type of `PREVIEW`: a key no caller can produce by accident."""


PREVIEW = _Preview("<preview>")
"""Pass as the key to run an operation's checks and rules in a transaction that is rolled back."""
_KNOWN_IDS: AtVersion[tuple[frozenset[str], frozenset[str]]] = AtVersion()
"""The course ids and cohort ids, by the catalog version they were read at."""
_COURSE_NAMES: AtVersion[dict[str, str]] = AtVersion()
"""Each course id and cohort id -> its course's id, by the catalog version they were read at."""

__all__ = [
    "PREVIEW",
    "CohortOfCourse",
    "CohortRow",
    "CourseRow",
    "CourseWithCohorts",
    "DomainError",
    "EnrollmentRow",
    "Outcome",
    "PaymentProvider",
    "School",
]


class School:
    """Catalog queries and idempotent enrollment operations over a connection pool.

    `payments` is the payment provider that `pay` charges through. `earlier_payments` are providers
    that made earlier charges and can still refund them: a refund (or the settling of an attempt)
    goes to the provider that made the charge, by name (`payments.Providers`).
    `hold_lock` holds their money lock on a connection of its own, from a pool other than `pool`
    (`payments.LockHolder`; `agent.infra.persistence` gives one). Without it the lock is a session
    lock on the payment's own connection, which is right only on a direct connection to Postgres.
    `limits` are the approval policy's thresholds (`policy.Limits`, from settings).
    """

    def __init__(
        self,
        pool: ConnectionPool[Any],
        *,
        clock: Callable[[], date],
        payments: PaymentProvider,
        earlier_payments: Sequence[PaymentProvider] = (),
        hold_lock: LockHolder | None = None,
        limits: policy.Limits | None = None,
    ) -> None:
        self.pool = pool
        self.clock = clock
        self.payments = payments
        self.earlier_payments = tuple(earlier_payments)
        self.hold_lock = hold_lock
        self.limits = limits or policy.Limits()

    def approval_rule(self, action: str, result: Row, *, student_id: str, requested_by: str) -> policy.Rule:
        """The policy row that decides who approves `action`, given its previewed `result`."""
        found = policy.Circumstances(action, result, student_id=student_id, requested_by=requested_by)
        return policy.rule_for(found, self.limits)

    @property
    def providers(self) -> Providers:
        """The current payment provider and the earlier ones, by name."""
        return Providers(self.payments, self.earlier_payments)

    # -- reads ---------------------------------------------------------------------------------
    def search(self, text: str, *, limit: int = 3) -> list[CourseWithCohorts]:
        """Courses matching `text`, each with its cohorts under `"cohorts"`."""
        with self.pool.connection() as conn:
            return catalog.courses_with_cohorts(conn, catalog.search_course_ids(conn, text, limit=limit))

    def knowledge(self, text: str, limit: int = 5) -> list[FoundSection]:
        """The knowledge base's sections that best answer `text`, best first (`knowledge.search`).

        Each row has the section's `citation` (`refunds#the-7-day-rule`), its document's `title`,
        its heading (`section`) and its Markdown (`text`).
        """
        with self.pool.connection() as conn:
            return knowledge.search(conn, text, limit)

    def named_ids(self, text: str, *, limit: int = 3) -> list[str]:
        """Ids of the courses `text` names outright (by course or cohort id), in id order.

        Within work that read the catalog's version just now (`knowledge.version_read`), the names
        read before at that version answer it with no query (`agent.domain.at_version`).
        """
        if knowledge.version_read_now() is None:
            with self.pool.connection() as conn:
                return catalog.named_course_ids(conn, text, limit=limit)
        return catalog.named_among(_COURSE_NAMES.get(self._course_names), text, limit=limit)

    def _course_names(self) -> dict[str, str]:
        with self.pool.connection() as conn:
            return catalog.course_names(conn)

    def ranked_ids(self, text: str, *, limit: int = 3) -> list[str]:
        """Ids of the courses matching `text` by full-text rank, best first."""
        with self.pool.connection() as conn:
            return catalog.ranked_course_ids(conn, text, limit=limit)

    def courses_with_cohorts(self, ids: list[str]) -> list[CourseWithCohorts]:
        """The courses with these ids in the order given, each with its cohorts under `"cohorts"`."""
        with self.pool.connection() as conn:
            return catalog.courses_with_cohorts(conn, ids)

    def cohort(self, cohort_id: str) -> CohortOfCourse | None:
        """One cohort with its course's title and price, or None."""
        with self.pool.connection() as conn:
            return catalog.get_cohort(conn, cohort_id)

    def known_ids(self) -> tuple[set[str], set[str]]:
        """All course ids and cohort ids.

        Within work that read the catalog's version just now (`knowledge.version_read`: a turn
        reads it with its thread's lock), the ids read before at that version are answered with
        no query: a course or cohort added, removed or renamed changes the version, and one
        committed after the version was read is seen by the next turn.
        """
        courses, cohorts = _KNOWN_IDS.get(self._known_ids)
        return set(courses), set(cohorts)

    def _known_ids(self) -> tuple[frozenset[str], frozenset[str]]:
        with self.pool.connection() as conn:
            courses, cohorts = catalog.known_ids(conn)
        return frozenset(courses), frozenset(cohorts)

    def cohorts_of(self, course_id: str) -> list[CohortRow]:
        """The cohorts of one course, earliest first."""
        with self.pool.connection() as conn:
            return catalog.cohorts_of(conn, [course_id])

    def enrollments(
        self, *, cohort_id: str | None = None, student_id: str | None = None
    ) -> list[EnrollmentRow]:
        """Enrollments, oldest first, optionally filtered."""
        with self.pool.connection() as conn:
            return enrollments.list_enrollments(conn, cohort_id=cohort_id, student_id=student_id)

    # -- idempotent operations ------------------------------------------------------------------
    def _run(self, key: str, name: str, request: Row, action: Callable[..., Row]) -> Outcome:
        with self.pool.connection() as conn:
            if key is PREVIEW:
                return dry_run(conn, action)
            return run_once(conn, key=key, name=name, request=request, action=action)

    def enroll(self, key: str, *, student_id: str, cohort_id: str) -> Outcome:
        """Enroll `student_id` in `cohort_id` (PENDING_PAYMENT)."""
        request = {"student_id": student_id, "cohort_id": cohort_id}
        action = partial(enrollments.enroll, student_id=student_id, cohort_id=cohort_id, today=self.clock())
        return self._run(key, "enroll", request, action)

    def join_waitlist(self, key: str, *, student_id: str, cohort_id: str) -> Outcome:
        """Put `student_id` on the waitlist of a full cohort."""
        request = {"student_id": student_id, "cohort_id": cohort_id}
        action = partial(
            enrollments.join_waitlist, student_id=student_id, cohort_id=cohort_id, today=self.clock()
        )
        return self._run(key, "join_waitlist", request, action)

    def pay(self, key: str, *, student_id: str, cohort_id: str) -> Outcome:
        """Charge the course price for a PENDING_PAYMENT enrollment through the payment provider.

        A preview checks the rules only and never reaches the provider.
        """
        if key is PREVIEW:
            request = {"student_id": student_id, "cohort_id": cohort_id}
            action = partial(enrollments.pay, student_id=student_id, cohort_id=cohort_id, operation_key=key)
            return self._run(key, "pay", request, action)
        with self.pool.connection() as conn:
            return payments.pay(
                conn,
                self.providers,
                key=key,
                student_id=student_id,
                cohort_id=cohort_id,
                hold_lock=self.hold_lock,
            )

    def cancel(self, key: str, *, student_id: str, cohort_id: str) -> Outcome:
        """Cancel an enrollment with the refund rules; before the start, the seat goes to the waitlist.

        A refund goes through the provider that made the charge; a preview only computes it (and
        refuses as the real one would when no provider can make it).
        """
        if key is PREVIEW:
            request = {"student_id": student_id, "cohort_id": cohort_id}
            action = partial(
                payments.preview_cancel,
                providers=self.providers,
                student_id=student_id,
                cohort_id=cohort_id,
                today=self.clock(),
                key=key,
            )
            return self._run(key, "cancel", request, action)
        with self.pool.connection() as conn:
            return payments.cancel(
                conn,
                self.providers,
                key=key,
                student_id=student_id,
                cohort_id=cohort_id,
                today=self.clock(),
                hold_lock=self.hold_lock,
            )

    def transfer(self, key: str, *, student_id: str, from_cohort_id: str, cohort_id: str) -> Outcome:
        """Move the student's seat to another cohort of the same course, in one transaction.

        The payment is carried over and the old seat goes to its waitlist (see `transfers`). A preview
        checks the rules and computes the result, and never reaches a provider.
        """
        if key is PREVIEW:
            request = {"student_id": student_id, "from_cohort_id": from_cohort_id, "cohort_id": cohort_id}
            action = partial(
                transfers.transfer,
                student_id=student_id,
                from_cohort_id=from_cohort_id,
                cohort_id=cohort_id,
                today=self.clock(),
            )
            return self._run(key, "transfer", request, action)
        with self.pool.connection() as conn:
            return transfers.transfer_once(
                conn,
                self.providers,
                key=key,
                student_id=student_id,
                from_cohort_id=from_cohort_id,
                cohort_id=cohort_id,
                today=self.clock(),
                hold_lock=self.hold_lock,
            )

    def handoff(self, key: str, *, student_id: str, thread_id: str, reason: str, message: str) -> Outcome:
        """Open a ticket for a human operator."""
        request = {"student_id": student_id, "thread_id": thread_id, "reason": reason, "message": message}
        action = partial(
            handoffs.open_handoff,
            student_id=student_id,
            thread_id=thread_id,
            reason=reason,
            message=message,
            operation_key=key,
        )
        return self._run(key, "handoff", request, action)
