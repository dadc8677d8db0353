"""The held-out phrasing families of the generated router evaluation (see `router_corpus`).

Written after the rules were frozen at `FROZEN_AT`, and never used to change them: only these say
how the reader does on phrasings nobody tuned it for.
"""

from __future__ import annotations

from agent.ops.router_corpus import Family

FROZEN_AT = "not frozen yet"
"""The commit at which the rules were frozen before these families were written."""

HELD_OUT: tuple[Family, ...] = ()
"""The families written after the freeze."""
