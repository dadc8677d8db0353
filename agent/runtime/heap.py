"""The heap a long-lived process builds at start-up, set aside from the garbage collector's passes.

A server or a worker builds its graph, pools, catalogs and imported modules once (some 135,000
objects the collector tracks) and keeps them until it exits. Python's collector still walks all
of them in each full pass, and under load (fifty turns in flight, each with its young objects) such
passes come every few dozen turns. `gc.freeze()` moves what exists at that moment into a permanent
generation that no pass walks; what turns allocate afterwards is collected as before.

It must not be used by short commands (the one `gc.collect()` costs tens of milliseconds) and
sets nothing aside that the process may drop before it exits: a frozen object that becomes
garbage is kept until `gc.unfreeze()`, which leaving the block calls.

A command-line process has `start_up` instead, around what it imports and builds before its work:
no collector passes while it runs (an approval's start-up makes some 130,000 objects that live until
exit; the passes over them found nothing and cost about 0.1 s), and, in a process that
`freeze_start_ups` declared a command's own, what exists at its end frozen for the rest of the
process, never given back. The interpreter's last collections at exit then skip it: without that,
tearing down such a process took about 0.3 s after its work was done. A program that calls the
command in process (a test) does not declare it, and keeps its heap as it was.
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


_freezing = False
"""Whether `start_up` freezes what exists when its block ends: set by `freeze_start_ups`."""


def freeze_start_ups() -> None:
    """Declare this process a command's own, which exits when the command ends: `start_up` then freezes."""
    global _freezing
    _freezing = True


@contextmanager
def start_up() -> Iterator[None]:
    """No collector passes during the block; at its end (see `freeze_start_ups`) everything alive frozen for good.

    For a command's imports and build. No `gc.collect()` first: the garbage a start-up leaves is a few
    cycles among module-level objects, kept until exit (a process that lives on, such as `chat`,
    collects what it allocates afterwards as before). Finalizers of frozen objects are not run by the
    interpreter's collections at exit, which Python never promised for objects alive at exit anyway:
    connections, pools and files are closed by the `with` blocks that opened them, and `atexit`
    handlers (logging, exporters) still run.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _freezing:
            gc.freeze()
        if enabled:
            gc.enable()
