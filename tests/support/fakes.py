"""Scripted stand-ins for a chat model and an embedding model, for tests that must not reach a provider.

`ScriptedChatModel` answers each call with the next scripted step and records what it was asked;
`assert_complete()` fails when steps are left over or a call came after the script ran out, even if
the application caught the error raised for that call. `KeywordEmbeddings` gives deterministic
bag-of-words vectors so that a test can predict nearest neighbours.
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.embeddings import Embeddings
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from pydantic import Field, PrivateAttr

from agent.domain.payments import ChargeResult, PaymentProvider, RefundResult

Step = AIMessage | str | BaseException
"""One scripted call: the message to answer (a str is an AIMessage's content), or an error to raise."""


@dataclass(frozen=True)
class ModelCall:
    """One call a ScriptedChatModel received."""

    messages: list[BaseMessage]
    kwargs: dict[str, Any]
    """Call options: `stop` and whatever `bind(...)` or the caller passed, e.g. `response_format`."""


class ScriptedChatModel(GenericFakeChatModel):
    """A chat model that plays a script: `ScriptedChatModel(["hi", AIMessage(...), TimeoutError()])`.

    Each call (invoke, stream, batch, their async forms, and calls inside a graph) takes the next step.
    A call after the last step raises AssertionError and is recorded, so `assert_complete()` fails
    even when the caller swallowed that error. Scripted messages are copied before they are returned:
    LangChain writes a run id into a message that has none, and that must not leak into later steps.
    """

    messages: Iterator[Any] = Field(default_factory=lambda: iter(()), exclude=True, repr=False)
    """The steps not yet played (GenericFakeChatModel's field; not serialisable, so excluded)."""
    script: tuple[Any, ...] = Field(default=(), exclude=True, repr=False)
    """Every scripted step, in order."""
    calls: list[ModelCall] = Field(default_factory=list, exclude=True, repr=False)
    """Every call received, in order, those past the end of the script included."""
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    def __init__(self, script: Iterable[Step] = (), /, **kwargs: Any) -> None:
        steps = tuple(script)
        for step in steps:
            if not isinstance(step, AIMessage | str | BaseException):
                msg = f"a scripted step is an AIMessage, a str or an exception, not {step!r}"
                raise TypeError(msg)
        fields: dict[str, Any] = {"messages": iter(steps), "script": steps}
        super().__init__(**fields, **kwargs)

    @property
    def _llm_type(self) -> str:
        return "scripted-chat-model"

    def bind_tools(
        self, tools: Sequence[Any], *, tool_choice: str | None = None, **kwargs: Any
    ) -> ScriptedChatModel:
        """The model itself: tool calls come from the script, whatever tools are bound."""
        return self

    def assert_complete(self) -> None:
        """Fail when scripted steps are left over or calls came after the script ran out."""
        played = min(len(self.calls), len(self.script))
        problems = []
        if played < len(self.script):
            left = self.script[played:]
            problems.append(f"{len(left)} scripted steps left over: {list(left)!r}")
        if len(self.calls) > len(self.script):
            extra = self.calls[len(self.script) :]
            problems.append(
                f"{len(extra)} calls after the script ran out, the first with "
                f"{[m.content for m in extra[0].messages]!r}"
            )
        if problems:
            msg = f"{self._label()}: " + "; ".join(problems)
            raise AssertionError(msg)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(generations=[ChatGeneration(message=self._play(messages, stop, kwargs))])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        # GenericFakeChatModel streams the content only: tool calls, usage and response metadata
        # would be lost, also from `invoke` under stream_mode="messages", which aggregates a stream.
        for chunk in _chunks(self._play(messages, stop, kwargs)):
            if run_manager:
                run_manager.on_llm_new_token(chunk.text, chunk=chunk)
            yield chunk

    def _play(self, messages: list[BaseMessage], stop: list[str] | None, kwargs: dict[str, Any]) -> AIMessage:
        """Record the call and return (a copy of) the next step, or raise it."""
        with self._lock:
            self.calls.append(ModelCall(list(messages), {"stop": stop, **kwargs}))
            step = next(self.messages, None)
        if step is None:
            msg = (
                f"{self._label()}: call {len(self.calls)} but only {len(self.script)} steps "
                f"were scripted; last input: {messages[-1].content if messages else None!r}"
            )
            raise AssertionError(msg)
        if isinstance(step, BaseException):
            raise step
        return AIMessage(step) if isinstance(step, str) else step.model_copy(deep=True)

    def _label(self) -> str:
        return f"ScriptedChatModel {self.name!r}" if self.name else "ScriptedChatModel"


def _chunks(message: AIMessage) -> Iterator[ChatGenerationChunk]:
    """The message as stream chunks: one per word and per whitespace; the rest on the last chunk."""
    content = message.content
    pieces = [p for p in re.split(r"(\s)", content) if p] if isinstance(content, str) else [content]
    pieces = pieces or [""]
    for piece in pieces[:-1]:
        yield ChatGenerationChunk(message=AIMessageChunk(content=piece, id=message.id))
    yield ChatGenerationChunk(
        message=AIMessageChunk(
            content=pieces[-1],
            id=message.id,
            additional_kwargs=message.additional_kwargs,
            response_metadata=message.response_metadata,
            usage_metadata=message.usage_metadata,
            tool_call_chunks=[
                {"name": call["name"], "args": args, "id": call["id"], "index": i, "type": "tool_call_chunk"}
                for i, (call, args) in enumerate(
                    [(c, json.dumps(c["args"])) for c in message.tool_calls]
                    + [(c, c["args"]) for c in message.invalid_tool_calls]
                )
            ],
            chunk_position="last",
        )
    )


class KeywordEmbeddings(Embeddings):
    """Bag-of-words vectors over a fixed vocabulary, L2-normalised; a text with no vocabulary word is 0.

    `KeywordEmbeddings(["python", "rag", "sql"]).embed_query("RAG with SQL, SQL!")` is
    `[0, 1/√5, 2/√5]`. Words are lower-cased runs of letters, digits, `-` and `_`.
    """

    def __init__(self, vocabulary: Sequence[str]) -> None:
        words = [w.lower() for w in vocabulary]
        bad = [w for w in words if not _WORD.fullmatch(w)]
        if bad or len(set(words)) != len(words):
            msg = f"the vocabulary must be distinct single words; got {list(vocabulary)!r}"
            raise ValueError(msg)
        self.vocabulary = tuple(words)
        self._index = {w: i for i, w in enumerate(words)}
        self.calls = 0
        """How many embed_documents/embed_query calls there were (async ones included)."""
        self.texts: list[str] = []
        """Every text embedded, in order."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """One vector per text."""
        self.calls += 1
        self.texts.extend(texts)
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        """The vector of one text."""
        self.calls += 1
        self.texts.append(text)
        return self._vector(text)

    def _vector(self, text: str) -> list[float]:
        counts = [0.0] * len(self.vocabulary)
        for word in _WORD.findall(text.lower()):
            if word in self._index:
                counts[self._index[word]] += 1
        norm = math.sqrt(sum(c * c for c in counts))
        return [c / norm for c in counts] if norm else counts


_WORD = re.compile(r"[a-z0-9_-]+")


class SpyProvider:
    """A provider that records every call, then passes it on."""

    def __init__(self, inner: PaymentProvider) -> None:
        self.inner = inner
        self.name = inner.name
        self.calls: list[tuple[str, str]] = []

    def charge(self, key: str, student_id: str, amount_cents: int, description: str) -> ChargeResult:
        self.calls.append(("charge", key))
        return self.inner.charge(key, student_id, amount_cents, description)

    def lookup(self, key: str) -> ChargeResult | None:
        self.calls.append(("lookup", key))
        return self.inner.lookup(key)

    def refund(self, key: str, charge_id: str, amount_cents: int) -> RefundResult:
        self.calls.append(("refund", key))
        return self.inner.refund(key, charge_id, amount_cents)

    def lookup_refund(self, key: str) -> RefundResult | None:
        self.calls.append(("lookup_refund", key))
        return self.inner.lookup_refund(key)
