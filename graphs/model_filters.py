"""The catalog filters a router model reads in a question, checked in code before anything uses them.

With a router model, its structured output carries, beside the intent, the filters of a question
that asks for courses by criteria and names none ("Which courses start in January?", "what can I
take for under 500 euros?"): a month, price limits in euros, a level, lengths in weeks, free seats,
no prerequisites, a superlative. `FILTERS_SCHEMA` is that part of the router's JSON schema;
`read_filters` turns the model's object into `agent.domain.catalog_queries.Filters`, or says why it
cannot (`InvalidFiltersError.reason`), and the answer node then uses the rules' reading instead.
The router checks the object and records it as given (`RouteRecord["filters"]`); the answer node
reads it again with the school's date, which resolves a month to the next such month.
Whoever read them, the query runs on the tables and the reply states the filter it applied, so a
misreading is visible to the student and never invents a course.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from agent.domain.catalog_queries import LEVELS, PICKS, BadFilterError, Filters, next_month

_NUMBER = ["number", "null"]
_WHOLE = ["integer", "null"]
_PROPERTIES: dict[str, Any] = {
    "month": {"type": _WHOLE, "description": "1-12: a cohort starts in the next such month"},
    "max_price_eur": {"type": _NUMBER},
    "min_price_eur": {"type": _NUMBER},
    "level": {"type": ["string", "null"], "enum": [*LEVELS, None]},
    "max_weeks": {"type": _WHOLE},
    "min_weeks": {"type": _WHOLE},
    "free_seats": {"type": "boolean"},
    "no_prerequisites": {"type": "boolean"},
    "pick": {"type": ["string", "null"], "enum": [*PICKS, None]},
}
FILTERS_SCHEMA: dict[str, Any] = {
    "type": ["object", "null"],
    "properties": _PROPERTIES,
    "required": list(_PROPERTIES),
    "additionalProperties": False,
}
"""Strict structured output wants every property required; null (or false) is "any"."""
MAX_EUR = 100_000
MAX_WEEKS = 104


class InvalidFiltersError(ValueError):
    """The model's filters cannot be used; `reason` is a short code for the turn's record."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def read_filters(raw: Any, *, today: date) -> Filters | None:
    """The model's filters as `Filters` (months resolved from `today`); None when it gave none.

    Raises `InvalidFiltersError` for anything else than the schema's object: unknown keys, values
    of the wrong type or out of range, a level or superlative not ours.
    """
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise InvalidFiltersError("filters_not_an_object")
    unknown = set(raw) - set(_PROPERTIES)
    if unknown:
        raise InvalidFiltersError("filters_unknown_key")
    month = _whole(raw.get("month"), 1, 12, "month")
    try:
        filters = Filters(
            month=next_month(today, month) if month is not None else None,
            max_price_cents=_cents(raw.get("max_price_eur"), "max_price_eur"),
            min_price_cents=_cents(raw.get("min_price_eur"), "min_price_eur"),
            level=_text(raw.get("level"), "level"),
            max_weeks=_whole(raw.get("max_weeks"), 1, MAX_WEEKS, "max_weeks"),
            min_weeks=_whole(raw.get("min_weeks"), 1, MAX_WEEKS, "min_weeks"),
            free_seats=_flag(raw.get("free_seats", False), "free_seats"),
            no_prerequisites=_flag(raw.get("no_prerequisites", False), "no_prerequisites"),
            pick=_text(raw.get("pick"), "pick"),
        )
    except BadFilterError:
        raise InvalidFiltersError("filters_out_of_range") from None
    return filters or None


def _whole(value: Any, low: int, high: int, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidFiltersError(f"filters_bad_{name}")
    return value


def _cents(value: Any, name: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_EUR:
        raise InvalidFiltersError(f"filters_bad_{name}")
    return round(value * 100)


def _text(value: Any, name: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidFiltersError(f"filters_bad_{name}")
    return value


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidFiltersError(f"filters_bad_{name}")
    return value
