"""The Chat Completions stream and body writer, judged by the openai SDK, lm15 1.5.0 and lmcodec's decoder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from ..stream.write_support import (
    REQUEST,
    _client,
    chat_completion,
    check_written,
    corpus_id,
    corpus_streams,
    named_as_served,
    projection,
    sdk_chat,
    served_request,
    synthesized,
    unnamed_call,
)

WIRE = "openai_chat"
SYNTH = synthesized()


@pytest.mark.parametrize("case", corpus_streams(), ids=corpus_id)
def test_corpus_stream_written_as_chat(case: tuple[str, Path]) -> None:
    src, path = case
    events = list(lc.stream.decode(src, [path.read_bytes()], request=REQUEST))
    try:
        lc.assemble(events, request=REQUEST)
    except lc.LmcodecError as exc:
        pytest.skip(f"the source stream does not assemble ({exc}); nothing to compare")
    check_written(WIRE, events)


@pytest.mark.parametrize("name", [n for n in SYNTH if n != "error_mid_stream"])
def test_synthesized_stream_written_as_chat(name: str) -> None:
    check_written(WIRE, SYNTH[name])


def _chunks(body: bytes) -> list[dict]:
    return [json.loads(line[6:]) for line in body.split(b"\n") if line.startswith(b"data: {")]


def test_chunk_shape_role_first_usage_chunk_then_done() -> None:
    body = b"".join(lc.stream.encode(WIRE, SYNTH["parallel_tool_calls"]))
    chunks = _chunks(body)
    assert chunks[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    assert {c["id"] for c in chunks} == {"resp_synth1"} and {c["model"] for c in chunks} == {"m-served"}
    assert chunks[-1]["choices"] == [] and chunks[-1]["usage"]["total_tokens"] == 30
    assert chunks[-2]["choices"][0]["finish_reason"] == "tool_calls"
    assert body.endswith(b"data: [DONE]\n\n")
    firsts = [
        call for c in chunks[1:-2] for call in c["choices"][0]["delta"].get("tool_calls", []) if "id" in call
    ]
    assert [(c["index"], c["id"], c["function"]["name"]) for c in firsts] == [
        (0, "call_a", "search"),
        (1, "call_b", "read"),
    ]
    view = sdk_chat(body)
    assert view["id"] == "resp_synth1" and view["model"] == "m-served"


def test_an_error_mid_stream_is_an_error_chunk_the_sdk_raises() -> None:
    import openai

    body = b"".join(lc.stream.encode(WIRE, SYNTH["error_mid_stream"]))
    assert not body.endswith(b"[DONE]\n\n")
    events = list(lc.stream.decode(WIRE, [body], request=REQUEST))
    error = events[-1]
    assert isinstance(error, lc.StreamErrorEvent)
    assert (error.error.provider_code, error.error.message) == ("rate_limit_exceeded", "slow down")
    with pytest.raises(openai.APIError, match="slow down"):
        sdk_chat(body)


@pytest.mark.parametrize("path", [p for p in corpus_streams() if p[0] == WIRE], ids=corpus_id)
def test_same_dialect_round_trip_keeps_events_and_provider_data(path: tuple[str, Path]) -> None:
    request = served_request(WIRE, path[1].read_bytes())  # the start the backend's own stream has
    events = list(lc.stream.decode(WIRE, [path[1].read_bytes()], request=request))
    if unnamed_call(events):  # MAP-9: the writer refuses it, as assembly does
        with pytest.raises(lc.ValidationError, match="without a name"):
            b"".join(lc.stream.encode(WIRE, events))
        return
    body = b"".join(lc.stream.encode(WIRE, named_as_served(WIRE, path[1].read_bytes(), events)))
    again = list(lc.stream.decode(WIRE, [body], request=request))
    assert again == events
    assert again[-1].provider_data == events[-1].provider_data


def _chunk_heads(body: bytes) -> list[tuple[Any, Any]]:
    out = []
    for line in body.split(b"\n"):
        if line.startswith(b"data: {"):
            chunk = json.loads(line[6:])
            if "error" not in chunk:
                out.append((chunk.get("id"), chunk.get("model")))
    return out


@pytest.mark.parametrize("path", [p for p in corpus_streams() if p[0] == WIRE], ids=corpus_id)
def test_a_decoded_stream_is_written_under_one_id(path: tuple[str, Path]) -> None:
    """Red team 9 F02: Encoder("openai_chat") fed decode("openai_chat", body) (lm15 gives the
    start no id) wrote its own chunks under a fresh ``chatcmpl-`` id and the backend's last chunk,
    kept verbatim, under the backend's: one stream, two ids (OpenAI sends one; a client grouping
    chunks by id sees two completions). Every chunk names one id and one model, with and without a
    request naming the served model, and the openai SDK's accumulator reads the stream's text."""
    source = path[1].read_bytes()
    for request in (None, served_request(WIRE, source)):
        events = list(lc.stream.decode(WIRE, [source], request=request))
        if unnamed_call(events):
            continue
        body = b"".join(lc.stream.encode(WIRE, events))
        heads = _chunk_heads(body)
        assert len(set(heads)) == 1, heads
        try:
            response = lc.assemble(events, request=request)
        except lc.LmcodecError:
            continue
        read = sdk_chat(body)
        assert (read["id"], read["model"], read["text"]) == (*heads[0], projection(response, WIRE)["text"])


@pytest.mark.parametrize("name", [n for n in SYNTH if n != "error_mid_stream"])
def test_body_of_an_assembled_stream(name: str) -> None:
    response = lc.assemble(SYNTH[name], request=REQUEST)
    body = lc.encode_response(WIRE, response)
    back = lc.decode_response(WIRE, body, request=REQUEST)
    assert projection(back, WIRE) == projection(response, WIRE)
    parsed = _client(body, "application/json").chat.completions.create(
        model="m-1", messages=[{"role": "user", "content": "hi"}]
    )
    message = parsed.choices[0].message
    want = projection(response, WIRE)
    assert (message.content or "") == want["text"]
    calls = [(c.id, c.function.name, json.loads(c.function.arguments)) for c in message.tool_calls or []]
    assert calls == want["tool_calls"]


_FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "chat_bodies.json"


@pytest.mark.parametrize("index", range(len(json.loads(_FIXTURES.read_text()))))
def test_fixture_body_round_trip(index: int) -> None:
    """The corpus has no complete Chat body: the hand-written fixtures stand in."""
    body = json.dumps(json.loads(_FIXTURES.read_text())[index]).encode()
    try:
        response = lc.decode_response(WIRE, body, request=REQUEST)
    except lc.LmcodecError as exc:
        pytest.skip(f"an error body or one lm15 refuses, no Response to write ({exc})")
    again = lc.decode_response(WIRE, lc.encode_response(WIRE, response), request=REQUEST)
    if "model" in json.loads(body):  # written back verbatim, a choice with no index given its own
        kept = response.provider_data or {}
        indexed = [
            {"index": position, **choice} if isinstance(choice, dict) and "index" not in choice else choice
            for position, choice in enumerate(kept["choices"])
        ]
        assert again == lc.replace(response, provider_data={**kept, "choices": indexed})
    else:  # the written body names the model (and, given none, a fresh id): provider_data differs
        assert response.id is None and again.id is not None and again.id.startswith("chatcmpl-")
        assert lc.replace(again, provider_data=None, id=None) == lc.replace(response, provider_data=None)


@pytest.mark.parametrize("wire", ["openai", "openai_chat"])
def test_a_changed_response_is_not_hidden_by_its_provider_data(wire: str) -> None:
    body = b"".join(lc.stream.encode(wire, SYNTH["text"]))
    response = lc.assemble(lc.stream.decode(wire, [body], request=REQUEST), request=REQUEST)
    source = lc.decode_response(wire, lc.encode_response(wire, response), request=REQUEST)
    changed = lc.replace(source, message=lc.Message.assistant("changed"))
    again = lc.decode_response(wire, lc.encode_response(wire, changed), request=REQUEST)
    assert again.message.parts == (lc.TextPart(text="changed"),)


_SIGNED = lc.ThinkingPart(
    text="let me think",
    continuation=(
        lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": "SIG"}),
    ),
)
_REDACTED = lc.ThinkingPart(
    text="",
    continuation=(
        lc.ContinuationState(provider="anthropic", kind="redacted_thinking", data={"data": "RED"}),
    ),
)


def test_anthropic_thinking_state_rides_in_thinking_blocks_and_reads_back() -> None:
    """The extension (openai_chat/_thinking_blocks.py): the body's message lists the blocks, and
    the Chat request reader takes them back from an assistant message as the same ThinkingParts."""
    call = lc.ToolCallPart(id="toolu_1", name="f", input={"a": 1})
    response = lc.Response(
        id="msg_1",
        model="claude-x",
        message=lc.Message(role="assistant", parts=(_SIGNED, _REDACTED, call)),
        finish_reason="tool_call",
        usage=lc.Usage(input_tokens=1, output_tokens=2),
    )
    body = json.loads(lc.encode_response(WIRE, response))
    message = body["choices"][0]["message"]
    assert message["thinking_blocks"] == [
        {"index": 0, "type": "thinking", "thinking": "let me think", "signature": "SIG"},
        {"index": 1, "type": "redacted_thinking", "data": "RED"},
    ]
    assistant = {k: message[k] for k in ("role", "content", "tool_calls", "thinking_blocks")}
    request = {"model": "m", "messages": [{"role": "user", "content": "hi"}, assistant]}
    read = lc.decode_request(WIRE, json.dumps(request).encode())
    assert read.messages[1].parts == (_SIGNED, _REDACTED, call)


def test_a_stream_writes_each_blocks_state_where_it_arrives() -> None:
    events = [
        lc.StreamStartEvent(id="msg_1", model="claude-x"),
        lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text="let me ", part_index=0)),
        lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text="think", part_index=0)),
        lc.StreamDeltaEvent(
            delta=lc.ContinuationDelta(
                part_index=0, provider="anthropic", kind="thinking_signature", data={"signature": "SIG"}
            )
        ),
        lc.StreamDeltaEvent(
            delta=lc.ContinuationDelta(
                part_index=1, provider="gemini", kind="thought_signature", data={"value": "G"}
            )
        ),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="ok", part_index=2)),
        lc.StreamEndEvent(finish_reason="stop"),
    ]
    body = b"".join(lc.stream.encode(WIRE, events))
    assert body.count(b"thinking_blocks") == 1  # Gemini's state is not carried on Chat
    view = sdk_chat(body)
    assert view["text"] == "ok" and view["thinking"] == "let me think"
    # the SDK's accumulator keeps the extra field on the message
    extra = chat_completion(body).choices[0].message.model_extra or {}
    assert extra["thinking_blocks"] == [
        {"index": 0, "type": "thinking", "thinking": "let me think", "signature": "SIG"}
    ]


def _chat_chunk(delta: dict[str, Any], finish: str | None = None, **choice: Any) -> dict[str, Any]:
    return {
        "id": "c",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish, **choice}],
    }


_NO_INDEX = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
_ODD_FINISH_CHUNKS = {
    "no index": {**_NO_INDEX, "choices": [{"delta": {}, "finish_reason": "stop"}]},
    "index null": _chat_chunk({}, "stop", index=None),
    'index "0"': _chat_chunk({}, "stop", index="0"),
    "index 1": _chat_chunk({}, "stop", index=1),
    "index true": _chat_chunk({}, "stop", index=True),
}


@pytest.mark.parametrize("last", list(_ODD_FINISH_CHUNKS), ids=str)
def test_a_finish_chunk_without_index_0_is_written_with_index_0(last: str) -> None:
    """lmcodec's mapper (as lm15's) ignores ``choices[].index``, so a backend's finish chunk without
    an ``index`` 0 was copied verbatim after chunks written with index 0: the openai SDK's
    accumulator raised a bare TypeError (no / null / "0" index) or opened a second choice, leaving
    choice 0 without a finish_reason (index 1). The writer writes its one choice as index 0."""
    body = (
        b"".join(
            b"data: " + json.dumps(frame).encode() + b"\n\n"
            for frame in (_chat_chunk({"role": "assistant", "content": "Hi"}), _ODD_FINISH_CHUNKS[last])
        )
        + b"data: [DONE]\n\n"
    )
    events = list(lc.stream.decode(WIRE, [body], request=REQUEST))
    for written in (
        b"".join(lc.stream.encode(WIRE, events)),
        b"".join(lc.stream.translate(WIRE, WIRE, [body])),
    ):
        done = chat_completion(written)
        assert [(c.index, c.message.content, c.finish_reason) for c in done.choices] == [(0, "Hi", "stop")]
        assert lc.assemble(lc.stream.decode(WIRE, [written], request=REQUEST)).finish_reason == "stop"


_CHAT_BODY: dict[str, Any] = {
    "id": "chatcmpl-9",
    "object": "chat.completion",
    "created": 1,
    "model": "m-1",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hi"}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
}
_MISSING = object()


def _body_with_index(index: object) -> dict[str, Any]:
    choice = {k: v for k, v in _CHAT_BODY["choices"][0].items() if k != "index"}
    if index is not _MISSING:
        choice = {"index": index, **choice}
    return {**_CHAT_BODY, "choices": [choice]}


def _sdk_refuses(body: dict[str, Any]) -> bool:
    from openai.types.chat import ChatCompletion
    from pydantic import ValidationError as SdkValidationError

    try:
        ChatCompletion.model_validate(body)
    except SdkValidationError:
        return True
    return False


@pytest.mark.parametrize(
    "index", [_MISSING, None, "zero", 1.5, [], {}, "", "1e2", 2.0**63, "1" * 4301, "\x1c1"], ids=repr
)
def test_a_body_whose_choice_the_sdk_refuses_for_its_index_is_written_with_index_0(index: object) -> None:
    """lmcodec's reader (as lm15's) ignores ``choices[].index``, so a backend's body whose choice had
    no index, or one the openai SDK cannot read as an int, was copied verbatim and
    ``ChatCompletion.model_validate`` refused it. The copy now has ``"index": 0`` there, the rest
    of the body as it was."""
    source = _body_with_index(index)
    assert _sdk_refuses(source)
    response = lc.decode_response(WIRE, json.dumps(source).encode(), request=REQUEST)
    written = json.loads(lc.encode_response(WIRE, response))
    assert written == {**_CHAT_BODY, "choices": [{**_CHAT_BODY["choices"][0], "index": 0}]}
    assert list(written["choices"][0]) == list(_CHAT_BODY["choices"][0])  # the index first, as Chat writes it
    assert not _sdk_refuses(written)
    again = lc.decode_response(WIRE, json.dumps(written).encode(), request=REQUEST)
    assert lc.replace(again, provider_data=None) == lc.replace(response, provider_data=None)


@pytest.mark.parametrize(
    "index",
    [0, 1, "0", " 0 ", 2.0, True, "1_0", "0.0", "\xa01", "0" * 5000 + "1" * 4300, 2**70, 2.0**62],
    ids=lambda index: repr(index)[:20],
)
def test_a_body_the_sdk_takes_is_still_copied_byte_for_byte(index: object) -> None:
    source = json.dumps(_body_with_index(index)).encode()
    assert not _sdk_refuses(json.loads(source))
    response = lc.decode_response(WIRE, source, request=REQUEST)
    assert lc.encode_response(WIRE, response) == msgspec.json.encode(response.provider_data)


@settings(max_examples=examples(300), deadline=None)
@given(
    index=st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(alphabet="0123456789_+-. \t\n\r\x0b\x0cae", max_size=8),
    )
)
def test_the_index_the_writer_keeps_is_the_index_the_sdk_takes(index: object) -> None:
    """Differential against the SDK: an index it reads is copied as is, one it refuses becomes 0."""
    source = _body_with_index(index)
    response = lc.decode_response(WIRE, json.dumps(source).encode(), request=REQUEST)
    written = json.loads(lc.encode_response(WIRE, response))
    assert not _sdk_refuses(written)
    assert written["choices"][0]["index"] == (0 if _sdk_refuses(source) else index)
