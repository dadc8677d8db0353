"""The scaled-out deployment: docker-compose.yml's services, roles and pooling, and the Dockerfile.

The compose file is read twice where possible: as `docker compose config --format json` resolves it
(when the compose plugin is installed; skipped otherwise) and as plain YAML, merge keys resolved
(always), so that machines with no docker, or a docker client without the plugin, check the same
things. Nothing is built or started.
"""

from __future__ import annotations

import configparser
import json
import os
import re
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from psycopg.conninfo import conninfo_to_dict

from agent.config.env import child_environment

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "docker-compose.yml"
APP_SERVICES = ("migrate", "api", "worker")
"""The services built from the project's Dockerfile."""
POOLED = ("api", "worker")
"""The services that reach Postgres through PgBouncer."""
SCALED_WORKERS = 4
"""Workers the compose file's defaults must carry (`docker compose up --scale worker=4`)."""


_VARIABLE = re.compile(r"\$\{(\w+)(?::?-([^}]*))?\}")


def _defaults(value: Any) -> Any:
    """`value` with each `${NAME:-default}` replaced by its default, as compose does with NAME unset."""
    if isinstance(value, str):
        return _VARIABLE.sub(lambda match: match.group(2) or "", value)
    if isinstance(value, list):
        return [_defaults(item) for item in value]
    if isinstance(value, dict):
        return {key: _defaults(item) for key, item in value.items()}
    return value


def _as_yaml() -> dict[str, Any]:
    loaded: dict[str, Any] = _defaults(yaml.safe_load(COMPOSE.read_text()))
    return loaded


def _as_docker_compose() -> dict[str, Any]:
    try:
        version = subprocess.run(
            ["docker", "compose", "version"], capture_output=True, text=True, timeout=30, check=False
        )
    except FileNotFoundError:
        pytest.skip("no docker client: the compose file is checked as YAML only")
    if version.returncode != 0:
        pytest.skip("the docker compose plugin is not installed: the compose file is checked as YAML only")
    # Without the variables the file reads (nor a .env of this checkout): the defaults, as in CI.
    environment = child_environment(drop=("DATABASE_URL",), drop_prefixes=("SCHOOL_",))
    resolved = subprocess.run(
        ["docker", "compose", "--env-file", os.devnull, "-f", str(COMPOSE), "config", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=ROOT,
        env=environment,
    )
    assert resolved.returncode == 0, resolved.stderr
    loaded: dict[str, Any] = json.loads(resolved.stdout)
    return loaded


@pytest.fixture(scope="module", params=["yaml", "docker compose config"])
def services(request: pytest.FixtureRequest) -> dict[str, dict[str, Any]]:
    compose = _as_yaml() if request.param == "yaml" else _as_docker_compose()
    found: dict[str, dict[str, Any]] = compose["services"]
    return found


def _published(service: dict[str, Any]) -> list[tuple[str, str]]:
    """(host port, container port) of each published port, in the short or the long syntax."""
    ports = []
    for port in service.get("ports", []):
        if isinstance(port, dict):
            ports.append((str(port.get("published", "")), str(port["target"])))
        else:
            *host, target = str(port).split(":")
            ports.append((host[-1] if host else "", target))
    return ports


def test_the_roles_are_services(services: dict[str, dict[str, Any]]) -> None:
    assert {"postgres", "pgbouncer", "migrate", "api", "worker", "proxy"} <= services.keys()


def test_the_application_services_build_from_the_dockerfile(services: dict[str, dict[str, Any]]) -> None:
    for name in APP_SERVICES:
        build = services[name]["build"]
        assert (ROOT / build["context"]).resolve() == ROOT, name
        assert build.get("dockerfile", "Dockerfile") == "Dockerfile", name


def test_each_service_runs_its_role(services: dict[str, dict[str, Any]]) -> None:
    api = services["api"]["command"]
    assert api[0] == "serve"
    assert api[api.index("--workers") + 1] == "0"  # API only: the workers run the jobs
    assert api[api.index("--host") + 1] == "0.0.0.0"
    assert services["worker"]["command"] == ["worker"]
    assert services["migrate"]["command"] == ["db", "setup"]


def test_api_and_workers_go_through_pgbouncer_in_transaction_mode(
    services: dict[str, dict[str, Any]],
) -> None:
    for name in POOLED:
        environment = services[name]["environment"]
        assert conninfo_to_dict(environment["DATABASE_URL"])["host"] == "pgbouncer", name
        assert environment["SCHOOL_DB_POOLING"] == "transaction", name
    # The schema's setup needs a session (an advisory lock, CREATE INDEX CONCURRENTLY).
    migrate = services["migrate"]["environment"]
    assert conninfo_to_dict(migrate["DATABASE_URL"])["host"] == "postgres"
    assert "SCHOOL_DB_POOLING" not in migrate


def test_api_and_workers_scale(services: dict[str, dict[str, Any]]) -> None:
    for name in POOLED:
        assert "container_name" not in services[name], name
        assert _published(services[name]) == [], f"{name} publishes a host port: a second replica could not"
    assert ("8000", "8000") in _published(services["proxy"])


def test_nothing_starts_before_what_it_needs(services: dict[str, dict[str, Any]]) -> None:
    def conditions(name: str) -> dict[str, str]:
        return {need: spec["condition"] for need, spec in services[name]["depends_on"].items()}

    for name in POOLED:
        assert conditions(name) == {
            "migrate": "service_completed_successfully",
            "pgbouncer": "service_healthy",
        }, name
    assert conditions("migrate") == {"postgres": "service_healthy"}
    assert conditions("pgbouncer") == {"postgres": "service_healthy"}
    assert conditions("proxy") == {"api": "service_healthy"}
    for name in ("postgres", "pgbouncer", "api"):
        assert services[name]["healthcheck"]["test"], name


def test_postgres_still_serves_developers_alone(services: dict[str, dict[str, Any]]) -> None:
    postgres = services["postgres"]
    assert postgres["image"].startswith("pgvector/pgvector:")
    assert "depends_on" not in postgres
    assert ("5432", "5432") in _published(postgres)
    first_line = COMPOSE.read_text().splitlines()[0]
    url = conninfo_to_dict(first_line.removeprefix("# DATABASE_URL="))
    environment = postgres["environment"]
    assert (url["host"], url["port"]) == ("127.0.0.1", "5432")
    assert (url["user"], url["password"], url["dbname"]) == (
        environment["POSTGRES_USER"],
        environment["POSTGRES_PASSWORD"],
        environment["POSTGRES_DB"],
    )


def test_pgbouncer_pools_transactions_for_the_url_the_processes_use() -> None:
    ini = configparser.ConfigParser(inline_comment_prefixes=None, comment_prefixes=(";", "#"))
    ini.read(ROOT / "deploy/pgbouncer/pgbouncer.ini")
    url = conninfo_to_dict(_as_yaml()["services"]["api"]["environment"]["DATABASE_URL"])
    assert ini["pgbouncer"]["pool_mode"] == "transaction"
    assert ini["pgbouncer"]["listen_port"] == url["port"]
    target = dict(part.split("=", 1) for part in ini["databases"][url["dbname"]].split())
    assert (target["host"], target["port"]) == ("postgres", "5432")
    users = dict(
        shlex.split(line) for line in (ROOT / "deploy/pgbouncer/userlist.txt").read_text().splitlines()
    )
    assert users[url["user"]] == url["password"]


def test_pgbouncer_has_a_server_connection_for_every_run_in_flight() -> None:
    # A run holds one for its thread lock (two while paying) and needs more for its checkpoints:
    # with fewer, runs holding them all would wait for their own writes until PgBouncer fails them.
    ini = configparser.ConfigParser(inline_comment_prefixes=None, comment_prefixes=(";", "#"))
    ini.read(ROOT / "deploy/pgbouncer/pgbouncer.ini")
    services = _as_yaml()["services"]
    runs = SCALED_WORKERS * int(services["worker"]["environment"]["SCHOOL_WORKERS"])
    command = services["postgres"]["command"]
    max_connections = int(command[command.index("-c") + 1].removeprefix("max_connections="))
    pool, server_limit = (
        int(ini["pgbouncer"]["default_pool_size"]),
        int(ini["pgbouncer"]["max_db_connections"]),
    )
    assert 2 * runs < pool <= server_limit < max_connections


def _instructions(dockerfile: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of a Dockerfile, continuation lines joined, comments dropped."""
    joined = re.sub(
        r"\\\n",
        " ",
        "\n".join(line for line in dockerfile.read_text().splitlines() if not line.lstrip().startswith("#")),
    )
    return [
        (parts[0].upper(), parts[1].strip() if len(parts) > 1 else "")
        for line in joined.splitlines()
        if (parts := line.strip().split(None, 1))
    ]


def test_the_image_installs_the_project_pinned_and_runs_school_agent_unprivileged() -> None:
    steps = _instructions(ROOT / "Dockerfile")
    assert steps[0] == ("FROM", "python:3.12-slim")
    assert ("ENTRYPOINT", '["school-agent"]') in steps
    runs = [args for name, args in steps if name == "RUN"]
    assert any(re.search(r"pip install -c constraints\.txt \.(\s|$)", run) for run in runs)
    assert not any("[dev]" in run for run in runs)
    users = [args for name, args in steps if name == "USER"]
    assert users and users[-1] not in ("root", "0")
    # Every package the wheel ships is copied in.
    include = re.search(r"include = \[(.*?)\]", (ROOT / "pyproject.toml").read_text())
    assert include is not None
    packages = {name.strip('" *') for name in include.group(1).split(",")}
    copied = {args.split()[0] for name, args in steps if name == "COPY"}
    assert packages <= copied
    assert not copied & {"qa", "bench", "tests"}  # tools run from a checkout, not from the image


def test_the_build_context_leaves_out_the_virtualenv_and_the_database() -> None:
    rules = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert rules[0] == "*"  # everything out, then what the image needs back in
    kept = {rule[1:] for rule in rules if rule.startswith("!")}
    assert {"pyproject.toml", "constraints.txt", "README.md", "agent"} <= kept
    assert not kept & {".venv", ".school-data", ".git", "tests", "qa", "bench"}
