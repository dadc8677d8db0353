"""A chat model that answers after a fixed delay, streaming its reply word by word.

Stands in for a real model in the benchmark: its latency is known, so what remains of a turn's time
is ours. Sync and async paths sleep the same way (the async one without blocking the loop). Like a real
model's, its replies report their tokens (the last chunk of a stream), so a run that charges model
calls (the project's daily budget) does here what it does in production.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.messages.ai import UsageMetadata
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult

from qa.model_stub import REPLY

USAGE = UsageMetadata(
    input_tokens=300, output_tokens=len(REPLY.split(" ")), total_tokens=300 + len(REPLY.split(" "))
)
"""What every reply reports using: a catalog prompt's size, a word a token."""


def _chunk(i: int, words: list[str]) -> AIMessageChunk:
    """The `i`th word of a streamed reply; the last one carries the reply's usage."""
    last = i == len(words) - 1
    return AIMessageChunk(content=(" " + words[i]) if i else words[i], usage_metadata=USAGE if last else None)


class SlowChatModel(BaseChatModel):
    """Answers `REPLY` after `delay_s`; streamed, the first word comes after `first_token_s`."""

    delay_s: float = 0.2
    first_token_s: float = 0.1

    @property
    def _llm_type(self) -> str:
        return "slow-fake"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        time.sleep(self.delay_s)
        return ChatResult(generations=[ChatGeneration(message=AIMessage(REPLY, usage_metadata=USAGE))])

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        await asyncio.sleep(self.delay_s)
        return ChatResult(generations=[ChatGeneration(message=AIMessage(REPLY, usage_metadata=USAGE))])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        words = REPLY.split(" ")
        time.sleep(self.first_token_s)
        gap = (self.delay_s - self.first_token_s) / max(len(words) - 1, 1)
        for i in range(len(words)):
            if i:
                time.sleep(gap)
            chunk = ChatGenerationChunk(message=_chunk(i, words))
            if run_manager is not None:
                run_manager.on_llm_new_token(chunk.text, chunk=chunk)
            yield chunk

    async def _astream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> AsyncIterator[ChatGenerationChunk]:
        words = REPLY.split(" ")
        await asyncio.sleep(self.first_token_s)
        gap = (self.delay_s - self.first_token_s) / max(len(words) - 1, 1)
        for i in range(len(words)):
            if i:
                await asyncio.sleep(gap)
            chunk = ChatGenerationChunk(message=_chunk(i, words))
            if run_manager is not None:
                await run_manager.on_llm_new_token(chunk.text, chunk=chunk)
            yield chunk
