"""DanglingToolCallsMiddleware: tool calls left without results by an interrupted run are answered
before the next model call, in place, with every existing message keeping its id.
"""

from __future__ import annotations

from typing import Any

from langchain.agents import create_agent
from langchain.agents.middleware import HumanInTheLoopMiddleware
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool
from langgraph.checkpoint.memory import InMemorySaver

from middleware import DanglingToolCallsMiddleware
from middleware.dangling import interrupted_result, patch_dangling

ENROLLED: list[str] = []


@tool
def enroll(cohort_id: str) -> str:
    """Enroll the student in a cohort."""
    ENROLLED.append(cohort_id)
    return f"enrolled in {cohort_id}"


@tool
def lookup(course_id: str) -> str:
    """Look up a course."""
    return f"{course_id}: €690"


def shape(messages: list[AnyMessage]) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for m in messages:
        if isinstance(m, AIMessage):
            out.append(("ai", m.text, [c["id"] for c in m.tool_calls]))
        elif isinstance(m, ToolMessage):
            out.append(("tool", m.tool_call_id, m.status, m.text))
        else:
            out.append((m.type, m.text))
    return out


def test_an_approval_left_unanswered_is_patched_before_the_next_model_call(scripted_model: Any) -> None:
    ENROLLED.clear()
    model = scripted_model(
        AIMessage("", tool_calls=[{"name": "enroll", "args": {"cohort_id": "rag-2"}, "id": "c1"}]),
        "sql costs €490.",
    )
    agent = create_agent(
        model,
        tools=[enroll],
        middleware=[DanglingToolCallsMiddleware(), HumanInTheLoopMiddleware(interrupt_on={"enroll": True})],
        checkpointer=InMemorySaver(),
    )
    cfg = {"configurable": {"thread_id": "t1"}}
    first = agent.invoke({"messages": [HumanMessage("enroll me in rag-2")]}, cfg)
    assert [i.value["action_requests"][0]["name"] for i in first["__interrupt__"]] == ["enroll"]
    ids_before = [m.id for m in agent.get_state(cfg).values["messages"]]

    # The student writes again instead of answering the approval: the enroll call is left dangling.
    second = agent.invoke({"messages": [HumanMessage("actually, what does sql cost?")]}, cfg)

    interrupted = interrupted_result("enroll", "c1").text
    expected = [
        ("human", "enroll me in rag-2"),
        ("ai", "", ["c1"]),
        ("tool", "c1", "error", interrupted),
        ("human", "actually, what does sql cost?"),
    ]
    assert shape(model.calls[1].messages) == expected
    assert shape(second["messages"]) == [*expected, ("ai", "sql costs €490.", [])]
    after = agent.get_state(cfg)
    assert [m.id for m in after.values["messages"]][:2] == ids_before
    assert after.values["messages"][2].id == "interrupted-c1"
    assert after.interrupts == ()
    assert ENROLLED == []


def test_a_seeded_history_gets_results_after_the_replys_own_results(scripted_model: Any) -> None:
    model = scripted_model("rag is €690; sql was not looked up.")
    agent = create_agent(
        model, tools=[lookup], middleware=[DanglingToolCallsMiddleware()], checkpointer=InMemorySaver()
    )
    cfg = {"configurable": {"thread_id": "t1"}}
    calls = [{"name": "lookup", "args": {"course_id": c}, "id": i} for c, i in (("rag", "c1"), ("sql", "c2"))]
    seeded = [
        HumanMessage("rag and sql?", id="h1"),
        AIMessage("", id="a1", tool_calls=calls),
        ToolMessage("rag: €690", tool_call_id="c1", name="lookup", id="t1"),
    ]
    agent.update_state(cfg, {"messages": seeded})

    out = agent.invoke({"messages": [HumanMessage("well?", id="h2")]}, cfg)

    ids = [m.id for m in out["messages"]]
    assert ids == ["h1", "a1", "t1", "interrupted-c2", "h2", ids[-1]]
    assert shape(model.calls[0].messages)[2:4] == [
        ("tool", "c1", "success", "rag: €690"),
        ("tool", "c2", "error", interrupted_result("lookup", "c2").text),
    ]


def test_a_complete_history_is_left_alone() -> None:
    history: list[AnyMessage] = [
        HumanMessage("hi", id="h1"),
        AIMessage("", id="a1", tool_calls=[{"name": "lookup", "args": {"course_id": "rag"}, "id": "c1"}]),
        ToolMessage("rag: €690", tool_call_id="c1", id="t1"),
        AIMessage("rag is €690", id="a2"),
    ]
    assert patch_dangling(history) is None
    patched = patch_dangling(history[:2])
    assert patched is not None
    assert patch_dangling(patched) is None  # patching twice adds nothing
