"""The catalog's vocabulary: what students call its courses, and the career paths through it.

The tables live in `paths.json`, next to `catalog.json`, and name catalog course ids:

- `aliases`: a common name of what a course teaches → its course id ("pandas" → "data-analysis").
- `careers`: goal keywords ("ml engineer", "mlops") → the steps of the path, each a label and the
  course ids it takes, in the order the courses build on each other. The first career with a
  keyword in a goal is that goal's path.
- `specialisations`: a course id that is one choice among several in a step → the words of a goal
  that choose it ("nlp" for "text").

Only data and its loader: the request parser in `graphs.planner.request` reads them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType


@dataclass(frozen=True)
class Step:
    """One step of a career path: a label for the planner's worker and the courses it takes."""

    label: str
    course_ids: tuple[str, ...]


@dataclass(frozen=True)
class Career:
    """A career path: the goal keywords that name it and its steps, in order."""

    keywords: tuple[str, ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Paths:
    """The tables of `paths.json` (see the module docstring)."""

    aliases: Mapping[str, str]
    careers: tuple[Career, ...]
    specialisations: Mapping[str, tuple[str, ...]]


@cache
def load_paths() -> Paths:
    """The tables shipped with the project, read once."""
    raw = json.loads(resources.files("agent.domain").joinpath("paths.json").read_text())
    careers = tuple(
        Career(
            keywords=tuple(career["keywords"]),
            steps=tuple(Step(step["label"], tuple(step["courses"])) for step in career["steps"]),
        )
        for career in raw["careers"]
    )
    return Paths(
        aliases=MappingProxyType(dict(raw["aliases"])),
        careers=careers,
        specialisations=MappingProxyType({k: tuple(v) for k, v in raw["specialisations"].items()}),
    )
