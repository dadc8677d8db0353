"""Executing a thread's next run on a worker: what the API recorded, with the runtime's guarantees.

Below the faces: a worker's job (`agent.worker.tasks`) calls `execute_next`, and the
HTTP API that accepted the run follows its events and end through Postgres. A run that fails is
recorded with its kind and words (`agent.runtime.failures.Failure`), which the API answers with
its HTTP status; nothing here knows HTTP.

A run's `work` (written by the API that accepted it, `agent.journal.api_runs`) says what to do:
send a student's message, or decide the pending approval; the graph's stream modes are relayed as
the platform's events. The run goes through `agent.runtime.threads`, so it holds the thread's
one-writer lock, is journaled and runs with `durability="sync"`. Its end is recorded with whose
decision the thread now waits for (`awaiting`, the operators' and students' inbox), in the same
transaction; a stateless run's temporary thread is deleted there instead. The webhooks the end
fires (`run.ended`, and `thread.awaiting_operator` when the thread starts waiting for an operator)
are written to the outbox in that transaction too (`agent.journal.webhooks`), then queued for a
worker (`agent.worker.deliveries`).

A run taken a second time (`attempt` > 1: its first worker died) goes on from its last
checkpoint when it made one (the checkpoints carry its run id), else starts over; either way the
journal records `run_retried`, and the domain's idempotency keys keep side effects to one. A run
that loses the database (a restart) is not failed: it stays `running` and its job is retried
(`RunCutOffError`), which continues it the same way once the database is back.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from agent.config import faults
from agent.infra import engine
from agent.infra.locks import ThreadBusyError
from agent.infra.persistence import DatabaseUnavailableError, Resources
from agent.journal import api_runs, webhooks
from agent.journal.events import record_event
from agent.journal.feeds import EventWriter, Wakeups
from agent.runtime import failures, threads
from agent.runtime.platform_json import json_text, relay, thread_values, values_text
from agent.runtime.runs import Pregel, RunStoppedError, Watch

log = logging.getLogger(__name__)


class RunCutOffError(Exception):
    """The database went away during the run: the run is left `running` for its job's retry.

    The retry (`agent.worker.tasks`) claims it again and goes on from its last
    checkpoint, as after a worker's death.
    """


BUSY_WAIT_S = 60.0
"""How long a queued run waits for a thread held outside the engine (the CLI) before failing."""
BUSY_POLL_S = 0.2


@dataclass(frozen=True)
class Work:
    """What a run does, as its API recorded it."""

    kind: str
    """`send` (a student's message) or `decide` (a decision on the pending approval)."""
    text: str = ""
    user_id: str = ""
    decision: dict[str, Any] | None = None
    modes: tuple[str, ...] = ()
    subgraphs: bool = False
    relay: bool = True
    """Events are relayed (False: a `wait` run, which keeps only its result)."""
    configurable: dict[str, Any] | None = None
    wait_for_lock: bool = True
    from_checkpoint: str | None = None
    """A message sent from this past checkpoint of the thread (time travel), not from its newest."""
    temporary: bool = False
    """The thread is deleted when the run ends (a stateless run's, `on_completion="delete"`)."""

    @classmethod
    def of(cls, raw: dict[str, Any]) -> Work:
        """The work of a run record; ValueError when it is not a run's."""
        if raw.get("kind") not in ("send", "decide"):
            raise ValueError(f"not a run's work: kind {raw.get('kind')!r}")
        return cls(
            kind=raw["kind"],
            text=str(raw.get("text") or ""),
            user_id=str(raw.get("user_id") or ""),
            decision=raw.get("decision"),
            modes=tuple(raw.get("modes") or ()),
            subgraphs=bool(raw.get("subgraphs")),
            relay=bool(raw.get("relay", True)),
            configurable=dict(raw.get("configurable") or {}),
            wait_for_lock=bool(raw.get("wait_for_lock", True)),
            from_checkpoint=raw.get("from_checkpoint"),
            temporary=bool(raw.get("temporary")),
        )


def execute_next(
    resources: Resources, graph: Pregel, thread_id: str, worker: str, wakeups: Wakeups | None = None
) -> str | None:
    """Claim and execute the thread's next run on `worker`; its id (None: the thread had none).

    `wakeups` (the worker process's listener) tells the run of a stop asked of it; without it,
    or while it is not listening, the run asks the database at each step.
    """
    pool = resources.pool
    stops = _Stops(pool, wakeups, thread_id)  # following the thread's stops before the claim reads them
    try:
        run = api_runs.claim_next(pool, thread_id, worker)
        if run is None:
            log.info("thread %s has no run to do (cancelled, or done by an earlier job)", thread_id)
            return None
        stops.claimed(run)
        return _execute(resources, graph, run, stops)
    finally:
        stops.close()


def _execute(resources: Resources, graph: Pregel, run: api_runs.ClaimedRun, stops: _Stops) -> str:
    pool, thread_id = resources.pool, run["thread_id"]
    run_id, attempt = run["run_id"], run["attempt"]
    try:
        work = Work.of(run["work"])
    except ValueError as err:
        log.error("run %s cannot be executed: %s", run_id, err)
        _end(resources, run, _Ending("error", "malformed run", failure=failures.failure(err, began=False)))
        return run_id
    first = 0
    if attempt > 1:
        first = api_runs.last_seq(pool, run_id) + 1
        payload = {"run_id": run_id, "attempt": attempt, "previous_worker": run["worker_before"]}
        record_event(pool, thread_id, "run_retried", payload)
    writer = EventWriter(pool, run_id, first=first)
    writer.put("metadata", json.dumps({"run_id": run_id, "attempt": attempt}))  # kept with the run's start
    try:
        status, error, result, failure, turn = _run(resources, graph, run, work, writer, stops)
    finally:
        try:
            writer.close()
        except Exception:  # the events are a view; the run's end must still be recorded
            log.warning("run %s ended with some events not kept", run_id)
    if status is None:  # rolled back: the run and its checkpoints are gone
        return run_id
    # The values as JSON, for the webhooks alone: the result itself is kept as the text it is.
    values = json.loads(result.text) if result is not None and _webhooks_for(resources, run) else None
    if work.temporary:
        # The thread's record and checkpoints go with the run's end: whoever sees it ended sees the
        # thread gone, and a worker that dies before leaves a run that is taken again, never one
        # done twice. The saver then forgets what it kept of the thread (nothing is left to delete).
        _end(resources, run, _Ending(status, error, result, failure, values=values, forget_thread=True))
        resources.checkpointer.delete_thread(thread_id)
        return run_id
    awaiting = _awaiting_after(turn) if turn is not None else _awaiting(graph, thread_id)
    if values is None and _webhooks_for(resources, run):
        values = _values_or_none(graph, thread_id)  # a failed run's webhook carries the state it left
    _end(resources, run, _Ending(status, error, result, failure, values=values, awaiting=awaiting))
    return run_id


class _Stops:
    """Whether a stop was asked of the running run (`Watch.stop`, asked at each step boundary).

    Heard from the worker's wake-ups: a stop is announced on its thread (`api_runs.stop_key`), so
    the database is asked only when one was, or when the listener may have missed one (not
    listening, or listening again since it was last asked: a lost connection). The thread is
    followed before the run is claimed, so a stop asked after the claim read the run is heard.
    """

    def __init__(self, pool: ConnectionPool[Any], wakeups: Wakeups | None, thread_id: str) -> None:
        self.pool, self.wakeups = pool, wakeups
        self.key = api_runs.stop_key(thread_id)
        self.mark = wakeups.mark(self.key) if wakeups is not None else None
        self.run_id: str | None = None
        self.known: api_runs.Stop | None = None

    def claimed(self, run: api_runs.ClaimedRun) -> None:
        """The run taken, and the stop asked of it when it was (a retried run may have one)."""
        self.run_id, self.known = run["run_id"], run["stop"]

    def check(self) -> str | None:
        """The stop asked of the run (`interrupt`, `rollback`), if any."""
        if self.wakeups is not None and self.wakeups.quiet_since(self.key, self.mark):
            return self.known
        if self.wakeups is not None:
            self.mark = self.wakeups.mark(self.key)  # before the read: a stop asked after it is heard
        if self.run_id is not None:
            self.known = api_runs.stop_of(self.pool, self.run_id)
        return self.known

    def close(self) -> None:
        """The run is over: its thread's stops are not followed any more."""
        if self.wakeups is not None:
            self.wakeups.forget(self.key)


@dataclass(frozen=True)
class _Ending:
    """How a run ended, as `api_runs.finish` records it, and the values its webhooks carry."""

    status: str
    error: str | None
    result: api_runs.JsonText | None = None
    failure: failures.Failure | None = None
    values: Any = None
    awaiting: api_runs.Awaiting = None
    forget_thread: bool = False


def _webhooks_for(resources: Resources, run: api_runs.RunRow) -> list[tuple[webhooks.Target, str]]:
    """Where the run's events go: its own `webhook`, the school's (none when webhooks are off)."""
    config = resources.settings.webhooks
    return webhooks.targets(run["kwargs"].get("webhook"), config) if config.secret else []


def _end(resources: Resources, run: api_runs.RunRow, ending: _Ending) -> None:
    """Record the run's end and, in the same transaction, the webhooks it fires; then queue them.

    `run.ended` to every target, and `thread.awaiting_operator` when the thread did not wait for
    an operator before and does now. A worker that dies after the commit leaves pending rows with
    no job, which the sweep queues (`agent.worker.tasks`).
    """
    to = _webhooks_for(resources, run)
    run_id, thread_id = run["run_id"], run["thread_id"]
    finish = partial(
        api_runs.finish,
        run_id=run_id,
        status=ending.status,
        error=ending.error,
        result=ending.result,
        failure=ending.failure,
        awaiting=ending.awaiting,
        forget_thread=ending.forget_thread,
    )
    if not to:  # one statement: the end, the thread's record, the wake-up
        finish(resources.pool)
        return
    with resources.pool.connection() as conn, conn.transaction():
        starts_waiting = False
        if ending.awaiting == "operator":
            starts_waiting = webhooks.awaiting_now(conn, thread_id) != "operator"
        finish(conn)
        ended = api_runs.by_id(conn, run_id)
        queued = []
        if ended is not None:
            queued += webhooks.enqueue(conn, "run.ended", ended, webhooks.run_ended(ended, ending.values), to)
            if starts_waiting:
                payload = webhooks.awaiting_operator(ended, ending.values)
                queued += webhooks.enqueue(conn, "thread.awaiting_operator", ended, payload, to)
    if queued:
        faults.point("webhooks.after_run_end")
        _queue_deliveries(resources, queued)


def _queue_deliveries(resources: Resources, delivery_ids: list[str]) -> None:
    """Give each delivery a job; one that cannot be queued now is left to the sweep."""
    try:
        app = engine.deferrer(resources.pool)
        for delivery_id in delivery_ids:
            webhooks.queue(app, delivery_id)
    except engine.EngineError as err:
        log.warning("webhook deliveries %s not queued (%s); the sweep queues them", delivery_ids, err)


def _values_or_none(graph: Pregel, thread_id: str) -> Any:
    """The thread's values as the platform answers them; None when they cannot be read now."""
    try:
        return thread_values(graph, thread_id)
    except (psycopg.Error, PoolTimeout, DatabaseUnavailableError):
        log.warning("could not read thread %s for its webhook's values", thread_id)
        return None


def _awaiting(graph: Pregel, thread_id: str) -> api_runs.Awaiting:
    """Whose decision the thread waits for now, read from its state; None if unknown.

    For a run that did not finish its work (failed, stopped): one that did says it itself
    (`_awaiting_after`).
    """
    try:
        state = graph.get_state(threads.config_for(thread_id))
    except (psycopg.Error, PoolTimeout, DatabaseUnavailableError):
        log.warning("could not read thread %s to tell whose decision it waits for", thread_id)
        return None
    return _whose(state.interrupts[0].value if state.interrupts else None)


def _awaiting_after(turn: threads.Turn) -> api_runs.Awaiting:
    """Whose decision the thread waits for after a run that did its work: from the interrupt it stopped at.

    The run held the thread's lock to its end, so this is the thread's state now, without reading it
    again (a read would also cost the thread's next run its load from the saver's memory).
    """
    return _whose(turn.pending)


def _whose(pending: Any) -> api_runs.Awaiting:
    """`nobody` when nothing is pending, else the approver the pending request names."""
    if pending is None:
        return "nobody"
    approver = pending.get("approver") if isinstance(pending, dict) else None
    return "student" if approver == "student" else "operator"


_Outcome = tuple[
    str | None, str | None, api_runs.JsonText | None, failures.Failure | None, threads.Turn | None
]
"""(status, error, result, failure, the turn when the run did its work) — status None: rolled back."""


def _run(
    resources: Resources,
    graph: Pregel,
    run: api_runs.ClaimedRun,
    work: Work,
    writer: EventWriter,
    stops: _Stops,
) -> _Outcome:
    """Do the work."""
    pool, run_id, thread_id = resources.pool, run["run_id"], run["thread_id"]

    def on_event(name: str, data: dict[str, Any]) -> None:
        writer.begin()  # its first event: the run's start, kept with the events so far

    watch = Watch(
        modes=work.modes,
        on_chunk=relay(writer, emit=work.relay),
        subgraphs=work.subgraphs,
        run_id=run_id,
        stop=stops.check,
        metadata={**run["metadata"], "run_attempt": run["attempt"], "thread_id": thread_id},
        configurable={**(work.configurable or {}), "run_id": run_id},
        tokens=False,  # a client that wants tokens asks for messages-tuple
    )
    deadline = time.monotonic() + BUSY_WAIT_S
    while True:
        try:
            turn = _do(resources, graph, run, work, on_event, watch)
        except ThreadBusyError as err:
            if work.wait_for_lock and time.monotonic() < deadline:
                time.sleep(BUSY_POLL_S)
                continue
            return "error", type(err).__name__, None, failures.failure(err, began=writer.began), None
        except RunStoppedError as err:
            if api_runs.stop_of(pool, run_id) == "rollback":
                resources.checkpointer.delete_for_runs([run_id])
                api_runs.delete_run(pool, run_id)
                return None, None, None, None, None
            return "interrupted", str(err), None, None, None
        except Exception as err:
            if isinstance(err, failures.DATABASE_ERRORS):  # a restart or a failover, not the run's own
                log.warning("run %s lost the database (%s); it is retried", run_id, type(err).__name__)
                raise RunCutOffError(run_id) from err
            return "error", type(err).__name__, None, failures.failure(err, began=writer.began), None
        return "success", None, _result(graph, thread_id, writer), None, turn


def _do(
    resources: Resources,
    graph: Pregel,
    run: api_runs.ClaimedRun,
    work: Work,
    on_event: Callable[[str, dict[str, Any]], None],
    watch: Watch,
) -> threads.Turn | None:
    """The runtime call the work asks for; on a retry, the rest of the run from its last checkpoint."""
    thread_id = run["thread_id"]
    if run["attempt"] > 1:
        state = graph.get_state(threads.config_for(thread_id))
        if state.metadata and state.metadata.get("run_id") == run["run_id"]:
            if state.next and not state.interrupts:
                return threads.resume(graph, thread_id, on_event=on_event, watch=watch)
            return None  # the first worker finished the graph's work; only the record was left
    if work.kind == "send":
        return threads.send(
            graph,
            thread_id,
            work.text,
            user_id=work.user_id,
            settings=resources.settings,
            on_event=on_event,
            watch=watch,
            from_checkpoint=work.from_checkpoint,
        )
    return threads.decide(graph, thread_id, work.decision or {}, on_event=on_event, watch=watch)


def _result(graph: Pregel, thread_id: str, writer: EventWriter) -> api_runs.JsonText:
    """What the run's `wait` answers: the state it left, written as JSON once (kept and answered as it is)."""
    if isinstance(writer.last_values, dict):
        return api_runs.JsonText(values_text(writer.last_values))
    return api_runs.JsonText(json_text(thread_values(graph, thread_id)))
