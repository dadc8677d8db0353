"""The bodies of the CLI's QA commands: `demo`, `crash-sweep` and `eval router|fit-reader|combination|cross-validated|scenarios|retrieval`.

One function per command, each `(args) -> exit status` as `school-agent` gives it: 0 done, 1 a
check or a goal failed, 2 bad input. The CLI keeps the subcommands (names, options, help) and
reaches these through `agent.interfaces.cli.checkout`, from a checkout only: production code holds
no QA logic. Each function imports what it runs inside it, so that no command pays for another's
tools (scikit-learn, the scratch database). Bad input is an error the CLI reports in one line
(`UnknownScenarioError`, `qa.evaluation.EvalSetError`); this module imports no face and nothing
of `bench` (which may use the QA tools, never the other way round).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from agent.config.settings import Settings

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


class UnknownScenarioError(ValueError):
    """`eval scenarios --only` names a scenario the set does not hold."""


def demo(_: argparse.Namespace) -> int:
    """Play the school story end to end."""
    from qa import demo as story

    return story.run(Settings.from_env())


def crash_sweep(args: argparse.Namespace) -> int:
    """Kill the process at every boundary of every scenario, resume, compare; print the table."""
    from qa.crash_sweep import sweep, table

    cells = sweep(Settings.from_env(), quick=args.quick, only=args.scenario)
    print(table(cells))
    return EXIT_OK if all(c.ok for c in cells) else EXIT_FAILED


def eval_router(args: argparse.Namespace) -> int:
    """Score the configured router (a model, or the offline reader) on the labelled parts.

    The written and generated parts, tuned and held-out, are reported separately, then summed up
    against the goals; `--set` scores one file instead, `--part` some parts. Exit 1 when a goal is
    not met.
    """
    from agent.llm.models import Models
    from graphs.routing import eval_classifier
    from qa.evaluation import evaluate, format_report, format_summary, goals_met, load_cases
    from qa.router_parts import router_parts

    settings = Settings.from_env()
    model = Models(settings.models).chat("router", args.model)
    router = model.name if model else "offline reader"
    parts = [("set", load_cases(Path(args.set)))] if args.set else router_parts(args.part or ())
    if not parts:
        print(f"no part named {', '.join(args.part)}", file=sys.stderr)
        return EXIT_USAGE
    reports = []
    for part, cases in parts:
        cases = cases[: args.limit]
        fallbacks: Counter[str] = Counter()
        report = evaluate(cases, eval_classifier(model, settings.models, fallbacks))
        title = f"router: {router} on the {part} part: {len(cases)} labelled messages"
        print(format_report(report, title=title))
        if model is not None:
            used = ", ".join(f"{reason} {count}" for reason, count in fallbacks.most_common()) or "none"
            print(f"fallbacks to the reading without a model: {sum(fallbacks.values())} ({used})\n")
        reports.append((part, report))
    print(format_summary(reports), end="")
    return EXIT_OK if goals_met(reports) else EXIT_FAILED


def eval_fit_reader(_: argparse.Namespace) -> int:
    """Fit the learned reader on the tuned messages and write it beside `graphs.intents.learned`."""
    from graphs.intents.learned import ARTIFACT, save
    from qa.router_training import fit, training_cases

    cases = training_cases()
    reader, _pipeline = fit(cases)
    save(reader)
    print(
        f"fitted on {len(cases)} tuned messages (sha256 {reader.data_digest[:12]}): {len(reader.columns)} "
        f"features, {len(reader.intents)} intents; wrote {ARTIFACT} ({ARTIFACT.stat().st_size} bytes)"
    )
    return EXIT_OK


def eval_combination(_: argparse.Namespace) -> int:
    """Score each candidate combination of rules and reader on the rules' first readings of each round."""
    from qa.combination import folds, report

    print(report(folds()), end="")
    return EXIT_OK


def eval_cross_validated(_: argparse.Namespace) -> int:
    """Today's rules with the shipped combination, each fold of seen rounds read by a reader fitted without it."""
    from qa.cross_validation import cross_validated, report

    print(report(cross_validated()), end="")
    return EXIT_OK


def eval_scenarios(args: argparse.Namespace) -> int:
    """Play the multi-turn scenarios with the configured (or named) models; 1 when one fails."""
    from graphs.state import Context
    from qa import scenario_runner
    from qa.scenarios import format_report, load

    settings = Settings.from_env()
    today, scenarios = load(Path(args.set) if args.set else None)
    if args.only:
        unknown = sorted(set(args.only) - {s.name for s in scenarios})
        if unknown:
            message = f"no scenario named {', '.join(unknown)}"
            raise UnknownScenarioError(message)
        scenarios = [s for s in scenarios if s.name in args.only]
    context = Context(router_model=args.router_model, answer_model=args.answer_model)
    results = scenario_runner.play_all(settings, today, scenarios, context)
    router = args.router_model or settings.models.router.spec or "offline"
    answer = args.answer_model or settings.models.answer.spec or "offline"
    title = f"scenarios: {len(scenarios)} conversations (router {router}, answer {answer})"
    print(format_report(results, title=title))
    return EXIT_OK if all(scenario_runner.passed(s, got) for s, got in results) else EXIT_FAILED


def eval_retrieval(args: argparse.Namespace) -> int:
    """Score the answer node's retrieval on the labelled questions, on a scratch seeded database.

    Full-text only, then hybrid when an embeddings model is configured (once per floor given);
    each part separately, with the offline answer check's pass rate.
    """
    from agent.domain import vectors
    from qa import retrieval_eval as ev

    labels = ev.Labels.shipped()
    parts = [("set", Path(args.set))] if args.set else list(ev.PARTS)
    loaded = [(part, path, ev.load_cases(path, labels=labels)[: args.limit]) for part, path in parts]
    with ev.scratch_school(Settings.from_env()) as (school, models):
        embeddings = models.embeddings()
        modes = [("full-text", ev.answer_node_search(school))]
        with school.pool.connection() as conn:
            pgvector = vectors.vector_available(conn)
        if embeddings is not None and pgvector:
            for floor in args.max_distance or [None]:
                for section_floor in args.section_max_distance or [None]:
                    named = f"hybrid ({embeddings.name}"
                    named += "" if floor is None else f", max distance {floor}"
                    named += ")" if section_floor is None else f", section max distance {section_floor})"
                    search = ev.answer_node_search(
                        school, models, max_distance=floor, section_max_distance=section_floor
                    )
                    modes.append((named, search))
        reply = ev.offline_reply(school)
        for part, path, cases in loaded:
            where = path.name if args.set is None else str(path)
            print(f"== the {part} part ({where}): {len(cases)} questions")
            for mode, search in modes:
                report = ev.evaluate(cases, search, labels)
                print(ev.format_report(report, title=f"{mode}:"))
            passed, checked = ev.answer_check(cases, reply, labels)
            share = passed / checked if checked else 0.0
            print(f"answer check (offline reply names an expected id): {share:.3f} ({passed}/{checked})\n")
    if embeddings is None:
        print("hybrid: not run (no embeddings model; set SCHOOL_EMBEDDINGS_MODEL)")
    elif not pgvector:
        print("hybrid: not run (the database server has no pgvector extension)")
    return EXIT_OK
