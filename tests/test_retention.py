"""Checkpoint retention on real Postgres: what `prune` deletes and keeps; every thread still works after."""

from __future__ import annotations

import json
import signal
import threading
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from psycopg.types.json import Jsonb

from agent import threads
from agent.persistence import Resources
from agent.retention import PruneReport, parse_duration, prune, storage
from tests.conftest import run_cli

APPROVE = {"decisions": [{"type": "approve"}]}
QUESTIONS = ["When does rag-2 start?", "What does python-basics cost?", "Tell me about llm-agents",
             "When does rag-1 start?", "What are the prerequisites of rag?"]
PLAN_REQUEST = ("put together a program of three courses for my goal of moving into ML engineering, "
                "within 1500, starting before March")
ENROLLED = ("Done: you are enrolled in rag-2 and your seat is held. Payment of €900 is due; "
            "say 'pay for rag-2' when ready.")


CHECKPOINT_ROWS = ("SELECT thread_id, checkpoint_ns, checkpoint_id, checkpoint -> 'channel_versions' AS cv,"
                   " metadata -> 'parents' ->> '' AS root FROM checkpoints")


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
        self.refs = {(r["thread_id"], r["checkpoint_ns"], r["checkpoint_id"]):
                     {(r["thread_id"], r["checkpoint_ns"], ch, v) for ch, v in r["cv"].items()} for r in rows}
        self.roots = {(r["thread_id"], r["checkpoint_ns"]): r["root"] for r in rows if r["root"]}
        self.writes = {(r["thread_id"], r["checkpoint_ns"], r["checkpoint_id"], r["task_id"], r["idx"])
                       for r in query(res, "SELECT * FROM checkpoint_writes")}
        self.blobs = {(r["thread_id"], r["checkpoint_ns"], r["channel"], r["version"])
                      for r in query(res, "SELECT * FROM checkpoint_blobs")}
        self.full = {table: query(res, f"SELECT * FROM {table} ORDER BY 1, 2, 3, 4")
                     for table in ("checkpoints", "checkpoint_writes", "checkpoint_blobs")}

    def root_ids(self, thread: str) -> list[str]:
        return sorted(c for t, ns, c in self.checkpoints if t == thread and ns == "")

    def per_namespace(self) -> Counter[tuple[str, str]]:
        return Counter((t, "" if ns == "" else ns.split(":")[0]) for t, ns, _ in self.checkpoints)


def states(graph: Any, thread_ids: list[str]) -> dict[str, tuple[Any, ...]]:
    """What a thread is now: its values, where it goes next, what it waits for, its checkpoint."""
    found = {}
    for thread in thread_ids:
        state = graph.get_state(cfg(thread))
        found[thread] = (state.values, state.next, state.interrupts, state.created_at,
                         state.config["configurable"]["checkpoint_id"])
    return found


def expected_after(before: Tables, kept: set[tuple[str, str, str]]) -> tuple[set[Any], set[Any]]:
    """Writes and blobs that must remain when exactly `kept` checkpoints remain.

    Writes go with their checkpoint. A blob goes when the checkpoints that referenced it all went,
    or with its whole subgraph-call namespace; blobs nobody referenced stay (a save may be in flight).
    """
    writes = {w for w in before.writes if w[:3] in kept}
    gone_ns = {(t, ns) for t, ns, _ in before.checkpoints if ":" in ns} - {(t, ns) for t, ns, _ in kept}
    referenced_by_kept = set().union(*(before.refs[c] for c in kept))
    referenced_by_gone = set().union(*(before.refs[c] for c in before.checkpoints - kept))
    blobs = {b for b in before.blobs if b[:2] not in gone_ns
             and (b in referenced_by_kept or b not in referenced_by_gone)}
    return writes, blobs


def build_threads(graph: Any, long_turns: int = 15) -> None:
    for i in range(long_turns):
        threads.send(graph, "long", QUESTIONS[i % len(QUESTIONS)], user_id="ada")
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
        ("rag-2", "PENDING_PAYMENT")]


def test_keep_last_keeps_the_tail_of_each_thread_and_every_thread_works_on(graph: Any,
                                                                           resources: Resources) -> None:
    build_threads(graph)
    ids = ["long", "paused", "short", "plan"]
    before, was = Tables(resources), states(graph, ids)
    counts = before.per_namespace()
    assert counts[("long", "")] > 50 and counts[("plan", "planner")] > 0
    live_before, disk_before = storage(resources.pool)

    report = prune(resources.pool, older_than=None, keep_last=3, dry_run=False)

    after = Tables(resources)
    kept = {c for c in before.checkpoints if c[1] == "" and c[2] in before.root_ids(c[0])[-3:]}
    assert after.checkpoints == kept  # the planner's call started before the last 3 root checkpoints
    assert after.per_namespace() == Counter({("long", ""): 3, ("paused", ""): 3, ("short", ""): 3,
                                             ("plan", ""): 3})
    assert (after.writes, after.blobs) == expected_after(before, kept)
    assert report == PruneReport(
        dry_run=False, threads_scanned=4, threads=("long", "paused", "plan", "short"),
        checkpoints=len(before.checkpoints) - 12, writes=len(before.writes - after.writes),
        blobs=len(before.blobs - after.blobs), freed_bytes=report.freed_bytes,
        live_bytes_before=live_before, live_bytes_after=storage(resources.pool)[0],
        disk_bytes_before=report.disk_bytes_before, disk_bytes_after=report.disk_bytes_after, vacuumed=True)
    assert report.live_bytes_after == live_before - report.freed_bytes
    assert report.live_bytes_after < live_before / 3  # most of the data was history

    # VACUUM FULL (not safe while the app runs, so prune never does it) shows the space is freed.
    with resources.pool.connection() as conn:
        conn.execute("VACUUM FULL checkpoints, checkpoint_writes, checkpoint_blobs")
    assert storage(resources.pool)[1] < disk_before
    print(f"\nstorage: rows {live_before:,} -> {report.live_bytes_after:,} bytes; on disk {disk_before:,}, "
          f"{report.disk_bytes_before:,} -> {report.disk_bytes_after:,} around prune's VACUUMs, "
          f"{storage(resources.pool)[1]:,} after VACUUM FULL")

    assert states(graph, ids) == was
    assert_paused_thread_resumes(graph, resources)
    turn = threads.send(graph, "long", "When does rag-2 start?", user_id="ada")
    assert turn.replies and len(graph.get_state(cfg("long")).values["messages"]) == 32


def test_a_subgraph_call_is_kept_with_the_root_checkpoint_it_started_from(graph: Any,
                                                                          resources: Resources) -> None:
    threads.send(graph, "plan", PLAN_REQUEST, user_id="dana")
    before = Tables(resources)
    (call_ns,) = {ns for t, ns, _ in before.checkpoints if ns}
    root_ids = before.root_ids("plan")
    started_from = before.roots[("plan", call_ns)]
    needed = len(root_ids) - root_ids.index(started_from)  # the last N root checkpoints include it

    prune(resources.pool, older_than=None, keep_last=needed, dry_run=False)
    assert Tables(resources).checkpoints == {c for c in before.checkpoints
                                             if c[1] == call_ns or c[2] in root_ids[-needed:]}
    report = prune(resources.pool, older_than=None, keep_last=needed - 1, dry_run=False)
    assert Tables(resources).checkpoints == {("plan", "", i) for i in root_ids[-(needed - 1):]}
    assert report.checkpoints == sum(1 for c in before.checkpoints if c[1] == call_ns) + 1
    after = Tables(resources)
    assert {b[1] for b in after.blobs} == {""} and all(w[1] == "" for w in after.writes)
    assert graph.get_state(cfg("plan")).values["program"]["status"] == "approved"


def test_keep_last_one_leaves_paused_and_crashed_threads_resumable(graph: Any, resources: Resources) -> None:
    threads.send(graph, "paused", "When does rag-2 start?", user_id="bob")
    threads.send(graph, "paused", "Please enroll me in rag-2", user_id="bob")
    threads.send(graph, "crash", "Please enroll me in rag-1", user_id="ada")
    killed = run_cli(resources.settings, "approve", "crash", check=False,
                     extra_env={"SCHOOL_FAULT_POINT": "execute.after_domain_write"})
    assert killed.returncode == -signal.SIGKILL
    was = states(graph, ["paused", "crash"])
    assert was["crash"][1] == ("execute",) and was["paused"][2] != ()

    report = prune(resources.pool, older_than=None, keep_last=1, dry_run=False)

    assert report.threads == ("crash", "paused")
    assert Tables(resources).per_namespace() == Counter({("paused", ""): 1, ("crash", ""): 1})
    assert states(graph, ["paused", "crash"]) == was
    assert graph.get_state(cfg("paused")).parent_config is None  # no pointer to a deleted parent
    assert_paused_thread_resumes(graph, resources)
    resumed = threads.resume(graph, "crash")
    assert resumed.replies[0].startswith("Done: you are enrolled in rag-1")
    assert [(e["student_id"], e["cohort_id"]) for e in resources.school.enrollments()] == [
        ("ada", "rag-1"), ("bob", "rag-2")]


def test_a_dry_run_deletes_nothing_and_reports_what_the_real_run_does(graph: Any,
                                                                      resources: Resources) -> None:
    build_threads(graph, long_turns=4)
    before = Tables(resources)

    dry = prune(resources.pool, older_than=None, keep_last=2, dry_run=True)

    assert Tables(resources).full == before.full
    assert (dry.dry_run, dry.vacuumed, dry.disk_bytes_after) == (True, False, dry.disk_bytes_before)
    real = prune(resources.pool, older_than=None, keep_last=2, dry_run=False)
    same = {"dry_run", "vacuumed", "disk_bytes_before", "disk_bytes_after"}
    assert {k: v for k, v in dry.as_dict().items() if k not in same} == {
        k: v for k, v in real.as_dict().items() if k not in same}
    assert real.checkpoints == len(before.checkpoints) - 8 and real.writes > 0 and real.blobs > 0
    again = prune(resources.pool, older_than=None, keep_last=2, dry_run=False)
    assert (again.checkpoints, again.writes, again.blobs, again.threads) == (0, 0, 0, ())


def test_age_counts_back_from_now_and_the_latest_checkpoint_always_stays(graph: Any,
                                                                         resources: Resources) -> None:
    build_threads(graph, long_turns=6)
    ts = {r["checkpoint_id"]: datetime.fromisoformat(r["ts"]) for r in query(
        resources, "SELECT checkpoint_id, checkpoint ->> 'ts' AS ts FROM checkpoints WHERE thread_id = 'long'"
                   " AND checkpoint_ns = ''")}
    long_ids = sorted(ts)
    middle = ts[long_ids[len(long_ids) // 2]]
    unchanged = prune(resources.pool, older_than=timedelta(days=30), keep_last=None, dry_run=False)
    assert (unchanged.checkpoints, unchanged.threads) == (0, ())  # everything is younger than 30 days

    # Thirty days after the middle checkpoint of "long", the older half of it is older than 30 days.
    report = prune(resources.pool, older_than=timedelta(days=30), keep_last=None, dry_run=False,
                   now=middle + timedelta(days=30))
    assert report.threads == ("long",)
    assert Tables(resources).root_ids("long") == [i for i in long_ids if ts[i] >= middle]
    # A year from now every checkpoint is old, and the latest of each thread stays all the same.
    in_a_year = datetime.now(UTC) + timedelta(days=365)
    prune(resources.pool, older_than=timedelta(days=30), keep_last=None, dry_run=False, now=in_a_year,
          thread_ids=["paused"])
    assert len(Tables(resources).root_ids("paused")) == 1
    assert_paused_thread_resumes(graph, resources)
    # With both rules, a checkpoint stays when either keeps it: the last 2 of "short", though all are old.
    prune(resources.pool, older_than=timedelta(days=1), keep_last=2, dry_run=False, now=in_a_year)
    assert [len(Tables(resources).root_ids(t)) for t in ("long", "short", "plan")] == [2, 2, 2]


def test_a_thread_with_a_delta_channel_is_left_alone(graph: Any, resources: Resources) -> None:
    threads.send(graph, "delta", "When does rag-2 start?", user_id="ada")
    threads.send(graph, "delta", "When does rag-1 start?", user_id="ada")
    with resources.pool.connection() as conn:
        conn.execute("UPDATE checkpoints SET metadata = metadata || %s",
                     (Jsonb({"counters_since_delta_snapshot": {}}),))
    before = Tables(resources)
    report = prune(resources.pool, older_than=None, keep_last=1, dry_run=False)
    why = "uses a DeltaChannel, whose value is rebuilt from older checkpoints"
    assert report.skipped == (("delta", why),)
    assert (report.checkpoints, Tables(resources).full) == (0, before.full)


def test_pruning_while_a_thread_runs_leaves_it_whole(graph: Any, resources: Resources) -> None:
    texts = [QUESTIONS[i % len(QUESTIONS)] for i in range(8)]
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
    assert [m.content for m in messages[::2]] == texts and len(messages) == 16
    prune(resources.pool, older_than=None, keep_last=1, dry_run=False)
    assert Tables(resources).per_namespace() == Counter({("busy", ""): 1})
    assert graph.get_state(cfg("busy")).values["messages"] == messages


def test_durations() -> None:
    assert [parse_duration(t) for t in ("30d", "12h", "15m", "90s", "2w", "1.5h")] == [
        timedelta(days=30), timedelta(hours=12), timedelta(minutes=15), timedelta(seconds=90),
        timedelta(weeks=2), timedelta(minutes=90)]
    message = r"^--older-than must be a duration such as 30d, 12h, 15m, 90s or 2w, got '30 days'$"
    with pytest.raises(ValueError, match=message):
        parse_duration("30 days", option="--older-than")


def test_prune_rules_are_checked(resources: Resources) -> None:
    for kwargs, message in (({"keep_last": None}, "prune needs older_than, keep_last or both"),
                            ({"keep_last": 0}, "keep_last must be at least 1")):
        with pytest.raises(ValueError, match=message):
            prune(resources.pool, older_than=None, dry_run=False, **kwargs)


# -- the command --------------------------------------------------------------------------------
def test_prune_command(graph: Any, resources: Resources) -> None:
    build_threads(graph, long_turns=2)
    settings = resources.settings
    dry = json.loads(run_cli(settings, "prune", "--keep-last", "2", "--dry-run", "--json").stdout)
    assert dry["dry_run"] is True and dry["checkpoints"] > 0
    text = run_cli(settings, "prune", "--keep-last", "2").stdout.splitlines()
    assert text[0] == (f"Deleted {dry['checkpoints']:,} checkpoints, {dry['writes']:,} writes and "
                       f"{dry['blobs']:,} blobs from 4 of 4 threads.")
    assert text[1].startswith(f"Checkpoint data: {dry['live_bytes_before']:,} -> {dry['live_bytes_after']:,} "
                              f"bytes ({dry['freed_bytes']:,} freed).")
    assert text[2].startswith("On disk: ") and "after VACUUM" in text[2]
    assert text[3] == "Threads: long, paused, plan, short."
    assert Tables(resources).per_namespace() == Counter({("long", ""): 2, ("paused", ""): 2,
                                                         ("short", ""): 2, ("plan", ""): 2})


@pytest.mark.parametrize(("args", "error"), [
    ((), "error: prune needs --older-than, --keep-last or both"),
    (("--older-than", "a month"), "error: --older-than must be a duration such as 30d, 12h, 15m, 90s or 2w, "
                                  "got 'a month'"),
    (("--keep-last", "0"), "error: --keep-last must be at least 1 (the latest checkpoint is always kept), "
                           "got 0"),
])
def test_prune_command_refuses_bad_options(resources: Resources, args: tuple[str, ...], error: str) -> None:
    result = run_cli(resources.settings, "prune", *args, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", error + "\n")
