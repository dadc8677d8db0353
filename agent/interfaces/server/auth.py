"""API keys → users and roles.

A student sees and writes only their own threads; an operator sees the approval inbox, reads any
thread and decides approvals. `SCHOOL_STUDIO_OPERATOR` names the operator as whom LangSmith Studio
on this machine is served (`agent.interfaces.server.langgraph_api.auth`).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
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


def studio_principal(keys: Mapping[str, Principal], user_id: str | None) -> Principal | None:
    """The operator `SCHOOL_STUDIO_OPERATOR` (`user_id`) names; None when unset.

    A SettingsError unless the key table holds that user as an operator: Studio must not become a
    way to act as a student, nor as somebody the table does not know.
    """
    if user_id is None:
        return None
    studio = Principal(user_id, "operator")
    if studio not in keys.values():
        operators = sorted({who.user_id for who in keys.values() if who.role == "operator"})
        is_what = "a student" if any(who.user_id == user_id for who in keys.values()) else "not in it"
        message = (
            "SCHOOL_STUDIO_OPERATOR names the operator of the key table as whom LangSmith Studio on "
            f"this machine is served; {user_id!r} is {is_what} (operators: {', '.join(operators) or 'none'})"
        )
        raise SettingsError(message)
    return studio
