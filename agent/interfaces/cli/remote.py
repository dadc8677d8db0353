"""Server mode: the thread commands as a client of the LangGraph Server API of `school-agent serve`.

With `--url` (or `SCHOOL_URL`) and a key (`--key` or `SCHOOL_API_KEY`), `send`, `chat`, `approve`,
`pending` and `history` call the server through the official Python SDK (`langgraph_sdk`): a turn
is a run the server's workers execute (queued, journaled, retried when a worker dies, whether or
not this process lives on), and the key, not an option, says who the caller is. The commands print
what they print in process (`output`). A refusal reaches the user as the server's `detail` in one
line; an unreachable server says so.

It must not open the database nor import LangGraph: a client needs neither, so the SDK is imported
only when a command runs in this mode.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agent.config.settings import school_server
from agent.interfaces.cli.session import CliInputError, RefusedError

if TYPE_CHECKING:
    import argparse

    import httpx
    from langgraph_sdk.client import SyncLangGraphClient

GRAPH = "school"
"""The graph the server serves, usable as an `assistant_id` (`langgraph.json`)."""
PAGE = 100
"""Threads asked for per search when listing the inbox."""
ROLES = {"human": "student", "ai": "assistant"}
"""How `history` names a message's author, as in process (`agent.runtime.threads.history`)."""

Decide = Callable[[str | None], dict[str, Any]]
"""Makes a resume payload from the pending action's name (None when nothing is pending)."""


class ServerError(RefusedError):
    """The server refused a request (its `detail` is the message) or could not be reached."""


@dataclass(frozen=True)
class Server:
    """Where the thread commands send their requests, and the key they send."""

    url: str
    key: str


@dataclass(frozen=True)
class ServerTurn:
    """What a run on the server did, as `output.print_turn` reads a turn."""

    thread_id: str
    replies: list[str]
    pending: dict[str, Any] | None
    streamed: str = ""
    """Always empty: a run on the server streams nothing to this process."""


def server_of(args: argparse.Namespace) -> Server | None:
    """The server the command talks to: `--url`, else `SCHOOL_URL`; None when neither is set.

    The key is `--key`, else `SCHOOL_API_KEY`; a URL without a key, a key option without a URL, or
    something other than an http(s) URL is refused.
    """
    env_url, env_key = school_server()
    url = args.url or env_url
    key = args.key or env_key
    if url is None:
        if args.key:
            raise CliInputError("--key goes with --url URL (or SCHOOL_URL): the key is for a server")
        return None
    if not url.startswith(("http://", "https://")):
        raise CliInputError(f"the server URL must start with http:// or https://, got {url!r}")
    if not key:
        message = f"talking to {url} needs an API key: pass --key KEY or set SCHOOL_API_KEY"
        raise CliInputError(message)
    # Both the root and the `/langgraph` alias serve the API: the path is kept as given.
    return Server(url.rstrip("/"), key)


class Client:
    """The thread commands' requests to one server, each answered in the CLI's terms."""

    def __init__(self, server: Server, sdk: SyncLangGraphClient) -> None:
        self.server, self.sdk = server, sdk
        self._me: dict[str, str] | None = None

    def me(self) -> dict[str, str]:
        """Who the key is: `{"user_id": ..., "role": "student" | "operator"}` (asked once)."""
        if self._me is None:
            with self._answers():
                self._me = self.sdk.http.get("/school/me")
        return self._me

    def refuse_other_user(self, given: str | None, option: str) -> None:
        """Refuse `option` naming someone other than the key's user (None: nothing to check)."""
        if given is None:
            return
        user = self.me()["user_id"]
        if given != user:
            message = (
                f"{option} {given} is not the key's user {user}: with a server the key says who "
                f"you are; drop {option} or use {given}'s key"
            )
            raise ServerError(message)

    def send(self, thread_id: str, text: str, *, prefix: str = "") -> ServerTurn:
        """One student turn on `thread_id`, created on first use, as the key's user.

        (`prefix` is for the live steps a turn in process shows; a run on the server shows none.)
        """
        with self._answers():
            thread = self._thread(thread_id)
            since = _message_ids(thread.get("values"))
            message: Mapping[str, Any] = {"messages": [{"role": "user", "content": text}]}
            values = self.sdk.runs.wait(thread_id, GRAPH, input=message)
        return _turn(thread_id, values, since)

    def _thread(self, thread_id: str) -> dict[str, Any]:
        from langgraph_sdk.errors import ConflictError

        try:
            thread: dict[str, Any] = dict(
                self.sdk.threads.create(thread_id=thread_id, if_exists="do_nothing")
            )
        except ConflictError as err:
            # The server answers 409 to `do_nothing` only for a thread the caller may not see.
            message = f"thread {thread_id} is not yours: {_detail(err.response)}"
            raise ServerError(message) from None
        return thread

    def decide(self, thread_id: str, decision: Decide, *, needs_name: bool = True) -> ServerTurn:
        """Resume the thread with the decision `decision` makes of the pending action's name.

        The decision names the action it decides (`action_id`), so one that arrives after the
        action was replaced is refused by the server rather than applied to the new one: the
        thread's state is read whether or not the decision `needs_name`.
        """
        with self._answers():
            state = self.sdk.threads.get_state(thread_id)
            request = _first_interrupt(state.get("interrupts") or [])
            resume = decision(request["action_requests"][0]["name"] if request else None)
            if request is not None:
                resume["action_id"] = request["action_id"]
            values = self.sdk.runs.wait(thread_id, GRAPH, command={"resume": resume})
        return _turn(thread_id, values, _message_ids(state.get("values")))

    def pending(self) -> list[ServerTurn]:
        """The threads waiting for the key's user to decide: an operator's inbox, or a student's own."""
        role = self.me()["role"]
        found: list[ServerTurn] = []
        with self._answers():
            while True:
                page = self.sdk.threads.search(
                    status="interrupted",
                    metadata={"awaiting": role},
                    limit=PAGE,
                    offset=len(found),
                    sort_by="thread_id",
                    sort_order="asc",
                )
                for thread in page:
                    by_task = (thread.get("interrupts") or {}).values()
                    waiting = [one for interrupts in by_task for one in interrupts]
                    found.append(ServerTurn(thread["thread_id"], [], _first_interrupt(waiting)))
                if len(page) < PAGE:
                    return [turn for turn in found if turn.pending]

    def enrollments(self, *, cohort: str | None, student: str | None) -> list[dict[str, Any]]:
        """Enrollments as `GET /school/enrollments` answers them (a student's key: only theirs)."""
        asked = {name: value for name, value in (("cohort", cohort), ("student", student)) if value}
        with self._answers():
            rows: list[dict[str, Any]] = self.sdk.http.get("/school/enrollments", params=asked)
        return rows

    def history(self, thread_id: str) -> list[tuple[str, str]]:
        """The thread's messages as (role, text)."""
        with self._answers():
            state = self.sdk.threads.get_state(thread_id)
        messages = _messages(state.get("values"))
        return [(ROLES.get(m["type"], m["type"]), _text(m["content"])) for m in messages]

    @contextmanager
    def _answers(self) -> Iterator[None]:
        """The server's refusals and an unreachable server as `ServerError`s, in one line each."""
        import httpx

        try:
            yield
        except httpx.HTTPStatusError as err:
            detail = _detail(err.response)
            if err.response.status_code == 401:
                raise ServerError(f"the server at {self.server.url} refused the key: {detail}") from None
            if err.response.status_code == 404 and detail == "Not Found":  # no such route: a wrong URL
                message = (
                    f"{self.server.url} has no LangGraph API (Not Found): give the URL of "
                    "`school-agent serve`, its root or its /langgraph"
                )
                raise ServerError(message) from None
            raise ServerError(detail) from None
        except httpx.TimeoutException:
            raise ServerError(f"the server at {self.server.url} did not answer in time") from None
        except httpx.TransportError:
            message = f"cannot reach the server at {self.server.url}: is `school-agent serve` running there?"
            raise ServerError(message) from None


@contextmanager
def connect(server: Server) -> Iterator[Client]:
    """A client of `server`, closed afterwards."""
    from langgraph_sdk import get_sync_client

    with get_sync_client(url=server.url, api_key=server.key) as sdk:
        yield Client(server, sdk)


def _detail(response: httpx.Response) -> str:
    """The server's `detail`, else its status: what the user reads of a refusal."""
    try:
        body = response.json()
    except ValueError:
        body = None
    detail = body.get("detail") if isinstance(body, dict) else None
    if isinstance(detail, str) and detail:
        return detail
    if isinstance(detail, list):  # a request the server's schema refused: each problem's message
        said = [str(d.get("msg")) for d in detail if isinstance(d, dict) and d.get("msg")]
        if said:
            return "; ".join(said)
    return f"the server answered {response.status_code} {response.reason_phrase}"


def _messages(values: object) -> list[dict[str, Any]]:
    """The messages of a thread's values (none when it has no values yet)."""
    messages = values.get("messages", []) if isinstance(values, Mapping) else []
    return list(messages)


def _message_ids(values: object) -> frozenset[str]:
    return frozenset(str(m.get("id")) for m in _messages(values))


def _first_interrupt(interrupts: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    return dict(interrupts[0]["value"]) if interrupts else None


def _text(content: object) -> str:
    return content if isinstance(content, str) else str(content)


def _turn(thread_id: str, values: object, since: frozenset[str]) -> ServerTurn:
    """What a run did, from the values `runs.wait` answered: the new replies, the approval it waits for."""
    if not isinstance(values, Mapping):
        raise ServerError(f"the server answered a run on {thread_id} with something other than its state")
    replies = [_text(m["content"]) for m in _messages(values) if m["type"] == "ai" and m["id"] not in since]
    return ServerTurn(thread_id, replies, _first_interrupt(values.get("__interrupt__") or []))
