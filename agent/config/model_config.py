"""Which language models the assistant uses, read from the environment; builds nothing.

Three roles, each configured on its own because a small fast model is enough to route and a
larger one writes answers: `router`, `answer` and `embeddings`. A role's model is a
`provider:model` string for LangChain's `init_chat_model` / `init_embeddings`
(`openai:gpt-4.1-mini`); unset, empty or `offline` means the deterministic offline behaviour.

    SCHOOL_ROUTER_MODEL / SCHOOL_ANSWER_MODEL / SCHOOL_EMBEDDINGS_MODEL   provider:model
    SCHOOL_MODEL_BASE_URL, SCHOOL_MODEL_API_KEY      shared OpenAI-compatible endpoint and key
    SCHOOL_<ROLE>_BASE_URL, SCHOOL_<ROLE>_API_KEY    per-role endpoint and key (win over shared)
    SCHOOL_<ROLE>_TIMEOUT_S, SCHOOL_<ROLE>_MAX_RETRIES   per-request timeout, client retries
    SCHOOL_ROUTER_OUTPUT  how the router asks for JSON: json_schema (OpenAI, vLLM, Ollama, llama.cpp's
                          server), json_object (llama-cpp-python's server), or prompt (no
                          response_format; the reply is validated all the same)
    SCHOOL_MODEL_PRICES   JSON {"model": {"input": USD, "output": USD}} per million tokens,
                          or @path to a JSON file with the same content
    SCHOOL_LEARNED_READER on (default) or off: without a router model, the shipped learned reader
                          may turn the rules' reading into a question or a refusal (`graphs.routing`)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from agent.config import env
from agent.config.env import SettingsError

Role = Literal["router", "answer", "embeddings"]
RouterOutput = Literal["json_schema", "json_object", "prompt"]
ROUTER_OUTPUTS: tuple[RouterOutput, ...] = ("json_schema", "json_object", "prompt")
OFFLINE = "offline"
"""The model value (also per run, in the run context) that selects the deterministic behaviour."""

_SPEC = re.compile(r"^[a-z][a-z0-9_-]*:[^\s:][^\s]*$")
_DEFAULTS: dict[Role, tuple[float, int]] = {"router": (10.0, 1), "answer": (60.0, 2), "embeddings": (30.0, 2)}
"""Per role: request timeout in seconds and client retries. A router must answer fast or yield
to the rules; an answer may take longer."""


@dataclass(frozen=True)
class Price:
    """What a model costs, in US dollars per million tokens: the one price type of the project.

    Everything that prices a call (the budget, the call records, the traces) takes
    `ModelConfig.price_of` and reads usage through `middleware.usage`, which names this type by
    its shape (`Rate`: it may not import the application).
    """

    input: float
    output: float

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        """The cost of one call."""
        return (input_tokens * self.input + output_tokens * self.output) / 1_000_000


@dataclass(frozen=True)
class RoleConfig:
    """How to reach one role's model."""

    role: Role
    spec: str | None = None
    """`provider:model`, or None for the offline behaviour."""
    base_url: str | None = None
    api_key: str | None = None
    timeout_s: float = 30.0
    max_retries: int = 2

    def with_spec(self, spec: str | None) -> RoleConfig:
        """The same endpoint with another model (a per-run override)."""
        return RoleConfig(
            self.role,
            check_spec(f"{self.role} model", spec),
            self.base_url,
            self.api_key,
            self.timeout_s,
            self.max_retries,
        )


def check_spec(what: str, raw: str | None) -> str | None:
    """A validated `provider:model` string, or None for offline."""
    if raw is None or raw.strip() in ("", OFFLINE):
        return None
    spec = raw.strip()
    if not _SPEC.match(spec):
        message = (
            f"{what} must look like provider:model (for example openai:gpt-4.1-mini) "
            f"or be '{OFFLINE}', got {raw!r}"
        )
        raise SettingsError(message)
    return spec


def _role(role: Role) -> RoleConfig:
    prefix = f"SCHOOL_{role.upper()}"
    timeout, retries = _DEFAULTS[role]
    return RoleConfig(
        role=role,
        spec=check_spec(f"{prefix}_MODEL", env.text(f"{prefix}_MODEL")),
        base_url=env.text(f"{prefix}_BASE_URL") or env.text("SCHOOL_MODEL_BASE_URL"),
        api_key=env.text(f"{prefix}_API_KEY") or env.text("SCHOOL_MODEL_API_KEY"),
        timeout_s=env.seconds(f"{prefix}_TIMEOUT_S", timeout),
        max_retries=env.integer(f"{prefix}_MAX_RETRIES", retries),
    )


def _router_output() -> RouterOutput:
    raw = env.text("SCHOOL_ROUTER_OUTPUT", "json_schema")
    for option in ROUTER_OUTPUTS:
        if raw == option:
            return option
    message = f"SCHOOL_ROUTER_OUTPUT must be one of {', '.join(ROUTER_OUTPUTS)}, got {raw!r}"
    raise SettingsError(message)


def _learned_reader() -> bool:
    raw = env.text("SCHOOL_LEARNED_READER", "on")
    if raw in ("on", "off"):
        return raw == "on"
    message = f"SCHOOL_LEARNED_READER must be on or off, got {raw!r}"
    raise SettingsError(message)


def _offline(role: Role) -> RoleConfig:
    timeout, retries = _DEFAULTS[role]
    return RoleConfig(role, timeout_s=timeout, max_retries=retries)


def parse_prices(raw: str | None) -> MappingProxyType[str, Price]:
    """Prices by model name from JSON text, or from a file when `raw` is `@path`."""
    if not raw:
        return MappingProxyType({})
    source = "SCHOOL_MODEL_PRICES"
    if raw.startswith("@"):
        source = raw[1:]
        try:
            raw = Path(source).read_text()
        except OSError as err:
            message = f"SCHOOL_MODEL_PRICES names a file that cannot be read: {source} ({err.strerror})"
            raise SettingsError(message) from None
    try:
        table = json.loads(raw)
        prices = {str(name): Price(float(p["input"]), float(p["output"])) for name, p in table.items()}
    except (ValueError, TypeError, KeyError, AttributeError):
        message = (
            f"{source} must be JSON like "
            '{"gpt-4.1-mini": {"input": 0.4, "output": 1.6}} (USD per million tokens)'
        )
        raise SettingsError(message) from None
    if any(p.input < 0 or p.output < 0 for p in prices.values()):
        raise SettingsError(f"{source}: prices cannot be negative")
    return MappingProxyType(prices)


@dataclass(frozen=True)
class ModelConfig:
    """The models of every role, and what they cost."""

    router: RoleConfig = field(default_factory=lambda: _offline("router"))
    answer: RoleConfig = field(default_factory=lambda: _offline("answer"))
    embeddings: RoleConfig = field(default_factory=lambda: _offline("embeddings"))
    prices: MappingProxyType[str, Price] = field(default_factory=lambda: MappingProxyType({}))
    router_output: RouterOutput = "json_schema"
    learned_reader: bool = True
    """Whether the learned reader reads beside the rules when no router model is configured."""

    @classmethod
    def from_env(cls) -> ModelConfig:
        """Read and validate the model settings."""
        return cls(
            _role("router"),
            _role("answer"),
            _role("embeddings"),
            parse_prices(env.text("SCHOOL_MODEL_PRICES")),
            _router_output(),
            _learned_reader(),
        )

    def role(self, role: Role) -> RoleConfig:
        """One role's configuration."""
        return {"router": self.router, "answer": self.answer, "embeddings": self.embeddings}[role]

    def price_of(self, name: str) -> Price | None:
        """The price of a model by its `provider:model` string or its bare model name."""
        return self.prices.get(name) or self.prices.get(name.split(":", 1)[-1])
