"""The HTTP API's test keys, and the request headers that carry them."""

from __future__ import annotations

API_KEYS = "key-ada-1234=ada:student,key-bob-1234=bob:student,key-olga-1234=olga:operator"
"""The HTTP API's test keys: students ada and bob, operator olga."""

ADA, BOB, OLGA = ({"Authorization": f"Bearer key-{n}-1234"} for n in ("ada", "bob", "olga"))
"""The `Authorization` headers of ada, bob (students) and olga (operator)."""
