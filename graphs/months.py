"""Month names as students write them: the one list every date reader in `graphs` uses.

English names written out (`calendar.month_name` follows the process locale), and the numbers of
the names and of their usual abbreviations ("jan", "sept").
"""

from __future__ import annotations

MONTH_NAMES: tuple[str, ...] = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
MONTH_NUMBERS: dict[str, int] = {name: n for n, name in enumerate(MONTH_NAMES, start=1)}
MONTH_NUMBERS |= {name[:3]: n for n, name in enumerate(MONTH_NAMES, start=1)} | {"sept": 9}
"""A month's number by its name or abbreviation ("may" is both)."""
