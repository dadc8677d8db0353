"""The learned reader: a TF-IDF logistic regression over words and letter n-grams, read in plain Python.

Fitted with scikit-learn on the tuned labelled messages (`qa.router_training`, `school-agent
eval fit-reader`) and shipped as `reader.json.gz` beside this module, with the digest of the data it
was fitted on. Reading a message needs no scikit-learn and no numpy: the features are this module's
(`features`, which the fit uses too), the weights a table. It never decides alone: `graphs.routing`
lets it turn the rules' reading into a safer one (no action, no planner) or a question, and the
guards stay rules.
"""

from __future__ import annotations

import gzip
import itertools
import json
import math
from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from operator import mul
from pathlib import Path
from typing import cast

from graphs.intents.text import as_said, words_of

ARTIFACT = Path(__file__).with_name("reader.json.gz")
"""The fitted reader shipped with the package."""
FORMAT = 3
"""The artifact's layout; a reader of another layout is refused. Since 2 the columns are a list, each
feature at its column's place (the same table without 27,000 written indices); since 3 the numbers are
integers in units of 1/SCALE and the weights are written feature by feature (one list of every
intent's weights per column): the same table, a tenth smaller once gzip'd."""
SCALE = 10_000
"""The artifact's numbers are integers in units of 1/SCALE: the fit keeps four decimals
(`qa.router_training.DECIMALS`), and k / SCALE is the float nearest k/10^4, as round(w, 4) is, so the
table read back is the table fitted."""
CHAR_NGRAMS = (3, 5)
"""Lengths of the letter n-grams taken inside each word (padded with spaces)."""


class ReaderArtifactError(ValueError):
    """The shipped reader cannot be used: missing, of another format, or inconsistent."""


def features(text: str, pending: bool) -> list[str]:
    """The features of a message: its words and word pairs, letter n-grams, whether an action waits.

    While one waits, its words count again as words read while waiting ("yes", "that one"). A word
    repeated in a row counts once. Words are the rules' words (`words_of`: lower case, chat spellings written out, slips of known
    words corrected), so both readers see the same message.
    """
    text = as_said(text)  # as the rules read it: a line quoted back ("> ...") or pasted is not the student's
    # A word said again and again in a row says it once: "very very very long", "pleaseeee please please".
    words = [word for word, _ in itertools.groupby(words_of(text))]
    out = [f"w:{w}" for w in words] + [f"b:{a} {b}" for a, b in itertools.pairwise(words)]
    for word in words:
        out += _letter_grams(word)
    if pending:  # "yes", "that one", "cancel" mean other things while something waits
        out += [f"pw:{w}" for w in words]
    out.append("p:pending" if pending else "p:none")
    if "?" in text:
        out.append("q:?")
    return out


@lru_cache(maxsize=8192)
def _letter_grams(word: str) -> tuple[str, ...]:
    """The letter n-gram features of one word, padded with spaces (a word's are the same in every message)."""
    low, high = CHAR_NGRAMS
    padded = f" {word} "
    return tuple(f"c:{padded[i : i + n]}" for n in range(low, high + 1) for i in range(len(padded) - n + 1))


@dataclass(frozen=True)
class Guess:
    """The learned reader's intent for a message, and its probability."""

    intent: str
    probability: float


@dataclass(frozen=True)
class Reader:
    """A fitted reader: the features' columns and idf weights, and one weight row per intent."""

    columns: dict[str, int]
    idf: list[float]
    intents: list[str]
    weights: list[list[float]]
    intercepts: list[float]
    data_digest: str
    """The SHA-256 of the labelled messages it was fitted on (`qa.router_training.digest`)."""

    def probabilities(self, text: str, pending: bool) -> dict[str, float]:
        """Each intent's probability for the message (a softmax over the intents' scores)."""
        found = Counter(map(self.columns.get, features(text, pending)))
        found.pop(None, None)  # features the fit never saw; the rest keep their first-seen order
        counts = cast("Counter[int]", found)
        # Each column's idf and weights sit together (`_by_column`), so the few columns a message has
        # are read from a few places in memory rather than one per intent. The arithmetic is the plain
        # one, term by term in the same order: tf-idf, its norm, each intent's dot product.
        picked = list(map(self._by_column.__getitem__, counts))
        idf, *rows = zip(*picked, strict=True) if picked else [(), *([()] * len(self.intents))]
        values = list(map(mul, map(_sublinear_tf, counts.values()), idf))
        norm = math.sqrt(sum(map(mul, values, values))) or 1.0
        scores = [b + sum(map(mul, row, values)) / norm for row, b in zip(rows, self.intercepts, strict=True)]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return {intent: e / total for intent, e in zip(self.intents, exps, strict=True)}

    @cached_property
    def _by_column(self) -> list[tuple[float, ...]]:
        """Each column's idf, then each intent's weight for it: the table read column by column."""
        return list(zip(self.idf, *self.weights, strict=True))

    def known_share(self, text: str) -> float:
        """The share of the message's words the reader has seen as words (1.0 for a message of none)."""
        words = words_of(as_said(text))
        return sum(f"w:{word}" in self.columns for word in words) / len(words) if words else 1.0

    def guess(self, text: str, pending: bool) -> Guess:
        """The most probable intent of the message, with its probability."""
        chances = self.probabilities(text, pending)
        best = max(self.intents, key=chances.__getitem__)
        return Guess(best, chances[best])

    def to_json(self) -> dict[str, object]:
        """The artifact's content."""
        return {
            "format": FORMAT,
            "data_digest": self.data_digest,
            "char_ngrams": list(CHAR_NGRAMS),
            "intents": self.intents,
            "columns": sorted(self.columns, key=self.columns.__getitem__),
            "idf": _scaled(self.idf),
            "weights": [list(by_feature) for by_feature in zip(*map(_scaled, self.weights), strict=True)],
            "intercepts": _scaled(self.intercepts),
        }


def _scaled(numbers: list[float]) -> list[int]:
    """The numbers as integers in units of 1/SCALE (the artifact's form)."""
    return [round(x * SCALE) for x in numbers]


def _unscaled(numbers: list[int]) -> list[float]:
    """The artifact's integers back as the fitted numbers."""
    return [k / SCALE for k in numbers]


@cache
def _sublinear_tf(count: int) -> float:
    """A feature's weight for appearing `count` times in a message (scikit-learn's `sublinear_tf`)."""
    return 1.0 + math.log(count)


def from_json(raw: dict[str, object]) -> Reader:
    """A reader from an artifact's content; raises `ReaderArtifactError` when it does not fit this code."""
    if raw.get("format") != FORMAT or raw.get("char_ngrams") != list(CHAR_NGRAMS):
        message = f"reader artifact of format {raw.get('format')!r}; this code reads format {FORMAT}"
        raise ReaderArtifactError(message)
    # Unscaled feature by feature, so that a column's numbers lie together in memory (`Reader._by_column`).
    by_feature = [_unscaled(weights) for weights in cast(list[list[int]], raw["weights"])]
    intents = [str(intent) for intent in cast(list[str], raw["intents"])]
    if any(len(row) != len(intents) for row in by_feature):
        message = "reader artifact is inconsistent: a feature's weights are not one for each intent"
        raise ReaderArtifactError(message)
    reader = Reader(
        columns={str(feature): i for i, feature in enumerate(cast(list[str], raw["columns"]))},
        idf=_unscaled(cast(list[int], raw["idf"])),
        intents=intents,
        weights=[list(row) for row in zip(*by_feature, strict=True)] or [[] for _ in intents],
        intercepts=_unscaled(cast(list[int], raw["intercepts"])),
        data_digest=str(raw["data_digest"]),
    )
    width = len(reader.idf)
    if len(reader.columns) != width or len(by_feature) != width:
        message = "reader artifact is inconsistent: columns, idf and weights differ in length"
        raise ReaderArtifactError(message)
    return reader


def save(reader: Reader, path: Path = ARTIFACT) -> None:
    """Write the reader as gzip'd JSON (byte for byte the same for the same reader)."""
    text = json.dumps(reader.to_json(), sort_keys=True, separators=(",", ":"))
    path.write_bytes(gzip.compress(text.encode(), mtime=0))


@cache
def shipped() -> Reader:
    """The reader shipped with the package, read once per process."""
    try:
        raw = json.loads(gzip.decompress(ARTIFACT.read_bytes()))
    except (OSError, ValueError) as exc:
        message = f"cannot read the learned reader at {ARTIFACT}: {exc}"
        raise ReaderArtifactError(message) from exc
    return from_json(raw)
