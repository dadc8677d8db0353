"""The `school-agent` command: talk to the assistant, decide approvals, inspect the database.

A face: it opens resources, builds the graph and calls `agent.runtime.threads`, or, given a server
(`--url`, `SCHOOL_URL`), asks its LangGraph API through the official SDK (`remote`); nothing
imports it but `agent.__main__`. `parser` declares the subcommands, `commands` (threads) and
`operator_commands` (operator tools) run them, `checkout` leads to the QA tools (`qa.commands`) and
the benchmark from a checkout, `output` prints, `session` holds what they share.
LangGraph, the graph and the SDK are imported inside the commands, so that `--help` and `db stop`
stay fast, and the approve path of a fresh process loads no agent, chat-model, HTTP-server or
exporter code (`tests/test_cold_imports.py`). Expected errors exit 2 with one line on stderr;
anything else exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
import warnings
from collections.abc import Callable, Sequence

from agent.config.settings import SettingsError, debug_enabled
from agent.interfaces.cli.checkout import run_bench
from agent.interfaces.cli.parser import build_parser
from agent.interfaces.cli.session import EXIT_INTERNAL, EXIT_USAGE, CliInputError
from agent.runtime.heap import freeze_start_ups, start_up

__all__ = ["build_parser", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run `school-agent`; return the exit status."""
    # pgserver asks platformdirs for a runtime dir that containers often lack; harmless noise.
    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
    if argv is None:
        # The program itself (the console script, `python -m`), not a caller in its own process:
        # what the command's start-up builds may be frozen until exit (agent.runtime.heap).
        freeze_start_ups()
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["bench"]:  # argparse would read the benchmark's own options as ours
        return run_bench(given[1:])
    args = build_parser().parse_args(given)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        if args.command not in ("db", "eval"):
            with start_up():  # imports LangChain's tracing stack: see agent.runtime.heap
                from agent.llm.tracing import setup_tracing

                setup_tracing()  # SCHOOL_TRACING: off (default), console or otlp; a bad value fails here
        return run(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except Exception as err:
        return _report(err)


def _expected_errors() -> tuple[type[BaseException], ...]:
    """Errors that mean bad input, not a bug: reported in one line, exit 2."""
    expected: list[type[BaseException]] = [SettingsError, CliInputError, json.JSONDecodeError]
    # Looked up rather than imported: if these modules never loaded, no such error can exist,
    # and importing them here would slow down every failing `db stop`.
    for module_name, name in (
        ("agent.runtime.threads", "ThreadError"),
        ("graphs.approvals", "InvalidDecisionError"),
        ("qa.evaluation", "EvalSetError"),
        ("qa.commands", "UnknownScenarioError"),
        ("agent.infra.locks", "ThreadBusyError"),
        ("agent.infra.persistence", "DatabaseUnavailableError"),
        ("agent.domain.documents", "DocumentError"),
        ("agent.worker.attached", "WorkerStartError"),
    ):
        module = sys.modules.get(module_name)
        if module is not None:
            expected.append(getattr(module, name))
    return tuple(expected)


def _report(err: Exception) -> int:
    if isinstance(err, _expected_errors()):
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    if debug_enabled():
        traceback.print_exception(err)
    print(f"error: internal error: {type(err).__name__}", file=sys.stderr)
    return EXIT_INTERNAL
