"""The school's scheduled work, as periodic tasks of the engine (filled in by the scheduled-work change)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import procrastinate

if TYPE_CHECKING:
    from agent.interfaces.worker.tasks import Host


def install(app: procrastinate.App, host: Host) -> None:
    """Define the scheduled tasks on `app`."""
