"""A page of our own on the SDK's React `useStream` hook, in headless Chromium against a real serve.

The shipped page (tests/test_web.py) uses the SDK's plain `Client` and the `tasks` stream mode; this
one proves that the hook a React front end would use works too (its own thread creation, stream
modes, state reads and resume commands), through the `/langgraph` alias.
`tests/browser/usestream/app.jsx` (bundled by esbuild into tests/browser/dist/usestream/ by
`node build.mjs usestream` at `make browser` time, never committed) chats as a student with the
`school` assistant, who confirms their own requests with a "yes"; when a refund waits for an
operator after the student's yes, it shows the request and approves it with an operator's key.
`tests/browser/usestream_e2e.mjs` serves it at serve's own origin (Playwright answers
`/usestream/...` from dist/), so it reaches `/langgraph` without CORS, drives it with
playwright-core and Debian's Chromium, and holds the expectations. It fails, never skips, when
`make browser` has not installed and built what it needs.

`tests/browser/usestream_reload_e2e.mjs` reloads the page while its run is held at `before:propose`
(the `hold` fixture, so on the in-process `api` server): the reloaded page rejoins the run's
stream (`reconnectOnMount`), and once the test lets the run go it shows the run's end exactly once,
as the thread's state has it.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import httpx

from tests.support import node
from tests.support.api import ADA
from tests.support.holds import Hold
from tests.support.servers import api_server


def require_the_page() -> None:
    """Fail unless `make browser` installed the page's packages and Chromium and built the page."""
    node.require(
        packages=("playwright-core", "@langchain/langgraph-sdk", "react", "react-dom"),
        chromium=True,
        built=("dist/usestream/app.js", "dist/usestream/index.html"),
    )


def test_the_usestream_page_chats_confirms_and_an_operator_approves_the_refund(
    database_url: str, tmp_path: Path
) -> None:
    require_the_page()
    log = tmp_path / "serve.log"
    with api_server(database_url, tmp_path / "data", log) as url:
        env = {"BASE_URL": url, "CHROMIUM": str(node.CHROMIUM), "SCREENSHOT_DIR": str(tmp_path)}
        result = node.run_script("usestream_e2e.mjs", env)
    node.assert_passed(result, log)


def test_a_usestream_page_reloaded_mid_run_rejoins_the_stream_and_shows_the_end_once(
    api: httpx.Client, hold: Hold, tmp_path: Path
) -> None:
    require_the_page()
    page_env = {"BASE_URL": str(api.base_url).rstrip("/"), "CHROMIUM": str(node.CHROMIUM)}
    env = os.environ | node.NODE_KEYS | page_env | {"SCREENSHOT_DIR": str(tmp_path)}
    printed: list[str] = []
    with subprocess.Popen(
        ["node", "usestream_reload_e2e.mjs"],
        cwd=node.BROWSER_DIR,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    ) as script:
        assert script.stdin is not None and script.stdout is not None
        for line in script.stdout:  # the script's own waits are bounded: it ends, or says `rejoined`
            printed.append(line)
            if line.startswith("rejoined "):
                assert hold.reached.is_set(), "the run was not held while the page reloaded"
                hold.release()
                script.stdin.write("released\n")
                script.stdin.flush()
        returncode = script.wait(timeout=node.SCRIPT_TIMEOUT_S)
    output = "".join(printed)
    print(output)
    assert returncode == 0, f"tests/browser/usestream_reload_e2e.mjs exited {returncode}:\n{output}"
    _, thread_id, run_id = next(line for line in printed if line.startswith("rejoined ")).split()
    shown = json.loads(next(line for line in printed if line.startswith("final "))[len("final ") :])

    # The page shows the thread's messages as its state has them, each once; the reload made no run
    # (a run that ends waiting at an interrupt is a `success`, as the platform reports it).
    state = api.get(f"/threads/{thread_id}/state", headers=ADA).json()
    assert shown == [[m["type"], m["content"].strip()] for m in state["values"]["messages"]]
    assert state["next"] and state["tasks"][0]["interrupts"][0]["value"]["approver"] == "student"
    runs = api.get(f"/threads/{thread_id}/runs", headers=ADA).json()
    assert [(r["run_id"], r["status"]) for r in runs] == [(run_id, "success")]
