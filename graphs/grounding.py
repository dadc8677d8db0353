"""Checking that an answer cites the catalog ids it was given, and states only the tables' figures.

Pure functions over text: which ids a reply cites, which of those were not in the passages, and
which prices and dates it states that no retrieved row holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal
from typing import Any

from graphs.months import MONTH_NUMBERS

# A lookahead, so that "course (course rag)" yields both candidates, "course" and "rag".
_CITED = re.compile(r"(?=\b(?:course|cohort)s?\s*[(:]?\s*([a-z0-9]+(?:-[a-z0-9]+)*))", re.IGNORECASE)
_CLAIMED_ACTION = re.compile(
    r"\b(?:i|we)(?:'ve| have)?\s+(?:now\s+|just\s+|already\s+)?"
    r"(?:enrolled|registered|signed (?:you|everyone) up|booked|cancell?ed|charged|refunded|paid)\b"
    r"|\byou(?:'re| are)\s+(?:now\s+)?(?:enrolled|registered|booked)\b"
    r"|\b(?:has|have)\s+been\s+(?:enrolled|registered|cancell?ed|charged|refunded)\b",
    re.IGNORECASE,
)
_COHORT_LIKE = re.compile(r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d+\b")
_SECTION = re.compile(r"\b[a-z][a-z0-9-]*#[a-z0-9]+(?:-[a-z0-9]+)*", re.IGNORECASE)


def cited_sections(reply: str) -> list[str]:
    """The knowledge-base citations (`refunds#the-7-day-rule`) a reply makes, in order of first mention."""
    return list(dict.fromkeys(m.group(0).lower() for m in _SECTION.finditer(reply)))


def without_sections(reply: str) -> str:
    """`reply` with its knowledge-base citations blanked out.

    An anchor such as `the-7-day-rule` holds `the-7`, which reads as a cohort id; the ids a reply
    cites are looked for in the rest.
    """
    return _SECTION.sub(" ", reply)


def allowed_ids(courses: Sequence[Mapping[str, Any]]) -> set[str]:
    """Ids an answer may cite: the retrieved courses, their cohorts and their prerequisites."""
    ids = {c["id"] for c in courses}
    ids |= {h["id"] for c in courses for h in c["cohorts"]}
    ids |= {p for c in courses for p in c["prerequisites"]}
    return ids


def cited_ids(reply: str, known: set[str]) -> list[str]:
    """The ids a reply cites, in order of first mention.

    A citation is a known id or an id-shaped word (`name-3`) after "course"/"cohort", or any
    cohort-shaped word; plain words such as "statistics" in prose are not citations.
    """
    found: list[str] = []
    candidates = [m.group(1).lower() for m in _CITED.finditer(reply)]
    candidates = [c for c in candidates if c in known or _COHORT_LIKE.fullmatch(c)]
    candidates += [m.group(0) for m in _COHORT_LIKE.finditer(reply.lower())]
    for candidate in candidates:
        if candidate not in found:
            found.append(candidate)
    return found


def claims_an_action(reply: str) -> bool:
    """Whether a reply says something was enrolled, cancelled, charged or refunded.

    The answer node has no tools: such a claim is false (a model following an instruction
    planted in catalog text, say), and the student must not believe it.
    """
    return _CLAIMED_ACTION.search(reply) is not None


# -- prices and dates ---------------------------------------------------------------------------
_AMOUNT = r"\d[\d.,]*\d|\d"
_CURRENCY_BEFORE = r"€|EUR|USD|US\$|\$|£|GBP"
_CURRENCY_AFTER = r"€|EUR\b|euros?\b|USD\b|dollars?\b|£|GBP\b"
_PRICE = re.compile(
    rf"(?P<cur1>{_CURRENCY_BEFORE})\s?(?P<num1>{_AMOUNT})"
    rf"|(?<![\w.,-])(?P<num2>{_AMOUNT})\s?(?P<cur2>{_CURRENCY_AFTER})",
    re.IGNORECASE,
)
_MONTH_NUMBERS = MONTH_NUMBERS
_MONTH = "|".join(sorted(_MONTH_NUMBERS, key=len, reverse=True))
_ORDINAL = r"(?:st|nd|rd|th)?"
_DATE = re.compile(
    r"\b(?P<iy>\d{4})-(?P<im>\d{1,2})-(?P<id>\d{1,2})\b"
    r"|(?<![\w./-])(?P<na>\d{1,2})[/.](?P<nb>\d{1,2})[/.](?P<ny>\d{4})\b"
    rf"|(?<![\w-])(?P<dd>\d{{1,2}}){_ORDINAL}\s+(?:of\s+)?(?P<dm>{_MONTH})\b\.?(?:,?\s+(?P<dy>\d{{4}})\b)?"
    rf"|\b(?P<mm>{_MONTH})\b\.?\s+(?:(?P<md>\d{{1,2}}){_ORDINAL}(?!\d)(?:,?\s+(?P<my>\d{{4}})\b)?|(?P<mo>\d{{4}})\b)",
    re.IGNORECASE,
)


def unsupported_figures(reply: str, courses: Sequence[Mapping[str, Any]]) -> list[str]:
    """The prices and dates `reply` states that no row of `courses` holds, as written, in order.

    Prices are amounts with a currency (`€900`, `1,400 euros`, `EUR 900.00`); only euro amounts
    equal to a course's price pass, so a total, a discount or a dollar figure does not. Dates are
    ISO (`2027-01-15`), numeric (`15/01/2027`, either order), or written with a month name
    (`15 January 2027`, `Jan 15`, `January 2027`); each must be a cohort's start date, and one
    written without a year or a day must agree with one in what it does give. A month alone
    ("starts in January") is not checked.
    """
    prices = {c["price_cents"] for c in courses}
    starts = {h["starts_on"] for c in courses for h in c["cohorts"]}
    found: list[tuple[int, str]] = []
    for m in _PRICE.finditer(reply):
        currency, amount = (m["cur1"], m["num1"]) if m["cur1"] else (m["cur2"], m["num2"])
        if not _is_euro(currency) or _cents(amount) not in prices:
            found.append((m.start(), m.group(0).strip()))
    for m in _DATE.finditer(reply):
        if not _date_in(m, starts):
            found.append((m.start(), m.group(0).strip()))
    # "... on the 3rd of March." reads "3rd of March": the sentence's full stop is not the date's.
    return [text.rstrip(".,") for _, text in sorted(found)]


def _is_euro(currency: str) -> bool:
    return currency.lower() in ("€", "eur", "euro", "euros")


def _cents(amount: str) -> int | None:
    """`1,400` and `1.400` → 140000; `900.50` and `900,50` → 90050; None when it reads as neither."""
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?", amount):
        number = amount.replace(",", "")
    elif re.fullmatch(r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?", amount):
        number = amount.replace(".", "").replace(",", ".")
    elif re.fullmatch(r"\d+(?:[.,]\d{1,2})?", amount):
        number = amount.replace(",", ".")
    else:
        return None
    return int(Decimal(number) * 100)


def _date_in(m: re.Match[str], starts: set[date]) -> bool:
    """Whether the date matched by `_DATE` agrees with one of `starts`."""
    if m["iy"]:
        return _is_one_of(int(m["iy"]), int(m["im"]), int(m["id"]), starts)
    if m["ny"]:
        a, b, year = int(m["na"]), int(m["nb"]), int(m["ny"])
        return _is_one_of(year, b, a, starts) or _is_one_of(year, a, b, starts)
    month = _MONTH_NUMBERS[(m["dm"] or m["mm"]).lower()]
    if m["mo"]:  # a month and a year
        return any((s.year, s.month) == (int(m["mo"]), month) for s in starts)
    day, written_year = int(m["dd"] or m["md"]), m["dy"] or m["my"]
    if written_year:
        return _is_one_of(int(written_year), month, day, starts)
    return any((s.month, s.day) == (month, day) for s in starts)


def _is_one_of(year: int, month: int, day: int, starts: set[date]) -> bool:
    try:
        return date(year, month, day) in starts
    except ValueError:  # 2027-02-30 is no date, so no cohort's
        return False
