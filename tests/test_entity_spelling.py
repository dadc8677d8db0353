"""Misspelt orders, months, cohort words and course titles are read as the words meant; near misses are not.

The phrasings are generated: each word is misspelt by one slip (a letter left out, swapped with the
next or doubled), in several sentences, over every course of the seeded catalog, and the cohort
found is asserted exactly, through the same `pick` the target resolution uses.
"""

from __future__ import annotations

import re
from datetime import date

import pytest

from agent.domain.catalog import load_seed
from agent.infra.persistence import Resources
from graphs.entities import MONTHS, cohort_reference, courses_named, find_mention
from graphs.nodes.targets import Catalog, Discussed, Target, pick, resolve

TODAY = date(2026, 12, 1)
TITLES = {c["id"]: c["title"] for c in load_seed()["courses"]}
# How a student names each course: its id, or its title in lower case.
COURSE_NAMES = [(cid, name) for cid, title in TITLES.items() for name in (cid, title.lower())]


NEAR_MISSES = (
    "list", "lost", "lust", "least", "fist", "firs", "forth", "finale", "thirsty", "secondary",
    "arch", "mach", "marc", "match", "marsh", "aril", "apply", "jane", "junk", "jury", "jule",
    "on", "one", "any", "lass", "glass", "bath", "bach", "clash", "grape", "cohost",
)  # fmt: skip
"""Everyday words one or two letters from an order, a month or a cohort word: none is one."""


def slips(word: str) -> list[str]:
    """The word with a letter left out, two swapped, one doubled (past the first; none a word of its own)."""
    at = len(word) // 2
    left_out = [word[:at] + word[at + 1 :]] if len(word) > 4 else []
    swapped = word[: at - 1] + word[at] + word[at - 1] + word[at + 1 :]
    doubled = [word[: at + 1] + word[at:]] if len(word) > 4 else []
    return [s for s in [*left_out, swapped, *doubled] if s != word and s not in NEAR_MISSES]


def cohorts(course: str) -> list[dict[str, object]]:
    """One cohort a month through 2027, earliest first: the n-th starts in month n."""
    return [{"id": f"{course}-{n}", "starts_on": date(2027, n, 10)} for n in range(1, 13)]


def cohort_named(text: str) -> str | None:
    """The cohort a message names, read as the target resolution reads it, on `cohorts`."""
    course = find_mention(text, course_ids=set(TITLES), cohort_ids=set(), titles=TITLES).course_id
    reference = cohort_reference(text)
    if course is None or reference is None:
        return None
    found = pick(cohorts(course), reference, anchor=None, today=TODAY, course=course)
    return found if isinstance(found, str) else None


ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": 12, "earliest": 1, "latest": 12}
ORDER_TEMPLATES = (
    "enrol me in the {course} corse, {order} cohort",
    "sign me up for the {order} {course} group please",
    "I'd like the {order} cohrot of {course}",
    "{course}: the {order} one",
    "can I join the {order} clas of {course}?",
)
MONTH_TEMPLATES = (
    "enroll me in the {course} cohort starting in {month}",
    "{course}, the {month} grup please",
    "put me in the {month} intake of {course}",
    "I want {course} in {month}",
)


def order_cases() -> list[tuple[str, str]]:
    cases = []
    for n, (course, name) in enumerate(COURSE_NAMES):
        for word, place in ORDINALS.items():
            for k, slip in enumerate(slips(word)):
                template = ORDER_TEMPLATES[(n + k) % len(ORDER_TEMPLATES)]
                # A group word comes within three words of the order: a long title there is its id.
                named = (
                    course if "{order} {course}" in template and len(re.findall("[a-z]+", name)) > 2 else name
                )
                cases.append((template.format(course=named, order=slip), f"{course}-{place}"))
    return cases


def month_cases() -> list[tuple[str, str]]:
    cases = []
    for n, (course, name) in enumerate(COURSE_NAMES):
        for number, month in enumerate(MONTHS, start=1):
            for k, slip in enumerate(slips(month) if len(month) > 4 else []):
                template = MONTH_TEMPLATES[(n + number + k) % len(MONTH_TEMPLATES)]
                cases.append((template.format(course=name, month=slip), f"{course}-{number}"))
    return cases


@pytest.mark.parametrize(("text", "expected"), order_cases())
def test_a_misspelt_order_names_the_cohort(text: str, expected: str) -> None:
    assert cohort_named(text) == expected


@pytest.mark.parametrize(("text", "expected"), month_cases())
def test_a_misspelt_month_names_the_cohort(text: str, expected: str) -> None:
    assert cohort_named(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the secnd cohort", 2),
        ("the seccond group", 2),
        ("the scond one", 2),
        ("the thrid cohort", 3),
        ("the thrd group", 3),
        ("the frist one", 1),
        ("the fisrt cohort", 1),
        ("the lsat one", -1),
        ("the fourht intake", 4),
        ("the third coohort", 3),
        ("the second grup", 2),
        ("rag cohrot 2", 2),
        ("group no 3", 3),
    ],
)
def test_the_issues_misspellings_of_an_order(text: str, expected: int) -> None:
    reference = cohort_reference(text)
    assert reference is not None and reference.order == expected


@pytest.mark.parametrize(
    ("word", "month"),
    [
        *[(w, 1) for w in ("janury", "januray", "janaury")],
        *[(w, 2) for w in ("febuary", "feburary", "februrary")],
        ("marhc", 3),
        ("apirl", 4),
        ("agust", 8),
        ("septmber", 9),
        ("octber", 10),
        ("novmber", 11),
        ("decmber", 12),
        ("jnue", 6),
        ("juyl", 7),
    ],
)
def test_the_issues_misspellings_of_a_month(word: str, month: int) -> None:
    assert cohort_reference(f"the {word} cohort") == cohort_reference(f"the {MONTHS[month - 1]} cohort")


@pytest.mark.parametrize("word", NEAR_MISSES)
@pytest.mark.parametrize("sentence", ["{w} all cohorts", "the {w} cohort", "a {w} group of rag", "{w} class"])
def test_a_near_miss_is_no_order_or_month(word: str, sentence: str) -> None:
    assert cohort_reference(sentence.format(w=word)) is None


@pytest.mark.parametrize(
    "text",
    [
        "list all cohorts",
        "I lost my cohort",
        "may I join the rag group?",
        "who won last night?",
        "fist bump, class",
    ],
)
def test_everyday_sentences_name_no_cohort(text: str) -> None:
    assert cohort_reference(text) is None


def title_cases() -> list[tuple[str, str]]:
    """Each course's title with one of its longer words misspelt, in a few sentences."""
    sentences = ("enrol me in {t}", "is there a cohort of {t} in march?", "the {t} course please")
    cases = []
    for n, (course, title) in enumerate(TITLES.items()):
        words = re.findall("[a-z]+", title.lower())
        for at, word in enumerate(words):
            if len(word) < 6:
                continue
            for k, slip in enumerate(slips(word)):
                text = " ".join([*words[:at], slip, *words[at + 1 :]])
                cases.append((sentences[(n + at + k) % len(sentences)].format(t=text), course))
    return cases


@pytest.mark.parametrize(("text", "expected"), title_cases())
def test_a_misspelt_title_names_its_course(text: str, expected: str) -> None:
    assert courses_named(text, TITLES) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "a program to become an LLM engineer",
        "my goal is moving into ML engineering",
        "I want to be a data engineer",
        "I'm an NLP researcher",
        "as a data scientist",
    ],
)
def test_a_course_word_before_a_role_names_a_career_not_the_course(text: str) -> None:
    assert courses_named(text, TITLES) == []


def test_the_issues_example_enrolls_in_the_second_cohort(resources: Resources) -> None:
    catalog = Catalog(resources.school)
    text = "enrol me in the rag corse, secnd cohort"
    assert resolve(catalog, "enroll", text, "zoe", Discussed()) == Target("rag-2")
