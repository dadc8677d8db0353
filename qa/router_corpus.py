"""Composes the generated router evaluation: phrasing families × the catalog × noise.

A family (`Family`) is a handful of templates with slots ("is there a course on {topic}?") and the
intent a careful reader gives every message it makes. The slots are filled from the shipped catalog
(`agent/domain/catalog.json`: every course by title, id and short name, its topic words, cohorts,
months, prices, levels) and from small lists of people, roles and amounts; noise is then laid on
(a misspelt word, case, filler, politeness, lost punctuation). The families live in
`router_families` (tuned: the rules were written against them) and `router_families_heldout`
(written after the rules were frozen, never used to change them). Everything is seeded by the
family's name, so the same code always yields the same messages, and adding a family changes no
other family's messages.

Pure: no LangGraph, no database, no network.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, partial

from agent.domain.catalog import load_seed
from qa.evaluation import EvalCase

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
ORDINALS = ("first", "second", "third", "last", "1st", "2nd", "next")
LEVELS = ("beginner", "intermediate", "advanced")
PRICES = ("300 euros", "€500", "600 EUR", "1000 euros", "€1500", "2000", "under 800")
PEOPLE = ("my friend", "my sister", "bob", "my colleague Anna", "student 42", "my son", "him", "her")
ROLES = (
    "data engineer",
    "ML engineer",
    "data scientist",
    "LLM engineer",
    "backend developer",
    "data analyst",
    "MLOps engineer",
    "AI engineer",
)
COUNTS = ("two", "three", "3", "four", "4", "a couple of")
DAYS = ("two", "3", "five", "10", "a few", "seven")
CITIES = ("Madrid", "Berlin", "Paris", "Lisbon", "Tokyo")
ELSEWHERE = ("blockchain", "game development", "cybersecurity", "iOS apps", "UX design", "quantum computing")
"""Topics no course here teaches: asking about them is still a question about the catalog."""

FILLERS = ("hi, ", "hey, ", "hello! ", "quick question: ", "excuse me, ", "good morning, ")
POLITE = (" please", " thanks", ", thank you", " pls", " thx")
NOISE_RATE = 0.35
"""How often each kind of noise is laid on a message."""


@dataclass(frozen=True)
class Family:
    """A phrasing family: templates with slots, and the intent of every message they make."""

    name: str
    """A short id, unique across both parts ("q_catalog_topic")."""
    intent: str
    """The label: one of `graphs.intents.INTENTS`."""
    templates: tuple[str, ...]
    """Messages with `{slot}`s; see `SLOT_NAMES`."""
    pending: bool = False
    """Whether an action awaits the student's decision when the message arrives (`EVAL_PENDING`)."""
    note: str | None = None
    """The guard class, for messages that must never be an action or a program
    ("negated", "hypothetical", "third-party", "injected", "offtopic"), or another tag."""
    size: int = 30
    """How many distinct messages to make (fewer when the templates cannot make that many)."""
    noise: bool = True
    """Whether noise is laid on; off for replies whose exact words matter ("no", "yes")."""


@dataclass(frozen=True)
class Course:
    """A course as a student may name it."""

    id: str
    names: tuple[str, ...]
    """Its title, the title in lower case, its id, a short name."""
    topics: tuple[str, ...]
    """Words for what it teaches ("machine learning", "scikit-learn")."""
    cohorts: tuple[str, ...]


@dataclass(frozen=True)
class GeneratedCase:
    """A labelled message and the family that made it."""

    case: EvalCase
    family: str


_SLOT = re.compile(r"\{(\w+)\}")


@cache
def courses() -> tuple[Course, ...]:
    """The shipped catalog's courses, with the names and topic words students use for them."""
    seed = load_seed()
    out = []
    for row in seed["courses"]:
        title = str(row["title"])
        short = title.split(" with ")[0].split(":")[0]
        names = dict.fromkeys([title, title.lower(), str(row["id"]), short.lower(), f"the {short} course"])
        topics = dict.fromkeys([short.lower(), *(str(t).replace("-", " ") for t in row["tags"])])
        cohorts = tuple(str(c["id"]) for c in seed["cohorts"] if c["course_id"] == row["id"])
        out.append(Course(str(row["id"]), tuple(names), tuple(topics), cohorts))
    return tuple(out)


def _fill(match: re.Match[str], *, rng: random.Random, course: Course) -> str:
    """The value of the slot `match` names, for messages about `course`."""
    return _slot_values(match.group(1), rng, course)


def _slot_values(name: str, rng: random.Random, course: Course) -> str:
    """One value for the slot `name`, for messages about `course`."""
    pools = _pools(course)
    if name not in pools:
        message = f"unknown slot {{{name}}}; expected one of {', '.join(sorted(pools))}"
        raise KeyError(message)
    return rng.choice(pools[name])


@cache
def _pools(course: Course) -> Mapping[str, tuple[str, ...]]:
    """What each slot may hold in a message about `course`, built once per course."""
    return {
        "course": course.names,
        "topic": course.topics,
        "cohort": course.cohorts,
        "other_cohort": tuple(c for x in courses() if x is not course for c in x.cohorts),
        "course2": tuple(x.names[1] for x in courses() if x is not course),
        "cohort2": course.cohorts[1:] or course.cohorts,
        "month": MONTHS,
        "ordinal": ORDINALS,
        "level": LEVELS,
        "price": PRICES,
        "person": PEOPLE,
        "role": ROLES,
        "n": COUNTS,
        "days": DAYS,
        "city": CITIES,
        "elsewhere": ELSEWHERE,
    }


SLOT_NAMES = [
    "course",
    "course2",
    "topic",
    "cohort",
    "cohort2",
    "other_cohort",
    "month",
    "ordinal",
    "level",
    "price",
    "person",
    "role",
    "n",
    "days",
    "city",
    "elsewhere",
]


def misspell(word: str, rng: random.Random) -> str:
    """The word with one typo: a letter dropped, two neighbours swapped, or a letter doubled."""
    i = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(3)
    if kind == 0:
        return word[:i] + word[i + 1 :]
    if kind == 1:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    return word[:i] + word[i] + word[i:]


def add_noise(text: str, rng: random.Random) -> str:
    """The message as students type it: maybe a misspelt long word, other case, filler, politeness."""
    words = text.split(" ")
    long = [i for i, w in enumerate(words) if len(w) >= 6 and w.isalpha() and w.islower()]
    if long and rng.random() < NOISE_RATE:
        i = rng.choice(long)
        words[i] = misspell(words[i], rng)
    text = " ".join(words)
    roll = rng.random()
    if roll < NOISE_RATE / 2:
        text = text.lower()
    elif roll < NOISE_RATE:
        text = text[:1].upper() + text[1:]
    if rng.random() < NOISE_RATE / 2:
        text = text.rstrip("?.!")
    if rng.random() < NOISE_RATE / 2:
        text = rng.choice(FILLERS) + text
    if rng.random() < NOISE_RATE / 3:
        end = text[-1:] if text[-1:] in "?.!" else ""
        text = text.rstrip("?.!") + rng.choice(POLITE) + end
    return text


def compose(family: Family) -> list[EvalCase]:
    """The family's messages: distinct, in a fixed order for a given family and catalog."""
    rng = random.Random(family.name)
    seen: dict[str, None] = {}
    catalog = courses()
    for _ in range(family.size * 20):
        if len(seen) >= family.size:
            break
        course = rng.choice(catalog)
        template = rng.choice(family.templates)
        text = _SLOT.sub(partial(_fill, rng=rng, course=course), template)
        if family.noise:
            text = add_noise(text, rng)
        seen.setdefault(text)
    return [EvalCase(text=t, pending=family.pending, intent=family.intent, note=family.note) for t in seen]


def generate(families: Iterable[Family]) -> Iterator[GeneratedCase]:
    """Every family's messages, family by family."""
    names: set[str] = set()
    for family in families:
        if family.name in names:
            message = f"two families are named {family.name!r}"
            raise ValueError(message)
        names.add(family.name)
        for case in compose(family):
            yield GeneratedCase(case, family.name)
