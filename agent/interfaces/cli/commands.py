"""The thread commands: talk (send, chat), decide approvals (approve, resume), read (pending, ...).

One function per subcommand, each `(args) -> exit status`. They open a session, call
`agent.runtime.threads` and hand what it returns to `output`; LangGraph, the graph and the progress
display are imported inside them, so that `--help` and `db stop` stay fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from agent.interfaces.cli.output import (
    print_enrollments,
    print_history,
    print_json,
    print_pending,
    print_turn,
)
from agent.interfaces.cli.session import EXIT_OK, CliInputError, session

if TYPE_CHECKING:
    from agent.interfaces.cli.session import Graph

PROMPT = "you> "
QUIT_WORDS = ("/quit", "/exit")
EDIT_EXAMPLE = '{"cohort_id": "rag-2"}'


# -- conversation -------------------------------------------------------------------------------
def cmd_send(args: argparse.Namespace) -> int:
    """One student turn, with live progress of its steps."""
    from agent.interfaces.progress import LiveProgress
    from agent.runtime import threads

    with session() as (res, graph), LiveProgress(plain=args.progress) as progress:
        turn = threads.send(
            graph, args.thread, args.text, user_id=args.user, settings=res.settings, on_event=progress
        )
    print_turn(turn)
    return EXIT_OK


def cmd_chat(args: argparse.Namespace) -> int:
    """Talk on one thread, a line at a time, until /quit, /exit or end of input."""
    from agent.interfaces.progress import LiveProgress
    from agent.runtime import threads

    with session() as (res, graph):
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
            print_turn(turn, prefix="assistant> ")
    return EXIT_OK


def _read_line() -> str | None:
    try:
        return input(PROMPT)
    except EOFError:
        print()  # end the prompt's line so that the shell's prompt starts on its own
        return None


# -- approvals ----------------------------------------------------------------------------------
def cmd_approve(args: argparse.Namespace) -> int:
    """Approve, edit or reject the action a thread waits on."""
    from agent.runtime import threads

    edited = _edit_args(args.edit) if args.edit is not None else None
    if args.reason is not None and not args.reject:
        raise CliInputError("--reason goes with --reject")
    with session() as (_, graph):
        decision = _decision(graph, args, edited)
        turn = threads.decide(graph, args.thread, decision)
    print_turn(turn)
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

    with session() as (_, graph):
        turn = threads.resume(graph, args.thread)
    print_turn(turn)
    return EXIT_OK


# -- reading ------------------------------------------------------------------------------------
def cmd_pending(args: argparse.Namespace) -> int:
    """List the threads waiting for an approval."""
    from agent.runtime import threads

    with session() as (res, graph):
        found = threads.pending(graph, res.pool)
    print_pending(found, as_json=args.json)
    return EXIT_OK


def cmd_history(args: argparse.Namespace) -> int:
    """Print a thread's messages in order."""
    from agent.runtime import threads

    with session() as (_, graph):
        messages = threads.history(graph, args.thread)
    print_history(messages, as_json=args.json)
    return EXIT_OK


def cmd_usage(args: argparse.Namespace) -> int:
    """A thread's model tokens and cost, and how its latest turn was routed and answered."""
    from agent.runtime import threads

    with session() as (_, graph):
        print_json(threads.usage(graph, args.thread))
    return EXIT_OK


def cmd_enrollments(args: argparse.Namespace) -> int:
    """Enrollments, oldest first, optionally of one cohort and/or student."""
    with session() as (res, _):
        rows = res.school.enrollments(cohort_id=args.cohort, student_id=args.student)
    print_enrollments(rows, as_json=args.json)
    return EXIT_OK
