"""The shape of a LangGraph Server API answer, and one scripted `langgraph_sdk` session that records them.

`shape(value)` keeps what a client depends on and drops what differs from run to run: dict keys
(recursively), value types, list elements in order, and the values of a few protocol enums
(`LITERAL_KEYS`: a thread's status, a state's next nodes, a message's type...); timestamps and
UUIDs become the types `datetime` and `uuid`. `record_session` makes the same calls against any
server (`langgraph dev`, `serve`) and returns `[(call, shape)]`, with every SSE event of a stream
as `[event, shape of its data]` in order and a refused call as `{"refused": {"status", "body"}}`.
`differences` lists where two recordings part, path by path.

Nothing here starts a server or knows which one it talks to: the caller passes a student's and an
operator's client (on `langgraph dev`, which has no users, the same client twice).
"""

from __future__ import annotations

import json
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from itertools import groupby
from typing import Any, cast

import httpx
from langgraph_sdk.client import SyncLangGraphClient
from langgraph_sdk.schema import Command, MultitaskStrategy, StreamMode

Shape = Any
"""A JSON value: the shape of an answer (see `shape`)."""
Path = tuple[str | int, ...]
ABSENT = "<absent>"
"""What `differences` puts for a key or list item one side does not have."""

LITERAL_KEYS = frozenset({"status", "next", "type", "event", "source", "attempt", "multitask_strategy"})
"""Keys whose (string) values are part of the shape: enums a client branches on."""

_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$")
_UUID_IN = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
_UUID = re.compile(rf"^{_UUID_IN.pattern}$", re.IGNORECASE)

ASK: dict[str, Any] = {"messages": [{"role": "user", "content": "I'd like to enroll in rag-2"}]}
QUESTION: dict[str, Any] = {"messages": [{"role": "user", "content": "When does rag-2 start?"}]}
APPROVE: Command = {"resume": {"decisions": [{"type": "approve"}], "role": "student", "reviewer": "ada"}}
"""The student's own confirmation: `langgraph dev` reads its role and reviewer from the resume, `serve`
from the student's key (the school's policy gives an enrollment to the student)."""
CONTEXT: dict[str, Any] = {"user_id": "ada"}
"""The run context `langgraph dev` needs to know the student; `serve` takes the student from the key."""
BAD_COMMAND = cast(Command, {"goto": 42})
"""A command the platform's schema refuses (422): `goto` names a node, not a number."""
ALL_MODES: list[StreamMode] = [
    "values",
    "updates",
    "messages-tuple",
    "debug",
    "custom",
    "tasks",
    "checkpoints",
]


def shape(value: Any, key: str | None = None) -> Shape:
    """`value` with every leaf replaced by its type name, except the values of `LITERAL_KEYS`."""
    if isinstance(value, dict):
        # Keys that are ids (a thread's interrupts are keyed by task id) are shapes too.
        return {_key(k): shape(v, str(k)) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, list | tuple):
        if key in LITERAL_KEYS and all(isinstance(v, str) for v in value):
            return [f"={v}" for v in value]
        return [shape(v) for v in value]
    if isinstance(value, str):
        if key in LITERAL_KEYS:
            return f"={value}"
        if _DATETIME.match(value):
            return "datetime"
        if _UUID.match(value):
            return "uuid"
        return "str"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int" if key not in LITERAL_KEYS else f"={value}"
    if isinstance(value, float):
        return "float"
    return type(value).__name__


def _key(key: Any) -> str:
    return "<uuid>" if _UUID.match(str(key)) else str(key)


def differences(left: Shape, right: Shape, path: Path = ()) -> list[tuple[Path, Shape, Shape]]:
    """Where `left` and `right` part: (path, left's shape there, right's); `"<absent>"` for a missing key."""
    if isinstance(left, dict) and isinstance(right, dict):
        found = []
        for k in sorted(set(left) | set(right)):
            if k not in right or k not in left:
                found.append(((*path, k), left.get(k, ABSENT), right.get(k, ABSENT)))
            else:
                found.extend(differences(left[k], right[k], (*path, k)))
        return found
    if isinstance(left, list) and isinstance(right, list):
        found = []
        for i in range(max(len(left), len(right))):
            if i >= len(left) or i >= len(right):
                found.append(
                    ((*path, i), left[i] if i < len(left) else ABSENT, right[i] if i < len(right) else ABSENT)
                )
            else:
                found.extend(differences(left[i], right[i], (*path, i)))
        return found
    return [] if left == right else [(path, left, right)]


def refusal(err: httpx.HTTPStatusError) -> dict[str, Any]:
    """A refused call as its status and the shape of its body.

    The SDK's typed errors carry the decoded body; `runs.wait` raises httpx's own error and
    notes the body on it.
    """
    body = getattr(err, "body", None)
    if body is None:
        notes = getattr(err, "__notes__", [])
        try:
            body = json.loads(notes[-1]) if notes else None
        except ValueError:
            body = notes[-1]
    return {"status": err.response.status_code, "body": shape(body)}


class Session:
    """Records `(call, shape)` for each call made through it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Shape]] = []
        self.event_ids: list[str | None] = []
        """The event ids of the last stream read whole."""

    def call(self, name: str, make: Callable[[], Any]) -> Any:
        """Make the call, record its answer's shape (or its refusal), return the answer (None if refused)."""
        try:
            answer = make()
        except httpx.HTTPStatusError as err:
            self.calls.append((name, {"refused": refusal(err)}))
            return None
        self.calls.append((name, shape(answer)))
        return answer

    def stream(self, name: str, make: Callable[[], Iterator[Any]]) -> list[tuple[str, Any]]:
        """Read a whole SSE stream; record each event as `[event, shape of data]`; return the events."""
        events: list[tuple[str, Any]] = []
        ids: list[str | None] = []
        try:
            for part in make():
                events.append((part.event, part.data))
                ids.append(part.id)
        except httpx.HTTPStatusError as err:
            self.calls.append((name, {"refused": refusal(err), "events_before": _events(events, ids)}))
            return events
        self.calls.append((name, _events(events, ids)))
        self.event_ids = ids
        return events


def _events(events: list[tuple[str, Any]], ids: list[str | None]) -> list[list[Any]]:
    """Each event as `[event, shape of data]`, with `{"id": shape}` after it when it has an id.

    A subgraph's events are named `mode|node:<task id>`; the task id becomes `<uuid>`. Consecutive
    `updates` events of one namespace are sorted by shape: tasks of one step that run side by side
    (the planner's workers) report in whichever order they finish.
    """
    shaped = [
        [_UUID_IN.sub("<uuid>", event), shape(data)] + ([] if event_id is None else [{"id": shape(event_id)}])
        for (event, data), event_id in zip(events, ids, strict=True)
    ]
    ordered: list[list[Any]] = []
    for name, group in groupby(shaped, key=lambda e: e[0]):
        same = list(group)
        ordered.extend(sorted(same, key=json.dumps) if name.startswith("updates") else same)
    return ordered


def _run_id(events: list[tuple[str, Any]]) -> str | None:
    return next((data.get("run_id") for event, data in events if event == "metadata"), None)


def _until_idle(client: SyncLangGraphClient, thread_id: str, timeout_s: float = 30) -> None:
    """Wait for the thread's runs to end (a `runs.create` answers before its run does)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if client.threads.get(thread_id)["status"] != "busy":
            return
        time.sleep(0.1)


def record_session(student: SyncLangGraphClient, operator: SyncLangGraphClient) -> list[tuple[str, Shape]]:
    """One scripted session of SDK calls; `[(call, shape)]` in the order they were made.

    The student starts threads and sends messages; the operator resumes the approval. A call that
    the server refuses is recorded as its refusal, and the session goes on.
    """
    s = Session()
    _assistants(s, student)
    topic = f"differential-{uuid.uuid4()}"
    thread_id = _threads(s, student, topic)
    _the_approval(s, student, operator, thread_id, topic)
    _runs(s, student, thread_id)
    _thread_stream(s, student, thread_id)
    _store(s, student)
    _subgraphs(s, student, topic)
    _refusals(s, student, operator, thread_id)
    return s.calls


def _assistants(s: Session, client: SyncLangGraphClient) -> None:
    s.call("assistants.search", lambda: client.assistants.search())
    s.call("assistants.search(graph_id)", lambda: client.assistants.search(graph_id="school", limit=5))
    found = client.assistants.search(graph_id="school")
    assistant_id = found[0]["assistant_id"] if found else str(uuid.uuid4())
    s.call("assistants.get", lambda: client.assistants.get(assistant_id))
    s.call("assistants.get_graph", lambda: client.assistants.get_graph(assistant_id))
    s.call("assistants.get_graph(graph id, xray)", lambda: client.assistants.get_graph("school", xray=True))
    s.call("assistants.get_schemas", lambda: client.assistants.get_schemas(assistant_id))
    s.call("assistants.get_subgraphs", lambda: client.assistants.get_subgraphs(assistant_id))
    s.call("assistants.count", lambda: client.assistants.count(graph_id="school"))
    s.call(
        "assistants.get_subgraphs(recurse)",
        lambda: client.assistants.get_subgraphs(assistant_id, recurse=True),
    )
    # The platform takes a graph id for a drawing and a run, not for these.
    s.call("assistants.get(graph id)", lambda: client.assistants.get("school"))
    s.call("assistants.get_schemas(graph id)", lambda: client.assistants.get_schemas("school"))
    s.call("assistants.get_subgraphs(graph id)", lambda: client.assistants.get_subgraphs("school"))


def _threads(s: Session, client: SyncLangGraphClient, topic: str) -> str:
    made = s.call("threads.create", lambda: client.threads.create(metadata={"topic": topic}))
    thread_id: str = made["thread_id"] if made else str(uuid.uuid4())
    s.call(
        "threads.create(if_exists=do_nothing)",
        lambda: client.threads.create(thread_id=thread_id, if_exists="do_nothing"),
    )
    s.call("threads.get", lambda: client.threads.get(thread_id))
    s.call("threads.update", lambda: client.threads.update(thread_id, metadata={"level": 2}))
    s.call("threads.search(metadata)", lambda: client.threads.search(metadata={"topic": topic}))
    s.call(
        "threads.search(status=idle)",
        lambda: client.threads.search(metadata={"topic": topic}, status="idle"),
    )
    s.call(
        "threads.search(limit, offset, sort)",
        lambda: client.threads.search(
            metadata={"topic": topic}, limit=1, offset=0, sort_by="created_at", sort_order="desc"
        ),
    )
    s.call(
        "threads.search(ids, select)",
        lambda: client.threads.search(ids=[thread_id], select=["thread_id", "status", "metadata"]),
    )
    s.call("threads.count(metadata)", lambda: client.threads.count(metadata={"topic": topic}))
    s.call("threads.get_state(new thread)", lambda: client.threads.get_state(thread_id))
    s.call("threads.get_history(new thread)", lambda: client.threads.get_history(thread_id))
    return thread_id


def _the_approval(
    s: Session, student: SyncLangGraphClient, operator: SyncLangGraphClient, thread_id: str, topic: str
) -> None:
    s.stream(
        "runs.stream(values, updates) to the interrupt",
        lambda: student.runs.stream(
            thread_id, "school", input=ASK, stream_mode=["values", "updates"], context=CONTEXT
        ),
    )
    s.call("threads.get(interrupted)", lambda: student.threads.get(thread_id))
    s.call("threads.get_state(interrupted)", lambda: student.threads.get_state(thread_id))
    history = s.call("threads.get_history(interrupted)", lambda: student.threads.get_history(thread_id))
    parent = history[1]["checkpoint_id"] if history and len(history) > 1 else str(uuid.uuid4())
    s.call(
        "threads.get_history(limit, before)",
        lambda: student.threads.get_history(
            thread_id, limit=2, before={"configurable": {"checkpoint_id": parent}}
        ),
    )
    s.call(
        "threads.search(values)",
        lambda: operator.threads.search(metadata={"topic": topic}, values={"intent": "enroll"}),
    )
    s.call(
        "threads.get_state(at a checkpoint)",
        lambda: student.threads.get_state(thread_id, checkpoint_id=parent),
    )
    s.call(
        "threads.search(status=interrupted)",
        lambda: operator.threads.search(metadata={"topic": topic}, status="interrupted"),
    )
    s.call("threads.copy", lambda: student.threads.copy(thread_id))
    other = s.call("threads.create(a second)", lambda: student.threads.create(metadata={"topic": topic}))
    s.call(
        "runs.wait to the interrupt",
        lambda: student.runs.wait(other["thread_id"] if other else "", "school", input=ASK, context=CONTEXT),
    )
    s.call(
        "runs.wait(resume)",
        lambda: student.runs.wait(thread_id, "school", command=APPROVE, context=CONTEXT),
    )
    s.call("threads.get(after the resume)", lambda: student.threads.get(thread_id))
    second = other["thread_id"] if other else str(uuid.uuid4())
    s.stream(
        "runs.stream(resume, updates)",
        lambda: student.runs.stream(
            second, "school", command=APPROVE, stream_mode="updates", context=CONTEXT
        ),
    )
    s.call("threads.delete", lambda: student.threads.delete(second))
    s.call("threads.get(deleted)", lambda: student.threads.get(second))


def _runs(s: Session, client: SyncLangGraphClient, thread_id: str) -> None:
    s.stream(
        "runs.stream(all modes)",
        lambda: client.runs.stream(
            thread_id, "school", input=QUESTION, stream_mode=ALL_MODES, context=CONTEXT
        ),
    )
    s.call("runs.wait", lambda: client.runs.wait(thread_id, "school", input=QUESTION, context=CONTEXT))
    run = s.call(
        "runs.create", lambda: client.runs.create(thread_id, "school", input=QUESTION, context=CONTEXT)
    )
    run_id = run["run_id"] if run else str(uuid.uuid4())
    s.call("runs.join", lambda: client.runs.join(thread_id, run_id))
    s.call("runs.get", lambda: client.runs.get(thread_id, run_id))
    s.call("runs.list", lambda: client.runs.list(thread_id))
    s.call("runs.cancel(finished run)", lambda: client.runs.cancel(thread_id, run_id))
    streamed = s.call(
        "runs.create(stream_resumable)",
        lambda: client.runs.create(
            thread_id, "school", input=QUESTION, context=CONTEXT, stream_resumable=True, stream_mode="values"
        ),
    )
    resumable_id = streamed["run_id"] if streamed else str(uuid.uuid4())
    s.stream("runs.join_stream", lambda: client.runs.join_stream(thread_id, resumable_id))
    events = s.stream(
        "runs.stream(stream_resumable)",
        lambda: client.runs.stream(
            thread_id,
            "school",
            input=QUESTION,
            context=CONTEXT,
            stream_resumable=True,
            stream_mode=["values", "updates"],
        ),
    )
    # A client that lost the stream after its second event asks for the rest by the last id it had.
    last_seen = s.event_ids[1] if len(s.event_ids) > 1 else None
    s.stream(
        "runs.join_stream(last_event_id)",
        lambda: client.runs.join_stream(
            thread_id, _run_id(events) or str(uuid.uuid4()), last_event_id=last_seen
        ),
    )
    _until_idle(client, thread_id)


def _store(s: Session, client: SyncLangGraphClient) -> None:
    """The store: a fact put, read, found, listed and deleted in the student's own namespace (ada's)."""
    space = ["memories", "ada"]
    key = f"differential-{uuid.uuid4()}"
    s.call("store.put_item", lambda: client.store.put_item(space, key, {"fact": "prefers evening cohorts"}))
    s.call("store.get_item", lambda: client.store.get_item(space, key))
    s.call(
        "store.search_items",
        lambda: client.store.search_items(space, filter={"fact": "prefers evening cohorts"}),
    )
    s.call("store.list_namespaces", lambda: client.store.list_namespaces(prefix=space))
    s.call("store.delete_item", lambda: client.store.delete_item(space, key))
    s.call("store.get_item (deleted)", lambda: client.store.get_item(space, key))


def _thread_stream(s: Session, client: SyncLangGraphClient, thread_id: str) -> None:
    """The thread's stream, joined before its next run is created, read to that run's end.

    The stream never ends of itself: it is read in a thread of its own up to the run's
    `run_done` (or `STREAM_EVENTS_AT_MOST` events), then closed.
    """
    parts: list[tuple[str, Any, str | None]] = []
    run_id: list[str] = []

    def read() -> None:
        stream = client.threads.join_stream(thread_id)
        try:
            for part in stream:
                parts.append((part.event, part.data, part.id))
                done = run_id and part.data == {"status": "run_done", "run_id": run_id[0]}
                if done or len(parts) >= STREAM_EVENTS_AT_MOST:
                    return
        finally:
            stream.close()  # type: ignore[attr-defined]  # the SDK's iterator is a generator

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    time.sleep(1.0)  # joined (a stream joined without Last-Event-ID carries what comes next)
    run = client.runs.create(thread_id, "school", input=QUESTION, context=CONTEXT, stream_mode="values")
    run_id.append(run["run_id"])
    reader.join(timeout=60)
    events = [(event, data) for event, data, _ in parts]
    s.calls.append(("threads.join_stream(the next run)", _events(events, [i for _, _, i in parts])))
    _until_idle(client, thread_id)


STREAM_EVENTS_AT_MOST = 50
"""How many events of a thread's stream `_thread_stream` reads at most."""


def _refusals(
    s: Session, student: SyncLangGraphClient, operator: SyncLangGraphClient, thread_id: str
) -> None:
    unknown = str(uuid.uuid4())
    s.call("threads.get(unknown thread)", lambda: student.threads.get(unknown))
    s.call("threads.get_state(unknown thread)", lambda: student.threads.get_state(unknown))
    s.call(
        "runs.wait(unknown thread)",
        lambda: student.runs.wait(unknown, "school", input=QUESTION, context=CONTEXT),
    )
    s.stream(
        "runs.stream(unknown thread)",
        lambda: student.runs.stream(unknown, "school", input=QUESTION, context=CONTEXT),
    )
    s.call("runs.get(unknown run)", lambda: student.runs.get(thread_id, unknown))
    s.call("assistants.get(unknown assistant)", lambda: student.assistants.get(unknown))
    s.call("assistants.get_graph(unknown name)", lambda: student.assistants.get_graph("nope"))
    s.call(
        "threads.create(existing id)",
        lambda: student.threads.create(thread_id=thread_id, if_exists="raise"),
    )
    _multitask(s, student, thread_id)
    s.call(
        "runs.wait(bad command)",
        lambda: operator.runs.wait(thread_id, "school", command=BAD_COMMAND, context=CONTEXT),
    )


ATTEMPTS = 5
"""How often a multitask case is tried on a fresh thread before its race is taken as lost."""


def _multitask(s: Session, client: SyncLangGraphClient, thread_id: str) -> None:
    """A second run on a thread while the first still runs, with each multitask strategy.

    The first run is created and the second sent straight after. A run of the school graph takes
    several steps, each stored before the next, so it is usually still running when the second
    arrives; a fast server can finish it first, though. So each case runs on a fresh thread and is
    recorded only once the second run found the first in flight (the first refused, interrupted
    or rolled back as the strategy says); a lost race is tried again on another thread. `thread_id`
    is not used: its history would hold the lost attempts too.
    """
    del thread_id
    won_by = {
        "reject": lambda calls: "refused" in _shape_of(calls, "runs.create(multitask_strategy=reject, busy)"),
        "interrupt": lambda calls: (
            _shape_of(calls, "runs.get(the run before interrupt)").get("status") == "=interrupted"
        ),
        "rollback": lambda calls: "refused" in _shape_of(calls, "runs.get(the run before rollback)"),
        "enqueue": lambda calls: True,
    }
    for strategy, won in won_by.items():
        for _attempt in range(ATTEMPTS):
            trial = Session()
            fresh = client.threads.create()["thread_id"]
            _one_multitask(trial, client, fresh, strategy)
            if won(trial.calls):
                break
        s.calls.extend(trial.calls)
    s.call("threads.get_history(after the strategies)", lambda: client.threads.get_history(fresh, limit=3))


def _shape_of(calls: list[tuple[str, Shape]], name: str) -> Any:
    found = [shape for call, shape in calls if call == name]
    return found[0] if found and isinstance(found[0], dict) else {}


def _one_multitask(
    s: Session, client: SyncLangGraphClient, thread_id: str, strategy: MultitaskStrategy
) -> None:
    def first(name: str) -> str:
        run = s.call(name, lambda: client.runs.create(thread_id, "school", input=QUESTION, context=CONTEXT))
        return run["run_id"] if run else str(uuid.uuid4())

    def second(strategy: MultitaskStrategy) -> Any:
        return client.runs.create(
            thread_id, "school", input=QUESTION, context=CONTEXT, multitask_strategy=strategy
        )

    if strategy == "reject":
        running = first("runs.create(to keep the thread busy)")
        s.call("runs.create(multitask_strategy=reject, busy)", lambda: second("reject"))
        s.call("runs.join(the busy run)", lambda: client.runs.join(thread_id, running))
        _until_idle(client, thread_id)
        return
    running = first(f"runs.create(before {strategy})")
    run = s.call(f"runs.create(multitask_strategy={strategy})", lambda: second(strategy))
    after = run["run_id"] if run else str(uuid.uuid4())
    s.call(f"runs.join(the {strategy} run)", lambda: client.runs.join(thread_id, after))
    s.call(f"runs.get(the run before {strategy})", lambda: client.runs.get(thread_id, running))
    _until_idle(client, thread_id)


PLAN = {"messages": [{"role": "user", "content": "Which courses should I take to become a data engineer?"}]}
"""A request the planner subgraph answers (its workers run side by side)."""


def _subgraphs(s: Session, client: SyncLangGraphClient, topic: str) -> None:
    made = s.call("threads.create(for a plan)", lambda: client.threads.create(metadata={"topic": topic}))
    thread_id = made["thread_id"] if made else str(uuid.uuid4())
    s.stream(
        "runs.stream(stream_subgraphs)",
        lambda: client.runs.stream(
            thread_id,
            "school",
            input=PLAN,
            context=CONTEXT,
            stream_mode=["values", "updates"],
            stream_subgraphs=True,
        ),
    )
    s.call("threads.get_state(subgraphs)", lambda: client.threads.get_state(thread_id, subgraphs=True))
