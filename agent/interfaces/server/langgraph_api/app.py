"""The LangGraph Server API application: meta routes, assistants, threads; errors as the platform's.

`create_langgraph_app` builds a FastAPI application; `mount_langgraph_api` mounts it, which
`agent.interfaces.server.app` does at `/langgraph` (see the package docstring for why a mount).
"""

from __future__ import annotations

import re
from typing import Any

import langgraph.version
from fastapi import FastAPI
from starlette.middleware.cors import CORSMiddleware
from starlette.routing import Mount
from starlette.types import ASGIApp

from agent.infra.persistence import Resources
from agent.infra.rate_limits import RateLimiter
from agent.interfaces.server.auth import Principal, studio_principal
from agent.interfaces.server.langgraph_api import assistants, runs, state_updates, threads
from agent.interfaces.server.langgraph_api.auth import install_error_handlers
from agent.interfaces.server.langgraph_api.backend import Backend
from agent.interfaces.server.langgraph_api.feeds import Wakeups

API_VERSION = "0.16.7"
"""The langgraph-api release whose shapes this application answers in (what `/info` reports)."""

STUDIO_ORIGINS = ("https://smith.langchain.com", "https://eu.smith.langchain.com")
"""Where LangSmith Studio's page runs; its browser calls the API from there."""


class _Mount(Mount):
    """A mount that routes every path under its prefix, control characters included.

    Starlette's own matches the rest of the path with `.*`, which stops at a newline, so a thread
    id holding one would fall through to the outer app and be answered in its error shape.
    """

    def __init__(self, path: str, app: ASGIApp) -> None:
        super().__init__(path, app=app)
        self.path_regex = re.compile(self.path_regex.pattern, re.DOTALL)


def mount_langgraph_api(
    app: FastAPI,
    path: str,
    resources: Resources,
    graph: Any,
    keys: dict[str, Principal],
    *,
    jobs: Any,
    wakeups: Wakeups,
) -> None:
    """Serve the LangGraph Server API under `path` of `app` (runs queued on `jobs`, followed with `wakeups`)."""
    app.router.routes.append(
        _Mount(path, create_langgraph_app(resources, graph, keys, jobs=jobs, wakeups=wakeups))
    )


def create_langgraph_app(
    resources: Resources, graph: Any, keys: dict[str, Principal], *, jobs: Any, wakeups: Wakeups
) -> FastAPI:
    """The LangGraph Server API over the school graph, its database and the server's API keys.

    `jobs` is the task engine's app that defers runs (`agent.infra.engine.deferrer`); `wakeups`
    this process's listener for run events (`feeds.Wakeups`).
    """
    backend = Backend(resources, graph, keys)
    app = FastAPI(title="school-agent: LangGraph Server API", version=API_VERSION)
    install_error_handlers(app)
    _allow_browsers(app, resources.settings.cors_origins)
    app.state.keys = keys
    app.state.limiter = RateLimiter(resources.pool, resources.settings.rate_limit_per_minute)
    app.state.studio_operator = studio_principal(keys, resources.settings.studio_operator)

    @app.get("/ok", tags=["meta"])
    def ok(check_db: int = 0) -> dict[str, Any]:
        if check_db:
            with resources.pool.connection() as conn:
                conn.execute("SELECT 1")
        return {"ok": True}

    @app.get("/info", tags=["meta"])
    def info() -> dict[str, Any]:
        return {
            "version": API_VERSION,
            "langgraph_py_version": langgraph.version.__version__,
            "flags": {"assistants": True, "crons": False, "langsmith": False},
            "host": {"kind": "self-hosted", "project_id": None, "revision_id": None, "tenant_id": None},
        }

    app.include_router(assistants.routes(backend))
    app.include_router(threads.routes(backend))
    app.include_router(state_updates.routes(backend))
    app.include_router(runs.routes(backend, jobs, wakeups))
    return app


def _allow_browsers(app: FastAPI, extra_origins: tuple[str, ...]) -> None:
    """CORS as `langgraph dev` answers it, for Studio's origins and `SCHOOL_CORS_ORIGINS` only.

    A preflight is answered here, before any route asks for a key: a browser sends none with it.
    No credentials: the API's callers send keys in headers, never cookies.
    """
    app.add_middleware(
        CORSMiddleware,
        allow_origins=[*STUDIO_ORIGINS, *extra_origins],
        allow_methods=["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"],
        allow_headers=["*"],  # echoed back: the SDKs' and Studio's headers, whatever they add next
        expose_headers=["content-location", "x-pagination-total", "x-pagination-next"],
        max_age=600,
        allow_private_network=True,  # Chrome asks before a public page calls a loopback server
    )
