"""The parts `school-agent eval router` scores: two written by hand, two generated from families.

The hand-written parts are the labelled files (`evaluation.PARTS`); the generated ones are composed
by `router_corpus` from the tuned families (`router_families`), the held-out rounds already seen,
and the latest held-out families (`router_families_heldout`, written after the freeze at `FROZEN_AT`).
"""

from __future__ import annotations

from dataclasses import replace

from qa.evaluation import PARTS, EvalCase, load_cases
from qa.router_corpus import Family, generate
from qa.router_families import MORE_TUNED, TUNED
from qa.router_families_heldout import FROZEN_AT, HELD_OUT, ROUNDS

__all__ = ["FROZEN_AT", "generated", "router_parts"]


def generated(families: tuple[Family, ...]) -> list[EvalCase]:
    """The families' messages as labelled cases, each carrying its family's name."""
    return [replace(g.case, family=g.family) for g in generate(families)]


def router_parts() -> list[tuple[str, list[EvalCase]]]:
    """Every part by name: the hand-written tuned and held-out sets, then the generated ones."""
    written = [(name, load_cases(path)) for name, path in PARTS]
    made = [
        ("generated tuned", generated(TUNED + MORE_TUNED)),
        *((f"generated round {n} (seen)", generated(round_)) for n, round_ in enumerate(ROUNDS, 1)),
        ("generated held-out", generated(HELD_OUT)),
    ]
    return [*written, *((name, cases) for name, cases in made if cases)]
