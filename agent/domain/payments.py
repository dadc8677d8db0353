"""Paying and refunding through an outside payment provider, safe against crashes and lost responses.

A provider's charge cannot commit in one transaction with the enrollment it pays for, so each
charge or refund goes in three steps, any of which may be cut off:

1. in a transaction, record a `payment_attempts` row, 'pending', keyed by the operation's
   idempotency key (the key the provider receives too);
2. call the provider, outside any transaction;
3. in one transaction, settle the attempt, make the domain change (`enrollments.pay` / `cancel`)
   and store the operation's outcome (`operations.run_once`).

A 'pending' attempt means "outcome unknown". Whoever finds one (the same step resumed after a crash
or a timeout, or a later request about the same enrollment) asks the provider by the attempt's key
before anything else, and charges only when the provider never saw that key, with that same key,
which the provider dedupes. An enrollment has at most one pending attempt per kind, and every
payment or cancellation holds a lock on its (student, cohort) from step 1 to step 3 (the money
lock, see `LockHolder`), so two processes never settle one attempt differently.

Each attempt records the provider it went to (`payment_attempts.provider`, the provider's `name`).
New charges go to the school's current provider; everything about an attempt already made (asking
what became of it, refunding its charge) goes to the provider that made the charge, whichever one
takes new charges now (`Providers`). A refund due on a charge that no reachable provider made (the
provider is no longer configured, or the charge predates the records of attempts) is refused as
`refund_needs_operator`: the cancellation waits for a person to return the money, it never goes
ahead without the refund it owes.

The protocol the domain needs from a provider is defined here; adapters (`agent.infra.fake_provider`, a
real one) live outside the domain. This module imports nothing from LangGraph or LangChain, and it
never calls the provider while a transaction is open.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import date
from functools import partial
from typing import Any, Literal, Protocol

from psycopg import Connection

from agent.config import faults
from agent.domain import enrollments
from agent.domain.errors import DomainError
from agent.domain.operations import Outcome, require_key, run_once
from agent.domain.plain_json import to_json
from agent.domain.rules import money

Row = dict[str, Any]
Action = Callable[[Connection[Row]], Row]
Kind = Literal["charge", "refund"]
ResultStatus = Literal["succeeded", "declined"]

CHARGE_FAULT_POINT = "pay.after_provider_charge"
"""Where `SCHOOL_FAULT_POINT` kills a payment: the provider has answered, nothing is recorded yet."""
REFUND_FAULT_POINT = "cancel.after_provider_refund"
"""Where `SCHOOL_FAULT_POINT` kills a cancellation: the refund is made, nothing is recorded yet."""

LockQuery = tuple[str, Mapping[str, Any]]
"""SQL that tries a transaction-level advisory lock, whose first row's `got` says whether it was
taken, and its parameters."""


class LockHolder(Protocol):
    """Holds a transaction-level advisory lock for a block, on a connection of its own.

    It tries `lock` (again, until taken) in a transaction on a connection that is not the caller's,
    leaves that transaction open for the block and ends it afterwards, which releases the lock. The
    money lock spans several transactions of the caller's connection and the provider call between
    them; held this way it lives in no session state, so it holds through PgBouncer in transaction
    mode, where a session lock stays on whichever server connection took it. The caller keeps its
    own connection while it waits for the holder's, so the holder's connections must come from
    somewhere else than the caller's pool (`agent.infra.persistence` gives `School` a pool of them).
    """

    def __call__(self, lock: LockQuery, /) -> AbstractContextManager[object]:
        """A context manager that holds `lock` for its block."""
        ...


# -- the provider's side ---------------------------------------------------------------------------
@dataclass(frozen=True)
class ChargeResult:
    """What the provider says about a charge."""

    charge_id: str
    status: ResultStatus
    amount_cents: int


@dataclass(frozen=True)
class RefundResult:
    """What the provider says about a refund."""

    refund_id: str
    status: ResultStatus
    amount_cents: int


class PaymentUnknownError(Exception):
    """The provider did not answer (a timeout, a dropped connection): the money may or may not have moved."""


class PaymentProvider(Protocol):
    """A payment provider that dedupes by idempotency key, as real ones do.

    Each call may raise `PaymentUnknownError`; a repeat of a call with the same key returns the first
    result and moves no money again.
    """

    name: str
    """Recorded with each attempt made through it (`SCHOOL_PAYMENT_PROVIDER`'s value, e.g. 'fake')."""

    def charge(self, key: str, student_id: str, amount_cents: int, description: str) -> ChargeResult:
        """Charge `student_id` once for `key`."""
        ...

    def lookup(self, key: str) -> ChargeResult | None:
        """The charge made for `key`, or None when the provider never made one."""
        ...

    def refund(self, key: str, charge_id: str, amount_cents: int) -> RefundResult:
        """Return `amount_cents` of the charge `charge_id` once for `key`."""
        ...

    def lookup_refund(self, key: str) -> RefundResult | None:
        """The refund made for `key`, or None when the provider never made one."""
        ...


class Providers:
    """The payment providers a school reaches, by name.

    `current` takes new charges; an attempt already made is looked up, and its charge refunded, at
    the provider that made it.
    """

    def __init__(self, current: PaymentProvider, earlier: Iterable[PaymentProvider] = ()) -> None:
        self.current = current
        self.by_name = {p.name: p for p in earlier} | {current.name: current}

    def named(self, name: str | None) -> PaymentProvider | None:
        """The provider called `name`, or None when this school cannot reach it."""
        return None if name is None else self.by_name.get(name)


# -- what the rules say about payments -------------------------------------------------------------
class PaymentDeclinedError(DomainError):
    """The provider declined the charge; nothing was charged."""

    code = "payment_declined"


class RefundDeclinedError(DomainError):
    """The provider declined the refund; the enrollment is unchanged."""

    code = "refund_declined"


class PaymentAbandonedError(DomainError):
    """A payment whose outcome was unknown turned out never to have been made, and was given up."""

    code = "payment_abandoned"


class RefundNeedsOperatorError(DomainError):
    """A refund is due but cannot be made automatically: a person must return the money.

    No provider this school reaches made the charge (it is no longer configured), or the charge has
    no record at a provider. The enrollment is left unchanged.
    """

    code = "refund_needs_operator"


class PaymentRecordError(RuntimeError):
    """The provider moved money that the domain can no longer record: a broken invariant, for a person."""


@dataclass(frozen=True)
class Attempt:
    """One call to the provider, as `payment_attempts` records it."""

    key: str
    kind: Kind
    enrollment_id: int
    student_id: str
    cohort_id: str
    amount_cents: int
    description: str
    refund_of: str | None
    provider: str
    """The provider the attempt goes to: for a refund, the one that made the charge."""
    fresh: bool
    """Made by this request: the provider cannot have seen its key yet, so there is nothing to look up."""

    @property
    def operation(self) -> str:
        """The name of the operation its key belongs to."""
        return "pay" if self.kind == "charge" else "cancel"

    @property
    def request(self) -> Row:
        """The request of the operation its key belongs to."""
        return {"student_id": self.student_id, "cohort_id": self.cohort_id}


# -- the operations --------------------------------------------------------------------------------
def pay(
    conn: Connection[Row],
    providers: Providers,
    *,
    key: str,
    student_id: str,
    cohort_id: str,
    hold_lock: LockHolder | None = None,
) -> Outcome:
    """Charge the course price for a `PENDING_PAYMENT` enrollment once for `key`, and confirm it.

    Returns the stored outcome on a repeat. When the provider does not answer, returns a
    `payment_unknown` refusal that is *not* stored, so that a retry (with this key or another)
    asks the provider what happened before charging. `hold_lock` holds the money lock (see
    `_money_lock`).
    """
    require_key(key)  # before any attempt row or provider call (found by the property tests)
    request = {"student_id": student_id, "cohort_id": cohort_id}
    with _money_lock(conn, student_id, cohort_id, hold_lock):
        if _has_outcome(conn, key):
            return run_once(conn, key=key, name="pay", request=request, action=_already_done)
        try:
            attempt = _open_charge(
                conn, key=key, student_id=student_id, cohort_id=cohort_id, provider=providers.current.name
            )
        except DomainError as err:
            return run_once(conn, key=key, name="pay", request=request, action=_refuse(err))
        if attempt is None:  # the price is zero: there is nothing to charge
            action = partial(enrollments.pay, student_id=student_id, cohort_id=cohort_id, operation_key=key)
            return run_once(conn, key=key, name="pay", request=request, action=action)
        provider = providers.named(attempt.provider)
        if provider is None:
            return _unreachable(attempt)
        try:
            charge = None if attempt.fresh else provider.lookup(attempt.key)
            if charge is None:
                charge = provider.charge(
                    attempt.key, attempt.student_id, attempt.amount_cents, attempt.description
                )
        except PaymentUnknownError:
            return _unknown(
                attempt,
                "The payment provider did not answer in time, so the outcome of your "
                "payment of {amount} for {cohort} is unknown. It will be checked with the "
                "provider before anything is charged again, so you cannot be charged twice: "
                "ask to pay for {cohort} again to finish it.",
            )
        faults.point(CHARGE_FAULT_POINT)
        return _record_charge(conn, attempt, charge, caller=key)


def cancel(
    conn: Connection[Row],
    providers: Providers,
    *,
    key: str,
    student_id: str,
    cohort_id: str,
    today: date,
    hold_lock: LockHolder | None = None,
) -> Outcome:
    """Cancel an enrollment once for `key`, refunding through the provider what the rules give back.

    An unsettled payment of the enrollment is settled first (a cancellation must know whether money
    was taken). Like `pay`, an unanswered provider call gives an unstored `payment_unknown` refusal,
    and `hold_lock` holds the money lock. The refund goes to the provider that made the charge; when
    none this school reaches did, the cancellation is refused (`refund_needs_operator`).
    """
    require_key(key)
    request = {"student_id": student_id, "cohort_id": cohort_id}
    with _money_lock(conn, student_id, cohort_id, hold_lock):
        if _has_outcome(conn, key):
            return run_once(conn, key=key, name="cancel", request=request, action=_already_done)
        unsettled = _settle_open_charge(conn, providers, student_id=student_id, cohort_id=cohort_id)
        if unsettled is not None:
            return unsettled
        try:
            attempt = _open_refund(
                conn, providers, key=key, student_id=student_id, cohort_id=cohort_id, today=today
            )
        except DomainError as err:
            return run_once(conn, key=key, name="cancel", request=request, action=_refuse(err))
        if attempt is None:  # nothing to refund
            action = partial(
                enrollments.cancel, student_id=student_id, cohort_id=cohort_id, today=today, operation_key=key
            )
            return run_once(conn, key=key, name="cancel", request=request, action=action)
        provider = providers.named(attempt.provider)
        if provider is None:
            return _unreachable(attempt)
        try:
            refund = None if attempt.fresh else provider.lookup_refund(attempt.key)
            if refund is None:
                assert attempt.refund_of is not None  # a database constraint for refunds
                refund = provider.refund(attempt.key, attempt.refund_of, attempt.amount_cents)
        except PaymentUnknownError:
            return _unknown(
                attempt,
                "The payment provider did not answer in time, so the outcome of your "
                "refund of {amount} for {cohort} is unknown and your enrollment is unchanged "
                "for now. It will be checked with the provider before anything is refunded "
                "again: ask to cancel {cohort} again to finish it.",
            )
        faults.point(REFUND_FAULT_POINT)
        return _record_refund(conn, attempt, refund, caller=key, today=today)


def preview_cancel(
    conn: Connection[Row], providers: Providers, *, student_id: str, cohort_id: str, today: date, key: str
) -> Row:
    """What `cancel` would do, in the caller's transaction (rolled back), without calling a provider.

    It refuses as `cancel` would when the refund due has no provider to go to.
    """
    _, enrollment, due = enrollments.refund_due(conn, student_id=student_id, cohort_id=cohort_id, today=today)
    if due:
        refund_route(conn, providers, enrollment, due)
    return enrollments.cancel(
        conn, student_id=student_id, cohort_id=cohort_id, today=today, operation_key=key
    )


def refund_route(conn: Connection[Row], providers: Providers, enrollment: Row, due: int) -> Row:
    """The charge a refund of `due` for `enrollment` returns: `provider` and the provider's `charge_id`.

    The charge is the enrollment's own or the one a transfer carried over (`enrollments.paid_for`).
    Raises `RefundNeedsOperatorError` when no provider this school reaches made it.
    """
    cohort_id, amount = enrollment["cohort_id"], money(due)
    charge = enrollments.paid_for(conn, enrollment["id"])
    made = None
    if charge is not None:
        made = conn.execute(
            "SELECT provider, provider_id AS charge_id FROM payment_attempts"
            " WHERE enrollment_id = %s AND kind = 'charge' AND status = 'succeeded'",
            (charge["enrollment_id"],),
        ).fetchone()
    if made is None:
        message = (
            f"Your payment for {cohort_id} has no record at a payment provider, so the refund of "
            f"{amount} cannot be made automatically; a member of our team has to make it. Your "
            "enrollment is unchanged until then."
        )
        raise RefundNeedsOperatorError(message, cohort_id=cohort_id, amount_cents=due, provider=None)
    if providers.named(made["provider"]) is None:
        message = (
            f"Your payment for {cohort_id} was made through the payment provider "
            f"'{made['provider']}', which this school no longer reaches, so the refund of {amount} "
            "cannot be made automatically; a member of our team has to make it. Your enrollment is "
            "unchanged until then."
        )
        raise RefundNeedsOperatorError(
            message, cohort_id=cohort_id, amount_cents=due, provider=made["provider"]
        )
    return made


# -- step 1: open an attempt -----------------------------------------------------------------------
def _open_charge(
    conn: Connection[Row], *, key: str, student_id: str, cohort_id: str, provider: str
) -> Attempt | None:
    """The pending charge of the enrollment, else a new one for `key` at `provider`; None: price zero."""
    with conn.transaction():
        cohort, enrollment = enrollments.check_payable(conn, student_id=student_id, cohort_id=cohort_id)
        pending = _pending(conn, enrollment["id"], "charge")
        if pending is not None:
            return pending
        if cohort["price_cents"] == 0:
            return None
        description = f"{cohort['title']} ({cohort_id})"
        return _insert(
            conn,
            key=key,
            kind="charge",
            enrollment=enrollment,
            amount_cents=cohort["price_cents"],
            description=description,
            refund_of=None,
            provider=provider,
        )


def _open_refund(
    conn: Connection[Row], providers: Providers, *, key: str, student_id: str, cohort_id: str, today: date
) -> Attempt | None:
    """The pending refund of the enrollment, else a new one for `key`; None when no refund is due.

    A new one goes to the provider that made the charge (`refund_route`).
    """
    with conn.transaction():
        cohort, enrollment, due = enrollments.refund_due(
            conn, student_id=student_id, cohort_id=cohort_id, today=today
        )
        pending = _pending(conn, enrollment["id"], "refund")
        if pending is not None:
            return pending
        if due == 0:
            return None
        charge = refund_route(conn, providers, enrollment, due)
        description = f"Refund: {cohort['title']} ({cohort_id})"
        return _insert(
            conn,
            key=key,
            kind="refund",
            enrollment=enrollment,
            amount_cents=due,
            description=description,
            refund_of=charge["charge_id"],
            provider=charge["provider"],
        )


_ATTEMPT_COLUMNS = (
    "a.key, a.kind, a.enrollment_id, e.student_id, e.cohort_id, a.amount_cents, a.description, a.refund_of,"
    " a.provider"
)


def _pending(conn: Connection[Row], enrollment_id: int, kind: Kind) -> Attempt | None:
    row = conn.execute(
        f"SELECT {_ATTEMPT_COLUMNS} FROM payment_attempts a JOIN enrollments e ON e.id = a.enrollment_id"
        " WHERE a.enrollment_id = %s AND a.kind = %s AND a.status = 'pending' FOR UPDATE OF a",
        (enrollment_id, kind),
    ).fetchone()
    return None if row is None else Attempt(**row, fresh=False)


def _insert(
    conn: Connection[Row],
    *,
    key: str,
    kind: Kind,
    enrollment: Row,
    amount_cents: int,
    description: str,
    refund_of: str | None,
    provider: str,
) -> Attempt:
    conn.execute(
        "INSERT INTO payment_attempts"
        " (key, kind, enrollment_id, amount_cents, description, refund_of, provider)"
        " VALUES (%s, %s, %s, %s, %s, %s, %s)",
        (key, kind, enrollment["id"], amount_cents, description, refund_of, provider),
    )
    return Attempt(
        key=key,
        kind=kind,
        enrollment_id=enrollment["id"],
        student_id=enrollment["student_id"],
        cohort_id=enrollment["cohort_id"],
        amount_cents=amount_cents,
        description=description,
        refund_of=refund_of,
        provider=provider,
        fresh=True,
    )


# -- step 3: settle an attempt ---------------------------------------------------------------------
def _record_charge(
    conn: Connection[Row], attempt: Attempt, charge: ChargeResult, *, caller: str | None
) -> Outcome:
    """Settle a charge the provider has answered for, under its key and the caller's, in one transaction."""
    if charge.status == "succeeded":
        with conn.transaction():
            return _store(conn, attempt, partial(_confirm, attempt=attempt, charge=charge), caller)
    message = (
        f"Your payment of {money(attempt.amount_cents)} for {attempt.cohort_id} was declined by the "
        "payment provider, so nothing was charged. Your seat is still held and awaits payment; "
        "you can try again."
    )
    with conn.transaction():
        _settle(conn, attempt, "declined", charge.charge_id)
        return _store(
            conn, attempt, _refuse(PaymentDeclinedError(message, cohort_id=attempt.cohort_id)), caller
        )


def _confirm(conn: Connection[Row], *, attempt: Attempt, charge: ChargeResult) -> Row:
    _settle(conn, attempt, "succeeded", charge.charge_id)
    try:
        return enrollments.pay(
            conn,
            student_id=attempt.student_id,
            cohort_id=attempt.cohort_id,
            operation_key=attempt.key,
            amount_cents=charge.amount_cents,
        )
    except DomainError as err:
        # Every change to an enrollment with a pending charge waits for the money lock and settles the
        # charge first, so this cannot happen; if it does, the attempt stays pending for a person.
        message = f"charge {charge.charge_id} (key {attempt.key!r}) succeeded but cannot be recorded: {err}"
        raise PaymentRecordError(message) from err


def _record_refund(
    conn: Connection[Row], attempt: Attempt, refund: RefundResult, *, caller: str, today: date
) -> Outcome:
    """Settle a refund the provider has answered for, under its key and the caller's, in one transaction."""
    if refund.status == "succeeded":
        with conn.transaction():
            action = partial(_cancel, attempt=attempt, refund=refund, today=today)
            return _store(conn, attempt, action, caller)
    message = (
        f"The payment provider declined the refund of {money(attempt.amount_cents)} for "
        f"{attempt.cohort_id}, so your enrollment is unchanged. Please try again later, or ask "
        "for a member of our team."
    )
    with conn.transaction():
        _settle(conn, attempt, "declined", refund.refund_id)
        return _store(
            conn, attempt, _refuse(RefundDeclinedError(message, cohort_id=attempt.cohort_id)), caller
        )


def _cancel(conn: Connection[Row], *, attempt: Attempt, refund: RefundResult, today: date) -> Row:
    _settle(conn, attempt, "succeeded", refund.refund_id)
    try:
        return enrollments.cancel(
            conn,
            student_id=attempt.student_id,
            cohort_id=attempt.cohort_id,
            today=today,
            operation_key=attempt.key,
            refund_cents=refund.amount_cents,
        )
    except DomainError as err:
        message = f"refund {refund.refund_id} (key {attempt.key!r}) succeeded but cannot be recorded: {err}"
        raise PaymentRecordError(message) from err


def _settle_open_charge(
    conn: Connection[Row], providers: Providers, *, student_id: str, cohort_id: str
) -> Outcome | None:
    """Settle the enrollment's pending charge, if any, before it is cancelled.

    Found at the provider: it is recorded (and so refunded by the cancellation, by the rules). Never
    made: it is abandoned, and its operation answers so. Returns an unstored refusal when the
    provider does not answer, else None.
    """
    with conn.transaction():
        enrollment = conn.execute(
            "SELECT id FROM enrollments"
            " WHERE student_id = %s AND cohort_id = %s AND status = 'PENDING_PAYMENT'",
            (student_id, cohort_id),
        ).fetchone()
        attempt = None if enrollment is None else _pending(conn, enrollment["id"], "charge")
    if attempt is None:
        return None
    provider = providers.named(attempt.provider)
    if provider is None:
        return _unreachable(attempt)
    try:
        charge = provider.lookup(attempt.key)
    except PaymentUnknownError:
        return _unknown(
            attempt,
            "The payment provider did not answer in time about your payment of "
            "{amount} for {cohort}, so the enrollment cannot be cancelled until that payment "
            "is settled; ask again in a moment.",
        )
    if charge is not None:
        _record_charge(conn, attempt, charge, caller=None)
        return None
    with conn.transaction():
        _settle(conn, attempt, "abandoned", None)
        message = (
            f"Your payment for {attempt.cohort_id} was not made: the enrollment was cancelled before "
            "the payment provider took it."
        )
        _store(conn, attempt, _refuse(PaymentAbandonedError(message, cohort_id=attempt.cohort_id)), None)
    return None


def _settle(conn: Connection[Row], attempt: Attempt, status: str, provider_id: str | None) -> None:
    conn.execute(
        "UPDATE payment_attempts SET status = %s, provider_id = %s, updated_at = clock_timestamp()"
        " WHERE key = %s AND status = 'pending'",
        (status, provider_id, attempt.key),
    )


def _store(conn: Connection[Row], attempt: Attempt, action: Action, caller: str | None) -> Outcome:
    """Run `action` under the attempt's key, and give the caller's own key the same outcome.

    The caller's key differs when its request found the attempt another request had left pending.
    """
    outcome = run_once(conn, key=attempt.key, name=attempt.operation, request=attempt.request, action=action)
    if caller is None or caller == attempt.key:
        return outcome
    return run_once(
        conn, key=caller, name=attempt.operation, request=attempt.request, action=_same_as(outcome)
    )


# -- helpers ---------------------------------------------------------------------------------------
_MONEY_SPACE = "school-agent:payments"
_TRY_MONEY_LOCK = "SELECT pg_try_advisory_xact_lock(hashtext(%(space)s), hashtext(%(money)s)) AS got"


@contextmanager
def _money_lock(
    conn: Connection[Row], student_id: str, cohort_id: str, hold: LockHolder | None
) -> Iterator[None]:
    """Hold the lock on one student's money for one cohort for the block.

    With `hold`, a transaction-level lock on a connection of the holder's (see `LockHolder`).
    Without one (a caller with a bare connection and no pool), a session lock on `conn`, as before
    there were holders: right on a direct connection to Postgres, broken through a transaction
    pooler. Both take the same key, and Postgres makes session and transaction locks on one key
    exclude each other, so the two forms exclude each other too. A process that dies loses its
    sessions, and the lock with them.
    """
    params = {"space": _MONEY_SPACE, "money": f"{student_id}\x1f{cohort_id}"}
    if hold is not None:
        with hold((_TRY_MONEY_LOCK, params)):
            yield
        return
    conn.execute("SELECT pg_advisory_lock(hashtext(%(space)s), hashtext(%(money)s))", params)
    try:
        yield
    finally:
        if not conn.closed:
            conn.execute("SELECT pg_advisory_unlock(hashtext(%(space)s), hashtext(%(money)s))", params)


def _has_outcome(conn: Connection[Row], key: str) -> bool:
    row = conn.execute("SELECT 1 FROM operations WHERE key = %s AND outcome IS NOT NULL", (key,)).fetchone()
    return row is not None


def _already_done(conn: Connection[Row]) -> Row:
    message = "an operation with a stored outcome was run again"
    raise AssertionError(message)


def _refuse(err: DomainError) -> Action:
    """An action that refuses with `err`, so that `run_once` stores the refusal under a key."""

    def refuse(conn: Connection[Row]) -> Row:
        raise err

    return refuse


def _same_as(outcome: Outcome) -> Action:
    """An action whose outcome is `outcome` again."""

    def same(conn: Connection[Row]) -> Row:
        if outcome["ok"]:
            result: Row = outcome["result"]
            return result
        err = DomainError(outcome["message"], **outcome.get("details", {}))
        err.code = outcome["error"]
        raise err

    return same


def _unreachable(attempt: Attempt) -> Outcome:
    """A refusal for an attempt left pending at a provider this school no longer reaches; not stored."""
    return _unknown(
        attempt,
        f"Your {attempt.kind} of {{amount}} for {{cohort}} was started with the payment provider "
        f"'{attempt.provider}', which this school no longer reaches, so its outcome is unknown; a "
        "member of our team has to settle it before anything else changes.",
    )


def _unknown(attempt: Attempt, template: str) -> Outcome:
    """A refusal for an unanswered provider call; not stored, so that a retry asks the provider."""
    message = template.format(amount=money(attempt.amount_cents), cohort=attempt.cohort_id)
    details = {"cohort_id": attempt.cohort_id, "amount_cents": attempt.amount_cents, "attempt": attempt.key}
    return {
        "ok": False,
        "error": "payment_unknown",
        "message": message,
        "details": to_json(details, "details"),
    }
