"""The load and chaos run, short: students over HTTP while a worker, an API process and Postgres go down.

`bench.load.run` on a Postgres of its own with a kill every few seconds: one worker and one API
process are SIGKILLed and started again, and Postgres is restarted once, while six students ask,
enroll, pay and cancel and an operator approves. Every check must hold (no run lost, nothing
enrolled, charged or refunded twice, no cohort overbooked, the journal in line with the domain
and the checkpoints) and turns must have completed. The five-minute run is `make load`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.load.run import Options, report, run

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_a_short_run_with_chaos_loses_and_doubles_nothing(tmp_path: Path) -> None:
    options = Options(
        students=6,
        duration_s=24,
        chaos=True,
        chaos_every_s=7,
        stalled_after_s=4,
        out=tmp_path / "load",
        drain_timeout_s=60,
    )
    result = run(options)
    text = report(result)
    killed = sorted(e["detail"].split("-")[0] for e in result["events"] if e["what"] == "killed")
    assert {"api", "worker"} <= set(killed), text
    assert [e["what"] for e in result["events"]].count("postgres restarted") == 1, text
    assert [f["name"] for f in result["findings"] if not f["ok"]] == [], text
    assert result["turns"]["completed"] > 0, text
