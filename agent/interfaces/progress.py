"""Live progress of a turn in the terminal: which step runs now, then the streamed answer.

On a terminal a Rich spinner names the running step; with `plain` (the CLI's `--progress`) each
step is one plain line instead; in a pipe without it, nothing is shown. Progress goes to stderr,
so stdout holds only the replies.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any

from rich.console import Console
from rich.status import Status

STEP_LABELS = {
    "router": "understanding the request",
    "answer": "searching the catalog and writing the answer",
    "propose": "checking the request with the school's rules",
    "approval": "waiting for approval",
    "execute": "carrying out the approved action",
    "handoff": "handing over to a person",
    "clarify": "working out what you need",
    "planner": "planning a program (parallel research, review)",
    "next_in_program": "preparing the next course of the program",
}


class LiveProgress:
    """Receives a run's events (`agent.runtime.runs.OnEvent`) and shows them; use as a context manager."""

    def __init__(self, *, plain: bool = False, prefix: str = "") -> None:
        self.console = Console(file=sys.stderr, highlight=False)
        self.plain = plain
        self.spinner = not plain and self.console.is_terminal
        self.prefix = prefix
        self.status: Status | None = None
        self.streaming = False

    def __enter__(self) -> LiveProgress:
        if self.spinner:
            self.status = self.console.status("thinking…")
            self.status.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._stop()

    def __call__(self, name: str, data: dict[str, Any]) -> None:
        """One event of the run."""
        if name == "step_started":
            label = STEP_LABELS.get(data["node"], data["node"])
            if self.status is not None:
                self.status.update(f"{label}…")
            elif self.plain and not self.streaming:
                self.console.print(f"… {label}", markup=False)
        elif name == "token":
            if not self.streaming:
                self._stop()
                self.streaming = True
                print(self.prefix, end="")
            print(data["text"], end="", flush=True)

    def _stop(self) -> None:
        if self.status is not None:
            self.status.stop()
            self.status = None
