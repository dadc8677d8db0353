"""Mutating actions the graph may propose: argument schema, idempotency key, preview, execution.

A thin adapter over `agent.domain.School`. Every action is checked twice by the same domain code:
once as a rolled-back preview when it is proposed, and again, under locks, when it runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal, get_args

from agent.domain import PREVIEW, Outcome, School

ActionName = Literal["enroll", "join_waitlist", "pay", "cancel"]
ACTION_NAMES: tuple[str, ...] = get_args(ActionName)
_COHORT_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


class InvalidActionError(ValueError):
    """An action name or its arguments are not acceptable; the message says why."""


def validate(name: object, args: object) -> tuple[ActionName, dict[str, str]]:
    """Check an action's name and arguments; return them normalised."""
    if name not in ACTION_NAMES:
        message = f"unknown action {name!r}; expected one of {', '.join(ACTION_NAMES)}"
        raise InvalidActionError(message)
    if not isinstance(args, dict):
        message = f'arguments of {name} must be an object like {{"cohort_id": "rag-2"}}'
        raise InvalidActionError(message)
    unknown = sorted(set(args) - {"cohort_id"})
    if unknown:
        message = f"{name} takes only cohort_id; unexpected: {', '.join(map(str, unknown))}"
        raise InvalidActionError(message)
    cohort_id = args.get("cohort_id")
    if not isinstance(cohort_id, str) or not _COHORT_ID.match(cohort_id.strip().lower()):
        message = f"cohort_id must be a cohort id such as 'rag-2', got {cohort_id!r}"
        raise InvalidActionError(message)
    return name, {"cohort_id": cohort_id.strip().lower()}  # type: ignore[return-value]


def idempotency_key(thread_id: str, action_id: str) -> str:
    """The key under which an approved action runs: durable, so a re-run repeats nothing."""
    return f"{thread_id}:{action_id}"


def _operation(school: School, name: ActionName) -> Callable[..., Outcome]:
    operations: dict[str, Callable[..., Outcome]] = {
        "enroll": school.enroll,
        "join_waitlist": school.join_waitlist,
        "pay": school.pay,
        "cancel": school.cancel,
    }
    return operations[name]


def preview(school: School, name: ActionName, *, student_id: str, args: dict[str, Any]) -> Outcome:
    """What the action would do now, checked by the domain and rolled back."""
    return _operation(school, name)(PREVIEW, student_id=student_id, **args)


def perform(school: School, name: ActionName, *, key: str, student_id: str, args: dict[str, Any]) -> Outcome:
    """Run the action once for `key`; a repeat returns the first outcome."""
    return _operation(school, name)(key, student_id=student_id, **args)
