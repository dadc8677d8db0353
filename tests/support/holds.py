"""A fault point that holds runs at a node boundary until the test lets them go."""

from __future__ import annotations

import threading


class Hold:
    """Holds every run that reaches the point `at` until `release`; `reached` says one is there."""

    def __init__(self, at: str = "before:propose") -> None:
        self.at = at
        self.reached, self.released = threading.Event(), threading.Event()

    def __call__(self, name: str) -> None:
        if name == self.at and not self.released.is_set():
            self.reached.set()
            assert self.released.wait(timeout=30)

    def release(self) -> None:
        self.released.set()
