"""Whether a program request accepts a waitlisted cohort: "a waitlist is fine", "happy to be on a waitlist"."""

from __future__ import annotations

import re

_WAITLIST_OK = re.compile(
    r"\b(?:wait\s*list|waiting\s+list)\s+(?:is|would\s+be|are)\s+(?:fine|ok(?:ay)?|good|acceptable)|"
    r"\b(?:happy|fine|ok(?:ay)?|willing|glad)\s+(?:with|to\s+(?:be\s+on|join|go\s+on|take))\s+(?:a\s+|the\s+)?"
    r"(?:wait\s*list|waiting\s+list)",
    re.IGNORECASE,
)


def waitlist_ok(text: str) -> bool:
    """Whether the text says a waitlist is acceptable."""
    return bool(_WAITLIST_OK.search(text))
