"""Mutating actions the graph may propose: argument schema, idempotency key, preview, execution.

A thin adapter over `agent.domain.School`. Every action is checked twice by the same domain code:
once as a rolled-back preview when it is proposed, and again, under locks, when it runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Literal, get_args

from agent.domain import PREVIEW, Outcome, School

ActionName = Literal["enroll", "join_waitlist", "pay", "cancel", "transfer"]
ACTION_NAMES: tuple[str, ...] = get_args(ActionName)
_COHORT_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
_ARGS: dict[str, tuple[str, ...]] = {"transfer": ("cohort_id", "from_cohort_id")}
"""The arguments of each action, all required: a cohort id each; a transfer also names the cohort it leaves."""


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
    names = _ARGS.get(name, ("cohort_id",))
    unknown = sorted(set(args) - set(names))
    if unknown:
        message = f"{name} takes only {' and '.join(names)}; unexpected: {', '.join(map(str, unknown))}"
        raise InvalidActionError(message)
    valid = {}
    for arg in names:
        value = args.get(arg)
        if not isinstance(value, str) or not _COHORT_ID.match(value.strip().lower()):
            message = f"{arg} must be a cohort id such as 'rag-2', got {value!r}"
            raise InvalidActionError(message)
        valid[arg] = value.strip().lower()
    return name, valid  # type: ignore[return-value]


def idempotency_key(thread_id: str, action_id: str) -> str:
    """The key under which an approved action runs: durable, so a re-run repeats nothing."""
    return f"{thread_id}:{action_id}"


def _operation(school: School, name: ActionName) -> Callable[..., Outcome]:
    operations: dict[str, Callable[..., Outcome]] = {
        "enroll": school.enroll,
        "join_waitlist": school.join_waitlist,
        "pay": school.pay,
        "cancel": school.cancel,
        "transfer": school.transfer,
    }
    return operations[name]


def preview(school: School, name: ActionName, *, student_id: str, args: dict[str, Any]) -> Outcome:
    """What the action would do now, checked by the domain and rolled back."""
    return _operation(school, name)(PREVIEW, student_id=student_id, **args)


def perform(school: School, name: ActionName, *, key: str, student_id: str, args: dict[str, Any]) -> Outcome:
    """Run the action once for `key`; a repeat returns the first outcome."""
    return _operation(school, name)(key, student_id=student_id, **args)
