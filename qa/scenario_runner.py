"""Plays the multi-turn scenarios (`qa.scenarios`) through the school graph, each on its own database.

One scratch database is set up and seeded once; each scenario runs on a copy of it (Postgres's
`CREATE DATABASE ... TEMPLATE`), so scenarios never see each other's seats. Students speak through
`agent.runtime.threads.send`, operators decide through `threads.decide`: the same calls the faces
make, with the same locks, journal and approval policy. The models are those configured, or the
ones a run names (`Context`), so two models can be compared on the same conversations.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import date
from functools import partial
from typing import Any

from psycopg.conninfo import conninfo_to_dict

from agent.config.settings import Settings
from agent.infra.persistence import Resources, database_url, open_resources
from agent.infra.scratch import temporary_database
from agent.journal.events import events
from agent.llm.models import Models
from agent.runtime import threads
from graphs.school import build_graph
from graphs.state import Context
from qa.scenarios import Outcome, Scenario, failures, on_day

OPERATOR = "operator"
REVIEWER = "eval-operator"


@contextmanager
def seeded_template(settings: Settings, today: date) -> Iterator[str]:
    """A scratch database set up and seeded on `today`, its name; dropped on exit."""
    with temporary_database(database_url(settings), "eval_template") as url:
        with open_resources(replace(settings, database_url=url, today=today)):
            pass  # setting up migrates and seeds
        yield str(conninfo_to_dict(url)["dbname"])


def play(settings: Settings, template: str, today: date, scenario: Scenario, context: Context) -> Outcome:
    """Run one scenario on a fresh copy of `template`; what it ended with."""
    server = database_url(settings)
    with (
        temporary_database(server, "eval", template=template) as url,
        open_resources(replace(settings, database_url=url, today=today), setup=False) as res,
    ):
        for action, student, cohort in scenario.setup:
            outcome = getattr(res.school, action)(
                f"setup:{action}:{student}:{cohort}", student_id=student, cohort_id=cohort
            )
            if not outcome["ok"]:
                raise ValueError(f"{scenario.name}: setup {action} {student} {cohort}: {outcome['message']}")
        later = on_day(today, scenario)
        res.school.clock = lambda: later
        graph = build_graph(
            checkpointer=res.checkpointer,
            store=res.store,
            school=res.school,
            settings=replace(res.settings, today=later),
            models=Models(res.settings.models),
        )
        return _conversation(graph, res, scenario, context)


def _conversation(graph: Any, res: Resources, scenario: Scenario, context: Context) -> Outcome:
    asked: list[tuple[str, str]] = []
    seen: dict[str, tuple[str, str]] = {}
    seconds: list[float] = []
    thread_ids: list[str] = []
    last = ""
    for who, text in scenario.turns:
        if who == OPERATOR:
            thread_id = thread_ids[-1]
            turn, took = _timed(partial(_decide, graph, thread_id, text))
        else:
            thread_id = f"{scenario.name}:{who}"
            thread_ids.append(thread_id)
            send = partial(
                threads.send, graph, thread_id, text, user_id=who, settings=res.settings, context=context
            )
            turn, took = _timed(send)
        seconds.append(took)
        if isinstance(turn, str):
            last = turn
            continue
        last = turn.replies[-1] if turn.replies else last
        if turn.pending:
            key = (turn.pending["action_id"], turn.pending.get("approver", OPERATOR))
            if seen.get(thread_id) != key:
                seen[thread_id] = key
                asked.append((turn.pending["action_requests"][0]["name"], key[1]))
    usage = [threads.usage(graph, t)["usage"] for t in dict.fromkeys(thread_ids)]
    return Outcome(
        enrollments=[(e["student_id"], e["cohort_id"], e["status"]) for e in res.school.enrollments()],
        asked=asked,
        done=_done(res, list(dict.fromkeys(thread_ids))),
        reply=last,
        tokens=sum(u["input_tokens"] + u["output_tokens"] for u in usage),
        cost_usd=sum(u["cost_usd"] for u in usage),
        turn_seconds=seconds,
    )


def _decide(graph: Any, thread_id: str, text: str) -> threads.Turn | str:
    """An operator's decision; a refused one is its message, as the operator would read it."""
    one: dict[str, Any] = {"type": text}
    if text.startswith("edit:"):
        one = {"type": "edit", "edited_action": {"args": {"cohort_id": text.removeprefix("edit:")}}}
    decision = {"decisions": [one], "reviewer": REVIEWER, "role": OPERATOR}
    try:
        return threads.decide(graph, thread_id, decision)
    except threads.ThreadError as err:
        return f"refused: {err}"


def _timed(call: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = call()
    return result, time.perf_counter() - start


def _done(res: Resources, thread_ids: list[str]) -> list[str]:
    found = [e for t in thread_ids for e in events(res.pool, t, kinds=["tool_completed"])]
    return [str(e["payload"]["tool"]) for e in sorted(found, key=lambda e: e["id"])]


def play_all(
    settings: Settings, today: date, scenarios: list[Scenario], context: Context
) -> list[tuple[Scenario, Outcome | str]]:
    """Play every scenario on its own copy of one seeded database; a scenario that raised is its error."""
    results: list[tuple[Scenario, Outcome | str]] = []
    with seeded_template(settings, today) as template:
        for scenario in scenarios:
            try:
                results.append((scenario, play(settings, template, today, scenario, context)))
            except Exception as err:
                results.append((scenario, f"raised {type(err).__name__}: {err}"))
    return results


def passed(scenario: Scenario, got: Outcome | str) -> bool:
    """Whether the scenario ended as it must."""
    return not isinstance(got, str) and not failures(scenario.expect, got)
