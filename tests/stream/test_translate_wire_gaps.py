"""What a translated stream must not hand a client although each event crosses as lm15 reads it.

Each case is checked against what the destination provider itself sends and what its SDK's
own accumulator makes of the translated bytes (the openai SDK's ChatCompletionStreamState and
ResponseStreamState events), not against lmcodec's own reading.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .write_support import REQUEST, _client

openai = pytest.importorskip("openai", reason="the openai SDK reads the translated streams")
from openai.lib.streaming.chat import ChatCompletionStreamState  # noqa: E402
from openai.lib.streaming.responses import ResponseStreamState  # noqa: E402


def _sse(events: list[dict[str, Any]]) -> bytes:
    return b"".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events)


_START = {
    "type": "message_start",
    "message": {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-x",
        "content": [],
        "stop_reason": None,
        "usage": {"input_tokens": 9, "output_tokens": 1},
    },
}


def _anthropic_calls(*calls: tuple[str, list[str]]) -> bytes:
    """An Anthropic stream calling ``(name, partial_json fragments)`` in turn, as the API sends
    it: a tool without parameters starts with ``input: {}`` and streams no or an empty fragment."""
    events: list[dict[str, Any]] = [_START]
    for i, (name, fragments) in enumerate(calls):
        block = {"type": "tool_use", "id": f"toolu_{i}", "name": name, "input": {}}
        events.append({"type": "content_block_start", "index": i, "content_block": block})
        for fragment in fragments:
            delta = {"type": "input_json_delta", "partial_json": fragment}
            events.append({"type": "content_block_delta", "index": i, "delta": delta})
        events.append({"type": "content_block_stop", "index": i})
    end = {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 5}}
    events.append(end)
    events.append({"type": "message_stop"})
    return _sse(events)


def _chat_sdk(body: bytes) -> tuple[list[str], dict[str, str]]:
    """The openai SDK's ``arguments.done`` events and final arguments per call of a Chat stream."""
    state = ChatCompletionStreamState()
    done: list[str] = []
    with _client(body).chat.completions.create(
        model="m-1", messages=[{"role": "user", "content": "hi"}], stream=True
    ) as stream:
        for chunk in stream:
            events: list[Any] = state.handle_chunk(chunk)
            done += [e.arguments for e in events if e.type == "tool_calls.function.arguments.done"]
    calls = state.current_completion_snapshot.choices[0].message.tool_calls or []
    return done, {c.function.name: c.function.arguments for c in calls}


def _responses_sdk(body: bytes) -> tuple[list[str], dict[str, str]]:
    """The openai SDK's ``function_call_arguments.done`` / ``output_item.done`` arguments and the
    final response's arguments per call of a Responses stream."""
    state: Any = ResponseStreamState(input_tools=openai.omit, text_format=openai.omit)
    done: list[str] = []
    with _client(body).responses.create(model="m-1", input="hi", stream=True) as stream:
        for event in stream:
            state.handle_event(event)
            if event.type == "response.function_call_arguments.done":
                done.append(event.arguments)
            elif event.type == "response.output_item.done" and event.item.type == "function_call":
                done.append(event.item.arguments)
    final = state._completed_response
    return done, {i.name: i.arguments for i in final.output if i.type == "function_call"}


@pytest.mark.parametrize("fragments", [[], [""]], ids=["no fragment", "empty fragment"])
def test_a_call_without_arguments_reaches_chat_clients_as_empty_json(fragments: list[str]) -> None:
    body = _anthropic_calls(("get_time", fragments))
    out = b"".join(lc.stream.translate("anthropic", "openai_chat", [body], request=REQUEST))
    done, final = _chat_sdk(out)
    assert done == ["{}"] and final == {"get_time": "{}"}  # what OpenAI sends for such a call


@pytest.mark.parametrize("fragments", [[], [""]], ids=["no fragment", "empty fragment"])
def test_a_call_without_arguments_reaches_responses_clients_as_empty_json(fragments: list[str]) -> None:
    body = _anthropic_calls(("get_time", fragments))
    out = b"".join(lc.stream.translate("anthropic", "openai", [body], request=REQUEST))
    done, final = _responses_sdk(out)
    assert done == ["{}", "{}"] and final == {"get_time": "{}"}


@pytest.mark.parametrize("dst", ["openai_chat", "openai"])
def test_a_call_without_arguments_beside_one_with_them(dst: str) -> None:
    body = _anthropic_calls(("get_time", []), ("get_x", ['{"a":', "1}"]))
    out = b"".join(lc.stream.translate("anthropic", dst, [body], request=REQUEST))
    _, final = (_chat_sdk if dst == "openai_chat" else _responses_sdk)(out)
    assert final == {"get_time": "{}", "get_x": '{"a":1}'}
    parts = lc.assemble(lc.stream.decode(dst, [out], request=REQUEST), request=REQUEST).message.parts
    assert [getattr(p, "input", None) for p in parts] == [{}, {"a": 1}]


def test_interleaved_calls_keep_their_arguments_whole() -> None:
    """A call that has no fragment yet when another starts may still get some: "{}" only at the end."""
    events: list[Any] = [lc.StreamStartEvent(id="r1", model="m")]
    for slot, name in ((0, "a"), (1, "b")):
        events.append(lc.StreamDeltaEvent(lc.ToolCallDelta(input="", part_index=slot, id=name, name=name)))
    events.append(lc.StreamDeltaEvent(lc.ToolCallDelta(input='{"x":1}', part_index=0)))
    events.append(lc.StreamEndEvent(finish_reason="tool_call"))
    _, final = _chat_sdk(b"".join(lc.stream.encode("openai_chat", events)))
    assert final == {"a": '{"x":1}', "b": "{}"}


def _server_tool_stream() -> bytes:
    """An Anthropic stream using the hosted web_search tool, then answering in text."""
    result = {"type": "web_search_result", "url": "https://a", "title": "A", "encrypted_content": "e"}
    blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]] = [
        (
            {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}},
            [{"type": "input_json_delta", "partial_json": '{"query":"x"}'}],
        ),
        ({"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": [result]}, []),
        ({"type": "text", "text": ""}, [{"type": "text_delta", "text": "ok"}]),
    ]
    events: list[dict[str, Any]] = [_START]
    for i, (block, deltas) in enumerate(blocks):
        events.append({"type": "content_block_start", "index": i, "content_block": block})
        events += [{"type": "content_block_delta", "index": i, "delta": d} for d in deltas]
        events.append({"type": "content_block_stop", "index": i})
    end = {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 3}}
    events.append(end)
    events.append({"type": "message_stop"})
    return _sse(events)


@pytest.mark.parametrize("dst", ["openai_chat", "openai", "anthropic", "gemini"])
def test_a_hosted_tool_call_is_left_out_not_handed_over_as_a_nameless_function_call(dst: str) -> None:
    """lm15 reads a server_tool_use block as a call without a name, and assembly refuses it (MAP-9):
    the client must not get a call of the tool "" that it would try to run. It was refused (the
    stream ended with an error event); the server ran that call, so it is left out and the answer
    written (red-team gateway F03: tests/stream/test_translate_server_tools.py)."""
    body = _server_tool_stream()
    with pytest.raises(lc.StreamAssemblyError, match="without a name"):
        lc.assemble(lc.stream.decode("anthropic", [body], request=REQUEST), request=REQUEST)
    out = b"".join(lc.stream.translate("anthropic", dst, [body], request=REQUEST))
    events = list(lc.stream.decode(dst, [out], request=REQUEST))
    deltas = [e.delta for e in events if isinstance(e, lc.StreamDeltaEvent)]
    assert not [d for d in deltas if isinstance(d, lc.ToolCallDelta)]
    assert isinstance(events[-1], lc.StreamEndEvent)
    assert lc.assemble(events, request=REQUEST).text == "ok"


@pytest.mark.parametrize("dst", ["openai_chat", "openai", "anthropic", "gemini"])
def test_encode_refuses_a_tool_call_without_a_name(dst: str) -> None:
    events = [
        lc.StreamStartEvent(id="r", model="m"),
        lc.StreamDeltaEvent(lc.ToolCallDelta(part_index=0, input="{}")),
        lc.StreamEndEvent(finish_reason="tool_call"),
    ]
    with pytest.raises(lc.ValidationError, match="without a name"):
        b"".join(lc.stream.encode(dst, events))


def test_an_empty_thinking_opening_writes_no_empty_thought_part() -> None:
    """A Responses reasoning item opens with an empty summary (lm15: ThinkingDelta ""); Gemini never
    sends a thought part with no text and no signature, and google-genai would hand it to clients."""
    from ..providers.sdk_readers import gemini_chunks, sdk_gemini

    opened = [
        lc.StreamStartEvent(id="r", model="m"),
        lc.StreamDeltaEvent(lc.ThinkingDelta(part_index=0, text="")),
        lc.StreamDeltaEvent(lc.ThinkingDelta(part_index=0, text="hm")),
        lc.StreamDeltaEvent(lc.TextDelta(part_index=1, text="Hi")),
        lc.StreamEndEvent(finish_reason="stop"),
    ]
    body = b"".join(lc.stream.encode("gemini", opened))
    parts = [p for c in gemini_chunks(body) for cand in c.candidates or [] for p in cand.content.parts or []]
    assert [(p.text, p.thought) for p in parts] == [("hm", True), ("Hi", None)]
    without = b"".join(lc.stream.encode("gemini", [opened[0], *opened[2:]]))
    assert sdk_gemini(body) == sdk_gemini(without)


_CHAT_RATE_LIMIT = (
    b'data: {"choices":[{"index":0,"delta":{"content":"par"}}]}\n\n'
    b'data: {"error":{"message":"Rate limit","type":"rate_limit_error","code":"429"}}\n\n'
)
_GEMINI_OVERLOADED = (
    b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"par"}]}}]}\n\n'
    b'data: {"error":{"code":503,"message":"overloaded","status":"UNAVAILABLE"}}\n\n'
)


@pytest.mark.parametrize(
    ("src", "body", "status", "code"),
    [
        ("openai_chat", _CHAT_RATE_LIMIT, "RESOURCE_EXHAUSTED", 429),
        ("gemini", _GEMINI_OVERLOADED, "UNAVAILABLE", 503),
    ],
)
def test_a_translated_error_keeps_its_status_for_gemini_clients(
    src: str, body: bytes, status: str, code: int
) -> None:
    from google.genai import errors

    from ..providers.sdk_readers import gemini_chunks

    out = b"".join(lc.stream.translate(src, "gemini", [body], request=REQUEST))
    with pytest.raises(errors.APIError) as info:
        gemini_chunks(out)
    assert (info.value.code, info.value.status) == (code, status)


@pytest.mark.parametrize(
    ("src", "body", "kind"),
    [
        ("openai_chat", _CHAT_RATE_LIMIT, "rate_limit_error"),
        ("gemini", _GEMINI_OVERLOADED, "overloaded_error"),
    ],
)
def test_a_translated_error_keeps_its_type_for_anthropic_clients(src: str, body: bytes, kind: str) -> None:
    anthropic = pytest.importorskip("anthropic")
    from ..providers.sdk_readers import sdk_anthropic

    out = b"".join(lc.stream.translate(src, "anthropic", [body], request=REQUEST))
    with pytest.raises(anthropic.APIStatusError) as info:
        sdk_anthropic(out)
    body_seen: Any = info.value.body
    assert body_seen["error"]["type"] == kind


def test_input_tokens_only_in_message_start_decode_as_lm15_and_translate_carries_them() -> None:
    """Red-team gateway F17, a documented difference (docs/writers.md): lm15 reads an Anthropic
    stream's usage from ``message_delta`` only, so one whose ``message_delta`` holds only
    ``output_tokens`` (Anthropic's documented example, Bedrock, Vertex) has no input count, where
    the anthropic SDK keeps message_start's. lmcodec decodes as lm15; translate, whose judge is the
    client's SDK, carries message_start's count (red team 44;
    ``tests/stream/test_translate_anthropic_start_counts.py``)."""
    from ..providers.provider_support import lm15_events, requests_for

    body = _sse(
        [
            _START,
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
            {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
            {"type": "content_block_stop", "index": 0},
            {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 15}},
            {"type": "message_stop"},
        ]
    )
    lm15_request, request = requests_for()
    lm15_end = lm15_events("anthropic", body, lm15_request)[-1]
    assert (lm15_end.usage.input_tokens, lm15_end.usage.output_tokens) == (None, 15)
    usage = lc.assemble(lc.stream.decode("anthropic", [body], request=request), request=request).usage
    assert (usage.input_tokens, usage.output_tokens) == (None, 15)
    out = b"".join(lc.stream.translate("anthropic", "openai_chat", [body], request=REQUEST))
    last = json.loads(out.split(b"data: ")[-2])
    assert last["usage"]["completion_tokens"] == 15 and last["usage"]["prompt_tokens"] == 9


_SIGNATURE = "EqQBCkYIBxgCKkDsignature"
_OMITTED_THINKING = [
    {**_START, "message": {**_START["message"], "model": "claude-opus-4-6"}},
    {
        "type": "content_block_start",
        "index": 0,
        "content_block": {"type": "thinking", "thinking": "", "signature": ""},
    },
    {
        "type": "content_block_delta",
        "index": 0,
        "delta": {"type": "signature_delta", "signature": _SIGNATURE},
    },
    {"type": "content_block_stop", "index": 0},
    {
        "type": "content_block_start",
        "index": 1,
        "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}},
    },
    {
        "type": "content_block_delta",
        "index": 1,
        "delta": {"type": "input_json_delta", "partial_json": '{"q": "x"}'},
    },
    {"type": "content_block_stop", "index": 1},
    {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 9}},
    {"type": "message_stop"},
]


def test_omitted_thinking_decodes_as_lm15_reads_it_and_the_gateway_keeps_the_signed_block() -> None:
    """Red team 9 F10, a documented lm15 parity trap (docs/writers.md): with ``thinking.display:
    "omitted"`` Claude streams a thinking block as its start and one signature_delta. lm15's stream
    adapter opens a thinking part only on a thinking_delta, so ``decode`` + ``assemble`` give (as
    lm15) a ``TextPart("")`` carrying the signature, where the same answer as a body reads as a
    ThinkingPart. The gateway path carries it right: ``translate`` writes the signed thinking block
    (the anthropic SDK reads it), and the client's next turn holding it is read as a ThinkingPart
    and sent on as the signed block."""
    from ..providers.provider_support import assert_same_outcome, lc_stream, lm15_stream, requests_for
    from ..providers.sdk_readers import sdk_anthropic

    body = _sse(_OMITTED_THINKING)
    lm15_request, request = requests_for("claude-opus-4-6")
    assert_same_outcome(lc_stream("anthropic", [body], request), lm15_stream("anthropic", body, lm15_request))
    parts = lc.assemble(lc.stream.decode("anthropic", [body], request=request), request=request).message.parts
    assert [type(p).__name__ for p in parts] == ["TextPart", "ToolCallPart"]
    assert parts[0].text == "" and parts[0].continuation[0].data == {"signature": _SIGNATURE}

    out = b"".join(lc.stream.translate("anthropic", "anthropic", [body], request=request))
    read = sdk_anthropic(out)
    assert (read["thinking"], read["signatures"], read["text"]) == ("", [_SIGNATURE], "")

    thinking = {"type": "thinking", "thinking": "", "signature": _SIGNATURE}
    call = {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"q": "x"}}
    turn2 = {
        "model": "claude-opus-4-6",
        "max_tokens": 4000,
        "thinking": {"type": "enabled", "budget_tokens": 2048},
        "tools": [{"name": "f", "input_schema": {"type": "object"}}],
        "messages": [
            {"role": "user", "content": "look x up"},
            {"role": "assistant", "content": [thinking, call]},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "found"}],
            },
        ],
    }
    read_back = lc.decode_request("anthropic", json.dumps(turn2).encode())
    assert [type(p).__name__ for p in read_back.messages[1].parts] == ["ThinkingPart", "ToolCallPart"]
    sent = json.loads(lc.translate_request("anthropic", "anthropic", json.dumps(turn2).encode()).body)
    assert sent["messages"][1]["content"][:2] == [thinking, call]
