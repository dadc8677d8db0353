"""Assistants: the graph `school` as its one default assistant, its drawing, schemas and subgraphs.

The assistant id the platform derives from the graph id (`thread_records.ASSISTANT_ID`) names it
everywhere; the graph id names it too where the platform takes either (a run's `assistant_id`,
the drawing), and elsewhere is refused as the platform refuses it (422, not a UUID). Assistants
are not created, changed or deleted here: the server serves one graph.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, create_model
from pydantic.errors import PydanticInvalidForJsonSchema, PydanticSchemaGenerationError, PydanticUserError

from agent.interfaces.server.auth import caller
from agent.interfaces.server.backend import Backend
from agent.interfaces.server.errors import RefusedError
from agent.interfaces.server.langgraph_api import shapes
from agent.journal import thread_records
from agent.runtime import platform_json

log = logging.getLogger(__name__)


class AssistantSearch(BaseModel):
    """`POST /assistants/search`."""

    model_config = ConfigDict(extra="ignore")

    graph_id: str | None = None
    name: str | None = None
    metadata: dict[str, Any] | None = None
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)
    sort_by: str | None = None
    sort_order: str | None = None
    select: list[str] | None = None


def known(assistant_id: str) -> None:
    """Refuse (404) an assistant id that is neither the graph id nor its assistant's UUID."""
    if assistant_id not in (thread_records.GRAPH_ID, thread_records.ASSISTANT_ID):
        raise RefusedError(404, f"Assistant '{assistant_id}' not found")


def known_by_uuid(assistant_id: str) -> None:
    """Refuse an assistant id that is not a UUID (422) or not this assistant's (404).

    As the platform's `GET /assistants/{id}`, `/schemas` and `/subgraphs` do: they take no graph id.
    """
    try:
        given = UUID(assistant_id)
    except ValueError:
        raise RefusedError(422, "Invalid assistant ID: must be a UUID") from None
    if given != UUID(thread_records.ASSISTANT_ID):
        raise RefusedError(404, f"Assistant '{assistant_id}' not found")


def _xray(value: str | None) -> bool | int:
    if value in (None, "", "false", "False"):
        return False
    if value in ("true", "True"):
        return True
    try:
        depth = int(value)  # type: ignore[arg-type]  # None is handled above
    except ValueError:
        depth = 0
    if depth <= 0:
        raise RefusedError(422, "Invalid xray value")
    return depth


def _state_schema(graph: Any) -> dict[str, Any]:
    """The state as one object of the graph's output channels, each typed as its updates are."""
    fields: dict[str, Any] = {}
    for key in graph.stream_channels_list:
        kind = graph.channels[key].UpdateType
        try:
            TypeAdapter(kind).json_schema()
        except _NO_SCHEMA:
            kind = Any  # a channel whose type has no JSON schema is still listed
        fields[key] = (kind, None)
    schema: dict[str, Any] = create_model(graph.get_name("State"), **fields).model_json_schema()
    return schema


_NO_SCHEMA = (PydanticSchemaGenerationError, PydanticInvalidForJsonSchema, PydanticUserError)
"""What pydantic raises for a type it cannot describe (on Python 3.11, a `typing.TypedDict`)."""


def _schema(make: Callable[[], Any]) -> Any:
    """A schema, or None when pydantic cannot describe the type (the platform answers null too)."""
    try:
        return make()
    except _NO_SCHEMA as err:
        log.info("no JSON schema: %s", str(err).splitlines()[0])
        return None


_NOT_CONFIGURABLE = ("__pregel_checkpointer", "__pregel_store", "checkpoint_id", "checkpoint_ns", "thread_id")
"""What the platform leaves out of a config schema: set by the server, never by a client."""


def _config_schema(graph: Any) -> dict[str, Any]:
    """The `configurable` part of the graph's config, as the platform describes it.

    The platform reads it from LangGraph's deprecated `config_schema()`, whose `configurable` field
    is the graph's context schema since LangGraph 0.6; that type is read here directly.
    """
    if graph.context_schema is None:
        return {}
    schema: dict[str, Any] = TypeAdapter(graph.context_schema).json_schema()
    for key in _NOT_CONFIGURABLE:
        schema.get("properties", {}).pop(key, None)
    return schema


def _schemas(graph: Any) -> dict[str, Any]:
    """The graph's input, output, state, config and context schemas, as the platform gives them."""
    return {
        "input_schema": _schema(graph.get_input_jsonschema),
        "output_schema": _schema(graph.get_output_jsonschema),
        "state_schema": _schema(lambda: _state_schema(graph)),
        "config_schema": _schema(lambda: _config_schema(graph)),
        "context_schema": _schema(graph.get_context_jsonschema),
    }


def routes(backend: Backend) -> APIRouter:
    """The assistant routes over `backend`."""
    router = APIRouter(prefix="/assistants", tags=["assistants"], dependencies=[Depends(caller)])
    graph = backend.graph

    @router.post("/search")
    def search(body: AssistantSearch) -> list[dict[str, Any]]:
        found = shapes.assistant(backend.started_at)
        metadata = found["metadata"]
        matches = (
            body.graph_id in (None, thread_records.GRAPH_ID)
            and body.name in (None, thread_records.GRAPH_ID)
            and all(metadata.get(k) == v for k, v in (body.metadata or {}).items())
        )
        page = [found][body.offset : body.offset + body.limit] if matches else []
        if body.select:
            page = [{k: v for k, v in a.items() if k in body.select} for a in page]
        return page

    @router.post("/count")
    def count(body: AssistantSearch) -> int:
        return len(search(body.model_copy(update={"offset": 0, "limit": 1000})))

    @router.get("/{assistant_id}")
    def get(assistant_id: str) -> dict[str, Any]:
        known_by_uuid(assistant_id)
        return shapes.assistant(backend.started_at)

    @router.get("/{assistant_id}/graph")
    def drawing(assistant_id: str, xray: Annotated[str | None, Query()] = None) -> dict[str, Any]:
        known_by_uuid(
            thread_records.ASSISTANT_ID if assistant_id == thread_records.GRAPH_ID else assistant_id
        )
        drawn: dict[str, Any] = platform_json.jsonable(graph.get_graph(xray=_xray(xray)).to_json())
        for node in drawn.get("nodes", []):
            if isinstance(node.get("data"), dict):
                node["data"].pop("id", None)
        return drawn

    @router.get("/{assistant_id}/schemas")
    def schemas(assistant_id: str) -> dict[str, Any]:
        known_by_uuid(assistant_id)
        return {"graph_id": thread_records.GRAPH_ID, **_schemas(graph)}

    @router.get("/{assistant_id}/subgraphs")
    def subgraphs(assistant_id: str, recurse: bool = False) -> dict[str, Any]:
        known_by_uuid(assistant_id)
        return {ns: _schemas(sub) for ns, sub in graph.get_subgraphs(recurse=recurse)}

    @router.get("/{assistant_id}/subgraphs/{namespace}")
    def subgraphs_under(assistant_id: str, namespace: str, recurse: bool = False) -> dict[str, Any]:
        known_by_uuid(assistant_id)
        return {ns: _schemas(sub) for ns, sub in graph.get_subgraphs(namespace=namespace, recurse=recurse)}

    return router
