"""The web page end to end in headless Chromium: a student enrolls, pays and cancels with their own
"yes"s, the operator's inbox lists only the refund that waits for staff, and an operator approves it.

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
from pathlib import Path

import pytest

from tests.support.school import ROOT
from tests.support.servers import api_server

BROWSER_DIR = ROOT / "tests" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
SCRIPT_TIMEOUT_S = 180
KEYS = {"ADA_KEY": "key-ada-1234", "OLGA_KEY": "key-olga-1234"}


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


def test_student_confirms_and_operator_approves_the_refund_in_the_browser(
    database_url: str, tmp_path: Path
) -> None:
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
