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
"""

from __future__ import annotations

from pathlib import Path

from tests.support import node
from tests.support.servers import api_server


def test_the_usestream_page_chats_confirms_and_an_operator_approves_the_refund(
    database_url: str, tmp_path: Path
) -> None:
    node.require(
        packages=("playwright-core", "@langchain/langgraph-sdk", "react", "react-dom"),
        chromium=True,
        built=("dist/usestream/app.js", "dist/usestream/index.html"),
    )
    log = tmp_path / "serve.log"
    with api_server(database_url, tmp_path / "data", log) as url:
        env = {"BASE_URL": url, "CHROMIUM": str(node.CHROMIUM), "SCREENSHOT_DIR": str(tmp_path)}
        result = node.run_script("usestream_e2e.mjs", env)
    node.assert_passed(result, log)
