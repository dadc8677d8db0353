"""The heap a long-lived process builds at start-up, set aside from the garbage collector's passes.

A server or a worker builds its graph, pools, catalogs and imported modules once (some 135,000
objects the collector tracks) and keeps them until it exits. Python's collector still walks all
of them in each full pass, and under load (fifty turns in flight, each with its young objects) such
passes come every few dozen turns. `gc.freeze()` moves what exists at that moment into a permanent
generation that no pass walks; what turns allocate afterwards is collected as before.

It must not be used by short commands (the one `gc.collect()` costs tens of milliseconds) and
sets nothing aside that the process may drop before it exits: a frozen object that becomes
garbage is kept until `gc.unfreeze()`, which leaving the block calls.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def settled_heap() -> Iterator[None]:
    """Collect once, then keep everything alive now out of the collector's passes until the block ends."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
