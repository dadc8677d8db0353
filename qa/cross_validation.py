"""Today's rules and the shipped combination, cross-validated over the seen rounds: the referee of a retirement.

A rule can be retired where the learned reader carries what it read. Whether it does is asked of
messages the reader was not fitted on: the seen rounds are cut into folds by round (`FOLDS`), each
fold is read by a reader fitted without it (`router_training.fit`, on everything else it is fitted
on), today's rules read the fold (`graphs.intents.read`), and the shipped `Combination` decides
(`graphs.routing.learned_reading`). The figures are how many messages end up read right and how
many questions or guard messages end up an action or a program, in all and per fold.

Unlike `qa.combination`, which judges a combination on the rules' first readings, this judges the
rules of this checkout; the rounds were tuned on, so it says what a change costs, not how good the
rules are. `school-agent eval cross-validated` prints it (about four minutes: one fit per fold).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import pairwise

from graphs.intents import Reading, read
from graphs.routing import Combination
from qa.combination import Score, rows, score
from qa.evaluation import EvalCase
from qa.router_families_heldout import ROUNDS
from qa.router_parts import generated
from qa.router_training import base_cases, fit

FOLDS = 6
"""How many folds the seen rounds are cut into, consecutive rounds together."""


@dataclass(frozen=True)
class Fold:
    """A fold's first and last round (1-based) and its figures."""

    first: int
    last: int
    score: Score


def fold_rounds(count: int, folds: int = FOLDS) -> list[range]:
    """The 0-based round indices of each fold: `count` rounds cut into `folds` runs of near-equal length."""
    bounds = [round(k * count / folds) for k in range(folds + 1)]
    return [range(a, b) for a, b in pairwise(bounds) if b > a]


def cross_validated(
    rounds: Sequence[Sequence[EvalCase]] | None = None,
    folds: int = FOLDS,
    base: Sequence[EvalCase] | None = None,
) -> list[Fold]:
    """Each fold's figures: read by today's rules and a reader fitted without the fold, combined as shipped."""
    seen = [generated(r) for r in ROUNDS] if rounds is None else [list(r) for r in rounds]
    base = base_cases() if base is None else list(base)
    parts = fold_rounds(len(seen), folds)
    held = [[c for k in part for c in seen[k]] for part in parts]
    # The rules read every fold while the readers are fitted: the two take about as long.
    with ProcessPoolExecutor(max(1, min(len(held), (os.cpu_count() or 2) - 1))) as pool:
        readings = pool.map(_rules_reading, held)
        readers = [
            fit([*base, *(c for k, r in enumerate(seen) if k not in part for c in r)])[0] for part in parts
        ]
        return [
            Fold(part[0] + 1, part[-1] + 1, score(rows(cases, firsts, reader), Combination()))
            for part, cases, firsts, reader in zip(parts, held, readings, readers, strict=True)
        ]


def _rules_reading(cases: Sequence[EvalCase]) -> list[Reading]:
    return [read(c.text, pending=c.pending) for c in cases]


def report(folds: Sequence[Fold]) -> str:
    """All folds together, then one line per fold: rounds, share read right, unsafe count."""
    right, total, unsafe = (sum(getattr(f.score, n) for f in folds) for n in ("right", "total", "unsafe"))
    lines = [f"cross-validated, {len(folds)} folds: {right / total:.4f} ({right}/{total}), unsafe {unsafe}"]
    lines += [
        f"  rounds {f.first:>2}-{f.last:<2} {f.score.right / f.score.total:.4f} "
        f"({f.score.right}/{f.score.total}), unsafe {f.score.unsafe}"
        for f in folds
    ]
    return "\n".join(lines) + "\n"
