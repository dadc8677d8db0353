"""Webhook settings: the school-wide URL, the signing secret, and what the URL policy lets through.

Read once with the other settings (`Settings.webhooks`). A URL here is checked only for its form;
whether its host may be reached (no loopback, private or link-local address) is decided when it is
used, by `agent.journal.webhooks.check_url`, which resolves the host then.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from urllib.parse import urlsplit

from agent.config.env import SettingsError, text, verbatim

SECRET_PREFIX = "whsec_"
"""How a Standard Webhooks secret begins; the rest is base64."""
MIN_SECRET_BYTES = 24
"""The shortest key accepted (Standard Webhooks asks for 24 to 64 random bytes)."""


def _secret() -> bytes | None:
    raw = text("SCHOOL_WEBHOOK_SECRET")
    if raw is None:
        return None
    shape = (
        "SCHOOL_WEBHOOK_SECRET is a Standard Webhooks secret: 'whsec_' then at least "
        f"{MIN_SECRET_BYTES} random bytes in base64 (whsec_$(openssl rand -base64 32))"
    )
    if not raw.startswith(SECRET_PREFIX):
        raise SettingsError(shape)
    try:
        key = base64.b64decode(raw.removeprefix(SECRET_PREFIX), validate=True)
    except (binascii.Error, ValueError):
        raise SettingsError(shape) from None
    if len(key) < MIN_SECRET_BYTES:
        raise SettingsError(shape)
    return key


def _switch(name: str) -> bool:
    raw = (verbatim(name) or "").strip()
    if raw not in ("", "0", "1"):
        raise SettingsError(f"{name} is 1 (on) or 0 (off), got {raw!r}")
    return raw == "1"


def url_shape_problem(url: str) -> str | None:
    """What is wrong with the form of a webhook URL (None: nothing); the host is not looked up."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  # raises ValueError for a port that is not a number in range
    except ValueError:
        return f"{url!r} is not a URL"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"{url!r} is not an absolute http(s) URL"
    if parts.username or parts.password:
        return "a webhook URL carries no user or password"
    return None


@dataclass(frozen=True)
class WebhookConfig:
    """Where the school's own webhook goes, how deliveries are signed, and which URLs are allowed."""

    school_url: str | None = None
    """`SCHOOL_WEBHOOK_URL`: told of every run's end and every thread that starts waiting for an
    operator, besides a run's own `webhook`. Needs `SCHOOL_WEBHOOK_SECRET`."""
    secret: bytes | None = None
    """`SCHOOL_WEBHOOK_SECRET` (`whsec_<base64>`), decoded: the HMAC-SHA256 key every delivery is
    signed with. Unset: webhooks are off, and a run that asks for one is refused (422)."""
    allow_http: bool = False
    """`SCHOOL_WEBHOOK_ALLOW_HTTP=1`: plain http URLs are allowed (tests, a trusted network)."""
    allow_private: bool = False
    """`SCHOOL_WEBHOOK_ALLOW_PRIVATE=1`: hosts on loopback, private and link-local addresses are
    allowed (tests, a receiver inside the school's network)."""

    @classmethod
    def from_env(cls) -> WebhookConfig:
        """Read and validate the webhook variables."""
        found = cls(
            school_url=text("SCHOOL_WEBHOOK_URL"),
            secret=_secret(),
            allow_http=_switch("SCHOOL_WEBHOOK_ALLOW_HTTP"),
            allow_private=_switch("SCHOOL_WEBHOOK_ALLOW_PRIVATE"),
        )
        if found.school_url is not None:
            problem = url_shape_problem(found.school_url)
            if problem is not None:
                raise SettingsError(f"SCHOOL_WEBHOOK_URL: {problem}")
            if found.secret is None:
                raise SettingsError(
                    "SCHOOL_WEBHOOK_URL needs SCHOOL_WEBHOOK_SECRET: every delivery is signed"
                )
        return found
