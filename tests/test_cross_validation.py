"""`school-agent eval cross-validated`: today's rules and the shipped combination, folds of rounds left out of the fit."""

from __future__ import annotations

from qa.combination import Score
from qa.cross_validation import Fold, cross_validated, fold_rounds, report
from qa.router_families_heldout import ROUNDS
from qa.router_parts import generated


def test_the_rounds_are_cut_into_consecutive_folds_of_near_equal_length() -> None:
    assert fold_rounds(42, 6) == [range(k, k + 7) for k in range(0, 42, 7)]
    assert fold_rounds(5, 2) == [range(0, 2), range(2, 5)]
    assert fold_rounds(2, 6) == [range(0, 1), range(1, 2)]


def test_the_report_gives_all_folds_then_each() -> None:
    folds = [Fold(1, 7, Score(right=9, unsafe=1, total=10)), Fold(8, 14, Score(right=10, unsafe=0, total=10))]

    assert report(folds).splitlines() == [
        "cross-validated, 2 folds: 0.9500 (19/20), unsafe 1",
        "  rounds  1-7  0.9000 (9/10), unsafe 1",
        "  rounds  8-14 1.0000 (10/10), unsafe 0",
    ]


def test_each_fold_is_read_whole_by_a_reader_fitted_without_it() -> None:
    rounds = [generated(r)[::6] for r in ROUNDS[:3]]  # every intent, a sixth of each round

    folds = cross_validated(rounds, folds=3, base=[])

    assert [(f.first, f.last, f.score.total) for f in folds] == [
        (k, k, len(rounds[k - 1])) for k in (1, 2, 3)
    ]
    assert all(0 < f.score.right <= f.score.total for f in folds)
