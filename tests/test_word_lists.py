"""The reader's word look-ups answer as comparing with every entry would, only faster.

`has_word`, `first_word_at` and `spelled` look only at the entries a word could match (its first
letters, the known words sharing a shorter form with it) and remember answers per word list. Each
is checked here against the plain comparison with every entry, over the words of the labelled
messages and slips made of them.
"""

from __future__ import annotations

import random

import pytest

from graphs.fuzzy import one_slip
from graphs.intents import lexicon
from graphs.intents.text import (
    _REPEATED_END,
    _known,
    _lexicons,
    _school_words,
    first_word_at,
    has_word,
    is_word,
    spelled,
    words_of,
)
from graphs.months import MONTH_NAMES
from qa.evaluation import load_cases

WORD_LISTS = [
    value
    for value in vars(lexicon).values()
    if isinstance(value, frozenset) and value and all(isinstance(v, str) and " " not in v for v in value)
]


def _words() -> list[str]:
    rng = random.Random(7)
    words = sorted({w for case in load_cases() for w in case.text.lower().split() if w.isalpha()})
    slips = []
    for word in rng.sample(words, min(400, len(words))) + rng.sample(sorted(_known()), 400):
        i = rng.randrange(len(word))
        slips += [word[:i] + word[i + 1 :], word[:i] + word[i] + word[i:], word[1:2] + word[:1] + word[2:]]
        if len(word) > 2:
            slips.append(word[:i] + "x" + word[i + 1 :])
    return [w for w in words + slips if w]


WORDS = _words()


def _plain_spelled(word: str) -> str:
    """`spelled`'s answer the slow way: every known word checked."""
    squeezed = _REPEATED_END.sub(r"\1", word)
    if len(word) < 5 or word in _known() or word in _school_words() or squeezed in _known():
        return spelled(word)  # answered before the search
    found = [k for k in _known() if one_slip(word, k)]
    if len(found) > 1:
        found = [k for k in found if k in _lexicons()] or found
    if len(found) > 1:
        found = [k for k in found if len(k) == len(word)]
    return found[0] if len(found) == 1 else spelled(word)


@pytest.mark.parametrize("cutoff", [0.8, 0.85])
def test_has_word_answers_as_every_entry_compared(cutoff: float) -> None:
    assert len(WORD_LISTS) > 20 and len(WORDS) > 1000
    for word_list in [*WORD_LISTS, MONTH_NAMES, lexicon.ACTING | lexicon.HELD]:
        for word in WORDS:
            expected = any(is_word(word, t, cutoff) for t in word_list)
            assert has_word([word], word_list, cutoff=cutoff) is expected, (word, sorted(word_list)[:5])
            assert has_word([word], set(word_list), cutoff=cutoff) is expected  # the uncached path


def test_first_word_at_is_the_first_match() -> None:
    text = "hi there could you plz enrlol me and then canel the other one"
    words = words_of(text)
    for word_list in (lexicon.ENROLL, lexicon.CANCEL, lexicon.CONFIRM):
        expected = next((i for i, w in enumerate(words) if any(is_word(w, t) for t in word_list)), None)
        assert first_word_at(words, word_list) == expected
    assert first_word_at(words, lexicon.CANCEL) is not None


def test_a_slip_is_found_among_the_known_words_sharing_a_shorter_form() -> None:
    checked = [w for w in WORDS if len(w) >= 5 and w not in _known()]
    assert len(checked) > 300
    assert sum(spelled(w) != w for w in checked) > 50  # slips were made and read back
    for word in checked:
        assert spelled(word) == _plain_spelled(word), word
