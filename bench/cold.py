"""Cold resume: an operator approving a paused thread from a fresh process, ours against stock LangGraph.

    python -m bench.cold [--repeats N]        (a scratch database on DATABASE_URL's server)

`measure_cold_resume(url)` prepares threads paused at approval, in our application and in the stock
graph (`bench.stock`), then resumes each from a new `python` process, timed from spawn to exit:
ours is `python -m agent.interfaces.cli approve THREAD`, stock is `python -m bench.stock_resume URL THREAD`.
Ours waits for an operator as the approval policy has it: a student's cancellation of a paid seat
that refunds it, after the student's "yes" (an enrollment is the student's own to confirm).
One more thread of each is resumed under `-X importtime` to find where the start-up time goes.
Each resume is checked: ours leaves nothing pending and the enrollment cancelled, stock's thread
has no next node. The database must be an empty scratch one: this module sets it up and fills it.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
COURSE = "python-basics"
"""Enrolled in by every thread: its cohorts have seats for all of them."""
OUR_COHORT = "python-basics-3"
"""Paid for, then cancelled with a full refund: it starts more than a week after the seeding day."""
OUR_MESSAGE = f"Please cancel my enrollment in {OUR_COHORT}"
STOCK_MESSAGE = f"enroll me in {COURSE}"
WATCHED = (
    "langgraph.graph",
    "langgraph.checkpoint.postgres",
    "langsmith.run_trees",
    "langgraph_sdk",
    "langchain.agents",
    "langchain_openai",
    "openai",
    "opentelemetry",
    "fastapi",
    "uvicorn",
    "rich",
    "pgserver",
    "httpx",
    "pydantic",
)
"""Modules whose import cost is reported whenever a resume loads them."""
_IMPORT_LINE = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


@dataclass(frozen=True)
class Imports:
    """A process's imports from `-X importtime`: seconds in total, by top-level import, by module."""

    total_s: float
    top: list[tuple[str, float]]
    """Imports made at top level (the script's, and those inside functions), by cumulative cost."""
    packages: list[tuple[str, float]]
    """Distributions' top-level packages by their modules' own (self) time, costliest first."""
    watched: dict[str, float]
    """Cumulative seconds of each `WATCHED` module the process loaded."""


def parse_importtime(stderr: str) -> Imports:
    """Sum and rank the `-X importtime` lines of one process."""
    top: list[tuple[str, float]] = []
    watched: dict[str, float] = {}
    packages: Counter[str] = Counter()
    for line in stderr.splitlines():
        match = _IMPORT_LINE.match(line)
        if match is None:
            continue
        cumulative_s, name = int(match.group(2)) / 1e6, match.group(4)
        packages[name.split(".")[0]] += int(match.group(1))
        if len(match.group(3)) == 1:
            top.append((name, cumulative_s))
        if name in WATCHED:
            watched[name] = cumulative_s
    top.sort(key=lambda item: item[1], reverse=True)
    return Imports(
        round(sum(s for _, s in top), 3),
        [(n, round(s, 3)) for n, s in top],
        [(n, round(us / 1e6, 3)) for n, us in packages.most_common()],
        watched,
    )


def _child_env(url: str, pycache: str) -> dict[str, str]:
    """The parent's environment without the school's settings: offline models, no tracing.

    Bytecode is cached under `pycache`, outside the working tree, as an installed package has it:
    without a cache (`PYTHONDONTWRITEBYTECODE`) every start would compile our sources again while
    the installed libraries load theirs, which would charge the compiler to our side only.
    """
    from agent.config.env import child_environment

    env = child_environment(
        drop=("DATABASE_URL",),
        drop_prefixes=("SCHOOL_", "OTEL_", "LANGSMITH_", "LANGCHAIN_", "PYTHONDONTWRITEBYTECODE"),
    )
    return env | {"DATABASE_URL": url, "SCHOOL_TRACING": "off", "PYTHONPYCACHEPREFIX": pycache}


@dataclass(frozen=True)
class Spawned:
    """One child process: wall seconds from spawn to exit, its CPU seconds (user + system), stderr."""

    wall_s: float
    cpu_s: float
    stderr: str


def _cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _spawn(args: list[str], env: dict[str, str], *, importtime: bool = False) -> Spawned:
    """Run `python ARGS` from the repository root and wait for it; raise if it fails.

    CPU time is reported beside wall time: on a busy machine it varies much less.
    """
    command = [sys.executable, *(["-X", "importtime"] if importtime else []), *args]
    cpu_before, started = _cpu_of_children(), time.perf_counter()
    result = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    elapsed, cpu = time.perf_counter() - started, _cpu_of_children() - cpu_before
    if result.returncode != 0:
        message = f"{' '.join(args)} exited {result.returncode}:\n{result.stdout}\n{result.stderr[-4000:]}"
        raise RuntimeError(message)
    return Spawned(elapsed, cpu, result.stderr)


def _our_resume(thread: str) -> list[str]:
    """The approve command of the CLI, as an operator types it."""
    return ["-m", "agent.interfaces.cli", "approve", thread]


def _stock_resume(url: str, thread: str) -> list[str]:
    return ["-m", "bench.stock_resume", url, thread]


@dataclass
class _Prepared:
    """The paused threads, and the in-process graphs that check their resumes."""

    ours: list[str]
    stock: list[str]
    check_ours: Callable[[str], None]
    check_stock: Callable[[str], None]


def _prepare(res: Any, count: int) -> _Prepared:
    """`count` threads of each kind paused at approval, with checks that a resume happened."""
    from langgraph.checkpoint.postgres import PostgresSaver

    from agent.runtime import threads
    from bench.stock import build_stock_graph
    from graphs.school import build_graph

    ours = build_graph(
        checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
    )
    stock = build_stock_graph(res.school, PostgresSaver(res.pool))
    our_threads, stock_threads = [], []
    for n in range(count):
        thread, user = f"cold-ours-{n}", f"cold{n}"
        for step in ("enroll", "pay"):
            getattr(res.school, step)(f"cold-{step}-{n}", student_id=user, cohort_id=OUR_COHORT)
        threads.send(ours, thread, OUR_MESSAGE, user_id=user, settings=res.settings)
        turn = threads.send(ours, thread, "yes", user_id=user, settings=res.settings)
        if turn.pending is None or turn.pending.get("approver") != "operator":
            raise RuntimeError(f"{OUR_MESSAGE!r} did not pause {thread} at approval: {turn.replies}")
        our_threads.append(thread)
        thread = f"cold-stock-{n}"
        config: Any = {"configurable": {"thread_id": thread}}
        stock.invoke({"messages": [("user", STOCK_MESSAGE)]}, config)
        if stock.get_state(config).next != ("approval",):
            raise RuntimeError(f"{STOCK_MESSAGE!r} did not pause {thread} at approval")
        stock_threads.append(thread)

    def check_ours(thread: str) -> None:
        state = ours.get_state(threads.config_for(thread))
        student = state.values.get("student_id")
        enrolled = [r["status"] for r in res.school.enrollments(student_id=student, cohort_id=OUR_COHORT)]
        if state.interrupts or state.next or enrolled != ["CANCELLED"]:
            raise RuntimeError(f"{thread} was not resumed: next={state.next}, enrollments={enrolled}")

    def check_stock(thread: str) -> None:
        if stock.get_state({"configurable": {"thread_id": thread}}).next != ():
            raise RuntimeError(f"stock thread {thread} was not resumed")

    return _Prepared(our_threads, stock_threads, check_ours, check_stock)


def measure_cold_resume(url: str, repeats: int = 3) -> dict[str, Any]:
    """Resume `repeats` paused threads of each kind in fresh processes against the empty database `url`.

    Returns, per side, the wall times (seconds, spawn to exit) and CPU times of every resume and
    their medians, the ratios ours/stock, each side's import time (from one more resume under
    `-X importtime`, which slows imports down: compare the two, not with the wall times) and our
    most expensive imports.
    """
    from agent.config.settings import Settings
    from agent.infra.persistence import open_resources

    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    with (
        tempfile.TemporaryDirectory(prefix="cold-pycache-") as pycache,
        open_resources(Settings(database_url=url, pool_max_size=4)) as res,
    ):
        env = _child_env(url, pycache)
        # Thread 0 of each side warms the bytecode cache, the last one is profiled; neither is timed.
        prepared = _prepare(res, repeats + 2)
        ours: list[Spawned] = []
        stock: list[Spawned] = []
        for index, (our_thread, stock_thread) in enumerate(
            zip(prepared.ours[:-1], prepared.stock[:-1], strict=True)
        ):
            # Alternated, so that a slow spell of the machine hits both sides alike.
            stock_run = _spawn(_stock_resume(url, stock_thread), env)
            prepared.check_stock(stock_thread)
            our_run = _spawn(_our_resume(our_thread), env)
            prepared.check_ours(our_thread)
            if index:
                stock.append(stock_run)
                ours.append(our_run)
        stock_log = _spawn(_stock_resume(url, prepared.stock[-1]), env, importtime=True).stderr
        prepared.check_stock(prepared.stock[-1])
        our_log = _spawn(_our_resume(prepared.ours[-1]), env, importtime=True).stderr
        prepared.check_ours(prepared.ours[-1])
    return _summary(ours, stock, parse_importtime(our_log), parse_importtime(stock_log))


def _summary(
    ours: list[Spawned], stock: list[Spawned], our_imports: Imports, stock_imports: Imports
) -> dict[str, Any]:
    def median(runs: list[Spawned], what: str) -> float:
        return statistics.median(getattr(run, what) for run in runs)

    result: dict[str, Any] = {"repeats": len(ours)}
    for what in ("wall_s", "cpu_s"):
        result[f"ours_{what}"] = [round(getattr(run, what), 3) for run in ours]
        result[f"stock_{what}"] = [round(getattr(run, what), 3) for run in stock]
        result[f"ours_median_{what}"] = round(median(ours, what), 3)
        result[f"stock_median_{what}"] = round(median(stock, what), 3)
        result[f"ratio_{what}"] = round(median(ours, what) / median(stock, what), 3)
        # The fastest run of each side: on a shared machine the least disturbed one.
        result[f"ours_min_{what}"] = round(min(getattr(run, what) for run in ours), 3)
        result[f"stock_min_{what}"] = round(min(getattr(run, what) for run in stock), 3)
    return result | {
        "ours_import_s": our_imports.total_s,
        "stock_import_s": stock_imports.total_s,
        "ours_top_imports": our_imports.top[:10],
        "ours_top_packages": our_imports.packages[:12],
        "ours_watched_imports": our_imports.watched,
        "stock_watched_imports": stock_imports.watched,
    }


def main(argv: list[str] | None = None) -> int:
    """Measure on a scratch database of `DATABASE_URL`'s server and print the result as JSON."""
    from agent.config.settings import Settings
    from bench.database import scratch_database

    parser = argparse.ArgumentParser(prog="python -m bench.cold", description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="resumes of each kind (default 3)")
    args = parser.parse_args(argv)
    with scratch_database(Settings.from_env()) as url:
        print(json.dumps(measure_cold_resume(url, args.repeats), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
