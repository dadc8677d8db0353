"""Server-Sent Events as the private API writes them."""

from __future__ import annotations

import json
from typing import Any


def format_event(name: str, data: dict[str, Any]) -> str:
    """One Server-Sent Event."""
    return f"event: {name}\ndata: {json.dumps(data, default=str, ensure_ascii=False)}\n\n"
