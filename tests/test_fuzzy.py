"""The fuzzy match keeps its scores per process, and answers exactly as difflib does, list by list.

A cached answer must belong to the word list it was asked against: the same word read against
another list (a set, a tuple, a list or a dict's keys) is scored again, and every answer equals
difflib's own.
"""

from __future__ import annotations

from difflib import SequenceMatcher, get_close_matches

import pytest

from graphs.fuzzy import closest, similar

MONTHS = ["january", "february", "march", "april", "june", "july", "august", "september"]
COURSE_WORDS = ("course", "courses", "class", "classes", "module", "modules")
WORDS = ("febuary", "febrary", "cources", "classs", "modle", "augst", "septmber", "zzz", "march", "jun")


def _difflib_closest(word: str, known: list[str], cutoff: float = 0.8) -> str | None:
    if word in known:
        return word
    found = get_close_matches(word, known, n=1, cutoff=cutoff)
    return found[0] if found else None


@pytest.mark.parametrize("word", WORDS)
def test_closest_answers_as_difflib_for_each_kind_of_word_list(word: str) -> None:
    for known in (MONTHS, COURSE_WORDS, list(COURSE_WORDS) + MONTHS):
        expected = _difflib_closest(word, list(known))
        kinds = (list(known), tuple(known), frozenset(known), dict.fromkeys(known))
        assert [closest(word, k) for k in kinds] == [expected] * 4, known
        assert [closest(word, k) for k in kinds] == [expected] * 4, known  # asked again: from the cache


def test_a_cached_answer_is_not_given_for_another_list() -> None:
    assert closest("febuary", MONTHS) == "february"
    assert closest("febuary", COURSE_WORDS) is None
    assert closest("febuary", [m for m in MONTHS if m != "february"]) is None
    assert closest("febuary", MONTHS, cutoff=0.95) is None  # the cutoff is part of the question too


def test_the_guards_apply_to_cached_answers_as_to_fresh_ones() -> None:
    numbers = {"three": 3, "thirty": 30, "one": 1}
    assert closest("thre", numbers, min_length=4, same_start=True) == "three"
    assert closest("done", numbers, min_length=4, same_start=True) is None  # "one", another first letter
    assert closest("done", numbers) == "one"
    assert closest("thr", numbers, min_length=4) is None


@pytest.mark.parametrize(
    ("word", "known"), [("enrolll", "enroll"), ("enrol", "enroll"), ("cancle", "cancel")]
)
def test_similar_scores_as_difflib_with_the_word_first(word: str, known: str) -> None:
    for cutoff in (0.5, 0.8, 0.9, 0.95):
        expected = SequenceMatcher(None, word, known).ratio() >= cutoff
        assert similar(word, known, cutoff=cutoff) is expected
        assert similar(word, known, cutoff=cutoff) is expected
