"""Running the JS clients' scripts in tests/browser from pytest: what they need, and a run whose
failure carries the script's output and the server's log.

The node modules, the page's bundle and Debian's Chromium come from `make browser`; a test that
lacks them fails and says so instead of skipping, so that a CI without them cannot pass unnoticed.
Nothing here installs or downloads anything.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.school import ROOT
from tests.support.servers import read_log

BROWSER_DIR = ROOT / "tests" / "browser"
"""The JS tests' folder: package.json, its lock, the scripts, and (ignored) node_modules and dist."""
CHROMIUM = Path("/usr/bin/chromium")
NODE_KEYS = {"ADA_KEY": "key-ada-1234", "OLGA_KEY": "key-olga-1234"}
"""The keys `api_server` serves with, as the scripts read them: student ada, operator olga."""
SCRIPT_TIMEOUT_S = 180


def require(*, packages: tuple[str, ...], chromium: bool = False, built: tuple[str, ...] = ()) -> None:
    """Fail the test, naming `make browser`, unless node, `packages`, Chromium (when asked) and the
    `built` files (relative to tests/browser, each newer than the sources it is built from) are here."""
    missing = []
    if shutil.which("node") is None:
        missing.append("node (on PATH)")
    if chromium and not CHROMIUM.exists():
        missing.append(f"Chromium ({CHROMIUM})")
    missing += [
        f"{name} (tests/browser/node_modules)"
        for name in packages
        if not (BROWSER_DIR / "node_modules" / name / "package.json").is_file()
    ]
    missing += [f"tests/browser/{path}" for path in built if not (BROWSER_DIR / path).is_file()]
    if missing:
        pytest.fail(f"the JS test needs {', '.join(missing)}; `make browser` installs and builds them")
    stale = [path for path in built if _older_than_its_sources(BROWSER_DIR / path)]
    if stale:
        pytest.fail(f"tests/browser/{', '.join(stale)} is older than its sources; `make browser` rebuilds it")


def _older_than_its_sources(built: Path) -> bool:
    sources = [
        *(BROWSER_DIR / "usestream").rglob("*"),
        BROWSER_DIR / "build.mjs",
        BROWSER_DIR / "package-lock.json",
    ]
    newest = max(path.stat().st_mtime for path in sources if path.is_file())
    return built.stat().st_mtime < newest


def run_script(script: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run `node script` in tests/browser with the test keys and `env` added to this environment."""
    result = subprocess.run(
        ["node", script],
        cwd=BROWSER_DIR,
        env=os.environ | NODE_KEYS | env,
        capture_output=True,
        text=True,
        timeout=SCRIPT_TIMEOUT_S,
    )
    print(result.stdout, result.stderr, sep="\n")
    return result


def assert_passed(result: subprocess.CompletedProcess[str], server_log: Path) -> None:
    """The script exited 0; otherwise fail with what it printed and the server's log."""
    script = " ".join(result.args[1:])
    assert result.returncode == 0, (
        f"tests/browser/{script} exited {result.returncode}:\n{result.stdout}\n{result.stderr}\n"
        f"server log:\n{read_log(server_log)}"
    )
