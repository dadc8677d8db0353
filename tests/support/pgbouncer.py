"""PgBouncer in transaction mode in front of a test database, run as a subprocess of the test.

Debian's `pgbouncer` package (`.ci/run` installs it when missing); a test that lacks it fails and
says so rather than skipping, so that a CI without it cannot pass unnoticed. Nothing here installs
anything. The pool is made small on purpose: with `pool_size` server connections for every client,
a setting or a session lock left on one is found by the next client that gets it.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from tests.support.servers import free_port

STARTUP_TIMEOUT_S = 15
INSTALL = "apt-get install -y --no-install-recommends pgbouncer"


def pgbouncer_binary() -> str:
    """The pgbouncer program (Debian installs it in /usr/sbin, off an ordinary user's PATH)."""
    found = shutil.which("pgbouncer") or (
        "/usr/sbin/pgbouncer" if os.access("/usr/sbin/pgbouncer", os.X_OK) else None
    )
    if found is None:
        pytest.fail(f"this test needs PgBouncer (Debian's pgbouncer package): `{INSTALL}`, as .ci/run does")
    return found


def _run_as() -> list[str]:
    """pgbouncer refuses to run as root: as root, run it as postgres (or nobody)."""
    if os.geteuid() != 0:
        return []
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        return ["-u", user]
    pytest.fail("running as root, and neither a postgres nor a nobody user exists for pgbouncer to run as")


def _config(
    database_url: str, port: int, folder: Path, pool_size: int, query_wait_timeout: int
) -> tuple[str, str]:
    """The ini and the auth file for a PgBouncer that serves `database_url`'s database under its name."""
    target = {key: str(value) for key, value in conninfo_to_dict(database_url).items() if value is not None}
    user = target.get("user") or pwd.getpwuid(os.getuid()).pw_name
    server = {"host": target.get("host", "127.0.0.1"), "port": target.get("port", "5432")}
    server |= {"dbname": target["dbname"], "user": user}
    if "password" in target:
        server["password"] = target["password"]
    ini = f"""[databases]
{target["dbname"]} = {make_conninfo("", **server)}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
auth_type = trust
auth_file = {folder / "users.txt"}
pool_mode = transaction
default_pool_size = {pool_size}
min_pool_size = 0
reserve_pool_size = 0
max_client_conn = 200
; a client waiting for a server connection fails within a test's time, not the default 120 s
query_wait_timeout = {query_wait_timeout}
"""
    return ini, f'"{user}" ""\n'


@contextmanager
def pgbouncer(database_url: str, *, pool_size: int, query_wait_timeout: int = 30) -> Iterator[str]:
    """Run PgBouncer in transaction mode with `pool_size` server connections for `database_url`'s
    database; yield the URL of that database through it. A client that waits `query_wait_timeout`
    seconds for a server connection is failed. The log is printed when the test fails."""
    binary = pgbouncer_binary()
    port = free_port()
    folder = Path(tempfile.mkdtemp(prefix="pgbouncer-"))
    folder.chmod(0o755)  # readable by the user pgbouncer runs as
    ini, users = _config(database_url, port, folder, pool_size, query_wait_timeout)
    (folder / "pgbouncer.ini").write_text(ini)
    (folder / "users.txt").write_text(users)
    for path in folder.iterdir():
        path.chmod(0o644)
    log = folder / "pgbouncer.log"
    url = make_conninfo(database_url, host="127.0.0.1", port=port)
    try:
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [binary, *_run_as(), str(folder / "pgbouncer.ini")], stdout=out, stderr=subprocess.STDOUT
            )
            try:
                _wait_until_ready(proc, url, log)
                try:
                    yield url
                except BaseException:
                    # pytest shows what a failing test printed: PgBouncer's side of the failure
                    print(f"PgBouncer's log:\n{log.read_text(errors='replace')}", file=sys.stderr)
                    raise
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=10)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _wait_until_ready(proc: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"pgbouncer exited with {proc.returncode}:\n{log.read_text(errors='replace')}")
        try:
            with psycopg.connect(url, connect_timeout=2) as conn:
                conn.execute("SELECT 1")
            return
        except psycopg.OperationalError:
            time.sleep(0.1)
    pytest.fail(
        f"pgbouncer did not accept connections within {STARTUP_TIMEOUT_S} s:\n{log.read_text(errors='replace')}"
    )
