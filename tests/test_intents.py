"""The deterministic router on a labelled set: typos, mixed phrasing, look-alike confirmations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from graphs.intents import INTENTS, classify

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
