"""`GET /threads/{thread_id}/stream`: join whatever runs on a thread now and next, from the event log."""

from __future__ import annotations

from fastapi import APIRouter

from agent.interfaces.server.backend import Backend


def routes(backend: Backend) -> APIRouter:
    """The routes (none yet)."""
    return APIRouter()
