"""Pure rules of the school, shared by the operations that enforce them and the previews of proposals."""

from __future__ import annotations

from datetime import date

FULL_REFUND_DAYS = 7
"""Cancelling at least this many days before the start refunds a paid enrollment in full."""


def refund_cents(*, status: str, price_cents: int, starts_on: date, today: date) -> int:
    """The refund a cancellation made `today` earns: all of the price, or nothing."""
    if status != "CONFIRMED":
        return 0
    if (starts_on - today).days >= FULL_REFUND_DAYS:
        return price_cents
    return 0


def money(cents: int) -> str:
    """Format an amount in cents as euros."""
    if cents % 100 == 0:
        return f"€{cents // 100:,}"
    return f"€{cents / 100:,.2f}"
