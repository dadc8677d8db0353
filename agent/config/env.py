"""Reading typed values from the environment, with errors that name the variable."""

from __future__ import annotations

import os


class SettingsError(ValueError):
    """An environment variable holds a value the application cannot use."""


def text(name: str, default: str | None = None) -> str | None:
    """The stripped value of `name`, or `default` when it is unset or blank."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    return raw.strip()


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
