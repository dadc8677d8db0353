"""Stateless runs (`/runs`, `/runs/wait`, `/runs/stream`, `/runs/batch`): a run on a temporary thread."""

from __future__ import annotations

from fastapi import APIRouter

from agent.interfaces.server.backend import Backend


def routes(backend: Backend) -> APIRouter:
    """The routes (none yet)."""
    return APIRouter()
