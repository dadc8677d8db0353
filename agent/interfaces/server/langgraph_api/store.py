"""The store over HTTP (`/store/...`): put, get, delete, search and namespaces, scoped by the caller's key.

The platform's five store endpoints, as `langgraph_sdk`'s `client.store` calls them, over the
application's one LangGraph `PostgresStore` (the store the agent's memories live in):
`PUT /store/items` (with `ttl` in minutes and `index`), `GET /store/items` (the namespace
dot-joined in the query; `null` for an item that is not there, as langgraph-api answers),
`DELETE /store/items`, `POST /store/items/search` (`filter`, `limit`, `offset`, `refresh_ttl`;
`query` only where the store has embeddings configured, else 422) and `POST /store/namespaces`.

Scope: a student reads and writes only their own namespace, the one the agent keeps their facts
in (`middleware.memory.memory_namespace`: `("memories", <student>)`), and what lies below it;
anything else is 403 and nothing is written. A student's search or namespace listing whose prefix
lies above their namespace (`[]`, `["memories"]`) is narrowed to it. An operator reaches every
namespace. What is written under `("memories", ...)` must have the shape the agent reads back
(`{"fact": <text>}`), so that no write through the API breaks a student's later runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Response
from langgraph.store.base import BaseStore
from pydantic import BaseModel, ConfigDict, Field

from agent.interfaces.server.auth import Principal, Who
from agent.interfaces.server.backend import Backend
from agent.interfaces.server.errors import RefusedError
from middleware.memory import MEMORIES_NAMESPACE, memory_namespace

Namespace = Annotated[list[str], Field(max_length=20)]
Minutes = Annotated[int, Field(gt=0, le=10 * 365 * 24 * 60)]
"""A TTL in whole minutes (the store keeps `ttl_minutes` as an integer); at most ten years."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore")


class StorePut(_Body):
    """`PUT /store/items`."""

    namespace: Namespace
    key: str = Field(min_length=1, max_length=1024)
    value: dict[str, Any]
    index: Literal[False] | list[str] | None = None
    ttl: Minutes | None = None


class StoreDelete(_Body):
    """`DELETE /store/items`."""

    namespace: Namespace = Field(default_factory=list)
    key: str = Field(min_length=1, max_length=1024)


class StoreSearch(_Body):
    """`POST /store/items/search`."""

    namespace_prefix: Namespace | None = None
    filter: dict[str, Any] | None = None
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)
    query: str | None = None
    refresh_ttl: bool | None = None


class StoreNamespaces(_Body):
    """`POST /store/namespaces`."""

    prefix: Namespace | None = None
    suffix: Namespace | None = None
    max_depth: int | None = Field(default=None, ge=1)
    limit: int = Field(default=100, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)


def own_namespace(who: Principal) -> tuple[str, ...] | None:
    """The namespace a caller is confined to: a student's memories; None for an operator (all)."""
    return None if who.role == "operator" else memory_namespace(who.user_id)


def checked(namespace: list[str] | tuple[str, ...], *, empty: bool = False) -> tuple[str, ...]:
    """`namespace` as a tuple once each label is a non-empty string without '.' (422 otherwise)."""
    if not namespace and not empty:
        raise RefusedError(422, "namespace: at least one label is required")
    for label in namespace:
        if not label or "." in label:
            message = f"namespace: label {label!r} must be a non-empty string without periods"
            raise RefusedError(422, message)
    return tuple(namespace)


def within(namespace: tuple[str, ...], who: Principal) -> tuple[str, ...]:
    """`namespace` when the caller may read and write it; 403 otherwise."""
    own = own_namespace(who)
    if own is not None and namespace[: len(own)] != own:
        message = f"a student reads and writes only their own namespace {list(own)}, not {list(namespace)}"
        raise RefusedError(403, message)
    return namespace


def narrowed(prefix: tuple[str, ...], who: Principal) -> tuple[str, ...]:
    """The prefix a caller's search or listing runs under: a student's at most their own namespace.

    A prefix above the student's namespace becomes it; one below it stays; any other is 403.
    """
    own = own_namespace(who)
    if own is not None and own[: len(prefix)] == prefix:
        return own
    return within(prefix, who)


def checked_memory(namespace: tuple[str, ...], value: dict[str, Any]) -> None:
    """422 unless a value written under `("memories", ...)` is `{"fact": <text>}`, as the agent reads it."""
    if namespace[0] != MEMORIES_NAMESPACE:
        return
    fact = value.get("fact")
    if set(value) != {"fact"} or not isinstance(fact, str) or not fact.strip():
        message = (
            f"value: an item under {MEMORIES_NAMESPACE!r} is one remembered fact, "
            '{"fact": "<text>"}, as the agent reads it'
        )
        raise RefusedError(422, message)


def routes(backend: Backend) -> APIRouter:
    """The store routes over `backend`'s store."""
    router = APIRouter(prefix="/store", tags=["store"])
    store: BaseStore = backend.resources.store

    @router.put("/items", status_code=204)
    def put(body: StorePut, who: Who) -> Response:
        namespace = within(checked(body.namespace), who)
        checked_memory(namespace, body.value)
        with _store_errors():
            store.put(namespace, body.key, body.value, index=body.index, ttl=body.ttl)
        return Response(status_code=204)

    @router.get("/items")
    def get(
        who: Who,
        key: Annotated[str, Query(min_length=1, max_length=1024)],
        namespace: Annotated[str, Query()] = "",
        refresh_ttl: Annotated[bool | None, Query()] = None,
    ) -> dict[str, Any] | None:
        found_in = within(checked(namespace.split(".") if namespace else []), who)
        with _store_errors():
            item = store.get(found_in, key, refresh_ttl=refresh_ttl)
        return None if item is None else item.dict()

    @router.delete("/items", status_code=204)
    def delete(body: StoreDelete, who: Who) -> Response:
        namespace = within(checked(body.namespace), who)
        with _store_errors():
            store.delete(namespace, body.key)
        return Response(status_code=204)

    @router.post("/items/search")
    def search(body: StoreSearch, who: Who) -> dict[str, Any]:
        prefix = narrowed(checked(body.namespace_prefix or [], empty=True), who)
        if body.query is not None and getattr(store, "index_config", None) is None:
            message = (
                "query: semantic search needs embeddings configured for the store, and this "
                "server's store has none; search with filter, limit and offset"
            )
            raise RefusedError(422, message)
        with _store_errors():
            items = store.search(
                prefix,
                filter=body.filter,
                limit=body.limit,
                offset=body.offset,
                query=body.query,
                refresh_ttl=body.refresh_ttl,
            )
        return {"items": [item.dict() for item in items]}

    @router.post("/namespaces")
    def namespaces(body: StoreNamespaces, who: Who) -> dict[str, Any]:
        prefix = narrowed(checked(body.prefix or [], empty=True), who)
        suffix = checked(body.suffix, empty=True) if body.suffix else None
        with _store_errors():
            found = store.list_namespaces(
                prefix=prefix or None,
                suffix=suffix,
                max_depth=body.max_depth,
                limit=body.limit,
                offset=body.offset,
            )
        return {"namespaces": [list(ns) for ns in found]}

    return router


@contextmanager
def _store_errors() -> Iterator[None]:
    """Answer the store's refusals of a namespace or a filter (ValueErrors) as 422; its other errors go on."""
    try:
        yield
    except ValueError as err:  # InvalidNamespaceError is one; so is an unknown filter operator
        raise RefusedError(422, str(err)) from err
