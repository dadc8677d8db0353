"""`make serve`, the README's first command: it starts the product and says where it is.

The real `make serve` in a subprocess, on a fresh embedded Postgres (no DATABASE_URL, no
SCHOOL_API_KEYS, as on a fresh machine): its banner comes once, after the socket listens, and every
URL and key in it works. With SCHOOL_API_KEYS the keys are not printed, only who they are for.
"""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from agent.infra.persistence import stop_embedded
from agent.interfaces.cli.serve import banner, base_url
from agent.interfaces.server.auth import demo_keys
from tests.support.school import ROOT, TODAY
from tests.support.servers import SERVE_API_KEYS, api_server, read_log, stop

BANNER_TIMEOUT_S = 120
"""A first start: the embedded Postgres runs initdb, then the schema and the catalog are set up."""
_FIELD = re.compile(r"^  (page|API reference|API|Studio|database|keys) +(\S.*)$")
_KEY = re.compile(r"^    (student|operator) +(\S+) +(\S+)$")


@contextmanager
def make_serve(data_dir: Path) -> Iterator[tuple[list[str], subprocess.Popen[bytes]]]:
    """Run `make serve PORT=0` as on a fresh machine; yield its output up to the banner's last line.

    The lines keep coming into the list while the server runs.
    """
    if subprocess.run(["make", "-q", ".venv/.installed"], cwd=ROOT, check=False).returncode != 0:
        pytest.skip("the virtual environment is older than pyproject.toml: `make serve` would reinstall it")
    # Nor the flags of a `make test` that runs this test (`-s` would hide the command's echo).
    dropped = {"DATABASE_URL", "MAKEFLAGS", "MFLAGS", "MAKELEVEL"}
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCHOOL_") and k not in dropped}
    env |= {"SCHOOL_DATA_DIR": str(data_dir), "SCHOOL_TODAY": TODAY.isoformat(), "LANGSMITH_TRACING": "false"}
    proc = subprocess.Popen(
        ["make", "--no-print-directory", "serve", "PORT=0"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    lines: list[str] = []
    arrived: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for raw in proc.stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            lines.append(line)
            arrived.put(line)
        arrived.put(None)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        _wait_for_banner(arrived, lines)
        yield lines, proc
    finally:
        stop(proc)
        stop_embedded(data_dir)  # it outlives the command, as it does for a user
        reader.join(timeout=10)
        assert proc.stdout is not None
        proc.stdout.close()


def _wait_for_banner(arrived: queue.Queue[str | None], lines: list[str]) -> None:
    keys_seen = 0
    while keys_seen < 3:  # the banner ends with the three keys it made
        try:
            line = arrived.get(timeout=BANNER_TIMEOUT_S)
        except queue.Empty:
            pytest.fail("`make serve` printed no banner in time:\n" + "\n".join(lines))
        if line is None:
            pytest.fail("`make serve` exited before its banner:\n" + "\n".join(lines))
        keys_seen += bool(_KEY.match(line))


def parse_banner(lines: list[str]) -> tuple[str, dict[str, str], dict[str, tuple[str, str]]]:
    """The base URL, the labelled fields, and the keys (key → (user, role)) of a banner."""
    start = next(i for i, line in enumerate(lines) if line.startswith("school-agent is serving on "))
    base = lines[start].split()[4]
    fields: dict[str, str] = {}
    keys: dict[str, tuple[str, str]] = {}
    for line in lines[start + 1 :]:
        if field := _FIELD.match(line):
            fields[field[1]] = field[2]
        elif key := _KEY.match(line):
            keys[key[3]] = (key[2], key[1])
    return base, fields, keys


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, str, str]:
    """(status, content type, body) of a GET."""
    return _call(urllib.request.Request(url, headers=headers or {}))


def post_json(url: str, body: Any, headers: dict[str, str]) -> tuple[int, str, str]:
    """(status, content type, body) of a POST of `body` as JSON."""
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers | {"Content-Type": "application/json"})
    return _call(request)


def _call(request: urllib.request.Request) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get("Content-Type", ""), err.read().decode()


@pytest.mark.postgres  # starts its own embedded server, with no database fixture
def test_make_serve_starts_on_the_embedded_postgres_and_prints_what_works(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with make_serve(data_dir) as (lines, _proc):
        assert lines[0] == ".venv/bin/school-agent serve --port 0"  # make's echo: installed already
        base, fields, keys = parse_banner(lines)
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+", base) and not base.endswith(":0")
        api = base
        assert fields == {
            "page": f"{base}/",
            "API": f"{api}  (the LangGraph Server API: the SDKs and --url take this URL and a key)",
            "API reference": f"{base}/docs",
            "Studio": f"https://smith.langchain.com/studio/?baseUrl={api}",
            "database": f"embedded Postgres under {data_dir.resolve()} (`school-agent db stop` stops it)",
            "keys": "made for this run (SCHOOL_API_KEYS is not set):",
        }
        assert sorted(keys.values()) == [("ada", "student"), ("bob", "student"), ("olga", "operator")]

        status, kind, page = get(fields["page"])
        assert (status, kind.split(";")[0]) == (200, "text/html") and "<html" in page.lower()
        assert get(fields["API reference"])[0] == 200
        assert get(f"{api}/ok")[0] == 200
        for key, (user, role) in keys.items():
            status, _, body = get(f"{base}/school/me", {"Authorization": f"Bearer {key}"})
            assert (status, json.loads(body)) == (200, {"user_id": user, "role": role})
            status, _, body = post_json(f"{api}/threads/search", {}, {"x-api-key": key})
            assert (status, json.loads(body)) == (200, [])
        assert get(f"{base}/school/me", {"Authorization": "Bearer not-a-key-of-this-run"})[0] == 401
        assert post_json(f"{api}/threads/search", {}, {"x-api-key": "not-a-key-of-this-run"})[0] == 401

    output = "\n".join(lines)
    assert output.count("school-agent is serving on") == 1
    assert (data_dir / "pg").is_dir()  # the embedded server's files, where SCHOOL_DATA_DIR said


def test_serve_never_prints_keys_from_school_api_keys(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "serve.log"
    with api_server(database_url, tmp_path / "data", log) as url:
        status, _, body = get(f"{url}/school/me", {"Authorization": "Bearer key-ada-1234"})
        assert (status, json.loads(body)) == (200, {"user_id": "ada", "role": "student"})
    base, fields, keys = parse_banner(read_log(log).splitlines())
    assert base == url
    assert fields["keys"] == "from SCHOOL_API_KEYS, not printed: ada (student), olga (operator)"
    assert keys == {}
    assert "database" in fields and "DATABASE_URL, " in fields["database"]
    for entry in SERVE_API_KEYS.split(","):
        assert entry.split("=")[0] not in read_log(log)


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("127.0.0.1", "http://127.0.0.1:8000"),
        ("0.0.0.0", "http://127.0.0.1:8000"),
        ("::", "http://[::1]:8000"),
        ("::1", "http://[::1]:8000"),
        ("school.example", "http://school.example:8000"),
    ],
)
def test_the_banner_shows_an_address_to_open(host: str, url: str) -> None:
    assert base_url(host, 8000) == url


def test_the_readme_shows_the_banner_serve_prints() -> None:
    readme = (ROOT / "README.md").read_text()
    shown = readme.split("Once it listens it prints, once:\n\n```\n", 1)[1].split("```", 1)[0].splitlines()
    keys = {f"<random-{n}>": who for n, who in enumerate(demo_keys().values())}
    database = next(line for line in shown if line.startswith("  database ")).split(None, 1)[1]
    printed = banner("http://127.0.0.1:8000", keys=keys, keys_made=True, database=database).splitlines()
    assert [_without_key(line) for line in printed] == [_without_key(line) for line in shown]


def _without_key(line: str) -> str:
    return key[0].rsplit(None, 1)[0] if (key := _KEY.match(line)) else line
