"""The store over HTTP, driven by the official `langgraph_sdk` against the server on real Postgres.

A student reads and writes only their own namespace, where the agent keeps their facts; an
operator reaches every namespace; a refused request writes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from langgraph_sdk.client import SyncLangGraphClient
from langgraph_sdk.errors import PermissionDeniedError, UnprocessableEntityError

from agent.infra.persistence import Resources
from middleware.memory import fact_key, facts_of, memory_namespace
from tests.support.api import changed, fingerprint, langgraph_url, sdk_clients

pytestmark = pytest.mark.postgres

ADA_MEMORY = ["memories", "ada"]
BOB_MEMORY = ["memories", "bob"]


@pytest.fixture
def clients(api: httpx.Client) -> Iterator[dict[str, SyncLangGraphClient]]:
    """SDK clients of ada and bob (students) and olga (operator) on the served API."""
    with sdk_clients(langgraph_url(api.base_url), "ada", "bob", "olga") as made:
        yield made


def remembered_by_the_agent(resources: Resources, student: str, fact: str) -> None:
    """Store a fact as the agent's `remember` tool does (its namespace, key and value)."""
    resources.store.put(memory_namespace(student), fact_key(fact), {"fact": fact}, index=False)


def test_a_student_reads_and_curates_their_own_memories(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    remembered_by_the_agent(resources, "ada", "I want to learn RAG")
    key = fact_key("I want to learn RAG")
    item = ada.store.get_item(ADA_MEMORY, key=key)
    assert item is not None
    assert {k: item[k] for k in ("namespace", "key", "value")} == {
        "namespace": ADA_MEMORY,
        "key": key,
        "value": {"fact": "I want to learn RAG"},
    }
    assert set(item) == {"namespace", "key", "value", "created_at", "updated_at"}
    ada.store.put_item(ADA_MEMORY, key="budget", value={"fact": "My budget is 1000 euros"})
    # What she writes is what the agent reads back at her next run (the middleware's own search).
    assert facts_of(resources.store.search(memory_namespace("ada"))) == [
        "I want to learn RAG",
        "My budget is 1000 euros",
    ]
    # Above her namespace, a search and a listing are narrowed to it.
    for prefix in ([], ["memories"], ADA_MEMORY):
        found = ada.store.search_items(prefix)["items"]
        assert sorted(i["key"] for i in found) == sorted([key, "budget"])
    assert ada.store.list_namespaces() == {"namespaces": [ADA_MEMORY]}
    assert (
        ada.store.search_items(ADA_MEMORY, filter={"fact": "My budget is 1000 euros"})["items"][0]["key"]
        == "budget"
    )
    ada.store.delete_item(ADA_MEMORY, key=key)
    assert ada.store.get_item(ADA_MEMORY, key=key) is None
    assert facts_of(resources.store.search(memory_namespace("ada"))) == ["My budget is 1000 euros"]


def test_a_key_outside_the_students_namespace_is_refused_and_writes_nothing(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    bob = clients["bob"]
    remembered_by_the_agent(resources, "ada", "I want to learn RAG")
    key = fact_key("I want to learn RAG")
    before = fingerprint(resources.pool)
    refused = [
        lambda: bob.store.get_item(ADA_MEMORY, key=key),
        lambda: bob.store.put_item(ADA_MEMORY, key="x", value={"fact": "Ada owes me"}),
        lambda: bob.store.delete_item(ADA_MEMORY, key=key),
        lambda: bob.store.search_items(ADA_MEMORY),
        lambda: bob.store.search_items(["files"]),
        lambda: bob.store.list_namespaces(prefix=["memories", "ada"]),
        lambda: bob.store.put_item(["notes"], key="x", value={"a": 1}),
    ]
    for call in refused:
        with pytest.raises(PermissionDeniedError, match=r"only their own namespace \['memories', 'bob'\]"):
            call()
    assert changed(before, fingerprint(resources.pool)) == {}
    assert bob.store.search_items([])["items"] == []
    assert bob.store.list_namespaces() == {"namespaces": []}


def test_an_operator_reaches_every_namespace(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    olga, bob = clients["olga"], clients["bob"]
    remembered_by_the_agent(resources, "ada", "I want to learn RAG")
    bob.store.put_item(BOB_MEMORY, key="k", value={"fact": "I study at night"})
    olga.store.put_item(["notes", "school"], key="a", value={"kind": "holiday", "day": 1})
    olga.store.put_item(["notes", "school"], key="b", value={"kind": "exam", "day": 2})
    assert olga.store.list_namespaces() == {"namespaces": [ADA_MEMORY, BOB_MEMORY, ["notes", "school"]]}
    assert olga.store.list_namespaces(prefix=["memories"], max_depth=1) == {"namespaces": [["memories"]]}
    assert [i["key"] for i in olga.store.search_items(["notes"], filter={"kind": "exam"})["items"]] == ["b"]
    assert [i["key"] for i in olga.store.search_items(["notes"], filter={"day": {"$gt": 1}})["items"]] == [
        "b"
    ]
    assert olga.store.get_item(BOB_MEMORY, key="k")["value"] == {"fact": "I study at night"}  # type: ignore[index]
    olga.store.delete_item(BOB_MEMORY, key="k")
    assert olga.store.get_item(BOB_MEMORY, key="k") is None


def test_an_items_ttl_is_kept_in_minutes(
    clients: dict[str, SyncLangGraphClient], resources: Resources
) -> None:
    ada = clients["ada"]
    ada.store.put_item(ADA_MEMORY, key="soon", value={"fact": "I am on holiday this week"}, ttl=90)
    with resources.pool.connection() as conn:
        row = conn.execute(
            "SELECT ttl_minutes, expires_at FROM store WHERE prefix = 'memories.ada' AND key = 'soon'"
        ).fetchone()
    assert row["ttl_minutes"] == 90
    left = row["expires_at"] - datetime.now(UTC)
    assert timedelta(minutes=89) < left <= timedelta(minutes=90)


def test_bad_store_requests_are_422_and_write_nothing(
    clients: dict[str, SyncLangGraphClient], resources: Resources, api: httpx.Client
) -> None:
    ada, olga = clients["ada"], clients["olga"]
    before = fingerprint(resources.pool)
    bad = {
        "ttl": lambda: ada.store.put_item(ADA_MEMORY, key="k", value={"fact": "x"}, ttl=0),
        "ttl ": lambda: ada.store.put_item(ADA_MEMORY, key="k", value={"fact": "x"}, ttl=-5),
        "an item under 'memories' is one remembered fact": lambda: ada.store.put_item(
            ADA_MEMORY, key="k", value={"note": "x"}
        ),
        "semantic search needs embeddings configured": lambda: ada.store.search_items(
            ADA_MEMORY, query="courses about RAG"
        ),
        "at least one label": lambda: olga.store.put_item([], key="k", value={"a": 1}),
        "without periods": lambda: olga.store.list_namespaces(prefix=[""]),
    }
    for expected, call in bad.items():
        with pytest.raises(UnprocessableEntityError, match=expected.strip()):
            call()
    raw = api.put(
        "/store/items",
        json={"namespace": ["notes"], "key": "k", "value": {"a": 1}, "ttl": 1.5},
        headers={"x-api-key": "key-olga-1234"},
    )
    assert (raw.status_code, raw.json()["detail"].split(":")[0]) == (422, "ttl")
    unknown_operator = api.post(
        "/store/items/search",
        json={"namespace_prefix": ["notes"], "filter": {"day": {"$near": 1}}},
        headers={"x-api-key": "key-olga-1234"},
    )
    assert unknown_operator.status_code == 422, unknown_operator.text
    assert changed(before, fingerprint(resources.pool)) == {}
