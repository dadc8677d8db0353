"""The crash sweep's CI subset: SIGKILL at the boundaries around every side effect, a fresh process
resumes, and the result equals the uncrashed run (`school-agent crash-sweep` runs the full table)."""

from __future__ import annotations

from agent.config.settings import Settings
from agent.ops.crash_sweep import QUICK, SCENARIOS, Cell, compare, sweep, table


def test_the_ci_subset_is_green(server_url: str) -> None:
    cells = sweep(Settings(database_url=server_url), quick=True)
    report = table(cells)
    print(report)
    assert [(c.scenario, c.point) for c in cells] == [
        (s, p) for s in SCENARIOS if s in QUICK for p in QUICK[s]
    ]
    assert [c for c in cells if not c.ok] == [], report


def test_a_difference_is_reported_and_fails_the_cell() -> None:
    expected = {"enrollments": [("ada", "rag-2", "PENDING_PAYMENT")], "payments": []}
    doubled = {"enrollments": [("ada", "rag-2", "PENDING_PAYMENT")] * 2, "payments": []}
    problems = compare(expected, doubled)
    assert problems == [
        "enrollments differ: expected [('ada', 'rag-2', 'PENDING_PAYMENT')], got "
        "[('ada', 'rag-2', 'PENDING_PAYMENT'), ('ada', 'rag-2', 'PENDING_PAYMENT')]"
    ]
    cells = [Cell("enroll", "after:execute", True, problems), Cell("enroll", "before:execute", False, [])]
    assert table(cells).splitlines()[1:4] == [
        "after:execute   FAIL         ",
        "before:execute  not reached  ",
        "",
    ]
