"""`school-agent serve`: the page and the HTTP API (the LangGraph Server API), with a worker process.

Once the socket listens, and only then, it prints one banner: the page's URL, the API's (the
root; `/langgraph` is an alias), LangSmith Studio's URL on that API, the database in use and the keys. Keys it made for this run
(no `SCHOOL_API_KEYS`) are printed, since nobody could sign in otherwise; keys from
`SCHOOL_API_KEYS` never are: whoever set them has them, and a service's output ends up in logs
(journald, container and CI logs) that more people read than should hold a key. Their users and
roles are printed instead, to show the table was read. The Studio line says whether Studio on this
machine is let in (`SCHOOL_STUDIO_OPERATOR`), as whom, and that any program on it could claim it.

Imported by that command only: it loads uvicorn, FastAPI and the graph.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from socket import socket
from typing import Any

import uvicorn

from agent.config.settings import Settings
from agent.interfaces.cli.session import EXIT_OK, session
from agent.interfaces.server.app import create_app
from agent.interfaces.server.auth import Principal, demo_keys, parse_keys, studio_principal
from agent.interfaces.server.backend import Backend
from agent.runtime.heap import settled_heap
from agent.worker.attached import AttachedWorker

STUDIO = "https://smith.langchain.com/studio/?baseUrl={api}"
"""LangSmith Studio on a LangGraph API, the form `langgraph dev` prints (the base URL unencoded)."""
_ANY_ADDRESS = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}


def serve(settings: Settings, *, host: str, port: int, workers: int | None = None) -> int:
    """Serve until interrupted; return the exit status.

    `workers`: jobs its worker process runs at once (default `SCHOOL_WORKERS`; 0: no worker, an
    API-only process whose runs are executed by `school-agent worker` processes). The worker is a
    child process (agent.worker.attached), so that the API and the graph do not share one GIL; the
    API listens, and the banner prints, once it takes jobs.
    """
    concurrency = settings.workers if workers is None else workers
    made = not settings.api_keys
    keys = demo_keys() if made else parse_keys(settings.api_keys or "")
    studio = studio_principal(keys, settings.studio_operator)  # refused before the database opens
    with session(settings) as (res, graph), ExitStack() as on_exit:
        worker = None
        if concurrency:
            # The URL this process resolved: on a first run, that of the embedded Postgres it started.
            worker = AttachedWorker(res.url, concurrency=concurrency).start()
            on_exit.callback(worker.stop)  # also on Ctrl+C and on a failed start
        backend = Backend(res, graph, keys)
        on_exit.callback(backend.wake.close)

        def announce(bound_port: int) -> None:
            base = base_url(host, bound_port)
            shown = banner(base, keys=keys, keys_made=made, database=database(settings), studio=studio)
            print(shown, flush=True)

        config = uvicorn.Config(create_app(backend), host=host, port=port, log_level="warning")
        if worker is not None:
            worker.wait_ready()
        with settled_heap():  # what start-up built is kept until exit: out of the collector's passes
            AnnouncingServer(config, announce).run()
    return EXIT_OK


class AnnouncingServer(uvicorn.Server):
    """uvicorn's server, calling `announce(port)` once its socket listens.

    Not before: a port already in use fails the start, and nothing should have been promised.
    """

    def __init__(self, config: uvicorn.Config, announce: Callable[[int], None]) -> None:
        super().__init__(config)
        self._announce = announce

    async def startup(self, sockets: list[socket] | None = None) -> None:
        """Start as uvicorn does, then announce the port it listens on (`--port 0`: the one it got)."""
        await super().startup(sockets)
        if self.started:
            listening: Sequence[Any] = self.servers[0].sockets if self.servers else []
            self._announce(listening[0].getsockname()[1] if listening else self.config.port)


def base_url(host: str, port: int) -> str:
    """The URL to open for a server listening on `host`: loopback for an any-address."""
    shown = _ANY_ADDRESS.get(host, host)
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def database(settings: Settings) -> str:
    """The database in use, in words, without a password."""
    if settings.database_url is None:
        return f"embedded Postgres under {settings.data_dir.resolve()} (`school-agent db stop` stops it)"
    from psycopg.conninfo import conninfo_to_dict

    info = conninfo_to_dict(settings.database_url)
    where = f"{info.get('host') or 'local socket'}:{info.get('port') or 5432}/{info.get('dbname', '')}"
    return f"DATABASE_URL, {where}"


def banner(
    base: str,
    *,
    keys: Mapping[str, Principal],
    keys_made: bool,
    database: str,
    studio: Principal | None = None,
) -> str:
    """What `serve` prints once it listens; `studio` is the operator Studio acts as, if any."""
    lines = [
        f"school-agent is serving on {base} (Ctrl+C stops it)",
        f"  page           {base}/",
        f"  API            {base}  (the LangGraph Server API: the SDKs and --url take this URL and a key)",
        f"  API reference  {base}/docs",
        f"  Studio         {STUDIO.format(api=base)}",
        f"                 {studio_state(keys, studio)}",
        f"  database       {database}",
    ]
    if keys_made:
        lines.append("  keys           made for this run (SCHOOL_API_KEYS is not set):")
        lines += [f"    {who.role:<8} {who.user_id:<5} {key}" for key, who in keys.items()]
    else:
        users = ", ".join(f"{who.user_id} ({who.role})" for who in keys.values())
        lines.append(f"  keys           from SCHOOL_API_KEYS, not printed: {users}")
    return "\n".join(lines)


def studio_state(keys: Mapping[str, Principal], studio: Principal | None) -> str:
    """Whether Studio is let in, as whom, or how to let it in."""
    if studio is not None:
        who = studio.user_id
        return f"ready (as operator {who}, loopback only): any program on this machine can act as {who}"
    operator = next((who.user_id for who in keys.values() if who.role == "operator"), "<an operator>")
    return f"off: set SCHOOL_STUDIO_OPERATOR={operator} to let Studio on this machine act as {operator}"
