"""The Makefile as a front door: `make help` lists every target with its one-line help, and the
help of a target that installs something says what it installs.

Only `make help` runs (no install, no database); the rest is read from the Makefile itself.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAKEFILE = ROOT / "Makefile"

_RULE = re.compile(r"^(?P<name>[a-z][a-z-]*):(?P<deps>[^#=]*?)(?:## (?P<help>.*))?$")
_APT = re.compile(r"apt-get install(?P<args>[^)&|;]*)")
_EXTRA = re.compile(r'pip install[^\n]*"\.\[(?P<extras>[a-z,-]+)\]"')


@dataclass(frozen=True)
class Target:
    """A rule of the Makefile: its prerequisites, its `## ` help and its recipe."""

    name: str
    deps: tuple[str, ...]
    help: str | None
    recipe: str


def read_targets(text: str) -> dict[str, Target]:
    """The named rules of a Makefile (not `.PHONY`, not the venv stamp), in order."""
    targets: dict[str, Target] = {}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        rule = _RULE.match(line)
        if not rule:
            continue
        recipe = []
        for body in lines[i + 1 :]:
            if not body.startswith("\t"):
                break
            recipe.append(body.strip())
        targets[rule["name"]] = Target(
            name=rule["name"],
            deps=tuple(rule["deps"].split()),
            help=rule["help"],
            recipe="\n".join(recipe),
        )
    return targets


def installs(target: Target, targets: dict[str, Target]) -> set[str]:
    """What running `target` installs besides .venv: Debian packages, npm packages, pip extras'
    packages; its prerequisites' included (the venv itself is the Makefile's first line's promise)."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    found: set[str] = set()
    for apt in _APT.finditer(target.recipe):
        found |= {word for word in apt["args"].split() if not word.startswith("-")}
    if "npm ci" in target.recipe or "npm install" in target.recipe:
        found.add("npm")
    for extra in _EXTRA.finditer(target.recipe):
        for name in extra["extras"].split(","):
            if name != "dev":
                found |= {re.split(r"[<>=\[ ]", spec, maxsplit=1)[0] for spec in extras[name]}
    for dep in target.deps:
        if dep in targets:
            found |= installs(targets[dep], targets)
    return found


def make_help() -> dict[str, str]:
    """`make help`'s lines, as target -> help."""
    if shutil.which("make") is None:
        pytest.fail("make is not installed: the README's two commands need it")
    done = subprocess.run(
        ["make", "--no-print-directory", "help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    listed: dict[str, str] = {}
    for line in done.stdout.splitlines():
        found = re.match(r"^  make (\S+)\s+(.+)$", line)
        assert found, f"`make help` printed a line that is not `make TARGET  help`: {line!r}"
        assert found[1] not in listed, f"`make help` lists {found[1]} twice"
        listed[found[1]] = found[2].strip()
    return listed


@pytest.fixture(scope="module")
def targets() -> dict[str, Target]:
    return read_targets(MAKEFILE.read_text())


def test_every_target_has_a_one_line_help(targets: dict[str, Target]) -> None:
    unhelped = [t.name for t in targets.values() if not (t.help and t.help.strip())]
    assert unhelped == [], f"targets without a `## ` help: {unhelped}"


def test_make_help_lists_each_target_with_its_help(targets: dict[str, Target]) -> None:
    assert make_help() == {t.name: (t.help or "").strip() for t in targets.values()}


def test_the_help_of_a_target_that_installs_says_what(targets: dict[str, Target]) -> None:
    listed = make_help()
    unsaid = {
        name: sorted(
            thing for thing in installs(target, targets) if thing.lower() not in listed[name].lower()
        )
        for name, target in targets.items()
    }
    assert {name: things for name, things in unsaid.items() if things} == {}


def test_make_test_installs_chromium_pgbouncer_and_the_npm_packages(targets: dict[str, Target]) -> None:
    assert {"chromium", "pgbouncer", "npm"} <= installs(targets["test"], targets)
    # Debian puts pgbouncer in /usr/sbin, off a plain user's PATH: the check must look there too.
    assert "/usr/sbin/pgbouncer" in targets["pgbouncer"].recipe


def test_ci_relies_on_make_test_to_install(targets: dict[str, Target]) -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    commands = [line for line in ci.splitlines() if line and not line.startswith("#")]
    assert "make test" in commands
    assert not [line for line in commands if "apt-get" in line or "npm " in line or "pip " in line]


def test_the_reader_finds_what_a_recipe_installs() -> None:
    text = (
        "a: b ## Installs nothing it names\n\tnpm ci\n"
        "b: ## Installs Debian's foo\n\tcommand -v foo || (apt-get update && apt-get install -y --no-install-recommends foo)\n"
        "c: ## Something\n\techo c\n"
    )
    read = read_targets(text)
    assert [t.name for t in read.values()] == ["a", "b", "c"]
    assert installs(read["a"], read) == {"npm", "foo"}
    assert installs(read["c"], read) == set()
