"""The operator's commands: database, demo, crash sweep, server, evaluation, prune, doctor, bench.

One function per subcommand, each `(args) -> exit status`. What each needs (uvicorn and FastAPI,
the doctor, the benchmark) is imported inside it, so that no other command pays for it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from agent.config.settings import Settings
from agent.interfaces.cli.checkout import NoCheckoutError, need_checkout
from agent.interfaces.cli.output import print_json
from agent.interfaces.cli.session import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, CliInputError, session


# -- the database and the story -----------------------------------------------------------------
def cmd_db_url(_: argparse.Namespace) -> int:
    """Print the database URL in use (starting the embedded server without DATABASE_URL)."""
    with session(setup=False) as (res, _graph):
        print(res.url)
    return EXIT_OK


def cmd_db_setup(_: argparse.Namespace) -> int:
    """Create or migrate the schema (every command that opens the database does too); print its version."""
    from agent.infra import migrations

    with session() as (res, _graph), res.pool.connection() as conn:
        version = migrations.current_version(conn)
    print(f"Schema at version {version} of {migrations.HEAD}; the catalog is seeded.")
    return EXIT_OK


def cmd_db_stop(_: argparse.Namespace) -> int:
    """Stop the embedded Postgres of SCHOOL_DATA_DIR, if it runs."""
    from agent.infra.persistence import stop_embedded

    settings = Settings.from_env()
    where = settings.data_dir.resolve()
    if stop_embedded(settings.data_dir):
        print(f"Stopped the embedded Postgres under {where}.")
    else:
        print(f"No embedded Postgres was running under {where}.")
    return EXIT_OK


def cmd_kb_ingest(args: argparse.Namespace) -> int:
    """Make the knowledge base hold a folder's documents (the setup's own step); print what changed."""
    from pathlib import Path

    from agent.infra.persistence import open_resources, setup_database

    settings = Settings.from_env()
    folder = Path(args.dir) if args.dir else None
    with open_resources(settings, setup=False) as res:
        report = setup_database(res, knowledge_dir=folder)
    if args.json:
        print_json(report.as_dict())
    else:
        for what, ids in report.as_dict().items():
            print(f"{what} ({len(ids)}): {', '.join(ids) or '-'}")
    configured = settings.knowledge_dir
    if folder is not None and (configured is None or folder.resolve() != configured.resolve()):
        print(
            "note: every start makes the knowledge base hold SCHOOL_KNOWLEDGE_DIR (unset: the shipped "
            f"documents) again; set SCHOOL_KNOWLEDGE_DIR={folder} to keep these documents.",
            file=sys.stderr,
        )
    return EXIT_OK


def cmd_kb_search(args: argparse.Namespace) -> int:
    """Print the knowledge base's sections about a question as the answer node finds them, with citations.

    Full-text only (no embeddings), and without the catalog: a question that names a course is
    searched here with the course's words.
    """
    from graphs.sources import knowledge_sections

    if args.limit < 1:
        raise CliInputError("--limit must be at least 1")
    with session() as (res, _graph):
        found = knowledge_sections(res.school, args.text, limit=args.limit)
    if args.json:
        print_json(found)
    elif not found:
        print("Nothing in the knowledge base matches.")
    else:
        for row in found:
            print(
                f"{row['citation']}  ({row['title']}: {row['section']}; subject words {row['topic']},"
                f" {row['covered']} of {row['asked']} words)"
            )
    return EXIT_OK


def cmd_demo(_: argparse.Namespace) -> int:
    """Play the school story end to end."""
    need_checkout("demo")
    from qa import demo

    return demo.run(Settings.from_env())


def cmd_crash_sweep(args: argparse.Namespace) -> int:
    """Kill the process at every boundary of every scenario, resume, compare; print the table."""
    need_checkout("crash-sweep")
    from qa.crash_sweep import sweep, table

    cells = sweep(Settings.from_env(), quick=args.quick, only=args.scenario)
    print(table(cells))
    return EXIT_OK if all(c.ok for c in cells) else EXIT_INTERNAL


# -- serving and measuring ----------------------------------------------------------------------
def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the page, the HTTP API, the LangGraph API and an embedded worker until interrupted."""
    from agent.interfaces.cli.serve import serve

    if args.workers is not None and args.workers < 0:
        raise CliInputError("--workers must be 0 or more")
    return serve(Settings.from_env(), host=args.host, port=args.port, workers=args.workers)


def cmd_worker(args: argparse.Namespace) -> int:
    """Execute runs and scheduled work from the task engine's queue until SIGINT or SIGTERM."""
    from agent.interfaces.worker.process import run_in_foreground

    settings = Settings.from_env()
    concurrency = settings.workers if args.concurrency is None else args.concurrency
    if concurrency < 1:
        raise CliInputError("--concurrency must be at least 1")
    with session(settings) as (res, graph):
        run_in_foreground(res, graph, concurrency=concurrency)
    return EXIT_OK


def cmd_eval_router(args: argparse.Namespace) -> int:
    """Score the configured router (a model, or the offline reader) on the labelled parts.

    The written and generated parts, tuned and held-out, are reported separately, then summed up
    against the goals; `--set` scores one file instead, `--part` some parts. Exit 1 when a goal is
    not met.
    """
    from collections import Counter
    from pathlib import Path

    from agent.llm.models import Models
    from graphs.routing import eval_classifier

    need_checkout("eval router")
    from qa.evaluation import evaluate, format_report, format_summary, goals_met, load_cases
    from qa.router_parts import router_parts

    settings = Settings.from_env()
    models = Models(settings.models)
    model = models.chat("router", args.model)
    router = model.name if model else "offline reader"
    if args.set:
        parts = [("set", load_cases(Path(args.set)))]
    else:
        parts = [(name, cases) for name, cases in router_parts() if not args.part or name in args.part]
    if not parts:
        print(f"no part named {', '.join(args.part)}", file=sys.stderr)
        return EXIT_USAGE
    reports = []
    for part, cases in parts:
        cases = cases[: args.limit]
        fallbacks: Counter[str] = Counter()
        report = evaluate(cases, eval_classifier(model, settings.models, fallbacks))
        print(
            format_report(
                report, title=f"router: {router} on the {part} part: {len(cases)} labelled messages"
            )
        )
        if model is not None:
            used = ", ".join(f"{reason} {count}" for reason, count in fallbacks.most_common()) or "none"
            print(f"fallbacks to the rules: {sum(fallbacks.values())} ({used})\n")
        reports.append((part, report))
    print(format_summary(reports), end="")
    return EXIT_OK if goals_met(reports) else EXIT_INTERNAL


def cmd_eval_fit_reader(_: argparse.Namespace) -> int:
    """Fit the learned reader on the tuned messages and write it beside `graphs.intents.learned`."""
    from graphs.intents.learned import ARTIFACT, save

    need_checkout("eval fit-reader")
    from qa.router_training import fit, training_cases

    cases = training_cases()
    reader, _pipeline = fit(cases)
    save(reader)
    print(
        f"fitted on {len(cases)} tuned messages (sha256 {reader.data_digest[:12]}): {len(reader.columns)} "
        f"features, {len(reader.intents)} intents; wrote {ARTIFACT} ({ARTIFACT.stat().st_size} bytes)"
    )
    return EXIT_OK


def cmd_eval_scenarios(args: argparse.Namespace) -> int:
    """Play the multi-turn scenarios with the configured (or named) models; 1 when one fails."""
    from pathlib import Path

    from graphs.state import Context

    need_checkout("eval scenarios")
    from qa import scenario_runner
    from qa.scenarios import format_report, load

    settings = Settings.from_env()
    today, scenarios = load(Path(args.set) if args.set else None)
    if args.only:
        unknown = sorted(set(args.only) - {s.name for s in scenarios})
        if unknown:
            raise CliInputError(f"no scenario named {', '.join(unknown)}")
        scenarios = [s for s in scenarios if s.name in args.only]
    context = Context(router_model=args.router_model, answer_model=args.answer_model)
    results = scenario_runner.play_all(settings, today, scenarios, context)
    router = args.router_model or settings.models.router.spec or "offline"
    answer = args.answer_model or settings.models.answer.spec or "offline"
    title = f"scenarios: {len(scenarios)} conversations (router {router}, answer {answer})"
    print(format_report(results, title=title))
    return EXIT_OK if all(scenario_runner.passed(s, got) for s, got in results) else EXIT_INTERNAL


def cmd_eval_retrieval(args: argparse.Namespace) -> int:
    """Score the answer node's retrieval on the labelled questions, on a scratch seeded database.

    Full-text only, then hybrid when an embeddings model is configured; each part separately,
    with the offline answer check's pass rate.
    """
    from pathlib import Path

    from agent.domain import vectors

    need_checkout("eval retrieval")
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


def run_bench(argv: Sequence[str]) -> int:
    """Run the benchmark (`bench.main`); its own parser reads the rest of the command line."""
    try:
        need_checkout("bench")
    except NoCheckoutError as err:  # `main` dispatches `bench` before its own error handling
        print(f"error: {err}", file=sys.stderr)
        return EXIT_USAGE
    from bench.main import main as bench_main  # the benchmark loads only for this command

    return bench_main(list(argv))


# -- upkeep -------------------------------------------------------------------------------------
def cmd_prune(args: argparse.Namespace) -> int:
    """Delete old checkpoints (by age and/or keeping the last N per thread) and report what it freed."""
    from agent.infra.persistence import open_resources
    from agent.infra.retention import DurationError, format_report, parse_duration, prune

    if args.older_than is None and args.keep_last is None:
        raise CliInputError("prune needs --older-than, --keep-last or both")
    if args.keep_last is not None and args.keep_last < 1:
        message = (
            f"--keep-last must be at least 1 (the latest checkpoint is always kept), got {args.keep_last}"
        )
        raise CliInputError(message)
    try:
        older_than = parse_duration(args.older_than, option="--older-than") if args.older_than else None
    except DurationError as err:
        raise CliInputError(str(err)) from None
    with open_resources(Settings.from_env()) as res:
        report = prune(res.pool, older_than=older_than, keep_last=args.keep_last, dry_run=args.dry_run)
    if args.json:
        print_json(report.as_dict())
    else:
        print(format_report(report))
    return EXIT_OK


def cmd_doctor(args: argparse.Namespace) -> int:
    """Check the database, schema, waiting approvals, stuck runs and model endpoints; 1 if any failed."""
    from agent.infra.retention import DurationError, parse_duration

    try:
        stale = parse_duration(args.stale_approval_after, option="--stale-approval-after")
        stuck = parse_duration(args.stuck_after, option="--stuck-after")
    except DurationError as err:
        raise CliInputError(str(err)) from None
    from agent.upkeep import doctor  # after the options are checked: it loads LangChain

    checks = doctor.examine(Settings.from_env(), stale_approval_after=stale, stuck_after=stuck)
    if args.json:
        print_json([{"name": c.name, "status": c.status, "detail": c.detail} for c in checks])
    else:
        print(doctor.format_report(checks))
    return doctor.exit_code(checks)
