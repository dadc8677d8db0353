"""Reading the JSON a model was asked to reply with: Markdown fences removed, then parsed."""

from __future__ import annotations

import json
import re
from typing import Any

_FENCE = re.compile(r"^```(?:json)?\s*|\s*```$")


def reply_json(text: str) -> Any:
    """The JSON value of a reply (small models often wrap it in ```json fences); ValueError if none."""
    return json.loads(_FENCE.sub("", text.strip()))


def reply_field(text: str, field: str) -> Any:
    """`field` of the JSON object in a reply; None when the reply is not such an object."""
    try:
        data = reply_json(text)
    except ValueError:
        return None
    return data.get(field) if isinstance(data, dict) else None
