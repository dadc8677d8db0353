"""LangGraph's checkpointer conformance suite against both of the project's savers: 81 of 81.

`langgraph-checkpoint-conformance` (0.0.2) runs 81 checks in 8 capabilities: put, put_writes,
get_tuple, list and delete_thread (the base), delete_for_runs, copy_thread and prune (extensions).
It calls only the async methods and detects a capability by whether the saver's class overrides
its method. The application's saver (`PooledPostgresSaver`, sync) goes through
`tests.support.savers.threaded_async`, which overrides only what the sync class implements;
Studio's (`AsyncPooledPostgresSaver`) is made by Studio's own `checkpointer()`. The stock
`PostgresSaver` is run too, through the same adapter: it lacks `delete_for_runs` and
`copy_thread` and passes 66, which shows the adapter reports what a saver has.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.conformance import checkpointer_test, validate
from langgraph.checkpoint.conformance.capabilities import Capability
from langgraph.checkpoint.conformance.report import CapabilityReport
from langgraph.checkpoint.postgres import PostgresSaver
from psycopg_pool import ConnectionPool

from agent.config.settings import Settings
from agent.infra.persistence import pool_options, strict_serializer
from agent.infra.savers import AsyncPooledPostgresSaver, PooledPostgresSaver
from agent.interfaces import studio
from tests.support.savers import threaded_async

ALL_TESTS = 81
"""What the suite runs against a saver with every capability."""

STOCK_TESTS = 66
"""What it runs against the stock `PostgresSaver`: all but delete_for_runs (7) and copy_thread (8)."""


def run_suite(name: str, factory: Callable[[], AsyncIterator[BaseCheckpointSaver[Any]]]) -> CapabilityReport:
    """Register `factory` under `name` and run every capability of the suite against it."""
    registered = checkpointer_test(name=name)(factory)
    return asyncio.run(validate(registered))


def described(report: CapabilityReport) -> str:
    """The suite's own printed report, then each failure, for an assertion message."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        report.print_report()
    _, passed, failed = counts(report)
    failures = [f for result in report.results.values() for f in result.failures]
    return (
        out.getvalue()
        + f"  tests: {passed} passed, {failed} failed"
        + "".join(f"\n  failed: {f}" for f in failures)
    )


def counts(report: CapabilityReport) -> tuple[set[str], int, int]:
    """The capabilities detected, the tests passed and the tests failed."""
    detected = {name for name, result in report.results.items() if result.detected}
    passed = sum(result.tests_passed for result in report.results.values())
    failed = sum(result.tests_failed for result in report.results.values())
    return detected, passed, failed


def sync_factory(
    settings: Settings, saver_class: Callable[[ConnectionPool[Any]], BaseCheckpointSaver[Any]]
) -> Callable[[], AsyncIterator[BaseCheckpointSaver[Any]]]:
    """A factory of sync savers of `saver_class`, each on a pool of its own, seen through the adapter."""

    url = settings.database_url or ""  # the fixture's test database: always set

    async def factory() -> AsyncIterator[BaseCheckpointSaver[Any]]:
        pool: ConnectionPool[Any] = ConnectionPool(url, name="conformance", **pool_options(settings))
        await asyncio.to_thread(pool.open, True)
        try:
            saver = saver_class(pool)
            await asyncio.to_thread(saver.setup)  # type: ignore[attr-defined]  # both savers have one
            yield threaded_async(saver)
        finally:
            await asyncio.to_thread(pool.close)

    return factory


def test_the_application_saver_passes_all_81(settings: Settings) -> None:
    report = run_suite(
        "PooledPostgresSaver",
        sync_factory(settings, lambda pool: PooledPostgresSaver(pool, serde=strict_serializer())),
    )

    detected, passed, failed = counts(report)
    assert detected == {c.value for c in Capability}, described(report)
    assert (passed, failed) == (ALL_TESTS, 0), described(report)


def test_studios_saver_passes_all_81(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)

    async def factory() -> AsyncIterator[BaseCheckpointSaver[Any]]:
        async with studio.checkpointer() as saver:  # what `langgraph dev` enters
            assert type(saver) is AsyncPooledPostgresSaver
            yield saver

    report = run_suite("AsyncPooledPostgresSaver", factory)

    detected, passed, failed = counts(report)
    assert detected == {c.value for c in Capability}, described(report)
    assert (passed, failed) == (ALL_TESTS, 0), described(report)


def test_the_stock_saver_lacks_two_capabilities_and_passes_66(settings: Settings) -> None:
    report = run_suite("PostgresSaver", sync_factory(settings, PostgresSaver))

    detected, passed, failed = counts(report)
    missing = {c.value for c in Capability} - detected
    assert missing == {"delete_for_runs", "copy_thread"}, described(report)
    assert (passed, failed) == (STOCK_TESTS, 0), described(report)
