"""What the planner's nodes are built with: the `Planning` bundle (domain, models, settings, budget).

Its own module so that the node factories (`planning`, `review`) and the subgraph's factory
(`graph`) can all name its type without importing each other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from agent.config.settings import Settings
from agent.domain import School
from agent.llm.models import Models, NamedModel
from graphs.planner.subagents import AgentKit
from graphs.state import Context

if TYPE_CHECKING:
    from agent.journal.events import EventKind
    from middleware.ledger import Spend


@dataclass
class Planning:
    """What the planner's nodes share: the domain, the models, the budget ledger and the journal."""

    school: Callable[[], School]
    models: Models
    settings: Settings
    _kits: dict[int, AgentKit] = field(default_factory=dict)

    def model(self, context: Context | None) -> NamedModel | None:
        """The planning model: the answer model of the run (a per-run override wins), or None offline."""
        return self.models.chat("answer", context.answer_model if context else None)

    def kit(self) -> AgentKit:
        """The subagents' shared budget ledger, limits and prices (one ledger per database)."""
        from agent.infra.ledgers import PostgresLedger
        from middleware import SubagentLimits  # with the middleware stack, only once agents run

        school = self.school()
        if id(school) not in self._kits:
            limits = SubagentLimits(max_tokens=self.settings.budget_tokens, max_usd=self.settings.budget_usd)
            self._kits[id(school)] = AgentKit(
                ledger=PostgresLedger(school.pool),
                limits=limits,
                models=self.settings.models,
                on_exhausted=self.exhausted,
            )
        return self._kits[id(school)]

    def exhausted(self, thread_id: str, spend: Spend) -> None:
        """Journal the first time a thread's budget is found spent."""
        from agent.infra.ledgers import exhausted_payload

        limits = self.kit().limits
        self.journal(
            thread_id,
            "budget_exhausted",
            exhausted_payload(spend, max_tokens=limits.max_tokens, max_usd=limits.max_usd),
        )

    def journal(self, thread_id: str, kind: EventKind, payload: dict[str, Any]) -> None:
        """Record an event in the durable journal."""
        from agent.journal.events import record_event

        record_event(self.school().pool, thread_id, kind, payload)
