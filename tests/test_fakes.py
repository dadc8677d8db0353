"""The test stand-ins themselves: the OpenAI stub, the network guard, the scripted model, the embeddings.

Each stand-in is shown both to work with the real client code and to fail a test when it should.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import threading
import time
from typing import Any

import httpx
import openai
import pytest
from langchain_core.exceptions import ModelAPIError, ModelTimeoutError
from langchain_core.messages import AIMessage, AIMessageChunk, HumanMessage
from langchain_openai import ChatOpenAI, OpenAIEmbeddings
from langgraph.graph import START, MessagesState, StateGraph

from tests.support.fakes import KeywordEmbeddings, ModelCall, ScriptedChatModel
from tests.support.openai_stub import Embed, Fail, Hang, OpenAIStub, Reply

pytest_plugins = ["pytester"]

SCHEMA = {
    "type": "json_schema",
    "json_schema": {
        "name": "intent",
        "strict": True,
        "schema": {
            "type": "object",
            "properties": {"intent": {"type": "string"}},
            "required": ["intent"],
            "additionalProperties": False,
        },
    },
}
USAGE = {"input_tokens": 12, "output_tokens": 4, "total_tokens": 16}
ENROLL = {"name": "enroll", "args": {"cohort_id": "rag-2"}, "id": "c1"}
ENROLL_CALL = ENROLL | {"type": "tool_call"}


def chat(stub: OpenAIStub, **options: Any) -> ChatOpenAI:
    options = {"max_retries": 0} | options
    return ChatOpenAI(base_url=stub.base_url, api_key="test", model="stub", **options)  # type: ignore[arg-type]


def join(chunks: list[AIMessageChunk]) -> AIMessageChunk:
    total = chunks[0]
    for chunk in chunks[1:]:
        total += chunk
    return total


# --- the OpenAI stub, through the real clients ---


def test_chat_openai_gets_the_scripted_content_and_usage(openai_stub: OpenAIStub) -> None:
    openai_stub.script(Reply("Enrolled in rag-2.", usage=(12, 4)))

    answer = chat(openai_stub).invoke([HumanMessage("enroll me in rag-2")])

    assert answer.content == "Enrolled in rag-2."
    assert answer.usage_metadata == USAGE | {"input_token_details": {}, "output_token_details": {}}
    assert answer.response_metadata["model_name"] == "stub"
    assert answer.response_metadata["finish_reason"] == "stop"
    [request] = openai_stub.requests
    assert (request.method, request.path) == ("POST", "/v1/chat/completions")
    assert request.body["model"] == "stub"
    assert request.body["messages"] == [{"role": "user", "content": "enroll me in rag-2"}]
    assert request.headers["authorization"] == "Bearer test"


def test_async_chat_openai_gets_the_scripted_content(openai_stub: OpenAIStub) -> None:
    openai_stub.script(Reply("first"), Reply("second streamed"))
    model = chat(openai_stub)

    async def both() -> tuple[Any, list[Any]]:
        return await model.ainvoke("hi"), [c.content async for c in model.astream("hi")]

    invoked, streamed = asyncio.run(both())

    assert invoked.content == "first"
    assert "".join(streamed) == "second streamed"


def test_chat_openai_streams_pieces_and_usage_when_asked(openai_stub: OpenAIStub) -> None:
    openai_stub.script(Reply("Seats are free in rag-2.", usage=(12, 4)))

    chunks = list(chat(openai_stub, stream_usage=True).stream("any seats?"))

    assert [c.content for c in chunks if c.content] == ["Seats ", "are ", "free ", "in ", "rag-2."]
    whole = join(chunks)
    assert whole.content == "Seats are free in rag-2."
    assert whole.usage_metadata == USAGE | {"input_token_details": {}, "output_token_details": {}}
    assert openai_stub.requests[0].body["stream"] is True
    assert openai_stub.requests[0].body["stream_options"] == {"include_usage": True}


def test_chat_openai_on_a_custom_base_url_does_not_ask_for_streamed_usage(openai_stub: OpenAIStub) -> None:
    # langchain-openai turns stream_usage on by default only for api.openai.com: a budget counted
    # from streamed usage needs stream_usage=True on a custom base_url.
    openai_stub.script(Reply("no usage", usage=(3, 2)))

    whole = join(list(chat(openai_stub).stream("hi")))

    assert whole.content == "no usage"
    assert whole.usage_metadata is None
    assert "stream_options" not in openai_stub.requests[0].body


def test_bound_response_format_is_sent_and_invalid_json_comes_back_as_text(openai_stub: OpenAIStub) -> None:
    openai_stub.script(Reply('{"intent": "question"'))

    answer = chat(openai_stub).bind(response_format=SCHEMA).invoke("when does rag start?")

    assert answer.content == '{"intent": "question"'
    assert openai_stub.requests[0].body["response_format"] == SCHEMA


def test_a_scripted_failure_raises_the_sdk_error(openai_stub: OpenAIStub) -> None:
    openai_stub.script(Fail(500, "the model is down"))

    with pytest.raises(openai.InternalServerError, match="the model is down") as caught:
        chat(openai_stub).invoke("hi")

    assert isinstance(caught.value, ModelAPIError)
    assert caught.value.status_code == 500


def test_a_client_that_retries_gets_the_next_reply_at_once(openai_stub: OpenAIStub) -> None:
    openai_stub.script(Fail(500), Fail(429), Reply("third time"))
    started = time.monotonic()

    answer = chat(openai_stub, max_retries=2).invoke("hi")

    assert answer.content == "third time"
    assert len(openai_stub.requests) == 3
    assert time.monotonic() - started < 1  # retry-after-ms: 1 overrides the SDK's backoff


def test_a_hang_past_the_client_timeout_raises_a_timeout(openai_stub: OpenAIStub) -> None:
    openai_stub.script(Hang(2))
    started = time.monotonic()

    with pytest.raises(openai.APITimeoutError) as caught:
        chat(openai_stub, timeout=0.3).invoke("hi")

    assert isinstance(caught.value, ModelTimeoutError)
    assert time.monotonic() - started < 1.5


def test_open_ai_embeddings_get_the_scripted_vectors(openai_stub: OpenAIStub) -> None:
    openai_stub.script(Embed([[0.5, 0.25, 0.0], [0.0, -1.0, 0.125]], prompt_tokens=4))
    embeddings = OpenAIEmbeddings(
        base_url=openai_stub.base_url,
        api_key="test",  # type: ignore[arg-type]
        model="stub-embed",
        check_embedding_ctx_length=False,
    )

    vectors = embeddings.embed_documents(["rag course", "sql course"])

    assert vectors == [[0.5, 0.25, 0.0], [0.0, -1.0, 0.125]]
    body = openai_stub.requests[0].body
    assert body["input"] == ["rag course", "sql course"]
    assert body["encoding_format"] == "base64"  # what openai>=3 asks for unless told otherwise


def test_a_responder_answers_by_content(openai_stub: OpenAIStub) -> None:
    def by_question(body: dict[str, Any]) -> Reply:
        question = body["messages"][-1]["content"]
        return Reply(json.dumps({"intent": "enroll" if "enroll" in question else "question"}))

    openai_stub.respond_with(by_question)
    model = chat(openai_stub)

    answers = [model.invoke(q).content for q in ("enroll me in rag-2", "what is rag?")]

    assert answers == ['{"intent": "enroll"}', '{"intent": "question"}']


def test_the_models_endpoint_lists_the_stub(openai_stub: OpenAIStub) -> None:
    with openai.OpenAI(base_url=openai_stub.base_url, api_key="test", max_retries=0) as client:
        assert [m.id for m in client.models.list()] == ["stub"]


def test_an_unscripted_request_gets_a_500_and_fails_assert_complete() -> None:
    with OpenAIStub() as stub:
        with pytest.raises(openai.InternalServerError, match="stub: no scripted reply"):
            chat(stub).invoke("hi")

        with pytest.raises(AssertionError, match="no scripted reply"):
            stub.assert_complete()


def test_leftover_replies_fail_assert_complete() -> None:
    with OpenAIStub() as stub:
        stub.script(Reply("one"), Reply("two"))
        chat(stub).invoke("hi")

        with pytest.raises(AssertionError, match=r"1 scripted replies left over: \[Reply\(content='two'"):
            stub.assert_complete()


def test_an_unknown_path_gets_openais_404_and_fails_assert_complete() -> None:
    with OpenAIStub() as stub:
        response = httpx.post(f"{stub.base_url}/responses", json={"model": "stub"})

        assert response.status_code == 404
        assert response.json() == {
            "error": {
                "message": "stub: no endpoint POST /v1/responses",
                "type": "invalid_request_error",
                "param": None,
                "code": None,
            }
        }
        with pytest.raises(AssertionError, match="no such endpoint"):
            stub.assert_complete()


def test_a_chat_reply_for_an_embeddings_request_fails_assert_complete() -> None:
    with OpenAIStub() as stub:
        stub.script(Reply("not a vector"))
        embeddings = OpenAIEmbeddings(
            base_url=stub.base_url,
            api_key="test",  # type: ignore[arg-type]
            model="stub-embed",
            check_embedding_ctx_length=False,
            max_retries=0,
        )
        with pytest.raises(openai.InternalServerError):
            embeddings.embed_query("rag")

        with pytest.raises(AssertionError, match="cannot answer embeddings"):
            stub.assert_complete()


def test_closing_the_stub_cuts_a_hang_short() -> None:
    before = set(threading.enumerate())  # other tests' stubs may still be finishing their threads
    stub = OpenAIStub().start()
    stub.script(Hang(30))
    with pytest.raises(openai.APITimeoutError):
        chat(stub, timeout=0.2).invoke("hi")
    started = time.monotonic()

    stub.close()

    assert time.monotonic() - started < 1
    left = [t.name for t in set(threading.enumerate()) - before if t.name.startswith("openai-stub")]
    assert left == []


# --- the network guard, run in an inner pytest session ---

INNER_CONFTEST = (
    "from tests.conftest import (no_real_models, openai_stub, pytest_runtest_makereport,\n"
    "                           scripted_model)\n"
)


def test_the_guard_fails_a_test_that_reached_a_real_host_even_if_it_caught_the_error(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeconftest(INNER_CONFTEST)
    pytester.makepyfile("""
        import asyncio
        from langchain_openai import ChatOpenAI

        def model():
            return ChatOpenAI(base_url="https://api.openai.com/v1", api_key="sk-none", model="gpt-4o-mini",
                              max_retries=0)

        def test_sync():
            try:
                model().invoke("hi")
            except Exception:
                pass

        def test_async():
            try:
                asyncio.run(model().ainvoke("hi"))
            except Exception:
                pass
    """)

    result = pytester.runpytest("-p", "no:cacheprovider")

    result.assert_outcomes(passed=2, errors=2)
    result.stdout.fnmatch_lines(
        [
            "*requests to hosts other than loopback (refused):",
            "*POST https://api.openai.com/v1/chat/completions",
        ]
    )


def test_the_guard_lets_a_test_talk_to_the_loopback_stub(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(INNER_CONFTEST)
    pytester.makepyfile("""
        from langchain_openai import ChatOpenAI
        from tests.support.openai_stub import Reply

        def test_stub(openai_stub):
            openai_stub.script(Reply("hello"))
            model = ChatOpenAI(base_url=openai_stub.base_url, api_key="test", model="stub", max_retries=0)
            assert model.invoke("hi").content == "hello"
    """)

    result = pytester.runpytest("-p", "no:cacheprovider")

    result.assert_outcomes(passed=1)


def test_the_fixtures_fail_a_test_that_left_scripts_unused(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(INNER_CONFTEST)
    pytester.makepyfile("""
        from tests.support.openai_stub import Reply

        def test_model(scripted_model):
            scripted_model("never asked", name="router")

        def test_stub(openai_stub):
            openai_stub.script(Reply("never asked"))

        def test_failing(scripted_model):
            scripted_model("never asked")
            assert False, "the test's own failure"
    """)

    result = pytester.runpytest("-p", "no:cacheprovider")

    result.assert_outcomes(passed=2, errors=2, failed=1)
    result.stdout.fnmatch_lines(
        ["*ScriptedChatModel 'router': 1 scripted steps left over*", "*1 scripted replies left over*"]
    )
    result.stdout.fnmatch_lines(["*the test's own failure*"])
    result.stdout.no_fnmatch_line("*ERROR at teardown of test_failing*")  # no second report of a failure


# --- ScriptedChatModel ---


def test_scripted_model_plays_its_steps_and_records_the_calls(scripted_model: Any) -> None:
    answer = AIMessage("", tool_calls=[ENROLL])
    model = scripted_model("hello", answer, TimeoutError("slow"), name="router")

    bound = model.bind_tools([]).bind(response_format={"type": "json_object"})
    assert model.bind_tools([]) is model
    assert bound.invoke("hi").content == "hello"
    assert model.invoke([HumanMessage("enroll me")]).tool_calls == [ENROLL_CALL]
    with pytest.raises(TimeoutError, match="slow"):
        model.invoke("again")

    assert model.calls == [
        ModelCall([HumanMessage("hi")], {"stop": None, "response_format": {"type": "json_object"}}),
        ModelCall([HumanMessage("enroll me")], {"stop": None}),
        ModelCall([HumanMessage("again")], {"stop": None}),
    ]
    assert answer.id is None  # the scripted message is copied, not given a run id


def test_a_call_past_the_script_fails_assert_complete_even_when_swallowed() -> None:
    model = ScriptedChatModel(["only one"], name="router")
    model.invoke("hi")
    with contextlib.suppress(AssertionError):  # what an application's fallback would do
        model.invoke("one more")

    with pytest.raises(AssertionError, match=r"1 calls after the script ran out, the first with \['one mo"):
        model.assert_complete()
    assert len(model.calls) == 2


def test_leftover_steps_fail_assert_complete() -> None:
    model = ScriptedChatModel(["one", "two"])
    model.invoke("hi")

    with pytest.raises(AssertionError, match="1 scripted steps left over: \\['two'\\]"):
        model.assert_complete()


def test_a_scripted_step_must_be_a_message_a_string_or_an_exception() -> None:
    with pytest.raises(TypeError, match="a scripted step is"):
        ScriptedChatModel([{"content": "hi"}])  # type: ignore[list-item]


def test_scripted_model_is_serialisable_without_its_script(scripted_model: Any) -> None:
    model = scripted_model("hi", name="router")

    assert model.model_dump() == {"name": "router", "disable_streaming": False, "output_version": None}
    model.invoke("hi")


def test_streaming_yields_tokens_and_keeps_usage_metadata_and_tool_calls(scripted_model: Any) -> None:
    scripted = AIMessage(
        "Enrolling you  now.",
        usage_metadata=USAGE,
        response_metadata={"model_name": "fake"},
        tool_calls=[ENROLL],
    )
    model = scripted_model(scripted)

    chunks = list(model.stream("enroll me"))

    assert [c.content for c in chunks] == ["Enrolling", " ", "you", " ", " ", "now."]
    whole = join(chunks)
    assert whole.content == "Enrolling you  now."
    assert whole.usage_metadata == USAGE
    assert whole.response_metadata == {"model_name": "fake"}
    assert whole.tool_calls == [ENROLL_CALL]


def graph_of(model: ScriptedChatModel) -> Any:
    def call(state: MessagesState) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    builder = StateGraph(MessagesState)
    builder.add_node("call", call)
    builder.add_edge(START, "call")
    return builder.compile()


def test_under_messages_streaming_the_node_gets_the_whole_message(scripted_model: Any) -> None:
    scripted = AIMessage(
        "Enrolling you now.",
        usage_metadata=USAGE,
        response_metadata={"model_name": "fake"},
        tool_calls=[ENROLL],
    )
    graph = graph_of(scripted_model(scripted))

    parts = list(graph.stream({"messages": [HumanMessage("enroll me")]}, stream_mode=["messages", "values"]))

    tokens = [part[1][0].content for part in parts if part[0] == "messages"]
    assert tokens == ["Enrolling", " ", "you", " ", "now."]
    final = parts[-1][1]["messages"][-1]
    assert isinstance(final, AIMessage)
    assert (final.content, final.usage_metadata, final.response_metadata) == (
        "Enrolling you now.",
        USAGE,
        {"model_name": "fake"},
    )
    assert final.tool_calls == [ENROLL_CALL]


def test_scripted_model_async(scripted_model: Any) -> None:
    model = scripted_model("one two", "three four")

    async def both() -> tuple[Any, list[Any]]:
        return await model.ainvoke("hi"), [c.content async for c in model.astream("hi")]

    invoked, streamed = asyncio.run(both())

    assert invoked.content == "one two"
    assert streamed == ["three", " ", "four"]


# --- KeywordEmbeddings ---


def test_keyword_embeddings_are_normalised_counts_over_the_vocabulary() -> None:
    embeddings = KeywordEmbeddings(["python", "rag", "sql"])

    expected = [0, 1 / math.sqrt(5), 2 / math.sqrt(5)]
    assert embeddings.embed_query("RAG with SQL, SQL!") == pytest.approx(expected)
    assert embeddings.embed_documents(["Python basics", "cooking"]) == [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    assert embeddings.calls == 2
    assert embeddings.texts == ["RAG with SQL, SQL!", "Python basics", "cooking"]


def test_keyword_embeddings_predict_the_nearest_document() -> None:
    embeddings = KeywordEmbeddings(["python", "rag", "sql", "retrieval"])
    documents = ["Intro to Python", "RAG: retrieval for LLMs", "SQL for analysts"]
    vectors = embeddings.embed_documents(documents)
    query = embeddings.embed_query("how does retrieval work?")

    scores = [sum(q * d for q, d in zip(query, v, strict=True)) for v in vectors]

    assert documents[scores.index(max(scores))] == "RAG: retrieval for LLMs"


def test_keyword_embeddings_refuse_a_vocabulary_of_phrases_or_duplicates() -> None:
    with pytest.raises(ValueError, match="distinct single words"):
        KeywordEmbeddings(["machine learning"])
    with pytest.raises(ValueError, match="distinct single words"):
        KeywordEmbeddings(["rag", "RAG"])
