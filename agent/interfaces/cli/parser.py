"""The argument parser of `school-agent`: subcommands, their options and help.

Each subcommand's parser names its function (`set_defaults(run=...)`); the functions live in
`commands` (threads) and `operator_commands` (operator tools); the QA commands' bodies are
`qa.commands`, reached through `checkout.qa_command`. The order below is the order `--help` lists
them in.
"""

from __future__ import annotations

import argparse
from typing import Any

from agent.interfaces.cli import commands, operator_commands
from agent.interfaces.cli.checkout import qa_command
from agent.interfaces.cli.commands import EDIT_EXAMPLE


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


SERVER_NOTE = (
    "With --url URL (or SCHOOL_URL) and a key (--key or SCHOOL_API_KEY) the command asks that "
    "`school-agent serve` through its LangGraph API (at the root or under /langgraph), whose workers "
    "run the graph; the key says who you are, and a --user or --reviewer naming someone else is "
    "refused. Without a URL it runs the graph in this process."
)
"""The thread commands' description: where they run."""


def _server_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--url", metavar="URL", help="the server to ask (default SCHOOL_URL; unset: in process)")
    p.add_argument("--key", metavar="KEY", help="the API key to send it (default SCHOOL_API_KEY)")


def _thread_commands(sub: Any) -> None:
    p = sub.add_parser(
        "send", help="send one message as a student and print the reply", description=SERVER_NOTE
    )
    p.add_argument("thread", help="thread id, created on first use")
    p.add_argument("text", help="the student's message")
    p.add_argument(
        "--user", help="the student sending it (in process: required; with a server: must be the key's user)"
    )
    p.add_argument(
        "--progress",
        action="store_true",
        help="print each step on stderr even when it is not a terminal (in process only)",
    )
    _server_options(p)
    p.set_defaults(run=commands.cmd_send)
    p = sub.add_parser(
        "chat", help="talk to the assistant interactively (/quit to end)", description=SERVER_NOTE
    )
    p.add_argument("--thread", required=True, help="thread id, created on first use")
    p.add_argument(
        "--user", help="the student chatting (in process: required; with a server: must be the key's user)"
    )
    _server_options(p)
    p.set_defaults(run=commands.cmd_chat)
    p = sub.add_parser(
        "approve", help="approve, edit or reject the action a thread waits on", description=SERVER_NOTE
    )
    p.add_argument("thread", help="the thread waiting for approval")
    choice = p.add_mutually_exclusive_group()
    choice.add_argument("--reject", action="store_true", help="reject the action")
    choice.add_argument("--edit", metavar="JSON", help=f"approve with new args, e.g. '{EDIT_EXAMPLE}'")
    p.add_argument("--reason", metavar="TEXT", help="why it was rejected (shown to the student)")
    p.add_argument(
        "--reviewer", metavar="NAME", help="who decided (with a server: the key's user, so it must be them)"
    )
    _server_options(p)
    p.set_defaults(run=commands.cmd_approve)
    p = sub.add_parser("resume", help="finish a run that a crash cut off")
    p.add_argument("thread", help="the interrupted thread")
    p.set_defaults(run=commands.cmd_resume)


def _inspect_commands(sub: Any) -> None:
    p = sub.add_parser(
        "pending",
        help="list threads waiting for approval (with a server: waiting for the key's user)",
        description=SERVER_NOTE,
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    _server_options(p)
    p.set_defaults(run=commands.cmd_pending)
    p = sub.add_parser("history", help="print a thread's messages", description=SERVER_NOTE)
    p.add_argument("thread", help="thread id")
    p.add_argument("--json", action="store_true", help="print JSON")
    _server_options(p)
    p.set_defaults(run=commands.cmd_history)
    p = sub.add_parser("usage", help="a thread's model tokens, cost and latest turn metadata (JSON)")
    p.add_argument("thread", help="thread id")
    p.set_defaults(run=commands.cmd_usage)
    p = sub.add_parser("enrollments", help="list enrollments", description=SERVER_NOTE)
    p.add_argument("--cohort", metavar="C", help="only this cohort")
    p.add_argument("--student", metavar="S", help="only this student (with a student's key: only theirs)")
    p.add_argument("--json", action="store_true", help="print JSON")
    _server_options(p)
    p.set_defaults(run=commands.cmd_enrollments)
    db = sub.add_parser("db", help="the database").add_subparsers(dest="db_command", required=True)
    db.add_parser("url", help="print the database URL in use").set_defaults(run=operator_commands.cmd_db_url)
    db.add_parser("setup", help="create or migrate the schema and print its version").set_defaults(
        run=operator_commands.cmd_db_setup
    )
    db.add_parser("stop", help="stop the embedded Postgres").set_defaults(run=operator_commands.cmd_db_stop)
    kb = sub.add_parser("kb", help="the knowledge base: the school's policies and FAQ").add_subparsers(
        dest="kb_command", required=True
    )
    p = kb.add_parser("ingest", help="make the knowledge base hold a folder's documents; print what changed")
    p.add_argument(
        "--dir",
        metavar="PATH",
        help="a folder of *.md documents (default: SCHOOL_KNOWLEDGE_DIR, else the shipped ones)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=operator_commands.cmd_kb_ingest)
    p = kb.add_parser("search", help="the sections that best answer a question, with their citations")
    p.add_argument("text", help="the question")
    p.add_argument("--limit", type=int, default=5, metavar="N", help="at most N sections (default 5)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=operator_commands.cmd_kb_search)
    sub.add_parser("demo", help="play the school story end to end").set_defaults(
        run=qa_command("demo", "demo")
    )
    p = sub.add_parser("crash-sweep", help="SIGKILL at every node boundary and side effect, resume, compare")
    p.add_argument("--quick", action="store_true", help="the CI subset (a few minutes)")
    p.add_argument("--scenario", metavar="NAME", help="only this scenario")
    p.set_defaults(run=qa_command("crash-sweep", "crash_sweep"))
    p = sub.add_parser(
        "serve", help="serve the web page, the HTTP API and the LangGraph API (SCHOOL_API_KEYS)"
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free one)")
    p.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="jobs its worker process runs at once (default SCHOOL_WORKERS, 32; 0: API only, no worker)",
    )
    p.set_defaults(run=operator_commands.cmd_serve)
    p = sub.add_parser(
        "worker",
        help="execute runs and scheduled work from the task engine's queue (any machine on DATABASE_URL)",
    )
    p.add_argument("--concurrency", type=int, metavar="N", help="jobs at once (default SCHOOL_WORKERS, 32)")
    # How `serve` starts its worker process (agent.worker.attached): not for people.
    p.add_argument("--parent", type=int, help=argparse.SUPPRESS)
    p.add_argument("--ready-fd", type=int, help=argparse.SUPPRESS)
    p.set_defaults(run=operator_commands.cmd_worker)
    evals = sub.add_parser("eval", help="measure the assistant on labelled data")
    kinds = evals.add_subparsers(dest="eval_command", required=True)
    p = kinds.add_parser(
        "router",
        help="accuracy per part, family and intent, unsafe readings, confusion, latency: written and generated parts",
    )
    p.add_argument(
        "--model",
        metavar="SPEC",
        help="router model, provider:model or 'offline' (default: SCHOOL_ROUTER_MODEL)",
    )
    p.add_argument("--set", metavar="PATH", help="a JSONL set instead of the shipped parts")
    p.add_argument(
        "--part",
        action="append",
        metavar="NAME",
        help=(
            "only this part (repeatable): 'written tuned', 'written held-out (seen)', "
            "'generated tuned', 'generated round N (seen)', 'generated held-out'"
        ),
    )
    p.add_argument("--limit", type=int, metavar="N", help="only the first N messages of each part")
    p.set_defaults(run=qa_command("eval router", "eval_router"))
    p = kinds.add_parser(
        "fit-reader",
        help="fit the learned intent reader on the tuned messages and write graphs/intents/reader.json.gz "
        "(needs scikit-learn, the dev extra)",
    )
    p.set_defaults(run=qa_command("eval fit-reader", "eval_fit_reader"))
    p = kinds.add_parser(
        "combination",
        help="score ways to combine the learned reader with the rules, on the rules' first readings of each "
        "round, each round left out of the reader's fit (needs scikit-learn and git history)",
    )
    p.set_defaults(run=qa_command("eval combination", "eval_combination"))
    p = kinds.add_parser(
        "cross-validated",
        help="today's rules and the shipped combination on the seen rounds, cut into folds, each read by a "
        "reader fitted without it: the measure of a rule retired (needs scikit-learn)",
    )
    p.set_defaults(run=qa_command("eval cross-validated", "eval_cross_validated"))
    p = kinds.add_parser(
        "scenarios",
        help="multi-turn conversations checked against their domain end state: pass rate, tokens, cost, latency",
    )
    p.add_argument(
        "--router-model", metavar="SPEC", help="router model for every turn (default: SCHOOL_ROUTER_MODEL)"
    )
    p.add_argument(
        "--answer-model", metavar="SPEC", help="answer model for every turn (default: SCHOOL_ANSWER_MODEL)"
    )
    p.add_argument("--set", metavar="PATH", help="a scenario file instead of the shipped one")
    p.add_argument("--only", metavar="NAME", action="append", help="only this scenario (repeatable)")
    p.set_defaults(run=qa_command("eval scenarios", "eval_scenarios"))
    p = kinds.add_parser(
        "retrieval",
        help="recall@5, MRR, latency of the answer node's retrieval (full-text, and hybrid with embeddings), "
        "and the offline answer check: tuned and held-out parts",
    )
    p.add_argument("--set", metavar="PATH", help="a JSONL set instead of the shipped parts")
    p.add_argument("--limit", type=int, metavar="N", help="only the first N questions of each part")
    p.add_argument(
        "--max-distance",
        type=float,
        action="append",
        metavar="D",
        help="hybrid with this cosine-distance floor for courses instead of the default (repeatable: one run each)",
    )
    p.add_argument(
        "--section-max-distance",
        type=float,
        action="append",
        metavar="D",
        help="hybrid with this floor for knowledge-base sections instead of the default (repeatable)",
    )
    p.set_defaults(run=qa_command("eval retrieval", "eval_retrieval"))


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
    p.set_defaults(run=operator_commands.cmd_prune)
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
    p.set_defaults(run=operator_commands.cmd_doctor)
    p = sub.add_parser(
        "bench",
        add_help=False,
        help="the performance benchmark against stock LangGraph (`school-agent bench --help`)",
    )
    p.add_argument("bench_args", nargs=argparse.REMAINDER)  # listed here; `main` hands them over
