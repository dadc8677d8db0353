"""The parts `school-agent eval router` scores: two written by hand, two generated from families.

The hand-written parts are the labelled files (`evaluation.PARTS`); the generated ones are composed
by `router_corpus` from the tuned families (`router_families`), the held-out round already seen,
and the latest held-out families (`router_families_heldout`, written after the freeze at `FROZEN_AT`).
"""

from __future__ import annotations

from dataclasses import replace

from qa.evaluation import PARTS, EvalCase, load_cases
from qa.router_corpus import Family, generate
from qa.router_families import MORE_TUNED, TUNED
from qa.router_families_heldout import (
    FROZEN_AT,
    HELD_OUT,
    ROUND_1,
    ROUND_2,
    ROUND_3,
    ROUND_4,
    ROUND_5,
    ROUND_6,
    ROUND_7,
)

__all__ = ["FROZEN_AT", "generated", "router_parts"]


def generated(families: tuple[Family, ...]) -> list[EvalCase]:
    """The families' messages as labelled cases, each carrying its family's name."""
    return [replace(g.case, family=g.family) for g in generate(families)]


def router_parts() -> list[tuple[str, list[EvalCase]]]:
    """Every part by name: the hand-written tuned and held-out sets, then the generated ones."""
    written = [(name, load_cases(path)) for name, path in PARTS]
    made = [
        ("generated tuned", generated(TUNED + MORE_TUNED)),
        ("generated round 1 (seen)", generated(ROUND_1)),
        ("generated round 2 (seen)", generated(ROUND_2)),
        ("generated round 3 (seen)", generated(ROUND_3)),
        ("generated round 4 (seen)", generated(ROUND_4)),
        ("generated round 5 (seen)", generated(ROUND_5)),
        ("generated round 6 (seen)", generated(ROUND_6)),
        ("generated round 7 (seen)", generated(ROUND_7)),
        ("generated held-out", generated(HELD_OUT)),
    ]
    return [*written, *((name, cases) for name, cases in made if cases)]
