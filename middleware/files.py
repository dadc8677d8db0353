"""A virtual file space per thread in the LangGraph store, and the `read_file` and `grep` tools over it.

Files live under the store namespace `("files", <thread id>)`, key = the file's path. The namespace
comes from the run's thread id, never from a path, so no path can name another thread's files;
paths are still normalised and anything odd (`..`, backslashes, other characters) is refused with
a clear error. Text is stored as lines of at most `MAX_LINE_CHARS` characters (JSON is
pretty-printed first), so that line ranges and grep hits stay meaningful and bounded.
This module only reads and writes the store it is handed; it opens nothing itself.
"""

from __future__ import annotations

import contextlib
import json
import re
import textwrap
from typing import Any

from langchain.tools import ToolRuntime
from langchain_core.tools import BaseTool, StructuredTool, ToolException
from langgraph.store.base import BaseStore
from pydantic import BaseModel, Field

from middleware._common import ThreadIdOf, store_label

FILES_NAMESPACE = "files"
"""First label of every file namespace: `("files", <thread id>)`."""
MAX_PATH_CHARS = 200
MAX_LINE_CHARS = 500
"""Longer lines are wrapped when a file is stored."""
MAX_GREP_MATCHES = 50
MAX_GREP_PATTERN_CHARS = 200
_SEGMENT = re.compile(r"^[A-Za-z0-9_.-]+$")


class InvalidPathError(ValueError):
    """A path that is not a plain path inside the thread's file space."""


class MissingStoreError(RuntimeError):
    """The agent runs without a LangGraph store, so it has no file space or long-term memory."""


def files_namespace(thread_id: str) -> tuple[str, str]:
    """The store namespace of one thread's files."""
    return (FILES_NAMESPACE, store_label(thread_id))


def normalise_path(path: object) -> str:
    """`path` as `/a/b.txt`: a leading `/` added, `.` and empty parts dropped; refused if it could escape.

    Raises:
        InvalidPathError: For a non-string, an over-long path, `..`, backslashes, `~`, or a part with
            characters other than letters, digits, `_`, `.` and `-`.

    """
    if not isinstance(path, str) or not path.strip():
        msg = f"a path is a non-empty string like '/results/x.txt', got {path!r}"
        raise InvalidPathError(msg)
    if len(path) > MAX_PATH_CHARS:
        msg = f"a path has at most {MAX_PATH_CHARS} characters"
        raise InvalidPathError(msg)
    parts = [p for p in path.strip().split("/") if p not in ("", ".")]
    if ".." in parts:
        msg = f"'..' is not allowed in a path ({path!r}); use the full path, e.g. '/results/x.txt'"
        raise InvalidPathError(msg)
    bad = [p for p in parts if not _SEGMENT.match(p)]
    if bad or not parts:
        msg = (
            f"{path!r} is not a valid path: use letters, digits, '_', '.', '-' and '/' only, "
            "e.g. '/results/x.txt'"
        )
        raise InvalidPathError(msg)
    return "/" + "/".join(parts)


def as_file_text(text: str) -> str:
    """`text` as it is stored: JSON pretty-printed, lines longer than `MAX_LINE_CHARS` wrapped."""
    if text.lstrip()[:1] in ("{", "["):
        with contextlib.suppress(ValueError):  # not JSON after all: stored as it is
            text = json.dumps(json.loads(text), indent=2, ensure_ascii=False)
    lines: list[str] = []
    for line in text.split("\n"):
        if len(line) <= MAX_LINE_CHARS:
            lines.append(line)
        else:
            lines.extend(
                textwrap.wrap(
                    line,
                    MAX_LINE_CHARS,
                    replace_whitespace=False,
                    drop_whitespace=False,
                    break_on_hyphens=False,
                )
            )
    return "\n".join(lines)


def file_value(text: str, *, tool: str, tool_call_id: str) -> dict[str, Any]:
    """The store value of a file holding a tool result (already in `as_file_text` form)."""
    return {
        "content": text,
        "tool": tool,
        "tool_call_id": tool_call_id,
        "chars": len(text),
        "lines": text.count("\n") + 1,
    }


def read_lines(text: str, path: str, offset: int, limit: int, max_chars: int) -> str:
    """Lines `offset+1 .. offset+limit` of `text`, numbered from 1, as many as fit `max_chars` (at least one).

    A header line names the range and, when lines are left, a footer says which offset continues.
    """
    lines = text.split("\n")
    if offset >= len(lines):
        msg = f"{path} has {len(lines)} lines; offset {offset} is past the end (offsets count from 0)"
        raise ToolException(msg)
    shown: list[str] = []
    used = 0
    for number in range(offset + 1, min(offset + limit, len(lines)) + 1):
        row = f"{number:>6}\t{lines[number - 1]}"
        if shown and used + len(row) + 1 > max_chars:
            break
        shown.append(row)
        used += len(row) + 1
    last = offset + len(shown)
    header = f"{path}, lines {offset + 1}-{last} of {len(lines)}:"
    footer = (
        f"\n[Lines {last + 1}-{len(lines)} not shown; continue with offset={last}.]"
        if last < len(lines)
        else ""
    )
    return header + "\n" + "\n".join(shown) + footer


def grep_lines(text: str, path: str, pattern: str, max_chars: int) -> str:
    """The numbered lines of `text` containing `pattern` (case-insensitive), as many as fit `max_chars`.

    Plain text, not a regex: nothing a model writes can make the search slow.
    """
    if not pattern or len(pattern) > MAX_GREP_PATTERN_CHARS:
        msg = f"the pattern is plain text of 1 to {MAX_GREP_PATTERN_CHARS} characters"
        raise ToolException(msg)
    needle = pattern.casefold()
    hits = [f"{n:>6}\t{line}" for n, line in enumerate(text.split("\n"), 1) if needle in line.casefold()]
    if not hits:
        return f"No line of {path} contains {pattern!r}."
    shown: list[str] = []
    used = 0
    for hit in hits[:MAX_GREP_MATCHES]:
        if shown and used + len(hit) + 1 > max_chars:
            break
        shown.append(hit)
        used += len(hit) + 1
    more = (
        f"\n[{len(hits) - len(shown)} more matching lines not shown; narrow the pattern or read "
        "around a hit with read_file.]"
        if len(shown) < len(hits)
        else ""
    )
    return f"{len(hits)} lines of {path} contain {pattern!r}:\n" + "\n".join(shown) + more


class ReadFileArgs(BaseModel):
    """Arguments of `read_file`."""

    path: str = Field(description="Path of the file, e.g. '/results/search_catalog-call_1.txt'.")
    offset: int = Field(default=0, ge=0, description="Lines to skip from the start (0 = first line).")
    limit: int = Field(default=2000, ge=1, le=2000, description="Most lines to return.")


class GrepArgs(BaseModel):
    """Arguments of `grep`."""

    pattern: str = Field(description="Plain text to look for, case-insensitive (not a regex).")
    path: str = Field(description="Path of the file to search.")


READ_FILE_DESCRIPTION = (
    "Read lines of a file saved in this conversation, such as a long tool result that was cut "
    "short. Lines are numbered from 1; `offset` is how many lines to skip, so to read from line N "
    "use offset=N-1. Long outputs are cut and say how to continue."
)
GREP_DESCRIPTION = (
    "Find the lines of a file saved in this conversation that contain some text (plain text, "
    "case-insensitive). Returns the matching lines with their numbers."
)


def file_tools(*, thread_id_of: ThreadIdOf, max_chars: int) -> list[BaseTool]:
    """The `read_file` and `grep` tools over the current thread's files; outputs fit `max_chars`."""

    def load(path: str, runtime: ToolRuntime) -> tuple[str, str]:
        """(normalised path, text) of a file of the current thread."""
        store = _store(runtime)
        namespace = files_namespace(thread_id_of(runtime.config))
        try:
            clean = normalise_path(path)
        except InvalidPathError as err:
            raise ToolException(str(err)) from None
        item = store.get(namespace, clean)
        if item is None:
            names = sorted(i.key for i in store.search(namespace, limit=20))
            known = f" Files here: {', '.join(names)}." if names else " There are no files here yet."
            msg = f"No file {clean} in this conversation.{known}"
            raise ToolException(msg)
        return clean, str(item.value.get("content", ""))

    def read_file(path: str, runtime: ToolRuntime, offset: int = 0, limit: int = 2000) -> str:
        clean, text = load(path, runtime)
        return read_lines(text, clean, offset, limit, max_chars)

    def grep(pattern: str, path: str, runtime: ToolRuntime) -> str:
        clean, text = load(path, runtime)
        return grep_lines(text, clean, pattern, max_chars)

    return [
        StructuredTool.from_function(
            func=read_file,
            name="read_file",
            description=READ_FILE_DESCRIPTION,
            args_schema=ReadFileArgs,
            infer_schema=False,
            handle_tool_error=True,
        ),
        StructuredTool.from_function(
            func=grep,
            name="grep",
            description=GREP_DESCRIPTION,
            args_schema=GrepArgs,
            infer_schema=False,
            handle_tool_error=True,
        ),
    ]


def _store(runtime: ToolRuntime) -> BaseStore:
    if runtime.store is None:
        msg = "no LangGraph store: compile the agent (or its parent graph) with store=..."
        raise MissingStoreError(msg)
    return runtime.store
