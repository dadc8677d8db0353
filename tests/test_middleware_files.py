"""LargeResultMiddleware and the thread's virtual file space: offload, read back by lines, grep,
paths that cannot escape, and threads that cannot see each other's files (on the Postgres store too).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.store.memory import InMemoryStore

from agent.infra.persistence import Resources
from middleware import InvalidPathError, LargeResultMiddleware, MissingStoreError, normalise_path
from middleware.files import MAX_LINE_CHARS, as_file_text, files_namespace

LINES = [f"line {i:02d}: {'rag' if i % 10 == 0 else 'sql'} course" for i in range(1, 41)]
PATH = "/results/search_catalog-c1.txt"


@tool
def search_catalog(query: str) -> str:
    """Search the catalog."""
    return "\n".join(LINES) if query == "all" else f"one hit for {query}"


def call(name: str, args: dict[str, Any], call_id: str) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": call_id}])


def tool_results(messages: list[AnyMessage]) -> list[tuple[str | None, str, str, str]]:
    return [(m.name, m.tool_call_id, m.status, m.text) for m in messages if isinstance(m, ToolMessage)]


def agent_with(model: Any, store: Any, checkpointer: Any = None) -> Any:
    return create_agent(
        model,
        tools=[search_catalog],
        middleware=[LargeResultMiddleware(max_chars=300, preview_chars=100)],
        checkpointer=checkpointer or InMemorySaver(),
        store=store,
    )


def run(agent: Any, text: str, thread: str) -> list[AnyMessage]:
    out = agent.invoke({"messages": [HumanMessage(text)]}, {"configurable": {"thread_id": thread}})
    return list(out["messages"])


NOTE = (
    f"\n…\n[Result cut short: 799 characters, 40 lines. The full text is saved as {PATH}. Read it "
    f'with read_file(path="{PATH}", offset=0, limit=100) (offset counts lines from 0), or find '
    f'lines with grep(pattern="...", path="{PATH}").]'
)


def test_a_long_result_is_offloaded_and_read_back_by_line_ranges_and_grep(scripted_model: Any) -> None:
    store = InMemoryStore()
    model = scripted_model(
        call("search_catalog", {"query": "all"}, "c1"),
        call("read_file", {"path": PATH, "offset": 8, "limit": 3}, "c2"),
        call("grep", {"pattern": "RAG", "path": "results/search_catalog-c1.txt"}, "c3"),
        call("search_catalog", {"query": "ml"}, "c4"),
        "rag courses are on lines 10, 20, 30 and 40.",
    )
    messages = run(agent_with(model, store), "all courses", "t1")

    assert tool_results(messages) == [
        ("search_catalog", "c1", "success", "\n".join(LINES[:5]) + NOTE),
        (
            "read_file",
            "c2",
            "success",
            f"{PATH}, lines 9-11 of 40:\n     9\tline 09: sql course\n    10\tline 10: rag course\n"
            "    11\tline 11: sql course\n[Lines 12-40 not shown; continue with offset=11.]",
        ),
        (
            "grep",
            "c3",
            "success",
            f"4 lines of {PATH} contain 'RAG':\n    10\tline 10: rag course\n    20\tline 20: rag course\n"
            "    30\tline 30: rag course\n    40\tline 40: rag course",
        ),
        ("search_catalog", "c4", "success", "one hit for ml"),  # short results stay as they are
    ]
    item = store.get(files_namespace("t1"), PATH)
    assert item is not None
    assert item.value == {
        "content": "\n".join(LINES),
        "tool": "search_catalog",
        "tool_call_id": "c1",
        "chars": 799,
        "lines": 40,
    }
    assert [i.key for i in store.search(files_namespace("t1"))] == [PATH]


def test_read_file_output_is_cut_to_max_chars_and_says_where_to_continue(scripted_model: Any) -> None:
    model = scripted_model(
        call("search_catalog", {"query": "all"}, "c1"), call("read_file", {"path": PATH}, "c2"), "ok"
    )
    messages = run(agent_with(model, InMemoryStore()), "all courses", "t1")
    text = tool_results(messages)[1][3]
    rows = [f"{n:>6}\t{LINES[n - 1]}" for n in range(1, 12)]  # 27 characters with the newline: 11 fit
    assert text == (
        f"{PATH}, lines 1-11 of 40:\n"
        + "\n".join(rows)
        + "\n[Lines 12-40 not shown; continue with offset=11.]"
    )


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ({"path": "../t2/results/x.txt"}, "'..' is not allowed in a path"),
        ({"path": "/results/../../files/t2/results/search_catalog-c1.txt"}, "'..' is not allowed in a path"),
        ({"path": "C:\\results\\x.txt"}, repr("C:\\results\\x.txt") + " is not a valid path: use letters"),
        ({"path": "~/secrets"}, "'~/secrets' is not a valid path: use letters"),
        ({"path": "/etc/passwd"}, f"No file /etc/passwd in this conversation. Files here: {PATH}."),
        ({"path": PATH, "offset": 40}, f"{PATH} has 40 lines; offset 40 is past the end"),
    ],
)
def test_bad_paths_and_ranges_are_error_results(
    scripted_model: Any, args: dict[str, Any], error: str
) -> None:
    model = scripted_model(
        call("search_catalog", {"query": "all"}, "c1"), call("read_file", args, "c2"), "sorry"
    )
    messages = run(agent_with(model, InMemoryStore()), "all courses", "t1")
    name, _, status, text = tool_results(messages)[1]
    assert (name, status) == ("read_file", "error")
    assert text.startswith(error)


def test_a_thread_cannot_read_another_threads_files_on_the_postgres_store(
    scripted_model: Any, resources: Resources
) -> None:
    model = scripted_model(
        call("search_catalog", {"query": "all"}, "a1"),
        "saved",
        call("read_file", {"path": "/results/search_catalog-a1.txt"}, "b1"),
        call("grep", {"pattern": "rag", "path": "/results/search_catalog-a1.txt"}, "b2"),
        "I cannot see it.",
    )
    agent = agent_with(model, resources.store, resources.checkpointer)
    run(agent, "all courses", "thread.a")  # a '.' in a thread id is fine: labels are encoded
    b = run(agent, "read a's file", "thread-b")
    missing = "No file /results/search_catalog-a1.txt in this conversation. There are no files here yet."
    assert tool_results(b) == [("read_file", "b1", "error", missing), ("grep", "b2", "error", missing)]
    assert resources.store.get(files_namespace("thread.a"), "/results/search_catalog-a1.txt") is not None
    assert resources.store.search(files_namespace("thread-b")) == []


def test_the_async_path_offloads_with_the_async_store_api(scripted_model: Any) -> None:
    store = InMemoryStore()
    model = scripted_model(
        call("search_catalog", {"query": "all"}, "c1"),
        call("grep", {"pattern": "line 40", "path": PATH}, "c2"),
        "ok",
    )
    agent = agent_with(model, store)
    out = asyncio.run(
        agent.ainvoke({"messages": [HumanMessage("all")]}, {"configurable": {"thread_id": "t1"}})
    )
    assert tool_results(out["messages"])[1] == (
        "grep",
        "c2",
        "success",
        f"1 lines of {PATH} contain 'line 40':\n    40\tline 40: rag course",
    )
    assert store.get(files_namespace("t1"), PATH) is not None


def test_without_a_store_the_run_fails_at_once_with_a_clear_message(scripted_model: Any) -> None:
    agent = create_agent(
        scripted_model(),
        tools=[search_catalog],
        middleware=[LargeResultMiddleware()],
        checkpointer=InMemorySaver(),
    )
    with pytest.raises(MissingStoreError, match="store="):
        run(agent, "all", "t1")


@pytest.mark.parametrize(
    ("path", "normal"),
    [
        ("results/x.txt", "/results/x.txt"),
        ("//results/./x.txt", "/results/x.txt"),
        (" /a/b-c_d.e.txt ", "/a/b-c_d.e.txt"),
    ],
)
def test_paths_are_normalised(path: str, normal: str) -> None:
    assert normalise_path(path) == normal


@pytest.mark.parametrize("path", ["", "/", "..", "/a/../b", "a\\b", "/a b", "/a\x00b", "x" * 201, 7, None])
def test_paths_that_could_escape_or_are_odd_are_refused(path: Any) -> None:
    with pytest.raises(InvalidPathError):
        normalise_path(path)


def test_json_is_pretty_printed_and_long_lines_are_wrapped() -> None:
    assert as_file_text('{"a": [1, 2]}') == '{\n  "a": [\n    1,\n    2\n  ]\n}'
    assert as_file_text("{not json") == "{not json"
    wrapped = as_file_text("x" * (2 * MAX_LINE_CHARS + 1)).split("\n")
    assert [len(line) for line in wrapped] == [MAX_LINE_CHARS, MAX_LINE_CHARS, 1]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_chars": 0}, "max_chars must be a positive int"),
        ({"max_chars": 100, "preview_chars": 100}, r"preview_chars \(100\) must be smaller than max_chars"),
        ({"thread_id_of": "t1"}, "thread_id_of must be callable"),
    ],
)
def test_bad_arguments_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises((ValueError, TypeError), match=message):
        LargeResultMiddleware(**kwargs)
