"""`school-agent bench`: run the sections on scratch databases, print and write the report.

Each section gets a database of its own on the configured server (`DATABASE_URL`, else the
embedded one), dropped afterwards. The command fails (exit 2) only when it cannot run: no
database, or a section that raised; missed targets are reported, not failed.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import psycopg

from bench import cold, concurrency, first_event, over_http, overhead, storage
from bench.database import scratch_database
from bench.report import REPORT, render, update
from bench.setups import bench_settings, project

SECTIONS = ("overhead", "storage", "concurrency", "cold", "first_event", "http")
PACKAGES = (
    "langgraph",
    "langgraph-checkpoint",
    "langgraph-checkpoint-postgres",
    "langchain",
    "langchain-core",
    "psycopg",
    "psycopg-pool",
)


def _plan(quick: bool) -> dict[str, Callable[[str], Any]]:
    """What each section runs; `quick` shrinks every size (a smoke run, not a measurement)."""
    if quick:
        return {
            "overhead": lambda url: overhead.measure(url, turns=6),
            "storage": lambda url: storage.measure(url, milestones=(1, 6, 12)),
            "concurrency": lambda url: concurrency.measure(url, threads=4, turns=2, ceiling_turns=6),
            "cold": lambda url: cold.measure_cold_resume(url, repeats=1),
            "first_event": lambda url: first_event.measure(url, turns=2),
            "http": lambda url: over_http.measure(url, students=3, turns=2, ceiling_turns=4),
        }
    return {
        "overhead": overhead.measure,
        "storage": storage.measure,
        "concurrency": concurrency.measure,
        "cold": cold.measure_cold_resume,
        "first_event": first_event.measure,
        "http": over_http.measure,
    }


def machine(url: str) -> dict[str, str]:
    """Where and with what the benchmark ran."""
    with psycopg.connect(url) as conn:
        server = conn.execute("SHOW server_version").fetchone()
    info = {
        "when": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": _cpu_model(),
        "cores": str(os.cpu_count()),
        "memory": _memory(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "postgres": f"{server[0] if server else '?'}",
    }
    for package in PACKAGES:
        try:
            info[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            info[package] = "not installed"
    return info


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory() -> str:
    try:
        kib = int(Path("/proc/meminfo").read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return "unknown"
    return f"{kib / 1024 / 1024:.1f} GiB"


def profile(url: str, turns: int = 40, top: int = 25) -> str:
    """A cProfile of our per-turn path (the calling thread; checkpoint writes run on a helper thread)."""
    with project(url) as ours:
        ours.turn("profile-warm")
        profiler = cProfile.Profile()
        profiler.enable()
        for i in range(turns):
            ours.turn(f"profile-{i % 5}")
        profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; 0 when it ran (whatever the figures), 2 when it could not."""
    parser = argparse.ArgumentParser(prog="school-agent bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="tiny sizes: check that it runs, not how fast")
    parser.add_argument(
        "--only",
        default=",".join(SECTIONS),
        help=f"comma-separated sections to run (default: all of {', '.join(SECTIONS)})",
    )
    parser.add_argument("--out", default=REPORT, help="where to write the report ('-': nowhere)")
    parser.add_argument("--profile", action="store_true", help="also print a profile of our per-turn path")
    args = parser.parse_args(argv)
    chosen = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = [s for s in chosen if s not in SECTIONS]
    if unknown:
        parser.error(f"unknown section(s): {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    plan = _plan(args.quick)
    settings = bench_settings(None)
    results: dict[str, Any] = {"args": "".join(f" {a}" for a in (argv if argv is not None else sys.argv[1:]))}
    try:
        with scratch_database(settings) as url:
            info = machine(url)
        for section in chosen:
            started = time.perf_counter()
            print(f"bench: {section} ...", file=sys.stderr, flush=True)
            with scratch_database(settings) as url:
                results[section] = plan[section](url)
            took = time.perf_counter() - started
            print(f"bench: {section} done in {took:.0f} s", file=sys.stderr, flush=True)
        if args.profile:
            with scratch_database(settings) as url:
                print(profile(url))
    except Exception as err:  # the benchmark could not run: say why, exit 2
        print(f"bench: could not run: {type(err).__name__}: {err}", file=sys.stderr)
        return 2
    report = render(results, info)
    print(report)
    if args.out != "-":
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        update(Path(args.out), report)
        print(f"bench: report written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
