"""A fault point that holds runs at a node boundary until the test lets them go."""

from __future__ import annotations

import threading


class Hold:
    """Holds every run that reaches `before:propose` until `release`; `reached` says one is there."""

    def __init__(self) -> None:
        self.reached, self.released = threading.Event(), threading.Event()

    def __call__(self, name: str) -> None:
        if name == "before:propose" and not self.released.is_set():
            self.reached.set()
            assert self.released.wait(timeout=30)

    def release(self) -> None:
        self.released.set()
