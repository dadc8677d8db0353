"""The stock baseline: a plain LangGraph graph doing the school's work the textbook way.

Same routing (the school's keyword rules), same catalog answers, same domain call on approval, and
`PostgresSaver` on the same database; but `add_messages` for the history, no journal, no thread lock,
no grants, no migrations, the saver's default durability. What the project adds on top of this is
what the benchmark measures.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal, TypedDict

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AnyMessage
from langchain_core.runnables import RunnableConfig
from langgraph.channels import DeltaChannel
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import Command, interrupt

from agent.domain import School
from agent.infra.internals import messages_delta_reducer
from graphs.intents import classify
from graphs.nodes.answer import answer_messages, compose_answer
from graphs.retrieval import Retriever


class StockState(TypedDict):
    """The baseline's state: the history (re-saved whole at every step) and the pending cohort."""

    messages: Annotated[list[AnyMessage], add_messages]
    cohort: str | None


class DeltaState(TypedDict):
    """The same with LangGraph's delta channel for the history (for the storage comparison)."""

    messages: Annotated[list[AnyMessage], DeltaChannel(messages_delta_reducer, snapshot_frequency=50)]
    cohort: str | None


def build_stock_graph(
    school: School,
    checkpointer: BaseCheckpointSaver[Any] | None,
    *,
    delta: bool = False,
    model: BaseChatModel | None = None,
    use_async: bool = False,
) -> CompiledStateGraph[Any, None, Any, Any]:
    """The graph: router → answer | propose → approval (interrupt) → execute.

    With `model`, the answer node asks it after the catalog search (`use_async`: an async node,
    for `ainvoke`, as a concurrent deployment would run it); without, it states the catalog's facts.
    """
    retriever = Retriever(school)

    def router(state: Any) -> Command[Literal["answer", "propose", "__end__"]]:
        intent = classify(str(state["messages"][-1].content), pending=False)
        if intent == "question":
            return Command(goto="answer")
        return Command(goto="propose" if intent == "enroll" else "__end__")

    def answer(state: Any) -> dict[str, Any]:
        found = retriever.search(str(state["messages"][-1].content))
        return {"messages": [AIMessage(compose_answer(found.courses))]}

    def answer_with_model(state: Any) -> dict[str, Any]:
        question = str(state["messages"][-1].content)
        found = retriever.search(question)
        assert model is not None
        return {"messages": [model.invoke(answer_messages(question, found.courses))]}

    async def answer_with_model_async(state: Any) -> dict[str, Any]:
        question = str(state["messages"][-1].content)
        found = await asyncio.to_thread(retriever.search, question)
        assert model is not None
        return {"messages": [await model.ainvoke(answer_messages(question, found.courses))]}

    def propose(state: Any) -> dict[str, Any]:
        ids = school.named_ids(str(state["messages"][-1].content), limit=1)
        cohorts = school.cohorts_of(ids[0]) if ids else []
        return {"cohort": cohorts[0]["id"] if cohorts else None}

    def approval(state: Any) -> Command[Literal["execute", "__end__"]]:
        decision = interrupt({"action": "enroll", "cohort": state["cohort"]})
        return Command(goto="execute" if decision == "approve" else "__end__")

    def execute(state: Any, config: RunnableConfig) -> dict[str, Any]:
        thread = config.get("configurable", {})["thread_id"]
        outcome = school.enroll(f"stock:{thread}", student_id=thread, cohort_id=str(state["cohort"]))
        return {"messages": [AIMessage(f"Done: {outcome.get('status')}.")]}

    builder: StateGraph[Any, None, Any, Any] = StateGraph(DeltaState if delta else StockState)
    builder.add_node("router", router)
    builder.add_node(
        "answer", answer if model is None else answer_with_model_async if use_async else answer_with_model
    )
    builder.add_node("propose", propose)
    builder.add_node("approval", approval)
    builder.add_node("execute", execute)
    builder.add_edge(START, "router")
    builder.add_edge("propose", "approval")
    builder.add_edge("answer", END)
    builder.add_edge("execute", END)
    return builder.compile(checkpointer=checkpointer, name="stock")
