"""The generated router evaluation: families × the catalog × noise, and what `eval router` makes of it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import graphs.intents as intents
from agent.interfaces.cli import main
from graphs.intents import INTENTS
from qa import router_corpus
from qa.evaluation import SAFE_INTENTS, UNSAFE_NOTES, evaluate, goals_met
from qa.router_corpus import Family, compose, courses, generate, misspell
from qa.router_families import MORE_TUNED, TUNED
from qa.router_families_heldout import HELD_OUT, SEEN
from qa.router_parts import generated, router_parts

GUARDS = {"negated", "hypothetical", "third-party", "injected", "offtopic"}
ALL_FAMILIES = TUNED + MORE_TUNED + SEEN + HELD_OUT


def test_the_generated_parts_hold_two_thousand_messages_over_every_intent_and_guard() -> None:
    cases = generated(ALL_FAMILIES)

    assert len(cases) >= 2000
    assert {c.intent for c in cases} == set(INTENTS)
    assert {c.note for c in cases} >= GUARDS
    assert {c.note for c in cases if c.intent not in SAFE_INTENTS} & UNSAFE_NOTES == set()


def test_every_course_of_the_catalog_is_named_in_the_messages() -> None:
    texts = " ".join(c.text.lower() for c in generated(TUNED + MORE_TUNED))

    assert [c.id for c in courses() if not any(name.lower() in texts for name in c.names)] == []


def test_a_family_makes_the_same_distinct_messages_every_time() -> None:
    family = TUNED[0]

    first, again = compose(family), compose(family)

    assert first == again
    assert len({c.text for c in first}) == len(first) == family.size


def test_no_message_carries_two_labels() -> None:
    labels: dict[tuple[str, bool], set[str]] = {}
    for case in generated(ALL_FAMILIES):
        labels.setdefault((case.text.lower(), case.pending), set()).add(case.intent)

    assert {key: found for key, found in labels.items() if len(found) > 1} == {}


def test_family_names_are_unique_and_a_repeat_is_refused() -> None:
    names = Counter(f.name for f in ALL_FAMILIES)
    assert [n for n, k in names.items() if k > 1] == []

    with pytest.raises(ValueError, match="two families are named 'twice'"):
        list(generate([Family("twice", "question", ("hi",)), Family("twice", "other", ("yo",))]))


def test_an_unknown_slot_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match=r"unknown slot \{coarse\}"):
        compose(Family("bad", "question", ("how much is {coarse}?",)))


@pytest.mark.parametrize("seed", range(20))
def test_a_misspelling_is_one_slip_of_the_word(seed: int) -> None:
    word = "transfer"  # no doubled letter: a swap of "ll" would give the word back
    slipped = misspell(word, random.Random(seed))

    assert slipped != word and slipped[0] == word[0]
    assert abs(len(slipped) - len(word)) <= 1
    assert sorted(slipped) == sorted(word) or len(slipped) != len(word)


def test_eval_router_meets_every_goal_on_every_part_but_the_unseen_round(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The latest held-out round (`HELD_OUT`) is measured once, not tuned: its figure is a finding,
    # kept in its docstring, and it joins the goals once it is seen.
    names = [name for name, _ in router_parts() if name != "generated held-out"]

    assert main(["eval", "router", *(arg for name in names for arg in ("--part", name))]) == 0

    out = capsys.readouterr().out
    for name in names:
        assert f"router: offline reader on the {name} part" in out
    assert out.endswith("goal: no question or guard message read as an action or a program: met\n")
    assert "family " in out and "q_hypothetical " in out


def test_a_part_not_asked_for_is_not_made(monkeypatch: pytest.MonkeyPatch) -> None:
    # `eval router --part X` composes only X: no held-out round's messages are made for a seen part.
    made: list[tuple[Family, ...]] = []
    monkeypatch.setattr("qa.router_parts.generated", lambda families: made.append(families) or [])

    assert [name for name, _ in router_parts(["written tuned"])] == ["written tuned"]
    assert made == []
    assert router_parts(["generated tuned"]) == []  # made, and left out: the stand-in made no message
    assert made == [TUNED + MORE_TUNED]


def test_the_evaluation_fails_on_a_deliberately_wrong_rule(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The rule that a sentence opening as a question or a supposition asks about what it names.
    monkeypatch.setattr(intents, "framed", lambda words, questioned: False)
    monkeypatch.setenv("SCHOOL_LEARNED_READER", "off")

    assert main(["eval", "router", "--part", "generated tuned"]) == 1

    out = capsys.readouterr().out
    assert "goal 0.99 NOT met" in out
    assert out.endswith("goal: no question or guard message read as an action or a program: NOT met\n")
    hypothetical = next(line for line in out.splitlines() if line.startswith("q_hypothetical "))
    assert float(hypothetical.split()[2]) < 0.9


def test_goals_met_reads_every_part() -> None:
    cases = generated((TUNED[0],))
    right = evaluate(cases, lambda text, pending: "question")
    wrong = evaluate(cases, lambda text, pending: "enroll")

    assert goals_met([("generated tuned", right)])
    assert not goals_met([("generated tuned", right), ("generated held-out", wrong)])
    assert router_corpus.NOISE_RATE < 0.5
