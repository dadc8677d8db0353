"""`school-agent doctor`: health checks of a deployment, each with a status and a one-line detail.

It checks the database (reachable, server version), the schema (the application's migrations at
this code's version, its tables, and the checkpoint and store migrations at the versions the
installed LangGraph expects), approvals that have waited too long, stuck work (turns left
`running`, silent workers, runs nobody takes, failed jobs, threads cut off mid-run by a crash) and the
model endpoints of the configured roles.

It only reads: it never sets the schema up, never takes a thread's lock (it looks for the lock in
`pg_locks` instead), and sends nothing to a model but `GET <base_url>/models`. Warnings (`warn`)
are things to look at; failures (`fail`) are things that stop the assistant from working. On a
database whose schema is not set up at all, that is the one failure: the checks that read the
application's tables are skipped (`skip`), not failed.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final, Literal

import psycopg
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import dict_row

from agent.config import env
from agent.config.model_config import RoleConfig
from agent.infra import migrations
from agent.infra.locks import LOCK_SPACE

if TYPE_CHECKING:
    from psycopg_pool import ConnectionPool

    from agent.config.settings import Settings
    from agent.infra.persistence import Resources
    from agent.runtime.runs import Pregel

Status = Literal["ok", "warn", "fail", "skip"]
MODEL_TIMEOUT_S: Final = 5.0
"""The longest a model endpoint may take to list its models (less when the role's timeout is less)."""
CONNECT_TIMEOUT_S: Final = 5
"""The longest `examine` waits for the database (less when SCHOOL_DB_CONNECT_TIMEOUT_S is less)."""
SHOWN: Final = 5
"""Items named in one detail; the rest are counted."""
PROVIDER_URLS: Final = {"openai": "https://api.openai.com/v1"}
"""Where a role without a base URL sends its requests, per provider."""

NOT_SET_UP: Final = (
    "schema not set up: run `school-agent db setup` (any command that opens the database sets it up)"
)
"""The one finding on a database whose schema is not set up."""
_ANY_COMMAND: Final = "`school-agent db setup` {} (as does any command that opens the database)"
"""How to set the schema up or migrate it: `db setup`, or any command but `db url|stop` and
`doctor`, opens the database with `setup_database`, which applies the pending migrations."""
NEEDS_SCHEMA: Final = ("approvals", "interrupted runs", "stuck turns", "jobs")
"""The checks that read the application's tables: skipped while the schema is not set up."""
LANGGRAPH_TABLES: Final = (
    "checkpoint_migrations",
    "checkpoints",
    "checkpoint_blobs",
    "checkpoint_writes",
    "store_migrations",
    "store",
)
_THREAD_LOCKED: Final = f"""
EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = {LOCK_SPACE}::oid
        AND objid = hashtext({{thread}})::oid AND objsubid = 2 AND granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))"""
"""Whether a process holds the thread's lock (`agent.infra.locks`) in this database: its run is still
going. `pg_locks` lists the whole server's locks; a thread of the same id in another database on the
server (another deployment, a test's) is another thread."""


@dataclass(frozen=True)
class Check:
    """One finding: what was checked, how it went, and what was seen."""

    name: str
    status: Status
    detail: str


def examine(
    settings: Settings,
    *,
    stale_approval_after: timedelta,
    stuck_after: timedelta,
    now: datetime | None = None,
) -> list[Check]:
    """Open the database named by `settings` (briefly; never setting it up) and `diagnose` it.

    When the database cannot be reached, the report says so, and the model endpoints are still checked.
    """
    from agent.infra.persistence import DatabaseUnavailableError, open_resources

    timeout = min(settings.connect_timeout_s, CONNECT_TIMEOUT_S)
    quick = dataclasses.replace(settings, connect_timeout_s=timeout, pool_min_size=1)
    try:
        with open_resources(quick, setup=False) as res:
            return diagnose(
                res, settings, stale_approval_after=stale_approval_after, stuck_after=stuck_after, now=now
            )
    except DatabaseUnavailableError as err:
        return [Check("database", "fail", str(err)), *model_checks(settings)]


def diagnose(
    resources: Resources,
    settings: Settings,
    *,
    stale_approval_after: timedelta,
    stuck_after: timedelta,
    now: datetime | None = None,
    graph: Pregel | None = None,
) -> list[Check]:
    """Every check, in order: database, schema, approvals, stuck work, model endpoints.

    `now` is the clock ages are measured by (default: the current time); `graph` the school graph
    on `resources` (built when not given), which says where each thread stands.
    """
    now = now or datetime.now(UTC)
    pool = resources.pool
    checks = [_guarded("database", lambda: _database(resources))]
    if checks[0].status == "fail":
        return [*checks, *model_checks(settings)]
    checks.append(_guarded("schema", lambda: _schema(resources)))
    if checks[-1].detail == NOT_SET_UP:
        skipped = [Check(name, "skip", "skipped: the schema is not set up") for name in NEEDS_SCHEMA]
        return [*checks, *skipped, *model_checks(settings)]
    # Run even when a table is missing: a check that needs it fails and names it, the others still help.
    graph = graph if graph is not None else _build_graph(resources)
    checks.extend(
        _guarded_many(
            ("approvals", "interrupted runs"), lambda: _threads(graph, pool, now, stale_approval_after)
        )
    )
    checks.append(_guarded("stuck turns", lambda: _stuck_turns(pool, now, stuck_after)))
    checks.append(_guarded("jobs", lambda: _jobs(pool, now, stuck_after)))
    return [*checks, *model_checks(settings)]


def exit_code(checks: Sequence[Check]) -> int:
    """0 when nothing failed (warnings included), 1 when a check failed."""
    return 1 if any(c.status == "fail" for c in checks) else 0


def format_report(checks: Sequence[Check]) -> str:
    """The checks as aligned lines, then a count of each status (skipped ones only when there are some)."""
    width = max((len(c.name) for c in checks), default=0)
    lines = [f"{c.status:<4}  {c.name:<{width}}  {c.detail}" for c in checks]
    counts = {s: sum(c.status == s for c in checks) for s in ("ok", "warn", "fail", "skip")}
    skipped = f", {counts['skip']} skipped" if counts["skip"] else ""
    lines.append(
        f"\n{counts['ok']} ok, {counts['warn']} {_plural(counts['warn'], 'warning')}, "
        f"{counts['fail']} {_plural(counts['fail'], 'failure')}{skipped}."
    )
    return "\n".join(lines)


# -- guards -------------------------------------------------------------------------------------
def _guarded(name: str, check: Callable[[], Check]) -> Check:
    """The check, or a failure naming the database error that stopped it."""
    try:
        return check()
    except psycopg.Error as err:
        return Check(name, "fail", f"could not check: {_first_line(err)}")


def _guarded_many(names: Sequence[str], checks: Callable[[], list[Check]]) -> list[Check]:
    try:
        return checks()
    except psycopg.Error as err:
        return [Check(name, "fail", f"could not check: {_first_line(err)}") for name in names]


def _first_line(err: BaseException) -> str:
    """What went wrong, in one line: Postgres's primary message when there is one."""
    primary = err.diag.message_primary if isinstance(err, psycopg.Error) else None
    return primary or (str(err).strip().splitlines() or [type(err).__name__])[0]


@contextmanager
def _cursor(pool: ConnectionPool[Any]) -> Iterator[psycopg.Cursor[Any]]:
    with pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        yield cur


def _one(cur: psycopg.Cursor[Any], sql: str, params: Any = None) -> dict[str, Any]:
    """The one row of an aggregate query."""
    row = cur.execute(sql, params).fetchone()
    assert row is not None
    return dict(row)


# -- database and schema ------------------------------------------------------------------------
def _database(resources: Resources) -> Check:
    with _cursor(resources.pool) as cur:
        row = _one(cur, "SELECT current_setting('server_version') AS version, current_database() AS db")
    where = conninfo_to_dict(resources.url)
    place = f"{where.get('host') or 'localhost'}:{where.get('port') or 5432}"
    return Check("database", "ok", f"PostgreSQL {row['version']}, database {row['db']} at {place}")


def expected_tables() -> list[str]:
    """The tables `setup_database` makes: the application's (its migrations and their version), then LangGraph's."""
    return [*migrations.TABLES, migrations.VERSION_TABLE, *LANGGRAPH_TABLES]


def _schema(resources: Resources) -> Check:
    """The application's schema version, its tables, LangGraph's migrations: what is wrong, or all is well."""
    problems: list[tuple[Status, str]] = []
    with resources.pool.connection() as conn, conn.cursor(row_factory=dict_row) as cur:
        version = migrations.current_version(conn)
        if version == 0:
            return Check("schema", "fail", NOT_SET_UP)
        recorded = migrations.recorded_version(conn)
        problems.extend(_version_problems(version, recorded))
        present = {
            r["tablename"]
            for r in cur.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = ANY(current_schemas(false))"
            )
        }
        expected = expected_tables()
        # A database made before versions were recorded lacks the version table: said above already.
        missing = [
            t for t in expected if t not in present and (recorded, t) != (None, migrations.VERSION_TABLE)
        ]
        if missing:
            problems.append(("fail", _missing(missing, len(expected), recorded)))
        else:  # LangGraph's versions can be read only from its tables
            problems.extend(_langgraph_problems(cur, resources))
    if problems:
        status: Status = "fail" if any(s == "fail" for s, _ in problems) else "warn"
        return Check("schema", status, "; ".join(p for _, p in problems))
    checkpoints, store = _langgraph_heads(resources)
    return Check(
        "schema",
        "ok",
        f"version {version} of {migrations.HEAD}; {len(expected)} tables; migrations checkpoints "
        f"v{checkpoints}, store v{store} as expected",
    )


def _version_problems(version: int, recorded: int | None) -> list[tuple[Status, str]]:
    """What is wrong with the application's schema version (nothing when at `HEAD`)."""
    head = migrations.HEAD
    if recorded is None:
        return [
            (
                "fail",
                f"version {version} of {head}, not recorded (the database was made before migrations "
                f"were recorded): {_ANY_COMMAND.format('migrates it')}",
            )
        ]
    if recorded < head:
        return [("fail", f"version {recorded} of {head}: {_ANY_COMMAND.format('migrates it')}")]
    if recorded > head:
        return [("warn", f"version {recorded} of {head}: a newer version wrote this database")]
    return []


def _missing(missing: list[str], expected: int, recorded: int | None) -> str:
    """Tables that should be there and are not, and what makes them again (if anything does)."""
    detail = f"missing {len(missing)} of {expected} {_plural(expected, 'table')}: {_names(missing)}"
    if recorded is not None and set(missing) & set(migrations.TABLES):
        return (
            f"{detail} (the schema records version {recorded}, so setting up does not make them "
            "again: restore them from a backup)"
        )
    return f"{detail}; {_ANY_COMMAND.format('sets them up')}"


def _langgraph_heads(resources: Resources) -> tuple[int, int]:
    """The checkpoint and store migration versions the installed LangGraph expects."""
    return len(resources.checkpointer.MIGRATIONS) - 1, len(resources.store.MIGRATIONS) - 1


def _langgraph_problems(cur: psycopg.Cursor[Any], resources: Resources) -> list[tuple[Status, str]]:
    """The checkpoint and store migrations against those the installed LangGraph expects."""
    problems: list[tuple[Status, str]] = []
    for what, table, want in zip(
        ("checkpoints", "store"),
        ("checkpoint_migrations", "store_migrations"),
        _langgraph_heads(resources),
        strict=True,
    ):
        have = _one(cur, f"SELECT max(v) AS v FROM {table}")["v"]
        if have is None or have < want:
            problems.append(
                (
                    "fail",
                    f"{what} at migration v{have if have is not None else 'none'}, the installed "
                    f"LangGraph expects v{want} (start the application once to migrate)",
                )
            )
        elif have > want:
            problems.append(
                (
                    "warn",
                    f"{what} at migration v{have}, newer than the installed LangGraph's v{want}: "
                    "a newer version wrote this database",
                )
            )
    return problems


# -- threads: approvals and interrupted runs ----------------------------------------------------
def _build_graph(resources: Resources) -> Any:
    from graphs.school import build_graph  # only here: the rest of the doctor needs no graph

    return build_graph(
        checkpointer=resources.checkpointer,
        store=resources.store,
        school=resources.school,
        settings=resources.settings,
    )


def _threads(graph: Pregel, pool: ConnectionPool[Any], now: datetime, stale_after: timedelta) -> list[Check]:
    """Where each thread's latest checkpoint stands: paused at an approval, or cut off mid-run."""
    with _cursor(pool) as cur:
        rows = cur.execute(
            f"SELECT thread_id, {_THREAD_LOCKED.format(thread='thread_id')} AS locked FROM"
            " (SELECT DISTINCT thread_id FROM checkpoints WHERE checkpoint_ns = '') AS t ORDER BY thread_id"
        ).fetchall()
    waiting: list[tuple[str, timedelta]] = []
    cut_off: list[tuple[str, tuple[str, ...], timedelta]] = []
    for row in rows:
        state = graph.get_state({"configurable": {"thread_id": row["thread_id"]}})
        age = now - _parse_time(state.created_at, now)
        if state.interrupts:
            # Staff's backlog only: a request waiting for its own student's "yes" is the student's.
            if state.interrupts[0].value.get("approver", "operator") == "operator":
                waiting.append((row["thread_id"], age))
        elif state.next and not row["locked"]:  # with the lock held, a run is still on its way
            cut_off.append((row["thread_id"], tuple(state.next), age))
    return [_approvals(waiting, stale_after), _interrupted(cut_off)]


def _approvals(waiting: list[tuple[str, timedelta]], stale_after: timedelta) -> Check:
    stale = sorted((w for w in waiting if w[1] > stale_after), key=lambda w: w[1], reverse=True)
    if not stale:
        if not waiting:
            return Check("approvals", "ok", "no approval waiting")
        count = f"{len(waiting)} {_plural(len(waiting), 'approval')} waiting"
        return Check("approvals", "ok", f"{count}, none longer than {_age(stale_after)}")
    named = _names([f"{thread} ({_age(age)})" for thread, age in stale])
    detail = (
        f"{len(stale)} of {len(waiting)} waiting approvals older than {_age(stale_after)}: {named}; "
        "decide with `school-agent approve <thread>` (or --reject)"
    )
    return Check("approvals", "warn", detail)


def _interrupted(cut_off: list[tuple[str, tuple[str, ...], timedelta]]) -> Check:
    if not cut_off:
        return Check("interrupted runs", "ok", "no thread was cut off mid-run")
    named = _names([f"{thread} (at {', '.join(nodes)}, {_age(age)} ago)" for thread, nodes, age in cut_off])
    first = cut_off[0][0]
    detail = (
        f"{len(cut_off)} {_plural(len(cut_off), 'thread')} cut off mid-run by a crash, with work left "
        f"and no approval pending: {named}; finish with `school-agent resume {first}`"
        f"{' (and the others alike)' if len(cut_off) > 1 else ''}"
    )
    return Check("interrupted runs", "warn", detail)


# -- stuck work ---------------------------------------------------------------------------------
def _stuck_turns(pool: ConnectionPool[Any], now: datetime, stuck_after: timedelta) -> Check:
    """The latest turn of a thread, still `running` after `stuck_after`.

    An earlier turn left `running` by a crash was followed by another turn on its thread (the
    resume, or the next message, which finishes the cut-off run first): nothing is left to do.
    """
    with _cursor(pool) as cur:
        rows = cur.execute(
            f"SELECT t.id, t.thread_id, t.kind, t.created_at, {_THREAD_LOCKED.format(thread='t.thread_id')}"
            " AS locked FROM turns t WHERE t.status = 'running' AND t.created_at < %s"
            " AND NOT EXISTS (SELECT 1 FROM turns n WHERE n.thread_id = t.thread_id AND n.id > t.id)"
            " ORDER BY t.created_at",
            (now - stuck_after,),
        ).fetchall()
    if not rows:
        return Check("stuck turns", "ok", f"no turn running longer than {_age(stuck_after)}")
    items = []
    for r in rows:
        why = "still held by a live process" if r["locked"] else "no process holds its thread: it crashed"
        age = _age(now - r["created_at"])
        items.append(f"turn {r['id']} ({r['kind']} on {r['thread_id']}, {age}, {why})")
    detail = (
        f"{len(rows)} {_plural(len(rows), 'turn')} running longer than {_age(stuck_after)}: {_names(items)}"
    )
    return Check("stuck turns", "warn", detail)


def _jobs(pool: ConnectionPool[Any], now: datetime, stuck_after: timedelta) -> Check:
    """The task engine: live workers, jobs of workers whose heartbeat stopped, runs nobody takes, failed jobs."""
    with _cursor(pool) as cur:
        workers = _one(
            cur,
            "SELECT count(*) FILTER (WHERE last_heartbeat >= %s) AS live,"
            " count(*) FILTER (WHERE last_heartbeat < %s) AS silent FROM procrastinate_workers",
            (now - timedelta(minutes=1), now - timedelta(minutes=1)),
        )
        waiting = _one(
            cur,
            "SELECT count(*) AS n, min(created_at) AS oldest FROM api_runs WHERE status = 'pending'"
            " AND created_at < %s",
            (now - stuck_after,),
        )
        failed = _one(
            cur,
            "SELECT count(*) AS n FROM procrastinate_jobs WHERE status = 'failed' AND task_name LIKE 'school.%%'",
        )
    problems = []
    if workers["silent"]:
        problems.append(
            f"{workers['silent']} {_plural(workers['silent'], 'worker')} silent for over a minute "
            "(died?); their jobs go back to the queue once SCHOOL_STALLED_AFTER_S has passed"
        )
    if waiting["n"]:
        problems.append(
            f"{waiting['n']} pending {_plural(waiting['n'], 'run')} waiting longer than "
            f"{_age(stuck_after)} (oldest {_age(now - waiting['oldest'])}): is a worker "
            "(`school-agent worker`, or `serve` without --workers 0) running?"
        )
    if failed["n"]:
        problems.append(f"{failed['n']} failed {_plural(failed['n'], 'job')} (see the workers' logs)")
    if problems:
        return Check("jobs", "warn", "; ".join(problems))
    live = (
        f"{workers['live']} live {_plural(workers['live'], 'worker')}"
        if workers["live"]
        else "no worker running"
    )
    return Check("jobs", "ok", f"{live}, no run waiting longer than {_age(stuck_after)}")


# -- model endpoints ----------------------------------------------------------------------------
def model_checks(settings: Settings) -> list[Check]:
    """`GET <base_url>/models` for each configured role (one request per endpoint and key)."""
    roles = [settings.models.role(r) for r in ("router", "answer", "embeddings")]
    configured = [r for r in roles if r.spec is not None]
    if not configured:
        return [
            Check(
                "models",
                "ok",
                "offline: no model configured (router, answer and embeddings use the built-in rules)",
            )
        ]
    seen: dict[tuple[str, str | None], _Listing] = {}
    return [_model_check(role, seen) for role in configured]


_Listing = tuple[Status, str, list[str]]
"""What one endpoint answered: status, detail, the model ids it serves."""


def _model_check(role: RoleConfig, seen: dict[tuple[str, str | None], _Listing]) -> Check:
    assert role.spec is not None
    provider, model = role.spec.split(":", 1)
    name = f"model {role.role}"
    base = role.base_url or (env.verbatim("OPENAI_BASE_URL") if provider == "openai" else None)
    base = base or PROVIDER_URLS.get(provider)
    if base is None:
        return Check(
            name,
            "warn",
            f"{role.spec}: no base URL to check (SCHOOL_{role.role.upper()}_BASE_URL "
            f"or SCHOOL_MODEL_BASE_URL); {provider} endpoints are not checked",
        )
    key = role.api_key or (env.verbatim("OPENAI_API_KEY") if provider == "openai" else None)
    url = base.rstrip("/") + "/models"
    if (url, key) not in seen:
        seen[(url, key)] = _list_models(url, key, min(role.timeout_s, MODEL_TIMEOUT_S))
    status, detail, served = seen[(url, key)]
    if status == "ok" and served and model not in served:
        return Check(
            name, "warn", f"{role.spec}: {detail}, but {model!r} is not among them ({_names(served)})"
        )
    return Check(name, status, f"{role.spec}: {detail}")


def _list_models(url: str, key: str | None, timeout_s: float) -> _Listing:
    """(status, detail, model ids) of `GET url`; the key never appears in the detail."""
    import httpx  # a dependency of langgraph-sdk; imported here as only this check needs it

    headers = {"Authorization": f"Bearer {key}"} if key else {}
    started = time.monotonic()
    try:
        with httpx.Client(timeout=timeout_s) as client:
            response = client.get(url, headers=headers)
    except httpx.TimeoutException:
        return "fail", f"GET {url} got no answer within {timeout_s:g}s", []
    except httpx.HTTPError as err:
        return "fail", f"GET {url} failed: cannot connect ({_first_line(err) or type(err).__name__})", []
    took = f"{(time.monotonic() - started) * 1000:.0f} ms"
    if response.status_code in (401, 403):
        return "fail", f"GET {url} answered HTTP {response.status_code}: the API key was refused", []
    if response.status_code != 200:
        return "fail", f"GET {url} answered HTTP {response.status_code}: {_error_text(response)}", []
    try:
        served = [str(m["id"]) for m in response.json()["data"]]
    except (ValueError, KeyError, TypeError):
        return "ok", f"GET {url} answered 200 in {took} (no model list in it)", []
    detail = f"GET {url} answered 200 in {took}, serving {len(served)} {_plural(len(served), 'model')}"
    return "ok", detail, served


def _error_text(response: Any) -> str:
    try:
        message = response.json()["error"]["message"]
    except (ValueError, KeyError, TypeError):
        message = response.text
    return (str(message).strip() or "(empty body)")[:200]


# -- formatting ---------------------------------------------------------------------------------
def _parse_time(value: str | None, default: datetime) -> datetime:
    if not value:
        return default
    when = datetime.fromisoformat(value)
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _age(delta: timedelta) -> str:
    """`3d 4h`, `2h 5m`, `12m`, `40s`: the two largest units."""
    seconds = max(int(delta.total_seconds()), 0)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [f"{n}{u}" for n, u in ((days, "d"), (hours, "h"), (minutes, "m"), (seconds, "s")) if n]
    return " ".join(parts[:2]) or "0s"


def _names(items: Sequence[str]) -> str:
    shown = ", ".join(items[:SHOWN])
    return shown + (f" and {len(items) - SHOWN} more" if len(items) > SHOWN else "")


def _plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"
