"""The school's extensions to the LangGraph Server API, under `/school/`: what the platform has no endpoint for.

- `GET /school/me`: who the key is (`user_id`, `role`).
- `GET /school/threads/{id}/timeline`: the thread's journal, oldest first, each event with a
  sentence in words (`agent.journal.wording`); `kinds=a,b` filters, `after=<id>` gives only
  newer ones. Visible to whom the thread is (its student, operators), else 404 as the platform's.
- `GET /school/enrollments`: enrollments, filtered by `student` and `cohort`; a student sees only
  their own.
- `GET /school/webhooks/deliveries`: the webhook outbox, newest first (`agent.journal.webhooks`),
  filtered by `status`, `thread_id` and `run_id`; operators only (a student: 403).

Same keys, same error shape and the same guard as the platform's routes; tagged
`school (extension)` in the spec.
"""

from __future__ import annotations

import uuid
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query

from agent.interfaces.server.auth import Who
from agent.interfaces.server.backend import Backend
from agent.interfaces.server.errors import RefusedError
from agent.interfaces.server.langgraph_api.shapes import jsonable
from agent.interfaces.server.langgraph_api.threads import ThreadAccess
from agent.journal import webhooks
from agent.journal.events import events
from agent.journal.wording import words

TAG = "school (extension)"


def routes(backend: Backend) -> APIRouter:
    """The extension routes over `backend`."""
    router = APIRouter(prefix="/school", tags=[TAG])
    access = ThreadAccess(backend)

    @router.get("/me")
    def me(who: Who) -> dict[str, str]:
        return {"user_id": who.user_id, "role": who.role}

    @router.get("/threads/{thread_id}/timeline")
    def timeline(
        thread_id: str,
        who: Who,
        kinds: Annotated[str | None, Query(description="comma-separated event kinds")] = None,
        after: Annotated[int, Query(ge=0, description="only events with a greater id")] = 0,
    ) -> list[dict[str, Any]]:
        access.row(thread_id, who)
        wanted = [k.strip() for k in kinds.split(",") if k.strip()] if kinds is not None else None
        found = events(backend.pool, thread_id, kinds=wanted, after=after)
        return [
            {
                "id": e["id"],
                "at": e["at"].isoformat(),
                "kind": e["kind"],
                "text": words(e["kind"], e["payload"]),
                "data": jsonable(e["payload"]),
            }
            for e in found
        ]

    @router.get("/enrollments")
    def enrollments(
        who: Who,
        student: Annotated[str | None, Query(max_length=128)] = None,
        cohort: Annotated[str | None, Query(max_length=128)] = None,
    ) -> list[dict[str, Any]]:
        if who.role == "student":
            if student not in (None, who.user_id):
                raise RefusedError(403, "a student sees only their own enrollments")
            student = who.user_id
        rows = backend.resources.school.enrollments(cohort_id=cohort, student_id=student)
        found: list[dict[str, Any]] = jsonable(rows)
        return found

    @router.get("/webhooks/deliveries")
    def deliveries(
        who: Who,
        status: Literal["pending", "delivered", "failed"] | None = None,
        thread_id: Annotated[str | None, Query(max_length=128)] = None,
        run_id: uuid.UUID | None = None,
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
        offset: Annotated[int, Query(ge=0)] = 0,
    ) -> list[dict[str, Any]]:
        if who.role != "operator":
            raise RefusedError(403, "only operators see the webhook deliveries")
        rows = webhooks.listing(
            backend.pool,
            status=status,
            thread_id=thread_id,
            run_id=str(run_id) if run_id else None,
            limit=limit,
            offset=offset,
        )
        listed: list[dict[str, Any]] = jsonable(rows)
        return listed

    return router
