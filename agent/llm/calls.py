"""The one model-call recorder: call a model, time it, record it, turn a failure into a recorded fallback.

Every place that calls a model goes through `recorded`: the router, the answer writer, the
planner's reviser, and the planner's subagents (the goal splitter, the research workers), whose
model calls happen inside a LangChain agent loop. Each model call is seen by `CallRecorder`, a
callback handler that LangChain calls right before the provider's request and right after its
reply, so a call's latency is its own (not the agent's, not the parsing after it) and its tokens
and cost are read from the reply by `middleware.usage`, as the budget and the traces read them.

`recorded` never raises an `Exception` from the work it runs: the caller gets the failure and
falls back, and the failed call is in the records (zero tokens, outcome `error: <type>`).

`CallMeter` is the accounts' side of the same calls: given to a whole run, it charges each call
as it ends (the student's daily budget, `agent.runtime.daily_budget`), priced as `CallRecorder` prices it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, Self, TypeVar
from uuid import UUID

from langchain_core.callbacks import BaseCallbackHandler, BaseCallbackManager
from langchain_core.outputs import LLMResult
from langchain_core.runnables import RunnableConfig, ensure_config

from agent.config.model_config import ModelConfig
from agent.llm.usage import ModelCall, Usage, model_call, total
from middleware.usage import CallUsage, Prices, call_usage, result_model, result_tokens

log = logging.getLogger(__name__)

T = TypeVar("T")


def failure_of(error: BaseException) -> str:
    """The outcome recorded for a call that raised: its type only (its text may hold hosts or keys)."""
    return f"error: {type(error).__name__}"


class _ModelCallsOnly(BaseCallbackHandler):
    """A callback handler that hears chat-model calls only."""

    @property
    def ignore_chain(self) -> bool:
        """Chains (graph nodes, agent steps) are not model calls."""
        return True

    @property
    def ignore_retriever(self) -> bool:
        """Retrievers are not model calls."""
        return True

    @property
    def ignore_agent(self) -> bool:
        """Agent actions are not model calls."""
        return True


class CallRecorder(_ModelCallsOnly):
    """Records every chat-model call run under it: tokens, cost and the latency of that call alone.

    Safe to share between the parallel branches of one run; a call is matched to its start by
    LangChain's run id.
    """

    run_inline = True  # cheap and non-blocking: timings are taken on the calling thread

    def __init__(self, *, role: str, model: str, prices: Prices) -> None:
        self.role, self.model, self._prices = role, model, prices
        self._lock = threading.Lock()
        self._started: dict[UUID, float] = {}
        self._calls: list[ModelCall] = []

    @property
    def calls(self) -> list[ModelCall]:
        """The calls that have ended, in the order they ended."""
        with self._lock:
            return list(self._calls)

    def on_chat_model_start(
        self, serialized: dict[str, Any], messages: list[list[Any]], *, run_id: UUID, **kwargs: Any
    ) -> None:
        """A chat model call starts: its clock starts."""
        self._start(run_id)

    def on_llm_start(
        self, serialized: dict[str, Any], prompts: list[str], *, run_id: UUID, **kwargs: Any
    ) -> None:
        """A completion model call starts: its clock starts."""
        self._start(run_id)

    def on_llm_end(self, response: LLMResult, *, run_id: UUID, **kwargs: Any) -> None:
        """Record the call: the tokens and cost of its reply, and how long it took."""
        used = call_usage(result_tokens(response), self._prices, self.model, result_model(response))
        self._end(
            run_id, lambda latency: model_call(used, role=self.role, model=self.model, latency_s=latency)
        )

    def on_llm_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        """Record the failed call: no tokens, its latency, and the error's type as its outcome."""
        used = call_usage(None, self._prices, self.model)
        self._end(
            run_id,
            lambda latency: model_call(
                used, role=self.role, model=self.model, latency_s=latency, outcome=failure_of(error)
            ),
        )

    def _start(self, run_id: UUID) -> None:
        with self._lock:
            self._started[run_id] = time.perf_counter()

    def _end(self, run_id: UUID, record: Callable[[float], ModelCall]) -> None:
        ended = time.perf_counter()
        with self._lock:
            started = self._started.pop(run_id, None)
            if started is not None:
                self._calls.append(record(ended - started))


Charge = Callable[[str, CallUsage, Mapping[str, str | None]], None]
"""Told (call id, usage, {"role", "model"}) once for each call that ended with tokens."""


class CallMeter(_ModelCallsOnly):
    """Charges every chat-model call of a run as it ends, through `charge`.

    Handed to a whole run (its callbacks), it sees each call the run makes: in the graph's nodes,
    its subgraphs and the agents inside them. A call is priced as `CallRecorder` prices it (the
    model `recorded` names in the call's metadata, else the one that answered) and named by an id
    that a re-run repeats: `prefix`, the call's LangGraph task (its checkpoint namespace, whose
    task ids come from the checkpoint the task runs from, so a node run again after a crash or a
    resume has the same ones) and its order among that task's calls. A call outside any graph is
    named by LangChain's run id. A call that failed, or reported no tokens, is not charged. A
    charge that raises (the database away) is logged by LangChain's callback manager and lost: the
    student's turn goes on, and its own steps meet the database's absence.
    """

    run_inline = True  # cheap bookkeeping; the charge itself is one insert

    def __init__(self, charge: Charge, *, prices: Prices, prefix: str) -> None:
        self._charge, self._prices, self._prefix = charge, prices, prefix
        self._lock = threading.Lock()
        self._started: dict[UUID, tuple[str, str | None, str | None]] = {}
        self._seen: dict[str, int] = {}

    def on_chat_model_start(
        self,
        serialized: dict[str, Any],
        messages: list[list[Any]],
        *,
        run_id: UUID,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        """A chat model call starts: it gets its id."""
        self._start(run_id, metadata or {})

    def on_llm_start(
        self,
        serialized: dict[str, Any],
        prompts: list[str],
        *,
        run_id: UUID,
        metadata: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        """A completion model call starts: it gets its id."""
        self._start(run_id, metadata or {})

    def on_llm_end(self, response: LLMResult, *, run_id: UUID, **kwargs: Any) -> None:
        """Charge the call: the tokens and cost of its reply."""
        with self._lock:
            started = self._started.pop(run_id, None)
        tokens = result_tokens(response)
        if started is None or not tokens or not any(tokens):
            return
        call_id, role, model = started
        used = call_usage(tokens, self._prices, model, result_model(response))
        self._charge(call_id, used, {"role": role, "model": model or result_model(response)})

    def on_llm_error(self, error: BaseException, *, run_id: UUID, **kwargs: Any) -> None:
        """A failed call is not charged."""
        with self._lock:
            self._started.pop(run_id, None)

    def _start(self, run_id: UUID, metadata: Mapping[str, Any]) -> None:
        task = metadata.get("langgraph_checkpoint_ns")
        role, model = metadata.get("school_role"), metadata.get("school_model")
        with self._lock:
            if task:
                order = self._seen.get(task, 0)
                self._seen[task] = order + 1
                call_id = f"{self._prefix}|{task}|{order}"
            else:
                call_id = f"{self._prefix}|run:{run_id}"
            self._started[run_id] = (call_id, role, model)


@dataclass(frozen=True)
class _Calls:
    calls: list[ModelCall]
    """Every model call the work made, in order, failed ones included."""

    @property
    def usage(self) -> Usage:
        """The totals of the calls, for the thread's running `usage`."""
        return total(self.calls)

    def judged(self, outcome: str) -> Self:
        """The same, with the last call's outcome set to why its answer was not used (`invalid_json`)."""
        if not self.calls:
            return self
        last = self.calls[-1]
        return replace(self, calls=[*self.calls[:-1], ModelCall(**{**last, "outcome": outcome})])


@dataclass(frozen=True)
class Returned(_Calls, Generic[T]):
    """The work returned `value`."""

    value: T


@dataclass(frozen=True)
class Failed(_Calls):
    """The work raised `error`; the caller falls back."""

    error: Exception

    @property
    def failure(self) -> str:
        """The recorded outcome of the failure: `error: <type>`."""
        return failure_of(self.error)


Recorded = Returned[T] | Failed
"""What `recorded` gives back: the work's value, or its failure, with the model calls it made."""


def recorded(
    work: Callable[[RunnableConfig], T],
    *,
    role: str,
    model: str,
    prices: ModelConfig,
    config: RunnableConfig | None = None,
) -> Recorded[T]:
    """Run `work(config)`, which calls the model `model` (directly or in an agent), and record its calls.

    `work` must pass the config it is given to the model or agent it invokes: the recorder rides
    in its callbacks, beside those of the run in progress (the stream, the traces). `config` adds
    tags or metadata; `school_role: role` and `school_model: model` are always added to the
    metadata, for the traces and `CallMeter`. An `Exception` from `work` is logged (its type only)
    and returned in `Recorded.error`; when no model call was seen, the failure is recorded as one
    failed call with the time it took.
    """
    recorder = CallRecorder(role=role, model=model, prices=prices.price_of)
    started = time.perf_counter()
    try:
        value = work(_run_config(config, role, recorder))
    except Exception as err:  # a failed model must not cost the student the turn: the caller falls back
        log.warning("%s model %s failed: %s", role, model, type(err).__name__)
        calls = recorder.calls or [
            model_call(
                call_usage(None, prices.price_of, model),
                role=role,
                model=model,
                latency_s=time.perf_counter() - started,
                outcome=failure_of(err),
            )
        ]
        return Failed(calls, err)
    return Returned(recorder.calls, value)


def _run_config(config: RunnableConfig | None, role: str, recorder: CallRecorder) -> RunnableConfig:
    """`config` with the role in its metadata and the recorder beside the run's own callbacks.

    Only callbacks, tags and metadata are set: the rest (the recursion limit of an agent, the
    checkpoint namespace) stays what the model or agent would take by itself. Handing it
    `callbacks` of its own would replace the run's (no streamed tokens, no parent span), so the
    run's callback manager is copied and the recorder added to it.
    """
    given = config or RunnableConfig()
    metadata = {**given.get("metadata", {}), "school_role": role, "school_model": recorder.model}
    run: RunnableConfig = {**given, "metadata": metadata}
    if "callbacks" not in run:
        run["callbacks"] = ensure_config().get("callbacks")  # the run in progress, if any
    return add_handler(run, recorder)


def add_handler(config: RunnableConfig, handler: BaseCallbackHandler) -> RunnableConfig:
    """`config` (changed in place, and returned) with `handler` among its callbacks, once.

    A callback manager (a run's, inherited by what it calls) is copied before the handler is added.
    """
    callbacks = config.get("callbacks")
    if isinstance(callbacks, BaseCallbackManager):
        manager = callbacks.copy()
        if handler not in manager.handlers:
            manager.add_handler(handler, inherit=True)
        config["callbacks"] = manager
    else:
        handlers = list(callbacks or [])
        config["callbacks"] = handlers if handler in handlers else [*handlers, handler]
    return config
