"""Threads: create, search, count, read, patch, copy, delete; their state, at a checkpoint, history.

A student sees, searches and changes only the threads they own (the thread record's owner, else
`thread_owners`, the one the journal claims); an operator sees all of them. A thread someone may
not see answers 404, as an unknown one does, so ids of other students' threads are not revealed.
Copying and deleting take the thread's one-writer lock (409 while a run holds it). A copy is a new
UUID thread with the same checkpoints (the saver's `copy_thread`), metadata and owner; deleting
removes the checkpoints, record and owner, and the journal stays as the audit of what happened.

`ttl` on create and patch (`{"strategy": "delete" | "keep_latest", "ttl": minutes}`, minutes > 0)
is kept in `thread_ttls` and swept by the scheduled work; `GET /threads/{id}?include=ttl` shows it.
`POST /threads/prune` prunes the threads it names, all or none refused first: 404 for one the
caller may not see, 409 for one a run holds, and 409 for one waiting for an approval unless the
query says `include_interrupted=true` (the SDK: `params={"include_interrupted": "true"}`).
Pruning and its audit are `agent.upkeep.thread_pruning`'s.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Any, Literal, cast

from fastapi import APIRouter, Query, Response
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from pydantic import BaseModel, ConfigDict, Field

from agent.infra import locks
from agent.interfaces.server.auth import Principal, Who
from agent.interfaces.server.backend import Backend
from agent.interfaces.server.errors import RefusedError
from agent.interfaces.server.langgraph_api import shapes
from agent.journal import thread_records
from agent.runtime import platform_json, runs, threads
from agent.upkeep import thread_pruning

Status = Literal["idle", "busy", "interrupted", "error"]
Metadata = Annotated[dict[str, Any], Field(max_length=100)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore")


class ThreadTTL(_Body):
    """A thread's `ttl`: swept `ttl` minutes from now, by deleting it or keeping its latest checkpoint."""

    strategy: thread_pruning.Strategy = "delete"
    ttl: float = Field(gt=0, le=10 * 365 * 24 * 60)
    """Minutes (more than zero, at most ten years)."""


class ThreadCreate(_Body):
    """`POST /threads`: an id (a UUID is made when none is given), metadata, and what to do if it exists."""

    thread_id: str | None = Field(default=None, max_length=128)
    metadata: Metadata | None = None
    if_exists: Literal["raise", "do_nothing"] = "raise"
    supersteps: list[Any] | None = None
    ttl: ThreadTTL | None = None


class ThreadSearch(_Body):
    """`POST /threads/search`."""

    ids: list[str] | None = Field(default=None, max_length=1000)
    metadata: Metadata | None = None
    values: dict[str, Any] | None = None
    status: Status | None = None
    limit: int = Field(default=10, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)
    sort_by: Literal["thread_id", "status", "created_at", "updated_at", "state_updated_at"] | None = None
    sort_order: Literal["asc", "desc"] | None = None
    select: list[str] | None = None
    extract: dict[str, str] | None = None


class ThreadCount(_Body):
    """`POST /threads/count`."""

    metadata: Metadata | None = None
    values: dict[str, Any] | None = None
    status: Status | None = None


class ThreadPatch(_Body):
    """`PATCH /threads/{thread_id}`: metadata merged into the thread's, and a new `ttl` when given."""

    metadata: Metadata
    ttl: ThreadTTL | None = None


class ThreadPrune(_Body):
    """`POST /threads/prune`: the threads, and whether to delete them or keep their latest checkpoint."""

    thread_ids: list[str] = Field(max_length=1000)
    strategy: thread_pruning.Strategy = "delete"


class HistoryRequest(_Body):
    """`POST /threads/{thread_id}/history`."""

    limit: int = Field(default=10, ge=1, le=1000)
    before: str | dict[str, Any] | None = None
    metadata: dict[str, Any] | None = None
    checkpoint: dict[str, Any] | None = None


class CheckpointRequest(_Body):
    """`POST /threads/{thread_id}/state/checkpoint`."""

    checkpoint: dict[str, Any]
    subgraphs: bool = False


def checked_config(thread_id: str) -> RunnableConfig:
    """The thread's config once its id is acceptable (422 otherwise).

    The runtime's check (`threads.config_for`) lets a final newline through (its pattern ends in
    `$`); no thread id here may hold whitespace.
    """
    if any(c.isspace() for c in thread_id):
        raise RefusedError(422, f"invalid thread id {thread_id!r}: it holds whitespace")
    return threads.config_for(thread_id)


def at_checkpoint(thread_id: str, checkpoint: Any) -> RunnableConfig:
    """The config of a thread at a checkpoint a client names (an id, or `{"checkpoint_id": ...}`).

    Only the root graph's checkpoints: a subgraph namespace is refused (422), and nothing else a
    client puts in the dict reaches the config.
    """
    config = checked_config(thread_id)
    if not checkpoint:
        return config
    if isinstance(checkpoint, dict):
        if checkpoint.get("checkpoint_ns"):
            raise RefusedError(422, "checkpoints of subgraphs are not supported yet")
        checkpoint = checkpoint.get("configurable", checkpoint).get("checkpoint_id")
    if not isinstance(checkpoint, str) or not checkpoint:
        raise RefusedError(422, "checkpoint.checkpoint_id: a checkpoint id is required")
    return {"configurable": {"thread_id": thread_id, "checkpoint_ns": "", "checkpoint_id": checkpoint}}


def status_of(row: thread_records.ThreadRecord, snapshot: Any) -> Status:
    """The thread's status, as the platform names them.

    `busy` while a run holds the lock, `interrupted` at an approval, `error` after a failed or
    cut-off run, else `idle`.
    """
    if row["busy"]:
        return "busy"
    if snapshot.interrupts:
        return "interrupted"
    if (
        row["last_turn"] == "stopped"
    ):  # interrupted or cancelled on request, not failed: idle, as the platform says
        return "idle"
    if row["last_turn"] in ("failed", "running", "created") or snapshot.next:
        return "error"
    return "idle"


def _contains(document: Any, wanted: Any) -> bool:
    """Jsonb containment (`@>`), as the platform filters `values`."""
    if isinstance(wanted, dict):
        return isinstance(document, dict) and all(
            k in document and _contains(document[k], v) for k, v in wanted.items()
        )
    if isinstance(wanted, list):
        return isinstance(document, list) and all(any(_contains(d, w) for d in document) for w in wanted)
    return bool(document == wanted)


def _matches(thread: dict[str, Any], status: Status | None, values: dict[str, Any] | None) -> bool:
    """Whether a thread (as the platform shapes it) has `status` and contains `values`, where given."""
    if status is not None and thread["status"] != status:
        return False
    return values is None or _contains(thread["values"] or {}, platform_json.jsonable(values))


class ThreadAccess:
    """Reads a thread for a caller: its row if they may see it, its state, its JSON."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def row(
        self, thread_id: str, who: Principal, *, also: locks.Query | None = None
    ) -> thread_records.ThreadRecord:
        """The thread's row; 404 when unknown or not the caller's, 422 for an id no thread can have.

        `also`, a query of one row, is read in the same statement: its columns come with the row's.
        """
        checked_config(thread_id)
        found = thread_records.find_query(thread_id)
        if also is not None:
            with self.backend.resources.pool.connection() as conn:
                found_row = conn.execute(*locks.joined(found, also)).fetchone()
            row = cast(thread_records.ThreadRecord | None, found_row)
        else:
            row = thread_records.find(self.backend.resources.pool, thread_id)
        if row is None or not self.visible(row, who):
            raise RefusedError(404, f"Thread with ID {thread_id} not found")
        return row

    @staticmethod
    def visible(row: thread_records.ThreadRecord, who: Principal) -> bool:
        """Operators see every thread; a student their own."""
        return who.role == "operator" or row["owner"] == who.user_id

    def snapshot(
        self, thread_id: str, checkpoint: dict[str, Any] | None = None, subgraphs: bool = False
    ) -> Any:
        """The thread's state (at `checkpoint` when given)."""
        return self.backend.graph.get_state(at_checkpoint(thread_id, checkpoint), subgraphs=subgraphs)

    def json(self, row: thread_records.ThreadRecord) -> dict[str, Any]:
        """The thread as the platform shapes it."""
        snapshot = self.snapshot(row["thread_id"])
        return shapes.thread(row, snapshot, status_of(row, snapshot))


def routes(backend: Backend) -> APIRouter:
    """The thread routes over `backend`."""
    router = APIRouter(prefix="/threads", tags=["threads"])
    access = ThreadAccess(backend)
    pool = backend.resources.pool

    @router.post("")
    def create(body: ThreadCreate, who: Who) -> dict[str, Any]:
        if who.role != "student":
            raise RefusedError(403, "threads are started by students")
        if body.supersteps:
            raise RefusedError(422, "creating a thread with supersteps is not supported yet")
        metadata = body.metadata or {}
        thread_id = body.thread_id or str(uuid.uuid4())
        checked_config(thread_id)
        existing = thread_records.find(pool, thread_id)
        if existing is None:
            if thread_records.create(pool, thread_id, who.user_id, metadata):
                if body.ttl is not None:
                    set_ttl(thread_id, body.ttl)
                return access.json(access.row(thread_id, who))
            existing = thread_records.find(pool, thread_id)  # claimed meanwhile by another request
        if existing is not None and body.if_exists == "do_nothing" and access.visible(existing, who):
            return access.json(existing)
        raise RefusedError(409, f"Thread with ID {thread_id} already exists")

    @router.post("/search")
    def search(body: ThreadSearch, who: Who) -> list[dict[str, Any]]:
        if body.extract:
            raise RefusedError(422, "extract is not supported yet")
        owner = None if who.role == "operator" else who.user_id
        order = body.sort_order or "desc"
        key = body.sort_by or "created_at"
        in_sql = body.status is None and body.values is None and key != "status"
        rows = thread_records.search(
            pool,
            ids=body.ids,
            owner=owner,
            metadata=body.metadata,
            sort=(key, order) if key != "status" else None,
            page=(body.offset, body.limit) if in_sql else None,
        )
        found = [access.json(r) for r in rows]
        if not in_sql:
            found = [t for t in found if _matches(t, body.status, body.values)]
            if key == "status":
                found.sort(key=lambda t: (t["status"], t["thread_id"]), reverse=order == "desc")
            found = found[body.offset : body.offset + body.limit]
        if body.select:
            found = [{k: v for k, v in t.items() if k in body.select} for t in found]
        return found

    @router.post("/count")
    def count(body: ThreadCount, who: Who) -> int:
        owner = None if who.role == "operator" else who.user_id
        rows = thread_records.search(
            pool, ids=None, owner=owner, metadata=body.metadata, sort=None, page=None
        )
        if body.status is None and body.values is None:
            return len(rows)
        return sum(_matches(access.json(r), body.status, body.values) for r in rows)

    def set_ttl(thread_id: str, ttl: ThreadTTL) -> None:
        thread_pruning.set_ttl(pool, thread_id, ttl.strategy, ttl.ttl, datetime.now(UTC))

    @router.post("/prune")
    def prune(
        body: ThreadPrune, who: Who, include_interrupted: Annotated[bool, Query()] = False
    ) -> dict[str, int]:
        wanted = list(dict.fromkeys(body.thread_ids))
        rows = [access.row(t, who) for t in wanted]  # 404 for any the caller may not see, before any change
        if busy := [r["thread_id"] for r in rows if r["busy"]]:
            raise RefusedError(
                409, f"a run holds these threads now; prune them when it ends: {', '.join(busy)}"
            )
        paused = (
            [] if include_interrupted else [t for t in wanted if thread_pruning.waiting(backend.graph, t)]
        )
        if paused:
            message = (
                "these threads wait for an approval and are pruned only when asked explicitly "
                f"(POST /threads/prune?include_interrupted=true): {', '.join(paused)}"
            )
            raise RefusedError(409, message)
        now, pruned = datetime.now(UTC), 0
        for thread_id in wanted:
            try:
                done = thread_pruning.prune_thread(
                    pool,
                    backend.graph,
                    thread_id,
                    body.strategy,
                    by=who.user_id,
                    now=now,
                    include_interrupted=include_interrupted,
                )
            except thread_pruning.ThreadWaitingError as err:  # paused since the check above
                raise RefusedError(409, str(err)) from err
            pruned += done is not None
        return {"pruned_count": pruned}

    @router.get("/{thread_id}")
    def get(thread_id: str, who: Who, include: Annotated[str, Query()] = "") -> dict[str, Any]:
        found = access.json(access.row(thread_id, who))
        if "ttl" in (part.strip() for part in include.split(",")):
            ttl = thread_pruning.ttl_of(pool, thread_id)
            found["ttl"] = None if ttl is None else {**ttl, "expires_at": ttl["expires_at"].isoformat()}
        return found

    @router.patch("/{thread_id}")
    def patch(thread_id: str, body: ThreadPatch, who: Who) -> dict[str, Any]:
        row = access.row(thread_id, who)
        thread_records.merge_metadata(pool, row, body.metadata)
        if body.ttl is not None:
            set_ttl(thread_id, body.ttl)
        return access.json(access.row(thread_id, who))

    @router.delete("/{thread_id}", status_code=204)
    def delete(thread_id: str, who: Who) -> Response:
        access.row(thread_id, who)
        with runs.exclusive(backend.graph, thread_id):
            cast(BaseCheckpointSaver[Any], backend.graph.checkpointer).delete_thread(thread_id)
            thread_records.delete(pool, thread_id)
            thread_pruning.forget_ttl(pool, thread_id)
        return Response(status_code=204)

    @router.post("/{thread_id}/copy")
    def copy(thread_id: str, who: Who) -> dict[str, Any]:
        row = access.row(thread_id, who)
        if who.role != "student":
            raise RefusedError(403, "only the student who owns a thread copies it")
        new_id = str(uuid.uuid4())
        # Under the source's lock, so no run adds to it halfway; the saver copies in one transaction.
        with runs.exclusive(backend.graph, thread_id):
            cast(BaseCheckpointSaver[Any], backend.graph.checkpointer).copy_thread(thread_id, new_id)
            thread_records.create(pool, new_id, who.user_id, platform_json.jsonable(row["metadata"]))
        return access.json(access.row(new_id, who))

    @router.get("/{thread_id}/state")
    def state(thread_id: str, who: Who, subgraphs: bool = Query(False)) -> dict[str, Any]:
        access.row(thread_id, who)
        return shapes.thread_state(access.snapshot(thread_id, subgraphs=subgraphs))

    @router.get("/{thread_id}/state/{checkpoint_id}")
    def state_at(
        thread_id: str, checkpoint_id: str, who: Who, subgraphs: bool = Query(False)
    ) -> dict[str, Any]:
        return _state_at(thread_id, {"checkpoint_id": checkpoint_id}, who, subgraphs)

    @router.post("/{thread_id}/state/checkpoint")
    def state_at_checkpoint(thread_id: str, body: CheckpointRequest, who: Who) -> dict[str, Any]:
        return _state_at(thread_id, body.checkpoint, who, body.subgraphs)

    def _state_at(
        thread_id: str, checkpoint: dict[str, Any], who: Principal, subgraphs: bool
    ) -> dict[str, Any]:
        access.row(thread_id, who)
        snapshot = access.snapshot(thread_id, checkpoint, subgraphs)
        if snapshot.config.get("configurable", {}).get("checkpoint_id") is None or not snapshot.values:
            raise RefusedError(404, f"Thread {thread_id} has no checkpoint {checkpoint['checkpoint_id']}")
        return shapes.thread_state(snapshot)

    @router.post("/{thread_id}/history")
    def history(thread_id: str, body: HistoryRequest, who: Who) -> list[dict[str, Any]]:
        access.row(thread_id, who)
        config = at_checkpoint(thread_id, body.checkpoint)
        before_config = at_checkpoint(thread_id, body.before) if body.before else None
        found = backend.graph.get_state_history(
            config, filter=body.metadata or None, before=before_config, limit=body.limit
        )
        return [shapes.thread_state(s) for s in found]

    return router
