"""Crons (`/runs/crons`, `/threads/{thread_id}/runs/crons`): runs on a schedule, fired by the workers."""

from __future__ import annotations

from fastapi import APIRouter

from agent.interfaces.server.backend import Backend


def routes(backend: Backend) -> APIRouter:
    """The routes (none yet)."""
    return APIRouter()
