"""`school-agent eval scenarios`: the shipped conversations pass offline, and the checker can fail.

The shipped set is played through the runtime on real Postgres, each conversation on its own copy
of a seeded database. The checker is shown to fail on a scenario whose expectation is wrong, naming
what differed, and the command exits non-zero then.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from agent.config.settings import Settings
from graphs.state import Context
from qa import scenario_runner
from qa.scenarios import SHIPPED_SET, ScenarioSetError, format_report, load
from tests.support.school import run_cli

KINDS = {
    "question",
    "enroll",
    "edit",
    "waitlist",
    "payment",
    "cancellation",
    "transfer",
    "policy",
    "negation",
    "off-topic",
    "injection",
    "handoff",
    "confirm",
    "program",
}


def test_the_shipped_set_covers_every_kind_with_at_least_30_conversations() -> None:
    _, scenarios = load()
    assert len(scenarios) >= 30
    assert {s.kind for s in scenarios} == KINDS
    refunds = [s for s in scenarios if ("cancel", "operator") in s.expect.asked]
    assert refunds and all(("cancel", "student") in s.expect.asked for s in refunds)


@pytest.mark.postgres
def test_every_shipped_scenario_passes_offline(settings: Settings) -> None:
    today, scenarios = load()
    results = scenario_runner.play_all(
        replace(settings, database_url=settings.database_url), today, scenarios, Context()
    )
    failed = [s.name for s, got in results if not scenario_runner.passed(s, got)]
    assert failed == [], format_report(results, title="shipped scenarios")


def _write(tmp_path: Path, scenarios: list[dict[str, Any]]) -> Path:
    path = tmp_path / "scenarios.json"
    path.write_text(json.dumps({"today": "2026-12-01", "scenarios": scenarios}))
    return path


def _shipped(name: str) -> dict[str, Any]:
    return next(s for s in json.loads(SHIPPED_SET.read_text())["scenarios"] if s["name"] == name)


def test_the_command_prints_the_report_and_fails_on_a_wrong_expectation(
    settings: Settings, tmp_path: Path
) -> None:
    right = _shipped("cancel-refund-operator-approves")
    wrong = {**_shipped("enroll-yes"), "name": "enroll-yes-but-expects-rag-1"}
    wrong["expect"] = {**wrong["expect"], "enrollments": [["ada", "rag-1", "PENDING_PAYMENT"]], "done": []}
    result = run_cli(
        settings, "eval", "scenarios", "--set", str(_write(tmp_path, [right, wrong])), check=False
    )
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "scenarios: 2 conversations (router offline, answer offline)"
    assert lines[2:5] == [
        "FAIL enroll-yes-but-expects-rag-1 (enroll)",
        "     enrollments: expected [('ada', 'rag-1', 'PENDING_PAYMENT')], got [('ada', 'rag-2', 'PENDING_PAYMENT')]",
        "     actions carried out: expected [], got ['enroll']",
    ]
    assert "pass rate: 1/2 = 0.50" in lines
    assert lines[-1] == "model tokens: 0, cost: $0.0000"
    assert lines[-2].startswith("turns: 5, p50 ")


def test_only_picks_scenarios_and_an_unknown_name_is_refused(settings: Settings) -> None:
    result = run_cli(settings, "eval", "scenarios", "--only", "yes-with-nothing-pending")
    assert "every scenario passed" in result.stdout
    assert "pass rate: 1/1 = 1.00" in result.stdout
    refused = run_cli(settings, "eval", "scenarios", "--only", "no-such-scenario", check=False)
    assert refused.returncode == 2
    assert "no scenario named no-such-scenario" in refused.stderr


@pytest.mark.parametrize(
    ("scenario", "message"),
    [
        ({"name": "x", "kind": "k", "turns": [["ada", "hi"]]}, "'expect'"),
        (
            {"name": "x", "kind": "k", "setup": [["delete", "ada", "rag-2"]], "turns": [], "expect": {}},
            "x: setup action must be one of enroll, pay, join_waitlist, cancel, got 'delete'",
        ),
        (
            {"name": "x", "kind": "k", "turns": [["operator", "maybe"]], "expect": {}},
            "x: an operator's turn is approve, reject or edit:<cohort>, got 'maybe'",
        ),
    ],
)
def test_a_broken_scenario_file_is_refused_with_its_reason(
    tmp_path: Path, scenario: dict[str, Any], message: str
) -> None:
    with pytest.raises(ScenarioSetError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load(_write(tmp_path, [scenario]))
