"""The HTTP server: the LangGraph Server API at the root, the school's extensions, and the page.

One FastAPI application over one `Backend`. The LangGraph Server API (`langgraph_api`) is the
product's HTTP API: the official SDKs, Studio and agent UIs speak it as they speak the platform's,
at `http://host:port/`. The same application answers under `/langgraph` too (`LANGGRAPH_PATH`, an
alias kept for clients configured with that URL before the API moved to the root). What the
platform has no endpoint for is under `/school/` (`extensions`). `GET /` is the page
(`static/index.html`), its assets are under `/ui/`. A face: nothing imports it but `serve` and
the tests.
"""

from __future__ import annotations

from importlib import resources as package_files
from typing import Any

import langgraph.version
from fastapi import Depends, FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from agent.infra.rate_limits import RateLimiter
from agent.interfaces.server import extensions
from agent.interfaces.server.auth import studio_principal
from agent.interfaces.server.backend import Backend
from agent.interfaces.server.errors import guard, install_error_handlers
from agent.interfaces.server.langgraph_api import (
    assistants,
    crons,
    runs,
    state_updates,
    stateless,
    store,
    thread_stream,
    threads,
)

LANGGRAPH_PATH = "/langgraph"
"""The alias under which the API also answers (its old mount point)."""
API_VERSION = "0.16.7"
"""The langgraph-api release whose shapes this application answers in (what `/info` reports)."""
STUDIO_ORIGINS = ("https://smith.langchain.com", "https://eu.smith.langchain.com")
"""Where LangSmith Studio's page runs; its browser calls the API from there."""


def create_app(backend: Backend) -> FastAPI:
    """The server's application over `backend`."""
    resources = backend.resources
    app = FastAPI(
        title="school-agent",
        version=API_VERSION,
        description="The online school's assistant: the LangGraph Server API, and the school's extensions.",
        dependencies=[Depends(guard)],
        root_path_in_servers=False,  # the alias must not write its prefix into the one cached spec
    )
    install_error_handlers(app)
    app.state.keys = backend.keys
    app.state.limiter = RateLimiter(resources.pool, resources.settings.rate_limit_per_minute)
    app.state.studio_operator = studio_principal(backend.keys, resources.settings.studio_operator)
    app.state.backend = backend
    _meta_routes(app, backend)
    app.include_router(assistants.routes(backend))
    app.include_router(threads.routes(backend))
    app.include_router(state_updates.routes(backend))
    app.include_router(runs.routes(backend))
    app.include_router(thread_stream.routes(backend))
    app.include_router(crons.routes(backend))
    app.include_router(stateless.routes(backend))
    app.include_router(store.routes(backend))
    app.include_router(extensions.routes(backend))
    _page_routes(app)
    _allow_browsers(app, resources.settings.cors_origins)
    app.add_middleware(_Alias, prefix=LANGGRAPH_PATH)
    return app


def _meta_routes(app: FastAPI, backend: Backend) -> None:
    @app.get("/ok", tags=["meta"])
    def ok(check_db: int = 0) -> dict[str, Any]:
        if check_db:
            with backend.pool.connection() as conn:
                conn.execute("SELECT 1")
        return {"ok": True}

    @app.get("/info", tags=["meta"])
    def info() -> dict[str, Any]:
        return {
            "version": API_VERSION,
            "langgraph_py_version": langgraph.version.__version__,
            "flags": {"assistants": True, "crons": True, "langsmith": False},
            "host": {"kind": "self-hosted", "project_id": None, "revision_id": None, "tenant_id": None},
        }


def _page_routes(app: FastAPI) -> None:
    static = package_files.files("agent.interfaces.server").joinpath("static")

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index() -> HTMLResponse:
        return HTMLResponse(static.joinpath("index.html").read_text())

    app.mount("/ui", StaticFiles(directory=str(static)), name="ui")


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


class _Alias:
    """Answers `prefix/...` as `/...`: the request goes on with `prefix` moved into its root path.

    Starlette routes on the path less the root path, so every route, the docs and the spec answer
    under the prefix too, and nothing is mounted twice.
    """

    def __init__(self, app: ASGIApp, prefix: str) -> None:
        self.app, self.prefix = app, prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            root = scope.get("root_path", "")
            path: str = scope["path"][len(root) :] if scope["path"].startswith(root) else scope["path"]
            if path.startswith(self.prefix + "/"):
                scope = {**scope, "root_path": root + self.prefix}
        await self.app(scope, receive, send)
