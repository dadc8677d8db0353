"""The operator's commands: database, knowledge base, server, worker, prune, doctor.

One function per subcommand, each `(args) -> exit status`. What each needs (uvicorn and FastAPI,
the doctor) is imported inside it, so that no other command pays for it. The QA commands' bodies
(demo, crash sweep, evaluations) are `qa.commands`, reached through `checkout`.
"""

from __future__ import annotations

import argparse
import sys

from agent.config.settings import Settings
from agent.interfaces.cli.output import print_json
from agent.interfaces.cli.session import EXIT_OK, CliInputError, session


# -- the database and the knowledge base--------------------------------------------------------
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


# -- serving ------------------------------------------------------------------------------------
def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the page, the HTTP API and the LangGraph API, with a worker process, until interrupted."""
    from agent.interfaces.cli.serve import serve

    if args.workers is not None and args.workers < 0:
        raise CliInputError("--workers must be 0 or more")
    return serve(Settings.from_env(), host=args.host, port=args.port, workers=args.workers)


def cmd_worker(args: argparse.Namespace) -> int:
    """Execute runs and scheduled work from the task engine's queue until SIGINT or SIGTERM.

    `--parent` (`serve`'s worker process): also until that process ends, armed before the imports.
    """
    if args.parent is not None:
        from agent.worker.attached import tie_to_parent

        tie_to_parent(args.parent)
    from agent.worker.process import run_in_foreground

    settings = Settings.from_env()
    concurrency = settings.workers if args.concurrency is None else args.concurrency
    if concurrency < 1:
        raise CliInputError("--concurrency must be at least 1")
    with session(settings) as (res, graph):
        run_in_foreground(res, graph, concurrency=concurrency, parent=args.parent, ready_fd=args.ready_fd)
    return EXIT_OK


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
