"""API keys → users and roles.

A student sees and writes only their own threads; an operator sees the approval inbox, reads any
thread and decides approvals.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Literal

from agent.config.env import SettingsError

Role = Literal["student", "operator"]
_ENTRY = re.compile(
    r"^(?P<key>[A-Za-z0-9._~-]{8,})=(?P<user>[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}):"
    r"(?P<role>student|operator)$"
)


@dataclass(frozen=True)
class Principal:
    """Who is calling."""

    user_id: str
    role: Role


def parse_keys(raw: str) -> dict[str, Principal]:
    """`key=user:role,key=user:role` (from SCHOOL_API_KEYS) as a table; keys of 8+ characters."""
    table: dict[str, Principal] = {}
    for entry in filter(None, (part.strip() for part in raw.split(","))):
        match = _ENTRY.match(entry)
        if not match:
            shown = entry.split("=", 1)[-1]
            message = (
                "SCHOOL_API_KEYS entries look like KEY=user:student or KEY=user:operator "
                f"(KEY at least 8 characters); cannot read the entry for {shown!r}"
            )
            raise SettingsError(message)
        table[match["key"]] = Principal(match["user"], match["role"])  # type: ignore[arg-type]
    if not table:
        raise SettingsError("SCHOOL_API_KEYS names no key")
    return table


def demo_keys() -> dict[str, Principal]:
    """Fresh random keys for a first run without SCHOOL_API_KEYS: students ada and bob, operator olga."""
    return {
        secrets.token_urlsafe(18): Principal(user, role)  # type: ignore[arg-type]
        for user, role in (("ada", "student"), ("bob", "student"), ("olga", "operator"))
    }
