"""Multi-turn scenarios: what the assistant must end with, and the report of a run over them.

A scenario is a conversation (students' messages and operators' decisions) on a fresh copy of the
seeded school, with the domain rows set up before it, and what it must end with: every enrollment
(student, cohort, status), the approvals asked on the way (action, and whose decision was awaited),
the actions carried out, in order, and text the last reply holds. The shipped set is
`qa/data/scenarios.json`; `qa.scenario_runner` plays it. This module is pure: loading,
checking, reporting.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

SHIPPED_SET = Path(__file__).with_name("data") / "scenarios.json"
"""The shipped scenarios (`qa/data`, in the checkout)."""

SETUP_ACTIONS = ("enroll", "pay", "join_waitlist", "cancel")
DECISIONS = ("approve", "reject")


class ScenarioSetError(ValueError):
    """A scenario file that cannot be used; the message names the scenario and the field."""


@dataclass(frozen=True)
class Expect:
    """What a scenario must end with."""

    enrollments: list[tuple[str, str, str]]
    """Every enrollment in the school, as (student, cohort, status), in any order."""
    asked: list[tuple[str, str]]
    """Each approval asked, in order, as (action, approver): a new request or a new approver."""
    done: list[str]
    """The actions carried out, in order (the journal's `tool_completed` events)."""
    reply: str
    """Text the last reply of the conversation contains ('' checks nothing)."""


@dataclass(frozen=True)
class Scenario:
    """One conversation and what it must end with."""

    name: str
    kind: str
    setup: list[tuple[str, str, str]]
    """Domain operations before the conversation, as (action, student, cohort)."""
    turns: list[tuple[str, str]]
    """(student id, message) or ('operator', 'approve' | 'reject' | 'edit:<cohort>')."""
    expect: Expect
    days_later: int = 0
    """How many days after the setup the conversation happens (a cohort may have started)."""


@dataclass
class Outcome:
    """What a scenario ended with, as `Expect` sees it, and what it cost."""

    enrollments: list[tuple[str, str, str]]
    asked: list[tuple[str, str]]
    done: list[str]
    reply: str
    tokens: int = 0
    cost_usd: float = 0.0
    turn_seconds: list[float] = field(default_factory=list)


def load(path: Path | None = None) -> tuple[date, list[Scenario]]:
    """The scenarios of `path` (default: the shipped set) and the day they are set on."""
    raw = json.loads((path or SHIPPED_SET).read_text())
    try:
        today = date.fromisoformat(raw["today"])
        scenarios = [_scenario(item) for item in raw["scenarios"]]
    except (KeyError, TypeError, ValueError) as err:
        raise ScenarioSetError(f"{path or SHIPPED_SET}: {err}") from None
    names = [s.name for s in scenarios]
    if len(set(names)) != len(names):
        raise ScenarioSetError("scenario names must be unique")
    return today, scenarios


def _scenario(item: dict[str, Any]) -> Scenario:
    name = str(item["name"])
    expect = item["expect"]
    setup = [(str(a), str(s), str(c)) for a, s, c in item.get("setup", [])]
    for action, _, _ in setup:
        if action not in SETUP_ACTIONS:
            raise ValueError(
                f"{name}: setup action must be one of {', '.join(SETUP_ACTIONS)}, got {action!r}"
            )
    turns = [(str(who), str(text)) for who, text in item["turns"]]
    for who, text in turns:
        if who == "operator" and text not in DECISIONS and not text.startswith("edit:"):
            raise ValueError(f"{name}: an operator's turn is approve, reject or edit:<cohort>, got {text!r}")
    return Scenario(
        name=name,
        kind=str(item["kind"]),
        setup=setup,
        turns=turns,
        expect=Expect(
            enrollments=sorted((str(s), str(c), str(st)) for s, c, st in expect["enrollments"]),
            asked=[(str(a), str(who)) for a, who in expect["asked"]],
            done=[str(a) for a in expect["done"]],
            reply=str(expect.get("reply", "")),
        ),
        days_later=int(item.get("days_later", 0)),
    )


def on_day(today: date, scenario: Scenario) -> date:
    """The day the scenario's conversation happens."""
    return today + timedelta(days=scenario.days_later)


def failures(expect: Expect, got: Outcome) -> list[str]:
    """How `got` differs from `expect`, one line each; empty when the scenario passed."""
    found = []
    if sorted(got.enrollments) != expect.enrollments:
        found.append(f"enrollments: expected {expect.enrollments}, got {sorted(got.enrollments)}")
    if got.asked != expect.asked:
        found.append(f"approvals asked: expected {expect.asked}, got {got.asked}")
    if got.done != expect.done:
        found.append(f"actions carried out: expected {expect.done}, got {got.done}")
    if expect.reply not in got.reply:
        found.append(f"last reply: expected it to contain {expect.reply!r}, got {got.reply!r}")
    return found


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def format_report(results: list[tuple[Scenario, Outcome | str]], *, title: str) -> str:
    """The report: pass rate, each failure with its reasons, tokens, cost and latency."""
    lines = [title, ""]
    passed = 0
    seconds: list[float] = []
    tokens, cost = 0, 0.0
    for scenario, got in results:
        if isinstance(got, str):
            lines.append(f"FAIL {scenario.name} ({scenario.kind}): {got}")
            continue
        seconds += got.turn_seconds
        tokens += got.tokens
        cost += got.cost_usd
        problems = failures(scenario.expect, got)
        if problems:
            lines.append(f"FAIL {scenario.name} ({scenario.kind})")
            lines += [f"     {p}" for p in problems]
        else:
            passed += 1
    total = len(results)
    rate = passed / total if total else 0.0
    lines += [
        "" if passed < total else "every scenario passed",
        f"pass rate: {passed}/{total} = {rate:.2f}",
        f"turns: {len(seconds)}, p50 {_percentile(seconds, 0.5) * 1000:.0f} ms, "
        f"p95 {_percentile(seconds, 0.95) * 1000:.0f} ms",
        f"model tokens: {tokens}, cost: ${cost:.4f}",
    ]
    return "\n".join(line for line in lines if line is not None)
