"""Conversation threads as the faces (CLI, demo, later HTTP) use them: send, decide, resume.

Every check here happens before the graph runs, so bad input raises a `ThreadError` with a
clear message and leaves the thread and the domain exactly as they were.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.runnables import RunnableConfig
from langgraph.types import Command
from psycopg_pool import ConnectionPool

from agent.config.settings import Settings
from agent.domain import knowledge
from agent.infra.locks import ThreadBusyError as ThreadBusyError  # re-exported for the faces
from agent.infra.locks import joined
from agent.journal import turns
from agent.journal.owners import ForeignThreadError as ForeignThreadError  # re-exported for the faces
from agent.journal.owners import ThreadError as ThreadError  # re-exported for the faces
from agent.journal.owners import owner_query, refuse_foreign
from agent.llm.usage import NO_USAGE
from agent.runtime import daily_budget, runs
from agent.runtime.daily_budget import DailyBudgetExhaustedError as DailyBudgetExhaustedError  # for the faces
from agent.runtime.runs import OnEvent, Pregel
from agent.runtime.thread_views import views
from graphs.approvals import InvalidDecisionError, parse_decision
from graphs.state import Context
from middleware import thread_id_from_config

_THREAD_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$")


class InvalidInputError(ThreadError):
    """A thread id, user id or message that is not acceptable."""


class UnknownThreadError(ThreadError):
    """No checkpoint exists for the thread id."""


class NothingPendingError(ThreadError):
    """A decision arrived for a thread that is not waiting for one."""


class InvalidApprovalError(ThreadError):
    """A decision that does not fit the pending action."""


@dataclass(frozen=True)
class Turn:
    """What one call did: the assistant's new replies and the approval it now waits for, if any."""

    thread_id: str
    replies: list[str]
    pending: dict[str, Any] | None
    streamed: str = ""
    """The model tokens already handed to `on_token` during the turn, joined."""
    metadata: dict[str, Any] | None = None
    """The turn's run metadata: routing, answering, model calls with tokens and cost."""


def config_for(thread_id: str) -> RunnableConfig:
    """The run config of a thread, after checking the id."""
    if not isinstance(thread_id, str) or not _THREAD_ID.match(thread_id):
        message = (
            f"invalid thread id {thread_id!r}: use 1-128 letters, digits and . _ : @ -, "
            "starting with a letter or digit"
        )
        raise InvalidInputError(message)
    return {"configurable": {"thread_id": thread_id}}


def check_message(text: object, settings: Settings) -> str:
    """The message a student sends, stripped; InvalidInputError when it is empty, holds NUL or is too long."""
    return _check_text(text, settings)


def _check_text(text: object, settings: Settings) -> str:
    if not isinstance(text, str) or not text.strip():
        raise InvalidInputError("the message is empty; please type a question or a request")
    if "\x00" in text:
        raise InvalidInputError("the message contains a NUL character, which cannot be stored")
    if len(text) > settings.max_message_chars:
        message = f"the message is {len(text):,} characters long; the limit is {settings.max_message_chars:,}"
        raise InvalidInputError(message)
    return text.strip()


def refuse_spent(
    graph: Pregel, thread_id: str, user_id: str, *, spent: Mapping[str, Any] | None = None
) -> None:
    """Raise `DailyBudgetExhaustedError` when the student has spent today's model budget.

    `send` checks it under the thread's lock, with `spent` read in the lock's round trip; the HTTP
    faces also ask before they queue a message.
    """
    daily_budget.refuse_spent(runs.pool_of(graph), thread_id, user_id, spent=spent)


def _check_user(user_id: object) -> str:
    if not isinstance(user_id, str) or not _THREAD_ID.match(user_id):
        raise InvalidInputError(f"invalid user id {user_id!r}")
    return user_id


def _turn(config: RunnableConfig, result: runs.RunResult) -> Turn:
    """What a run did, from the state it left (as streamed; no second read of the checkpoint)."""
    pending = result.interrupts[0] if result.interrupts else None
    return Turn(
        thread_id_from_config(config),
        list(result.replies),
        pending,
        result.streamed,
        result.values.get("turn"),
    )


def _finish_interrupted_run(
    graph: Pregel,
    config: RunnableConfig,
    state: Any,
    on_event: OnEvent | None = None,
    watch: runs.Watch | None = None,
) -> runs.RunResult | None:
    """A run cut off by a crash has work left (`next`) but no interrupt: finish it first.

    Returns what the run did (None when there was nothing to finish).
    """
    if not state.next or state.interrupts:
        return None
    owner = runs.owner(graph, thread_id_from_config(config), state)
    return runs.run(
        graph,
        None,
        config,
        Context(user_id=owner),
        kind="resume",
        actor=owner or "system",
        payload={},
        since=runs.message_ids(state.values),
        on_event=on_event,
        watch=watch,
    )


def _token_events(on_token: Callable[[str], None] | None, on_event: OnEvent | None) -> OnEvent | None:
    """One event callback from the two ways callers listen (tokens only, or every event)."""
    if on_token is None:
        return on_event

    def both(name: str, data: dict[str, Any]) -> None:
        if name == "token":
            on_token(data["text"])
        if on_event is not None:
            on_event(name, data)

    return both


def send(
    graph: Pregel,
    thread_id: str,
    text: str,
    *,
    user_id: str,
    settings: Settings | None = None,
    on_token: Callable[[str], None] | None = None,
    context: Context | None = None,
    on_event: OnEvent | None = None,
    watch: runs.Watch | None = None,
    from_checkpoint: str | None = None,
) -> Turn:
    """One student turn on `thread_id` (created on first use), as `user_id`.

    With `from_checkpoint`, the thread is first branched at that past checkpoint of its own (its
    state there becomes the newest again: LangGraph's fork), and the message continues from it.

    `on_token` receives the answer model's tokens as they stream (the reply in `Turn.replies` is
    the checked, final text); `on_event` receives every progress event (`agent.runtime.runs.OnEvent`);
    `context` carries per-run model overrides; `watch` relays the graph's own stream
    (`agent.runtime.runs.Watch`). Raises ThreadBusyError while another request runs, and
    DailyBudgetExhaustedError, before anything runs, when the student has spent today's budget.
    """
    settings = settings or Settings.from_env()
    config = config_for(thread_id)
    user = _check_user(user_id)
    text = _check_text(text, settings)
    listen = _token_events(on_token, on_event)
    # One round trip takes the lock, reads the thread's head, the student's spend today and the
    # knowledge base's version (its searches this turn may then come from memory), and reserves
    # the turn's id (the turn is then created with the run's input checkpoint). For a thread no
    # run of this process left (a new one, say), whose state may not name its student, it reads
    # the journal's owner too.
    spent = daily_budget.spent_query(runs.pool_of(graph), user)
    owned = None if views.remembers(thread_id) else owner_query(thread_id)
    then = joined(views.head_query(thread_id), spent, turns.reserve_query(), knowledge.version_query(), owned)
    with (
        runs.exclusive(graph, thread_id, then=then) as head,
        knowledge.version_read(knowledge.version_of(head) if head is not None else None),
    ):
        view = views.view(graph, thread_id, head)
        refuse_foreign(thread_id, runs.owner(graph, thread_id, view, read=head), user)
        refuse_spent(graph, thread_id, user, spent=head if spent is not None and head is not None else None)
        if from_checkpoint is not None:  # checked first: nobody else's message branches the thread
            _branch(graph, thread_id, from_checkpoint)
            view = views.view(graph, thread_id, None)  # the head moved: read it afresh
        if view.unfinished:
            _finish_interrupted_run(graph, config, graph.get_state(config), listen, watch)
        elif from_checkpoint is None and head is not None and views.unchanged(thread_id, head) is not None:
            # This process wrote the thread's newest checkpoint, and nothing happened since.
            runs.expect_head(graph, thread_id, head["head"])
        run_context = replace(context, user_id=user) if context else Context(user_id=user)
        message = HumanMessage(text, id=str(uuid.uuid4()))
        result = runs.run(
            graph,
            {"messages": [message]},
            config,
            run_context,
            kind="message",
            actor=user,
            payload={"message": text} | ({"from_checkpoint": from_checkpoint} if from_checkpoint else {}),
            since=str(message.id),
            on_event=listen,
            watch=watch,
            # The id reserved under the lock, unless a resumed run took a turn after it reserved it.
            turn_id=head["next_turn"] if head is not None and not view.unfinished else None,
        )
        return _turn(config, result)


def _paused_state(graph: Pregel, config: RunnableConfig) -> Any:
    state = graph.get_state(config)
    thread_id = thread_id_from_config(config)
    if not state.values:
        raise UnknownThreadError(f"there is no thread {thread_id!r}")
    if not state.interrupts:
        if state.next:
            message = (
                f"thread {thread_id} has nothing waiting for approval: a run was cut off "
                "mid-way; resume it first"
            )
            raise NothingPendingError(message)
        done = " (its last action already ran)" if state.values.get("last_outcome") else ""
        raise NothingPendingError(f"thread {thread_id} has nothing waiting for approval{done}")
    return state


def check_decision(graph: Pregel, thread_id: str, decision: dict[str, Any]) -> None:
    """Raise what `decide` would raise for `decision` on the thread as it is now, writing nothing.

    For callers that accept a decision now and run it later (the LangGraph API's queued runs):
    `decide` checks again under the thread's lock when it runs.
    """
    state = _paused_state(graph, config_for(thread_id))
    try:
        parse_decision(decision, state.values["pending_action"])
    except InvalidDecisionError as err:
        raise InvalidApprovalError(str(err)) from None


def decide(
    graph: Pregel,
    thread_id: str,
    decision: dict[str, Any],
    *,
    on_event: OnEvent | None = None,
    watch: runs.Watch | None = None,
) -> Turn:
    """Resume a thread paused at approval with `{"decisions": [...]}` (approve, edit or reject).

    The check and the run happen under the thread's lock, so a decision cannot land on an action
    that another request has just replaced (its `action_id`, when given, must match).
    """
    config = config_for(thread_id)
    with runs.exclusive(graph, thread_id):
        state = _paused_state(graph, config)
        try:
            parsed = parse_decision(decision, state.values["pending_action"])
        except InvalidDecisionError as err:
            raise InvalidApprovalError(str(err)) from None
        since = runs.message_ids(state.values)
        owner = runs.owner(graph, thread_id, state)
        reviewer = parsed.reviewer or (owner if parsed.role == "student" else None) or "operator"
        result = runs.run(
            graph,
            Command(resume=decision),
            config,
            Context(user_id=owner),
            kind="decision",
            actor=reviewer,
            payload={"decision": decision},
            since=since,
            on_event=on_event,
            watch=watch,
        )
        return _turn(config, result)


def resume(
    graph: Pregel, thread_id: str, *, on_event: OnEvent | None = None, watch: runs.Watch | None = None
) -> Turn:
    """Finish a run that a crash cut off, in whatever process calls this (`watch`: as in `send`)."""
    config = config_for(thread_id)
    with runs.exclusive(graph, thread_id):
        state = graph.get_state(config)
        if not state.values:
            raise UnknownThreadError(f"there is no thread {thread_id!r}")
        if not state.next or state.interrupts:
            raise NothingPendingError(f"thread {thread_id} has no interrupted run to resume")
        result = _finish_interrupted_run(graph, config, state, on_event, watch)
        assert result is not None  # checked above: there is work left and no interrupt
        return _turn(config, result)


def pending(graph: Pregel, pool: ConnectionPool[Any]) -> list[Turn]:
    """Threads paused for an operator's decision, with the approval request of each.

    A thread waiting for its student's own confirmation is not listed: the policy gives that
    decision to the student (`graphs.approvals.check_in_policy`).
    """
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT DISTINCT thread_id FROM checkpoints WHERE checkpoint_ns = '' ORDER BY thread_id"
        ).fetchall()
    found = []
    for row in rows:
        state = graph.get_state(config_for(row["thread_id"]))
        if state.interrupts and state.interrupts[0].value.get("approver", "operator") == "operator":
            found.append(Turn(row["thread_id"], [], state.interrupts[0].value))
    return found


def history(graph: Pregel, thread_id: str) -> list[tuple[str, str]]:
    """The thread's messages as (role, text)."""
    config = config_for(thread_id)
    state = graph.get_state(config)
    if not state.values:
        raise UnknownThreadError(f"there is no thread {thread_id!r}")
    return [(_role(m), str(m.content)) for m in state.values["messages"]]


def check_checkpoint(graph: Pregel, config: RunnableConfig) -> str:
    """The id of the thread's own past checkpoint that `config` names; UnknownThreadError otherwise."""
    thread_id, checkpoint_id = config["configurable"]["thread_id"], config["configurable"]["checkpoint_id"]
    if not graph.get_state(config).values:
        raise UnknownThreadError(f"thread {thread_id!r} has no checkpoint {checkpoint_id!r}")
    return str(checkpoint_id)


def _branch(graph: Pregel, thread_id: str, checkpoint_id: str) -> None:
    """Make the thread's state at its `checkpoint_id` the newest again, as a copy of that checkpoint.

    LangGraph's own fork (`update_state(..., as_node="__copy__")`): the later checkpoints stay in
    the history. What ran after it in the school stays done: an enrollment made later is the
    domain's, and a replayed action meets its idempotency key. Run again after a crash, it makes
    one more identical copy, and the message continues from that one.
    """
    past: RunnableConfig = {
        "configurable": {"thread_id": thread_id, "checkpoint_ns": "", "checkpoint_id": checkpoint_id}
    }
    check_checkpoint(graph, past)  # checked when the run was accepted; pruned since, perhaps
    graph.update_state(past, None, as_node="__copy__")


def usage(graph: Pregel, thread_id: str) -> dict[str, Any]:
    """The thread's model usage and cost so far, and the latest turn's run metadata."""
    config = config_for(thread_id)
    state = graph.get_state(config)
    if not state.values:
        raise UnknownThreadError(f"there is no thread {thread_id!r}")
    totals = state.values.get("usage") or NO_USAGE
    return {"thread_id": thread_id, "usage": totals, "last_turn": state.values.get("turn")}


def _role(message: Any) -> str:
    if isinstance(message, HumanMessage):
        return "student"
    if isinstance(message, AIMessage):
        return "assistant"
    return str(message.type)
