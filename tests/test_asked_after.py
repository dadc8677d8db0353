"""`asked_after`: the question a student asks after a yes or no to what waits, cut where the rules cut."""

from __future__ import annotations

import pytest

from graphs.intents import asked_after, read


@pytest.mark.parametrize(
    ("text", "intent", "asked"),
    [
        ("no, hold off. is there a cohort after rag-2?", "decline", "is there a cohort after rag-2?"),
        ("yes please. is there an invite?", "confirm", "is there an invite?"),
        ("not yet, is there a later one?", "decline", "is there a later one?"),
        (
            "no thanks. what else do you have?\nand the price?",
            "decline",
            "what else do you have? and the price?",
        ),
        ("yes", "confirm", None),
        ("no thanks", "decline", None),
        ("hmm no, actually yes, book it", "confirm", None),
    ],
)
def test_the_question_after_a_yes_or_no(text: str, intent: str, asked: str | None) -> None:
    assert read(text, pending=True).intent == intent
    assert asked_after(text) == asked


def test_a_question_with_no_answer_before_it_is_not_cut() -> None:
    # "yes, and is there ...?" asks; a bare yes there answers nothing, so nothing follows an answer.
    assert read("yes, and is there a discount for students?", pending=True).intent == "question"
    assert asked_after("yes, and is there a discount for students?") is None
