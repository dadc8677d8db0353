"""The learned reader's fast dot products give, to the last bit, what the plain loop over its table gives.

`Reader.probabilities` takes each intent's weights at the message's columns in C (itemgetter, map);
the plain reading below is the formula written out. Both must agree exactly on the tuned messages
(with and without an action waiting), on a message of one known column and on one of none.
"""

from __future__ import annotations

import math
from collections import Counter

from graphs.intents.learned import Reader, features, shipped
from qa.router_training import training_cases


def _plain(reader: Reader, text: str, pending: bool) -> dict[str, float]:
    counts = Counter(reader.columns[f] for f in features(text, pending) if f in reader.columns)
    vector = {col: (1.0 + math.log(n)) * reader.idf[col] for col, n in counts.items()}
    norm = math.sqrt(sum(v * v for v in vector.values())) or 1.0
    scores = [
        b + sum(row[col] * v for col, v in vector.items()) / norm
        for row, b in zip(reader.weights, reader.intercepts, strict=True)
    ]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return {intent: e / total for intent, e in zip(reader.intents, exps, strict=True)}


def test_the_reading_equals_the_plain_formula_exactly() -> None:
    reader = shipped()
    texts = [*[case.text for case in training_cases()][::7], "", "?", "qqqq zzzz", "yes"]
    one_column = Reader({"p:none": 0}, [1.5], ["a", "b"], [[0.25], [-0.5]], [0.1, 0.2], "digest")
    for text in texts:
        for pending in (False, True):
            assert list(reader.probabilities(text, pending).items()) == list(
                _plain(reader, text, pending).items()
            )
    assert list(one_column.probabilities("x", False).items()) == list(_plain(one_column, "x", False).items())
    assert list(one_column.probabilities("x", True).items()) == list(_plain(one_column, "x", True).items())
