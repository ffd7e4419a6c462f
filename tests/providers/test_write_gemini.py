"""The Gemini streamGenerateContent stream and generateContent body writer, judged by google-genai
(a real Client reading the SSE), lm15 1.5.0's adapter and lmcodec's decoder."""

from __future__ import annotations

import base64
import binascii
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.gemini import _frames as frames_module
from lmcodec.providers.gemini import write as write_module

from ..budget import examples
from .gateway_support import genai_http_options
from .provider_support import assert_same_outcome, complete_bodies, lc_stream, lm15_stream, requests_for
from .sdk_readers import (
    REQUEST,
    _transport,
    assembles,
    check_written,
    corpus_id,
    corpus_streams,
    expected_view,
    frames,
    gemini_chunks,
    genai,
    provider_shaped_streams,
    sdk_gemini,
    source_streams,
)

WIRE = "gemini"
SOURCES = source_streams()
ERROR_SOURCES = sorted(n for n, ev in SOURCES.items() if any(isinstance(e, lc.StreamErrorEvent) for e in ev))
CLEAN_SOURCES = sorted(n for n in SOURCES if n not in ERROR_SOURCES)


def _written(events: list[Any]) -> bytes:
    return b"".join(lc.stream.encode(WIRE, events))


def _base64_signatures(events: list[Any]) -> bool:
    """google-genai types ``thoughtSignature`` as base64 bytes; a source whose Gemini signature is
    not base64 (the hand-written seeds' ``"s1"``) is refused by the SDK, whoever writes it."""
    for event in events:
        delta = getattr(event, "delta", None)
        if isinstance(delta, lc.ContinuationDelta) and delta.provider == "gemini":
            try:
                base64.b64decode(str(delta.data.get("value")), validate=True)
            except binascii.Error:
                return False
    return True


def _check_readers_agree(events: list[Any]) -> None:
    """Bytes lm15 and lmcodec read alike (for a stream the SDK comparison cannot apply to)."""
    body = _written(events)
    req15, reqlc = requests_for(REQUEST.model)
    assert_same_outcome(lc_stream(WIRE, [body], reqlc), lm15_stream(WIRE, body, req15), WIRE)


@pytest.mark.parametrize("case", corpus_streams(), ids=corpus_id)
def test_corpus_stream_written_as_gemini(case: tuple[str, Path]) -> None:
    src, path = case
    events = list(lc.stream.decode(src, [path.read_bytes()], request=REQUEST))
    refused = assembles(events)
    if refused is not None and "without a name" in refused:  # MAP-9: no client function call either
        with pytest.raises(lc.ValidationError, match="without a name"):
            _written(events)
        return
    if refused is not None:
        gemini_chunks(_written(events))  # the SDK consumes it
        _check_readers_agree(events)
        return
    check_written(WIRE, events)


@pytest.mark.parametrize("name", CLEAN_SOURCES)
def test_synthesized_stream_written_as_gemini(name: str) -> None:
    events = SOURCES[name]
    if not _base64_signatures(events):
        _check_readers_agree(events)
        with pytest.raises(ValueError, match="base64"):
            gemini_chunks(_written(events))
        return
    check_written(WIRE, events)


def test_the_comparison_sees_thoughts_signatures_parallel_calls_and_usage() -> None:
    body = check_written(WIRE, SOURCES["gemini_thought_calls"])
    view = sdk_gemini(body)
    assert view["thinking"] == "Plan more." and view["text"] == "Calling two tools."
    assert view["signatures"] == ["c2lnMQ==", "c2lnMg=="]
    assert view["tool_calls"] == [(None, "a", {"x": 'é "q"'}), (None, "b", {"y": [1, 2.5, None]})]
    assert view["finish_reason"] == "tool_call"
    assert view["usage"] == (11, 7, 30, 12, 4)
    # the start of a Gemini-decoded stream names the requested model (lm15 reads no modelVersion
    # there): every chunk names it, the last one too (the backend's last chunk, which names
    # "gemini-x" and "resp-g1", is rebuilt: it was written as it came, the last chunk alone naming them)
    assert view["ids"] == {None} and view["models"] == {REQUEST.model}


def test_every_event_is_one_crlf_framed_chunk() -> None:
    body = _written(SOURCES["anthropic_full"])
    events = body.split(b"\r\n\r\n")
    assert events[-1] == b""
    for event in events[:-1]:
        assert event.startswith(b"data: {") and b"\n" not in event and b"\r" not in event
        chunk = json.loads(event[6:])
        assert next(iter(chunk)) == "candidates" and chunk["candidates"][0]["content"]["role"] == "model"


def test_id_and_model_of_the_start_are_on_every_chunk() -> None:
    chunks = frames(_written(SOURCES["parallel_tool_calls"]))
    assert {(c["responseId"], c["modelVersion"]) for c in chunks} == {("resp_synth1", "m-served")}
    assert {c.get("responseId") for c in frames(_written(SOURCES["gemini_thought_calls"]))[:-1]} == {None}


def test_parallel_calls_travel_in_one_chunk_with_their_ids() -> None:
    body = _written(SOURCES["chat_parallel_escapes"])
    chunks = frames(body)
    calls = [
        [p["functionCall"] for p in c["candidates"][0]["content"]["parts"] if "functionCall" in p]
        for c in chunks
    ]
    calls = [c for c in calls if c]
    assert calls == [
        [
            {"name": "search", "args": {"q": "tab\t and 😀"}, "id": "call_p0"},
            {"name": "read", "args": {"path": "C:\\x"}, "id": "call_p1"},
        ]
    ]
    assert sdk_gemini(body)["tool_calls"] == [
        ("call_p0", "search", {"q": "tab\t and 😀"}),
        ("call_p1", "read", {"path": "C:\\x"}),
    ]


def _gap_stream(interleaved: bool) -> list[Any]:
    """Two calls at slots 2 and 5 (a Chat source's tool_calls indices), after text at slot 0
    when their fragments interleave."""
    delta = lc.StreamDeltaEvent
    first = [delta(delta=lc.ToolCallDelta(part_index=2, input='{"q":', id="call_a", name="search"))]
    second = [delta(delta=lc.ToolCallDelta(part_index=5, input='{"path":', id="call_b", name="read"))]
    rest = [
        delta(delta=lc.ToolCallDelta(part_index=2, input='"x"}')),
        delta(delta=lc.ToolCallDelta(part_index=5, input='"y"}')),
    ]
    calls = first + second + rest if interleaved else [first[0], rest[0], second[0], rest[1]]
    text = [delta(delta=lc.TextDelta(part_index=0, text="Looking."))] if interleaved else []
    return [
        lc.StreamStartEvent(id="r1", model=REQUEST.model),
        *text,
        *calls,
        lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=3, output_tokens=4)),
    ]


@pytest.mark.parametrize("interleaved", [False, True], ids=["in-turn", "interleaved"])
def test_calls_after_a_gap_in_the_slots_stay_apart(interleaved: bool) -> None:
    """A call written in a chunk of its own would take position 0 and merge with the call
    before it (a Gemini part index is a position in one chunk)."""
    events = _gap_stream(interleaved)
    body = _written(events)
    reqlc = requests_for(REQUEST.model)[1]
    parts = lc.assemble(lc.stream.decode(WIRE, [body], request=reqlc)).message.parts
    assert [(p.id, p.name, p.input) for p in parts if isinstance(p, lc.ToolCallPart)] == [
        ("call_a", "search", {"q": "x"}),
        ("call_b", "read", {"path": "y"}),
    ]
    _check_readers_agree(events)
    assert sdk_gemini(body)["tool_calls"] == [
        ("call_a", "search", {"q": "x"}),
        ("call_b", "read", {"path": "y"}),
    ]


def test_usage_and_finish_only_on_the_last_chunk() -> None:
    chunks = frames(_written(SOURCES["anthropic_full"]))
    assert [("usageMetadata" in c, "finishReason" in c["candidates"][0]) for c in chunks][-1] == (True, True)
    assert not any("usageMetadata" in c or "finishReason" in c["candidates"][0] for c in chunks[:-1])
    assert chunks[-1]["usageMetadata"] == {
        "promptTokenCount": 30,
        "candidatesTokenCount": 40,
        "totalTokenCount": 70,
        "cachedContentTokenCount": 20,
    }


def test_other_providers_state_is_not_a_thought_signature() -> None:
    body = _written(SOURCES["anthropic_full"])
    assert b"thoughtSignature" not in body and b"EqQBsig" not in body and b"EmwKredacted" not in body
    assert b"gAAA" not in _written(SOURCES["openai_reasoning"])


@pytest.mark.parametrize("name", ERROR_SOURCES)
def test_an_error_mid_stream_is_a_google_error_object(name: str) -> None:
    events = SOURCES[name]
    error = next(e for e in events if isinstance(e, lc.StreamErrorEvent)).error
    body = _written(events)
    last = frames(body)[-1]
    assert set(last) == {"error"} and last["error"]["message"] == error.message
    with pytest.raises(genai.errors.APIError) as raised:
        gemini_chunks(body)
    assert raised.value.code == last["error"]["code"] and raised.value.status == last["error"]["status"]
    back = list(lc.stream.decode(WIRE, [body], request=REQUEST))
    assert isinstance(back[-1], lc.StreamErrorEvent)
    assert (back[-1].error.code, back[-1].error.message) == (error.code, error.message)
    _check_readers_agree(events)


def test_a_chunk_waits_for_the_next_event_at_most() -> None:
    encoder = lc.stream.Encoder(WIRE)
    deltas = [e for e in SOURCES["text"] if isinstance(e, lc.StreamDeltaEvent)]
    assert encoder.feed(SOURCES["text"][0]) == b""
    assert encoder.feed(deltas[0]) == b""  # its signature or finish may still join it
    out = encoder.feed(deltas[1])
    assert [p["text"] for c in frames(out) for p in c["candidates"][0]["content"]["parts"]] == [
        deltas[0].delta.text
    ]


def test_flush_writes_the_pending_chunk_now() -> None:
    writer = lc.providers.WRITERS[WIRE]()
    writer.feed(SOURCES["text"][0])
    writer.feed(SOURCES["text"][1])
    out = writer.flush()
    assert frames(out)[0]["candidates"][0]["content"]["parts"] == [{"text": "Hello"}]
    assert writer.flush() == b""


def test_a_stream_without_an_end_gets_its_pending_chunk_and_no_finish() -> None:
    body = _written(SOURCES["text"][:-1])
    chunks = frames(body)
    assert len(chunks) == 2 and not any("finishReason" in c["candidates"][0] for c in chunks)


def test_a_slot_keeps_its_position_across_chunks() -> None:
    """Responses-style slots: reasoning at 0, text at 1 in several deltas, then a call at 2; the text
    deltas after the first need position 0 filled (an empty thought part) to stay in slot 1."""
    events = [
        lc.StreamStartEvent(id="r", model="m"),
        lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text="hm", part_index=0)),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="A", part_index=1)),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="B", part_index=1)),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input='{"k":', part_index=2, id="c1", name="f")),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input="1}", part_index=2)),
        lc.StreamEndEvent(finish_reason="tool_call"),
    ]
    body = check_written(WIRE, events)
    back = lc.assemble(lc.stream.decode(WIRE, [body], request=REQUEST), request=REQUEST)
    assert [type(p).__name__ for p in back.message.parts] == ["ThinkingPart", "TextPart", "ToolCallPart"]
    assert back.message.parts[1].text == "AB"


# ── bodies ────────────────────────────────────────────────────────────────────


def _sdk_body(body: bytes) -> Any:
    options = genai_http_options(_transport(body, "application/json"))
    return genai.Client(api_key="test-key", http_options=options).models.generate_content(
        model="gemini-test", contents="hi"
    )


def _answer_bodies() -> list[Path]:
    """The complete generateContent bodies that are answers (not error envelopes)."""
    return [p for p in complete_bodies(WIRE) if "candidates" in json.loads(p.read_bytes())]


@pytest.mark.parametrize("path", _answer_bodies(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_corpus_body_round_trips_verbatim(path: Path) -> None:
    """Read under a request naming the served model (under another, lm15 names the response after
    the requested one, and the body written names it: test_corpus_body_rebuilt_from_its_parts)."""
    original = path.read_bytes()
    request = lc.replace(REQUEST, model=json.loads(original).get("modelVersion", REQUEST.model))
    response = lc.decode_response(WIRE, original, request=request)
    written = lc.encode_response(WIRE, response)
    assert json.loads(written) == json.loads(original)
    again = lc.decode_response(WIRE, written, request=request)
    assert again == response and again.provider_data == response.provider_data


@pytest.mark.parametrize("path", _answer_bodies(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_corpus_body_rebuilt_from_its_parts(path: Path) -> None:
    decoded = lc.decode_response(WIRE, path.read_bytes(), request=REQUEST)
    for response in (lc.replace(decoded, provider_data=None), decoded):  # under REQUEST: named m-1
        written = lc.encode_response(WIRE, response)
        again = lc.decode_response(WIRE, written, request=REQUEST)
        assert lc.replace(again, provider_data=None) == lc.replace(response, provider_data=None)
        sdk = _sdk_body(written)
        assert sdk.response_id == response.id and sdk.model_version == response.model == REQUEST.model


@pytest.mark.parametrize("name", CLEAN_SOURCES)
def test_body_of_an_assembled_stream(name: str) -> None:
    events = SOURCES[name]
    response = lc.assemble(events, request=REQUEST)
    written = lc.encode_response(WIRE, response)
    again = lc.decode_response(WIRE, written, request=REQUEST)
    ids = {p.id for p in response.message.parts if isinstance(p, lc.ToolCallPart)}
    assert expected_view(again, WIRE, ids) == expected_view(response, WIRE, ids)
    if _base64_signatures(events):
        sdk = _sdk_body(written)
        parts = sdk.candidates[0].content.parts or []
        calls = [
            (p.function_call.id, p.function_call.name, p.function_call.args) for p in parts if p.function_call
        ]
        assert calls == [
            (p.id, p.name, p.input) for p in response.message.parts if isinstance(p, lc.ToolCallPart)
        ]


# ── the one-text-part template against the Struct chunk ───────────────────────


@settings(max_examples=examples(200), deadline=None)
@given(text=st.text(), start_id=st.none() | st.text(min_size=1), model=st.none() | st.text(min_size=1))
def test_a_one_text_chunk_is_the_struct_chunk(text: str, start_id: str | None, model: str | None) -> None:
    writer = write_module.StreamWriter()
    writer.feed(lc.StreamStartEvent(id=start_id, model=model))
    writer.feed(lc.StreamDeltaEvent(delta=lc.TextDelta(text=text, part_index=0)))
    chunk = frames_module.Chunk(
        candidates=[
            frames_module.Candidate(content=frames_module.Content(parts=[frames_module.Part(text=text)]))
        ],
        modelVersion=model if model is not None else frames_module.UNSET,
        responseId=start_id if start_id is not None else frames_module.UNSET,
    )
    assert writer.flush() == write_module._sse(chunk)


@settings(max_examples=examples(60), deadline=None)
@given(events=provider_shaped_streams())
def test_provider_shaped_streams_read_back_alike(events: list[Any]) -> None:
    check_written(WIRE, events)


def _far_slot_stream(n: int) -> list[Any]:
    """Reasoning at slot 0, ``n`` calls in slots 1..n, then ``n`` text deltas in slot n + 1."""
    events: list[Any] = [lc.StreamStartEvent(id="r", model="m")]
    events.append(lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text="t", part_index=0)))
    for k in range(1, n + 1):
        events.append(
            lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input="", part_index=k, id=f"c{k}", name="f"))
        )
        events.extend(
            lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input=p, part_index=k)) for p in ('{"a":', "1}")
        )
    events.extend(lc.StreamDeltaEvent(delta=lc.TextDelta(text="x", part_index=n + 1)) for _ in range(n))
    events.append(lc.StreamEndEvent(finish_reason="tool_call"))
    return events


def test_what_is_written_grows_linearly_with_the_stream() -> None:
    """Text after many calls joins their chunk (one part, its deltas joined), so what is written
    grows linearly and every call and the text read back whole."""
    sizes = [len(_written(_far_slot_stream(n))) for n in (200, 400, 800)]
    assert sizes[1] < 2.2 * sizes[0] and sizes[2] < 2.2 * sizes[1]
    back = lc.assemble(lc.stream.decode(WIRE, [_written(_far_slot_stream(800))]))
    calls = [(p.id, p.input) for p in back.message.parts if isinstance(p, lc.ToolCallPart)]
    assert calls == [(f"c{k}", {"a": 1}) for k in range(1, 801)]
    assert "".join(p.text for p in back.message.parts if isinstance(p, lc.TextPart)) == "x" * 800


def _calls_around_text() -> list[Any]:
    """Calls A and B, text in three deltas, then call C (an Anthropic turn: text between calls)."""
    delta = lc.StreamDeltaEvent
    return [
        lc.StreamStartEvent(id="r", model=REQUEST.model),
        delta(delta=lc.ToolCallDelta(part_index=0, id="call_A", name="weather", input='{"city": "Paris"}')),
        delta(delta=lc.ToolCallDelta(part_index=1, id="call_B", name="news", input="{}")),
        *(delta(delta=lc.TextDelta(part_index=2, text=t)) for t in ("One", " more", " call.")),
        delta(delta=lc.ToolCallDelta(part_index=3, id="call_C", name="time", input='{"tz": "CET"}')),
        lc.StreamEndEvent(finish_reason="tool_call"),
    ]


@pytest.mark.parametrize("per_event", [False, True], ids=["encode", "feed_all-per-event"])
def test_a_call_after_text_after_calls_keeps_its_own_slot(per_event: bool) -> None:
    """Written as soon as the text went on, call C could only stream at a position that holds
    call A, and lm15's reader (and lmcodec's) would merge the two (red-team: A lost)."""
    events = _calls_around_text()
    if per_event:
        encoder = lc.stream.Encoder(WIRE)
        body = b"".join(encoder.feed_all([e]) for e in events) + encoder.close()
    else:
        body = _written(events)
    want = [
        ("call_A", "weather", {"city": "Paris"}),
        ("call_B", "news", {}),
        ("call_C", "time", {"tz": "CET"}),
    ]
    back = lc.assemble(lc.stream.decode(WIRE, [body]))
    assert [(p.id, p.name, p.input) for p in back.message.parts if isinstance(p, lc.ToolCallPart)] == want
    assert [p.text for p in back.message.parts if isinstance(p, lc.TextPart)] == ["One more call."]
    assert sdk_gemini(body)["tool_calls"] == want
    _check_readers_agree(events)


def test_a_non_event_is_refused_with_an_lmcodec_error() -> None:
    with pytest.raises(lc.ValidationError):
        lc.stream.Encoder(WIRE).feed("not an event")  # type: ignore[arg-type]


def _chat_chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    chunk = {"id": "x", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    chunk["choices"] = [{"index": 0, "delta": delta, "finish_reason": finish}]
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


@pytest.mark.parametrize(
    "repeated",
    [{"id": "call_1", "name": "get_weather"}, {"id": "call_1"}, {"name": "get_weather"}],
    ids=["id and name", "id", "name"],
)
def test_a_call_whose_fragments_repeat_its_id_or_name_stays_one_call(repeated: dict[str, str]) -> None:
    """Chat backends may repeat a call's id and name on every fragment: one slot is one call (as the
    assembler reads it), not one broken Gemini call per fragment."""
    request = lc.Request(model="m", messages=(lc.Message.user("hi"),))

    def fragment(arguments: str) -> dict[str, Any]:
        call: dict[str, Any] = {"index": 0, "type": "function", "function": {"arguments": arguments}}
        if "id" in repeated:
            call["id"] = repeated["id"]
        if "name" in repeated:
            call["function"]["name"] = repeated["name"]
        return {"tool_calls": [call]}

    first = {
        "tool_calls": [
            {
                "index": 0,
                "id": "call_1",
                "type": "function",
                "function": {"name": "get_weather", "arguments": ""},
            }
        ]
    }
    source = b"".join(
        [
            _chat_chunk(first),
            _chat_chunk(fragment('{"city":')),
            _chat_chunk(fragment('"Paris"}')),
            _chat_chunk({}, "tool_calls"),
            b"data: [DONE]\n\n",
        ]
    )
    expected = lc.assemble(lc.stream.decode("openai_chat", [source], request=request), request=request)
    assert [(p.name, p.input) for p in expected.tool_calls] == [("get_weather", {"city": "Paris"})]
    events = list(lc.stream.decode("openai_chat", [source], request=request))
    for written in (
        b"".join(lc.stream.translate("openai_chat", "gemini", [source], request=request)),
        b"".join(lc.stream.encode("gemini", events)),
    ):
        back = lc.assemble(lc.stream.decode("gemini", [written], request=request), request=request)
        assert [(p.id, p.name, p.input) for p in back.tool_calls] == [
            (p.id, p.name, p.input) for p in expected.tool_calls
        ]


def _call(
    index: int, arguments: str, call_id: str | None = None, name: str | None = None
) -> lc.StreamDeltaEvent:
    return lc.StreamDeltaEvent(
        delta=lc.ToolCallDelta(input=arguments, part_index=index, id=call_id, name=name)
    )


def _image(index: int) -> lc.StreamDeltaEvent:
    return lc.StreamDeltaEvent(delta=lc.ImageDelta(data="aGk=", media_type="image/png", part_index=index))


_START = lc.StreamStartEvent(id="r", model="m")
_END = lc.StreamEndEvent(finish_reason="tool_call")


@pytest.mark.parametrize(
    "events",
    [
        # A call's chunk, then an image at its position: no position a new chunk can reach with
        # empty parts is free of the call, and the next call was written onto it.
        [_START, _call(0, '{"a":1}', "A", "f"), _image(0), _call(5, '{"b":2}', "B", "g"), _END],
        # The same with a held call (its arguments still arriving when the image came).
        [_START, _call(2, '{"a": ', "A", "f"), _image(2), _call(0, '{"', "B", "g"), _call(0, 'b": 2}'), _END],
        # A call whose index is the next position of the chunk, a position that held a call before.
        [_START, _call(1, '{"a":1}', "A", "f"), _image(0), _call(0, '{"b":2}', "B", "g"), _END],
    ],
    ids=["complete-calls", "held-call", "next-index-held-a-call"],
)
@pytest.mark.parametrize("flushed", [False, True], ids=["encode", "flushed-per-event"])
def test_a_call_is_never_written_at_the_position_of_another(events: list[Any], flushed: bool) -> None:
    """Two calls at one position are one call to every reader (their arguments joined): a call
    goes past the positions that hold calls, after empty parts, where no free one is reachable."""
    if flushed:
        encoder = lc.stream.Encoder(WIRE)
        written = b"".join(encoder.feed_all([event]) for event in events) + encoder.close()
    else:
        written = b"".join(lc.stream.encode(WIRE, events))
    expected = lc.assemble(iter(events), request=REQUEST)
    view = sdk_gemini(written)
    assert sorted(view["tool_calls"]) == sorted((p.id, p.name, p.input) for p in expected.tool_calls)
    back = lc.assemble(lc.stream.decode(WIRE, [written], request=REQUEST), request=REQUEST)
    assert sorted((p.id, p.name, str(p.input)) for p in back.tool_calls) == sorted(
        (p.id, p.name, str(p.input)) for p in expected.tool_calls
    )  # (a call whose position cannot be reached streams at one that can: the order may change)
    req15, reqlc = requests_for(REQUEST.model)
    assert_same_outcome(lc_stream(WIRE, [written], reqlc), lm15_stream(WIRE, written, req15), WIRE)


def test_a_call_with_no_reachable_position_free_of_calls_waits_for_the_end() -> None:
    """Past 16 positions (what one delta may write as empty parts), a call that would land on
    another's position is not merged into it, nor refused (red team 10, F03): it is written at the
    end, past every position used, in a chunk of the late calls."""
    events = [
        _START,
        _call(0, "{}", "A", "f"),
        *[_image(i) for i in range(18)],
        _call(30, "{", "B", "g"),
        _call(30, "}"),
        _END,
    ]
    written = b"".join(lc.stream.encode(WIRE, events))
    chunks = [json.loads(line[6:]) for line in written.split(b"\r\n\r\n") if line]
    late = chunks[-2]["candidates"][0]["content"]["parts"]
    assert late[-1] == {"functionCall": {"name": "g", "args": {}, "id": "B"}}
    assert len(late) == 19 and all(part == {"text": ""} for part in late[:-1])
    back = lc.assemble(lc.stream.decode(WIRE, [written], request=REQUEST), request=REQUEST)
    assert [(p.id, p.name, p.input) for p in back.tool_calls] == [("A", "f", {}), ("B", "g", {})]
    req15, reqlc = requests_for(REQUEST.model)
    assert_same_outcome(lc_stream(WIRE, [written], reqlc), lm15_stream(WIRE, written, req15), WIRE)
