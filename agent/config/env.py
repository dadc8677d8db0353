"""Reading typed values from the environment, with errors that name the variable.

The one module that touches `os.environ` (`tests/test_settings.py` checks it): `Settings` and the
few readers that must not wait for a whole `Settings` (fault points, the debug switch) read through
these helpers, and a child process gets its environment from `child_environment`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable


class SettingsError(ValueError):
    """An environment variable holds a value the application cannot use."""


def verbatim(name: str) -> str | None:
    """The value of `name` exactly as set, None when unset; for values compared as they are."""
    return os.environ.get(name)


def text(name: str, default: str | None = None) -> str | None:
    """The stripped value of `name`, or `default` when it is unset or blank."""
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip()


def integer(name: str, default: int, *, minimum: int = 0) -> int:
    """An integer variable, at least `minimum`."""
    raw = text(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        message = f"{name} must be an integer, got {raw!r}"
        raise SettingsError(message) from None
    if value < minimum:
        message = f"{name} must be at least {minimum}, got {value}"
        raise SettingsError(message)
    return value


def seconds(name: str, default: float) -> float:
    """A positive duration in seconds."""
    raw = text(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        message = f"{name} must be a number of seconds, got {raw!r}"
        raise SettingsError(message) from None
    if not value > 0:
        message = f"{name} must be more than 0 seconds, got {raw!r}"
        raise SettingsError(message)
    return value


def child_environment(*, drop: Iterable[str] = (), drop_prefixes: tuple[str, ...] = ()) -> dict[str, str]:
    """The environment a child process gets: this process's, less some variables.

    Those named in `drop` go, and those whose names start with one of `drop_prefixes`.
    """
    dropped = frozenset(drop)
    return {
        name: value
        for name, value in os.environ.items()
        if name not in dropped and not name.startswith(drop_prefixes)
    }
