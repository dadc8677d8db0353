"""Locust users of the load and chaos run: students who ask, enroll, pay and cancel; an operator who approves.

They speak the LangGraph Server API at the root of each API process, as its clients do: a thread is
`POST /threads`, a message a run (`POST /threads/{id}/runs/wait` with `multitask_strategy`
"reject"), the thread's state `GET /threads/{id}/state`, the operator's inbox a thread search for
what waits for an operator (`metadata.awaiting`), a decision a run with a resume command.

`bench.load.run` starts Locust on this file (`locust --headless -f bench/load/locustfile.py`) and
configures it through the environment: `LOAD_HOSTS` (the API processes' base URLs,
comma-separated), `LOAD_KEYS` (a JSON file `{"students": [key, ...], "operators": [key, ...]}`),
`LOAD_RESULTS` (a JSON-lines file that gets one line per finished turn), `LOAD_END` (the Unix time
after which no story begins a new turn) and `LOAD_SEED`.

Each request goes to one of the API processes at random, and to the other for a moment after one
gave no answer. The clients are the careful kind a durable API is meant for. A request that got
no answer, or a 5xx (its process died, Postgres restarted), may have been recorded anyway and then
executed by a worker; so before sending a message again a student looks at the thread and counts
its own messages there, and a message already in it is not sent twice. A 409 (a run of the thread
is in flight: the operator's decision, or the student's own earlier attempt) is waited out. A student confirms each request with a "yes", as the school's approval policy has it;
a refund then waits for the operator, whose inbox lists only that. An operator's decision names its
action (`action_id`), so sending one again can never approve twice: it is refused once the action
is decided, and the next look at the inbox tells.

Every finished turn is written to `LOAD_RESULTS` (role, kind, outcome, seconds from the first
send to a known end, tries) and reported to Locust as a `TURN` request, so its statistics have
one row per kind of turn beside the HTTP requests.
"""

from __future__ import annotations

import itertools
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

from locust import between, constant, task
from locust.contrib.fasthttp import FastHttpUser

from agent.config import env
from agent.domain.catalog import load_seed

# The runner configures Locust's process through LOAD_* variables, read the project's one way.
HOSTS = [h for h in (env.text("LOAD_HOSTS") or "http://127.0.0.1:8000").split(",") if h]
END = float(env.text("LOAD_END") or "inf")
RNG = random.Random(int(env.text("LOAD_SEED") or "0"))

QUESTIONS = (
    "When does the RAG course start?",
    "How much does Deep Learning with PyTorch cost?",
    "Which course teaches SQL?",
    "What do I need before Building LLM Agents?",
    "Is there a course on Docker and Kubernetes?",
)
COHORTS = [c["id"] for c in load_seed()["cohorts"]]
SCARCE = [c["id"] for c in load_seed()["cohorts"] if c["capacity"] == 1]
"""Cohorts of one seat: students race for them, and the losers are offered the waitlist."""
SCARCE_SHARE = 0.3
CANCEL_SHARE = 0.35
THREAD_MESSAGES = 60
"""A student starts a new thread past this many messages, well inside the router's window (100)."""

TURN_DEADLINE_S = 180.0
"""The longest a student keeps trying to get one message through before giving up on it."""
DECISION_WAIT_S = 90.0
"""How long a student waits for the operator's decision before going on without it."""
POLL_S = 1.0
BUSY_WAIT_S = 0.5
HOST_PAUSE_S = 2.0
"""After no answer from an API process, the other one takes the requests for this long."""
STOP_GRACE_S = 10.0
"""Past the end of the load by this long, a message not yet through is no longer sent."""
SETTLE_S = float(env.text("LOAD_SETTLE_S") or "30")
"""How long a client waits for a thread whose graph is mid-run to settle. A run cut off by a dead
worker is taken again within about twice `SCHOOL_STALLED_AFTER_S`; one that failed (its database
connection was cut) stays cut off until the thread's next message finishes it first."""

_keys_file = env.text("LOAD_KEYS")
_keys = json.loads(Path(_keys_file).read_text()) if _keys_file else {}
_student_keys = iter(_keys.get("students", []))
_operator_keys = itertools.cycle(_keys.get("operators", ["no-operator-key"]))
_results_lock = threading.Lock()

ASSISTANT = "school"
"""The graph the runs ask for (`langgraph.json`)."""
INBOX = {"status": "interrupted", "metadata": {"awaiting": "operator"}, "limit": 100}
"""The operator's inbox: threads waiting at an approval that is an operator's to decide."""


def message_run(text: str) -> dict[str, Any]:
    """A run that sends one student message, refused (409) while another run of the thread is in flight."""
    return {
        "assistant_id": ASSISTANT,
        "input": {"messages": [{"role": "user", "content": text}]},
        "multitask_strategy": "reject",
    }


def approval_run(action_id: str) -> dict[str, Any]:
    """A run that approves the action `action_id`; refused once it is decided, so never twice."""
    resume = {"decisions": [{"type": "approve"}], "action_id": action_id}
    return {"assistant_id": ASSISTANT, "command": {"resume": resume}, "multitask_strategy": "reject"}


def record(user: FastHttpUser, row: dict[str, Any]) -> None:
    """Keep a finished turn: a line of `LOAD_RESULTS`, and a `TURN` row in Locust's statistics."""
    path = env.text("LOAD_RESULTS")
    if path:
        with _results_lock, open(path, "a") as out:
            out.write(json.dumps(row) + "\n")
    ok = row["outcome"] in ("answered", "recovered")
    user.environment.events.request.fire(
        request_type="TURN",
        name=f"{row['role']} {row['kind']}",
        response_time=row["latency_s"] * 1000,
        response_length=0,
        exception=None if ok else RuntimeError(row["outcome"]),
        context={},
    )


class Api:
    """One user's HTTP calls, spread over the API processes."""

    def __init__(self, user: FastHttpUser, key: str) -> None:
        self.user = user
        self.headers = {"x-api-key": key}
        self.paused: dict[str, float] = {}

    def _host(self) -> str:
        now = time.monotonic()
        up = [h for h in HOSTS if self.paused.get(h, 0.0) <= now]
        return RNG.choice(up or HOSTS)

    def call(self, method: str, path: str, body: Any = None, *, name: str) -> tuple[int, Any]:
        """(status, JSON body); status 0 when no answer came (the connection failed or was cut)."""
        host = self._host()
        with self.user.client.request(
            method, host + path, json=body, headers=self.headers, name=name, catch_response=True
        ) as response:
            status = int(response.status_code or 0)
            data = None
            if status:
                try:
                    data = response.json()
                except ValueError:
                    data = None
            if status == 0 or status >= 500:
                self.paused[host] = time.monotonic() + HOST_PAUSE_S
                response.failure(
                    f"{status or 'no answer'}: {str(getattr(response, 'error', '') or data)[:200]}"
                )
            else:
                response.success()  # 4xx are answers the clients expect and handle (busy, decided)
        return status, data


class Student(FastHttpUser):
    """A student with one thread at a time: asks about the catalog, enrolls, pays, sometimes cancels."""

    wait_time = between(0.5, 1.5)
    host = HOSTS[0]
    network_timeout = 120.0
    connection_timeout = 5.0

    def on_start(self) -> None:
        """Take a key of its own and start a thread."""
        self.api = Api(self, next(_student_keys))
        self.thread = ""
        self.mine = 0
        """The student's own messages in the thread, as far as it knows."""
        self.messages = 0

    def think(self) -> bool:
        """Pause between turns; False once the load is over (no new turn then)."""
        time.sleep(RNG.uniform(0.2, 0.8))
        return time.time() < END

    @task
    def story(self) -> None:
        """A question or two, then an enrollment, a payment and maybe a cancellation, each approved."""
        if (not self.thread or self.messages >= THREAD_MESSAGES) and not self.new_thread():
            return
        for _ in range(RNG.randint(0, 2)):
            if not self.think() or self.say("ask", RNG.choice(QUESTIONS)) is None:
                return
        cohort = RNG.choice(SCARCE if RNG.random() < SCARCE_SHARE else COHORTS)
        steps = [
            ("enroll", f"Enroll me in {cohort}", "PENDING_PAYMENT"),
            ("pay", f"Pay for {cohort}", "CONFIRMED"),
        ]
        if RNG.random() < CANCEL_SHARE:
            steps.append(("cancel", f"Cancel my enrollment in {cohort}", "CANCELLED"))
        for kind, text, wanted in steps:
            if not self.think():
                return
            state = self.act(kind, text)
            if state is None or _status_in(state, cohort) != wanted:
                return  # refused, waitlisted, or not decided in time: the story ends here

    def new_thread(self) -> bool:
        """Create a thread (again after no answer: a thread made twice is just one more thread)."""
        deadline = time.monotonic() + TURN_DEADLINE_S
        while time.monotonic() < deadline and time.time() < END:
            status, body = self.api.call("POST", "/threads", {}, name="POST /threads")
            if status == 200:
                self.thread, self.mine, self.messages = body["thread_id"], 0, 0
                return True
            time.sleep(BUSY_WAIT_S)
        return False

    def act(self, kind: str, text: str) -> dict[str, Any] | None:
        """Ask for an action, confirm it with a "yes", and wait until it is decided.

        The approval policy gives enrolling, paying and cancelling to the student's own "yes"; a
        cancellation with a refund then waits for the operator.
        """
        if self.say(kind, text) is None:
            return None
        state = self.state()
        if state is None or state.get("pending") is None:
            return state  # refused at once ("you have no enrollment in ..."), or already decided
        if _awaits_student(state) and self.think():
            self.say("confirm", "yes")
            state = self.state()
        deadline, cut_since = time.monotonic() + DECISION_WAIT_S, None
        while time.monotonic() < deadline and time.time() < END:
            if state is not None and _awaits_student(state):
                return state  # another offer for the student (the waitlist): the story ends here
            if state is not None and state.get("pending") is None:
                if not _running(state):
                    return state
                cut_since = cut_since or time.monotonic()
                if time.monotonic() - cut_since > SETTLE_S:
                    return state  # cut off mid-run: the next message finishes it first
            time.sleep(POLL_S)
            state = self.state()
        return None

    def state(self) -> dict[str, Any] | None:
        """The thread as the API shows it (None when it could not be read); counts the messages."""
        return self._read()[1]

    def _read(self) -> tuple[int, dict[str, Any] | None]:
        status, body = self.api.call("GET", f"/threads/{self.thread}/state", name="GET /threads/[id]/state")
        if status != 200:
            return status, None
        state = _thread_state(body)
        self.messages = len(state["messages"])
        return status, state

    def say(self, kind: str, text: str) -> dict[str, Any] | None:
        """Send one message and see it through; the reply, or the thread's state when the reply was lost."""
        began, tries, unsure = time.monotonic(), 0, False
        path = f"/threads/{self.thread}/runs/wait"
        while time.monotonic() - began < TURN_DEADLINE_S:
            if time.time() > END + STOP_GRACE_S:
                self._done(kind, "stopped at the end", began, tries)
                return None
            tries += 1
            status, body = self.api.call("POST", path, message_run(text), name="POST /threads/[id]/runs/wait")
            if status == 200:
                self.mine += 1
                self._done(kind, "recovered" if unsure else "answered", began, tries)
                return _run_state(body)
            if status == 409 and "busy" in str((body or {}).get("detail")):
                time.sleep(BUSY_WAIT_S)
                if not unsure:
                    continue
            elif status and status < 500:
                self._done(kind, f"refused {status} {str((body or {}).get('detail'))[:80]}", began, tries)
                return None
            unsure = True
            landed = self._landed(began)
            if landed is not None:
                state, settled = landed
                self._done(kind, "recovered" if settled else "landed", began, tries)
                return state
        self._done(kind, "gave_up", began, tries)
        return None

    def _landed(self, began: float) -> tuple[dict[str, Any], bool] | None:
        """After no answer: None if the message is not in the thread, else its state and whether its run is over.

        Waits while no API answers, and (up to `SETTLE_S`) while the thread is mid-run: the run that
        carries the message may still be going, or be taken again by another worker. One that
        failed leaves the thread cut off (not over): the next message finishes it first.
        """
        settle_by = None
        while time.monotonic() - began < TURN_DEADLINE_S:
            status, state = self._read()
            if status == 404:
                return None  # a new thread that no run has written to yet
            if state is None:
                time.sleep(BUSY_WAIT_S)
                continue
            mine = sum(m["type"] == "human" for m in state["messages"])
            if mine <= self.mine:
                return None
            self.mine = mine
            if not _running(state):
                return state, True
            settle_by = settle_by or time.monotonic() + SETTLE_S
            if time.monotonic() > settle_by or time.time() > END:
                return state, False
            time.sleep(POLL_S)
        return None

    def _done(self, kind: str, outcome: str, began: float, tries: int) -> None:
        row = {
            "role": "student",
            "kind": kind,
            "outcome": outcome,
            "latency_s": time.monotonic() - began,
            "tries": tries,
            "end": time.time(),
        }
        record(self, row)


class Operator(FastHttpUser):
    """The operator: looks at the approval inbox and approves what waits there."""

    fixed_count = 1
    wait_time = constant(0.5)
    host = HOSTS[0]
    network_timeout = 120.0
    connection_timeout = 5.0

    def on_start(self) -> None:
        """Take an operator's key."""
        self.api = Api(self, next(_operator_keys))

    @task
    def review(self) -> None:
        """Approve each action in the inbox; one that is busy or already decided is left to the next look."""
        status, threads = self.api.call("POST", "/threads/search", INBOX, name="POST /threads/search (inbox)")
        if status != 200:
            return
        for item in [i for thread in threads for i in _waiting(thread)]:
            began = time.monotonic()
            path = f"/threads/{item['thread_id']}/runs/wait"
            body = approval_run(item["action_id"])
            status, _ = self.api.call("POST", path, body, name="POST /threads/[id]/runs/wait (decision)")
            if status == 200:
                outcome = "answered"
            elif status == 0 or status >= 500:
                outcome = "unanswered"  # maybe recorded and executed: the next look tells
            else:
                continue  # busy, or decided meanwhile (the student withdrew it)
            row = {
                "role": "operator",
                "kind": "decision",
                "outcome": outcome,
                "latency_s": time.monotonic() - began,
                "tries": 1,
                "end": time.time(),
            }
            record(self, row)


def _thread_state(state: dict[str, Any]) -> dict[str, Any]:
    """A thread's state (`GET /threads/{id}/state`) as the story reads it.

    Its values, `next`, and `pending`: the approval request it waits at (None when it waits for none).
    """
    interrupts = state.get("interrupts") or []
    pending = interrupts[0].get("value") if interrupts else None
    values = {"messages": [], **(state.get("values") or {})}  # a new thread has no values yet
    return {**values, "next": state.get("next") or [], "pending": pending}


def _run_state(values: dict[str, Any]) -> dict[str, Any]:
    """What a waited run answered (the values it left) in the shape of `_thread_state`.

    A run that ended at an approval carries it as `__interrupt__`; one that ended otherwise left
    nothing to do (`next` empty).
    """
    interrupts = values.get("__interrupt__") or []
    pending = interrupts[0].get("value") if interrupts else None
    return {**values, "next": ["approval"] if pending else [], "pending": pending}


def _waiting(thread: dict[str, Any]) -> list[dict[str, Any]]:
    """The approvals a searched thread waits at: its id and each action's id."""
    values = [i.get("value") or {} for found in (thread.get("interrupts") or {}).values() for i in found]
    return [
        {"thread_id": thread["thread_id"], "action_id": v["action_id"]} for v in values if "action_id" in v
    ]


def _status_in(state: dict[str, Any], cohort: str) -> str | None:
    """The status of the enrollment the thread's last action left, when it is in `cohort`."""
    outcome = state.get("last_outcome") or {}
    enrollment = (outcome.get("result") or {}).get("enrollment") or {}
    return str(enrollment.get("status")) if enrollment.get("cohort_id") == cohort else None


def _running(state: dict[str, Any]) -> bool:
    """Whether the thread's graph is mid-run (work left and no approval waiting)."""
    return bool(state.get("next")) and state.get("pending") is None


def _awaits_student(state: dict[str, Any]) -> bool:
    """Whether the thread's pending action waits for the student's own yes (not the operator's)."""
    return bool((state.get("pending") or {}).get("approver") == "student")
