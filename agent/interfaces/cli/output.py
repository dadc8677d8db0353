"""What the commands print: replies and approvals, tables and JSON.

Printing only: these functions read nothing and decide nothing, so a command's output can be
read here in one place.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Turn(Protocol):
    """What these functions read of a turn.

    `agent.runtime.threads.Turn` in process; a run's answer from the server (`remote.ServerTurn`)
    in server mode.
    """

    @property
    def thread_id(self) -> str:
        """The thread the turn ran on."""

    @property
    def replies(self) -> Sequence[str]:
        """The assistant's new replies."""

    @property
    def pending(self) -> Mapping[str, Any] | None:
        """The approval request the thread now waits on, if any."""

    @property
    def streamed(self) -> str:
        """The reply's text already printed as it streamed."""


def print_turn(turn: Turn, *, prefix: str = "") -> None:
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
        print_approval(turn.thread_id, turn.pending)


def print_approval(thread_id: str, request: Mapping[str, Any]) -> None:
    """Print the action a thread waits on and the command that decides it."""
    action = request["action_requests"][0]
    print(f"Waiting for approval: {action['description']}")
    print(f"  action: {action['name']} {json.dumps(action['args'], sort_keys=True)}")
    if request.get("error"):
        print(f"  note: {request['error']}")
    if request.get("approver") == "student":
        # The policy gives this decision to the student; `approve` (an operator's) would be refused.
        student = action["args"]["student_id"]
        print(f"  confirm with: school-agent send {thread_id} yes --user {student} (or 'no' to drop it)")
        return
    print(
        f"  decide with: school-agent approve {thread_id} "
        f"""[--reject | --edit '{{"cohort_id": "..."}}']"""
    )


def print_pending(found: Sequence[Turn], *, as_json: bool) -> None:
    """Print the threads waiting for an approval, as a table or JSON."""
    if as_json:
        print_json(
            [
                {
                    "thread_id": t.thread_id,
                    "action_requests": t.pending["action_requests"],
                    "action_id": t.pending["action_id"],
                    "policy": t.pending.get("policy"),
                }
                for t in found
                if t.pending
            ]
        )
        return
    if not found:
        print("No thread is waiting for approval.")
        return
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
    print_table(("thread", "action", "args", "description"), rows)


def print_history(messages: Sequence[tuple[str, str]], *, as_json: bool) -> None:
    """Print a thread's messages, one `role: text` line each, or JSON."""
    if as_json:
        print_json([{"role": role, "text": text} for role, text in messages])
        return
    for role, text in messages:
        print(f"{role}: {text}")


def print_enrollments(rows: Sequence[Mapping[str, Any]], *, as_json: bool) -> None:
    """Print enrollments as a table or JSON."""
    keys = ("id", "student_id", "cohort_id", "status")
    if as_json:
        print_json([{k: row[k] for k in keys} for row in rows])
    elif not rows:
        print("No enrollments.")
    else:
        print_table(("id", "student", "cohort", "status"), [[r[k] for k in keys] for r in rows])


def print_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """Print `rows` under `headers`, each column as wide as its widest cell."""
    cells = [list(headers), *[[str(value) for value in row] for row in rows]]
    widths = [max(len(line[i]) for line in cells) for i in range(len(headers))]
    for line in cells:
        print("  ".join(v.ljust(w) for v, w in zip(line, widths, strict=True)).rstrip())


def print_json(value: object) -> None:
    """Print `value` as indented JSON (dates and other values as their text)."""
    print(json.dumps(value, indent=2, default=str, ensure_ascii=False))
