"""The `school-agent` command: talk to the assistant, decide approvals, inspect the database.

A face: it opens resources, builds the graph and calls `agent.runtime.threads`; nothing imports it but
`agent.__main__`. LangGraph and the graph are imported inside the commands, so that `--help` and
`db stop` stay fast. Expected errors exit 2 with one line on stderr; anything else exits 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from agent.config.settings import Settings, SettingsError

if TYPE_CHECKING:
    from langgraph.graph.state import CompiledStateGraph

    from agent.infra.persistence import Resources
    from agent.runtime.threads import Turn

    Graph = CompiledStateGraph[Any, Any, Any, Any]
    """The compiled school graph, as the commands see it."""

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
PROMPT = "you> "
QUIT_WORDS = ("/quit", "/exit")
EDIT_EXAMPLE = '{"cohort_id": "rag-2"}'


class CliInputError(ValueError):
    """A command-line value the command cannot use, such as --edit text that is not JSON."""


# -- shared plumbing ----------------------------------------------------------------------------
@contextmanager
def _session(*, setup: bool = True) -> Iterator[tuple[Resources, Graph]]:
    """Open resources from the environment and build the school graph on them."""
    from agent.infra.persistence import open_resources
    from graphs.school import build_graph

    with open_resources(Settings.from_env(), setup=setup) as res:
        graph = build_graph(
            checkpointer=res.checkpointer, store=res.store, school=res.school, settings=res.settings
        )
        yield res, graph


def _print_turn(turn: Turn, *, prefix: str = "") -> None:
    """Print the replies of one call, then the approval the thread now waits for.

    When the answer streamed, its tokens are on the screen already: print only what the checks
    added (sources), or the whole checked reply when it differs from what streamed.
    """
    for reply in turn.replies:
        if turn.streamed and reply.startswith(turn.streamed):
            print(reply[len(turn.streamed) :])
        elif turn.streamed:
            print(f"\n[the streamed answer was replaced after checking:]\n{prefix}{reply}")
        else:
            print(f"{prefix}{reply}")
    if turn.pending:
        _print_approval(turn.thread_id, turn.pending)


def _print_approval(thread_id: str, request: dict[str, Any]) -> None:
    action = request["action_requests"][0]
    print(f"Waiting for approval: {action['description']}")
    print(f"  action: {action['name']} {json.dumps(action['args'], sort_keys=True)}")
    if request.get("error"):
        print(f"  note: {request['error']}")
    print(
        f"  decide with: school-agent approve {thread_id} "
        f"""[--reject | --edit '{{"cohort_id": "..."}}']"""
    )


def _print_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    cells = [list(headers), *[[str(value) for value in row] for row in rows]]
    widths = [max(len(line[i]) for line in cells) for i in range(len(headers))]
    for line in cells:
        print("  ".join(v.ljust(w) for v, w in zip(line, widths, strict=True)).rstrip())


def _print_json(value: object) -> None:
    print(json.dumps(value, indent=2, default=str, ensure_ascii=False))


# -- conversation commands ----------------------------------------------------------------------
def cmd_send(args: argparse.Namespace) -> int:
    """One student turn, with live progress of its steps."""
    from agent.interfaces.progress import LiveProgress
    from agent.runtime import threads

    with _session() as (res, graph), LiveProgress(plain=args.progress) as progress:
        turn = threads.send(
            graph, args.thread, args.text, user_id=args.user, settings=res.settings, on_event=progress
        )
    _print_turn(turn)
    return EXIT_OK


def cmd_chat(args: argparse.Namespace) -> int:
    """Talk on one thread, a line at a time, until /quit, /exit or end of input."""
    from agent.interfaces.progress import LiveProgress
    from agent.runtime import threads

    with _session() as (res, graph):
        while (line := _read_line()) is not None:
            if line.strip() in QUIT_WORDS:
                break
            if not line.strip():
                continue
            try:
                with LiveProgress(prefix="assistant> ") as progress:
                    turn = threads.send(
                        graph, args.thread, line, user_id=args.user, settings=res.settings, on_event=progress
                    )
            except threads.ThreadError as err:
                print(f"error: {err}", file=sys.stderr)
                continue
            _print_turn(turn, prefix="assistant> ")
    return EXIT_OK


def _read_line() -> str | None:
    try:
        return input(PROMPT)
    except EOFError:
        print()  # end the prompt's line so that the shell's prompt starts on its own
        return None


def cmd_approve(args: argparse.Namespace) -> int:
    """Approve, edit or reject the action a thread waits on."""
    from agent.runtime import threads

    edited = _edit_args(args.edit) if args.edit is not None else None
    if args.reason is not None and not args.reject:
        raise CliInputError("--reason goes with --reject")
    with _session() as (_, graph):
        decision = _decision(graph, args, edited)
        turn = threads.decide(graph, args.thread, decision)
    _print_turn(turn)
    return EXIT_OK


def _edit_args(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        message = f"--edit must be a JSON object such as '{EDIT_EXAMPLE}' ({err})"
        raise CliInputError(message) from None
    if not isinstance(value, dict):
        message = f"--edit must be a JSON object such as '{EDIT_EXAMPLE}', got {text!r}"
        raise CliInputError(message)
    return value


def _decision(graph: Graph, args: argparse.Namespace, edited: dict[str, Any] | None) -> dict[str, Any]:
    one: dict[str, Any] = {"type": "approve"}
    if args.reject:
        one = {"type": "reject", "message": args.reason}
    elif edited is not None:
        name = _pending_action_name(graph, args.thread)
        # Without a pending action, decide() raises the precise error; a None name would not.
        one = {"type": "edit", "edited_action": {"args": edited} | ({"name": name} if name else {})}
    decision: dict[str, Any] = {"decisions": [one]}
    if args.reviewer is not None:
        decision["reviewer"] = args.reviewer
    return decision


def _pending_action_name(graph: Graph, thread_id: str) -> str | None:
    from agent.runtime import threads

    state = graph.get_state(threads.config_for(thread_id))
    if not state.interrupts:
        return None
    name: str = state.interrupts[0].value["action_requests"][0]["name"]
    return name


def cmd_resume(args: argparse.Namespace) -> int:
    """Finish a run that a crash cut off."""
    from agent.runtime import threads

    with _session() as (_, graph):
        turn = threads.resume(graph, args.thread)
    _print_turn(turn)
    return EXIT_OK


# -- inspection commands ------------------------------------------------------------------------
def cmd_pending(args: argparse.Namespace) -> int:
    """List the threads waiting for an approval."""
    from agent.runtime import threads

    with _session() as (res, graph):
        found = threads.pending(graph, res.pool)
    if args.json:
        _print_json(
            [
                {
                    "thread_id": t.thread_id,
                    "action_requests": t.pending["action_requests"],
                    "action_id": t.pending["action_id"],
                }
                for t in found
                if t.pending
            ]
        )
        return EXIT_OK
    if not found:
        print("No thread is waiting for approval.")
        return EXIT_OK
    rows = []
    for turn in found:
        action = (turn.pending or {})["action_requests"][0]
        rows.append(
            (
                turn.thread_id,
                action["name"],
                json.dumps(action["args"], sort_keys=True),
                action["description"],
            )
        )
    _print_table(("thread", "action", "args", "description"), rows)
    return EXIT_OK


def cmd_history(args: argparse.Namespace) -> int:
    """Print a thread's messages in order."""
    from agent.runtime import threads

    with _session() as (_, graph):
        messages = threads.history(graph, args.thread)
    if args.json:
        _print_json([{"role": role, "text": text} for role, text in messages])
        return EXIT_OK
    for role, text in messages:
        print(f"{role}: {text}")
    return EXIT_OK


def cmd_usage(args: argparse.Namespace) -> int:
    """A thread's model tokens and cost, and how its latest turn was routed and answered."""
    from agent.runtime import threads

    with _session() as (_, graph):
        _print_json(threads.usage(graph, args.thread))
    return EXIT_OK


def cmd_enrollments(args: argparse.Namespace) -> int:
    """Enrollments, oldest first, optionally of one cohort and/or student."""
    with _session() as (res, _):
        rows = res.school.enrollments(cohort_id=args.cohort, student_id=args.student)
    keys = ("id", "student_id", "cohort_id", "status")
    if args.json:
        _print_json([{k: row[k] for k in keys} for row in rows])
    elif not rows:
        print("No enrollments.")
    else:
        _print_table(("id", "student", "cohort", "status"), [[r[k] for k in keys] for r in rows])
    return EXIT_OK


def cmd_db_url(_: argparse.Namespace) -> int:
    """Print the database URL in use (starting the embedded server without DATABASE_URL)."""
    with _session(setup=False) as (res, _graph):
        print(res.url)
    return EXIT_OK


def cmd_db_stop(_: argparse.Namespace) -> int:
    """Stop the embedded Postgres of SCHOOL_DATA_DIR, if it runs."""
    from agent.infra.persistence import stop_embedded

    settings = Settings.from_env()
    where = settings.data_dir.resolve()
    if stop_embedded(settings.data_dir):
        print(f"Stopped the embedded Postgres under {where}.")
    else:
        print(f"No embedded Postgres was running under {where}.")
    return EXIT_OK


def cmd_eval_router(args: argparse.Namespace) -> int:
    """Score the configured router (a model, or the offline rules) on the labelled set."""
    from collections import Counter
    from pathlib import Path

    from agent.llm.models import Models
    from agent.ops.evaluation import evaluate, format_report, load_cases
    from graphs.routing import eval_classifier

    settings = Settings.from_env()
    models = Models(settings.models)
    model = models.chat("router", args.model)
    cases = load_cases(Path(args.set) if args.set else None)[: args.limit]
    fallbacks: Counter[str] = Counter()
    report = evaluate(cases, eval_classifier(model, settings.models, fallbacks))
    title = f"router: {model.name if model else 'offline rules'} on {len(cases)} labelled messages"
    print(format_report(report, title=title))
    if model is not None:
        used = ", ".join(f"{reason} {count}" for reason, count in fallbacks.most_common()) or "none"
        print(f"\nfallbacks to the rules: {sum(fallbacks.values())} ({used})")
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the HTTP API, the page and a background job worker until interrupted."""
    import uvicorn

    from agent.interfaces.server.app import Service, create_app
    from agent.interfaces.server.auth import demo_keys, parse_keys
    from agent.interfaces.server.worker import JobWorker

    raw = os.environ.get("SCHOOL_API_KEYS", "").strip()
    keys = parse_keys(raw) if raw else demo_keys()
    with _session() as (res, graph):
        if not raw:
            print("SCHOOL_API_KEYS is not set; keys for this run only:")
            for key, who in keys.items():
                print(f"  {who.role:<8} {who.user_id:<5} {key}")
        service = Service(res, graph, keys)
        worker = JobWorker(service)
        worker.start()
        try:
            uvicorn.run(create_app(service), host=args.host, port=args.port, log_level="warning")
        finally:
            worker.stop()
    return EXIT_OK


def cmd_crash_sweep(args: argparse.Namespace) -> int:
    """Kill the process at every boundary of every scenario, resume, compare; print the table."""
    from agent.ops.crash_sweep import sweep, table

    cells = sweep(Settings.from_env(), quick=args.quick, only=args.scenario)
    print(table(cells))
    return EXIT_OK if all(c.ok for c in cells) else EXIT_INTERNAL


def cmd_demo(_: argparse.Namespace) -> int:
    """Play the school story end to end."""
    from agent.ops import demo

    return demo.run(Settings.from_env())


# -- operations commands ------------------------------------------------------------------------
def cmd_prune(args: argparse.Namespace) -> int:
    """Delete old checkpoints (by age and/or keeping the last N per thread) and report what it freed."""
    from agent.infra.persistence import open_resources
    from agent.infra.retention import DurationError, format_report, parse_duration, prune

    if args.older_than is None and args.keep_last is None:
        raise CliInputError("prune needs --older-than, --keep-last or both")
    if args.keep_last is not None and args.keep_last < 1:
        message = (
            f"--keep-last must be at least 1 (the latest checkpoint is always kept), got {args.keep_last}"
        )
        raise CliInputError(message)
    try:
        older_than = parse_duration(args.older_than, option="--older-than") if args.older_than else None
    except DurationError as err:
        raise CliInputError(str(err)) from None
    with open_resources(Settings.from_env()) as res:
        report = prune(res.pool, older_than=older_than, keep_last=args.keep_last, dry_run=args.dry_run)
    if args.json:
        _print_json(report.as_dict())
    else:
        print(format_report(report))
    return EXIT_OK


def cmd_doctor(args: argparse.Namespace) -> int:
    """Check the database, schema, waiting approvals, stuck runs and model endpoints; 1 if any failed."""
    from agent.infra.retention import DurationError, parse_duration

    try:
        stale = parse_duration(args.stale_approval_after, option="--stale-approval-after")
        stuck = parse_duration(args.stuck_after, option="--stuck-after")
    except DurationError as err:
        raise CliInputError(str(err)) from None
    from agent.ops import doctor  # after the options are checked: it loads LangChain

    checks = doctor.examine(Settings.from_env(), stale_approval_after=stale, stuck_after=stuck)
    if args.json:
        _print_json([{"name": c.name, "status": c.status, "detail": c.detail} for c in checks])
    else:
        print(doctor.format_report(checks))
    return doctor.exit_code(checks)


# -- parser and entry point ---------------------------------------------------------------------
def _thread_commands(sub: Any) -> None:
    p = sub.add_parser("send", help="send one message as a student and print the reply")
    p.add_argument("thread", help="thread id, created on first use")
    p.add_argument("text", help="the student's message")
    p.add_argument("--user", required=True, help="the student sending it")
    p.add_argument(
        "--progress", action="store_true", help="print each step on stderr even when it is not a terminal"
    )
    p.set_defaults(run=cmd_send)
    p = sub.add_parser("chat", help="talk to the assistant interactively (/quit to end)")
    p.add_argument("--thread", required=True, help="thread id, created on first use")
    p.add_argument("--user", required=True, help="the student chatting")
    p.set_defaults(run=cmd_chat)
    p = sub.add_parser("approve", help="approve, edit or reject the action a thread waits on")
    p.add_argument("thread", help="the thread waiting for approval")
    choice = p.add_mutually_exclusive_group()
    choice.add_argument("--reject", action="store_true", help="reject the action")
    choice.add_argument("--edit", metavar="JSON", help=f"approve with new args, e.g. '{EDIT_EXAMPLE}'")
    p.add_argument("--reason", metavar="TEXT", help="why it was rejected (shown to the student)")
    p.add_argument("--reviewer", metavar="NAME", help="who decided")
    p.set_defaults(run=cmd_approve)
    p = sub.add_parser("resume", help="finish a run that a crash cut off")
    p.add_argument("thread", help="the interrupted thread")
    p.set_defaults(run=cmd_resume)


def _inspect_commands(sub: Any) -> None:
    p = sub.add_parser("pending", help="list threads waiting for approval")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_pending)
    p = sub.add_parser("history", help="print a thread's messages")
    p.add_argument("thread", help="thread id")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_history)
    p = sub.add_parser("usage", help="a thread's model tokens, cost and latest turn metadata (JSON)")
    p.add_argument("thread", help="thread id")
    p.set_defaults(run=cmd_usage)
    p = sub.add_parser("enrollments", help="list enrollments")
    p.add_argument("--cohort", metavar="C", help="only this cohort")
    p.add_argument("--student", metavar="S", help="only this student")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_enrollments)
    db = sub.add_parser("db", help="the database").add_subparsers(dest="db_command", required=True)
    db.add_parser("url", help="print the database URL in use").set_defaults(run=cmd_db_url)
    db.add_parser("stop", help="stop the embedded Postgres").set_defaults(run=cmd_db_stop)
    sub.add_parser("demo", help="play the school story end to end").set_defaults(run=cmd_demo)
    p = sub.add_parser("crash-sweep", help="SIGKILL at every node boundary and side effect, resume, compare")
    p.add_argument("--quick", action="store_true", help="the CI subset (a few minutes)")
    p.add_argument("--scenario", metavar="NAME", help="only this scenario")
    p.set_defaults(run=cmd_crash_sweep)
    p = sub.add_parser("serve", help="serve the HTTP API and the web page (SCHOOL_API_KEYS)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.set_defaults(run=cmd_serve)
    evals = sub.add_parser("eval", help="measure the assistant on labelled data")
    kinds = evals.add_subparsers(dest="eval_command", required=True)
    p = kinds.add_parser("router", help="accuracy, per-intent precision/recall, confusion, latency")
    p.add_argument(
        "--model",
        metavar="SPEC",
        help="router model, provider:model or 'offline' (default: SCHOOL_ROUTER_MODEL)",
    )
    p.add_argument("--set", metavar="PATH", help="a JSONL set instead of the shipped one")
    p.add_argument("--limit", type=int, metavar="N", help="only the first N messages")
    p.set_defaults(run=cmd_eval_router)


def _ops_commands(sub: Any) -> None:
    p = sub.add_parser(
        "prune",
        help="delete old checkpoints; a thread's latest one is always kept",
        description="Delete old checkpoints, their writes and the blobs only they used. "
        "With both options a checkpoint stays when either keeps it; the latest "
        "one of every thread always stays, so paused threads still resume.",
    )
    p.add_argument("--older-than", metavar="AGE", help="delete checkpoints older than AGE: 30d, 12h, 15m")
    p.add_argument("--keep-last", type=int, metavar="N", help="keep the last N checkpoints of each thread")
    p.add_argument("--dry-run", action="store_true", help="report what would be deleted; delete nothing")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_prune)
    p = sub.add_parser("doctor", help="check the database, schema, approvals, stuck runs and models")
    p.add_argument(
        "--stale-approval-after",
        metavar="AGE",
        default="24h",
        help="warn about approvals waiting longer (default 24h)",
    )
    p.add_argument(
        "--stuck-after",
        metavar="AGE",
        default="15m",
        help="warn about runs and jobs going on longer (default 15m)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=cmd_doctor)
    p = sub.add_parser(
        "bench",
        add_help=False,
        help="the performance benchmark against stock LangGraph (`school-agent bench --help`)",
    )
    p.add_argument("bench_args", nargs=argparse.REMAINDER)  # listed here; `main` hands them over


def run_bench(argv: Sequence[str]) -> int:
    """Run the benchmark (`bench.main`); its own parser reads the rest of the command line."""
    from bench.main import main as bench_main  # the benchmark loads only for this command

    return bench_main(list(argv))


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser of `school-agent`."""
    parser = argparse.ArgumentParser(
        prog="school-agent",
        description="The online school's assistant: conversations, approvals and enrollments. "
        "DATABASE_URL names the Postgres; without it an embedded one runs under "
        "SCHOOL_DATA_DIR (default .school-data).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _thread_commands(sub)
    _inspect_commands(sub)
    _ops_commands(sub)
    return parser


def _expected_errors() -> tuple[type[BaseException], ...]:
    """Errors that mean bad input, not a bug: reported in one line, exit 2."""
    expected: list[type[BaseException]] = [SettingsError, CliInputError, json.JSONDecodeError]
    # Looked up rather than imported: if these modules never loaded, no such error can exist,
    # and importing them here would slow down every failing `db stop`.
    for module_name, name in (
        ("agent.runtime.threads", "ThreadError"),
        ("graphs.approvals", "InvalidDecisionError"),
        ("agent.ops.evaluation", "EvalSetError"),
        ("agent.infra.locks", "ThreadBusyError"),
        ("agent.infra.persistence", "DatabaseUnavailableError"),
    ):
        module = sys.modules.get(module_name)
        if module is not None:
            expected.append(getattr(module, name))
    return tuple(expected)


def _report(err: Exception) -> int:
    if isinstance(err, _expected_errors()):
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    if os.environ.get("SCHOOL_DEBUG") == "1":
        traceback.print_exception(err)
    print(f"error: internal error: {type(err).__name__}", file=sys.stderr)
    return EXIT_INTERNAL


def main(argv: Sequence[str] | None = None) -> int:
    """Run `school-agent`; return the exit status."""
    # pgserver asks platformdirs for a runtime dir that containers often lack; harmless noise.
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["bench"]:  # argparse would read the benchmark's own options as ours
        return run_bench(given[1:])
    args = build_parser().parse_args(given)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        if args.command not in ("db", "eval"):
            from agent.llm.tracing import setup_tracing

            setup_tracing()  # SCHOOL_TRACING: off (default), console or otlp; a bad value fails here
        return run(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except Exception as err:
        return _report(err)


if __name__ == "__main__":
    sys.exit(main())
