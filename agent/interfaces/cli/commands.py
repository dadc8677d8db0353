"""The thread commands: talk (send, chat), decide approvals (approve, resume), read (pending, ...).

One function per subcommand, each `(args) -> exit status`. In process they open a session, call
`agent.runtime.threads` and hand what it returns to `output`; LangGraph, the graph and the progress
display are imported inside them, so that `--help` and `db stop` stay fast. With a server
(`--url` or `SCHOOL_URL`), send, chat, approve, pending and history ask it instead (`remote`) and
print the same.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from agent.interfaces.cli import remote
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
    server = remote.server_of(args)
    if server is not None:
        with remote.connect(server) as client:
            client.refuse_other_user(args.user, "--user")
            print_turn(client.send(args.thread, args.text))
        return EXIT_OK
    from agent.interfaces.progress import LiveProgress
    from agent.runtime import threads

    user = _student(args)
    with session() as (res, graph), LiveProgress(plain=args.progress) as progress:
        turn = threads.send(
            graph, args.thread, args.text, user_id=user, settings=res.settings, on_event=progress
        )
    print_turn(turn)
    return EXIT_OK


def cmd_chat(args: argparse.Namespace) -> int:
    """Talk on one thread, a line at a time, until /quit, /exit or end of input."""
    server = remote.server_of(args)
    if server is not None:
        with remote.connect(server) as client:
            client.refuse_other_user(args.user, "--user")
            _chat_with_server(client, args.thread)
        return EXIT_OK
    from agent.interfaces.progress import LiveProgress
    from agent.runtime import threads

    user = _student(args)
    with session() as (res, graph):
        for line in _lines():
            try:
                with LiveProgress(prefix="assistant> ") as progress:
                    turn = threads.send(
                        graph, args.thread, line, user_id=user, settings=res.settings, on_event=progress
                    )
            except threads.ThreadError as err:
                print(f"error: {err}", file=sys.stderr)
                continue
            print_turn(turn, prefix="assistant> ")
    return EXIT_OK


def _chat_with_server(client: remote.Client, thread_id: str) -> None:
    for line in _lines():
        try:
            turn = client.send(thread_id, line)
        except remote.ServerError as err:  # a refused line; the conversation goes on
            print(f"error: {err}", file=sys.stderr)
            continue
        print_turn(turn, prefix="assistant> ")


def _lines() -> Iterator[str]:
    """The student's lines, until /quit, /exit or end of input; blank ones skipped."""
    while (line := _read_line()) is not None:
        if line.strip() in QUIT_WORDS:
            return
        if line.strip():
            yield line


def _student(args: argparse.Namespace) -> str:
    """`--user`, which a command run in process needs (with a server, the key says who)."""
    if args.user is None:
        raise CliInputError("--user is required (or --url and a key: then the key says who you are)")
    user: str = args.user
    return user


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
    server = remote.server_of(args)
    if server is not None:
        with remote.connect(server) as client:
            client.refuse_other_user(args.reviewer, "--reviewer")
            # The server adds the reviewer and their role from the key.
            print_turn(client.decide(args.thread, lambda name: _decision(args, edited, name)))
        return EXIT_OK
    from agent.runtime import threads

    with session() as (_, graph):
        name = _pending_action_name(graph, args.thread) if edited is not None else None
        decision = _decision(args, edited, name)
        if args.reviewer is not None:
            decision["reviewer"] = args.reviewer
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


def _decision(args: argparse.Namespace, edited: dict[str, Any] | None, name: str | None) -> dict[str, Any]:
    """The resume `--reject`, `--edit` or neither asks for, on the pending action named `name`."""
    one: dict[str, Any] = {"type": "approve"}
    if args.reject:
        one = {"type": "reject", "message": args.reason}
    elif edited is not None:
        # Without a pending action, deciding raises the precise error; a None name would not.
        one = {"type": "edit", "edited_action": {"args": edited} | ({"name": name} if name else {})}
    return {"decisions": [one]}


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
    """List the threads waiting for an approval (with a server: for the key's user to decide)."""
    server = remote.server_of(args)
    if server is not None:
        with remote.connect(server) as client:
            print_pending(client.pending(), as_json=args.json)
        return EXIT_OK
    from agent.runtime import threads

    with session() as (res, graph):
        found = threads.pending(graph, res.pool)
    print_pending(found, as_json=args.json)
    return EXIT_OK


def cmd_history(args: argparse.Namespace) -> int:
    """Print a thread's messages in order."""
    server = remote.server_of(args)
    if server is not None:
        with remote.connect(server) as client:
            print_history(client.history(args.thread), as_json=args.json)
        return EXIT_OK
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
    server = remote.server_of(args)
    if server is not None:
        with remote.connect(server) as client:
            print_enrollments(client.enrollments(cohort=args.cohort, student=args.student), as_json=args.json)
        return EXIT_OK
    with session() as (res, _):
        rows = res.school.enrollments(cohort_id=args.cohort, student_id=args.student)
    print_enrollments(rows, as_json=args.json)
    return EXIT_OK
