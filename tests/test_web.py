"""The shipped web page: its bundle is what its sources build, and it works end to end in Chromium.

The page (agent/interfaces/server/static/) is built from web/ by `make page`, which bundles the
official JS SDK from tests/browser/node_modules with esbuild; the bundle is committed so that
`make serve` needs no node. The first test rebuilds it into a temporary folder and compares bytes,
so the sources and the bundle cannot drift apart. The second starts the real `school-agent serve`
on a fresh database and runs tests/browser/e2e.mjs (playwright-core driving Debian's Chromium)
against it: a student asks, enrolls and cancels, an operator approves the refund from the inbox,
and both read the timeline in words; the script holds the expectations and says which one failed.
Both fail, never skip, when `make browser` has not installed what they need.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.support import node
from tests.support.school import ROOT
from tests.support.servers import api_server

BUNDLE = ROOT / "agent" / "interfaces" / "server" / "static" / "app.js"
BUILD_TIMEOUT_S = 120


def test_the_committed_bundle_is_exactly_what_the_sources_build(tmp_path: Path) -> None:
    node.require(packages=("esbuild", "@langchain/langgraph-sdk"))
    rebuilt = tmp_path / "app.js"
    result = subprocess.run(
        ["node", "build.mjs", "page", str(rebuilt)],
        cwd=node.BROWSER_DIR,
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT_S,
    )
    assert result.returncode == 0, f"node build.mjs page failed:\n{result.stdout}\n{result.stderr}"
    assert rebuilt.read_bytes() == BUNDLE.read_bytes(), (
        "agent/interfaces/server/static/app.js is not what web/ builds: run `make page` and commit it"
    )


def test_a_student_asks_enrolls_and_cancels_and_an_operator_approves_the_refund(
    database_url: str, tmp_path: Path
) -> None:
    node.require(packages=("playwright-core",), chromium=True)
    log = tmp_path / "serve.log"
    with api_server(database_url, tmp_path / "data", log) as url:
        env = {"BASE_URL": url, "CHROMIUM": str(node.CHROMIUM), "SCREENSHOT_DIR": str(tmp_path)}
        result = node.run_script("e2e.mjs", env)
    node.assert_passed(result, log)
