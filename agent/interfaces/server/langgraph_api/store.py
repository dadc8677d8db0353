"""The store over HTTP (`/store/...`): put, get, delete, search and namespaces, scoped by the caller's key."""

from __future__ import annotations

from fastapi import APIRouter

from agent.interfaces.server.backend import Backend


def routes(backend: Backend) -> APIRouter:
    """The routes (none yet)."""
    return APIRouter()
