"""A call whose arguments are not JSON (a Chat backend cut by max_tokens mid-arguments): lm15 reads
its input as ``{"partial_json": raw}``. Each dialect's body writer writes what its stream writer
writes for it, read through the official SDKs: Chat Completions and Responses the raw argument
text (before, the Responses and Chat bodies wrote the marker object as the arguments, a valid
JSON object the model never produced, while the streams sent the raw fragments); Anthropic and
Gemini, whose arguments are an object, the marker object in a body (docs/writers.md)."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import pytest

import lmcodec as lc

from ..stream.write_support import REQUEST, _client, chat_completion
from .gateway_support import genai_http_options
from .sdk_readers import _transport, gemini_chunks

RAW = '{"city": "Zür'


def _chat(delta: dict[str, Any], finish: str | None = None) -> bytes:
    chunk = {
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return b"data: " + json.dumps(chunk, ensure_ascii=False).encode() + b"\n\n"


_CALL = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": ""}}
CUT_CHAT_STREAM = [
    _chat({"role": "assistant", "content": None, "tool_calls": [_CALL]}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": '{"city": '}}]}),
    _chat({"tool_calls": [{"index": 0, "function": {"arguments": '"Zür'}}]}),
    _chat({}, "length"),
    b"data: [DONE]\n\n",
]


@pytest.fixture(scope="module")
def cut() -> tuple[list[Any], lc.Response]:
    """The cut stream's events and the Response lm15's reading assembles from them."""
    events = list(lc.stream.decode("openai_chat", CUT_CHAT_STREAM, request=REQUEST))
    response = lc.assemble(events, request=REQUEST)
    calls = [p for p in response.message.parts if isinstance(p, lc.ToolCallPart)]
    assert [c.input for c in calls] == [{"partial_json": RAW}]  # lm15's marker
    assert response.finish_reason == "length"
    return events, response


def _responses_body_arguments(body: bytes) -> list[str]:
    final = _client(body, "application/json").responses.create(model="m-1", input="hi")
    return [item.arguments for item in final.output if item.type == "function_call"]


def _responses_stream_arguments(body: bytes) -> list[str]:
    done, final = [], []
    with _client(body).responses.create(model="m-1", input="hi", stream=True) as stream:
        for event in stream:
            if event.type == "response.function_call_arguments.done":
                done.append(event.arguments)
            elif event.type in ("response.completed", "response.incomplete"):
                final = [item.arguments for item in event.response.output if item.type == "function_call"]
    assert done == final
    return final


def _chat_body_arguments(body: bytes) -> list[str]:
    completion = _client(body, "application/json").chat.completions.create(
        model="m-1", messages=[{"role": "user", "content": "hi"}]
    )
    return [c.function.arguments for c in completion.choices[0].message.tool_calls or []]


def _chat_stream_arguments(body: bytes) -> list[str]:
    message = chat_completion(body).choices[0].message
    return [c.function.arguments for c in message.tool_calls or []]


READERS = {
    "openai": (_responses_body_arguments, _responses_stream_arguments),
    "openai_chat": (_chat_body_arguments, _chat_stream_arguments),
}


@pytest.mark.parametrize("dialect", sorted(READERS))
def test_text_arguments_are_the_raw_text_in_body_and_stream(
    dialect: str, cut: tuple[list[Any], lc.Response]
) -> None:
    events, response = cut
    read_body, read_stream = READERS[dialect]
    assert read_stream(b"".join(lc.stream.encode(dialect, events))) == [RAW]
    assert read_body(lc.encode_response(dialect, response)) == [RAW]


def _anthropic_client(body: bytes, content_type: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key="sk-test", http_client=_transport(body, content_type), max_retries=0)


def test_anthropic_body_carries_the_marker_object_and_reads_back_as_its_stream(
    cut: tuple[list[Any], lc.Response],
) -> None:
    """A ``tool_use`` input is an object: the body carries lm15's marker; the stream sends the
    fragments as they came (``input_json_delta`` is text, as Anthropic sends a cut call). lmcodec
    reads both as the same input."""
    events, response = cut
    body = lc.encode_response("anthropic", response)
    message = _anthropic_client(body, "application/json").messages.create(
        model="m-1", max_tokens=16, messages=[{"role": "user", "content": "hi"}]
    )
    assert [b.input for b in message.content if b.type == "tool_use"] == [{"partial_json": RAW}]
    stream = b"".join(lc.stream.encode("anthropic", events))
    from_stream = lc.assemble(lc.stream.decode("anthropic", [stream], request=REQUEST), request=REQUEST)
    from_body = lc.decode_response("anthropic", body, request=REQUEST)
    assert from_stream.message.parts == from_body.message.parts == response.message.parts


def test_gemini_body_and_stream_carry_the_same_marker_object(cut: tuple[list[Any], lc.Response]) -> None:
    events, response = cut
    stream = b"".join(lc.stream.encode("gemini", events))
    streamed = [
        part.function_call.args
        for chunk in gemini_chunks(stream)
        for part in chunk.candidates[0].content.parts or []
        if part.function_call is not None
    ]
    from google import genai

    options = genai_http_options(_transport(lc.encode_response("gemini", response), "application/json"))
    reply = genai.Client(api_key="test-key", http_options=options).models.generate_content(
        model="gemini-test", contents="hi"
    )
    in_body = [part.function_call.args for part in reply.candidates[0].content.parts if part.function_call]
    assert streamed == in_body == [{"partial_json": RAW}]


def _one_call(arguments: dict[str, Any]) -> lc.Response:
    return lc.Response(
        id="r1",
        model="m-1",
        message=lc.Message(
            role="assistant", parts=(lc.ToolCallPart(id="call_1", name="f", input=arguments),)
        ),
        finish_reason="tool_call",
        usage=lc.Usage(input_tokens=1, output_tokens=1),
    )


@pytest.mark.parametrize("dialect", sorted(READERS))
@pytest.mark.parametrize(
    "arguments",
    [{"value": 5}, {"partial_json": "{}"}, {"partial_json": "[1]"}, {"partial_json": RAW, "unit": "C"}],
    ids=[
        "named-value",
        "named-partial-json-holding-an-object",
        "named-partial-json-holding-json",
        "two-keys",
    ],
)
def test_a_call_whose_own_arguments_look_like_a_marker_is_written_as_its_object(
    dialect: str, arguments: dict[str, Any]
) -> None:
    """Only lm15's marker is unwrapped: ``{"partial_json": raw}`` alone, ``raw`` not JSON (lm15
    marks nothing else so). ``{"value": v}`` is lm15's reading of non-object arguments, but also a
    call whose one argument is named ``value``: a body keeps it as the object."""
    read_body, _ = READERS[dialect]
    written = read_body(lc.encode_response(dialect, _one_call(arguments)))
    assert [json.loads(text) for text in written] == [arguments]


@pytest.mark.parametrize("dialect", sorted(READERS))
def test_arguments_holding_nan_marked_by_the_stream_reader_are_written_raw(dialect: str) -> None:
    """lm15's stream reader marks arguments with NaN as not JSON (its body reader reads them)."""
    raw = '{"t": NaN}'
    read_body, _ = READERS[dialect]
    assert read_body(lc.encode_response(dialect, _one_call({"partial_json": raw}))) == [raw]


DEEP = '{"a":' * 100_000 + "1" + "}" * 100_000
"""Arguments nested past what json.loads takes on every supported Python (3.10-3.11 refuse ~1,000
levels, 3.12+ ~10,000): lm15's json.loads raises RecursionError, which its
``_parse_json_best_effort`` catches, so lm15 marks them as text that is not JSON."""


@pytest.mark.parametrize("dialect", ["openai", "openai_chat", "anthropic", "gemini"])
def test_arguments_nested_too_deep_for_lm15_are_written_as_its_marker_says(dialect: str) -> None:
    """Every writer writes such arguments as it writes a cut call's (the table above); the Gemini
    and Anthropic stream writers raised a bare RecursionError, and the Chat and Responses bodies
    refused them as a value nested too deeply where their streams write the text."""
    events = [
        lc.StreamStartEvent(id="r1", model="m-1"),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(part_index=0, id="call_1", name="f", input=DEEP)),
        lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=1)),
    ]
    response = lc.assemble(events, request=REQUEST)
    calls = [p.input for p in response.message.parts if isinstance(p, lc.ToolCallPart)]
    assert calls == [{"partial_json": DEEP}]
    stream = b"".join(lc.stream.encode(dialect, events))
    from_stream = lc.assemble(lc.stream.decode(dialect, [stream], request=REQUEST), request=REQUEST)
    from_body = lc.decode_response(dialect, lc.encode_response(dialect, response), request=REQUEST)
    assert from_stream.message.parts == from_body.message.parts == response.message.parts
    if dialect in READERS:
        read_body, _ = READERS[dialect]
        assert read_body(lc.encode_response(dialect, response)) == [DEEP]
