"""Chat and embedding models by role, built from `ModelConfig` once and reused.

One client per `provider:model` (its HTTP connection pool is kept), never one per call. Tests
and embedding applications hand in ready instances instead. Nothing here calls a model.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from agent.config.env import SettingsError
from agent.config.model_config import ModelConfig, Role, RoleConfig

if TYPE_CHECKING:
    # Annotations only: LangChain's model classes load when a model is configured and built.
    from langchain_core.embeddings import Embeddings
    from langchain_core.language_models import BaseChatModel

ChatRole = Literal["router", "answer"]


@dataclass(frozen=True)
class NamedModel:
    """A chat model and the name it is priced and reported by (`provider:model`)."""

    name: str
    model: BaseChatModel


@dataclass(frozen=True)
class NamedEmbeddings:
    """An embeddings model and its name; the name keys the stored vectors."""

    name: str
    model: Embeddings


def _client_options(config: RoleConfig) -> dict[str, Any]:
    options: dict[str, Any] = {"timeout": config.timeout_s, "max_retries": config.max_retries}
    if config.base_url:
        options["base_url"] = config.base_url
        # Local OpenAI-compatible servers (vLLM, Ollama, llama.cpp) take any key; the client needs one.
        options["api_key"] = config.api_key or "not-needed"
    elif config.api_key:
        options["api_key"] = config.api_key
    return options


def build_chat_model(config: RoleConfig) -> BaseChatModel:
    """A chat client for `config.spec` with explicit timeout and retries; deterministic sampling."""
    from langchain.chat_models import init_chat_model  # imported only when a model is configured
    from langchain_core.language_models import BaseChatModel

    assert config.spec is not None
    options = _client_options(config) | {"temperature": 0}
    if config.spec.startswith("openai:"):
        options["stream_usage"] = True  # token counts also when the answer streams
    try:
        model = init_chat_model(config.spec, **options)
    except (ValueError, ImportError) as err:
        message = f"cannot use {config.role} model {config.spec!r}: {err}"
        raise SettingsError(message) from None
    assert isinstance(model, BaseChatModel)
    return model


def build_embeddings(config: RoleConfig) -> Embeddings:
    """An embeddings client for `config.spec`."""
    from langchain.embeddings import init_embeddings

    assert config.spec is not None
    options = _client_options(config)
    if config.spec.startswith("openai:"):
        # Servers other than OpenAI's do not take pre-tokenised input.
        options["check_embedding_ctx_length"] = False
    try:
        return init_embeddings(config.spec, **options)
    except (ValueError, ImportError) as err:
        message = f"cannot use embeddings model {config.spec!r}: {err}"
        raise SettingsError(message) from None


class Models:
    """The models of a graph: given instances first, else built from the configuration on demand."""

    def __init__(
        self,
        config: ModelConfig | None = None,
        *,
        router: NamedModel | None = None,
        answer: NamedModel | None = None,
        embeddings: NamedEmbeddings | None = None,
    ) -> None:
        self.config = config or ModelConfig()
        self._given: dict[Role, NamedModel | NamedEmbeddings | None] = {
            "router": router,
            "answer": answer,
            "embeddings": embeddings,
        }
        self._built: dict[tuple[Role, str], Any] = {}
        self._lock = threading.Lock()

    def chat(self, role: ChatRole, override: str | None = None) -> NamedModel | None:
        """The model for `role`; `override` (a per-run `provider:model` or 'offline') wins."""
        if override is None and self._given[role] is not None:
            given = self._given[role]
            assert isinstance(given, NamedModel)
            return given
        config = self.config.role(role)
        if override is not None:
            config = config.with_spec(override)
        if config.spec is None:
            return None
        return NamedModel(config.spec, self._build(config, build_chat_model))

    def embeddings(self) -> NamedEmbeddings | None:
        """The embeddings model, or None when retrieval is full-text only."""
        given = self._given["embeddings"]
        if given is not None:
            assert isinstance(given, NamedEmbeddings)
            return given
        config = self.config.embeddings
        if config.spec is None:
            return None
        return NamedEmbeddings(config.spec, self._build(config, build_embeddings))

    def _build(self, config: RoleConfig, build: Any) -> Any:
        key = (config.role, config.spec or "")
        with self._lock:
            if key not in self._built:
                self._built[key] = build(config)
            return self._built[key]
