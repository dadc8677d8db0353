"""Crons (`/runs/crons`, `/threads/{thread_id}/runs/crons`): runs on a schedule, fired by the workers.

As the platform's: create on a thread or stateless, search, count, get, patch, delete, in the
SDKs' `Cron` shape. A cron's run request is checked as a run's is (`RunDesk.check`: the
assistant, the stream modes, every option carried out or refused with 422, the student's message)
when the cron is made and each time it is patched; its schedule (five cron fields), IANA timezone
and end time too (422); nothing is written for a refused request. Each tick becomes a run recorded
as an API run is, by a worker (`agent.runtime.crons`).

Who: a student schedules messages on their own threads (404 on another's) and stateless ones,
within `SCHOOL_MAX_CRONS_PER_STUDENT` (429 beyond it, as the student's other limits); an operator
schedules on any thread, the runs sent as the thread's student (a stateless cron, a new thread of
nobody's, is a student's only: 403). A student sees and changes only crons whose runs are theirs.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any, Literal

from fastapi import APIRouter, Response
from pydantic import BaseModel, ConfigDict, Field

from agent.interfaces.server.auth import Principal, Who
from agent.interfaces.server.backend import Backend
from agent.interfaces.server.errors import RefusedError
from agent.interfaces.server.langgraph_api.run_requests import RunCreate, message_text
from agent.interfaces.server.langgraph_api.runs import RunDesk
from agent.journal import crons as cron_rows
from agent.runtime import crons

Strategy = Literal["reject", "enqueue", "interrupt", "rollback"]
SortBy = Literal[
    "cron_id", "assistant_id", "thread_id", "created_at", "updated_at", "next_run_date", "end_time"
]
CRON_FIELDS = (
    "cron_id",
    "assistant_id",
    "thread_id",
    "on_run_completed",
    "end_time",
    "schedule",
    "timezone",
    "created_at",
    "updated_at",
    "payload",
    "user_id",
    "next_run_date",
    "metadata",
    "enabled",
)
"""The fields of the platform's `Cron`, which `select` may name."""
_CRON_ONLY = ("schedule", "end_time", "enabled", "timezone", "on_run_completed")
"""The fields of a cron request that are the cron's own, not its run's."""


class CronCreate(BaseModel):
    """The body of `POST /runs/crons` and `POST /threads/{thread_id}/runs/crons`, as the SDKs send it."""

    model_config = ConfigDict(extra="allow")

    assistant_id: str = Field(max_length=128)
    schedule: str = Field(max_length=256)
    input: dict[str, Any] | None = None
    metadata: dict[str, Any] | None = None
    config: dict[str, Any] | None = None
    context: dict[str, Any] | None = None
    multitask_strategy: Strategy | None = None
    end_time: datetime | None = None
    enabled: bool = True
    timezone: str | None = Field(None, max_length=64)
    on_run_completed: Literal["delete", "keep"] | None = None
    stream_mode: str | list[str] | None = None
    stream_subgraphs: bool | None = None
    stream_resumable: bool | None = None


class CronPatch(BaseModel):
    """The body of `PATCH /runs/crons/{cron_id}`: what is sent changes (`end_time: null` clears it)."""

    model_config = ConfigDict(extra="allow")

    schedule: str | None = Field(None, max_length=256)
    end_time: datetime | None = None
    input: dict[str, Any] | None = None
    metadata: dict[str, Any] | None = None
    config: dict[str, Any] | None = None
    context: dict[str, Any] | None = None
    on_run_completed: Literal["delete", "keep"] | None = None
    enabled: bool | None = None
    timezone: str | None = Field(None, max_length=64)
    stream_mode: str | list[str] | None = None
    stream_subgraphs: bool | None = None
    stream_resumable: bool | None = None


class CronSearch(BaseModel):
    """The body of `POST /runs/crons/search` (and, its filters only, `/count`)."""

    assistant_id: str | None = None
    thread_id: str | None = None
    enabled: bool | None = None
    metadata: dict[str, Any] | None = None
    limit: int = Field(10, ge=1, le=1000)
    offset: int = Field(0, ge=0)
    sort_by: SortBy = "created_at"
    sort_order: Literal["asc", "desc"] = "desc"
    select: list[str] | None = None


def cron_json(row: cron_rows.CronRow) -> dict[str, Any]:
    """A cron as the platform's `Cron`."""
    return {
        "cron_id": row["cron_id"],
        "assistant_id": row["assistant_id"],
        "thread_id": row["thread_id"],
        "on_run_completed": row["on_run_completed"],
        "end_time": _iso(row["end_time"]),
        "schedule": row["schedule"],
        "timezone": row["timezone"],
        "created_at": _iso(row["created_at"]),
        "updated_at": _iso(row["updated_at"]),
        "payload": row["payload"],
        "user_id": row["user_id"],
        "next_run_date": _iso(row["next_run_at"]),
        "metadata": row["metadata"],
        "enabled": row["enabled"],
    }


def _iso(at: datetime | None) -> str | None:
    return at.isoformat() if at is not None else None


def _checked_schedule(payload: dict[str, Any], now: datetime) -> datetime:
    """When the cron described by `payload` fires first; 422 for a bad schedule, timezone or end time."""
    try:
        crons.zone(payload.get("timezone"))
        return crons.first_tick(payload["schedule"], payload.get("timezone"), _end(payload), now)
    except crons.CronScheduleError as err:
        raise RefusedError(422, str(err)) from None


def _end(payload: dict[str, Any]) -> datetime | None:
    found = payload.get("end_time")
    if found is None:
        return None
    at = datetime.fromisoformat(found) if isinstance(found, str) else found
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def routes(backend: Backend) -> APIRouter:
    """The cron routes over `backend`."""
    router = APIRouter(tags=["crons"])
    desk = RunDesk(backend)
    pool = backend.resources.pool

    def checked_run(payload: dict[str, Any], sender: Principal) -> str:
        """The message each run sends, once the run request passes the desk's checks as `sender`'s."""
        if payload.get("command") is not None:
            raise RefusedError(422, "a cron sends a message (input); a command is refused")
        if payload.get("webhook") is not None:
            raise RefusedError(422, "webhook is not supported on crons yet")
        run_fields = {k: v for k, v in payload.items() if k not in _CRON_ONLY}
        desk.check(RunCreate(**run_fields), sender)
        return message_text(payload["input"])

    def make(payload: dict[str, Any], who: Principal, thread_id: str | None) -> dict[str, Any]:
        if thread_id is not None and payload.get("on_run_completed") is not None:
            raise RefusedError(422, "on_run_completed is for stateless crons (POST /runs/crons)")
        # A stateless cron's messages are its creator's (a student's: checked below); a thread's
        # are the thread's student's, whoever schedules them.
        owner = who.user_id if thread_id is None else desk.access.row(thread_id, who)["owner"]
        if owner is None:  # a thread the CLI started and nobody claimed: nobody to send as
            raise RefusedError(409, f"thread {thread_id} has no student to send the cron's messages as")
        message = checked_run(payload, Principal(owner, "student") if thread_id else who)
        now = datetime.now(UTC)
        first = _checked_schedule(payload, now)
        row = {
            "cron_id": str(uuid.uuid4()),
            "assistant_id": payload["assistant_id"],
            "thread_id": thread_id,
            "owner": owner,
            "user_id": who.user_id,
            "by_operator": who.role == "operator",
            "schedule": crons.check_schedule(payload["schedule"]),
            "timezone": payload.get("timezone"),
            "end_time": _end(payload),
            "enabled": payload.get("enabled", True),
            "on_run_completed": payload.get("on_run_completed") if thread_id is None else None,
            "message": message,
            "payload": payload,
            "metadata": payload.get("metadata") or {},
            "next_run_at": first,
        }
        limit = crons.max_per_student() if who.role == "student" else None
        try:
            return cron_json(cron_rows.create_within(pool, row, limit))
        except cron_rows.CronLimitError as err:
            raise RefusedError(429, str(err)) from None

    def visible(cron_id: str, who: Principal) -> cron_rows.CronRow:
        try:
            found = cron_rows.get(pool, str(uuid.UUID(cron_id)))
        except ValueError:
            found = None
        if found is None or (who.role != "operator" and found["owner"] != who.user_id):
            raise RefusedError(404, f"Cron with ID {cron_id} not found")
        return found

    def filters(body: CronSearch, who: Principal) -> dict[str, Any]:
        found = body.model_dump(include={"assistant_id", "thread_id", "enabled", "metadata"})
        return {**found, "owner": who.user_id if who.role != "operator" else None}

    @router.post("/runs/crons")
    def create(body: CronCreate, who: Who) -> dict[str, Any]:
        return make(body.model_dump(mode="json", exclude_none=True), who, None)

    @router.post("/threads/{thread_id}/runs/crons")
    def create_for_thread(thread_id: str, body: CronCreate, who: Who) -> dict[str, Any]:
        return make(body.model_dump(mode="json", exclude_none=True), who, thread_id)

    @router.post("/runs/crons/search")
    def search(body: CronSearch, who: Who) -> list[dict[str, Any]]:
        rows = cron_rows.search(
            pool,
            filters(body, who),
            limit=body.limit,
            offset=body.offset,
            sort_by=body.sort_by,
            sort_order=body.sort_order,
        )
        unknown = sorted(set(body.select or ()) - set(CRON_FIELDS))
        if unknown:
            raise RefusedError(422, f"select names no field of a cron: {', '.join(unknown)}")
        found = [cron_json(r) for r in rows]
        return [{k: v for k, v in c.items() if k in body.select} for c in found] if body.select else found

    @router.post("/runs/crons/count")
    def count(body: CronSearch, who: Who) -> int:
        return cron_rows.count(pool, filters(body, who))

    @router.get("/runs/crons/{cron_id}")
    def get(cron_id: str, who: Who) -> dict[str, Any]:
        return cron_json(visible(cron_id, who))

    @router.patch("/runs/crons/{cron_id}")
    def patch(cron_id: str, body: CronPatch, who: Who) -> dict[str, Any]:
        found = visible(cron_id, who)
        sent = body.model_dump(mode="json", exclude_unset=True)
        if found["thread_id"] is not None and sent.get("on_run_completed") is not None:
            raise RefusedError(422, "on_run_completed is for stateless crons")
        payload = {**found["payload"], **{k: v for k, v in sent.items() if v is not None or k == "end_time"}}
        if payload.get("end_time") is None:
            payload.pop("end_time", None)
        message = checked_run(payload, Principal(found["owner"], "student"))
        first = _checked_schedule(payload, datetime.now(UTC))
        changes = {
            "schedule": crons.check_schedule(payload["schedule"]),
            "timezone": payload.get("timezone"),
            "end_time": _end(payload),
            "enabled": payload.get("enabled", True),
            "message": message,
            "payload": payload,
            "metadata": payload.get("metadata") or {},
            "next_run_at": first,
        }
        if found["thread_id"] is None:
            changes["on_run_completed"] = payload.get("on_run_completed")
        updated = cron_rows.update(pool, found["cron_id"], changes)
        if updated is None:
            raise RefusedError(404, f"Cron with ID {cron_id} not found")
        return cron_json(updated)

    @router.delete("/runs/crons/{cron_id}", response_model=None)
    def delete(cron_id: str, who: Who) -> Response:
        cron_rows.delete(pool, visible(cron_id, who)["cron_id"])
        return Response(status_code=204)

    return router
