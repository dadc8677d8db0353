"""Pure rules of the school, shared by the operations that enforce them and the previews of proposals."""

from __future__ import annotations

from datetime import date

FULL_REFUND_DAYS = 7
"""Cancelling at least this many days before the start refunds a paid enrollment in full."""


def has_started(starts_on: date, today: date) -> bool:
    """Whether a cohort starting on `starts_on` has started by `today` (its first day counts).

    A started cohort takes no one new, and a seat left in it is not offered to its waitlist.
    """
    return starts_on <= today


def refund_cents(*, status: str, paid_cents: int, starts_on: date, today: date) -> int:
    """The refund a cancellation made `today` earns: all that was paid for the seat, or nothing.

    `paid_cents` is what the seat's charge took (carried over by a transfer, if any): nothing for a
    free course, so a free seat refunds nothing.
    """
    if status != "CONFIRMED":
        return 0
    if (starts_on - today).days >= FULL_REFUND_DAYS:
        return paid_cents
    return 0


def money(cents: int) -> str:
    """Format an amount in cents as euros."""
    if cents % 100 == 0:
        return f"€{cents // 100:,}"
    return f"€{cents / 100:,.2f}"
