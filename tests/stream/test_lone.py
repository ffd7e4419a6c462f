"""A short body assembled straight (``stream/_lone.py``) against the general way (an Assembler fed
by the mapper, ``Decoding.assemble_into``): the same Response, or the same failure, for any
one-chunk Gemini end, any chunks before it, any chunking and any pair of requests; and its
``data:`` lines cut as ``whole_frames`` cuts them."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import msgspec
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.framing.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
from lmcodec.providers import MAPPERS
from lmcodec.providers.gemini import stream as gemini_stream
from lmcodec.stream._lone import lone_frames, lone_response, named_events
from lmcodec.stream._whole import whole_frames
from lmcodec.stream.decoder import Decoding

from ..budget import examples
from ..corpus import CORPUS, needs_corpus
from ..providers.test_gemini_stream_views import (
    _CHUNK,
    _END,
    _MANY_PARTS_END,
    _ONE_TEXT_END,
    _TEXT,
    _USAGE,
    _object,
    _or_odd,
)

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
OTHER = lc.Request(model="m-2", messages=(lc.Message.user("hi"),))
JUDGED = lc.Request(
    model="m-1",
    messages=(lc.Message.user("hi"),),
    config=lc.Config(
        response_format={
            "type": "json_schema",
            "schema": {"type": "object", "properties": {"label": {"type": "string"}}},
        }
    ),
)
_REQUESTS = st.sampled_from([None, REQUEST, OTHER, JUDGED])
_LINE_ENDS = st.sampled_from([b"\r\n\r\n", b"\n\n", b"\r\n\n", b"\n\r\n", b"\r\r", b"\n\n\n"])
WORD = (
    b'data: {"candidates": [{"content": {"parts": [{"text": "The "}],"role": "model"},'
    b'"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 54,'
    b'"candidatesTokenCount": 1,"totalTokenCount": 114,"promptTokensDetails": [{"modality": "TEXT",'
    b'"tokenCount": 54}],"thoughtsTokenCount": 59},"modelVersion": "gemini-2.5-flash",'
    b'"responseId": "a5OYat3RMvaq_uMPl9PO4AY"}\r\n\r\n'
)
"""The one-word answer of ``benchmarks/streams_varied.py`` (the API's own shape: CRLF, one event)."""


def _outcome(run: Any) -> tuple[Any, str | None, Any]:
    """What a run returns, or the lc error it raises (class and message) with its ``partial``."""
    try:
        return run(), None, None
    except lc.LmcodecError as exc:
        return None, f"{type(exc).__name__}: {exc}", getattr(exc, "partial", None)


def _general(chunks: list[bytes], stream_request: Any, request: Any) -> Any:
    """``lc.assemble(lc.stream.decode(...))`` the general way: an Assembler fed by the mapper (the
    straight path patched out for the call)."""
    with mock.patch.object(Decoding, "lone_response", lambda self, request: None):
        return lc.assemble(lc.stream.decode("gemini", chunks, request=stream_request), request=request)


def _calls_sharing_data(response: lc.Response) -> list[bool]:
    """For each tool call, whether its input is an object of the provider_data (lm15 shares a
    Gemini call's ``args`` with the chunk it came in, so a change through one shows in the other)."""
    held: set[int] = set()
    stack: list[Any] = [response.provider_data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            held.add(id(value))
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return [id(part.input) in held for part in response.message.parts if isinstance(part, lc.ToolCallPart)]


def _same(body: bytes | list[bytes], stream_request: Any, request: Any) -> bool:
    """Assert ``lc.assemble(lc.stream.decode(...))`` of ``[body]`` (or of the chunks ``body``) is
    the general way's outcome (the Response's field types too); whether it was assembled straight."""
    chunks = [body] if isinstance(body, bytes) else body

    def straight() -> Any:
        return lc.assemble(lc.stream.decode("gemini", chunks, request=stream_request), request=request)

    got, want = _outcome(straight), _outcome(lambda: _general(chunks, stream_request, request))
    assert got == want
    if got[0] is not None:
        assert lc.encode(got[0]) == lc.encode(want[0])
        assert got[0].provider_data == want[0].provider_data
        assert type(got[0].usage) is type(want[0].usage)
        assert _calls_sharing_data(got[0]) == _calls_sharing_data(want[0])
    taken = lc.stream.decode("gemini", chunks, request=stream_request).lone_response(request)  # type: ignore[attr-defined]
    assert taken is None or taken == want[0]
    return taken is not None


@settings(max_examples=examples(300), deadline=None)
@given(
    st.one_of(_ONE_TEXT_END, _CHUNK),
    st.sampled_from([(", ", ": "), (",", ":")]),
    _LINE_ENDS,
    st.sampled_from([None, "gemini-x", "", 7]),
    _REQUESTS,
    _REQUESTS,
)
@example(
    {"candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "STOP"}]},
    (",", ":"),
    b"\n\n",
    None,
    None,
    None,
)
def test_a_one_chunk_end_assembles_as_the_assembler_assembles_it(
    payload: Any, separators: Any, line_end: bytes, model: Any, stream_request: Any, request: Any
) -> None:
    if model is not None:
        payload = {**payload, "modelVersion": model}
    body = b"data: " + json.dumps(payload, separators=separators).encode() + line_end
    _same(body, stream_request, request)


def test_the_common_answer_is_assembled_straight() -> None:
    """The one-word answer and its LF form are taken by the straight path (so the differential
    above tests it), with a request or without, and the Decoding is then used up."""
    for body in (WORD, WORD.replace(b"\r\n", b"\n")):
        for stream_request, request in ((REQUEST, REQUEST), (None, None), (None, OTHER)):
            assert _same(body, stream_request, request)
    decoding = lc.stream.decode("gemini", [WORD], request=REQUEST)
    response = lc.assemble(decoding, request=REQUEST)
    assert (response.text, response.model, response.finish_reason) == ("The ", "m-1", "stop")
    assert response.usage == lc.Usage(input_tokens=54, output_tokens=1, total_tokens=114, reasoning_tokens=59)
    assert list(decoding) == []


def _sse(*payloads: Any, line_end: bytes = b"\r\n\r\n") -> bytes:
    """The SSE body of these chunks, one ``data:`` line each."""
    return b"".join(b"data: " + json.dumps(p).encode() + line_end for p in payloads)


_TEXT_CHUNK = {
    "candidates": [{"content": {"parts": [{"text": "Hello"}], "role": "model"}, "index": 0}],
    "modelVersion": "gemini-x",
}
_TEXT_END = {
    "candidates": [{"content": {"parts": [{"text": "!"}], "role": "model"}, "finishReason": "STOP"}],
    "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 2},
}
_SIGNED_CALL_END = {
    "candidates": [
        {
            "content": {
                "parts": [
                    {"text": "Let me think", "thought": True, "thoughtSignature": "c2ln"},
                    {
                        "functionCall": {"name": "get_weather", "args": {"city": "Gatineau"}},
                        "thoughtSignature": "c2lnMg==",
                    },
                    {"functionCall": {"name": "f", "id": "c1", "args": [1]}},
                    {"text": "Calling."},
                ],
                "role": "model",
            },
            "finishReason": "STOP",
        }
    ],
    "usageMetadata": {"promptTokenCount": 54, "candidatesTokenCount": 17, "thoughtsTokenCount": 59},
    "modelVersion": "gemini-x",
}


def test_the_common_answers_are_assembled_straight() -> None:
    """Text chunks then a text end (one chunk or one a chunk, LF or CRLF), and one end of thoughts,
    texts and named calls with their signatures, are taken by the straight path (so the
    differentials here test it)."""
    several = _sse(_TEXT_CHUNK, _TEXT_CHUNK, _TEXT_END)
    for body in (several, several.replace(b"\r\n", b"\n"), _sse(_SIGNED_CALL_END)):
        for chunks in (
            [body],
            [e + b"\n\n" for e in body.split(b"\n\n")[:-1]] if b"\r" not in body else [body],
        ):
            assert _same(chunks, REQUEST, REQUEST)
            assert _same(chunks, None, None)
    response = lc.assemble(lc.stream.decode("gemini", [several], request=REQUEST), request=REQUEST)
    assert (response.text, response.finish_reason) == ("HelloHello!", "stop")
    response = lc.assemble(
        lc.stream.decode("gemini", [_sse(_SIGNED_CALL_END)], request=REQUEST), request=REQUEST
    )
    assert response.finish_reason == "tool_call"
    assert response.message.parts == (
        lc.ThinkingPart(text="Let me think", continuation=(_signed("c2ln"),)),
        lc.ToolCallPart(
            id="tool_call_1",
            name="get_weather",
            input={"city": "Gatineau"},
            continuation=(_signed("c2lnMg=="),),
        ),
        lc.ToolCallPart(id="c1", name="f", input={"value": [1]}),
        lc.TextPart(text="Calling."),
    )
    call, data = response.message.parts[1], response.provider_data
    assert isinstance(call, lc.ToolCallPart) and data is not None
    assert call.input is data["candidates"][0]["content"]["parts"][1]["functionCall"]["args"]


def _signed(signature: str) -> lc.ContinuationState:
    return lc.ContinuationState(provider="gemini", kind="thought_signature", data={"value": signature})


@pytest.mark.parametrize("model", [["gemini-x"], ("gemini-x",), b"gemini-x"])
@pytest.mark.parametrize("request_", [None, REQUEST])
def test_a_stream_request_whose_model_is_no_str_is_left_to_the_assembler(model: Any, request_: Any) -> None:
    """A stream request whose model ``msgspec.structs.replace`` made another value (msgspec checks
    no type there): one chunk (Gemini's ``lone_chunk``) or text chunks and their end
    (``lone_response``), no Response built with that model; the general way's outcome."""
    stream_request = msgspec.structs.replace(REQUEST, model=model)
    for body in (WORD, _sse(_TEXT_CHUNK, _TEXT_END)):
        try:
            want: Any = _general([body], stream_request, request_)
        except Exception as exc:  # (the general way's failure, whatever its class: the same one)
            want = (type(exc), str(exc))
        try:
            got: Any = lc.assemble(
                lc.stream.decode("gemini", [body], request=stream_request), request=request_
            )
        except Exception as exc:
            got = (type(exc), str(exc))
        assert got == want


def test_what_the_straight_path_leaves_to_the_assembler() -> None:
    """A request that may ask for judgments, logprobs, inline data, a nameless call, a thought or
    a signature before the end, an end of more than one text after text chunks, an odd chunk:
    the general way (nothing told, the same Response)."""
    thought = {"candidates": [{"content": {"parts": [{"text": "hm", "thought": True}]}}]}
    signed = {"candidates": [{"content": {"parts": [{"text": "a", "thoughtSignature": "c2ln"}]}}]}
    logprobs = {**_TEXT_END, "candidates": [{**_TEXT_END["candidates"][0], "logprobsResult": {}}]}
    inline = {"inlineData": {"mimeType": "image/png", "data": "AAAA"}}
    nameless = {"functionCall": {"args": {}}}
    ends = [
        _sse({**_TEXT_END, "candidates": [{"content": {"parts": [part]}, "finishReason": "STOP"}]})
        for part in (inline, nameless, {"functionCall": {"name": "f", "willContinue": True}}, {})
    ]
    for body, request in (
        (WORD, JUDGED),
        (_sse(_TEXT_CHUNK, _TEXT_END), JUDGED),
        (_sse(logprobs), REQUEST),
        (_sse(_TEXT_CHUNK, logprobs), REQUEST),
        (_sse(thought, _TEXT_END), REQUEST),
        (_sse(_TEXT_CHUNK, signed, _TEXT_END), REQUEST),
        (_sse(_TEXT_CHUNK, _SIGNED_CALL_END), REQUEST),
        (_sse(_TEXT_CHUNK, {}, _TEXT_END), REQUEST),
        (_sse(_TEXT_CHUNK, _TEXT_END, _TEXT_END), REQUEST),
        (_sse(_TEXT_CHUNK, _TEXT_CHUNK), REQUEST),
        *((end, REQUEST) for end in ends),
    ):
        assert not _same(body, REQUEST, request)
    assert lone_frames([WORD[:9], WORD[9:]]) == lone_frames([WORD])  # (the chunks of a list joined)
    assert lone_response(MAPPERS["gemini"], [b"x"], None, REQUEST, REQUEST) is None
    responses = lc.stream.decode("openai", [WORD])
    assert responses.lone_response(REQUEST) is None  # type: ignore[attr-defined]
    assert responses._read is None  # type: ignore[attr-defined]


_PLAIN_CHUNK = _object(
    candidates=st.lists(
        _object(content=_object(parts=st.lists(_object(text=_or_odd(_TEXT)), min_size=1, max_size=1))),
        min_size=1,
        max_size=1,
    ),
    usageMetadata=_USAGE,
    modelVersion=st.sampled_from(["gemini-x", ""]),
)
"""A chunk of the stream before its end: one answer text mostly (what the straight path reads)."""
_ODD_FRAME = st.sampled_from([b"[DONE]", b"{}", b"x", b'{"candidates": []}', b"1" * 5000])


@settings(max_examples=examples(400), deadline=None)
@given(
    st.lists(st.one_of(_PLAIN_CHUNK, _PLAIN_CHUNK, _PLAIN_CHUNK, _CHUNK, _ODD_FRAME), max_size=4),
    st.one_of(_ONE_TEXT_END, _END, _MANY_PARTS_END, _CHUNK),
    st.sampled_from([b"\r\n\r\n", b"\n\n"]),
    st.booleans(),
    _REQUESTS,
    _REQUESTS,
)
@example([_TEXT_CHUNK, b"[DONE]", _TEXT_CHUNK], _TEXT_END, b"\n\n", False, None, None)
@example([_TEXT_CHUNK, _TEXT_CHUNK], _SIGNED_CALL_END, b"\n\n", True, REQUEST, REQUEST)
@example(  # a call's own signature, read where the part has none (or an empty one); streamed arguments
    [],
    {
        "candidates": [
            {
                "content": {
                    "parts": [
                        {"functionCall": {"name": "f", "args": {}, "thoughtSignature": "c2ln"}},
                        {"functionCall": {"name": "g", "thoughtSignature": "c2ln"}, "thoughtSignature": ""},
                        {"functionCall": {"name": "h", "args": {"a": 1}, "partialArgs": []}},  # (Vertex's)
                    ]
                },
                "finishReason": "STOP",
            }
        ]
    },
    b"\r\n\r\n",
    False,
    REQUEST,
    REQUEST,
)
@example(  # a chunk with an integer json.loads refuses, in a key no view reads: lm15 crashes on it
    [b'{"candidates": [{"content": {"parts": [{"text": "a"}]}}], "x": ' + b"7" * 4400 + b"}"],
    _TEXT_END,
    b"\n\n",
    False,
    REQUEST,
    REQUEST,
)
def test_a_short_body_assembles_as_the_assembler_assembles_it(
    before: list[Any], last: Any, line_end: bytes, per_event: bool, stream_request: Any, request: Any
) -> None:
    """Any chunks (or frames that are no chunk) before any end, in one chunk or one a chunk: the
    same Response or failure (its frame position included) as the general way."""
    events = [
        b"data: " + (item if isinstance(item, bytes) else json.dumps(item).encode()) + line_end
        for item in (*before, last)
    ]
    _same(events if per_event else b"".join(events), stream_request, request)


def test_chunks_read_before_the_general_way_are_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text chunks the straight path read before it met one it does not take are handed on
    with the end's reading: each chunk is decoded once in all (typed, or untyped for the end), but
    the one the reading stopped at, whose typed decode ``map_frames`` makes again."""
    decoded: list[bytes] = []

    class Counted:
        def __init__(self, decoder: Any) -> None:
            self.decoder = decoder

        def decode(self, data: bytes) -> Any:
            decoded.append(data)
            return self.decoder.decode(data)

    monkeypatch.setattr(gemini_stream, "text_chunk_decoder", Counted(gemini_stream.text_chunk_decoder))
    untyped = gemini_stream._decode
    monkeypatch.setattr(gemini_stream, "_decode", lambda data: decoded.append(data) or untyped(data))
    plain = {"candidates": [{"content": {"parts": [{"text": "a"}]}}]}
    second = {"candidates": [{"content": {"parts": [{"text": "b"}]}}]}
    call = {"candidates": [{"content": {"parts": [{"functionCall": {"name": "f", "args": {}}}]}}]}
    body = _sse(plain, second, call, _TEXT_END)
    response = lc.assemble(lc.stream.decode("gemini", [body], request=REQUEST), request=REQUEST)
    # (slot 0: the texts, then the call)
    assert response.message.parts == (
        lc.TextPart(text="ab!"),
        lc.ToolCallPart(id="tool_call_0", name="f", input={}),
    )
    frames = body[6:-4].split(b"\r\n\r\ndata: ")
    assert sorted(decoded) == sorted([*frames, frames[2]])


def test_a_frame_left_to_the_assembler_is_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reading of a frame the straight path leaves (a request that may ask for judgments, a
    function call) is handed on: one untyped decode of the frame in all."""
    decodes: list[bytes] = []
    decode = gemini_stream._decode
    monkeypatch.setattr(gemini_stream, "_decode", lambda data: decodes.append(data) or decode(data))
    call = WORD.replace(b'{"text": "The "}', b'{"functionCall": {"name": "f", "args": {}}}')
    for body, request in ((WORD, JUDGED), (call, REQUEST)):
        decodes.clear()
        response = lc.assemble(lc.stream.decode("gemini", [body], request=REQUEST), request=request)
        assert response.provider_data is not None
        assert len(decodes) == 1


@needs_corpus
def test_the_corpus_bodies_assemble_as_the_assembler_assembles_them() -> None:
    bodies = sorted((CORPUS / "lm15-contract" / "bodies").glob("gemini.*stream*/*.txt"))
    assert bodies
    straight = 0
    for path in bodies:
        body = path.read_bytes()
        for stream_request, request in ((REQUEST, REQUEST), (None, None)):
            straight += _same(body, stream_request, request)
    assert straight >= 2 * 5  # the five one-event text answers, each way


_LIMITS = (DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_EVENT_BYTES)
_VALUE_BYTES = st.lists(
    st.sampled_from([b"{", b"}", b"a", b" ", b"\t", b"\r", b"\n", b"\xc2\xa0", b"\xe2\x80\x83", b":"]),
    max_size=8,
).map(b"".join)
_HEADS = st.sampled_from(
    [b"data: ", b"data: ", b"data:", b"data:  ", b": c\ndata: ", b"event: x\ndata: ", b"", b"dat: "]
)
_EXTRAS = st.sampled_from([b"", b"", b"\n", b"\r\n", b"\r"])


@settings(max_examples=examples(600), deadline=None)
@given(
    st.lists(st.tuples(_HEADS, _VALUE_BYTES, _EXTRAS, _LINE_ENDS), min_size=1, max_size=4),
    st.sampled_from([None, b"\r\n\r\n", b"\n\n"]),
    st.booleans(),
)
@example([(b"data: ", b"{}", b"", b"\r\n\r\n")], None, False)
@example([(b"data: ", b"", b"", b"\r\n\r\n")], None, False)
@example([(b"data: ", b"{\r}", b"", b"\r\n\r\n")], None, False)
@example([(b"data: ", b"a", b"", b"\n\n"), (b"data: ", b"b", b"", b"\n\n")], None, True)
@example([(b"data: ", b"a", b"", b"\r\n\r\n"), (b"data: ", b"b", b"\n", b"\r\n\r\n")], None, False)
def test_lone_frames_cut_as_whole_frames_cuts(
    events: list[Any], line_end: bytes | None, per_event: bool
) -> None:
    """Bodies of one or several events, each a field line (mostly ``data: ``), a value, stray line
    ends and a blank line (mostly one line end throughout, as the API writes them), in one chunk or
    one a chunk: where ``lone_frames`` cuts them, ``whole_frames`` cuts them so."""
    cut = [head + value + extra + (line_end or end) for head, value, extra, end in events]
    for chunks in ([b"".join(cut)], cut) if per_event else ([b"".join(cut)],):
        frames = lone_frames(chunks)
        if frames is not None:
            assert whole_frames(chunks, *_LIMITS) == frames
            assert lone_frames(tuple(chunks)) == frames


@pytest.mark.parametrize(
    ("body", "frames"),
    [
        (b'data: {"a":1}\r\n\r\n', [b'{"a":1}']),
        (b'data: {"a":1}\n\n', [b'{"a":1}']),
        (b"data: x\r\n\r\n", [b"x"]),
        (b"data: x\r\n\r\ndata: y\r\n\r\n", [b"x", b"y"]),
        (b"data: x\n\ndata: y\n\ndata: z\n\n", [b"x", b"y", b"z"]),
    ],
)
def test_lone_frames_take_data_lines(body: bytes, frames: list[bytes]) -> None:
    assert lone_frames([body]) == frames
    assert whole_frames([body], *_LIMITS) == frames


@pytest.mark.parametrize(
    "chunks",
    [
        # past a block, an event after the first block's: framed by a framer, block by block
        [b"data: " + b"a" * (1 << 16) + b"\n\ndata: b\n\n"],
        [bytearray(b"data: x\n\n")],
        [b"data: x\n\n", "data: y\n\n"],
        [b"data: x\n\n"] * 257,  # more chunks than a short body's: not summed, the general way's
        [],
        iter([b"data: x\n\n"]),
        [b"data:x\n\n"],
        [b"data:  x\n\n"],
        [b"data: x\r\n\n"],
        [b"data: x\n\ndata: y\r\n\r\n"],
        [b"data: x\r\n\r\ndata: y\n\ndata: z\r\n\r\n"],
        [b"data: x\n\n\ndata: y\n\n"],
        [b"data: x\n\ndata:y\n\n"],
        [b"data: x\n\ndata: \n\n"],
        [b"data: x\n\nid: 1\ndata: y\n\n"],
    ],
)
def test_lone_frames_leave_any_other_body(chunks: Any) -> None:
    assert lone_frames(chunks) is None


def test_lone_frames_join_the_chunks_as_whole_frames_joins_them() -> None:
    chunks: list[Any] = [b"data: x\n", bytearray(b"\ndata: y"), memoryview(b"\n\n")]
    assert lone_frames(chunks) == whole_frames(chunks, *_LIMITS) == [b"x", b"y"]
    assert lone_frames([b"data: x\n\n"] * 256) == [b"x"] * 256


_HEADS = st.sampled_from(
    [b"event: message_start", b"event:ping", b"event: a", b": keep-alive", b"id: 1", b"data: {}", b""]
)
_DATAS = st.sampled_from(
    [
        b'data: {"type":"ping"}',
        b'data: {"a":1}  ',
        b"data: {",
        b'data:{"a":1}',
        b'data:  {"a":1}',
        b"data: x",
        b"data: \x0b{}",
        b"data",
        b"event: b",
        b'data: {"a":"\rx"}',
    ]
)
_BLANKS = st.sampled_from([b"", b"", b"x", b"data: {}", b"\r"])


@settings(max_examples=examples(400), deadline=None)
@given(
    _DATAS,
    st.lists(st.tuples(_BLANKS, _HEADS, _DATAS), max_size=3),
    st.sampled_from([b"\n", b"\n", b"\r\n", b"\r"]),
    st.sampled_from([b"\n\n", b"\n\n", b"\n", b"\n\n\n", b""]),
)
@example(b'data: {"a":1}', [(b"", b"event: b", b'data: {"b":2}')], b"\n", b"\n\n")
def test_named_events_cut_as_whole_frames_cuts(first: bytes, rest: Any, line_end: bytes, tail: bytes) -> None:
    """Bodies of ``event:``, ``data:``, comment, field and blank lines in threes (Anthropic's shape
    and its near misses): where ``named_events`` cuts one, ``whole_frames`` cuts it so, and
    ``lone_frames`` gives that cut."""
    body = line_end.join([b"event: a", first, *(line for triple in rest for line in triple)]) + tail
    frames = named_events(body)
    if frames is not None:
        assert frames == whole_frames([body], *_LIMITS)
        assert lone_frames([body]) == frames


@pytest.mark.parametrize(
    "body",
    [
        b'event: a\ndata: {"a":1}\n\nevent: b\ndata: {"b":2}\n\n',
        b'event: a\ndata: {"a":1}   \n\n',
    ],
)
def test_named_events_take_anthropic_events(body: bytes) -> None:
    assert named_events(body) == whole_frames([body], *_LIMITS) is not None


@pytest.mark.parametrize(
    "body",
    [
        b'event: a\r\ndata: {"a":1}\r\n\r\n',  # CRLF
        b'event: a\ndata: {"a":1}\n\n\r',  # a CR anywhere
        b'event: a\ndata: {"a":1}\nx\nevent: b\ndata: {"b":2}\n\n',  # a third line not blank
        b'event: a\ndata: {"a":1}\n\ndata: {"c":0}\ndata: {"b":2}\n\n',  # a head that is data
        b'event: a\ndata: {"a":1}\n\nid: 1\ndata: {"b":2}\n\n',  # a head that is another field
        b'event: a\ndata:  {"a":1}\n\n',  # white space the framer strips
        b'event: a\ndata: {"a":1}\n\nevent: b\ndata:  {"b":2}\n\n',
        b'event: a\ndata: {"a":1}\n\nevent: b\ndata:{"b":2}\n\n',
        b'event: a\ndata: {"a":1}\n',  # no blank line at the end
        # lines not in threes, their lengths as if they were (a one-byte line where a blank is):
        b"event: a\ndata: {}\nx\nid: 1\nz",  # 3n + 2 lines
        b"event: a\ndata: {}\n\nevent: b\ndata: {}\nx",  # 3n + 3 lines
    ],
)
def test_named_events_leave_near_misses(body: bytes) -> None:
    assert named_events(body) is None
