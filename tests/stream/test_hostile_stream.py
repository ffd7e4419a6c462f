"""Issue 14, the stream side: hostile input gets an lc error, nothing is lost without a word.

Each test fails on the code before the fix it names (see the issue text); the
quadratic cases are sized so that the old code takes minutes (they assert the
outcome, not a time: the figures are in benchmarks/).
"""

from __future__ import annotations

import json
import threading
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec import stream
from lmcodec.errors import StreamDecodeError
from lmcodec.framing._sse_space import lstrip_ws
from lmcodec.providers.gemini.framing import ArrayFramer
from lmcodec.stream.sse import SSEDecoder

from ..providers.provider_support import BODIES, needs_bodies

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))


def sse(*frames: Any) -> bytes:
    return b"".join(
        b"data: " + (f if isinstance(f, bytes) else json.dumps(f).encode()) + b"\n\n" for f in frames
    )


def assembled(provider: str, body: bytes, request: lc.Request | None = REQUEST) -> lc.Response:
    return lc.assemble(stream.decode(provider, [body], request=request))


ANTHROPIC_START = sse({"type": "message_start", "message": {"id": "m", "model": "claude"}})

# (provider, body) with an integer field holding a number no int can be: OverflowError before the fix.
OVERFLOWS = {
    "anthropic index": ("anthropic", b'"index":%s,"delta":{"type":"text_delta","text":"hi"}'),
    "responses output_index": ("openai", b'"output_index":%s,"delta":"x"'),
    "chat tool index": ("openai_chat", b'"index":%s'),
    "anthropic thinking_tokens": ("anthropic", b"thinking_tokens:%s"),
    "responses annotation start_index": ("openai", b"start_index:%s"),
}


def _overflow_body(name: str, number: bytes) -> tuple[str, bytes]:
    provider = OVERFLOWS[name][0]
    if name == "anthropic index":
        frame = (
            b'{"type":"content_block_delta","index":' + number + b',"delta":{"type":"text_delta","text":"h"}}'
        )
        return provider, ANTHROPIC_START + sse(frame)
    if name == "responses output_index":
        return provider, sse(
            b'{"type":"response.output_text.delta","output_index":' + number + b',"delta":"x"}'
        )
    if name == "chat tool index":
        call = b'{"index":' + number + b',"function":{"name":"f","arguments":"{}"}}'
        return provider, sse(b'{"choices":[{"delta":{"tool_calls":[' + call + b"]}}]}")
    if name == "anthropic thinking_tokens":
        usage = b'{"output_tokens":1,"output_tokens_details":{"thinking_tokens":' + number + b"}}"
        frame = b'{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":' + usage + b"}"
        return provider, ANTHROPIC_START + sse(frame)
    annotation = b'{"type":"url_citation","url":"http://x","start_index":' + number + b',"end_index":2}'
    frame = (
        b'{"type":"response.output_text.annotation.added","output_index":0,"annotation":' + annotation + b"}"
    )
    return provider, sse(frame)


@pytest.mark.parametrize("number", [b"1e400", b"-1e400", b"Infinity"])
@pytest.mark.parametrize("name", list(OVERFLOWS))
def test_overflow_in_an_integer_field_is_a_stream_decode_error(name: str, number: bytes) -> None:
    provider, body = _overflow_body(name, number)
    with pytest.raises(StreamDecodeError, match="OverflowError"):
        assembled(provider, body)
    with pytest.raises(StreamDecodeError):
        decoder = stream.Decoder(provider, request=REQUEST)
        decoder.feed(body)
        decoder.close()


COMPLETE_OVERFLOWS = {
    "anthropic": b'{"id":"x","model":"c","content":[{"type":"text","text":"a"}],'
    b'"usage":{"output_tokens":1,"output_tokens_details":{"thinking_tokens":1e400}}}',
    "gemini": b'{"modelVersion":"g","candidates":[{"content":{"parts":[{"text":"a"}]},"finishReason":"STOP",'
    b'"groundingMetadata":{"groundingSupports":[{"segment":{"startIndex":1e400,"endIndex":2},'
    b'"groundingChunkIndices":[0]}],"groundingChunks":[{"web":{"uri":"http://x","title":"t"}}]}}]}',
    "openai": b'{"id":"r","model":"g","output":[{"type":"message","content":[{"type":"output_text",'
    b'"text":"a","annotations":[{"type":"url_citation","url":"http://x","start_index":1e400,"end_index":2}]}]}]}',
}


@pytest.mark.parametrize("provider", list(COMPLETE_OVERFLOWS))
def test_overflow_in_a_complete_body_is_a_decode_error(provider: str) -> None:
    with pytest.raises(lc.DecodeError, match="OverflowError"):
        lc.decode_response(provider, COMPLETE_OVERFLOWS[provider], request=REQUEST)


def test_a_logprob_of_310_digits_is_an_lc_error_or_infinity() -> None:
    logprob = b'{"token":"a","logprob":-1' + b"0" * 320 + b'.0,"top_logprobs":[]}'
    body = sse(b'{"choices":[{"delta":{"content":"a"},"logprobs":{"content":[' + logprob + b"]}}]}")
    body += sse({"choices": [{"delta": {}, "finish_reason": "stop"}]})
    try:
        response = assembled("openai_chat", body)
    except lc.LmcodecError:
        return
    assert response.text == "a"


def test_an_integer_of_4400_digits_in_the_chat_finish_chunk_fails_at_that_frame() -> None:
    finish = b'{"choices":[{"delta":{},"finish_reason":"stop"}],"x":1' + b"0" * 4400 + b"}"
    body = sse({"choices": [{"delta": {"content": "a"}}]}, finish)
    decoder = stream.Decoder("openai_chat", request=REQUEST)
    with pytest.raises(StreamDecodeError, match=r"SSE event #1.*4300") as info:
        decoder.feed(body)
    assert [e.type for e in info.value.events] == ["start", "delta"]
    with pytest.raises(StreamDecodeError) as fused:
        assembled("openai_chat", body)
    assert fused.value.partial is not None and fused.value.partial.text == "a"


def test_a_data_line_of_two_mebibytes_of_unicode_white_space_is_stripped_in_one_pass() -> None:
    """lstrip one character per slice was quadratic: 1 MiB of U+3000 took 10-14 s, 2 MiB 111 s."""
    value = "\u3000".encode() * (1 << 21 // 3) + b"\xc2\xa0 {}"
    assert lstrip_ws(value) == b"{}"
    events = list(stream.decode("openai_chat", [b"data:" + value + b"\n\n"], request=REQUEST))
    assert events == []  # "{}" is a chunk without content


def test_gemini_array_framing_is_bounded_by_max_event_bytes() -> None:
    framer = ArrayFramer(max_element_bytes=1000)
    framer.feed_data(b'[{"candidates":[{"content":{"parts":[{"text":"')
    with pytest.raises(lc.DecodeError, match="max_event_bytes"):
        for _ in range(100):
            framer.feed_data(b"x" * 100)
    decoder = stream.Decoder("gemini", request=REQUEST, max_event_bytes=1000)
    with pytest.raises(lc.DecodeError, match="max_event_bytes"):
        decoder.feed(b'[{"x":"' + b"y" * 2000)


def test_gemini_array_with_a_5mb_inline_image_fed_in_64k_chunks() -> None:
    """Rescanning the unfinished element from its start at every chunk was quadratic (35 s)."""
    image = {"inlineData": {"mimeType": "image/png", "data": "QUJD" * (5_000_000 // 4)}}
    chunks = [
        {"candidates": [{"content": {"parts": [{"text": 'see \\"this\\"'}, image]}}]},
        {"candidates": [{"content": {"parts": [{"text": "."}]}, "finishReason": "STOP"}]},
    ]
    body = json.dumps(chunks).encode()
    pieces = [body[i : i + 65536] for i in range(0, len(body), 65536)]
    response = lc.assemble(stream.decode("gemini", pieces, request=REQUEST))
    assert [p.type for p in response.message.parts] == ["text", "image"]
    assert response.message.parts[0].text == 'see \\"this\\".'  # type: ignore[union-attr]
    assert response.message.parts[1].data == image["inlineData"]["data"]  # type: ignore[union-attr]


@pytest.mark.parametrize("provider", ["anthropic", "gemini", "openai"])
def test_a_5mb_string_where_content_blocks_belong_is_one_unmapped_value(provider: str) -> None:
    """lm15 records one unmapped entry per character: five million dicts, 11 s."""
    big = json.dumps("x" * 5_000_000)
    bodies = {
        "anthropic": '{"id":"x","model":"c","content":%s}',
        "gemini": '{"modelVersion":"g","candidates":[{"content":{"parts":%s}}]}',
        "openai": '{"id":"r","model":"g","output":[{"type":"message","content":%s}]}',
    }
    response = lc.decode_response(provider, (bodies[provider] % big).encode(), request=REQUEST)
    assert response.text == ""
    assert response.provider_data is not None
    assert [entry["type"] for entry in response.provider_data["_lm15_unmapped"]] == ["str"]


def test_nan_in_an_ignored_field_of_the_end_frame_gives_the_partial_response() -> None:
    text = sse({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "hi"}})
    end = b'data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{},"ignored":NaN}\n\n'
    with pytest.raises(lc.StreamAssemblyError, match="JSON cannot carry") as info:
        assembled("anthropic", ANTHROPIC_START + text + end)
    assert info.value.partial is not None and info.value.partial.text == "hi"
    assert info.value.partial.finish_reason == "stop"


def test_a_chat_stream_cut_inside_its_usage_chunk_is_reported() -> None:
    body = (
        sse(
            {"choices": [{"delta": {"content": "Hello"}}]},
            {"choices": [{"delta": {}, "finish_reason": "stop"}]},
        )
        + b'data: {"choices":[],"usage":{"prompt_tokens":3,"compl'
    )
    decoder = stream.Decoder("openai_chat", request=REQUEST)
    events = decoder.feed(body)
    with pytest.raises(StreamDecodeError, match="cut inside its last frame") as info:
        decoder.close()
    assert [e.type for e in events + info.value.events] == ["start", "delta", "end"]
    with pytest.raises(StreamDecodeError) as fused:
        assembled("openai_chat", body)
    partial = fused.value.partial
    assert partial.text == "Hello" and partial.usage == lc.Usage()


def _stream_bodies(provider: str) -> list[Path]:
    if not BODIES.is_dir():
        return []
    return [p for d in sorted(BODIES.glob(f"{provider}.stream*")) for p in sorted(d.iterdir())]


@needs_bodies
@pytest.mark.parametrize("provider", ["openai_chat", "gemini"])
def test_without_a_request_the_model_is_the_one_the_stream_names(provider: str) -> None:
    paths = _stream_bodies(provider)
    assert paths
    for path in paths:
        body = path.read_bytes()
        first = json.loads(body.split(b"data:", 1)[1].split(b"\n", 1)[0])
        named = first["model"] if provider == "openai_chat" else first["modelVersion"]
        response = lc.assemble(stream.decode(provider, [body]))
        assert response.model == named, path
        events = list(stream.decode(provider, [body]))
        assert events[0] == lc.StreamStartEvent(model=named)
        with_request = list(stream.decode(provider, [body], request=REQUEST))
        assert with_request[0] == lc.StreamStartEvent(model="m-1")  # the request's model wins


@pytest.mark.parametrize(
    ("provider", "body", "code", "provider_code", "message"),
    [
        (
            "anthropic",
            {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
            "server",
            "overloaded_error",
            "Overloaded",
        ),
        (
            "anthropic",
            {"type": "error", "error": {"type": "rate_limit_error", "message": "slow down"}},
            "rate_limit",
            "rate_limit_error",
            "slow down",
        ),
        (
            "gemini",
            {"error": {"code": 429, "message": "Quota exceeded", "status": "RESOURCE_EXHAUSTED"}},
            "rate_limit",
            "RESOURCE_EXHAUSTED",
            "Quota exceeded",
        ),
        (
            "gemini",
            {"error": {"code": 400, "message": "bad", "status": "INVALID_ARGUMENT"}},
            "invalid_request",
            "INVALID_ARGUMENT",
            "bad",
        ),
    ],
)
@pytest.mark.parametrize("request_", [None, REQUEST])
def test_an_error_body_is_a_provider_error(
    provider: str, body: Any, code: str, provider_code: str, message: str, request_: lc.Request | None
) -> None:
    with pytest.raises(lc.ProviderError) as info:
        lc.decode_response(provider, json.dumps(body).encode(), request=request_)
    assert (info.value.code, info.value.provider_code, info.value.message) == (code, provider_code, message)
    assert info.value.provider == provider


@pytest.mark.parametrize(
    "frame",
    [
        b'{"type":"response.brand_new","x":1}',
        b'{"type":"response.brand_new","x":NaN}',
        b'{"type":"response.brand_new","x":"\\ud800"}',
        b'{"type":"response.brand_new","x":1e400}',
    ],
)
def test_kept_unknown_events_re_encode_to_json_lmcodec_reads(frame: bytes) -> None:
    decoder = stream.Decoder("openai", request=REQUEST, unknown="keep")
    events = decoder.feed(sse(frame)) + decoder.close()
    assert decoder.stats.unknown == 1
    for event in events:
        data = lc.encode(event)
        assert lc.decode(data, lc.StreamEvent, unknown="keep") == event  # type: ignore[arg-type]
    strict = frame.endswith(b"1}")
    assert len(events) == (1 if strict else 0)  # a frame JSON cannot carry is counted, not kept


class _SlowFramer:
    """A framer that holds its first feed until released (a second thread comes in meanwhile)."""

    def __init__(self, real: Any) -> None:
        self.real = real
        self.entered = threading.Event()
        self.release = threading.Event()
        self.smallest_limit = real.smallest_limit

    def feed_data(self, data: Any) -> list[bytes]:
        self.entered.set()
        self.release.wait(5)
        out: list[bytes] = self.real.feed_data(data)
        return out

    def close_data(self) -> list[bytes]:
        out: list[bytes] = self.real.close_data()
        return out


def test_one_decoder_fed_from_two_threads_at_once_is_refused() -> None:
    decoder = stream.Decoder("openai_chat", request=REQUEST)
    framer = _SlowFramer(decoder._stream.framer)
    decoder._stream.framer = framer
    results: list[Any] = []
    worker = threading.Thread(target=lambda: results.append(decoder.feed(sse({"choices": []}))))
    worker.start()
    assert framer.entered.wait(5)
    with pytest.raises(lc.DecodeError, match="two threads"):
        decoder.feed(sse({"choices": [{"delta": {"content": "x"}}]}))
    framer.release.set()
    worker.join(5)
    assert results == [[]]


def _peak_bytes(run: Any) -> int:
    tracemalloc.start()
    try:
        run()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak


def _decode_quietly(body: bytes, size: int) -> None:
    decoder = stream.Decoder("openai_chat", max_line_bytes=None, max_event_bytes=None)
    try:
        for at in range(0, len(body), size):
            decoder.feed(body[at : at + size])
        decoder.close()
    except lc.LmcodecError:
        pass


@pytest.mark.parametrize("size", [65536, 1 << 30])
def test_one_event_of_many_short_data_lines_is_held_in_a_few_times_its_size(size: int) -> None:
    """Its data lines were kept as a list of bytes objects (7-17x the event)."""
    event = b"data:x\n" * (1_000_000 // 7) + b"\n"
    assert _peak_bytes(lambda: _decode_quietly(event, size)) < 4 * len(event) + (1 << 20)


def test_a_whole_body_in_one_chunk_is_decoded_in_a_few_times_its_size() -> None:
    body = b'data: {"choices":[{"delta":{"content":"x"}}]}\n\n' * 40_000
    body += b'data: {"choices":[{"delta":{},"finish_reason":"stop"}]}\n\n'

    def run() -> None:
        assert lc.assemble(stream.decode("openai_chat", [body], request=REQUEST)).text == "x" * 40_000

    assert _peak_bytes(run) < 4 * len(body) + (1 << 20)


# Blocks of 60 KB a framer pass took up to ~3.4 s on each (a split search retried at every byte).
_LONG_LINE_BLOCKS = {
    "data-prefixes": b"data:" * 12_000 + b'\ndata: {"a":1}\ndata: {"b":2}\n\n\n\n\n\n',
    "event-prefixes": b"event: " + b"event:" * 10_000 + b"\n\n\n\n",
    "short-lines": b"x\n" * 30_000 + b'\ndata: {"a":1}\ndata: {"b":2}\n\n\n\n\n\n',
    "comment-lines": b": c\n" * 15_000 + b"data: 1\ndata: 2\n\n",
    # lines the simple-event split takes before a data line (at most four), then one it refuses
    "ignored-lines": b"id: 1\n" * 10_000
    + b"data:  {}\n\n"
    + (b": " + b"c" * 15_000 + b"\n") * 4
    + b"data:\n\n",
}


@pytest.mark.parametrize("shape", list(_LONG_LINE_BLOCKS))
def test_blocks_of_hostile_lines_are_framed_as_the_line_framer_frames_them(shape: str) -> None:
    """A hundred such blocks fed one per chunk took minutes (the search for the next event restarted
    at every byte of a long line); now a few times the bytes' cost, with the line framer's events."""
    block = _LONG_LINE_BLOCKS[shape]
    bulk = SSEDecoder()
    got = [data for _ in range(100) for data in bulk.feed_data(block)] + bulk.close_data()
    lines = SSEDecoder()
    want = [e.data for _ in range(100) for e in lines.feed(block)] + [e.data for e in lines.close()]
    assert got == want


@pytest.mark.parametrize("whole", [True, False])
def test_gemini_array_of_escape_heavy_text_is_framed_in_memory_linear_in_it(whole: bool) -> None:
    """An unbounded regex repeat over a string's escapes kept state per escape: 77 bytes of
    memory per byte of a 1 MB text of escaped quotes and newlines."""
    text = '"\\\n' * (1 << 18)
    chunks = [{"candidates": [{"content": {"parts": [{"text": text}]}, "finishReason": "STOP"}]}]
    body = json.dumps(chunks).encode()
    pieces = [body] if whole else [body[i : i + 65536] for i in range(0, len(body), 65536)]
    out: list[Any] = []
    peak = _peak_bytes(lambda: out.append(lc.assemble(stream.decode("gemini", pieces, request=REQUEST))))
    assert out[0].text == text
    assert peak < 6 * len(body)
