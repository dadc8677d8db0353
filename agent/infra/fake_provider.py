"""A stand-in payment provider for development, tests and demos, and the choice of provider.

`FakePaymentProvider` keeps its charges and refunds in its own table, `fake_provider_charges`, in
the school's database, so they outlive the process that made them: a test can kill a process in the
middle of a payment and count the charges from another. Like a real provider it dedupes by
idempotency key. `SCHOOL_FAKE_PROVIDER_FAULT` makes it fail the ways real ones do, for charges and
refunds alike:

- `timeout_after_charge`: make the charge, then raise `PaymentUnknownError` (the response is lost);
- `timeout_before_charge`: raise `PaymentUnknownError` without making it;
- `decline`: decline it.

It moves no real money and must not be mistaken for a provider that does. The provider is an adapter
at the edge, not domain: the domain (`agent.domain.payments`) defines the protocol it needs, and
this module, outside the domain, implements it.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal, cast, get_args

import psycopg
from psycopg import Connection
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from agent.config.env import SettingsError, text
from agent.domain.payments import ChargeResult, PaymentProvider, PaymentUnknownError, RefundResult

Row = dict[str, Any]
Fault = Literal["timeout_after_charge", "timeout_before_charge", "decline"]
FAULTS: tuple[str, ...] = get_args(Fault)
PROVIDERS = ("fake",)
"""The values `SCHOOL_PAYMENT_PROVIDER` accepts; a real provider's adapter adds its name here."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS fake_provider_charges (
    kind            text NOT NULL CHECK (kind IN ('charge', 'refund')),
    key             text NOT NULL,          -- the caller's idempotency key
    id              text NOT NULL UNIQUE,   -- ch_... or re_..., what the provider calls it
    student_id      text,                   -- charges: who pays
    refund_of       text,                   -- refunds: the charge returned
    amount_cents    integer NOT NULL CHECK (amount_cents > 0),
    description     text,
    status          text NOT NULL CHECK (status IN ('succeeded', 'declined')),
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (kind, key)
)
"""


class FakeProviderError(RuntimeError):
    """A request a real provider would reject (an unknown charge, a key reused for another amount)."""


class FakePaymentProvider:
    """A `PaymentProvider` over a table in the school's database, with switchable faults.

    It connects with the pool's address and settings but not through the pool: the school holds a
    pooled connection (and its payment lock) while it calls the provider, and a provider drawing from
    the same pool would wait on itself once every connection is held by a payment.
    """

    name = "fake"
    """The name recorded with each attempt made through it (`SCHOOL_PAYMENT_PROVIDER=fake`)."""

    def __init__(self, pool: ConnectionPool[Any], *, fault: Fault | None = None) -> None:
        if fault is not None and fault not in FAULTS:
            message = f"unknown fake provider fault {fault!r}; expected one of {', '.join(FAULTS)}"
            raise ValueError(message)
        self.pool = pool
        self.fault = fault
        self._ready = False

    def charge(self, key: str, student_id: str, amount_cents: int, description: str) -> ChargeResult:
        """Charge once per key; see the module's faults."""
        row = self._move("charge", key, amount_cents, student_id=student_id, description=description)
        return ChargeResult(charge_id=row["id"], status=row["status"], amount_cents=row["amount_cents"])

    def lookup(self, key: str) -> ChargeResult | None:
        """The charge made for `key`, if any."""
        row = self._find("charge", key)
        if row is None:
            return None
        return ChargeResult(charge_id=row["id"], status=row["status"], amount_cents=row["amount_cents"])

    def refund(self, key: str, charge_id: str, amount_cents: int) -> RefundResult:
        """Return part or all of a succeeded charge once per key; see the module's faults."""
        with self._connect() as conn:
            charge = conn.execute(
                "SELECT amount_cents FROM fake_provider_charges"
                " WHERE kind = 'charge' AND id = %s AND status = 'succeeded'",
                (charge_id,),
            ).fetchone()
        if charge is None or charge["amount_cents"] < amount_cents:
            message = f"no succeeded charge {charge_id!r} of at least {amount_cents} cents to refund"
            raise FakeProviderError(message)
        row = self._move("refund", key, amount_cents, refund_of=charge_id)
        return RefundResult(refund_id=row["id"], status=row["status"], amount_cents=row["amount_cents"])

    def lookup_refund(self, key: str) -> RefundResult | None:
        """The refund made for `key`, if any."""
        row = self._find("refund", key)
        if row is None:
            return None
        return RefundResult(refund_id=row["id"], status=row["status"], amount_cents=row["amount_cents"])

    # -- storage -----------------------------------------------------------------------------------
    def _move(self, kind: str, key: str, amount_cents: int, **fields: str) -> Row:
        """Record a charge or refund for `key` (or find the one recorded), applying the fault."""
        if self.fault == "timeout_before_charge":
            raise PaymentUnknownError(f"fake provider: {kind} {key!r} timed out before it was made")
        status = "declined" if self.fault == "decline" else "succeeded"
        prefix = "ch" if kind == "charge" else "re"
        with self._connect() as conn:
            conn.execute(
                "INSERT INTO fake_provider_charges"
                " (kind, key, id, student_id, refund_of, amount_cents, description, status)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (kind, key) DO NOTHING",
                (
                    kind,
                    key,
                    f"{prefix}_{secrets.token_hex(8)}",
                    fields.get("student_id"),
                    fields.get("refund_of"),
                    amount_cents,
                    fields.get("description"),
                    status,
                ),
            )
            row = self._select(conn, kind, key)
        assert row is not None  # inserted now or before, and never deleted
        if row["amount_cents"] != amount_cents:
            message = (
                f"idempotency key {key!r} was used for a {kind} of {row['amount_cents']} cents,"
                f" not {amount_cents}"
            )
            raise FakeProviderError(message)
        if self.fault == "timeout_after_charge":
            raise PaymentUnknownError(f"fake provider: {kind} {row['id']} was made but its response was lost")
        return row

    def _find(self, kind: str, key: str) -> Row | None:
        with self._connect() as conn:
            return self._select(conn, kind, key)

    @contextmanager
    def _connect(self) -> Iterator[Connection[Row]]:
        # A pool may be configured with callables that give its address and settings at each connect.
        conninfo = self.pool.conninfo() if callable(self.pool.conninfo) else self.pool.conninfo
        kwargs = (self.pool.kwargs() if callable(self.pool.kwargs) else self.pool.kwargs) or {}
        kwargs = kwargs | {"autocommit": True, "row_factory": dict_row}
        with psycopg.connect(conninfo, **kwargs) as conn:
            self._setup(conn)
            yield conn

    @staticmethod
    def _select(conn: Connection[Row], kind: str, key: str) -> Row | None:
        return conn.execute(
            "SELECT id, status, amount_cents FROM fake_provider_charges WHERE kind = %s AND key = %s",
            (kind, key),
        ).fetchone()

    def _setup(self, conn: Connection[Row]) -> None:
        # The provider's own table, created on first use: the school's schema does not know about it.
        if self._ready:
            return
        with conn.transaction():
            # Processes starting together would otherwise race on CREATE TABLE IF NOT EXISTS.
            conn.execute("SELECT pg_advisory_xact_lock(hashtext('school-agent:fake-provider'))")
            conn.execute(_SCHEMA)
        self._ready = True


def payment_provider(pool: ConnectionPool[Any]) -> PaymentProvider:
    """The provider `SCHOOL_PAYMENT_PROVIDER` names (default `fake`), on `pool` for the fake."""
    name = text("SCHOOL_PAYMENT_PROVIDER", "fake")
    if name not in PROVIDERS:
        message = f"SCHOOL_PAYMENT_PROVIDER must be one of {', '.join(PROVIDERS)}, got {name!r}"
        raise SettingsError(message)
    fault = text("SCHOOL_FAKE_PROVIDER_FAULT")
    if fault is not None and fault not in FAULTS:
        message = f"SCHOOL_FAKE_PROVIDER_FAULT must be one of {', '.join(FAULTS)}, got {fault!r}"
        raise SettingsError(message)
    return FakePaymentProvider(pool, fault=cast(Fault | None, fault))
