"""Bodies past a block (``stream/_whole.BLOCK_BYTES``) whose events before the last are within one
(red team 39 F01-F03: Gemini's end chunk of a tool turn, an image, a long last text): cut by
``stream/_lone.lone_frames`` as a framer cuts them, at any chunking; assembled straight (one decode
of the end chunk) into the Response of the general way, of every chunking, and of lm15 1.5.0."""

from __future__ import annotations

import base64
import json
import random
from typing import Any
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.sse
from lmcodec.stream import _whole
from lmcodec.stream._lone import lone_frames
from lmcodec.stream._whole import BLOCK_BYTES

from ..budget import examples
from ..corpus import strict_equal
from ..providers.provider_support import Raised
from ..providers.sweep_support import LM_REQUEST, REQUEST, lm15_stream_outcomes
from ..providers.test_gemini_stream_views import _CHUNK, _END, _MANY_PARTS_END
from .test_lone import _REQUESTS, _calls_sharing_data, _general, _outcome

_HUGE_BLOCK = 1 << 30


def _same(body: bytes | list[bytes], stream_request: Any, request: Any) -> bool:
    """test_lone's ``_same`` for a body past a block: the straight path's outcome is the general
    way's (the Engine's, framing block by block); whether a call's input is an object of the
    provider_data (lm15 shares them) is that of the general way over the frames cut at once
    (``whole_frames`` with a block patched past the body: one decode of the end chunk, as lm15's
    one ``json.loads``); the Engine's typed views decode the calls apart from the provider_data."""
    chunks = [body] if isinstance(body, bytes) else body

    def straight() -> Any:
        return lc.assemble(lc.stream.decode("gemini", chunks, request=stream_request), request=request)

    got, want = _outcome(straight), _outcome(lambda: _general(chunks, stream_request, request))
    assert got == want
    with mock.patch.object(_whole, "BLOCK_BYTES", _HUGE_BLOCK):
        held = _outcome(lambda: _general(chunks, stream_request, request))
    assert held == want
    if got[0] is not None:
        assert lc.encode(got[0]) == lc.encode(want[0])
        assert got[0].provider_data == want[0].provider_data
        assert type(got[0].usage) is type(want[0].usage)
        assert _calls_sharing_data(got[0]) == _calls_sharing_data(held[0])
    taken = lc.stream.decode("gemini", chunks, request=stream_request).lone_response(request)  # type: ignore[attr-defined]
    assert taken is None or taken == want[0]
    return taken is not None


pytest.importorskip("lm15", reason="lm15 1.5.0 is the reference implementation")


def _framed(chunks: list[bytes]) -> list[bytes]:
    """The data a framer cuts of ``chunks`` fed in turn (lc.sse.SSEDecoder)."""
    sse = lmcodec.sse.SSEDecoder()
    out = [d for c in chunks for d in sse.feed_data(c)]
    return out + sse.close_data()


def _event(value: bytes, crlf: bool) -> bytes:
    return b"data: " + value + (b"\r\n\r\n" if crlf else b"\n\n")


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.binary(min_size=1, max_size=40).map(lambda b: b"{" + b.hex().encode()), max_size=3),
    st.integers(min_value=-64, max_value=3 * BLOCK_BYTES),
    st.booleans(),
    st.booleans(),
)
def test_a_long_last_event_is_cut_as_a_framer_cuts_it(
    before: list[bytes], extra: int, crlf: bool, per_event: bool
) -> None:
    """A few short events, then one of about a block or more (a value of digits and letters, no
    line end): cut, whole or one chunk an event, and those are the framer's frames."""
    last = b"{" + (b"0123456789abcdef" * ((BLOCK_BYTES + extra) // 16 + 1))[: BLOCK_BYTES + extra]
    events = [_event(v, crlf) for v in [*before, last]]
    chunks = events if per_event else [b"".join(events)]
    frames = lone_frames(chunks)
    assert frames is not None
    assert frames == _framed(chunks) == [*before, last]


def test_a_body_past_a_block_is_cut_only_when_its_events_before_the_last_are_within_one() -> None:
    small = _event(b'{"a":1}', False)
    long_value = b"{" + b"x" * BLOCK_BYTES
    many = small * (BLOCK_BYTES // len(small) + 2)
    # events past the first block: left to the framer, block by block
    assert lone_frames([many]) is None
    assert lone_frames([many + _event(long_value, False)]) is None
    assert lone_frames([*[small] * (BLOCK_BYTES // len(small) + 2), _event(long_value, False)]) is None
    # the long value holding a line end (a second line): the framer's
    assert lone_frames([small + b"data: " + long_value + b"\ndata: x\n\n"]) is None
    assert lone_frames([small + b"data: " + long_value + b"\r\n\r\n"]) is None
    assert lone_frames([_event(long_value + b"\r", False)]) is None
    # within those rules: the framer's frames
    for chunks in ([small, _event(long_value, False)], [small + _event(long_value, False)]):
        assert lone_frames(chunks) == _framed(chunks) == [b'{"a":1}', long_value]


_BITS = st.sampled_from(
    [b"data: ", b"\n\ndata: ", b"\r\n\r\ndata: ", b"\n", b"\r", b"\r\n", b" ", b"x", b"{}", b"data:", b"\n\n"]
)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(_BITS, max_size=6),
    st.integers(min_value=-16, max_value=16),
    st.lists(_BITS, max_size=4),
    st.sampled_from([b"\n\n", b"\r\n\r\n", b"\n", b"\r\n\n", b"\n\n\n\n"]),
    st.booleans(),
)
@example([b"x", b"\n\ndata: ", b"y"], 0, [], b"\n\n", True)
@example([b"x", b"\r\n\r\ndata: ", b"y"], 8, [], b"\r\n\r\n", False)
@example([b"x", b"\n\ndata: ", b"y"], -8, [b"\r"], b"\n\n", False)
def test_a_body_past_a_block_is_cut_as_a_framer_cuts_it_or_left(
    head: list[bytes], around: int, inside: list[bytes], end: bytes, split: bool
) -> None:
    """Stray line ends, separators and field names before and inside a value that crosses the
    first block's end, the body ending in any blank line or none: where ``lone_frames`` cuts it,
    those are the framer's frames."""
    first = b"data: " + b"".join(head)
    value = b"v" * (BLOCK_BYTES + around - len(first)) + b"".join(inside) + b"w" * 100
    body = first + value + end
    chunks = [body[:BLOCK_BYTES], body[BLOCK_BYTES:]] if split else [body]
    frames = lone_frames(chunks)
    if frames is not None:
        assert frames == _framed(chunks)


def _gemini(parts_per_chunk: list[list[dict[str, Any]]], *, ascii_only: bool = True) -> list[bytes]:
    """A Gemini stream (one event a chunk), the last chunk its end with usage."""
    out = []
    for i, parts in enumerate(parts_per_chunk):
        candidate: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
        chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": "gemini-x", "responseId": "r1"}
        if i == len(parts_per_chunk) - 1:
            candidate["finishReason"] = "STOP"
            chunk["usageMetadata"] = {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 8}
        text = json.dumps(chunk, separators=(",", ":"), ensure_ascii=ascii_only)
        out.append(b"data: " + text.encode() + b"\n\n")
    return out


_UNIT = 'caf\u00e9 "q" \\ line\n \U0001f600 '


def _calls(n: int, size: int) -> list[dict[str, Any]]:
    return [
        {"functionCall": {"name": "f", "args": {"text": (_UNIT * size)[:size], "i": i}}} for i in range(n)
    ]


def _image(k: int) -> dict[str, Any]:
    data = base64.b64encode(bytes(range(256)) * k).decode()
    return {"inlineData": {"mimeType": "image/png", "data": data}}


_SHAPES = {
    # red team 39's shapes: parallel calls in the end chunk (F01), a long non-ASCII last text (F02),
    # an image after a text (F03); each past a block and under it
    "calls past a block, raw UTF-8": lambda: _gemini([_calls(200, 400)], ascii_only=False),
    "calls past a block, escaped": lambda: _gemini([_calls(200, 400)]),
    "calls under a block": lambda: _gemini([_calls(20, 400)], ascii_only=False),
    "text past a block, raw UTF-8": lambda: _gemini(
        [[{"text": "word "}]] * 10 + [[{"text": _UNIT * 5000}]], ascii_only=False
    ),
    "text past a block, escaped": lambda: _gemini([[{"text": "word "}]] * 10 + [[{"text": _UNIT * 5000}]]),
    "text under a block": lambda: _gemini(
        [[{"text": "word "}]] * 10 + [[{"text": _UNIT * 500}]], ascii_only=False
    ),
    "image past a block": lambda: _gemini([[{"text": "here"}], [_image(600)]]),
    "image under a block": lambda: _gemini([[{"text": "here"}], [_image(60)]]),
    "text and calls past a block": lambda: _gemini(
        [[{"text": "word "}], [{"text": "let me"}, *_calls(100, 900)]], ascii_only=False
    ),
}


_HANDED_ON = {"image past a block", "image under a block", "text and calls past a block"}
"""Read once by the straight path, then handed to the Assembler with that reading (an image; a
call after a text chunk)."""


def _cuts(body: bytes, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    at = sorted(rng.sample(range(1, len(body)), 7))
    return [body[a:b] for a, b in zip([0, *at], [*at, len(body)], strict=True)]


@pytest.mark.parametrize("shape", list(_SHAPES))
def test_the_red_team_shapes_assemble_as_the_general_way_and_lm15_read_them(shape: str) -> None:
    """Whole, one chunk an event, random cuts (through an iterator: the framer's way) and the
    general way (the straight path patched out) give one Response, lm15's own."""
    events = _SHAPES[shape]()
    body = b"".join(events)
    past = len(body) > BLOCK_BYTES
    assert past == ("past" in shape)
    taken = _same(body, REQUEST, REQUEST)
    assert _same(events, REQUEST, REQUEST) == taken
    # cut at once (the end chunk read once, then assembled straight or handed on read, _HANDED_ON):
    # red team 39's seam is gone
    assert lone_frames([body]) == lone_frames(events) == _framed([body])
    assert taken == (shape not in _HANDED_ON)
    whole = lc.assemble(lc.stream.decode("gemini", [body], request=REQUEST), request=REQUEST)
    for seed in range(3):
        cut = iter(_cuts(body, seed))
        assert lc.assemble(lc.stream.decode("gemini", cut, request=REQUEST), request=REQUEST) == whole
    _, theirs = lm15_stream_outcomes("gemini", body, LM_REQUEST)
    assert not isinstance(theirs, Raised), theirs
    strict_equal(lc.to_builtins(whole, include_provider_data=True), theirs, shape)


@settings(max_examples=examples(100), deadline=None)
@given(
    st.one_of(_CHUNK, _END, _MANY_PARTS_END),
    st.integers(min_value=BLOCK_BYTES - 200, max_value=2 * BLOCK_BYTES),
    st.sampled_from([0, 1, 3]),
    _REQUESTS,
    _REQUESTS,
)
def test_a_long_end_chunk_assembles_as_the_assembler_assembles_it(
    payload: Any, size: int, before: int, stream_request: Any, request: Any
) -> None:
    """Any end chunk the views test (calls, texts, thoughts, inline data, usage, odd values),
    padded by a field the reading skips to about a block or more, after text chunks or none: the
    straight path's Response is the general way's, or both fail alike, whole and per event."""
    chunk = json.dumps(payload, separators=(",", ":")).encode()
    if not chunk.startswith(b"{") or len(chunk) > size:
        return
    padded = b'{"pad":"' + b"p" * (size - len(chunk)) + b'",' + chunk[1:] if chunk != b"{}" else chunk
    events = [_event(b'{"candidates":[{"content":{"parts":[{"text":"a"}]}}]}', False)] * before
    events.append(_event(padded, False))
    _same(b"".join(events), stream_request, request)
    _same(events, stream_request, request)


def _chat(*chunks: dict[str, Any]) -> bytes:
    return b"".join(b"data: " + json.dumps(c, ensure_ascii=False).encode() + b"\n\n" for c in chunks)


def _choice(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {"id": "c1", "model": "gpt-x", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


@pytest.mark.parametrize(
    "body",
    [
        # a Chat body whose last chunk carries a long text (no [DONE]: the last event is the long one)
        _chat(_choice({"role": "assistant", "content": ""}), _choice({"content": _UNIT * 5000}, "stop")),
        _chat(
            _choice({"role": "assistant", "content": "a"}),
            _choice({"content": "b" * (BLOCK_BYTES + 9)}, "length"),
        ),
        _chat(
            _choice({"role": "assistant"}),
            _choice(
                {
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": "k",
                            "function": {"name": "f", "arguments": "{}" + " " * BLOCK_BYTES},
                        }
                    ]
                },
                "tool_calls",
            ),
        ),
    ],
    ids=["text", "ascii text", "call"],
)
def test_a_chat_body_past_a_block_assembles_as_the_general_way_and_lm15_read_it(body: bytes) -> None:
    """Chat's one-pass reading takes such a body too: the general way's Response and lm15's."""
    assert len(body) > BLOCK_BYTES
    assert lone_frames([body]) == _framed([body])

    def read(general: bool) -> Any:
        decoding = lc.stream.decode("openai_chat", [body], request=REQUEST)
        if general:
            with mock.patch.object(type(decoding), "lone_response", lambda self, request: None):
                return _outcome(lambda: lc.assemble(decoding, request=REQUEST))
        return _outcome(lambda: lc.assemble(decoding, request=REQUEST))

    got = read(False)
    assert got == read(True)
    _, theirs = lm15_stream_outcomes("openai_chat", body, LM_REQUEST)
    if isinstance(theirs, Raised):
        assert got[0] is None
    else:
        strict_equal(lc.to_builtins(got[0], include_provider_data=True), theirs, "chat")


def test_a_body_past_the_default_limits_is_left_to_the_framer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its line is over a limit: the framer's error, not a cut (the limit patched down to 2 blocks,
    the real one 64 MiB)."""
    from lmcodec.stream import _lone

    monkeypatch.setattr(_lone, "_LONE_LIMIT", 2 * BLOCK_BYTES)
    small = _event(b'{"a":1}', False)
    within = _event(b"{" + b"x" * (2 * BLOCK_BYTES - 40), False)
    over = _event(b"{" + b"x" * (2 * BLOCK_BYTES), False)
    assert lone_frames([within]) is not None
    assert lone_frames([small, within]) is not None
    assert lone_frames([over]) is None
    assert lone_frames([small, over]) is None
