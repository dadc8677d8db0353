"""Words and their misspellings: the one fuzzy match that every typo-tolerant reader in `graphs` uses.

`closest` finds the known word a word stands for ("Febuary" → "february", "cources" → "courses");
`similar` says whether a word is one known word ("enrolll" → "enroll"). Both score with difflib's
ratio (twice the matching characters over the letters of both words: 1.0 for equal words). The
guards every caller needs are arguments: a minimum length (one letter changed in "one" is "done")
and, where a short word could be another word, the same first letter.

Both are pure, and a turn asks them the same questions each time (every reader corrects the
message's words against the same word lists), so their scores are kept per process (bounded
caches): a word is scored against a list once, not once per reader and per turn.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from difflib import SequenceMatcher, get_close_matches
from functools import lru_cache
from typing import Any

WORD = re.compile(r"[a-z0-9€$£]+(?:[-'][a-z0-9]+)*")
"""A word of lower-cased text, with its hyphens and apostrophes ("python-basics", "i've") and money signs."""
CACHED = 1 << 14
"""Scores kept per process, in each cache (as many as `graphs.intents.text.spelled` keeps): a few MB."""


def word_set(text: str) -> frozenset[str]:
    """The words of a word list written as one string: "yes yep yeah"."""
    return frozenset(text.split())


def phrase_list(text: str) -> tuple[str, ...]:
    """The phrases of a phrase list written as one string, comma-separated: "go ahead, do it"."""
    return tuple(text.split(", "))


def closest(
    word: str,
    known: Collection[str],
    *,
    cutoff: float = 0.8,
    min_length: int = 0,
    same_start: bool = False,
) -> str | None:
    """The known word most like `word`: `word` itself when known, None when none scores `cutoff`.

    A word shorter than `min_length` matches only itself; with `same_start`, the best match must
    begin with the word's first letter ("thre" is "three", "done" is not "one").
    """
    if word in known:
        return word
    if len(word) < min_length:
        return None
    # A set or tuple is its own cache key; a list or dict (its keys) is keyed by its words in order.
    key = known if isinstance(known, frozenset | tuple) else tuple(known)
    found = _best_match(word, key, cutoff)
    if found is None or (same_start and found[0] != word[0]):
        return None
    return found


@lru_cache(maxsize=CACHED)
def _best_match(word: str, known: frozenset[str] | tuple[str, ...], cutoff: float) -> str | None:
    """The best match difflib finds for `word` among `known` at `cutoff`, or None (ties go to the greater word)."""
    found = get_close_matches(word, list(known), n=1, cutoff=cutoff)
    return found[0] if found else None


def corrected(text: str, known: Collection[str], **guards: Any) -> list[str]:
    """The lower-cased words of `text`, each read as the known word it misspells (`closest`, with its guards)."""
    return [closest(w, known, **guards) or w for w in WORD.findall(text.lower().replace("’", "'"))]


def similar(
    word: str,
    known: str,
    *,
    cutoff: float = 0.8,
    min_length: int = 0,
    same_start: bool = False,
) -> bool:
    """Whether `word` is `known` or scores `cutoff` against it (the guards as in `closest`)."""
    if word == known:
        return True
    if len(word) < min_length or (same_start and word[:1] != known[:1]):
        return False
    return _ratio(word, known) >= cutoff


@lru_cache(maxsize=CACHED)
def _ratio(word: str, known: str) -> float:
    """The ratio difflib gives the two words."""
    # difflib's ratio is not quite symmetric: `word` goes first here, as it always has.
    return SequenceMatcher(None, word, known).ratio()


def swapped(word: str, known: str) -> bool:
    """Whether `word` is `known` with two neighbouring letters swapped: "yse" and "yes"."""
    return word != known and any(
        word == known[:i] + known[i + 1] + known[i] + known[i + 2 :] for i in range(len(known) - 1)
    )


def one_slip(word: str, known: str) -> bool:
    """Whether `word` is `known` with one slip: a letter left out, doubled, added or swapped with the next.

    "secnd", "thrid" and "coohort" are slips; in a word of 7+ letters so is one letter replaced
    ("janaury", "novenber"). Stricter than `similar` on short words, so that other words stay
    themselves: a word of 4 letters or fewer slips only by a swap ("lsat" is "last"; "list" and
    "lost" are not), and the first letter is kept unless it is swapped ("arch" is not "march").
    """
    if word == known or abs(len(word) - len(known)) > 1 or known[:1] not in (word[:1], word[1:2]):
        return False
    if len(word) == len(known):
        diff = [i for i, (x, y) in enumerate(zip(word, known, strict=True)) if x != y]
        return swapped(word, known) or (len(diff) == 1 and len(known) >= 7 and diff[0] > 0)
    short, long = sorted((word, known), key=len)
    return len(known) > 4 and any(long[:i] + long[i + 1 :] == short for i in range(1, len(long)))
