"""The thread commands: talk (send, chat), decide approvals (approve, resume), read (pending, ...).

One function per subcommand, each `(args) -> exit status`, written once over whoever answers
(`school`): with a server (`--url` or `SCHOOL_URL`) its LangGraph API (`remote`), else this
process (`local`, on `agent.runtime.threads`), and hand what it returns to `output`. LangGraph, the
graph and the progress display are imported inside them, so that `--help` and `db stop` stay fast.
`resume` and `usage` run in process only.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from agent.interfaces.cli import remote
from agent.interfaces.cli.local import NO_USER, Local
from agent.interfaces.cli.output import (
    print_enrollments,
    print_history,
    print_json,
    print_pending,
    print_turn,
)
from agent.interfaces.cli.session import EXIT_OK, CliInputError, RefusedError, session

Client = remote.Client | Local
"""Who answers a thread command: a server, or this process."""

PROMPT = "you> "
QUIT_WORDS = ("/quit", "/exit")
EDIT_EXAMPLE = '{"cohort_id": "rag-2"}'


# -- who answers ---------------------------------------------------------------------------------
@contextmanager
def school(
    args: argparse.Namespace, acting: str | None = None, *, needs_user: bool = False
) -> Iterator[Client]:
    """Who answers the command: the server given (`remote`), else this process (`local`).

    `acting` names the option saying who acts (`user`, `reviewer`): with a server it must be the
    key's user; in process it is passed on, and `needs_user` refuses its absence before anything opens.
    """
    who: str | None = getattr(args, acting) if acting else None
    server = remote.server_of(args)
    if server is not None:
        with remote.connect(server) as client:
            client.refuse_other_user(who, f"--{acting}")
            yield client
        return
    if needs_user and who is None:
        raise CliInputError(NO_USER)
    with session() as (res, graph):
        yield Local(res, graph, user=who, plain=getattr(args, "progress", False))


# -- conversation -------------------------------------------------------------------------------
def cmd_send(args: argparse.Namespace) -> int:
    """One student turn, with live progress of its steps (in process)."""
    with school(args, "user", needs_user=True) as client:
        print_turn(client.send(args.thread, args.text))
    return EXIT_OK


def cmd_chat(args: argparse.Namespace) -> int:
    """Talk on one thread, a line at a time, until /quit, /exit or end of input."""
    with school(args, "user", needs_user=True) as client:
        for line in _lines():
            try:
                turn = client.send(args.thread, line, prefix="assistant> ")
            except RefusedError as err:  # a refused line; the conversation goes on
                print(f"error: {err}", file=sys.stderr)
                continue
            print_turn(turn, prefix="assistant> ")
    return EXIT_OK


def _lines() -> Iterator[str]:
    """The student's lines, until /quit, /exit or end of input; blank ones skipped."""
    while (line := _read_line()) is not None:
        if line.strip() in QUIT_WORDS:
            return
        if line.strip():
            yield line


def _read_line() -> str | None:
    try:
        return input(PROMPT)
    except EOFError:
        print()  # end the prompt's line so that the shell's prompt starts on its own
        return None


# -- approvals ----------------------------------------------------------------------------------
def cmd_approve(args: argparse.Namespace) -> int:
    """Approve, edit or reject the action a thread waits on."""
    edited = _edit_args(args.edit) if args.edit is not None else None
    if args.reason is not None and not args.reject:
        raise CliInputError("--reason goes with --reject")
    with school(args, "reviewer") as client:
        # With a server, the server adds the reviewer and their role from the key.
        decision = functools.partial(_decision, args, edited)
        print_turn(client.decide(args.thread, decision, needs_name=edited is not None))
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


def _decision(args: argparse.Namespace, edited: dict[str, Any] | None, name: str | None) -> dict[str, Any]:
    """The resume `--reject`, `--edit` or neither asks for, on the pending action named `name`."""
    one: dict[str, Any] = {"type": "approve"}
    if args.reject:
        one = {"type": "reject", "message": args.reason}
    elif edited is not None:
        # Without a pending action, deciding raises the precise error; a None name would not.
        one = {"type": "edit", "edited_action": {"args": edited} | ({"name": name} if name else {})}
    return {"decisions": [one]}


def cmd_resume(args: argparse.Namespace) -> int:
    """Finish a run that a crash cut off."""
    from agent.runtime import threads

    with session() as (_, graph):
        turn = threads.resume(graph, args.thread)
    print_turn(turn)
    return EXIT_OK


# -- reading ------------------------------------------------------------------------------------
def cmd_pending(args: argparse.Namespace) -> int:
    """List the threads waiting for an approval (with a server: for the key's user to decide)."""
    with school(args) as client:
        print_pending(client.pending(), as_json=args.json)
    return EXIT_OK


def cmd_history(args: argparse.Namespace) -> int:
    """Print a thread's messages in order."""
    with school(args) as client:
        print_history(client.history(args.thread), as_json=args.json)
    return EXIT_OK


def cmd_usage(args: argparse.Namespace) -> int:
    """A thread's model tokens and cost, and how its latest turn was routed and answered."""
    from agent.runtime import threads

    with session() as (_, graph):
        print_json(threads.usage(graph, args.thread))
    return EXIT_OK


def cmd_enrollments(args: argparse.Namespace) -> int:
    """Enrollments, oldest first, optionally of one cohort and/or student."""
    with school(args) as client:
        print_enrollments(client.enrollments(cohort=args.cohort, student=args.student), as_json=args.json)
    return EXIT_OK
