"""Tool failures: safe error results (LangChain's ToolErrorMiddleware configured), the stop after N
failures in a row, transient retries, and what the model gets for unknown tools, bad arguments and
unparseable JSON arguments.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain.agents import create_agent
from langchain.agents.middleware import ToolErrorMiddleware, ToolRetryMiddleware
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver

from middleware import InvalidToolCallsMiddleware, ToolFailureLimitMiddleware, safe_tool_error
from middleware.tool_errors import stopped_message

SECRET = "connection to 10.0.0.7 failed: password=hunter2"
CALLS: list[str] = []


@tool
def find_cohorts(course_id: str) -> str:
    """The cohorts of a course."""
    CALLS.append(course_id)
    if course_id == "broken":
        raise RuntimeError(SECRET)
    if course_id == "flaky" and CALLS.count("flaky") == 1:
        raise TimeoutError("read timed out")
    return f"{course_id}-1 starts 2027-01-18"


@pytest.fixture(autouse=True)
def _fresh_calls() -> None:
    CALLS.clear()


def safe_text(name: str, error: str) -> str:
    return (
        f"Tool `{name}` failed with {error}; the details are withheld. Try once more with corrected "
        "arguments if they may be the cause, otherwise continue without this result and tell the "
        "student that this information is unavailable right now."
    )


def call(name: str, args: dict[str, Any], call_id: str) -> AIMessage:
    return AIMessage("", tool_calls=[{"name": name, "args": args, "id": call_id}])


def bad_json(name: str, raw: str, call_id: str) -> AIMessage:
    return AIMessage(
        "",
        invalid_tool_calls=[
            {"type": "invalid_tool_call", "name": name, "args": raw, "id": call_id, "error": "not JSON"}
        ],
    )


def shape(messages: list[AnyMessage]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for m in messages:
        if isinstance(m, HumanMessage):
            out.append(("human", m.text))
        elif isinstance(m, AIMessage):
            out.append(
                (
                    "ai",
                    m.text,
                    [(c["name"], c["args"], c["id"]) for c in m.tool_calls],
                    [c["id"] for c in m.invalid_tool_calls],
                )
            )
        elif isinstance(m, ToolMessage):
            out.append(("tool", m.name, m.tool_call_id, m.status, m.text))
    return out


def agent_with(model: Any, *, max_failures: int = 3) -> Any:
    middleware = [
        ToolFailureLimitMiddleware(max_failures=max_failures),
        ToolErrorMiddleware(on_error=safe_tool_error),
        ToolRetryMiddleware(
            max_retries=1, retry_on=(TimeoutError,), on_failure="error", initial_delay=0, jitter=False
        ),
        InvalidToolCallsMiddleware(),
    ]
    return create_agent(model, tools=[find_cohorts], middleware=middleware, checkpointer=InMemorySaver())


def run(agent: Any, text: str, thread: str = "t1") -> list[AnyMessage]:
    out = agent.invoke({"messages": [HumanMessage(text)]}, {"configurable": {"thread_id": thread}})
    return list(out["messages"])


def assert_no_raw_error(messages: list[AnyMessage], model: Any) -> None:
    seen = [m.text for m in messages] + [m.text for c in model.calls for m in c.messages]
    assert not [t for t in seen if "hunter2" in t or "10.0.0.7" in t or "RuntimeError(" in t]


def test_a_raising_tool_becomes_a_safe_error_result_the_model_answers_from(scripted_model: Any) -> None:
    model = scripted_model(
        call("find_cohorts", {"course_id": "broken"}, "c1"), "Cohort dates are unavailable right now."
    )
    messages = run(agent_with(model), "when does broken start?")
    assert shape(messages) == [
        ("human", "when does broken start?"),
        ("ai", "", [("find_cohorts", {"course_id": "broken"}, "c1")], []),
        ("tool", "find_cohorts", "c1", "error", safe_text("find_cohorts", "RuntimeError")),
        ("ai", "Cohort dates are unavailable right now.", [], []),
    ]
    assert CALLS == ["broken"]  # a RuntimeError is not transient: not retried
    assert_no_raw_error(messages, model)


def test_the_same_tool_failing_n_times_in_a_row_stops_with_a_clear_answer(scripted_model: Any) -> None:
    model = scripted_model(*(call("find_cohorts", {"course_id": "broken"}, f"c{i}") for i in (1, 2, 3)))
    messages = run(agent_with(model), "when does broken start?")
    error = safe_text("find_cohorts", "RuntimeError")
    assert shape(messages) == [
        ("human", "when does broken start?"),
        ("ai", "", [("find_cohorts", {"course_id": "broken"}, "c1")], []),
        ("tool", "find_cohorts", "c1", "error", error),
        ("ai", "", [("find_cohorts", {"course_id": "broken"}, "c2")], []),
        ("tool", "find_cohorts", "c2", "error", error),
        ("ai", "", [("find_cohorts", {"course_id": "broken"}, "c3")], []),
        ("tool", "find_cohorts", "c3", "error", error),
        ("ai", stopped_message("find_cohorts", 3).text, [], []),
    ]
    assert "failed 3 times in a row" in messages[-1].text
    assert_no_raw_error(messages, model)


def test_a_success_resets_the_streak_and_a_new_request_starts_afresh(scripted_model: Any) -> None:
    model = scripted_model(
        call("find_cohorts", {"course_id": "broken"}, "c1"),
        call("find_cohorts", {"course_id": "rag"}, "c2"),
        call("find_cohorts", {"course_id": "broken"}, "c3"),
        call("find_cohorts", {"course_id": "broken"}, "c4"),
        "rag-1 starts 2027-01-18; the other course is unavailable.",
        call("find_cohorts", {"course_id": "broken"}, "c5"),
        "Still unavailable.",
    )
    agent = agent_with(model)
    first = run(agent, "rag and broken?")
    assert [s[3] for s in shape(first) if s[0] == "tool"] == ["error", "success", "error", "error"]
    assert first[-1].text == "rag-1 starts 2027-01-18; the other course is unavailable."
    # Two errors ended the last request; a new request does not inherit them.
    second = run(agent, "and broken again?")
    assert second[-1].text == "Still unavailable."


def test_a_transient_error_is_retried_inside_the_error_handler(scripted_model: Any) -> None:
    model = scripted_model(call("find_cohorts", {"course_id": "flaky"}, "c1"), "flaky-1 starts soon.")
    messages = run(agent_with(model), "flaky?")
    assert shape(messages)[2] == ("tool", "find_cohorts", "c1", "success", "flaky-1 starts 2027-01-18")
    assert CALLS == ["flaky", "flaky"]


def test_unknown_tools_and_bad_arguments_are_error_results_from_create_agent(scripted_model: Any) -> None:
    model = scripted_model(
        AIMessage(
            "",
            tool_calls=[
                {"name": "delete_everything", "args": {}, "id": "c1"},
                {"name": "find_cohorts", "args": {"course": 7}, "id": "c2"},
            ],
        ),
        call("find_cohorts", {"course_id": "rag"}, "c3"),
        "rag-1 starts 2027-01-18.",
    )
    messages = run(agent_with(model), "rag?")
    assert shape(messages)[2:4] == [
        (
            "tool",
            "delete_everything",
            "c1",
            "error",
            "Error: delete_everything is not a valid tool, try one of [find_cohorts].",
        ),
        (
            "tool",
            "find_cohorts",
            "c2",
            "error",
            "Error invoking tool 'find_cohorts' with kwargs {'course': 7} with error:\n"
            " course_id: Field required\n Please fix the error and try again.",
        ),
    ]
    assert shape(messages)[4:] == [
        ("ai", "", [("find_cohorts", {"course_id": "rag"}, "c3")], []),
        ("tool", "find_cohorts", "c3", "success", "rag-1 starts 2027-01-18"),
        ("ai", "rag-1 starts 2027-01-18.", [], []),
    ]
    assert CALLS == ["rag"]


def test_without_the_middleware_unparseable_arguments_end_the_run_with_an_empty_answer(
    scripted_model: Any,
) -> None:
    model = scripted_model(bad_json("find_cohorts", '{"course_id": "rag"', "c1"))
    agent = create_agent(model, tools=[find_cohorts], checkpointer=InMemorySaver())
    messages = run(agent, "rag?")
    assert shape(messages) == [("human", "rag?"), ("ai", "", [], ["c1"])]


def test_unparseable_arguments_become_an_error_result_and_the_model_tries_again(scripted_model: Any) -> None:
    model = scripted_model(
        bad_json("find_cohorts", '{"course_id": "rag"', "c1"),
        call("find_cohorts", {"course_id": "rag"}, "c2"),
        "rag-1 starts 2027-01-18.",
    )
    messages = run(agent_with(model), "rag?")
    assert shape(messages) == [
        ("human", "rag?"),
        ("ai", "", [], ["c1"]),
        (
            "tool",
            "find_cohorts",
            "c1",
            "error",
            "Your call to `find_cohorts` was not run: its arguments were not a valid JSON object (you sent: "
            '\'{"course_id": "rag"\'). Call it again with JSON arguments that match its schema.',
        ),
        ("ai", "", [("find_cohorts", {"course_id": "rag"}, "c2")], []),
        ("tool", "find_cohorts", "c2", "success", "rag-1 starts 2027-01-18"),
        ("ai", "rag-1 starts 2027-01-18.", [], []),
    ]
    # The model saw the error result on its second call, once (LangChain's own patch added nothing).
    assert [type(m).__name__ for m in model.calls[1].messages] == ["HumanMessage", "AIMessage", "ToolMessage"]


def test_unparseable_arguments_next_to_a_valid_call_are_answered_once(scripted_model: Any) -> None:
    model = scripted_model(
        AIMessage(
            "",
            tool_calls=[{"name": "find_cohorts", "args": {"course_id": "sql"}, "id": "c1"}],
            invalid_tool_calls=[
                {
                    "type": "invalid_tool_call",
                    "name": "find_cohorts",
                    "args": "{x",
                    "id": "c2",
                    "error": "not JSON",
                }
            ],
        ),
        "sql-1 starts 2027-01-18.",
    )
    messages = run(agent_with(model), "sql?")
    assert [(s[0], s[2], s[3]) for s in shape(messages) if s[0] == "tool"] == [
        ("tool", "c2", "error"),
        ("tool", "c1", "success"),
    ]
    assert messages[-1].text == "sql-1 starts 2027-01-18."
    assert CALLS == ["sql"]


def test_unparseable_arguments_again_and_again_stop_the_run(scripted_model: Any) -> None:
    model = scripted_model(*(bad_json("find_cohorts", "{", f"c{i}") for i in (1, 2)))
    messages = run(agent_with(model, max_failures=2), "rag?")
    assert messages[-1].text == stopped_message("find_cohorts", 2).text
    assert len(messages) == 6


@pytest.mark.parametrize("value", [0, -1, True, 2.5])
def test_the_failure_limit_must_be_a_positive_int(value: Any) -> None:
    with pytest.raises(ValueError, match="max_failures must be an int >= 1"):
        ToolFailureLimitMiddleware(max_failures=value)
