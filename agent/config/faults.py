"""Fault injection for crash tests and the demo: off unless `SCHOOL_FAULT_POINT` names a point.

`point("execute.after_domain_write")` kills this process with SIGKILL when the variable names it,
the way a power cut or an OOM kill would: no cleanup, no checkpoint after the write. The points
inside side-effecting steps are `execute.after_domain_write`, `pay.after_provider_charge` (the
payment provider has charged, nothing is recorded yet) and `cancel.after_provider_refund` (the
provider has refunded, nothing is recorded yet). Every node has `before:<node>` and
`after:<node>`; the workers have `crons.before_commit` (a cron claimed, its run recorded, not
committed), `webhooks.after_run_end` (a run's end and its webhook rows committed, their jobs not
queued) and `webhooks.after_post` (a receiver answered 2xx, the delivery not yet marked).
"""

from __future__ import annotations

import os
import signal

from agent.config import env

ENV = "SCHOOL_FAULT_POINT"


def point(name: str) -> None:
    """Die here, for real, if the environment asks for it."""
    if env.verbatim(ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
