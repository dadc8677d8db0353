"""How many courses a program request asks for, and numbers written as words.

"three courses", "3 courses", "a 4-course program", "two or three courses" (3), "a couple of
courses" / "a pair of courses" (2); number and course words tolerate one typo.
"""

from __future__ import annotations

from graphs.fuzzy import WORD, closest, word_set

MAX_SIZE = 10
"""A stated number of courses above this is not read as the program's size."""

NUMBERS = {
    w: n
    for n, w in enumerate(("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), 1)
}
NUMBERS |= {"single": 1, "couple": 2, "pair": 2}
COURSE_WORDS = ("course", "courses", "class", "classes", "module", "modules")
_SIZE_FILLERS = word_set("of more different good short online new or to - related relevant separate")
"""Words that may stand between a number and the course word: "three more online courses"."""


def course_count(text: str) -> int | None:
    """How many courses the text asks for; the larger of 'two or three'; None when it does not say."""
    words = WORD.findall(text.lower().replace("-", " - "))
    for n, word in enumerate(words):
        if closest(word, COURSE_WORDS, min_length=5) is None:  # "courses", or a typo of it ("cources")
            continue
        found: list[int] = []
        for before in reversed(words[max(0, n - 5) : n]):
            number = int(before) if before.isdigit() else number_word(before)
            if number is not None:
                found.append(number)
            elif before not in _SIZE_FILLERS:
                # A number never stands before an article: "is there a course" names no size.
                break
        at_once = " ".join(words[n + 1 : n + 4]).startswith(("at a time", "at once", "in parallel"))
        if found and 1 <= max(found) <= MAX_SIZE and not at_once:
            return max(found)
    return None


def number_word(word: str) -> int | None:
    """The number a lower-case word spells ("three", "thre", "couple"), or None."""
    # The first letter must agree: "done" is not "one", "thre" is "three".
    found = closest(word, NUMBERS, min_length=4, same_start=True)
    return None if found is None else NUMBERS[found]
