"""What the LangGraph API's routes use: the database resources, the compiled graph, the key table."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from agent.infra.persistence import Resources
from agent.interfaces.server.auth import Principal


@dataclass
class Backend:
    """The routes' shared state; one per application."""

    resources: Resources
    graph: Any
    keys: dict[str, Principal]
    started_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    """When the default assistant was registered (the server's start), as the platform dates it."""
