"""What a run request asks for, checked before anything is recorded.

The body, the stream modes, the message or the decision, and who may send which.

A new message (`input={"messages": [one human message]}`) is `threads.send` as the student who
owns the thread; a resume (`command={"resume": {"decisions": [...]}}`) is `threads.decide` as the
operator who sends it. Anything else in the request that this server does not carry out is
refused with 422, never ignored in a way that changes what runs. A `webhook` is checked against
the URL policy here (`agent.journal.webhooks.check_url`), before anything is recorded.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from agent.config.webhooks import WebhookConfig
from agent.interfaces.server.auth import Principal
from agent.interfaces.server.errors import RefusedError
from agent.journal import webhooks

STREAM_MODES = ("values", "updates", "messages-tuple", "custom", "debug", "tasks", "checkpoints")
"""The stream modes this server answers; `messages` (the older message events) and `events` are refused."""
_NOT_YET = (
    "interrupt_before",
    "interrupt_after",
    "after_seconds",
    "checkpoint_during",
    "feedback_keys",
)
"""Run options refused (422): not built."""
_FROM_PAST = (
    "{name} is refused on a resume: a decision answers what the thread waits for now; to branch "
    "from a past checkpoint, send a message from it"
)


class RunCreate(BaseModel):
    """The body of `POST /threads/{id}/runs`, `/runs/wait` and `/runs/stream`, as the SDKs send it."""

    model_config = ConfigDict(extra="allow")

    assistant_id: str = Field(max_length=128)
    input: dict[str, Any] | None = None
    command: dict[str, Any] | None = None
    stream_mode: str | list[str] = "values"
    stream_subgraphs: bool = False
    stream_resumable: bool = False
    multitask_strategy: Literal["reject", "enqueue", "interrupt", "rollback"] = "enqueue"
    if_not_exists: Literal["create", "reject"] | None = None
    on_disconnect: Literal["cancel", "continue"] | None = None
    metadata: dict[str, Any] | None = None
    config: dict[str, Any] | None = None
    context: dict[str, Any] | None = None
    webhook: str | None = None
    """Told when the run ends (and when it leaves its thread waiting for an operator); see `check_webhook`."""


def modes(body: RunCreate) -> list[str]:
    """The requested stream modes, in order, without repeats; 422 for an unknown one."""
    asked = [body.stream_mode] if isinstance(body.stream_mode, str) else list(body.stream_mode)
    unknown = [m for m in asked if m not in STREAM_MODES]
    if unknown or not asked:
        message = f"stream_mode {unknown or asked} is not supported; use any of {', '.join(STREAM_MODES)}"
        raise RefusedError(422, message)
    return list(dict.fromkeys(asked))


def refuse_unsupported(body: RunCreate) -> None:
    """422 for what the request asks that this server does not do."""
    extra = body.model_extra or {}
    if extra.get("on_completion") is not None:
        raise RefusedError(
            422, "on_completion is for stateless runs (POST /runs...): a thread's runs keep it"
        )
    for name in _NOT_YET:
        if extra.get(name) not in (None, [], {}, False):
            raise RefusedError(422, f"{name} is not supported yet")
    for name in ("checkpoint", "checkpoint_id"):
        if body.command is not None and extra.get(name) not in (None, {}):
            raise RefusedError(422, _FROM_PAST.format(name=name))
    if body.if_not_exists == "create":
        raise RefusedError(422, "if_not_exists='create' is not supported yet: create the thread first")
    durability = extra.get("durability")
    if durability not in (None, "sync"):
        message = f"durability {durability!r} is refused: every run here keeps durability='sync'"
        raise RefusedError(422, message)
    if (body.input is None) == (body.command is None):
        raise RefusedError(
            422, "send either input (a new message) or command (a resume), not both or neither"
        )


def check_webhook(body: RunCreate, config: WebhookConfig) -> None:
    """422 for a `webhook` the URL policy refuses, or any when webhooks are off (no signing secret)."""
    if body.webhook is None:
        return
    if config.secret is None:
        raise RefusedError(
            422, "webhooks are off on this server: it has no SCHOOL_WEBHOOK_SECRET to sign them"
        )
    try:
        webhooks.check_url(body.webhook, config)
    except webhooks.WebhookUrlError as err:
        raise RefusedError(422, f"webhook refused: {err}") from None


def past_checkpoint(body: RunCreate) -> str | dict[str, Any] | None:
    """The past checkpoint a message run starts from (`checkpoint_id`, or `checkpoint`), if any.

    As on the platform, a run from a past checkpoint branches the thread there: that state becomes
    the newest again, and the message continues from it (time travel).
    """
    extra = body.model_extra or {}
    found = extra.get("checkpoint_id") or extra.get("checkpoint")
    if found is not None and not isinstance(found, str | dict):
        raise RefusedError(422, "checkpoint_id must be a checkpoint id")
    return found or None


def message_text(run_input: dict[str, Any]) -> str:
    """The text of the one human message in `input`; 422 for anything else."""
    messages = run_input.get("messages")
    if set(run_input) != {"messages"} or not isinstance(messages, list) or len(messages) != 1:
        raise RefusedError(422, 'input must be {"messages": [one message from the student]}')
    message = messages[0]
    if isinstance(message, str):
        return message
    kind = message.get("type", message.get("role")) if isinstance(message, dict) else None
    if kind not in ("human", "user"):
        raise RefusedError(422, "the message must be a human (user) message")
    content = message.get("content")
    if isinstance(content, list):
        parts = [p.get("text") if isinstance(p, dict) and p.get("type") == "text" else p for p in content]
        texts = [p for p in parts if isinstance(p, str)]
        if len(texts) == len(parts):
            return "".join(texts)
    if not isinstance(content, str):
        raise RefusedError(422, "the message content must be text")
    return content


def decision(command: dict[str, Any], who: Principal) -> dict[str, Any]:
    """The decision a resume command carries, reviewed by `who`; 422 for any other command.

    `update` and `goto` are refused: the school's graph changes state only through its own nodes
    (an approval is a decision, never a state edit), so a client cannot jump past a check.
    """
    if set(command) != {"resume"}:
        refused = sorted(set(command) - {"resume"}) or ["an empty command"]
        message = (
            f"command {', '.join(refused)} is refused: this graph is resumed only with "
            "command={'resume': {'decisions': [...]}}; update and goto would skip its checks"
        )
        raise RefusedError(422, message)
    resume = command["resume"]
    if not isinstance(resume, dict) or not isinstance(resume.get("decisions"), list):
        raise RefusedError(422, 'a resume must look like {"decisions": [{"type": "approve"}]}')
    # Who decides, and in which role, is the caller's key, never the payload: the graph checks
    # both against the school's approval policy.
    found = {"decisions": resume["decisions"], "reviewer": who.user_id, "role": who.role}
    if "action_id" in resume:
        found["action_id"] = resume["action_id"]
    return found
