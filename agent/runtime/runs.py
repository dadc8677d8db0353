"""Running the graph for a request: one writer per thread, the journal, and live progress events.

`run` streams the graph (LangGraph's `tasks` and `checkpoints` modes, and `messages` when someone
listens for tokens) and turns what it sees into progress events for the caller (the CLI's live
view, the HTTP API's Server-Sent Events), into journal rows (a turn, its steps as plan items, and
events) and into the state the run left, so that nobody reads the thread again afterwards.
`exclusive` holds the thread's advisory lock around a request, so a second request on a busy
thread fails at once, in any process (`agent.infra.locks`). A run's steps and events ride in the
statement of the thread's next checkpoint (`PooledPostgresSaver.ride`), so they commit with the
checkpoint that records them; what no checkpoint carried, and the turn's end, go in one unsynced
statement sent with the commit that releases the thread's lock (or through the main pool when no
lock is held; `agent.journal.turns`). Without a Postgres checkpointer (tests with an in-memory
one) runs are neither locked nor journaled.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from typing import Any, cast

import psycopg
from langchain_core.messages import AIMessage, AIMessageChunk
from langchain_core.runnables import RunnableConfig
from langgraph.channels import DeltaChannel
from langgraph.pregel import Pregel as _Pregel
from langgraph.types import StreamMode
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from agent.infra import run_threads
from agent.infra.ledgers import StudentCharge, charges_query
from agent.infra.locks import Query, locks_for, write_on_release
from agent.infra.persistence import DatabaseUnavailableError
from agent.journal import owners, turns
from agent.journal.connections import Database
from agent.journal.events import insert_event, pending_first
from agent.llm.tracing import tracing_config
from agent.runtime import daily_budget
from agent.runtime.thread_views import ThreadView, views
from middleware import thread_id_from_config

log = logging.getLogger(__name__)

Pregel = _Pregel[Any, Any, Any, Any]
"""Any compiled graph: the runtime runs whichever it is handed (`graphs.school.build_graph`'s, a test's)."""

OnEvent = Callable[[str, dict[str, Any]], None]
"""Receives (event name, data): turn_started, step_started, step_completed, token, reply,
approval_requested, turn_completed."""

TOKEN_NODES = ("answer",)
"""Nodes whose model tokens are streamed to the caller (the planner's agents talk among themselves)."""
OWN_MODES = ("tasks", "checkpoints")
"""The stream modes a run always reads: its journal and its final state come from them."""
START_WAIT_S = 5.0
"""How long a run's first step start waits for the input checkpoint to take the turn's start along
(it is handed to the saver at once; this bounds the wait should a LangGraph version not write one)."""


class RunStoppedError(Exception):
    """A run stopped at a step boundary because someone asked it to (`Watch.stop`).

    Its finished steps are saved.
    """


@dataclass(frozen=True)
class Watch:
    """What a caller that relays the graph's own stream asks of a run (the LangGraph Server API).

    `modes` are LangGraph stream modes handed to `on_chunk(namespace, mode, chunk)` as the graph
    emits them (with `subgraphs`, from subgraphs too); `run_id` is written into the metadata of
    every checkpoint the run makes (so `delete_for_runs` can take them back); `stop` is asked at
    each step boundary, once the step's checkpoint is stored, and a reason it returns ends the run
    there with `RunStoppedError`.
    """

    modes: tuple[str, ...] = ()
    on_chunk: Callable[[tuple[str, ...], str, Any], None] | None = None
    subgraphs: bool = False
    run_id: str | None = None
    stop: Callable[[], str | None] | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    """Written into the run's metadata, so into every checkpoint's (the platform's run metadata)."""
    configurable: Mapping[str, Any] = field(default_factory=dict)
    """Added to the run's `configurable` (ids a client sees in debug events)."""
    tokens: bool = True
    """`on_event` gets the answer model's tokens. Without them (and without `messages` in `modes`)
    the model is not asked to stream at all, which costs it less."""


@dataclass(frozen=True)
class RunResult:
    """What a run streamed, its journal turn (None when not journaled), and where it left the thread."""

    streamed: str
    turn_id: int | None
    values: dict[str, Any]
    """The thread's state after the run, as saved (read from the stream, not the database)."""
    interrupts: list[Any]
    """The values of the interrupts the run stopped at (the approval requests)."""
    replies: list[str] = field(default_factory=list)
    """The texts of the assistant's messages after the run's `since` (`replies_after`), as journaled."""


def pool_of(graph: Pregel) -> ConnectionPool[Any] | None:
    """The connection pool behind the graph's Postgres checkpointer, if it has one."""
    pool = getattr(getattr(graph, "checkpointer", None), "conn", None)
    return pool if isinstance(pool, ConnectionPool) else None


def owner(
    graph: Pregel, thread_id: str, state: Any = None, *, read: Mapping[str, Any] | None = None
) -> str | None:
    """The student a thread belongs to: the project's one owner lookup (`agent.journal.owners`).

    The student its state names, else the one the journal recorded, which knows the student of a
    first run cut off before the router stored it (None without a journal). `state` is what the
    caller has read of the thread: a state snapshot or a `ThreadView`. Without it, the journal is
    asked first and the state is read only when the journal has no owner. `read`: a row that
    holds the journal's owner as `journal_owner` (`agent.journal.owners.owner_query`), read under
    the thread's lock; the journal is then not asked again.
    """
    if state is None:
        found = _recorded_owner(graph, thread_id, read) or _state_student(graph, thread_id)
    else:
        named = state.student_id if isinstance(state, ThreadView) else state.values.get("student_id")
        found = named or _recorded_owner(graph, thread_id, read)
    return str(found) if found else None


def _recorded_owner(graph: Pregel, thread_id: str, read: Mapping[str, Any] | None = None) -> str | None:
    if read is not None and "journal_owner" in read:
        return str(read["journal_owner"]) if read["journal_owner"] else None
    pool = pool_of(graph)
    return owners.owner_of(pool, thread_id) if pool is not None else None


def _state_student(graph: Pregel, thread_id: str) -> Any:
    return graph.get_state({"configurable": {"thread_id": thread_id}}).values.get("student_id")


@contextmanager
def exclusive(graph: Pregel, thread_id: str, *, then: Query | None = None) -> Iterator[Any]:
    """Hold the thread's lock (ThreadBusyError when another request holds it).

    Graphs on resources from `agent.infra.persistence` are locked; others (in-memory tests) are not.
    Yields the first row of `then`, run once the lock is held (`ThreadLocks.hold`); None when
    there is no lock or no `then`.
    """
    locks = locks_for(pool_of(graph))
    if locks is None:
        yield None
        return
    with locks.hold(thread_id, then=then) as row:
        yield row


Since = str | frozenset[str]
"""Where a run's replies start: the id of the message the run added (its replies come after it), or
the ids of the messages the thread held before the run (its replies are the new ones). Not a count:
the router trims the oldest messages (`graphs.state.MESSAGE_WINDOW`), which shifts positions."""


def run(
    graph: Pregel,
    value: Any,
    config: RunnableConfig,
    context: Any,
    *,
    kind: turns.TurnKind,
    actor: str,
    payload: dict[str, Any],
    since: Since,
    on_event: OnEvent | None = None,
    watch: Watch | None = None,
    turn_id: int | None = None,
) -> RunResult:
    """Run the graph on `value`, journaling the turn and reporting progress to `on_event`.

    The assistant messages after `since` are the run's replies; `watch` relays the graph's stream.
    `turn_id`, reserved by the caller (`agent.journal.turns.reserve_query`) for a message, lets
    the turn be created with the run's input checkpoint instead of in a statement of its own.
    """
    watch = watch or Watch()
    pool = pool_of(graph)
    thread = thread_id_from_config(config)
    emit = _Emitter(pool, thread, on_event)
    saver = getattr(graph, "checkpointer", None)
    owner = actor if kind == "message" else None
    if emit.db is not None and turn_id is not None and kind == "message" and hasattr(saver, "ride"):
        # Created in the statement of the run's input checkpoint, which is stored before the
        # first step's start is journaled (`_Emitter.write` waits for it): the owner is claimed
        # exactly when the thread has the message, before any node can need it.
        emit.turn = turn_id
        emit.start(turns.Start(turn_id, thread, kind, actor, payload, owner))
    elif emit.db is not None:
        # The owner is claimed durably before the graph runs: a run cut off before the router
        # stored the student is resumed for the right student (`owner`).
        emit.turn = turns.start_turn(
            emit.db,
            thread_id=thread,
            kind=kind,
            actor=actor,
            payload=payload,
            owner=owner,
        )
    config = {
        **config,
        "configurable": {**config["configurable"], **watch.configurable, "turn_id": emit.turn},
    }
    emit("turn_started", {"turn_id": emit.turn, "thread_id": thread, "kind": kind})
    riding = emit.db is not None and emit.turn is not None and hasattr(saver, "ride")
    # While the graph runs, a node's own journal event (a grant, a tool's result) is written after
    # the steps' rows still pending here, in its own statement (`_Emitter.record`).
    scopes = ExitStack()
    if emit.db is not None and emit.turn is not None:
        scopes.enter_context(pending_first(emit))
    try:
        if riding:
            saver.ride(thread, emit)  # type: ignore[union-attr]
        metadata = {**config.get("metadata", {}), **watch.metadata, "user_id": actor}
        if watch.run_id is not None:
            metadata["run_id"] = watch.run_id
        traced = tracing_config({**config, "metadata": metadata})
        # Every model call of the run is charged to the student it acts for (their daily budget).
        # Each charge rides with the thread's next checkpoint, or the turn's end (`_Emitter.charge`).
        pend = emit.charge if emit.db is not None and emit.turn is not None else None
        traced = daily_budget.metered(pool, traced, getattr(context, "user_id", None), pend=pend)
        # durability="sync": a step starts only once the previous checkpoint is stored, so a crash
        # never leaves a checkpoint whose next step is lost (found by the crash sweep).
        # Model tokens are streamed only to a listener: LangGraph's `messages` mode hooks every step.
        tokens = ["messages"] if on_event is not None and watch.tokens else []
        # The faces accept only LangGraph's own stream modes (`Watch.modes`).
        modes = cast(list[StreamMode], list(dict.fromkeys([*OWN_MODES, *tokens, *watch.modes])))
        # With a list of modes each item is a (mode, chunk) tuple, (namespace, mode, chunk) with subgraphs.
        stream: Iterator[Any] = graph.stream(
            value, traced, context=context, stream_mode=modes, durability="sync", subgraphs=watch.subgraphs
        )
        # The run's helper threads are this thread's, kept from its last run (`run_threads`).
        scopes.enter_context(run_threads.kept_threads(traced.get("max_concurrency")))
        for item in stream:
            namespace, mode, chunk = item if watch.subgraphs else ((), *item)
            if mode in watch.modes and watch.on_chunk is not None:
                watch.on_chunk(namespace, mode, chunk)
            if namespace:
                continue
            if mode == "tasks":
                emit.task(chunk)
            elif mode == "messages":
                if tokens:
                    emit.message(*chunk)
            elif mode == "checkpoints":
                emit.checkpoint(chunk)
                # A stop is heard between steps; after the last one is stored the run is done.
                reason = watch.stop() if watch.stop is not None and chunk.get("next") else None
                if reason is not None:
                    raise RunStoppedError(reason)
    except BaseException as err:
        if riding:
            saver.ride(thread, None)  # type: ignore[union-attr]
        views.forget(thread)
        try:
            emit.failed(err)
        except (psycopg.Error, PoolTimeout):
            log.warning("could not journal the failure of turn %s", emit.turn)
        if isinstance(err, psycopg.OperationalError | PoolTimeout):
            message = (
                f"the database connection was lost during the run on thread {thread}; its "
                "finished steps are saved: once the database is back, resume it with "
                f"`school-agent resume {thread}` (or send the request again)"
            )
            raise DatabaseUnavailableError(message) from err
        raise
    finally:
        scopes.close()
    if riding:
        saver.ride(thread, None)  # type: ignore[union-attr]
    if emit.values is None:  # nothing ran (a resume with nothing left to do)
        state = graph.get_state(config)
        emit.values = state.values
        emit.interrupts = [i.value for i in state.interrupts]
    emit.finished(since)
    if emit.head is not None and not emit.interrupts and hasattr(saver, "hold_values"):
        # The saver answers the thread's next load from memory when nothing happened since.
        saver.hold_values(thread, emit.head, emit.values, delta_channels(graph))  # type: ignore[union-attr]
    if emit.db is not None and emit.head is not None:
        owner = emit.values.get("student_id")
        views.remember(
            thread,
            head=emit.head,
            turn=emit.turn,
            view=ThreadView(student_id=str(owner) if owner else None, unfinished=False),
        )
    return RunResult("".join(emit.streamed), emit.turn, emit.values, emit.interrupts, emit.replies)


def delta_channels(graph: Pregel) -> frozenset[str]:
    """The graph's channels that LangGraph stores as writes since a snapshot (`DeltaChannel`)."""
    return frozenset(name for name, channel in graph.channels.items() if isinstance(channel, DeltaChannel))


def expect_head(graph: Pregel, thread_id: str, head: str | None) -> None:
    """Tell the graph's saver that `head` is the thread's newest checkpoint and nothing happened since.

    For a caller that checked it under the thread's lock (`thread_views`): the run's first load of
    the thread is then answered from what the saver remembers (no query), when it remembers it.
    """
    saver = getattr(graph, "checkpointer", None)
    expect = getattr(saver, "expect_head", None)
    if head is not None and expect is not None:
        expect(thread_id, head)


def replies_after(values: dict[str, Any], since: Since) -> list[str]:
    """The texts of the assistant's messages in a thread's state that came after `since`."""
    messages = values.get("messages", [])
    if isinstance(since, str):
        # The last message with that id, found from the end: the run's own are the newest.
        last = next((i for i in range(len(messages) - 1, -1, -1) if messages[i].id == since), None)
        new = messages[last + 1 :] if last is not None else []
    else:
        new = [m for m in messages if m.id not in since]
    return [str(m.content) for m in new if isinstance(m, AIMessage)]


def message_ids(values: dict[str, Any]) -> frozenset[str]:
    """The ids of a state's messages (a `Since` for the next run)."""
    return frozenset(str(m.id) for m in values.get("messages", []))


_Taken = tuple[
    turns.Start | None, list[turns.StepRecord], list[tuple[str, dict[str, Any]]], list[StudentCharge]
]
"""What a checkpoint's rider took: the turn's start, finished steps, events, charges."""


class _Emitter:
    """Turns stream items into events, journal rows and plan items for one run.

    A step's start, and a finished step and its events, wait here until a checkpoint of the
    thread carries them (`take`, called by the saver: a step's start goes with the checkpoint
    that closes the step), a node journals an event of its own (`record`: they go first, in its
    statement) or the turn ends (`journal`, with the lock's release): the events reach `on_event`
    at once all the same, and the journal keeps their order.
    """

    def __init__(self, db: Database | None, thread: str, on_event: OnEvent | None) -> None:
        self.db, self.thread, self.on_event = db, thread, on_event
        self.turn: int | None = None
        self.step = 0
        self.streamed: list[str] = []
        self.values: dict[str, Any] | None = None
        self.head: str | None = None
        self.interrupts: list[Any] = []
        self.replies: list[str] = []
        """The run's replies, once it finished (`finished`)."""
        self._lock = threading.Lock()
        self._start: turns.Start | None = None
        """The turn itself, when it is created with the run's input checkpoint and is not yet."""
        self._steps: list[turns.StepRecord] = []
        self._events: list[tuple[str, dict[str, Any]]] = []
        """Finished steps and events not yet journaled."""
        self._charges: list[StudentCharge] = []
        """The model calls charged to the student and not yet written (`agent.runtime.daily_budget`)."""
        self._taken: _Taken = (None, [], [], [])
        self._settled = threading.Event()
        """Clear while the turn's start waits for the run's input checkpoint or is being stored with it."""
        self._settled.set()

    def __call__(self, name: str, data: dict[str, Any]) -> None:
        if self.on_event is not None:
            self.on_event(name, data)

    def start(self, start: turns.Start) -> None:
        """Create the turn with the thread's next checkpoint (its input), or with the next write."""
        with self._lock:
            self._start = start
            self._settled.clear()

    def charge(self, charge: StudentCharge) -> None:
        """A model call charged to the student: written with the thread's next checkpoint, or the turn's end.

        A process that dies before either loses it with the step that made the call, which runs
        again and charges it then (under the same call id, so a charge is never counted twice).
        """
        with self._lock:
            self._charges.append(charge)

    def _pend(self, events: list[tuple[str, dict[str, Any]]], step: turns.StepRecord | None = None) -> None:
        with self._lock:
            self._steps.extend([step] if step is not None else [])
            self._events.extend(events)

    def take(self, *, closing: bool) -> list[turns.Query]:
        """What is pending, as statements for the thread's next checkpoint (a saver's rider).

        The turn's start and the model calls charged go with any checkpoint of the run; finished
        steps and their events only with one that closes a step, stored after the step's own writes.
        """
        with self._lock:
            start, self._start = self._start, None
            charges, self._charges = self._charges, []
            steps, events = (self._steps, self._events) if closing else ([], [])
            if closing:
                self._steps, self._events = [], []
            self._taken = (start, steps, events, charges)
        if self.turn is None:
            return []
        written = turns.parts(self.turn, thread_id=self.thread, start=start, steps=steps, events=events)
        return [*written, charges_query(charges)] if charges else written

    def carried(self) -> None:
        """The last `take` was stored with its checkpoint."""
        with self._lock:
            self._taken = (None, [], [], [])
        self._settled.set()

    def give_back(self) -> None:
        """The checkpoint that carried the last `take` was not stored: keep its rows pending."""
        with self._lock:
            taken, self._taken = self._taken, (None, [], [], [])
        self._restore(*taken)
        self._settled.set()

    def _restore(
        self,
        start: turns.Start | None,
        steps: list[turns.StepRecord],
        pending: list[tuple[str, dict[str, Any]]],
        charges: Sequence[StudentCharge] = (),
    ) -> None:
        """Rows taken for a write that failed: pending again, before any pended since."""
        with self._lock:
            self._start = self._start or start
            self._steps, self._events = [*steps, *self._steps], [*pending, *self._events]
            self._charges = [*charges, *self._charges]

    @property
    def thread_id(self) -> str:
        """The run's thread (`agent.journal.events.Pending`)."""
        return self.thread

    def _drain(
        self, *, carrier_expected: bool
    ) -> tuple[turns.Start | None, list[turns.StepRecord], list[tuple[str, dict[str, Any]]]]:
        # After the input checkpoint that carries the turn's start (the rows below belong to that
        # turn and come after its own in the journal); if none takes it in time (`START_WAIT_S`),
        # or none is coming (`carrier_expected` false), the start is written here instead.
        if not self._settled.wait(START_WAIT_S if carrier_expected else 0):
            with self._lock:
                in_flight = self._taken[0] is not None
            if in_flight:
                self._settled.wait()
        with self._lock:
            drained = (self._start, self._steps, self._events)
            self._start, self._steps, self._events = None, [], []
        return drained

    def record(self, db: Database, row: tuple[Any, ...]) -> int | None:
        """A node's own event `row` (`agent.journal.events.Pending`): written after what is pending.

        Through a pool, in one statement with the pending rows (`turns.then_event`), so the
        step's start and the node's event commit together, in order, in the round trip the node
        pays anyway. On a connection the node holds (its transaction may yet roll back), the
        pending rows are written first, on their own.
        """
        start, steps, pending = self._drain(carrier_expected=True)
        if self.db is None or self.turn is None:
            return insert_event(db, row)
        try:
            if not isinstance(db, ConnectionPool):
                written = turns.parts(
                    self.turn, thread_id=self.thread, start=start, steps=steps, events=pending
                )
                turns.write(self.db, written)
                start, steps, pending = None, [], []
                return insert_event(db, row)
            (sql, params), before = turns.then_event(
                self.turn, row, thread_id=self.thread, start=start, steps=steps, events=pending
            )
            with db.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
                ids = cur.execute(sql, params).fetchall()
        except BaseException:
            self._restore(start, steps, pending)
            raise
        return int(ids[before]["id"]) if len(ids) > before else None

    def journal(self, events: list[tuple[str, dict[str, Any]]], ending: turns.Ending) -> None:
        """Write the pending steps and events, `ending`, then `events`: with the lock's release if held."""
        self._pend(events)
        start, steps, pending = self._drain(carrier_expected=False)
        with self._lock:
            charges, self._charges = self._charges, []
        if self.db is None or self.turn is None:
            return
        if start is not None:  # no checkpoint carried it: the turn's row first, which `ending` updates
            turns.write(self.db, turns.parts(self.turn, thread_id=self.thread, start=start))
        statements = turns.parts(self.turn, thread_id=self.thread, steps=steps, ending=ending, events=pending)
        statements += [charges_query(charges)] if charges else []
        one = turns.chained(statements)
        if one is not None and not write_on_release(self.thread, turns.unsynced(one)):
            turns.write(self.db, statements)

    def task(self, chunk: dict[str, Any]) -> None:
        node = chunk["name"]
        if "input" in chunk:
            self.step += 1
            started = {"node": node, "step": self.step}
            # Pending, not written: the checkpoint that closes the step carries it (or a node's
            # own event, `record`, or the turn's end), a round trip fewer per step.
            self._pend([("step_started", started)])
            self("step_started", started)
            return
        status = "interrupted" if chunk.get("interrupts") else "failed" if chunk.get("error") else "completed"
        ended = {"node": node, "step": self.step}
        events: list[tuple[str, dict[str, Any]]] = [
            ("step_failed", {**ended, "error": type(chunk["error"]).__name__})
            if chunk.get("error")
            else ("step_completed", {**ended, "status": status})
        ]
        for interrupt in chunk.get("interrupts") or []:
            self.interrupts.append(interrupt["value"])
            events.append(("approval_requested", dict(interrupt["value"])))
        self._pend(events, turns.StepRecord(self.step, node, status, approval=node == "approval"))
        for name, data in events:
            self(name, data)

    def checkpoint(self, chunk: dict[str, Any]) -> None:
        self.values = chunk["values"]
        self.head = chunk["config"]["configurable"]["checkpoint_id"]

    def message(self, message: Any, meta: dict[str, Any]) -> None:
        node = meta.get("langgraph_node") if isinstance(meta, dict) else None
        if isinstance(message, AIMessageChunk) and node in TOKEN_NODES and message.text:
            self.streamed.append(message.text)
            self("token", {"text": message.text})

    def failed(self, err: BaseException) -> None:
        error = type(err).__name__
        self.journal([("turn_failed", {"error": error})], turns.Ending("failed", error=error))

    def finished(self, since: Since) -> None:
        values = self.values or {}
        replies = self.replies = replies_after(values, since)
        for text in replies:
            self("reply", {"text": text})
        status: turns.Status = "awaiting_approval" if self.interrupts else "completed"
        intent = values.get("intent")
        completed = {"turn_id": self.turn, "status": status, "intent": intent, "replies": replies}
        self.journal([("turn_completed", completed)], turns.Ending(status, intent, {"replies": replies}))
        self("turn_completed", {"turn_id": self.turn, "status": status, "intent": intent})
