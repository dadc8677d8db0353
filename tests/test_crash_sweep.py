"""The crash sweep's CI subset: SIGKILL at the boundaries around every side effect, a fresh process
resumes, and the result equals the uncrashed run (`school-agent crash-sweep` runs the full table).
A transfer is swept at each of its own fault points."""

from __future__ import annotations

from agent.config.settings import Settings
from agent.domain import transfers
from qa.crash_sweep import DOMAIN_SCENARIOS, QUICK, SCENARIOS, Cell, compare, sweep, table


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


def test_a_transfer_cut_off_between_any_two_of_its_steps_ends_as_the_uncrashed_one(server_url: str) -> None:
    cells = sweep(Settings(database_url=server_url), only="transfer")
    report = table(cells)
    print(report)
    assert [(c.scenario, c.point) for c in cells] == [("transfer", p) for p in transfers.FAULT_POINTS]
    assert [c for c in cells if not c.ok] == [], report


def test_the_transfer_check_names_what_is_wrong() -> None:
    # A seat carried over twice: the new enrollment paid again instead of carrying the charge.
    state = {
        "enrollments": [
            ("ada", "rag-1", "TRANSFERRED", None),
            ("bob", "rag-1", "PENDING_PAYMENT", None),
            ("ada", "rag-2", "CANCELLED", "rag-1"),
        ],
        "seats": [("rag-1", 1)],
        "payments": [
            ("charge", 90000, "ada", "rag-1"),
            ("charge", 90000, "ada", "rag-2"),
            ("refund", 90000, "ada", "rag-2"),
        ],
        "provider": [("charge", 90000), ("refund", 90000)],
    }
    assert DOMAIN_SCENARIOS["transfer"].check(state) == [
        "payments: expected [('charge', 90000, 'ada', 'rag-1'), ('refund', 90000, 'ada', 'rag-2')], got "
        "[('charge', 90000, 'ada', 'rag-1'), ('charge', 90000, 'ada', 'rag-2'), ('refund', 90000, 'ada', 'rag-2')]"
    ]
