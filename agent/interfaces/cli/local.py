"""In-process mode: the thread commands' requests answered by `agent.runtime.threads` in this process.

`Local` has `remote.Client`'s methods, so each command is written once over either
(`commands.school`). Here the options say who acts (`--user`, `--reviewer`); with a server the key
does. A turn shows its steps live as it runs, which a run on a server's worker cannot.
Imports LangGraph-side modules inside its methods: the approve path of a fresh process stays light
(`tests/test_cold_imports.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from agent.interfaces.cli.session import CliInputError, RefusedError

if TYPE_CHECKING:
    from agent.domain import EnrollmentRow
    from agent.infra.persistence import Resources
    from agent.interfaces.cli.remote import Decide
    from agent.interfaces.cli.session import Graph
    from agent.runtime.threads import Turn

NO_USER = "--user is required (or --url and a key: then the key says who you are)"


class Local:
    """The thread commands' requests, run in this process on `graph` as `user` (None: no one named)."""

    def __init__(self, res: Resources, graph: Graph, *, user: str | None, plain: bool = False) -> None:
        self.res, self.graph, self.user, self.plain = res, graph, user, plain

    def send(self, thread_id: str, text: str, *, prefix: str = "") -> Turn:
        """One student turn on `thread_id`, its steps shown as they run; a refused line is a `RefusedError`."""
        from agent.interfaces.progress import LiveProgress
        from agent.runtime import threads

        if self.user is None:
            raise CliInputError(NO_USER)
        try:
            with LiveProgress(plain=self.plain, prefix=prefix) as progress:
                return threads.send(
                    self.graph,
                    thread_id,
                    text,
                    user_id=self.user,
                    settings=self.res.settings,
                    on_event=progress,
                )
        except threads.ThreadError as err:
            raise RefusedError(str(err)) from None

    def decide(self, thread_id: str, decision: Decide, *, needs_name: bool = True) -> Turn:
        """Resume the thread with the decision `decision` makes of the pending action's name.

        The name is read from the thread's state only when the decision `needs_name` (an edit):
        `threads.decide` reads the state again under the thread's lock and checks the decision
        there, so a plain approval or rejection from a fresh process skips one load of the
        checkpoint.
        """
        from agent.runtime import threads

        name = None
        if needs_name:
            state = self.graph.get_state(threads.config_for(thread_id))
            name = state.interrupts[0].value["action_requests"][0]["name"] if state.interrupts else None
        resume = decision(name)
        if self.user is not None:
            resume["reviewer"] = self.user
        return threads.decide(self.graph, thread_id, resume)

    def pending(self) -> list[Turn]:
        """The threads waiting for an operator's decision."""
        from agent.runtime import threads

        return threads.pending(self.graph, self.res.pool)

    def history(self, thread_id: str) -> list[tuple[str, str]]:
        """The thread's messages as (role, text)."""
        from agent.runtime import threads

        return threads.history(self.graph, thread_id)

    def enrollments(self, *, cohort: str | None, student: str | None) -> list[EnrollmentRow]:
        """Enrollments, oldest first, optionally of one cohort and/or student."""
        return self.res.school.enrollments(cohort_id=cohort, student_id=student)
