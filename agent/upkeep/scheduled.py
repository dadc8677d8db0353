"""Scheduled upkeep: the nightly prune and the periodic doctor, each written to the journal and the log.

The task engine calls these on a schedule, from any number of workers; each takes `now` from its
caller and reads no clock of its own. They wrap the existing tools, unchanged: `prune` is
`agent.infra.retention.prune` with a retention policy (`Retention`: by default what the deployment guide
recommends, the last 20 checkpoints of a thread and any of the last 30 days), and `doctor` is
`agent.upkeep.doctor.diagnose`, with the ages the CLI's `doctor` uses by default. Two workers
pruning at once is safe (each thread is pruned in one transaction, retried when another changed
it); each run is journaled as it happened.

Work that belongs to no conversation is journaled on `SYSTEM_THREAD`, an id no client can open as
a thread (`agent.runtime.threads.config_for` refuses ids that do not start with a letter or a
digit), so that no student can read it as their own.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from agent.infra.persistence import Resources
from agent.infra.retention import PruneReport, format_report, prune
from agent.journal.events import record_event
from agent.runtime.runs import Pregel
from agent.upkeep import doctor

log = logging.getLogger(__name__)

SYSTEM_THREAD: Final = "_system"
"""The journal's thread for events that belong to no conversation."""


@dataclass(frozen=True)
class Retention:
    """What the nightly prune keeps of each thread (`agent.infra.retention.prune`'s two rules)."""

    keep_last: int | None = 20
    """The last N checkpoints of each thread."""
    older_than: timedelta | None = timedelta(days=30)
    """Checkpoints younger than this (with both rules, a checkpoint stays when either keeps it)."""


@dataclass(frozen=True)
class DoctorAges:
    """The ages the doctor warns at (the CLI's defaults)."""

    stale_approval_after: timedelta = timedelta(hours=24)
    stuck_after: timedelta = timedelta(minutes=15)


def prune_checkpoints(
    resources: Resources, *, now: datetime, retention: Retention | None = None
) -> PruneReport:
    """Delete old checkpoints by `retention` (default `Retention()`), journal and log what was freed.

    Journaled on `SYSTEM_THREAD` as `checkpoints_pruned`: the policy and the report
    (`PruneReport.as_dict`).
    """
    retention = retention or Retention()
    report = prune(
        resources.pool,
        older_than=retention.older_than,
        keep_last=retention.keep_last,
        dry_run=False,
        now=now,
    )
    policy = {"keep_last": retention.keep_last, "older_than_s": _seconds(retention.older_than)}
    record_event(
        resources.pool,
        SYSTEM_THREAD,
        "checkpoints_pruned",
        {"at": now, "policy": policy, "report": report.as_dict()},
    )
    log.info("scheduled prune: %s", format_report(report).replace("\n", " "))
    return report


def run_doctor(
    resources: Resources, graph: Pregel, *, now: datetime, ages: DoctorAges | None = None
) -> list[doctor.Check]:
    """Run the doctor's checks on `resources` at `now`; journal the findings and log what is wrong.

    Journaled on `SYSTEM_THREAD` as `doctor_checked`: each check's name, status and detail, and the
    worst status. A warning is logged as a warning, a failure as an error, the rest at info.
    """
    ages = ages or DoctorAges()
    checks = doctor.diagnose(
        resources,
        resources.settings,
        stale_approval_after=ages.stale_approval_after,
        stuck_after=ages.stuck_after,
        now=now,
        graph=graph,
    )
    findings = [{"name": c.name, "status": c.status, "detail": c.detail} for c in checks]
    worst = next((s for s in ("fail", "warn") if any(c.status == s for c in checks)), "ok")
    record_event(
        resources.pool, SYSTEM_THREAD, "doctor_checked", {"at": now, "worst": worst, "checks": findings}
    )
    for check in checks:
        level = {"fail": logging.ERROR, "warn": logging.WARNING}.get(check.status, logging.INFO)
        log.log(level, "scheduled doctor: %s %s: %s", check.status, check.name, check.detail)
    return checks


def _seconds(age: timedelta | None) -> float | None:
    return None if age is None else age.total_seconds()
