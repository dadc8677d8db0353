"""The courses a program request says the student has already done: prerequisites to leave out.

"I already know python", "I have done python-basics", "I've taken statistics and SQL", "I'm
familiar with git" → catalog course ids, by id, by the id's words, by the id's first word when only
one course has it, or by a common name from the domain's aliases (pandas, git, docker …).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection

from agent.domain.paths import load_paths
from graphs.fuzzy import WORD, closest

_COMPLETED = re.compile(
    r"(?<![a-z'])(?:i\s+(?:already\s+)?(?:know|knew|did|took|completed|finished|passed|studied)|"
    r"i(?:'ve|\s+have)\s+(?:already\s+)?(?:done|taken|completed|finished|passed|studied|had)|"
    r"already\s+(?:know|did|done|took|taken|have|had|completed|finished)|"
    r"i(?:'m|\s+am)\s+(?:already\s+)?(?:familiar|comfortable|good|fluent|experienced|confident)\s+"
    r"(?:with|in|at)|(?:background|experience)\s+(?:in|with))\b(?P<what>[^.;!?]*)",
)
_NEGATED = re.compile(r"\b(?:not|no|never|don't|dont|do\s+not|haven't|havent|didn't|didnt)\W+(?:\w+\W+)?$")
_CLAUSE_END = re.compile(
    r"\b(?:but|so|because|though|although|want|wanna|would|need|now|what|which|how|"
    r"when|where|to|into|for|before|after|within|under|starting|and\s+(?:i|now|"
    r"want|would|need|looking))\b|,\s*(?:i|now|so|but|and\s+i)\b",
)


def completed_courses(text: str, course_ids: Collection[str]) -> tuple[str, ...]:
    """The catalog courses the text says the student has already done, in the order named."""
    aliases = _course_aliases(course_ids)
    found: list[str] = []
    text = text.lower()
    for match in _COMPLETED.finditer(text):
        if not _NEGATED.search(text[: match.start()]):
            found += _named_courses(_CLAUSE_END.split(match.group("what"), maxsplit=1)[0], aliases)
    return tuple(dict.fromkeys(found))


def _course_aliases(course_ids: Collection[str]) -> dict[str, str]:
    """Name → course id: the id, its words, its first word when unique, and the domain's aliases.

    An alias counts only for an id the catalog passed in actually has.
    """
    aliases = {alias: cid for alias, cid in load_paths().aliases.items() if cid in course_ids}
    firsts = Counter(cid.split("-")[0] for cid in course_ids)
    for cid in course_ids:
        first = cid.split("-")[0]
        if firsts[first] == 1 and len(first) >= 2:
            aliases[first] = cid
        aliases |= {cid: cid, cid.replace("-", " "): cid}
    return aliases


def _named_courses(clause: str, aliases: dict[str, str]) -> list[str]:
    """Course ids named in a clause, longest names first, single words within one typo."""
    words = WORD.findall(clause)
    single = [a for a in aliases if " " not in a]
    found: list[str] = []
    n = 0
    while n < len(words):
        for length in range(min(3, len(words) - n), 0, -1):
            phrase = " ".join(words[n : n + length])
            course_id = aliases.get(phrase) or aliases.get(phrase.rstrip("s"))
            if course_id is None and length == 1:
                near = closest(phrase, single, min_length=5)
                course_id = None if near is None else aliases[near]
            if course_id is not None:
                found.append(course_id)
                n += length
                break
        else:
            n += 1
    return found
