"""The web page end to end in headless Chromium: a student asks and enrolls, an operator approves.

Starts the real `school-agent serve` in a subprocess on a fresh database and runs
`tests/browser/e2e.mjs` (playwright-core driving Debian's Chromium) against it; the script holds
the expectations and says which one failed. The browser and the node modules come from
`make browser`; when they are missing this test fails and says so, rather than skipping, so that a
CI without them cannot pass unnoticed. Nothing here downloads a browser.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import ROOT, TODAY
from tests.servers import free_port, stop, wait_until_ready

BROWSER_DIR = ROOT / "tests" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
STARTUP_TIMEOUT_S = 60
SCRIPT_TIMEOUT_S = 180
KEYS = {"ADA_KEY": "key-ada-1234", "OLGA_KEY": "key-olga-1234"}
API_KEYS = "key-ada-1234=ada:student,key-olga-1234=olga:operator"


def missing_tools() -> list[str]:
    """What the browser test needs and this machine lacks."""
    missing = []
    if shutil.which("node") is None:
        missing.append("node (on PATH)")
    if not CHROMIUM.exists():
        missing.append(f"Chromium ({CHROMIUM})")
    if not (BROWSER_DIR / "node_modules" / "playwright-core").is_dir():
        missing.append(f"playwright-core ({BROWSER_DIR.relative_to(ROOT)}/node_modules)")
    return missing


@contextmanager
def api_server(database_url: str, data_dir: Path, log: Path) -> Iterator[str]:
    """Run `school-agent serve` on `database_url` with two API keys; yield its base URL."""
    port = free_port()
    # No SCHOOL_* setting of the caller's reaches the server: in particular no model URL, so the
    # server answers without a language model, as every test does.
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCHOOL_")}
    env |= {
        "DATABASE_URL": database_url,
        "SCHOOL_TODAY": TODAY.isoformat(),
        "SCHOOL_API_KEYS": API_KEYS,
        "SCHOOL_DATA_DIR": str(data_dir),
        "LANGSMITH_TRACING": "false",
    }
    command = [
        sys.executable,
        "-m",
        "agent.interfaces.cli",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    with log.open("wb") as out:
        proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            url = f"http://127.0.0.1:{port}"
            wait_until_ready(
                proc, f"{url}/healthz", log, what="school-agent serve", timeout_s=STARTUP_TIMEOUT_S
            )
            yield url
        finally:
            stop(proc)


def test_student_enrolls_and_operator_approves_in_the_browser(database_url: str, tmp_path: Path) -> None:
    missing = missing_tools()
    if missing:
        pytest.fail(f"the browser test needs {', '.join(missing)}; `make browser` installs them")
    log = tmp_path / "serve.log"
    with api_server(database_url, tmp_path / "data", log) as url:
        env = (
            os.environ | KEYS | {"BASE_URL": url, "CHROMIUM": str(CHROMIUM), "SCREENSHOT_DIR": str(tmp_path)}
        )
        result = subprocess.run(
            ["node", "e2e.mjs"],
            cwd=BROWSER_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=SCRIPT_TIMEOUT_S,
        )
    print(result.stdout, result.stderr, sep="\n")
    assert result.returncode == 0, (
        f"tests/browser/e2e.mjs exited {result.returncode}:\n{result.stdout}\n{result.stderr}\n"
        f"server log:\n{log.read_text()}"
    )
