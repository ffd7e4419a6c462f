"""A body of one event assembled straight (``stream/_lone.py``) against the general way (an
Assembler fed by the mapper, ``Decoding.assemble_into``): the same Response, or the same failure,
for any one-chunk Gemini end and any pair of requests; and its one ``data:`` line cut as
``whole_frames`` cuts it."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.framing.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
from lmcodec.providers import MAPPERS
from lmcodec.providers.gemini import stream as gemini_stream
from lmcodec.stream._lone import lone_frame, lone_response
from lmcodec.stream._whole import whole_frames
from lmcodec.stream.decoder import Decoding

from ..budget import examples
from ..corpus import CORPUS, needs_corpus
from ..providers.test_gemini_stream_views import _CHUNK, _ONE_TEXT_END

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


def _same(body: bytes, stream_request: Any, request: Any) -> bool:
    """Assert ``lc.assemble(lc.stream.decode(...))`` of ``[body]`` is the general way's outcome
    (the Response's field types too); whether the body was assembled straight."""

    def straight() -> Any:
        return lc.assemble(lc.stream.decode("gemini", [body], request=stream_request), request=request)

    got, want = _outcome(straight), _outcome(lambda: _general([body], stream_request, request))
    assert got == want
    if got[0] is not None:
        assert lc.encode(got[0]) == lc.encode(want[0])
        assert got[0].provider_data == want[0].provider_data
        assert type(got[0].usage) is type(want[0].usage)
    taken = lc.stream.decode("gemini", [body], request=stream_request).lone_response(request)  # type: ignore[attr-defined]
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


def test_what_the_straight_path_leaves_to_the_assembler() -> None:
    """A request that may ask for judgments, a second event, a thought, several chunks: the
    general way (nothing told, the same Response)."""
    thought = WORD.replace(b'"text": "The "', b'"text": "The ", "thought": true')
    two = WORD.replace(b"\r\n\r\n", b"\r\n\r\n" + WORD)
    for body, request in ((WORD, JUDGED), (thought, REQUEST), (two, REQUEST)):
        assert not _same(body, REQUEST, request)
    assert lc.stream.decode("gemini", [WORD[:9], WORD[9:]]).lone_response(REQUEST) is None  # type: ignore[attr-defined]
    assert lone_frame([WORD[:9], WORD[9:]]) is None
    assert lone_response(MAPPERS["gemini"], b"x", None, REQUEST, REQUEST) is None
    chat = lc.stream.decode("openai_chat", [WORD])
    assert chat.lone_response(REQUEST) is None  # type: ignore[attr-defined]
    assert chat._read is None  # type: ignore[attr-defined]


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


@settings(max_examples=examples(400), deadline=None)
@given(
    st.sampled_from([b"data: ", b"data:", b"data:  ", b": c\ndata: ", b"event: x\ndata: ", b"", b"dat: "]),
    _VALUE_BYTES,
    st.sampled_from([b"", b"\n", b"\r\n", b"\r"]),
    _LINE_ENDS,
)
@example(b"data: ", b"{}", b"", b"\r\n\r\n")
@example(b"data: ", b"", b"", b"\r\n\r\n")
@example(b"data: ", b"{\r}", b"", b"\r\n\r\n")
def test_lone_frame_cuts_as_whole_frames_cuts(head: bytes, value: bytes, extra: bytes, end: bytes) -> None:
    body = head + value + extra + end
    data = lone_frame([body])
    if data is not None:
        assert whole_frames([body], *_LIMITS) == [data]
        assert lone_frame((body,)) == data


@pytest.mark.parametrize(
    ("body", "data"),
    [(b'data: {"a":1}\r\n\r\n', b'{"a":1}'), (b'data: {"a":1}\n\n', b'{"a":1}'), (b"data: x\r\n\r\n", b"x")],
)
def test_lone_frame_takes_one_data_line(body: bytes, data: bytes) -> None:
    assert lone_frame([body]) == data
    assert whole_frames([body], *_LIMITS) == [data]


@pytest.mark.parametrize(
    "chunks",
    [
        [b"data: " + b"a" * (1 << 16) + b"\n\n"],  # over the limits: framed as a framer frames it
        [bytearray(b"data: x\n\n")],
        [b"data: x\n\n", b""],
        [],
        iter([b"data: x\n\n"]),
        [b"data: x\r\n\r\ndata: y\r\n\r\n"],
        [b"data:x\n\n"],
        [b"data:  x\n\n"],
        [b"data: x\r\n\n"],
    ],
)
def test_lone_frame_leaves_any_other_body(chunks: Any) -> None:
    assert lone_frame(chunks) is None
