"""The parts `school-agent eval router` scores: two written by hand, two generated from families.

The hand-written parts are the labelled files (`evaluation.PARTS`); the generated ones are composed
by `router_corpus` from the tuned families (`router_families`), the held-out rounds already seen,
and the latest held-out families (`router_families_heldout`, written after the freeze at `FROZEN_AT`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace
from functools import partial

from qa.evaluation import PARTS, EvalCase, load_cases
from qa.router_corpus import Family, generate
from qa.router_families import MORE_TUNED, TUNED
from qa.router_families_heldout import FROZEN_AT, HELD_OUT, ROUNDS

__all__ = ["FROZEN_AT", "generated", "router_parts"]


def generated(families: tuple[Family, ...]) -> list[EvalCase]:
    """The families' messages as labelled cases, each carrying its family's name."""
    return [replace(g.case, family=g.family) for g in generate(families)]


def router_parts(only: Collection[str] = ()) -> list[tuple[str, list[EvalCase]]]:
    """Every part by name, or only those named in `only`: the hand-written sets, then the generated ones.

    A part not asked for is not made: `eval router --part "generated tuned"` composes no round's
    messages, held-out ones included. A generated part with no families (no round held out) is left out.
    """
    makers: list[tuple[str, Callable[[], list[EvalCase]]]] = [
        *((name, partial(load_cases, path)) for name, path in PARTS),
        ("generated tuned", partial(generated, TUNED + MORE_TUNED)),
        *((f"generated round {n} (seen)", partial(generated, round_)) for n, round_ in enumerate(ROUNDS, 1)),
        ("generated held-out", partial(generated, HELD_OUT)),
    ]
    made = [(name, make()) for name, make in makers if not only or name in only]
    return [(name, cases) for name, cases in made if cases]
