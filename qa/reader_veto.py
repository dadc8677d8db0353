"""How far the learned reader's veto should reach, measured without the round it is scored on.

For each seen round in turn, the reader is fitted on everything it is fitted on but that round
(`router_training`), and the round's messages are read by the rules and by that reader; each
candidate `mass` (`graphs.routing.learned_reading`) is scored on them: how many messages end up
read right, and how many questions or guard messages end up an action or a program. The rules were
tuned on these rounds, so what this shows is the veto's cost (actions it takes away); its gain
shows only on a round nobody tuned on, which `latest` scores with the shipped reader.

Beside the veto, `FLOORS` are scored: where the rules read a message by default (`Reading.default`,
no rule recognised it), the reader's top reading, an action included, at that probability or above,
for plain messages only or for asking ones too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from graphs.intents import INTENT_OF_ACTION, Default, Intent, read
from graphs.intents.learned import Reader, shipped
from graphs.routing import EVAL_PENDING, SAFE_MASS, UNSAFE_READINGS, learned_reading
from qa.evaluation import SAFE_INTENTS, EvalCase, load_cases
from qa.router_families import MORE_TUNED, TUNED
from qa.router_families_heldout import HELD_OUT, ROUNDS
from qa.router_parts import generated
from qa.router_training import fit

MASSES = (0.8, 0.6, 0.5, 0.4, 0.3)
"""The candidate vetoes: the safe probability at or above which an action or a program is dropped."""
FLOORS = (0.95, 0.9, 0.8, 0.7)
"""The candidate floors, with the veto at `SAFE_MASS`: the reader's top probability at or above which
its reading replaces the rules' reading by default."""
PENDING_INTENT: Intent = INTENT_OF_ACTION.get(EVAL_PENDING["name"], "enroll")


@dataclass(frozen=True)
class Read:
    """One labelled message as the rules and a reader read it."""

    case: EvalCase
    rules: Intent
    by_guard: bool
    """Whether a guard rule decided the rules' reading (then the reader is not asked)."""
    chances: dict[str, float]
    default: Default | None = None
    """How the rules read it by default, if they did (`Reading.default`)."""


@dataclass(frozen=True)
class Score:
    """A candidate veto's figures on some messages."""

    right: int
    unsafe: int
    total: int


def reads(cases: Sequence[EvalCase], reader: Reader) -> list[Read]:
    """The cases as the rules read them, with the reader's probabilities."""
    out = []
    for case in cases:
        reading = read(case.text, pending=case.pending, pending_intent=PENDING_INTENT)
        chances = reader.probabilities(case.text, case.pending)
        out.append(Read(case, reading.intent, reading.guard is not None, chances, reading.default))
    return out


def score(rows: Sequence[Read], mass: float, floor: float | None = None, *, asking: bool = False) -> Score:
    """How the combination with veto `mass` reads `rows`.

    The reader's reading replaces one by default at `floor` (None: never), for asking ones too
    where `asking`.
    """
    right = unsafe = 0
    for row in rows:
        learned = None
        if not row.by_guard:
            learned = learned_reading(
                row.rules, row.chances, default=row.default, mass=mass, floor=floor, asking=asking
            )
        got = learned or row.rules
        right += got == row.case.intent
        unsafe += row.case.intent in SAFE_INTENTS and got in UNSAFE_READINGS
    return Score(right, unsafe, len(rows))


def leave_one_round_out() -> list[list[Read]]:
    """Each seen round, read by a reader fitted without it."""
    base = [*load_cases(), *generated(TUNED + MORE_TUNED)]
    folds = []
    for k, left_out in enumerate(ROUNDS):
        others = tuple(family for j, round_ in enumerate(ROUNDS) if j != k for family in round_)
        reader, _ = fit(base + generated(others))
        folds.append(reads(generated(left_out), reader))
    return folds


def latest() -> list[Read]:
    """The latest round (`HELD_OUT`), read by the shipped reader; empty between rounds."""
    return reads(generated(HELD_OUT), shipped())


@dataclass(frozen=True)
class Candidate:
    """One way to combine the readers: a veto `mass`, and a `floor` for readings by default (None: none)."""

    mass: float
    floor: float | None = None
    asking: bool = False

    @property
    def label(self) -> str:
        """How the report names it: the mass, then the floor and which readings by default."""
        if self.floor is None:
            return f"{self.mass:.2f}"
        return f"{self.mass:.2f} {self.floor:.2f} {'all' if self.asking else 'plain'}"


CANDIDATES = (
    *(Candidate(mass) for mass in MASSES),
    *(Candidate(SAFE_MASS, floor, asking=asking) for floor in FLOORS for asking in (False, True)),
)
"""The vetoes alone, then each floor with the shipped veto, for plain readings by default or all."""


def report(folds: Sequence[Sequence[Read]], held_out: Sequence[Read]) -> str:
    """One line per candidate: its figures left-one-round-out (summed), and on the latest round."""
    lines = ["mass floor default  seen rounds, each left out of the fit    latest round (shipped reader)"]
    for candidate in CANDIDATES:
        scores = [_score(fold, candidate) for fold in folds]
        right, total = sum(s.right for s in scores), sum(s.total for s in scores)
        unsafe = sum(s.unsafe for s in scores)
        line = f"{candidate.label:<19}{right / total:.3f} read right ({right}/{total}), unsafe {unsafe:<4}"
        if held_out:
            h = _score(held_out, candidate)
            line += f"  {h.right / h.total:.3f} read right ({h.right}/{h.total}), unsafe {h.unsafe}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _score(rows: Sequence[Read], candidate: Candidate) -> Score:
    return score(rows, candidate.mass, candidate.floor, asking=candidate.asking)
