"""The deterministic router on a labelled set: typos, mixed phrasing, look-alike confirmations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from graphs.intents import INTENTS, classify
from graphs.nodes.program_queue import asks_for_the_program

CASES = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "intents.jsonl").read_text().splitlines()
    if line
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['intent']}:{c['text'][:30]}")
def test_labelled_message(case: dict[str, Any]) -> None:
    assert classify(case["text"], pending=case["pending"]) == case["intent"]


def test_the_set_covers_every_intent() -> None:
    assert {c["intent"] for c in CASES} == set(INTENTS)


@pytest.mark.parametrize("text", ["yes", "no", "ok go ahead", "never mind"])
def test_confirm_and_decline_need_a_pending_action(text: str) -> None:
    assert classify(text, pending=False) not in ("confirm", "decline")


PRESENTED: Any = {"program": {"items": [{"cohort_id": "python-basics-1"}]}}
"""A thread whose planner has presented a program."""


@pytest.mark.parametrize(
    ("text", "intent", "queues_the_program"),
    [
        ("enroll me in the program", "enroll", True),
        ("Sign me up for the plan", "enroll", True),
        ("book the path you suggested", "enroll", True),
        ("I'd like to enrol in all of them", "enroll", True),
        ("Book all of them: the three courses you planned", "enroll", True),
        ("register me for these courses: three courses for data science", "enroll", True),
        ("enroll me in rag-1", "enroll", False),
        ("put together a program of three courses for data science", "program", False),
    ],
)
def test_the_router_and_the_program_queue_agree_on_the_program(
    text: str, intent: str, queues_the_program: bool
) -> None:
    """An enrollment in "the program" is not a new plan, and the queue reads it as that program."""
    assert classify(text, pending=False) == intent
    assert (intent == "enroll" and asks_for_the_program(text, PRESENTED)) is queues_the_program
