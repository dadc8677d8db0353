"""Model settings from the environment: roles, endpoints, timeouts, prices, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent.config.model_config import ModelConfig, Price, RoleConfig
from agent.config.settings import Settings, SettingsError
from agent.llm.models import Models, build_chat_model
from graphs.routing import RESPONSE_FORMAT, output_options

MODEL_VARS = (
    "SCHOOL_ROUTER_MODEL",
    "SCHOOL_ANSWER_MODEL",
    "SCHOOL_EMBEDDINGS_MODEL",
    "SCHOOL_MODEL_BASE_URL",
    "SCHOOL_MODEL_API_KEY",
    "SCHOOL_ROUTER_BASE_URL",
    "SCHOOL_ANSWER_API_KEY",
    "SCHOOL_MODEL_PRICES",
    "SCHOOL_ROUTER_TIMEOUT_S",
    "SCHOOL_ANSWER_MAX_RETRIES",
    "SCHOOL_ROUTER_OUTPUT",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in MODEL_VARS:
        monkeypatch.delenv(name, raising=False)


def test_nothing_configured_means_offline() -> None:
    config = Settings.from_env().models
    assert config == ModelConfig()
    assert (config.router.spec, config.answer.spec, config.embeddings.spec) == (None, None, None)
    models = Models(config)
    assert (models.chat("router"), models.chat("answer"), models.embeddings()) == (None, None, None)


def test_roles_share_an_endpoint_and_override_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCHOOL_ROUTER_MODEL", "openai:small")
    monkeypatch.setenv("SCHOOL_ANSWER_MODEL", "openai:large")
    monkeypatch.setenv("SCHOOL_MODEL_BASE_URL", "http://127.0.0.1:8000/v1")
    monkeypatch.setenv("SCHOOL_MODEL_API_KEY", "shared-key")
    monkeypatch.setenv("SCHOOL_ROUTER_BASE_URL", "http://127.0.0.1:9000/v1")
    monkeypatch.setenv("SCHOOL_ANSWER_API_KEY", "answer-key")
    monkeypatch.setenv("SCHOOL_ROUTER_TIMEOUT_S", "2.5")
    monkeypatch.setenv("SCHOOL_ANSWER_MAX_RETRIES", "0")
    config = ModelConfig.from_env()
    assert config.router == RoleConfig(
        "router", "openai:small", "http://127.0.0.1:9000/v1", "shared-key", 2.5, 1
    )
    assert config.answer == RoleConfig(
        "answer", "openai:large", "http://127.0.0.1:8000/v1", "answer-key", 60.0, 0
    )
    assert config.embeddings.spec is None


def test_a_client_gets_explicit_timeout_retries_and_endpoint() -> None:
    model = build_chat_model(RoleConfig("router", "openai:small", "http://127.0.0.1:9/v1", None, 3.0, 1))
    assert (model.model_name, model.request_timeout, model.max_retries) == ("small", 3.0, 1)  # type: ignore[attr-defined]
    assert model.openai_api_base == "http://127.0.0.1:9/v1"  # type: ignore[attr-defined]
    assert model.openai_api_key.get_secret_value() == "not-needed"  # type: ignore[attr-defined]
    assert (model.temperature, model.stream_usage) == (0, True)  # type: ignore[attr-defined]


def test_clients_are_built_once_per_model_and_overrides_win() -> None:
    config = ModelConfig(router=RoleConfig("router", "openai:small", "http://127.0.0.1:9/v1"))
    models = Models(config)
    first, again = models.chat("router"), models.chat("router")
    assert first is not None and again is not None and first.model is again.model
    assert first.name == "openai:small"
    override = models.chat("router", "openai:other")
    assert override is not None and override.name == "openai:other"
    assert override.model.model_name == "other"  # type: ignore[attr-defined]
    assert models.chat("router", "offline") is None


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("SCHOOL_ROUTER_MODEL", "gpt-4.1-mini", "SCHOOL_ROUTER_MODEL must look like provider:model"),
        ("SCHOOL_ANSWER_MODEL", "openai: spaced", "SCHOOL_ANSWER_MODEL must look like provider:model"),
        ("SCHOOL_ROUTER_TIMEOUT_S", "soon", "SCHOOL_ROUTER_TIMEOUT_S must be a number of seconds"),
        ("SCHOOL_ROUTER_TIMEOUT_S", "0", "SCHOOL_ROUTER_TIMEOUT_S must be more than 0 seconds"),
        ("SCHOOL_ANSWER_MAX_RETRIES", "-1", "SCHOOL_ANSWER_MAX_RETRIES must be at least 0"),
        ("SCHOOL_MODEL_PRICES", "{not json", "SCHOOL_MODEL_PRICES must be JSON like"),
        ("SCHOOL_MODEL_PRICES", '{"m": {"input": 1}}', "SCHOOL_MODEL_PRICES must be JSON like"),
        ("SCHOOL_MODEL_PRICES", '{"m": {"input": -1, "output": 1}}', "prices cannot be negative"),
        ("SCHOOL_MODEL_PRICES", "@/nonexistent/prices.json", "names a file that cannot be read"),
    ],
)
def test_bad_values_are_refused_by_name(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, message: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=message.replace("(", r"\(")):
        Settings.from_env()


def test_an_unknown_provider_is_a_settings_error() -> None:
    models = Models(ModelConfig(answer=RoleConfig("answer", "nosuchprovider:x")))
    with pytest.raises(SettingsError, match="cannot use answer model 'nosuchprovider:x'"):
        models.chat("answer")


def test_prices_by_full_or_bare_name_from_json_or_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    table = {"gpt-4.1-mini": {"input": 0.4, "output": 1.6}, "openai:big": {"input": 2, "output": 8}}
    path = tmp_path / "prices.json"
    path.write_text(json.dumps(table))
    for value in (json.dumps(table), f"@{path}"):
        monkeypatch.setenv("SCHOOL_MODEL_PRICES", value)
        config = ModelConfig.from_env()
        assert config.price_of("openai:gpt-4.1-mini") == Price(0.4, 1.6)
        assert config.price_of("openai:big") == Price(2.0, 8.0)
        assert config.price_of("openai:unknown") is None
    assert Price(0.4, 1.6).cost(1_000_000, 500_000) == pytest.approx(1.2)


@pytest.mark.parametrize(
    ("value", "options"),
    [
        (None, {"response_format": RESPONSE_FORMAT}),
        (
            "json_object",
            {"response_format": {"type": "json_object", "schema": RESPONSE_FORMAT["json_schema"]["schema"]}},
        ),
        ("prompt", {}),
    ],
)
def test_the_router_output_mode(
    monkeypatch: pytest.MonkeyPatch, value: str | None, options: dict[str, object]
) -> None:
    if value:
        monkeypatch.setenv("SCHOOL_ROUTER_OUTPUT", value)
    assert output_options(ModelConfig.from_env().router_output) == options


def test_an_unknown_router_output_mode_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCHOOL_ROUTER_OUTPUT", "xml")
    expected = "SCHOOL_ROUTER_OUTPUT must be one of json_schema, json_object, prompt"
    with pytest.raises(SettingsError, match=expected):
        Settings.from_env()
