"""Checkpoint retention on real Postgres: what `prune` deletes and keeps; every thread still works after.

The school graph keeps its conversation in a `DeltaChannel` that stores the messages every
`MESSAGE_SNAPSHOT_EVERY` updates (25 turns), so a thread's tail reaches back to the last checkpoint
that stores them (`Tables.tail`), and a thread that never stored them is kept whole.
"""

from __future__ import annotations

import json
import signal
import threading
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from agent.infra.persistence import Resources
from agent.infra.retention import PruneReport, parse_duration, prune, storage
from agent.runtime import threads
from graphs.state import MESSAGE_SNAPSHOT_EVERY, MESSAGE_WINDOW
from tests.support.approvals import student_yes
from tests.support.school import run_cli

APPROVE = student_yes("bob")
"""Bob confirms his own enrollment (the paused thread's), as the policy asks."""
QUESTIONS = [
    "When does rag-2 start?",
    "What does python-basics cost?",
    "Tell me about llm-agents",
    "When does rag-1 start?",
    "What are the prerequisites of rag?",
]
PLAN_REQUEST = (
    "put together a program of three courses for my goal of moving into ML engineering, "
    "within 1500, starting before March"
)
ENROLLED = (
    "Done: you are enrolled in rag-2 and your seat is held. Payment of €900 is due; "
    "say 'pay for rag-2' when ready."
)


CHECKPOINT_ROWS = (
    "SELECT thread_id, checkpoint_ns, checkpoint_id, checkpoint -> 'channel_versions' AS cv,"
    " metadata -> 'parents' ->> '' AS root FROM checkpoints"
)


def cfg(thread: str) -> Any:
    return {"configurable": {"thread_id": thread}}


def query(res: Resources, sql: str, params: Any = None) -> list[dict[str, Any]]:
    with res.pool.connection() as conn:
        return conn.execute(sql, params).fetchall()


class Tables:
    """The keys of every row of the three checkpoint tables, and what each checkpoint references."""

    def __init__(self, res: Resources) -> None:
        rows = query(res, CHECKPOINT_ROWS)
        self.checkpoints = {(r["thread_id"], r["checkpoint_ns"], r["checkpoint_id"]) for r in rows}
        self.refs = {
            (r["thread_id"], r["checkpoint_ns"], r["checkpoint_id"]): {
                (r["thread_id"], r["checkpoint_ns"], ch, v) for ch, v in r["cv"].items()
            }
            for r in rows
        }
        self.roots = {(r["thread_id"], r["checkpoint_ns"]): r["root"] for r in rows if r["root"]}
        self.writes = {
            (r["thread_id"], r["checkpoint_ns"], r["checkpoint_id"], r["task_id"], r["idx"])
            for r in query(res, "SELECT * FROM checkpoint_writes")
        }
        self.blobs = {
            (r["thread_id"], r["checkpoint_ns"], r["channel"], r["version"])
            for r in query(res, "SELECT * FROM checkpoint_blobs")
        }
        self.full = {
            table: query(res, f"SELECT * FROM {table} ORDER BY 1, 2, 3, 4")
            for table in ("checkpoints", "checkpoint_writes", "checkpoint_blobs")
        }
        self.stored = {
            c for c, refs in self.refs.items() if any(ch == "messages" for _, _, ch, _ in refs & self.blobs)
        }
        """The checkpoints that store the messages (a snapshot at their version) rather than rebuild them."""

    def root_ids(self, thread: str) -> list[str]:
        return sorted(c for t, ns, c in self.checkpoints if t == thread and ns == "")

    def window(self, thread: str, start: int) -> list[str]:
        """The root checkpoints kept from `start` on: back to the newest that stores the messages."""
        ids = self.root_ids(thread)
        while start > 0 and (thread, "", ids[start]) not in self.stored:
            start -= 1
        return ids[start:]

    def tail(self, thread: str, keep_last: int) -> list[str]:
        return self.window(thread, max(len(self.root_ids(thread)) - keep_last, 0))

    def per_namespace(self) -> Counter[tuple[str, str]]:
        return Counter((t, "" if ns == "" else ns.split(":")[0]) for t, ns, _ in self.checkpoints)


def states(graph: Any, thread_ids: list[str]) -> dict[str, tuple[Any, ...]]:
    """What a thread is now: its values, where it goes next, what it waits for, its checkpoint."""
    found = {}
    for thread in thread_ids:
        state = graph.get_state(cfg(thread))
        found[thread] = (
            state.values,
            state.next,
            state.interrupts,
            state.created_at,
            state.config["configurable"]["checkpoint_id"],
        )
    return found


def history(graph: Any, thread: str) -> dict[str, Any]:
    """Every checkpoint of a thread as the graph reads it, by id, less the pointer to its parent."""
    return {
        s.config["configurable"]["checkpoint_id"]: s._replace(parent_config=None)
        for s in graph.get_state_history(cfg(thread))
    }


def talk(graph: Any, thread: str, turns: int, user_id: str = "ada") -> None:
    for i in range(turns):
        threads.send(graph, thread, QUESTIONS[i % len(QUESTIONS)], user_id=user_id)


def expected_after(before: Tables, kept: set[tuple[str, str, str]]) -> tuple[set[Any], set[Any]]:
    """Writes and blobs that must remain when exactly `kept` checkpoints remain.

    Writes go with their checkpoint. A blob goes when the checkpoints that referenced it all went,
    or with its whole subgraph-call namespace; blobs nobody referenced stay (a save may be in flight).
    """
    writes = {w for w in before.writes if w[:3] in kept}
    gone_ns = {(t, ns) for t, ns, _ in before.checkpoints if ":" in ns} - {(t, ns) for t, ns, _ in kept}
    referenced_by_kept = set().union(*(before.refs[c] for c in kept))
    referenced_by_gone = set().union(*(before.refs[c] for c in before.checkpoints - kept))
    blobs = {
        b
        for b in before.blobs
        if b[:2] not in gone_ns and (b in referenced_by_kept or b not in referenced_by_gone)
    }
    return writes, blobs


def build_threads(graph: Any, long_turns: int = 60) -> None:
    """ "long" stores its messages twice (after turns 25 and 50 of 60); the others never do."""
    talk(graph, "long", long_turns)
    threads.send(graph, "paused", "When does rag-2 start?", user_id="bob")
    assert threads.send(graph, "paused", "Please enroll me in rag-2", user_id="bob").pending is not None
    threads.send(graph, "short", "What does python-basics cost?", user_id="carl")
    threads.send(graph, "plan", PLAN_REQUEST, user_id="dana")  # the planner subgraph: a call namespace
    threads.send(graph, "plan", "When does rag-1 start?", user_id="dana")


def assert_paused_thread_resumes(graph: Any, resources: Resources) -> None:
    turn = threads.decide(graph, "paused", APPROVE)
    assert (turn.replies, turn.pending) == ([ENROLLED], None)
    assert graph.get_state(cfg("paused")).interrupts == ()
    assert [(e["cohort_id"], e["status"]) for e in resources.school.enrollments(student_id="bob")] == [
        ("rag-2", "PENDING_PAYMENT")
    ]


def test_keep_last_keeps_the_tail_of_each_thread_and_every_thread_works_on(
    graph: Any, resources: Resources
) -> None:
    build_threads(graph)
    ids = ["long", "paused", "short", "plan"]
    before, was = Tables(resources), states(graph, ids)
    histories = {t: history(graph, t) for t in ids}
    counts = before.per_namespace()
    assert counts[("long", "")] > 200 and counts[("plan", "planner")] > 0
    assert MESSAGE_SNAPSHOT_EVERY == 50
    live_before, disk_before = storage(resources.pool)

    report = prune(resources.pool, older_than=None, keep_last=3, dry_run=False)

    after = Tables(resources)
    long_tail = before.tail("long", 3)
    assert 3 < len(long_tail) < counts[("long", "")] / 4  # back to the messages stored after turn 50
    # The threads that never stored their messages keep every checkpoint, the planner's call too.
    kept = {c for c in before.checkpoints if c[0] != "long" or c[2] in long_tail}
    assert after.checkpoints == kept
    assert (after.writes, after.blobs) == expected_after(before, kept)
    assert report == PruneReport(
        dry_run=False,
        threads_scanned=4,
        threads=("long",),
        checkpoints=len(before.checkpoints - kept),
        writes=len(before.writes - after.writes),
        blobs=len(before.blobs - after.blobs),
        freed_bytes=report.freed_bytes,
        live_bytes_before=live_before,
        live_bytes_after=storage(resources.pool)[0],
        disk_bytes_before=report.disk_bytes_before,
        disk_bytes_after=report.disk_bytes_after,
        vacuumed=True,
    )
    assert report.live_bytes_after == live_before - report.freed_bytes
    assert report.live_bytes_after < live_before / 2  # most of the data was the history of "long"

    # VACUUM FULL (not safe while the app runs, so prune never does it) shows the space is freed.
    with resources.pool.connection() as conn:
        conn.execute("VACUUM FULL checkpoints, checkpoint_writes, checkpoint_blobs")
    assert storage(resources.pool)[1] < disk_before
    print(
        f"\nstorage: rows {live_before:,} -> {report.live_bytes_after:,} bytes; on disk {disk_before:,}, "
        f"{report.disk_bytes_before:,} -> {report.disk_bytes_after:,} around prune's VACUUMs, "
        f"{storage(resources.pool)[1]:,} after VACUUM FULL"
    )

    assert states(graph, ids) == was
    # Every checkpoint kept reads as before, the oldest of "long" from its stored messages alone.
    assert {t: history(graph, t) for t in ids} == {
        t: {i: s for i, s in h.items() if (t, "", i) in kept} for t, h in histories.items()
    }
    oldest = list(graph.get_state_history(cfg("long")))[-1]
    assert oldest.config["configurable"]["checkpoint_id"] == long_tail[0] and oldest.parent_config is None
    assert ("long", "", long_tail[0]) in before.stored
    assert_paused_thread_resumes(graph, resources)
    messages = was["long"][0]["messages"]  # the last MESSAGE_WINDOW of its 120: 50 turns
    asked = [QUESTIONS[i % len(QUESTIONS)] for i in range(60 - MESSAGE_WINDOW // 2, 60)]
    assert len(messages) == MESSAGE_WINDOW and [m.content for m in messages[::2]] == asked
    turn = threads.send(graph, "long", "When does rag-2 start?", user_id="ada")
    now = graph.get_state(cfg("long")).values["messages"]
    # The router dropped the oldest turn to make room for the question; the reply came after.
    assert turn.replies and len(now) == MESSAGE_WINDOW and now[:-2] == messages[2:]


def test_a_subgraph_call_is_kept_with_the_root_checkpoint_it_started_from(
    graph: Any, resources: Resources
) -> None:
    talk(graph, "plan", 26, user_id="dana")  # the messages are stored after turn 25, and after turn 50
    threads.send(graph, "plan", PLAN_REQUEST, user_id="dana")
    talk(graph, "plan", 30, user_id="dana")
    before = Tables(resources)
    (call_ns,) = {ns for t, ns, _ in before.checkpoints if ns}
    call = {c for c in before.checkpoints if c[1] == call_ns}
    root_ids = before.root_ids("plan")
    started_from = before.roots[("plan", call_ns)]
    needed = len(root_ids) - root_ids.index(started_from)  # the last N root checkpoints include it
    kept = before.tail("plan", needed)
    assert kept[0] < started_from

    prune(resources.pool, older_than=None, keep_last=needed, dry_run=False)
    assert Tables(resources).checkpoints == call | {("plan", "", i) for i in kept}
    report = prune(resources.pool, older_than=None, keep_last=1, dry_run=False)
    tail = before.tail("plan", 1)
    assert tail[0] > started_from
    assert Tables(resources).checkpoints == {("plan", "", i) for i in tail}
    assert report.checkpoints == len(call) + len(kept) - len(tail)
    after = Tables(resources)
    assert {b[1] for b in after.blobs} == {""} and all(w[1] == "" for w in after.writes)
    assert graph.get_state(cfg("plan")).values["program"]["status"] == "approved"


def test_keep_last_one_leaves_paused_and_crashed_threads_resumable(graph: Any, resources: Resources) -> None:
    talk(graph, "paused", 25, user_id="bob")  # the messages are stored at the end of turn 25
    threads.send(graph, "paused", "Please enroll me in rag-2", user_id="bob")
    talk(graph, "crash", 25)
    threads.send(graph, "crash", "Please enroll me in rag-1", user_id="ada")
    killed = run_cli(  # ada's "yes" dies between the enrollment and its checkpoint
        resources.settings,
        "send",
        "crash",
        "yes",
        "--user",
        "ada",
        check=False,
        extra_env={"SCHOOL_FAULT_POINT": "execute.after_domain_write"},
    )
    assert killed.returncode == -signal.SIGKILL
    was = states(graph, ["paused", "crash"])
    assert was["crash"][1] == ("execute",) and was["paused"][2] != ()
    before, histories = Tables(resources), {t: history(graph, t) for t in ("paused", "crash")}

    report = prune(resources.pool, older_than=None, keep_last=1, dry_run=False)

    assert report.threads == ("crash", "paused")
    tails = {t: before.tail(t, 1) for t in ("paused", "crash")}
    assert Tables(resources).per_namespace() == Counter({(t, ""): len(tail) for t, tail in tails.items()})
    assert all(len(tail) < len(before.root_ids(t)) / 5 for t, tail in tails.items())
    assert states(graph, ["paused", "crash"]) == was
    for thread, tail in tails.items():
        assert history(graph, thread) == {i: histories[thread][i] for i in tail}
        oldest = list(graph.get_state_history(cfg(thread)))[-1]  # no pointer to a deleted parent
        assert (oldest.config["configurable"]["checkpoint_id"], oldest.parent_config) == (tail[0], None)
    assert_paused_thread_resumes(graph, resources)
    resumed = threads.resume(graph, "crash")
    assert resumed.replies[0].startswith("Done: you are enrolled in rag-1")
    assert [(e["student_id"], e["cohort_id"]) for e in resources.school.enrollments()] == [
        ("ada", "rag-1"),
        ("bob", "rag-2"),
    ]


def test_a_dry_run_deletes_nothing_and_reports_what_the_real_run_does(
    graph: Any, resources: Resources
) -> None:
    build_threads(graph, long_turns=30)
    before = Tables(resources)

    dry = prune(resources.pool, older_than=None, keep_last=2, dry_run=True)

    assert Tables(resources).full == before.full
    assert (dry.dry_run, dry.vacuumed, dry.disk_bytes_after) == (True, False, dry.disk_bytes_before)
    real = prune(resources.pool, older_than=None, keep_last=2, dry_run=False)
    same = {"dry_run", "vacuumed", "disk_bytes_before", "disk_bytes_after"}
    assert {k: v for k, v in dry.as_dict().items() if k not in same} == {
        k: v for k, v in real.as_dict().items() if k not in same
    }
    assert real.threads == ("long",) and real.writes > 0 and real.blobs > 0
    assert real.checkpoints == len(before.root_ids("long")) - len(before.tail("long", 2))
    again = prune(resources.pool, older_than=None, keep_last=2, dry_run=False)
    assert (again.checkpoints, again.writes, again.blobs, again.threads) == (0, 0, 0, ())


def test_age_counts_back_from_now_and_the_latest_checkpoint_always_stays(
    graph: Any, resources: Resources
) -> None:
    build_threads(graph)
    before = Tables(resources)
    ts = {
        r["checkpoint_id"]: datetime.fromisoformat(r["ts"])
        for r in query(
            resources,
            "SELECT checkpoint_id, checkpoint ->> 'ts' AS ts FROM checkpoints WHERE thread_id = 'long'"
            " AND checkpoint_ns = ''",
        )
    }
    long_ids = sorted(ts)
    middle = ts[long_ids[len(long_ids) // 2]]
    unchanged = prune(resources.pool, older_than=timedelta(days=30), keep_last=None, dry_run=False)
    assert (unchanged.checkpoints, unchanged.threads) == (0, ())  # everything is younger than 30 days

    # Thirty days after the middle checkpoint of "long", the older half of it is older than 30 days.
    report = prune(
        resources.pool,
        older_than=timedelta(days=30),
        keep_last=None,
        dry_run=False,
        now=middle + timedelta(days=30),
    )
    assert report.threads == ("long",)
    recent = [i for i in long_ids if ts[i] >= middle]
    kept = before.window("long", long_ids.index(recent[0]))
    assert Tables(resources).root_ids("long") == kept and len(recent) < len(kept) < len(long_ids)
    # A year from now every checkpoint is old, and the latest of each thread stays all the same, with
    # what it is rebuilt from: all of "paused", which never stored its messages.
    in_a_year = datetime.now(UTC) + timedelta(days=365)
    prune(
        resources.pool,
        older_than=timedelta(days=30),
        keep_last=None,
        dry_run=False,
        now=in_a_year,
        thread_ids=["paused", "long"],
    )
    assert Tables(resources).root_ids("paused") == before.root_ids("paused")
    assert Tables(resources).root_ids("long") == before.tail("long", 1)
    assert_paused_thread_resumes(graph, resources)
    # With both rules, a checkpoint stays when either keeps it: the last 2 of "long", though all are old.
    prune(resources.pool, older_than=timedelta(days=1), keep_last=2, dry_run=False, now=in_a_year)
    assert Tables(resources).root_ids("long") == before.tail("long", 1)


def test_pruning_while_a_thread_runs_leaves_it_whole(graph: Any, resources: Resources) -> None:
    texts = [QUESTIONS[i % len(QUESTIONS)] for i in range(30)]  # the messages are stored at turn 25
    failures: list[BaseException] = []

    def talk() -> None:
        try:
            for text in texts:
                threads.send(graph, "busy", text, user_id="ada")
        except BaseException as err:  # reported by the main thread
            failures.append(err)

    talker = threading.Thread(target=talk)
    talker.start()
    rounds = 0
    while talker.is_alive() or rounds == 0:
        prune(resources.pool, older_than=None, keep_last=1, dry_run=False, vacuum=False)
        rounds += 1
    talker.join()
    assert failures == []
    messages = graph.get_state(cfg("busy")).values["messages"]
    assert [m.content for m in messages[::2]] == texts and len(messages) == 60
    before = Tables(resources)
    prune(resources.pool, older_than=None, keep_last=1, dry_run=False)
    kept = Tables(resources).root_ids("busy")
    assert kept == before.tail("busy", 1) and len(kept) < 4 * len(texts) / 5  # 4 checkpoints a turn
    assert graph.get_state(cfg("busy")).values["messages"] == messages


def test_durations() -> None:
    assert [parse_duration(t) for t in ("30d", "12h", "15m", "90s", "2w", "1.5h")] == [
        timedelta(days=30),
        timedelta(hours=12),
        timedelta(minutes=15),
        timedelta(seconds=90),
        timedelta(weeks=2),
        timedelta(minutes=90),
    ]
    message = r"^--older-than must be a duration such as 30d, 12h, 15m, 90s or 2w, got '30 days'$"
    with pytest.raises(ValueError, match=message):
        parse_duration("30 days", option="--older-than")


def test_prune_rules_are_checked(resources: Resources) -> None:
    for kwargs, message in (
        ({"keep_last": None}, "prune needs older_than, keep_last or both"),
        ({"keep_last": 0}, "keep_last must be at least 1"),
    ):
        with pytest.raises(ValueError, match=message):
            prune(resources.pool, older_than=None, dry_run=False, **kwargs)


# -- the command --------------------------------------------------------------------------------
def test_prune_command(graph: Any, resources: Resources) -> None:
    build_threads(graph, long_turns=30)
    before = Tables(resources)
    settings = resources.settings
    dry = json.loads(run_cli(settings, "prune", "--keep-last", "2", "--dry-run", "--json").stdout)
    assert dry["dry_run"] is True and dry["checkpoints"] > 0
    text = run_cli(settings, "prune", "--keep-last", "2").stdout.splitlines()
    assert text[0] == (
        f"Deleted {dry['checkpoints']:,} checkpoints, {dry['writes']:,} writes and "
        f"{dry['blobs']:,} blobs from 1 of 4 threads."
    )
    assert text[1].startswith(
        f"Checkpoint data: {dry['live_bytes_before']:,} -> {dry['live_bytes_after']:,} "
        f"bytes ({dry['freed_bytes']:,} freed)."
    )
    assert text[2].startswith("On disk: ") and "after VACUUM" in text[2]
    assert text[3] == "Threads: long."
    assert Tables(resources).checkpoints == {
        c for c in before.checkpoints if c[0] != "long" or c[2] in before.tail("long", 2)
    }


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((), "error: prune needs --older-than, --keep-last or both"),
        (
            ("--older-than", "a month"),
            "error: --older-than must be a duration such as 30d, 12h, 15m, 90s or 2w, got 'a month'",
        ),
        (
            ("--keep-last", "0"),
            "error: --keep-last must be at least 1 (the latest checkpoint is always kept), got 0",
        ),
    ],
)
def test_prune_command_refuses_bad_options(resources: Resources, args: tuple[str, ...], error: str) -> None:
    result = run_cli(resources.settings, "prune", *args, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", error + "\n")
