"""Process settings read from the environment.

Precedence everywhere is: a per-run value (the graph's run context), then the environment, then
the defaults below. This module only reads; it opens nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from agent.config.env import SettingsError, integer, seconds, text, verbatim
from agent.config.model_config import ModelConfig
from agent.config.webhooks import WebhookConfig

__all__ = ["ModelConfig", "Settings", "SettingsError", "debug_enabled", "school_server"]


def _prepare_threshold() -> int | None:
    # "none" turns server-side prepared statements off, which PgBouncer in transaction mode needs.
    raw = verbatim("SCHOOL_DB_PREPARE_THRESHOLD")
    if raw is not None and raw.strip().lower() in ("none", "off", ""):
        return None
    return integer("SCHOOL_DB_PREPARE_THRESHOLD", 0)


def _pooling() -> str:
    raw = (text("SCHOOL_DB_POOLING") or "session").lower()
    if raw not in ("session", "transaction"):
        message = (
            "SCHOOL_DB_POOLING says how DATABASE_URL reaches Postgres: 'session' (directly, or a pooler "
            f"in session mode) or 'transaction' (PgBouncer in transaction mode); got {raw!r}"
        )
        raise SettingsError(message)
    return raw


def _dollars(name: str, default: float) -> float | None:
    """A limit in US dollars; 0 means no limit (None)."""
    raw = text(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        message = f"{name} must be a number of US dollars, got {raw!r}"
        raise SettingsError(message) from None
    if not value >= 0 or value == float("inf"):  # NaN compares false: refused with negatives
        raise SettingsError(f"{name} must be a finite number of US dollars, 0 or more; got {raw!r}")
    return value or None


def _today() -> date | None:
    raw = verbatim("SCHOOL_TODAY")
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        message = f"SCHOOL_TODAY must be an ISO date like 2026-11-30, got {raw!r}"
        raise SettingsError(message) from None


_ORIGIN = re.compile(r"https?://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?")


def _cors_origins() -> tuple[str, ...]:
    # A browser sends its origin exactly as scheme://host[:port]; anything else would never match,
    # and "*" would let any page that a user of this machine opens call the API.
    raw = text("SCHOOL_CORS_ORIGINS") or ""
    # Lowercased: a browser sends the scheme and host in lower case.
    origins = tuple(part.strip().lower() for part in raw.split(",") if part.strip())
    for origin in origins:
        if not _ORIGIN.fullmatch(origin):
            message = (
                "SCHOOL_CORS_ORIGINS lists origins as a browser sends them, scheme://host[:port] "
                f"without a path or a trailing slash, comma-separated (http://127.0.0.1:3000); got {origin!r}"
            )
            raise SettingsError(message)
    return origins


def debug_enabled() -> bool:
    """`SCHOOL_DEBUG=1`: an internal error prints its traceback (any other value: it does not).

    A function, not a `Settings` field: the CLI asks while it reports an error, and that error may
    be a bad setting, which `Settings.from_env` would raise again.
    """
    return verbatim("SCHOOL_DEBUG") == "1"


def school_server() -> tuple[str | None, str | None]:
    """`SCHOOL_URL` and `SCHOOL_API_KEY`: the `serve` the CLI's thread commands use, and their key.

    Unset URL: those commands run the graph in process. A function, not a `Settings` field: a
    client reads none of the server's settings, so a bad one of those must not stop it.
    """
    return text("SCHOOL_URL"), text("SCHOOL_API_KEY")


@dataclass(frozen=True)
class Settings:
    """Everything the runtime reads from the environment, validated once."""

    database_url: str | None = None
    """`DATABASE_URL`; when unset an embedded Postgres is started under `data_dir`."""
    data_dir: Path = field(default_factory=lambda: Path(".school-data"))
    """`SCHOOL_DATA_DIR`: where the embedded Postgres keeps its files."""
    prepare_threshold: int | None = 0
    """`SCHOOL_DB_PREPARE_THRESHOLD`: psycopg's prepare threshold (`none`: off; always off with
    `SCHOOL_DB_POOLING=transaction`)."""
    pool_min_size: int = 1
    pool_max_size: int = 8
    pool_max_idle_s: int = 300
    pool_max_lifetime_s: int = 1800
    pool_timeout_s: int = 30
    """`SCHOOL_DB_POOL_TIMEOUT_S`: how long a request waits for a connection before failing."""
    max_runs: int = 32
    """`SCHOOL_MAX_RUNS`: runs one process carries at once; each holds its thread's lock (and a
    connection of the lock pool) for its length, so more requests wait for one to finish."""
    connect_timeout_s: int = 30
    """`SCHOOL_DB_CONNECT_TIMEOUT_S`: how long to wait for the database at start."""
    recursion_limit: int = 25
    """`SCHOOL_RECURSION_LIMIT`: supersteps one run may take before LangGraph stops it."""
    max_message_chars: int = 4000
    """`SCHOOL_MAX_MESSAGE_CHARS`: longer student messages are refused before they reach a node."""
    today: date | None = None
    """`SCHOOL_TODAY`: a fixed date for demos and tests; the real date when unset."""
    planner_rounds: int = 3
    """`SCHOOL_PLANNER_MAX_ROUNDS`: revisions the program reviewer may ask for before presenting."""
    worker_timeout_s: float = 60.0
    """`SCHOOL_WORKER_TIMEOUT_S`: how long one research worker may take before its slot fails."""
    budget_tokens: int | None = 200_000
    """`SCHOOL_BUDGET_TOKENS`: model tokens one thread's planning may use (0: no limit)."""
    budget_usd: float | None = 1.0
    """`SCHOOL_BUDGET_USD`: US dollars one thread's planning may spend (0: no limit)."""
    student_daily_tokens: int | None = 1_000_000
    """`SCHOOL_STUDENT_DAILY_TOKENS`: model tokens one student's turns may use in a day, every
    model call counted (router, answer, planner, subagents); past it a new message is refused until
    the next day (0: no limit)."""
    student_daily_usd: float | None = 2.0
    """`SCHOOL_STUDENT_DAILY_USD`: US dollars one student's model calls may cost in a day, priced by
    `SCHOOL_MODEL_PRICES` (an unpriced model costs 0); as `student_daily_tokens` (0: no limit)."""
    rate_limit_per_minute: int = 60
    """`SCHOOL_RATE_LIMIT_PER_MINUTE`: requests one API key may make in a minute, both HTTP APIs
    together; more are answered 429 with `Retry-After` (0: no limit)."""
    models: ModelConfig = field(default_factory=ModelConfig)
    """The router, answer and embeddings models (`agent.config.model_config`); offline by default."""
    api_keys: str | None = None
    """`SCHOOL_API_KEYS`: `KEY=user:role,...` for the HTTP server, which parses it and names the
    variable in its errors (`agent.interfaces.server.auth.parse_keys`); unset or blank, `serve`
    makes keys for one run."""
    studio_operator: str | None = None
    """`SCHOOL_STUDIO_OPERATOR`: the user id of an operator in the key table as whom a request to
    the LangGraph API that carries LangSmith Studio's `x-auth-scheme: langsmith` from this machine
    (a loopback peer) is served; unset, such a request is refused (401). The server checks that
    the id is an operator's (`agent.interfaces.server.auth.studio_principal`)."""
    cors_origins: tuple[str, ...] = ()
    """`SCHOOL_CORS_ORIGINS`: browser origins, besides LangSmith Studio's, whose pages may call the
    LangGraph API (a chat UI on another port); comma-separated `scheme://host[:port]`."""
    db_pooling: str = "session"
    """`SCHOOL_DB_POOLING`: `transaction` when DATABASE_URL goes through PgBouncer in transaction
    mode: no prepared statements, no LISTEN (workers and streams poll), no session state."""
    workers: int = 32
    """`SCHOOL_WORKERS`: jobs (runs, scheduled work) one worker process, `serve`'s worker child
    among them, carries at once (a run mostly waits for its model; like `SCHOOL_MAX_RUNS`, each
    holds a lock connection); `serve --workers 0` runs none (API only)."""
    stalled_after_s: int = 30
    """`SCHOOL_STALLED_AFTER_S`: a worker silent (no heartbeat) this long is dead, and its jobs are
    retried on another worker."""
    hold_hours: int = 72
    """`SCHOOL_HOLD_HOURS`: an unpaid `PENDING_PAYMENT` enrollment older than this is cancelled and
    its seat offered to the waitlist."""
    remind_hours: int = 24
    """`SCHOOL_REMIND_HOURS`: how long before a hold expires the student is reminded to pay."""
    operator_refunds_above_cents: int = 0
    """`SCHOOL_OPERATOR_REFUNDS_ABOVE_EUR` (whole euros): a cancellation that refunds more than this
    needs an operator's approval after the student's own (`agent.domain.policy`); 0: every refund."""
    knowledge_dir: Path | None = None
    """`SCHOOL_KNOWLEDGE_DIR`: the folder of Markdown documents the knowledge base holds, ingested at
    every start (`agent.domain.knowledge`); unset: the documents shipped in the package."""
    webhooks: WebhookConfig = field(default_factory=WebhookConfig)
    """`SCHOOL_WEBHOOK_*`: the school-wide webhook, the signing secret, the URL policy
    (`agent.config.webhooks`)."""

    @classmethod
    def from_env(cls) -> Settings:
        """Read and validate the environment."""
        pooling = _pooling()
        return cls(
            database_url=verbatim("DATABASE_URL") or None,
            data_dir=Path(verbatim("SCHOOL_DATA_DIR") or ".school-data"),
            # A transaction pooler hands a prepared statement's server to other clients.
            prepare_threshold=None if pooling == "transaction" else _prepare_threshold(),
            pool_min_size=integer("SCHOOL_DB_POOL_MIN", 1),
            pool_max_size=integer("SCHOOL_DB_POOL_MAX", 8, minimum=1),
            pool_max_idle_s=integer("SCHOOL_DB_POOL_MAX_IDLE_S", 300, minimum=1),
            pool_max_lifetime_s=integer("SCHOOL_DB_POOL_MAX_LIFETIME_S", 1800, minimum=1),
            pool_timeout_s=integer("SCHOOL_DB_POOL_TIMEOUT_S", 30, minimum=1),
            max_runs=integer("SCHOOL_MAX_RUNS", 32, minimum=1),
            connect_timeout_s=integer("SCHOOL_DB_CONNECT_TIMEOUT_S", 30, minimum=1),
            recursion_limit=integer("SCHOOL_RECURSION_LIMIT", 25, minimum=5),
            max_message_chars=integer("SCHOOL_MAX_MESSAGE_CHARS", 4000, minimum=1),
            today=_today(),
            planner_rounds=integer("SCHOOL_PLANNER_MAX_ROUNDS", 3),
            worker_timeout_s=seconds("SCHOOL_WORKER_TIMEOUT_S", 60.0),
            budget_tokens=integer("SCHOOL_BUDGET_TOKENS", 200_000) or None,
            budget_usd=_dollars("SCHOOL_BUDGET_USD", 1.0),
            student_daily_tokens=integer("SCHOOL_STUDENT_DAILY_TOKENS", 1_000_000) or None,
            student_daily_usd=_dollars("SCHOOL_STUDENT_DAILY_USD", 2.0),
            rate_limit_per_minute=integer("SCHOOL_RATE_LIMIT_PER_MINUTE", 60),
            models=ModelConfig.from_env(),
            api_keys=text("SCHOOL_API_KEYS"),
            studio_operator=text("SCHOOL_STUDIO_OPERATOR"),
            cors_origins=_cors_origins(),
            db_pooling=pooling,
            workers=integer("SCHOOL_WORKERS", 32, minimum=0),
            stalled_after_s=integer("SCHOOL_STALLED_AFTER_S", 30, minimum=2),
            hold_hours=integer("SCHOOL_HOLD_HOURS", 72, minimum=1),
            remind_hours=integer("SCHOOL_REMIND_HOURS", 24, minimum=0),
            operator_refunds_above_cents=100 * integer("SCHOOL_OPERATOR_REFUNDS_ABOVE_EUR", 0),
            knowledge_dir=Path(raw) if (raw := text("SCHOOL_KNOWLEDGE_DIR")) else None,
            webhooks=WebhookConfig.from_env(),
        )

    def current_date(self) -> date:
        """Today's date, or the fixed `SCHOOL_TODAY`."""
        return self.today or date.today()
