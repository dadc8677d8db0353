"""The JS `@langchain/langgraph-sdk` Client under node against a real `school-agent serve`.

A client nobody here wrote, pinned in tests/browser/package-lock.json: `tests/browser/sdk_client.mjs`
creates a thread as a student, streams a run in values, messages-tuple and updates modes to the
approval's interrupt (the student's own confirmation, as the school's policy has it), reads the
thread interrupted, has an operator's resume refused as out of policy, resumes it as the student in
a background run that it joins, reads the student enrolled, replays the thread's stream
(`threads.joinStream`) from its start to the end of its second run, and asks a question in a
stateless run (`runs.wait(null, ...)`), which is answered and leaves no thread, and schedules a
weekly reminder on the thread (`crons.createForThread`), finds, pauses and deletes it. The script holds
the expectations and, on failure, prints every request it made with the server's answer.
`make browser` installs the node modules.
"""

from __future__ import annotations

from pathlib import Path

from tests.support import node
from tests.support.servers import api_server


def test_the_js_client_streams_to_the_approval_and_joins_the_students_resume(
    database_url: str, tmp_path: Path
) -> None:
    node.require(packages=("@langchain/langgraph-sdk",))
    log = tmp_path / "serve.log"
    with api_server(database_url, tmp_path / "data", log) as url:
        result = node.run_script("sdk_client.mjs", {"BASE_URL": url})
    node.assert_passed(result, log)
