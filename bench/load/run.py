"""`python -m bench.load.run`: students over HTTP against API and worker processes, with chaos, then checks.

On a new database (on `DATABASE_URL`'s server, or with `--chaos` on a Postgres of the run's own,
since it is restarted), it starts the 200 ms model stub (`qa.model_stub`), two API processes
(`school-agent serve --workers 0`) and two worker processes (`school-agent worker`), and lets
Locust (`bench/load/locustfile.py`) drive `--students` students and one operator over the LangGraph
Server API, spread over both API processes, for `--duration`. With `--chaos`, every `--chaos-every`
seconds a worker or an API process is SIGKILLed and started again, and Postgres is restarted once
(`bench.load.cluster`). A process that exits on its own is started again and noted.

Then it waits until every accepted run has ended (a run cut off by a kill is taken again by a
worker once the dead one's heartbeat is `SCHOOL_STALLED_AFTER_S` old), stops the processes, runs
the checks of `qa.load_checks`, prints turns/s, p50/p95 and the findings, and exits 1 if a
check failed. Its folder (`--out`, else a temporary one it names) keeps each process's log, the
Locust statistics (`locust_stats.csv`), every turn (`turns.jsonl`) and the result (`result.json`).

A turn is a student's message or an operator's decision, timed from its first send to a known
end: the answer, or, when the answer was lost, the moment the client saw it in the thread.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import ExitStack, nullcontext
from dataclasses import asdict, dataclass
from datetime import date
from pathlib import Path
from typing import Any

import psycopg

from agent.config.env import child_environment
from agent.config.settings import Settings
from agent.infra.persistence import database_url
from bench.database import temporary_database
from bench.load.cluster import Chaos, Cluster, OwnPostgres, Timeline, chaos_plan
from bench.over_http import MODEL_PREFIXES, Model
from bench.stats import summary
from qa import load_checks as checks
from qa.model_stub import started as model_stub

ROOT = Path(__file__).resolve().parents[2]
LOCUSTFILE = Path(__file__).with_name("locustfile.py")
TODAY = date(2026, 12, 1)
"""The school's date in the run (`SCHOOL_TODAY`): cohort dates and refunds come out the same every time."""
OPERATOR_KEY = "key-load-operator"
STOP_TIMEOUT_S = 30
"""How long Locust lets a user finish the turn it is on once the duration is over."""
DRAIN_POLL_S = 0.5
COMPLETED = ("answered", "recovered")
LOOPING = 3
"""A process that exits on its own more often than this in one run is crash-looping."""
WINDOW_S = 10.0
"""Throughput is also reported per window of this many seconds."""


@dataclass(frozen=True)
class Options:
    """How the run is made."""

    students: int = 20
    duration_s: float = 60.0
    chaos: bool = False
    chaos_every_s: float = 30.0
    apis: int = 2
    workers: int = 2
    concurrency: int = 4
    """Runs one worker process carries at once."""
    stalled_after_s: int = 10
    """`SCHOOL_STALLED_AFTER_S`: how soon a dead worker's runs are taken again."""
    model_delay_s: float = 0.2
    seed: int = 1
    out: Path | None = None
    drain_timeout_s: float = 120.0


def run(options: Options) -> dict[str, Any]:
    """Make the run; its result (figures, events, findings, `ok`), also written to `result.json`."""
    folder = options.out or Path(tempfile.mkdtemp(prefix="school-load-"))
    folder.mkdir(parents=True, exist_ok=True)
    timeline, rng = Timeline(), random.Random(options.seed)
    with ExitStack() as stack:
        own = OwnPostgres() if options.chaos else None
        if own is not None:
            server = own.start()
            stack.callback(own.stop)
        else:
            server = database_url(Settings.from_env())
        database = stack.enter_context(temporary_database(server, "load"))
        stub_url = stack.enter_context(model_stub())
        keys = _keys(options.students)
        env = _environment(database, keys, stub_url, options)
        cluster = Cluster(
            env,
            folder,
            apis=options.apis,
            workers=options.workers,
            concurrency=options.concurrency,
            timeline=timeline,
            command=_school_agent(),
        )
        stack.callback(cluster.stop)
        print(
            f"load: starting {len(cluster.processes)} processes in {folder} ...", file=sys.stderr, flush=True
        )
        cluster.start()
        plan = chaos_plan(options.duration_s, options.chaos_every_s, rng) if own is not None else []
        with cluster.supervised():
            timeline.begin()
            chaos = Chaos(cluster, own, plan, rng).running() if own is not None else nullcontext()
            with chaos:
                began = time.time()
                _drive(cluster.urls, keys, options, folder)
            timeline.note("load over")
            drained = _drain(database, options.drain_timeout_s)
            timeline.note("drained" if drained else "not drained", f"after {timeline.now():.1f} s")
        cluster.stop()
        findings = checks.examine(database, today=TODAY, scratch=folder / "checks")
        result = _result(options, folder, began, timeline, cluster, findings, drained)
    (folder / "result.json").write_text(json.dumps(result, indent=2, default=str))
    return result


def _keys(students: int) -> dict[str, list[str]]:
    return {"students": [f"key-load-s{n:03d}" for n in range(students)], "operators": [OPERATOR_KEY]}


def _environment(
    database: str, keys: dict[str, list[str]], stub_url: str, options: Options
) -> dict[str, str]:
    """The processes' environment: the caller's, less its model and fault settings, plus the run's."""
    table = [f"{key}=s{n:03d}:student" for n, key in enumerate(keys["students"])]
    table.append(f"{OPERATOR_KEY}=olga:operator")
    env = child_environment(drop=("SCHOOL_FAULT_POINT",), drop_prefixes=MODEL_PREFIXES)
    return (
        env
        | Model("fake", options.model_delay_s).env(stub_url)
        | {
            "DATABASE_URL": database,
            "SCHOOL_API_KEYS": ",".join(table),
            "SCHOOL_TODAY": TODAY.isoformat(),
            "SCHOOL_STALLED_AFTER_S": str(options.stalled_after_s),
            # The load is the point: a student's key must not be held to a person's request rate.
            "SCHOOL_RATE_LIMIT_PER_MINUTE": "0",
            "LANGSMITH_TRACING": "false",
        }
    )


def _school_agent() -> list[str]:
    """How to start `school-agent`: the script beside this Python, else its module."""
    script = shutil.which("school-agent", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "agent.interfaces.cli"]


def _drive(urls: list[str], keys: dict[str, list[str]], options: Options, folder: Path) -> None:
    """Locust, headless, for the duration: the students and one operator."""
    keys_file, results = folder / "keys.json", folder / "turns.jsonl"
    keys_file.write_text(json.dumps(keys))
    results.write_text("")
    locust = shutil.which("locust", path=str(Path(sys.executable).parent)) or "locust"
    users = options.students + len(keys["operators"])
    argv = [
        locust,
        "-f",
        str(LOCUSTFILE),
        "--headless",
        "--users",
        str(users),
        "--spawn-rate",
        str(users),
        "--run-time",
        f"{math.ceil(options.duration_s)}s",
        "--stop-timeout",
        str(STOP_TIMEOUT_S),
        "--csv",
        str(folder / "locust"),
        "--only-summary",
        "--host",
        urls[0],
        "--exit-code-on-error",
        "0",
    ]
    env = child_environment() | {
        "LOAD_HOSTS": ",".join(urls),
        "LOAD_KEYS": str(keys_file),
        "LOAD_RESULTS": str(results),
        "LOAD_END": str(time.time() + options.duration_s),
        "LOAD_SEED": str(options.seed),
        "LOAD_SETTLE_S": str(2 * options.stalled_after_s + 10),
    }
    with (folder / "locust.log").open("wb") as log:
        subprocess.run(
            argv,
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            timeout=options.duration_s + STOP_TIMEOUT_S + 120,
            check=True,
        )


def _drain(database: str, timeout_s: float) -> bool:
    """Wait until no run is pending or running and no run job waits; whether that happened in time."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with psycopg.connect(database, autocommit=True, connect_timeout=5) as conn:
                row = conn.execute(
                    "SELECT (SELECT count(*) FROM api_runs WHERE status IN ('pending', 'running'))"
                    " + (SELECT count(*) FROM procrastinate_jobs WHERE queue_name = 'runs'"
                    "    AND status IN ('todo', 'doing'))"
                ).fetchone()
        except psycopg.OperationalError:
            row = None
        if row is not None and row[0] == 0:
            return True
        time.sleep(DRAIN_POLL_S)
    return False


def _turns(folder: Path, began: float) -> dict[str, Any]:
    """Turns/s and latencies of what the clients saw, from `turns.jsonl`."""
    rows = [json.loads(line) for line in (folder / "turns.jsonl").read_text().splitlines() if line]
    done = [r for r in rows if r["outcome"] in COMPLETED]
    span = max((r["end"] for r in done), default=began) - began
    figures: dict[str, Any] = {
        "completed": len(done),
        "per_s": len(done) / span if span > 0 else 0.0,
        "span_s": span,
        "outcomes": dict(Counter(f"{r['role']} {r['outcome']}" for r in rows)),
        "kinds": dict(Counter(f"{r['role']} {r['kind']}" for r in done)),
        "retried": sum(r["tries"] > 1 for r in done),
        "window_s": WINDOW_S,
        "per_window": _per_window(done, began, span),
    }
    for name, chosen in (
        ("all", done),
        ("student", [r for r in done if r["role"] == "student"]),
        ("operator", [r for r in done if r["role"] == "operator"]),
        ("recovered", [r for r in done if r["outcome"] == "recovered"]),
    ):
        figures[name] = summary([r["latency_s"] for r in chosen]) if chosen else None
    return figures


def _per_window(done: list[dict[str, Any]], began: float, span: float) -> list[float]:
    """Turns/s in each `WINDOW_S` of the load (the last one possibly shorter), to show the dips."""
    count = max(1, math.ceil(span / WINDOW_S))
    ends = [min(WINDOW_S, span - i * WINDOW_S) for i in range(count)]
    tally = Counter(min(count - 1, int((r["end"] - began) // WINDOW_S)) for r in done)
    return [round(tally[i] / ends[i], 2) if ends[i] > 0 else 0.0 for i in range(count)]


def _client_findings(turns: dict[str, Any]) -> list[checks.Finding]:
    """What the clients saw: turns completed, none given up on, no refusal they did not expect."""
    outcomes = turns["outcomes"]
    gave_up = sum(n for k, n in outcomes.items() if k.endswith("gave_up"))
    refused = {k: n for k, n in outcomes.items() if " refused" in k}
    landed = sum(n for k, n in outcomes.items() if k.endswith(" landed"))
    unanswered = outcomes.get("operator unanswered", 0)
    recovered = sum(n for k, n in outcomes.items() if k.endswith("recovered"))
    return [
        checks.Finding("turns completed", turns["completed"] > 0, f"{turns['completed']} turns"),
        checks.Finding(
            "no accepted turn lost (clients)",
            gave_up == 0,
            f"{recovered} recovered after a lost answer, {landed} in their thread but cut off mid-run"
            f" (left to the next message), {gave_up} given up"
            f"; {unanswered} operator decisions unanswered (seen decided at a later look)",
        ),
        checks.Finding(
            "no unexpected refusal",
            not refused,
            ", ".join(f"{n} {k}" for k, n in refused.items()) or "none",
        ),
    ]


def _process_finding(timeline: Timeline, cluster: Cluster) -> checks.Finding:
    """The processes came back: every restart worked, and none kept exiting on its own.

    A process that exited on its own once and was started again (as a service manager would) is a
    warning: the run goes on, but the exit is worth a look.
    """
    failed = timeline.count("restart failed")
    exits = [e for e in timeline.events if e.what == "exited on its own"]
    looping = {n: c for n, c in Counter(e.detail.split(" ")[0] for e in exits).items() if c > LOOPING}
    detail = f"starts after the first: {cluster.deaths()}; {failed} failed restarts"
    detail += f"; {len(exits)} exits nobody asked for" + "".join(f"; {e.detail}" for e in exits[:3])
    if looping:
        detail += f"; kept exiting: {looping}"
    ok = not failed and not looping
    return checks.Finding("processes came back", ok, detail, warning=ok and bool(exits))


def _result(
    options: Options,
    folder: Path,
    began: float,
    timeline: Timeline,
    cluster: Cluster,
    findings: list[checks.Finding],
    drained: bool,
) -> dict[str, Any]:
    turns = _turns(folder, began)
    every = [
        *_client_findings(turns),
        _process_finding(timeline, cluster),
        checks.Finding(
            "drained", drained, "every run ended after the load" if drained else "runs still going"
        ),
        *findings,
    ]
    return {
        "options": {k: str(v) if isinstance(v, Path) else v for k, v in asdict(options).items()},
        "folder": str(folder),
        "turns": turns,
        "events": [asdict(e) for e in timeline.events],
        "findings": [asdict(f) for f in every],
        "ok": all(f.ok for f in every),
    }


def _verdict(finding: dict[str, Any]) -> str:
    if not finding["ok"]:
        return "FAIL"
    return "WARN" if finding["warning"] else "ok  "


def _ms(figures: dict[str, float] | None, key: str) -> str:
    return f"{figures[key]:.0f} ms" if figures else "-"


def report(result: dict[str, Any]) -> str:
    """The result as text: figures, what happened to the deployment, the findings."""
    o, t = result["options"], result["turns"]
    chaos = f"chaos every {o['chaos_every_s']:g} s" if o["chaos"] else "no chaos"
    lines = [
        f"load: {o['students']} students + 1 operator, {o['duration_s']:g} s, {chaos}, "
        f"{o['apis']} API + {o['workers']} worker processes (concurrency {o['concurrency']}), "
        f"model {o['model_delay_s'] * 1000:.0f} ms",
        f"turns: {t['completed']} in {t['span_s']:.1f} s = {t['per_s']:.2f} turns/s; "
        f"p50 {_ms(t['all'], 'median_ms')}, p95 {_ms(t['all'], 'p95_ms')}",
        f"  student turns p50 {_ms(t['student'], 'median_ms')}, p95 {_ms(t['student'], 'p95_ms')}; "
        f"operator decisions p50 {_ms(t['operator'], 'median_ms')}, p95 {_ms(t['operator'], 'p95_ms')}; "
        f"recovered p50 {_ms(t['recovered'], 'median_ms')}, p95 {_ms(t['recovered'], 'p95_ms')}",
        f"  turns/s per {t['window_s']:g} s: {' '.join(f'{x:g}' for x in t['per_window'])}",
        f"  kinds: {t['kinds']}",
        f"  outcomes: {t['outcomes']}",
        "events:",
        *(f"  {e['at_s']:7.1f} s  {e['what']}: {e['detail']}" for e in result["events"]),
        "checks:",
        *(f"  {_verdict(f)}  {f['name']}: {f['detail']}" for f in result["findings"]),
        f"folder: {result['folder']}",
    ]
    return "\n".join(lines)


def _duration(text: str) -> float:
    """Seconds from `60`, `60s`, `5m`."""
    units = {"s": 1, "m": 60, "h": 3600}
    if text and text[-1] in units:
        return float(text[:-1]) * units[text[-1]]
    return float(text)


def main(argv: list[str] | None = None) -> int:
    """Run from the command line; 0 when every check held."""
    parser = argparse.ArgumentParser(prog="python -m bench.load.run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=Options.students)
    parser.add_argument("--duration", type=_duration, default=Options.duration_s, help="e.g. 60s, 5m")
    parser.add_argument(
        "--chaos", action="store_true", help="kill and restart processes, restart Postgres once"
    )
    parser.add_argument(
        "--chaos-every", type=_duration, default=Options.chaos_every_s, help="seconds between kills"
    )
    parser.add_argument("--workers", type=int, default=Options.workers, help="worker processes")
    parser.add_argument("--apis", type=int, default=Options.apis, help="API processes")
    parser.add_argument(
        "--concurrency", type=int, default=Options.concurrency, help="runs per worker at once"
    )
    parser.add_argument(
        "--stalled-after", type=int, default=Options.stalled_after_s, help="SCHOOL_STALLED_AFTER_S"
    )
    parser.add_argument("--seed", type=int, default=Options.seed)
    parser.add_argument("--out", type=Path, help="folder for logs and results (default: a new temporary one)")
    args = parser.parse_args(argv)
    options = Options(
        students=args.students,
        duration_s=args.duration,
        chaos=args.chaos,
        chaos_every_s=args.chaos_every,
        apis=args.apis,
        workers=args.workers,
        concurrency=args.concurrency,
        stalled_after_s=args.stalled_after,
        seed=args.seed,
        out=args.out,
    )
    result = run(options)
    print(report(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
