"""`school-agent doctor` on real Postgres: a healthy database, then each thing it must notice."""

from __future__ import annotations

import contextlib
import json
import re
import signal
import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import psycopg
import pytest

from agent.config.model_config import ModelConfig, RoleConfig
from agent.config.settings import Settings
from agent.infra.locks import LOCK_SPACE, locks_for
from agent.infra.migrations import HEAD, TABLES, VERSION_TABLE
from agent.infra.persistence import Resources, open_resources
from agent.infra.scratch import temporary_database
from agent.runtime import threads
from agent.upkeep.doctor import (
    NOT_SET_UP,
    Check,
    diagnose,
    exit_code,
    expected_tables,
    format_report,
    model_checks,
)
from tests.support.approvals import paid
from tests.support.openai_stub import OpenAIStub
from tests.support.school import run_cli

DAY, QUARTER = timedelta(days=1), timedelta(minutes=15)
OFFLINE = {f"SCHOOL_{role}_MODEL": "offline" for role in ("ROUTER", "ANSWER", "EMBEDDINGS")}
"""For the commands: whatever the developer's environment says, no model is configured."""
NAMES = ["database", "schema", "approvals", "interrupted runs", "stuck turns", "jobs", "models"]


def check(
    resources: Resources,
    settings: Settings,
    graph: Any,
    *,
    now: datetime | None = None,
    stale: timedelta = DAY,
    stuck: timedelta = QUARTER,
) -> dict[str, Check]:
    found = diagnose(resources, settings, stale_approval_after=stale, stuck_after=stuck, now=now, graph=graph)
    assert [c.name for c in found] == NAMES
    return {c.name: c for c in found}


def execute(resources: Resources, sql: str, params: Any = None) -> list[dict[str, Any]]:
    with resources.pool.connection() as conn:
        cursor = conn.execute(sql, params)
        return cursor.fetchall() if cursor.description else []


def migrations(resources: Resources) -> tuple[int, int]:
    return len(resources.checkpointer.MIGRATIONS) - 1, len(resources.store.MIGRATIONS) - 1


def test_a_healthy_deployment_is_all_ok(graph: Any, resources: Resources, settings: Settings) -> None:
    threads.send(graph, "t-ada", "When does rag-2 start?", user_id="ada")
    checks = check(resources, settings, graph)
    saver, store = migrations(resources)
    database = resources.url.split("dbname=")[1].split()[0]
    assert [(c.status, c.detail) for c in checks.values()] == [
        ("ok", checks["database"].detail),
        (
            "ok",
            f"version {HEAD} of {HEAD}; {len(expected_tables())} tables; migrations checkpoints "
            f"v{saver}, store v{store} as expected",
        ),
        ("ok", "no approval waiting"),
        ("ok", "no thread was cut off mid-run"),
        ("ok", "no turn running longer than 15m"),
        ("ok", "no worker running, no run waiting longer than 15m"),
        ("ok", "offline: no model configured (router, answer and embeddings use the built-in rules)"),
    ]
    assert re.fullmatch(
        rf"PostgreSQL \d+\.\d+.*, database {database} at 127\.0\.0\.1:\d+", checks["database"].detail
    )
    assert {
        "courses",
        "enrollments",
        "turns",
        "journal_events",
        "budget_charges",
        "api_runs",
        "procrastinate_jobs",
        "checkpoints",
        "checkpoint_migrations",
    } <= set(expected_tables())
    assert expected_tables()[: len(TABLES) + 1] == [*TABLES, VERSION_TABLE]
    assert exit_code(list(checks.values())) == 0


def test_an_approval_waiting_too_long_is_a_warning(
    graph: Any, resources: Resources, settings: Settings
) -> None:
    # A request waiting for its student's own yes is not staff's backlog, however old.
    asked = threads.send(graph, "asking", "Please enroll me in nlp-1", user_id="bob").pending
    assert asked is not None and asked["approver"] == "student"
    much_later = datetime.now(UTC) + timedelta(days=30)
    unconfirmed = check(resources, settings, graph, now=much_later)["approvals"]
    assert (unconfirmed.status, unconfirmed.detail) == ("ok", "no approval waiting")
    # A refund the student confirmed waits for an operator.
    paid(resources.school)
    threads.send(graph, "waiting", "Please cancel my enrollment in rag-2", user_id="ada")
    confirmed = threads.send(graph, "waiting", "yes", user_id="ada").pending
    assert confirmed is not None and confirmed["approver"] == "operator"
    fresh = check(resources, settings, graph)["approvals"]
    assert (fresh.status, fresh.detail) == ("ok", "1 approval waiting, none longer than 1d")

    later = datetime.now(UTC) + timedelta(days=2, hours=3)
    checks = check(resources, settings, graph, now=later)
    assert (checks["approvals"].status, checks["approvals"].detail) == (
        "warn",
        "1 of 1 waiting approvals older than 1d: waiting (2d 3h); decide with "
        "`school-agent approve <thread>` (or --reject)",
    )
    assert checks["interrupted runs"].status == "ok"  # paused at an approval is not cut off
    assert exit_code(list(checks.values())) == 0
    tiny = check(resources, settings, graph, stale=timedelta(0))["approvals"]
    assert tiny.status == "warn" and re.search(r"older than 0s: waiting \(\d+s\)", tiny.detail)


def test_a_turn_left_running_is_reported_with_whether_a_process_still_holds_it(
    graph: Any, resources: Resources, settings: Settings, server_url: str
) -> None:
    now = datetime.now(UTC)
    insert = (
        "INSERT INTO turns (thread_id, kind, actor, status, created_at) VALUES (%s, %s, 'ada', %s, %s)"
        " RETURNING id"
    )
    ghost = execute(resources, insert, ("ghost", "message", "running", now - timedelta(hours=1)))[0]["id"]
    # Left running by a crash, then followed by another turn (the resume): nothing left to do.
    execute(resources, insert, ("healed", "decision", "running", now - timedelta(hours=2)))
    execute(resources, insert, ("healed", "resume", "completed", now - timedelta(hours=1)))
    execute(resources, insert, ("recent", "message", "running", now - timedelta(minutes=5)))

    stuck = check(resources, settings, graph, now=now)["stuck turns"]
    assert (stuck.status, stuck.detail) == (
        "warn",
        f"1 turn running longer than 15m: turn {ghost} (message on ghost, 1h, no process holds its "
        "thread: it crashed)",
    )
    locks = locks_for(resources.pool)
    assert locks is not None
    with locks.hold("ghost"):
        held = check(resources, settings, graph, now=now)["stuck turns"]
    assert held.detail.endswith(f"turn {ghost} (message on ghost, 1h, still held by a live process)")
    # A thread of the same id run in another database on the server is another thread: its lock says
    # nothing of this one (`pg_locks` lists the whole server's).
    with (
        temporary_database(server_url, "other") as other,
        psycopg.connect(other, autocommit=True) as conn,
    ):
        conn.execute("SELECT pg_advisory_lock(%s, hashtext('ghost'))", (LOCK_SPACE,))
        elsewhere = check(resources, settings, graph, now=now)["stuck turns"]
    assert elsewhere.detail == stuck.detail


def test_silent_workers_runs_nobody_takes_and_failed_jobs_are_reported(
    graph: Any, resources: Resources, settings: Settings
) -> None:
    now = datetime.now(UTC)
    execute(
        resources,
        "INSERT INTO procrastinate_workers (last_heartbeat) VALUES (%s), (%s)",
        (now - timedelta(minutes=5), now - timedelta(seconds=5)),
    )
    execute(
        resources,
        "INSERT INTO api_runs (run_id, thread_id, assistant_id, actor, multitask_strategy, created_at)"
        " VALUES (gen_random_uuid(), 't2', 'school', 'ada', 'enqueue', %s),"
        " (gen_random_uuid(), 't3', 'school', 'ada', 'enqueue', %s)",
        (now - timedelta(hours=2), now - timedelta(minutes=1)),
    )
    execute(
        resources,
        "INSERT INTO procrastinate_jobs (queue_name, task_name, lock, args, status)"
        " VALUES ('runs', 'school.run', 'thread:t9', '{}', 'failed')",
    )
    jobs = check(resources, settings, graph, now=now)["jobs"]
    assert (jobs.status, jobs.detail) == (
        "warn",
        "1 worker silent for over a minute (died?); their jobs go back to the queue once "
        "SCHOOL_STALLED_AFTER_S has passed; 1 pending run waiting longer than 15m (oldest 2h): is a "
        "worker (`school-agent worker`, or `serve` without --workers 0) running?; 1 failed job (see the "
        "workers' logs)",
    )
    execute(resources, "DELETE FROM api_runs")
    execute(resources, "DELETE FROM procrastinate_jobs")
    execute(
        resources,
        "DELETE FROM procrastinate_workers WHERE last_heartbeat < %s",
        (now - timedelta(minutes=1),),
    )
    jobs = check(resources, settings, graph, now=now)["jobs"]
    assert (jobs.status, jobs.detail) == ("ok", "1 live worker, no run waiting longer than 15m")


def test_schema_problems_fail(graph: Any, resources: Resources, settings: Settings) -> None:
    saver, _ = migrations(resources)
    execute(resources, "DELETE FROM checkpoint_migrations WHERE v = %s", (saver,))
    schema = check(resources, settings, graph)["schema"]
    assert (schema.status, schema.detail) == (
        "fail",
        f"checkpoints at migration v{saver - 1}, the installed LangGraph expects v{saver} "
        "(start the application once to migrate)",
    )
    execute(resources, "INSERT INTO checkpoint_migrations (v) VALUES (%s), (%s)", (saver, saver + 1))
    schema = check(resources, settings, graph)["schema"]
    assert (schema.status, schema.detail) == (
        "warn",
        f"checkpoints at migration v{saver + 1}, newer than the installed LangGraph's v{saver}: "
        "a newer version wrote this database",
    )
    execute(resources, "DELETE FROM checkpoint_migrations WHERE v > %s", (saver,))
    execute(resources, f"DELETE FROM {VERSION_TABLE} WHERE v = %s", (HEAD,))
    schema = check(resources, settings, graph)["schema"]
    assert (schema.status, schema.detail) == (
        "fail",
        f"version {HEAD - 1} of {HEAD}: `school-agent db setup` migrates it "
        "(as does any command that opens the database)",
    )
    execute(resources, f"INSERT INTO {VERSION_TABLE} (v) VALUES (%s), (%s)", (HEAD, HEAD + 1))
    schema = check(resources, settings, graph)["schema"]
    assert (schema.status, schema.detail) == (
        "warn",
        f"version {HEAD + 1} of {HEAD}: a newer version wrote this database",
    )
    execute(resources, f"DROP TABLE {VERSION_TABLE}")  # as a release before migrations left it
    schema = check(resources, settings, graph)["schema"]
    assert (schema.status, schema.detail) == (
        "fail",
        f"version 1 of {HEAD}, not recorded (the database was made before migrations were "
        "recorded): `school-agent db setup` migrates it (as does any command that opens the database)",
    )
    execute(resources, f"CREATE TABLE {VERSION_TABLE} (v integer PRIMARY KEY)")
    execute(resources, f"INSERT INTO {VERSION_TABLE} (v) SELECT generate_series(1, %s)", (HEAD,))
    execute(resources, "DROP TABLE handoffs")
    schema = check(resources, settings, graph)["schema"]
    assert (schema.status, schema.detail) == (
        "fail",
        f"missing 1 of {len(expected_tables())} tables: handoffs (the schema records version {HEAD}, "
        "so setting up does not make them again: restore them from a backup)",
    )
    execute(resources, "DROP TABLE procrastinate_workers CASCADE")
    checks = check(resources, settings, graph)
    assert (checks["jobs"].status, checks["jobs"].detail) == (
        "fail",
        'could not check: relation "procrastinate_workers" does not exist',
    )
    assert checks["approvals"].status == "ok"  # the others still run


# -- a run cut off by a crash, through the command ----------------------------------------------
def doctor_lines(
    settings: Settings, *args: str, status: int = 0, env: dict[str, str] | None = None
) -> list[str]:
    result = run_cli(settings, "doctor", *args, extra_env=OFFLINE | (env or {}), check=False)
    assert result.returncode == status, result.stdout + result.stderr
    return result.stdout.splitlines()


def test_a_thread_cut_off_by_a_crash_is_reported_until_resumed(
    graph: Any, resources: Resources, settings: Settings
) -> None:
    threads.send(graph, "crash", "Please enroll me in rag-2", user_id="ada")
    killed = run_cli(  # ada's "yes", killed between the enrollment and its checkpoint
        settings,
        "send",
        "crash",
        "yes",
        "--user",
        "ada",
        check=False,
        extra_env={"SCHOOL_FAULT_POINT": "execute.after_domain_write"},
    )
    assert killed.returncode == -signal.SIGKILL

    lines = doctor_lines(settings, "--stuck-after", "0s")
    assert [line.split()[0] for line in lines[:7]] == ["ok", "ok", "ok", "warn", "warn", "ok", "ok"]
    assert re.fullmatch(
        r"warn  interrupted runs  1 thread cut off mid-run by a crash, with work left and no "
        r"approval pending: crash \(at execute, \d+s ago\); finish with "
        r"`school-agent resume crash`",
        lines[3],
    )
    assert re.fullmatch(
        r"warn  stuck turns       1 turn running longer than 0s: turn \d+ \(message on "
        r"crash, \d+s, no process holds its thread: it crashed\)",
        lines[4],
    )
    assert lines[7:] == ["", "5 ok, 2 warnings, 0 failures."]
    as_json = json.loads(run_cli(settings, "doctor", "--json", extra_env=OFFLINE).stdout)
    assert [(c["name"], c["status"]) for c in as_json] == [
        (name, "warn" if name == "interrupted runs" else "ok") for name in NAMES
    ]

    run_cli(settings, "resume", "crash")
    assert [line.split()[0] for line in doctor_lines(settings, "--stuck-after", "0s")[:7]] == ["ok"] * 7


def test_the_command_fails_when_the_database_cannot_be_reached() -> None:
    nowhere = Settings(database_url="postgresql://nobody@127.0.0.1:1/none")
    lines = doctor_lines(nowhere, status=1, env={"SCHOOL_DB_CONNECT_TIMEOUT_S": "1"})
    assert lines[0].startswith("fail  database  cannot reach the database at 127.0.0.1:1/none within 1s")
    assert lines[1:] == [
        "ok    models    offline: no model configured (router, answer and embeddings use the built-in rules)",
        "",
        "1 ok, 0 warnings, 1 failure.",
    ]


def test_a_fresh_database_is_one_finding_and_the_checks_that_need_the_schema_are_skipped(
    settings: Settings,
) -> None:
    with open_resources(settings, setup=False) as res:
        found = diagnose(res, settings, stale_approval_after=DAY, stuck_after=QUARTER)
        with res.pool.connection() as conn:
            tables = conn.execute(
                "SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'"
            ).fetchone()
    skipped = "skipped: the schema is not set up"
    assert [(c.name, c.status, c.detail) for c in found] == [
        ("database", "ok", found[0].detail),
        (
            "schema",
            "fail",
            "schema not set up: run `school-agent db setup` (any command that opens the database sets it up)",
        ),
        ("approvals", "skip", skipped),
        ("interrupted runs", "skip", skipped),
        ("stuck turns", "skip", skipped),
        ("jobs", "skip", skipped),
        (
            "models",
            "ok",
            "offline: no model configured (router, answer and embeddings use the built-in rules)",
        ),
    ]
    assert found[1].detail == NOT_SET_UP and exit_code(found) == 1
    assert tables == {"n": 0}  # the doctor only reads: it set nothing up


def test_the_command_on_a_fresh_database_says_how_to_set_it_up(settings: Settings) -> None:
    lines = doctor_lines(settings, status=1)
    assert lines[0].startswith("ok    database          PostgreSQL ")
    assert lines[1:] == [
        f"fail  schema            {NOT_SET_UP}",
        "skip  approvals         skipped: the schema is not set up",
        "skip  interrupted runs  skipped: the schema is not set up",
        "skip  stuck turns       skipped: the schema is not set up",
        "skip  jobs              skipped: the schema is not set up",
        "ok    models            offline: no model configured (router, answer and embeddings use the built-in rules)",
        "",
        "2 ok, 0 warnings, 1 failure, 4 skipped.",
    ]
    as_json = json.loads(run_cli(settings, "doctor", "--json", extra_env=OFFLINE, check=False).stdout)
    assert [(c["name"], c["status"]) for c in as_json] == [
        ("database", "ok"),
        ("schema", "fail"),
        *[(name, "skip") for name in NAMES[2:6]],
        ("models", "ok"),
    ]

    setup = run_cli(settings, "db", "setup", extra_env=OFFLINE)  # what the finding says to run
    assert setup.stdout == f"Schema at version {HEAD} of {HEAD}; the catalog is seeded.\n"
    lines = doctor_lines(settings)
    assert lines[1].startswith(f"ok    schema            version {HEAD} of {HEAD}; ")
    assert lines[-1] == "7 ok, 0 warnings, 0 failures."


@pytest.mark.parametrize("option", ["--stale-approval-after", "--stuck-after"])
def test_the_command_refuses_a_bad_duration(settings: Settings, option: str) -> None:
    result = run_cli(settings, "doctor", option, "soon", check=False)
    assert (result.returncode, result.stdout, result.stderr) == (
        2,
        "",
        f"error: {option} must be a duration such as 30d, 12h, 15m, 90s or 2w, got 'soon'\n",
    )


# -- model endpoints ----------------------------------------------------------------------------
class Endpoint:
    """A loopback server whose every GET answers `status` after `delay` seconds."""

    def __init__(self, status: int, body: dict[str, Any], delay: float = 0.0) -> None:
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_GET(self) -> None:
                outer.paths.append(self.path)
                outer.closing.wait(delay)
                data = json.dumps(body).encode()
                with contextlib.suppress(ConnectionError):
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)

        self.paths: list[str] = []
        self.closing = threading.Event()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> Endpoint:
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.closing.set()
        self.server.shutdown()
        self.server.server_close()


def models_at(
    base_url: str | None, *, spec: str = "openai:stub", answer: str | None = None, timeout_s: float = 2.0
) -> Settings:
    def role(name: Any, model: str | None) -> RoleConfig:
        return RoleConfig(name, model, base_url, "test-key", timeout_s, 0)

    return Settings(models=ModelConfig(router=role("router", spec), answer=role("answer", answer)))


def statuses(settings: Settings) -> list[tuple[str, str, str]]:
    return [(c.name, c.status, c.detail) for c in model_checks(settings)]


@pytest.fixture
def free_port() -> Iterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    yield port


def test_a_model_endpoint_that_lists_its_models_is_ok(openai_stub: OpenAIStub) -> None:
    found = statuses(models_at(openai_stub.base_url, answer="openai:gpt-x"))
    url = f"{openai_stub.base_url}/models"
    assert [(name, status) for name, status, _ in found] == [("model router", "ok"), ("model answer", "warn")]
    assert re.fullmatch(
        rf"openai:stub: GET {re.escape(url)} answered 200 in \d+ ms, serving 1 model", found[0][2]
    )
    assert re.fullmatch(
        rf"openai:gpt-x: GET {re.escape(url)} answered 200 in \d+ ms, serving 1 model, but "
        r"'gpt-x' is not among them \(stub\)",
        found[1][2],
    )
    # One request for the two roles on the same endpoint, with the key; nothing else is sent to a model.
    assert [(r.method, r.path, r.headers["authorization"]) for r in openai_stub.requests] == [
        ("GET", "/v1/models", "Bearer test-key")
    ]


def test_model_endpoints_that_fail_are_failures(free_port: int) -> None:
    with Endpoint(500, {"error": {"message": "the model server is restarting"}}) as broken:
        assert statuses(models_at(broken.base_url)) == [
            (
                "model router",
                "fail",
                f"openai:stub: GET {broken.base_url}/models answered HTTP 500: "
                "the model server is restarting",
            )
        ]
    with Endpoint(401, {"error": {"message": "bad key"}}) as refusing:
        assert statuses(models_at(refusing.base_url)) == [
            (
                "model router",
                "fail",
                f"openai:stub: GET {refusing.base_url}/models answered HTTP 401: the API key was refused",
            )
        ]
    with Endpoint(200, {"data": []}, delay=5) as hanging:
        started = time.monotonic()
        assert statuses(models_at(hanging.base_url, timeout_s=0.3)) == [
            ("model router", "fail", f"openai:stub: GET {hanging.base_url}/models got no answer within 0.3s")
        ]
        assert time.monotonic() - started < 2
    nobody = f"http://127.0.0.1:{free_port}/v1"
    ((name, status, detail),) = statuses(models_at(nobody))
    assert (name, status) == ("model router", "fail")
    assert detail.startswith(f"openai:stub: GET {nobody}/models failed: cannot connect (")


def test_a_provider_without_a_base_url_is_not_called() -> None:
    assert statuses(models_at(None, spec="anthropic:claude-x")) == [
        (
            "model router",
            "warn",
            "anthropic:claude-x: no base URL to check (SCHOOL_ROUTER_BASE_URL or "
            "SCHOOL_MODEL_BASE_URL); anthropic endpoints are not checked",
        )
    ]


def test_the_command_checks_the_configured_models(
    resources: Resources, settings: Settings, openai_stub: OpenAIStub, free_port: int
) -> None:
    env = {**OFFLINE, "SCHOOL_ROUTER_MODEL": "openai:stub", "SCHOOL_MODEL_API_KEY": "test-key"}
    up = run_cli(settings, "doctor", extra_env=env | {"SCHOOL_MODEL_BASE_URL": openai_stub.base_url})
    assert up.stdout.splitlines()[6].startswith(
        f"ok    model router      openai:stub: GET {openai_stub.base_url}/models answered 200 in "
    )
    down = run_cli(
        settings,
        "doctor",
        check=False,
        extra_env=env | {"SCHOOL_MODEL_BASE_URL": f"http://127.0.0.1:{free_port}/v1"},
    )
    assert down.returncode == 1
    assert down.stdout.splitlines()[6].startswith("fail  model router      openai:stub: GET ")
    assert down.stdout.splitlines()[-1] == "6 ok, 0 warnings, 1 failure."


def test_format_report() -> None:
    checks = [
        Check("database", "ok", "fine"),
        Check("model answer", "fail", "down"),
        Check("jobs", "warn", "hmm"),
    ]
    assert format_report(checks).splitlines() == [
        "ok    database      fine",
        "fail  model answer  down",
        "warn  jobs          hmm",
        "",
        "1 ok, 1 warning, 1 failure.",
    ]
    assert exit_code(checks) == 1 and exit_code(checks[::2]) == 0
