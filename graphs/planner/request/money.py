"""The budget of a program request, in euro cents.

A number after a budget word ("within 1500", "under €2,000", "max 1.5k", "budget of 1500 euros",
"up to 1.200 EUR"), or with a euro sign or word ("€900", "900 euros"). "1,500" and "1.500" are
thousands, "1.5k" is 1500, "12.50" is 12.50. An amount in another currency ($, USD, dollars, £,
GBP, pounds) is not converted: the budget stays unset.
"""

from __future__ import annotations

import re
from decimal import Decimal

EURO = r"(?:€|eur\b|euros?\b)"
"""The euro sign or word."""
_FOREIGN = r"(?:\$|£|usd\b|gbp\b|dollars?\b|pounds?\b|bucks\b)"
_CURRENCY = rf"{EURO}|{_FOREIGN}"
AMOUNT = r"(?P<num>\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?!\d)(?:\s*(?P<k>k)\b)?"
"""An amount: "1500", "1,500", "1.500", "12.50", "1.5k" (groups `num` and `k`, read by `cents`)."""
_NOT_MONEY = (
    r"(?!\s*(?:-\s*)?(?:courses?|class(?:es)?|modules?|weeks?|months?|days?|hours?|minutes?|"
    r"years?|%|people|students|seats))"
)
"""An amount followed by one of these counts something other than money ("within 3 months")."""
BUDGET_WORDS = (
    r"within|under|below|less\s+than|no\s+more\s+than|not\s+more\s+than|max(?:imum)?|"
    r"at\s+most|up\s+to|budget(?:\s+(?:of|is|:))?|spend(?:ing)?|afford|cap(?:\s+of)?|"
    r"limit(?:\s+(?:of|is))?|for"
)
"""Words that put a budget on what follows (a regex alternation; "for" only with a currency)."""
_MONEY_AROUND = r"(?:(?:around|about|roughly|approx(?:imately)?|~|only|just|a)\s*)?"
_KEYWORD_BUDGET = re.compile(
    rf"\b(?:{BUDGET_WORDS})\s*:?\s*{_MONEY_AROUND}(?P<pre>{_CURRENCY})?\s*{AMOUNT}{_NOT_MONEY}"
    rf"(?:\s*(?P<post>{_CURRENCY}))?",
)
_TRAILING_BUDGET = re.compile(
    rf"(?P<pre>{_CURRENCY})?\s*\b{AMOUNT}{_NOT_MONEY}\s*(?P<post>{_CURRENCY})?\s*"
    r"(?:budget|max(?:imum)?|to\s+spend|tops)\b",
)
_SIGN_FIRST = re.compile(rf"(?P<pre>{_CURRENCY})\s*{AMOUNT}(?P<post>)")
_SIGN_AFTER = re.compile(rf"(?P<pre>)\b{AMOUNT}\s*(?P<post>{_CURRENCY})")


def budget_cents(text: str) -> int | None:
    """The budget in cents: a budget word with an amount first, else an amount in euros; None if foreign."""
    for pattern in (_KEYWORD_BUDGET, _TRAILING_BUDGET, _SIGN_FIRST, _SIGN_AFTER):
        for match in pattern.finditer(text.lower()):
            currency = (match.group("pre") or "") + (match.group("post") or "")
            if pattern is _KEYWORD_BUDGET and match.group(0).startswith("for") and not currency:
                continue  # "for 3 weeks" or "for 2027": "for" alone is not a budget word
            if re.search(_FOREIGN, currency):
                return None
            return cents(match)
    return None


def cents(match: re.Match[str], prefix: str = "") -> int:
    """In cents, the `AMOUNT` of a match (groups renamed with `prefix`): '1,500' → 150000, '1.5k' → 150000."""
    number, thousands = match[f"{prefix}num"], match[f"{prefix}k"] is not None
    # `AMOUNT` reads a separator before three digits as grouping thousands, any other as the decimal point.
    plain = re.sub(r"[.,](?=\d{3}(?:[.,]|$))", "", number).replace(",", ".")
    return int(Decimal(plain) * (100_000 if thousands else 100))
