"""The benchmark's results as a markdown report: the targets first, then a table per section.

A run measures some sections (`--only`); `update` writes its report over the one already there,
replacing the sections and target rows it measured and keeping the others, hand-written sections
included, so that a partial run never drops figures it did not take.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.storage import WINDOW

Results = dict[str, Any]

REPORT = "docs/performance/benchmarks.md"
"""Where `school-agent bench` writes its report, from the repository root."""

TITLE = "# Performance: the school graph against stock LangGraph"


def render(results: Results, machine: dict[str, str]) -> str:
    """The report of one run: only the sections it measured."""
    measured = f"Measured by `school-agent bench{results.get('args', '')}` on {machine['when']}."
    parts = [
        TITLE,
        "",
        "Written by `school-agent bench`; a run replaces the sections it measured and keeps the "
        "others, and each section says when it was measured. The machine of the latest run:",
        "",
        _machine(machine),
        "",
        "## Targets",
        "",
        _targets(results),
    ]
    for key, title, section in _SECTIONS:
        if key in results:
            parts += ["", f"## {title}", "", measured, "", section(results[key])]
    return "\n".join(parts) + "\n"


def update(path: Path, report: str) -> str:
    """Write `report` over the one at `path` (see `merge`); the text written."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    merged = merge(old, report)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(merged, encoding="utf-8")
    return merged


def merge(old: str, new: str) -> str:
    """`new` (one run's report) over `old` (the report already written).

    The head (title, machine) and every section and target row `new` measured come from `new`; the
    sections and target rows it did not measure, and any section this module does not write (prose
    by hand), stay as `old` has them, the hand-written ones last.
    """
    if not old.strip():
        return new
    _, old_targets, old_sections = _split(old)
    new_head, new_targets, new_sections = _split(new)
    ran = {key for key, title, _ in _SECTIONS if title in new_sections}
    rows: list[str] = []
    for key, _, _ in _SECTIONS:
        source = new_targets if key in ran else old_targets
        rows += [row for row in source if _target_section(row) == key]
    rows += [row for row in old_targets if _target_section(row) is None]
    parts = [
        new_head.rstrip("\n"),
        "",
        "## Targets",
        "",
        "| target | figure | result |",
        "|---|---|---|",
        *rows,
    ]
    generated = [title for _, title, _ in _SECTIONS]
    for title in generated:
        body = new_sections.get(title, old_sections.get(title))
        if body is not None:
            parts += ["", f"## {title}", "", body]
    for title, body in old_sections.items():
        if title not in generated:
            parts += ["", f"## {title}", "", body]
    return "\n".join(parts) + "\n"


def _split(report: str) -> tuple[str, list[str], dict[str, str]]:
    """A report's head, its target rows and its other sections (title -> body, in order)."""
    head, _, rest = report.partition("\n## ")
    blocks = [block.partition("\n") for block in ("## " + rest).split("\n## ")] if rest else []
    sections = {title.removeprefix("## ").strip(): body.strip("\n") for title, _, body in blocks}
    targets = sections.pop("Targets", "")
    rows = [row for row in targets.splitlines() if row.startswith("| ") and not row.startswith("| target |")]
    return head, rows, sections


_TARGET_OF = (
    ("overhead", re.compile(r"\| per-turn time ")),
    ("storage", re.compile(r"\| (checkpoint bytes at|bytes per turn flat|a turn at \d+ turns) ")),
    ("concurrency", re.compile(r"\| \d+ threads × \d+ turns\b")),
    ("cold", re.compile(r"\| cold resume ")),
    ("first_event", re.compile(r"\| first event ")),
    ("http", re.compile(r"\| HTTP, ")),
)
"""Which section a target row reports, by how `_targets` starts it."""


def _target_section(row: str) -> str | None:
    return next((key for key, start in _TARGET_OF if start.match(row)), None)


def _machine(machine: dict[str, str]) -> str:
    rows = [f"| {key} | {value} |" for key, value in machine.items() if key != "when"]
    return "\n".join(["| machine | |", "|---|---|", *rows])


def _ms(value: float) -> str:
    return f"{value:.1f} ms"


def _x(value: float) -> str:
    return f"{value:.2f}×"


def _mb(value: float) -> str:
    return f"{value / 1e6:.2f} MB"


def _verdict(ok: bool) -> str:
    return "met" if ok else "**not met**"


def _targets(results: Results) -> str:
    rows = ["| target | figure | result |", "|---|---|---|"]
    if "overhead" in results:
        rows.append(_overhead_target(results["overhead"]))
    if "storage" in results:
        s = results["storage"]
        ours, stock = s["ours"][-1], s["stock"][-1]
        share = ours["payload_bytes"] / stock["payload_bytes"]
        disk = ours["bytes"] / stock["bytes"]
        rows.append(
            f"| checkpoint bytes at {ours['turns']} turns ≤ 1/10 of stock | written: ours "
            f"{_mb(ours['payload_bytes'])}, stock {_mb(stock['payload_bytes'])} ({share:.3f}); "
            f"stored after compression: {_mb(ours['bytes'])} vs {_mb(stock['bytes'])} ({disk:.3f}) | "
            f"written {_verdict(share <= 0.1)}, stored {_verdict(disk <= 0.1)} |"
        )
        if len(s["ours"]) > 2:
            growth, stock_growth = _marginal_growth(s["ours"]), _marginal_growth(s["stock"])
            rows.append(
                f"| bytes per turn flat (written per turn, last interval / the one before) | ours "
                f"{_marginals(s['ours'])}: {_x(growth)}; stock {_marginals(s['stock'])}: "
                f"{_x(stock_growth)} | {_verdict(growth <= 1.1)} |"
            )
        late, stock_late = ours["vs_first_turn"], stock["vs_first_turn"]
        rows.append(
            f"| a turn at {ours['turns']} turns ≤ 1.5× a thread's first turn (median of "
            f"{WINDOW} pairs taken together) | ours {_ms(ours['turn_ms'])} vs "
            f"{_ms(ours['first_turn_ms'])}: {_x(late)}; stock {_ms(stock['turn_ms'])} vs "
            f"{_ms(stock['first_turn_ms'])}: {_x(stock_late)} | {_verdict(late <= 1.5)} |"
        )
    if "concurrency" in results:
        rows += _concurrency_targets(results["concurrency"])
    if "cold" in results:
        k = results["cold"]
        rows.append(
            f"| cold resume (fresh process, spawn → resumed) ≤ 1.0× stock | ours "
            f"{k['ours_median_wall_s']:.2f} s, stock {k['stock_median_wall_s']:.2f} s: "
            f"{_x(k['ratio_wall_s'])} | {_verdict(k['ratio_wall_s'] <= 1.0)} |"
        )
    if "first_event" in results:
        f = results["first_event"]["ours"]
        rows.append(
            f"| first event (reported) | {_ms(f['first_event_ms'])} of a {_ms(f['turn_ms'])} turn "
            f"({f['first_event_fraction']:.1%}); first token {f['first_token_fraction']:.0%} | — |"
        )
    if "http" in results:
        rows += _http_targets(results["http"])
    return "\n".join(row for row in rows if row)


_HTTP_MODELS = (("offline", "offline model"), ("fake", "model {delay} ms"))
_HTTP_SERVERS = (
    ("dev", "`langgraph dev` (default: 1 job at a time)"),
    ("dev_jobs", "`langgraph dev --n-jobs-per-worker {students}`"),
    ("serve", "`school-agent serve`"),
)


HTTP_GOALS = {"offline": 1.5, "fake": 3.0}
"""`serve`'s turns/s over `langgraph dev`'s (default, one job at a time), by model."""
MODEL_P95_SLACK = 1.5
"""With a slow model, `serve`'s p95 stays under this many times the model's delay plus a turn in process."""


def _http_targets(h: Results) -> list[str]:
    rows = []
    for key, label in _HTTP_MODELS:
        r, delay_ms = h[key], h["model_delay_s"] * 1000 if key == "fake" else 0.0
        name = label.format(delay=round(delay_ms))
        q = r["ratios"]
        serve, dev, jobs = r["serve"], r["dev"], r["dev_jobs"]
        goal = HTTP_GOALS[key]
        p95_goal, p95_ok, bound = "at an equal or better p95", q["p95_serve_vs_dev"] <= 1, ""
        if key == "fake":
            limit = MODEL_P95_SLACK * (delay_ms + 1000 / r["ceiling"]["turns_per_s"])
            p95_goal = "at a p95 under 1.5× the model's delay plus a turn in process"
            p95_ok, bound = serve["turn"]["p95_ms"] < limit, f" (p95 bound {_ms(limit)})"
        rows.append(
            f"| HTTP, {h['students']} students × {h['turns_each']} turns, {name}: `serve` ≥ {goal:g}× "
            f"`langgraph dev`'s turns/s {p95_goal} | serve {_rate_p95(serve)}{bound}; dev {_rate_p95(dev)}: "
            f"{_x(q['serve_vs_dev'])}, p95 {_x(q['p95_serve_vs_dev'])}; dev with {h['students']} job slots "
            f"{_rate_p95(jobs)}: {_x(q['serve_vs_dev_jobs'])} | {_verdict(q['serve_vs_dev'] >= goal and p95_ok)} |"
        )
        rows.append(
            f"| HTTP, {name}: `serve` ≥ 0.6× the in-process ceiling (the same turns on "
            f"{h['students']} threads in one process) | {serve['turns_per_s']:.1f} turns/s vs "
            f"{r['in_process']['turns_per_s']:.1f}: {_x(q['serve_vs_in_process'])} (vs one turn at a time "
            f"with the model answering at once, {r['ceiling']['turns_per_s']:.1f}: "
            f"{_x(q['serve_vs_ceiling'])}) | {_verdict(q['serve_vs_in_process'] >= 0.6)} |"
        )
    return rows


def _overhead_target(o: Results) -> str:
    ours, stock = o["wire"]["ours"], o["wire"]["stock"]
    wal = f"; WAL {ours['wal_bytes']:.0f} vs {stock['wal_bytes']:.0f} bytes" if "wal_bytes" in ours else ""
    return (
        f"| per-turn time ≤ 1.2× stock, ≤ 20 statements and ≤ 14 round trips a turn (offline model, "
        f"journal on) | ours {_ms(o['ours']['wall']['median_ms'])}, stock {_ms(o['stock']['wall']['median_ms'])}: "
        f"{_x(o['ratio'])}; statements {ours['statements']:.1f} vs {stock['statements']:.1f}, round trips "
        f"{ours['round_trips']:.1f} vs {stock['round_trips']:.1f}{wal} | time {_verdict(o['ratio'] <= 1.2)}, "
        f"statements {_verdict(ours['statements'] <= 20)}, round trips {_verdict(ours['round_trips'] <= 14)} |"
    )


def _concurrency_targets(c: Results) -> list[str]:
    ours, stock = c["ours"], c.get("stock")
    rows = [
        f"| {c['threads']} threads × {c['turns_each']} turns, the CPU ceiling (reported) | "
        f"{ours['turns_per_s']:.1f} turns/s vs ceiling {c['ceiling']['turns_per_s']:.1f}: {_x(c['ratio'])} | — |"
    ]
    if stock:
        rate, median = (
            ours["turns_per_s"] / stock["turns_per_s"],
            ours["turn"]["median_ms"] / stock["turn"]["median_ms"],
        )
        rows.append(
            f"| {c['threads']} threads × {c['turns_each']} turns, model {round(c['model_delay_s'] * 1000)} ms: "
            f"≥ 0.9× stock async's turns/s, median ≤ 1.2× its median | ours {ours['turns_per_s']:.1f} turns/s, "
            f"median {_ms(ours['turn']['median_ms'])}; stock async {stock['turns_per_s']:.1f} turns/s, median "
            f"{_ms(stock['turn']['median_ms'])}: {_x(rate)}, median {_x(median)} | "
            f"turns/s {_verdict(rate >= 0.9)}, median {_verdict(median <= 1.2)} |"
        )
    return rows


def _rate_p95(run: Results) -> str:
    return f"{run['turns_per_s']:.1f} turns/s, p95 {_ms(run['turn']['p95_ms'])}"


def _marginal(rows: list[Results], i: int) -> float:
    """Bytes written per turn between milestone i-1 and milestone i."""
    added = rows[i]["payload_bytes"] - rows[i - 1]["payload_bytes"]
    return float(added / (rows[i]["turns"] - rows[i - 1]["turns"]))


def _marginal_growth(rows: list[Results]) -> float:
    return _marginal(rows, len(rows) - 1) / _marginal(rows, len(rows) - 2)


def _marginals(rows: list[Results]) -> str:
    return ", ".join(
        f"{rows[i - 1]['turns']}→{rows[i]['turns']}: {_marginal(rows, i) / 1000:.1f} KB"
        for i in range(2, len(rows))
    )


def _overhead(o: Results) -> str:
    rows = [
        "| | wall median | wall p95 | client CPU median | statements | round trips | bytes sent | WAL written |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in ("ours", "stock"):
        w, c, n = o[name]["wall"], o[name]["cpu"], o["wire"][name]
        rows.append(
            f"| {name} | {_ms(w['median_ms'])} | {_ms(w['p95_ms'])} | {_ms(c['median_ms'])} | "
            f"{n['statements']:.1f} | {n['round_trips']:.1f} | {n['bytes_to_server']:.0f} | "
            f"{n.get('wal_bytes', 0):.0f} |"
        )
    rows += [
        "",
        f"Ratio ours / stock: **{_x(o['ratio'])}**, the median over {int(o['ours']['wall']['n'])} "
        f"interleaved pairs of turns (ratio of the medians: {_x(o['ratio_of_medians'])}); threads of "
        f"up to {int(o['ours']['wall']['n']) // 5 + 1} turns.",
        "",
        "Statements per turn, by the start of their SQL:",
        "",
        "| statement | ours | stock |",
        "|---|---|---|",
    ]
    kinds = list(dict.fromkeys([*o["wire"]["ours"]["kinds"], *o["wire"]["stock"]["kinds"]]))
    for kind in kinds:
        rows.append(
            f"| `{kind}` | {o['wire']['ours']['kinds'].get(kind, 0):.1f} | "
            f"{o['wire']['stock']['kinds'].get(kind, 0):.1f} |"
        )
    return "\n".join(rows)


def _storage(s: Results) -> str:
    rows = [
        "| contender | turns | written | written/turn | stored | stored/turn | journal | turn median | "
        "vs a first turn | get_state |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, milestones in s.items():
        for m in milestones:
            rows.append(
                f"| {name} | {m['turns']} | {_mb(m['payload_bytes'])} | "
                f"{m['payload_per_turn'] / 1000:.1f} KB | {_mb(m['bytes'])} | "
                f"{m['bytes_per_turn'] / 1000:.1f} KB | {_mb(m['journal_bytes'])} | "
                f"{_ms(m['turn_ms'])} | {_x(m['vs_first_turn'])} | {_ms(m['get_state_ms'])} |"
            )
    rows += [
        "",
        "*Written*: what the saver wrote (checkpoint JSON, blobs, writes), uncompressed. *Stored*: "
        "the same rows' size in the tables, after Postgres compresses large values (TOAST). "
        "*Journal*: the project's turns, steps and events for the thread, which stock has not. "
        f"*Turn median*: of the {WINDOW} turns up to the milestone; *vs a first turn*: the median "
        "ratio of each of them to the first turn of a fresh thread taken right after it.",
    ]
    return "\n".join(rows)


def _concurrency(c: Results) -> str:
    rows = ["| run | turns/s | turn median | turn p95 | process CPU (cores) |", "|---|---|---|---|---|"]
    rows.append(
        f"| ours, ceiling: instant model, one at a time (mean of {c['ceiling']['before']:.1f} before "
        f"and {c['ceiling']['after']:.1f} after) | {c['ceiling']['turns_per_s']:.1f} | | | |"
    )
    rows.append(
        _concurrent_row(f"ours, {c['threads']} threads, model {c['model_delay_s'] * 1000:.0f} ms", c["ours"])
    )
    rows.append(f"| stock, ceiling | {c['stock_ceiling']['turns_per_s']:.1f} | | | |")
    label = f"stock async (`ainvoke`, AsyncPostgresSaver), {c['threads']} tasks"
    rows.append(_concurrent_row(label, c["stock"]))
    threaded = c.get("stock_threads")
    if threaded:
        rows.append(
            _concurrent_row(f"stock on threads (`invoke`, PostgresSaver), {c['threads']} threads", threaded)
        )
    rows += [
        "",
        f"Ours runs on threads, as its HTTP server does, with the default pools: at most "
        f"{c['max_runs']} runs at once (`SCHOOL_MAX_RUNS`, each holds its thread's lock connection). "
        f"The contenders take turns in {c.get('legs', 1)} legs each (ours, stock async, stock on threads, "
        "ours, ...), so that the machine's drift falls on all. "
        "*Process CPU* is CPU seconds per wall second: one Python process gets about one core.",
    ]
    if threaded:
        ours, stock = c["ours"]["turns_per_s"], c["stock"]["turns_per_s"]
        rows += [
            "",
            f"Turns/s, ours over stock async ({_x(ours / stock)}) in two parts: stock on threads over stock "
            f"async, what running on threads costs ({_x(threaded['turns_per_s'] / stock)}); ours over stock "
            f"on the same threads, what ours costs over stock ({_x(ours / threaded['turns_per_s'])}).",
        ]
    return "\n".join(rows)


def _concurrent_row(label: str, run: Results) -> str:
    return (
        f"| {label} | {run['turns_per_s']:.1f} | {_ms(run['turn']['median_ms'])} | "
        f"{_ms(run['turn']['p95_ms'])} | {run['cpu_share']:.2f} |"
    )


def _cold(k: Results) -> str:
    rows = ["| | wall median (fastest) | CPU median | imports (under `-X importtime`) |", "|---|---|---|---|"]
    sides = (
        ("ours", "ours: `python -m agent.interfaces.cli approve`"),
        ("stock", "stock: `bench.stock_resume`"),
    )
    for side, label in sides:
        rows.append(
            f"| {label} | {k[f'{side}_median_wall_s']:.2f} s ({k[f'{side}_min_wall_s']:.2f} s) | "
            f"{k[f'{side}_median_cpu_s']:.2f} s | {k[f'{side}_import_s']:.2f} s |"
        )
    rows += [
        "",
        f"Ratio ours/stock over {k['repeats']} resumes each: wall **{_x(k['ratio_wall_s'])}**, "
        f"CPU {_x(k['ratio_cpu_s'])}.",
        "",
        "Heavy modules a resume loaded (cumulative import seconds; ours | stock):",
        "",
        "| module | ours | stock |",
        "|---|---|---|",
    ]
    for module in dict.fromkeys([*k["ours_watched_imports"], *k["stock_watched_imports"]]):
        rows.append(
            f"| `{module}` | {_seconds(k['ours_watched_imports'].get(module))} | "
            f"{_seconds(k['stock_watched_imports'].get(module))} |"
        )
    rows += ["", "Our largest imports by package (self time):", "", "| package | s |", "|---|---|"]
    rows += [f"| `{name}` | {seconds:.3f} |" for name, seconds in k["ours_top_packages"]]
    return "\n".join(rows)


def _seconds(value: float | None) -> str:
    return "not loaded" if value is None else f"{value:.3f}"


def _first_event(f: Results) -> str:
    rows = [
        "| | turn | first event | first token | first event / turn | first token / turn |",
        "|---|---|---|---|---|---|",
    ]
    for name, r in f.items():
        rows.append(
            f"| {name} | {_ms(r['turn_ms'])} | {_ms(r['first_event_ms'])} | "
            f"{_ms(r['first_token_ms'])} | {r['first_event_fraction']:.1%} | "
            f"{r['first_token_fraction']:.1%} |"
        )
    return "\n".join(rows)


def _http(h: Results) -> str:
    rows = [
        "| model | run | turns/s | p50 | p95 | server CPU (cores) | server CPU per turn | client CPU (cores) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for key, label in _HTTP_MODELS:
        r, name = h[key], label.format(delay=round(h["model_delay_s"] * 1000))
        for server, title in _HTTP_SERVERS:
            s = r[server]
            rows.append(
                f"| {name} | {title.format(students=h['students'])} | {s['turns_per_s']:.1f} | "
                f"{_ms(s['turn']['median_ms'])} | {_ms(s['turn']['p95_ms'])} | {s['server_cpu_share']:.2f} | "
                f"{_ms(s['server_cpu_ms_per_turn'])} | {s['client_cpu_share']:.2f} |"
            )
        t = r["in_process"]
        rows.append(
            f"| {name} | in process, {h['students']} threads, no HTTP (mean of {t['before']:.1f} before "
            f"and {t['after']:.1f} after; the latencies after) | {t['turns_per_s']:.1f} | "
            f"{_ms(t['turn']['median_ms'])} | {_ms(t['turn']['p95_ms'])} | {t['cpu_share']:.2f} | "
            f"{_ms(t['cpu_ms_per_turn'])} | |"
        )
        c = r["ceiling"]
        rows.append(
            f"| {name} | in process, one at a time, model answering at once: the ceiling (mean of "
            f"{c['before']:.1f} before and {c['after']:.1f} after) | {c['turns_per_s']:.1f} | | | | | |"
        )
    rows += [
        "",
        f"| model | serve / dev | p95 serve / dev | serve / dev, {h['students']} slots | p95, "
        f"{h['students']} slots | serve / in process | serve / one at a time | in process / one at a time |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for key, label in _HTTP_MODELS:
        q = h[key]["ratios"]
        rows.append(
            f"| {label.format(delay=round(h['model_delay_s'] * 1000))} | **{_x(q['serve_vs_dev'])}** | "
            f"{_x(q['p95_serve_vs_dev'])} | {_x(q['serve_vs_dev_jobs'])} | {_x(q['p95_serve_vs_dev_jobs'])} | "
            f"**{_x(q['serve_vs_in_process'])}** | {_x(q['serve_vs_ceiling'])} | "
            f"{_x(q['in_process_vs_ceiling'])} |"
        )
    rows += [
        "",
        f"{h['students']} students at once, each creating a thread and sending {h['turns_each']} catalog "
        "questions with `langgraph_sdk`'s async `runs.wait`, one at a time, on both servers the same calls; "
        "each server a subprocess on a scratch database of its own, this process the client. The model of "
        f"{round(h['model_delay_s'] * 1000)} ms is `qa.model_stub` (a process of its own) behind the "
        "servers' OpenAI client, named in their environment; in process, the same client. The in-process "
        "figures are taken right before and right after each model's servers. *Server CPU*: the server process's CPU "
        "seconds per wall second; Postgres, the client and the stub share the same cores. The ratios "
        "within one run are what to read: the machine is shared and its speed drifts.",
    ]
    return "\n".join(rows)


_SECTIONS: list[tuple[str, str, Callable[[Results], str]]] = [
    ("overhead", "1. Per-turn overhead", _overhead),
    ("storage", "2. Checkpoint storage and thread length", _storage),
    ("concurrency", "3. Concurrency", _concurrency),
    ("cold", "4. Cold resume in a fresh process", _cold),
    ("first_event", "5. First streamed event", _first_event),
    ("http", "6. Over HTTP: `langgraph dev` and `serve`", _http),
]
