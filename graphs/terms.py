"""The words of a question: which name a subject, which ask for a fact, which ask to compare.

Pure functions over text, shared by the filters' reader (`graphs.filters`) and retrieval
(`graphs.retrieval`), which imports the reader: kept apart so that neither imports the other's
module for a word list.
"""

from __future__ import annotations

import re

from agent.domain import catalog

COMPARISON_CUES = frozenset(
    """compare compared comparing comparison versus vs difference differences differ between better
    or which cheaper shorter longer easier harder than expensive pricier faster quicker""".split()  # noqa: SIM905 - a readable word list
)
"""Words that ask to weigh one course against another."""
FACT_WORDS = frozenset(
    """price prices fee fees euro euros eur date dates starting begin begins beginning level levels
    duration long weeks week seats full available availability prerequisite prerequisites
    requirements required next schedule beginner beginners intermediate advanced online""".split()  # noqa: SIM905
)
"""Words that ask for a fact of a course rather than name a subject: "and the start date?" is
about the course of the previous message, and "weeks" matching nothing is no sign of an
off-topic question."""
_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def topic_terms(question: str) -> list[str]:
    """The search terms of `question` that name a subject, not a fact or a comparison."""
    return [t for t in catalog.search_terms(question) if t not in FACT_WORDS and t not in COMPARISON_CUES]


def asks_to_compare(question: str) -> bool:
    """Whether `question` has a word that weighs one thing against another ("or", "vs", ...)."""
    return not COMPARISON_CUES.isdisjoint(_WORD.findall(question.lower()))
