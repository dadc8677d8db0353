"""A base for middleware that only rewrites the model request (usually its system prompt).

Subclasses implement `_request`; the sync and async model-call hooks both delegate to it, so the
logic is written once.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from langchain.agents.middleware.types import (
    AgentMiddleware,
    ContextT,
    ModelRequest,
    ModelResponse,
    ResponseT,
    StateT,
)
from langchain_core.messages import AIMessage


class RequestEditingMiddleware(AgentMiddleware[StateT, ContextT, ResponseT]):
    """Calls the model with the request `_request` returns."""

    def _request(self, request: ModelRequest[ContextT]) -> ModelRequest[ContextT]:
        raise NotImplementedError

    def wrap_model_call(
        self,
        request: ModelRequest[ContextT],
        handler: Callable[[ModelRequest[ContextT]], ModelResponse[ResponseT]],
    ) -> ModelResponse[ResponseT] | AIMessage:
        """Call the model with the edited request."""
        return handler(self._request(request))

    async def awrap_model_call(
        self,
        request: ModelRequest[ContextT],
        handler: Callable[[ModelRequest[ContextT]], Awaitable[ModelResponse[ResponseT]]],
    ) -> ModelResponse[ResponseT] | AIMessage:
        """Async form of `wrap_model_call`."""
        return await handler(self._request(request))
