"""Fits the learned reader (`graphs.intents.learned`) on the tuned labelled messages.

The training data is what the rules were tuned on, never the latest held-out round: both written
sets, the generated tuned families and the held-out rounds already seen. scikit-learn does the fitting (TF-IDF with sublinear counts, then a
multinomial logistic regression); the result is written as a table the graph reads without it.
scikit-learn is a development dependency (`.[dev]`): fitting is a build step, reading is not.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from graphs.intents.learned import Reader, features
from qa.evaluation import HELDOUT_SET, EvalCase, load_cases
from qa.router_families import MORE_TUNED, TUNED
from qa.router_families_heldout import SEEN
from qa.router_parts import generated

MIN_DF = 10
"""A feature seen in fewer messages than this is left out (keeps the table small; 4 until the table
reached the 700,000-byte cap with rounds 31 and 32 seen, 5 until rounds 33 and 34, 6 until rounds 43
and 44, which took it to 709,882 bytes, 7 until rounds 49 and 50, which took it to 701,676, 8 until rounds
55 to 58, which took it to 733,106, 9 until rounds 59 and 60, which took it to 701,221; since rounds 65
and 66, `DECIMALS` keeps it under the cap instead)."""
WRITTEN_WEIGHT = 7
"""How many times the two hand-written sets count: the school's own plain messages, outnumbered some
fifty to one by the generated rounds' voices, would otherwise read less surely than a round's
("please cancel, I don't have time" and "book the February one of the python course" were dropped
for a safe reading once rounds 33 and 34 were seen; 3 until rounds 35 to 38, which dropped the
February one again; 5 until rounds 39 to 42, which dropped "Can I switch to python-basics-2?", the
transfer scenario's first turn, at a safe mass of 0.32)."""
C = 30.0
"""Inverse regularisation strength of the logistic regression (chosen with `graphs.routing.SAFE_MASS`
on eighteen rounds' first readings: with 10 or 3 the combination reads fewer of them right)."""
DECIMALS = 3
"""Weights are kept to this many decimals in the artifact (4 until rounds 65 and 66 took it to 706,158
bytes: 3 makes it 565,204, where a minimum count of 11 instead dropped 1,715 features and read rounds
25 and 64 below 0.99)."""


def training_cases() -> list[EvalCase]:
    """The messages the reader is fitted on: `base_cases` and the seen rounds."""
    return [*base_cases(), *generated(SEEN)]


def base_cases() -> list[EvalCase]:
    """The messages it is fitted on besides the rounds: both written sets, each `WRITTEN_WEIGHT` times, and the tuned families."""
    return [*[*load_cases(), *load_cases(HELDOUT_SET)] * WRITTEN_WEIGHT, *generated(TUNED + MORE_TUNED)]


def digest(cases: Sequence[EvalCase]) -> str:
    """The SHA-256 of the labelled messages' features and labels, in order.

    The artifact records what it was fitted on: a change to the messages, or to how they are read
    (a lexicon's words, the speller), changes the digest, and the reader must be fitted again.
    """
    rows = [[features(c.text, c.pending), c.intent] for c in cases]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


def fit(cases: Sequence[EvalCase]) -> tuple[Reader, Any]:
    """The fitted reader, and scikit-learn's pipeline (for a test to compare the two readings)."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    vectorizer = TfidfVectorizer(analyzer=_as_is, sublinear_tf=True, min_df=MIN_DF, lowercase=False)
    model = LogisticRegression(C=C, max_iter=2000)
    pipeline = make_pipeline(vectorizer, model)
    pipeline.fit([features(c.text, c.pending) for c in cases], [c.intent for c in cases])
    columns = {str(f): int(i) for f, i in sorted(vectorizer.vocabulary_.items(), key=lambda kv: kv[1])}
    reader = Reader(
        columns=columns,
        idf=[round(float(v), DECIMALS) for v in vectorizer.idf_],
        intents=[str(c) for c in model.classes_],
        weights=[[round(float(w), DECIMALS) for w in row] for row in model.coef_],
        intercepts=[round(float(b), DECIMALS) for b in model.intercept_],
        data_digest=digest(cases),
    )
    return reader, pipeline


def _as_is(document: list[str]) -> list[str]:
    """The analyzer: the features are made by `graphs.intents.learned.features` already."""
    return document
