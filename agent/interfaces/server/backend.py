"""What every route of the server shares: the database resources, the graph, the keys, the run wake-ups.

One `Backend` per application, made by `serve` (or a test) and handed to `app.create_app`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from agent.infra.persistence import Resources
from agent.interfaces.server.auth import Principal
from agent.journal.feeds import Wakeups
from agent.runtime.runs import Pregel


@dataclass
class Backend:
    """The routes' shared state."""

    resources: Resources
    graph: Pregel
    keys: dict[str, Principal]
    wakeups: Wakeups | None = None
    """This process's listener for run events; made when None."""
    started_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    """When the default assistant was registered (the server's start), as the platform dates it."""

    def __post_init__(self) -> None:
        if self.wakeups is None:
            listen = self.resources.settings.db_pooling != "transaction"
            self.wakeups = Wakeups(self.resources.url, listen=listen)

    @property
    def wake(self) -> Wakeups:
        """The wake-up listener (made in `__post_init__`)."""
        assert self.wakeups is not None
        return self.wakeups

    @property
    def pool(self) -> Any:
        """The database pool."""
        return self.resources.pool
