"""lmcodec.stream.decoder: decode / adecode / Decoder over provider SSE bodies.

1. The 11 stream cases of the lm15 contract (cases/ + goldens/): the pinned
   body decodes to the golden event trace (end ``provider_data`` by presence
   and JSON type, as the contract harness compares it) and assembles to the
   golden response (or the golden refusal with its partial response).
2. Every corpus SSE body, split at random offsets (hypothesis), gives lm15
   1.5.0's own trace (adapter ``parse_stream_events`` + ``coalesce_stream``).
3. The Decoder API: stats, errors, truncation, reuse; ``adecode``;
   ``decode_response``; the SSE framer's bulk ``feed_data`` path.
"""

from __future__ import annotations

import asyncio
import json
import warnings
from collections.abc import AsyncIterator
from functools import cache
from pathlib import Path
from typing import Any

import lm15
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec import stream
from lmcodec.providers import MAPPERS, PROVIDERS, StreamDecodeError, decode_response
from lmcodec.stream.engine import decode_into
from lmcodec.stream.events import EventSink
from lmcodec.stream.sse import SSEDecoder

from ..budget import examples
from ..corpus import CORPUS, contract_equal, strict_equal
from ..providers.provider_support import (
    SEEDS,
    lm15_stream,
    requests_for,
    requests_from_dict,
    split_at,
    sse_body,
    stream_bodies,
)

CONTRACT = CORPUS / "lm15-contract"
CASES = sorted((CONTRACT / "cases").glob("*/*.json")) if CONTRACT.is_dir() else []
ALL_STREAMS = [(p, path) for p in PROVIDERS for path in stream_bodies(p)]


def _case_id(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


# -- 1. the contract's stream goldens --------------------------------------------------------


@pytest.mark.skipif(not CASES, reason="lm15-contract corpus absent")
def test_there_are_11_stream_cases() -> None:
    assert len(CASES) == 11


def _end_data_shape(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events with an end's provider_data reduced to its JSON type (presence and type only)."""
    out = []
    for e in events:
        if e["type"] == "end" and "provider_data" in e:
            e = {**e, "provider_data": type(e["provider_data"]).__name__}
        out.append(e)
    return out


@pytest.mark.parametrize("case_path", CASES, ids=_case_id)
def test_contract_stream_case(case_path: Path) -> None:
    case = json.loads(case_path.read_text(encoding="utf-8"))
    golden = json.loads(
        (CONTRACT / "goldens" / case_path.parent.name / case_path.name).read_text(encoding="utf-8")
    )
    provider = case["provider"]
    body = (CONTRACT / "bodies" / case["id"] / golden["provenance"]["pinned_body"]).read_bytes()
    _, request = requests_from_dict(case["canonical_request"])

    events = list(stream.decode(provider, [body], request=request))
    got = [lc.to_builtins(e) for e in events]
    contract_equal(_end_data_shape(got), _end_data_shape(golden["events"]), "$.events")
    strict_equal(_end_data_shape(got), _end_data_shape(golden["events"]), "$.events")  # and key order

    if "canonical_response" in golden:
        response = lc.assemble(iter(events), request=request)
        strict_equal(lc.to_builtins(response), golden["canonical_response"], "$.canonical_response")
    else:
        with pytest.raises(lc.StreamAssemblyError) as info:
            lc.assemble(iter(events), request=request)
        strict_equal(lc.to_builtins(info.value.partial), golden["partial_response"], "$.partial_response")


# -- 2. every corpus body, split at random offsets -------------------------------------------


@cache
def _expected(index: int) -> Any:
    provider, path = ALL_STREAMS[index]
    return lm15_stream(provider, path.read_bytes(), requests_for()[0])


@pytest.mark.skipif(not ALL_STREAMS, reason="lm15-contract corpus absent")
@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_splits_match_lm15(data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(ALL_STREAMS) - 1), label="body")
    provider, path = ALL_STREAMS[index]
    body = path.read_bytes()
    cuts = data.draw(st.lists(st.integers(0, len(body)), max_size=40), label="cuts")
    decoder = stream.Decoder(provider, request=requests_for()[1])
    events: list[Any] = []
    for chunk in split_at(body, cuts):
        events += decoder.feed(chunk)
    events += decoder.close()
    strict_equal([lc.to_builtins(e) for e in events], _expected(index), f"{provider} {path.name}")


def _assembled(provider: str, chunks: list[bytes], fused: bool) -> tuple[Any, list[Any]]:
    """assemble() over decode(): straight into the assembler (fused) or iterating the events."""
    request = requests_for()[1]
    events = stream.decode(provider, chunks, request=request)
    source = events if fused else (e for e in events)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            outcome: Any = lc.to_builtins(lc.assemble(source, request=request))
        except Exception as exc:
            partial = getattr(exc, "partial", None)
            outcome = (type(exc), str(exc), None if partial is None else lc.to_builtins(partial))
    return outcome, [w.category for w in caught]


HOSTILE_FRAMES = [
    b"data: {oops\n\n",
    b"data: [DONE]\n\n",
    b'data: {"error":{"code":"server_error","message":"boom"},"type":"error"}\n\n',
    b"data: 17\n\n",
    b"\r\n\r\n",
]


@pytest.mark.skipif(not ALL_STREAMS, reason="lm15-contract corpus absent")
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_assemble_straight_from_the_decoder_matches_iterating(data: st.DataObject) -> None:
    """lc.assemble(decode(...)) decodes straight into its assembler, mapping frames in batches: the
    Response, or the error (class, message, partial), and the warnings are those of iterating."""
    provider, path = ALL_STREAMS[data.draw(st.integers(0, len(ALL_STREAMS) - 1), label="body")]
    body = path.read_bytes()
    if data.draw(st.booleans(), label="hostile"):
        at = data.draw(st.integers(0, len(body)), label="at")
        body = body[:at] + data.draw(st.sampled_from(HOSTILE_FRAMES), label="frame") + body[at:]
    if data.draw(st.booleans(), label="per event"):
        chunks = [piece + b"\n\n" for piece in body.split(b"\n\n")]
    else:
        chunks = split_at(body, data.draw(st.lists(st.integers(0, len(body)), max_size=40), label="cuts"))
    assert _assembled(provider, chunks, fused=True) == _assembled(provider, chunks, fused=False)


# -- 3. the API --------------------------------------------------------------------------------

CHAT = "openai_chat"
REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))


def _chat(text: str) -> bytes:
    return b'data: {"choices":[{"delta":{"content":"' + text.encode() + b'"}}]}\n\n'


FINISH = (
    b'data: {"choices":[{"delta":{},"finish_reason":"stop"}],'
    b'"usage":{"prompt_tokens":1,"completion_tokens":2}}\n\n'
)


def test_unknown_provider() -> None:
    """The same lc error (a ValueError too) from every entry point, as translate and the writers raise."""
    for name in ("openai-chat", "OpenAI", "cohere", None):
        with pytest.raises(lc.ValidationError, match="unknown provider"):
            stream.Decoder(name)  # type: ignore[arg-type]
        with pytest.raises(lc.ValidationError, match="unknown provider"):
            decode_response(name, b"{}")  # type: ignore[arg-type]
        with pytest.raises(lc.ValidationError, match="unknown provider"):
            stream.decode(name, [b""])  # type: ignore[arg-type]  (checked at the call, not when pulled)
        with pytest.raises(lc.ValidationError, match="unknown provider"):
            lc.build_request(name, REQUEST)  # type: ignore[arg-type]
        with pytest.raises(lc.ValidationError, match="unknown provider"):
            lc.decode_request(name, b"{}")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("given", "hint"),
    [
        ({"model": "m"}, r"not dict; read a dict with lc\.from_builtins"),
        ("m", "not str$"),
        (
            lm15.types.Request(model="m", messages=(lm15.types.Message.user("x"),)),
            r"lm15\.types\.Request; convert",
        ),
    ],
)
def test_request_of_another_type(given: Any, hint: str) -> None:
    """A request that is not lc's Request (a dict, lm15's dataclass) is a TypeError naming it
    at the call of every entry point that takes one (was an AttributeError deep inside)."""
    message = "request must be an lc.Request"
    body = b'{"choices":[{"message":{"content":"hi"},"finish_reason":"stop"}],"model":"m"}'
    calls = [
        lambda: stream.decode(CHAT, [FINISH], request=given),
        lambda: stream.Decoder(CHAT, request=given),
        lambda: lc.Assembler(request=given),
        lambda: lc.assemble(stream.decode(CHAT, [FINISH]), request=given),
        lambda: stream.translate(CHAT, "anthropic", [FINISH], request=given),
        lambda: decode_response(CHAT, body, request=given),
        lambda: lc.build_request(CHAT, given),
    ]
    for call in calls:
        with pytest.raises(TypeError, match=message + ".*" + hint):
            call()
    with pytest.raises(TypeError, match=r"response must be an lc\.Response, not NoneType"):
        lc.encode_response(CHAT, None)  # type: ignore[arg-type]


def test_decoder_feed_close_and_stats() -> None:
    decoder = stream.Decoder(CHAT, request=REQUEST)
    assert decoder.provider == CHAT
    first = decoder.feed(b": keep-alive\n\n" + _chat("Hel")[:20])
    assert first == []
    events = decoder.feed(
        _chat("Hel")[20:] + _chat("lo") + b'data: {"choices":[]}\n\n' + FINISH + b"data: [DONE]\n\n"
    )
    assert [e.type for e in events] == ["start", "delta", "delta"]
    assert events[0] == lc.StreamStartEvent(model="m-1")
    assert events[1].delta == lc.TextDelta("Hel")
    end = decoder.close()
    assert len(end) == 1 and end[0].type == "end" and end[0].finish_reason == "stop"
    assert end[0].usage == lc.Usage(input_tokens=1, output_tokens=2)
    assert end[0].provider_data == json.loads(FINISH[6:])
    stats = decoder.stats
    assert stats.as_dict() == {
        "frames": 5,
        "events": 4,
        "skipped": 1,
        "generic": 0,
        "truncated": 0,
        "unknown": 0,
    }
    assert "frames=5" in repr(stats)


def test_decoder_stats_read_before_feeding_stay_live() -> None:
    # the counters are made when first read; from then on every feed, close and failure updates them
    decoder = stream.Decoder(CHAT, request=REQUEST)
    stats = decoder.stats
    assert stats.as_dict() == dict.fromkeys(
        ("frames", "events", "skipped", "generic", "truncated", "unknown"), 0
    )
    decoder.feed(_chat("Hel") + _chat("lo"))
    assert (stats.frames, stats.events) == (2, 3)
    decoder.feed(b'data: {"choices":[{"index":0,"delta":{"con')  # cut short: dropped at close
    assert decoder.close() == []  # (no end came)
    assert (stats.frames, stats.events, stats.truncated) == (3, 3, 1)
    assert decoder.stats is stats
    failing = stream.Decoder(CHAT, request=REQUEST)
    failing.feed(_chat("a"))
    with pytest.raises(StreamDecodeError):
        failing.feed(b"data: nope\n\n")
    assert (failing.stats.frames, failing.stats.events) == (2, 2)


def test_decoder_refuses_a_feed_after_close() -> None:
    """red team 18 F02: a feed after close() decoded a second stream (a second start, its deltas)
    from one Decoder; it is refused as the Encoder refuses it, and the stream read stays as it was."""
    decoder = stream.Decoder(CHAT, request=REQUEST)
    events = decoder.feed(_chat("Hel") + FINISH) + decoder.close()
    assert [e.type for e in events] == ["start", "delta", "end"]
    for chunk in (_chat("x"), b""):
        with pytest.raises(
            lc.ValidationError, match=r"^lc\.stream\.Decoder fed after close\(\): one Decoder "
        ):
            decoder.feed(chunk)
    assert decoder.stats.frames == 2 and decoder.stats.events == 3


def test_skipped_and_generic_counts() -> None:
    decoder = stream.Decoder("openai", request=REQUEST)
    body = sse_body(
        [
            {"type": "response.in_progress"},
            {"type": "response.brand_new_event", "x": 1},
            {"type": "response.output_text.delta", "delta": "a", "output_index": "0"},
            {"type": "response.output_text.delta", "delta": "b"},
        ]
    )
    events = decoder.feed(body) + decoder.close()
    assert [e.type for e in events] == ["start", "delta", "delta"]
    assert decoder.stats.skipped == 2  # the ignored and the unknown type
    assert decoder.stats.generic == 2  # the unknown type and the string index


def test_request_none() -> None:
    events = list(stream.decode(CHAT, [_chat("a"), FINISH]))
    assert events[0] == lc.StreamStartEvent()
    events = list(stream.decode("anthropic", [b'data: {"type":"message_start","message":{"id":"m"}}\n\n']))
    assert events == [lc.StreamStartEvent(id="m")]


def test_malformed_frame_raises_after_the_events_before_it() -> None:
    body = _chat("a") + _chat("b") + b"data: {oops\n\n" + _chat("c")
    seen: list[Any] = []
    with pytest.raises(StreamDecodeError) as info:
        for event in stream.decode(CHAT, [body], request=REQUEST):
            seen.append(event)
    assert [e.type for e in seen] == ["start", "delta", "delta"]
    assert isinstance(info.value, lc.DecodeError) and isinstance(info.value, lc.LmcodecError)
    assert info.value.frame == 2 and "SSE event #2" in str(info.value)
    # the Decoder attaches the events of the failing feed() to the error, then refuses more input
    decoder = stream.Decoder(CHAT, request=REQUEST)
    with pytest.raises(StreamDecodeError) as info:
        decoder.feed(body)
    assert [e.type for e in info.value.events] == ["start", "delta", "delta"]
    with pytest.raises(StreamDecodeError):
        decoder.feed(_chat("d"))
    with pytest.raises(StreamDecodeError):
        decoder.close()


@pytest.mark.parametrize("provider", ["anthropic", "gemini"])
def test_done_frame_is_not_json_on_anthropic_and_gemini(provider: str) -> None:
    body = sse_body([*SEEDS[provider][0], "[DONE]"])
    with pytest.raises(StreamDecodeError):
        list(stream.decode(provider, [body], request=REQUEST))
    with pytest.raises(StreamDecodeError):  # also unterminated, at end of input: it is not a cut-short frame
        list(stream.decode(provider, [body.rstrip(b"\n")], request=REQUEST))


CUT_STREAMS: dict[str, list[Any]] = {
    "openai": [
        {"type": "response.created", "response": {"id": "r", "model": "gpt-x"}},
        {"type": "response.output_text.delta", "output_index": 0, "delta": "Hello"},
        {
            "type": "response.completed",
            "response": {"output": [], "usage": {"input_tokens": 1, "output_tokens": 1}},
        },
    ],
    "openai_chat": [json.loads(_chat("Hello")[6:]), json.loads(FINISH[6:])],
    "anthropic": [
        {"type": "message_start", "message": {"id": "m", "model": "claude-x"}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hello"}},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 1}},
    ],
    "gemini": [
        {"candidates": [{"content": {"parts": [{"text": "Hello"}]}}]},
        {
            "candidates": [{"content": {"parts": [{"text": "!"}]}, "finishReason": "STOP"}],
            "usageMetadata": {},
        },
    ],
}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_stream_cut_mid_frame(provider: str) -> None:
    """A body cut inside its last frame (the one carrying the end): the cut frame is
    dropped, no end is emitted, and assembly raises StreamAssemblyError with the partial
    response, as lm15 does for a stream that ends without its end event."""
    body = sse_body(CUT_STREAMS[provider])
    last = body.rstrip(b"\n").rfind(b"\n\n") + 2  # start of the last event
    for cut in (body[: last + 12], body[: len(body) - 4]):
        decoder = stream.Decoder(provider, request=REQUEST)
        events = decoder.feed(cut) + decoder.close()
        assert decoder.stats.truncated == 1
        assert [e.type for e in events] == ["start", "delta"]
        with pytest.raises(lc.StreamAssemblyError) as info:
            lc.assemble(iter(events), request=REQUEST)
        assert info.value.partial is not None and info.value.partial.text == "Hello"
    # the whole body assembles
    events = list(stream.decode(provider, [body], request=REQUEST))
    assert lc.assemble(iter(events), request=REQUEST).text in ("Hello", "Hello!")
    # a cut between two frames is no error either: the events so far, no end, as lm15 gives
    head = body[:last]
    events = list(stream.decode(provider, [head], request=REQUEST))
    strict_equal([lc.to_builtins(e) for e in events], lm15_stream(provider, head, requests_for()[0]))


def test_stream_cut_inside_done() -> None:
    decoder = stream.Decoder(CHAT, request=REQUEST)
    events = decoder.feed(_chat("a") + FINISH + b"data: [DO") + decoder.close()
    assert [e.type for e in events] == ["start", "delta", "end"]
    assert decoder.stats.truncated == 1


def test_unterminated_complete_last_frame_is_decoded() -> None:
    body = _chat("a") + FINISH.rstrip(b"\n")
    events = list(stream.decode(CHAT, [body], request=REQUEST))
    assert [e.type for e in events] == ["start", "delta", "end"]
    strict_equal([lc.to_builtins(e) for e in events], lm15_stream(CHAT, body, requests_for()[0]))


def test_error_event_never_forces_a_start() -> None:
    body = b'data: {"error":{"code":"rate_limit_exceeded","message":"slow"}}\n\n'
    events = list(stream.decode(CHAT, [body], request=REQUEST))
    assert [e.type for e in events] == ["error"]
    assert events[0].error == lc.ErrorDetail(
        code="rate_limit", message="slow", provider_code="rate_limit_exceeded"
    )


def test_sse_line_limit_applies() -> None:
    decoder = stream.Decoder(CHAT, request=REQUEST, max_line_bytes=64)
    with pytest.raises(lc.DecodeError):
        decoder.feed(_chat("x" * 100))


def test_adecode_matches_decode() -> None:
    async def chunks(body: bytes) -> AsyncIterator[bytes]:
        for i in range(0, len(body), 13):
            await asyncio.sleep(0)
            yield body[i : i + 13]

    async def collect(provider: str, body: bytes) -> list[Any]:
        return [e async for e in stream.adecode(provider, chunks(body), request=REQUEST)]

    for provider in PROVIDERS:
        body = sse_body(SEEDS[provider][0])
        expected = list(stream.decode(provider, [body], request=REQUEST))
        assert asyncio.run(collect(provider, body)) == expected

    async def failing() -> list[Any]:
        seen: list[Any] = []
        with pytest.raises(StreamDecodeError):
            async for event in stream.adecode(CHAT, chunks(_chat("a") + b"data: nope\n\n"), request=REQUEST):
                seen.append(event)
        return seen

    assert [e.type for e in asyncio.run(failing())] == ["start", "delta"]


def _decode_outcome(run: Any) -> tuple[list[Any], Any]:
    """The events handed over before a failure, and the failure (an SSE limit's by its location)."""
    got: list[Any] = []
    try:
        run(got)
    except StreamDecodeError as exc:
        if "exceeds max_" in str(exc):  # how much of the line the framer saw when it gave up varies
            return got, (type(exc), str(exc).split(":")[0], exc.frame)
        return got, (type(exc), str(exc))
    return got, None


@pytest.mark.skipif(not ALL_STREAMS, reason="lm15-contract corpus absent")
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_decode_into_joins_chunks_as_feeding_them_one_by_one(data: st.DataObject) -> None:
    """assemble(decode()) feeds joined chunks below the framer's smallest limit: with limits small
    enough to be hit, the same content reaches the sink before the same failure as feed() chunk by
    chunk (the event-building sink stands for the assembler here, to compare the calls)."""
    provider, path = ALL_STREAMS[data.draw(st.integers(0, len(ALL_STREAMS) - 1), label="body")]
    body = path.read_bytes()
    if data.draw(st.booleans(), label="hostile"):
        at = data.draw(st.integers(0, len(body)), label="at")
        body = body[:at] + data.draw(st.sampled_from(HOSTILE_FRAMES), label="frame") + body[at:]
    chunks = split_at(body, data.draw(st.lists(st.integers(0, len(body)), max_size=40), label="cuts"))
    limits = {
        "max_line_bytes": data.draw(st.none() | st.integers(20, 600), label="line"),
        "max_event_bytes": data.draw(st.none() | st.integers(20, 900), label="event"),
    }

    held_whole = data.draw(st.booleans(), label="held whole")  # a list: framed at once when it can be

    def joined(out: list[Any]) -> None:
        sink = EventSink()
        sink.out = out
        line, event = limits["max_line_bytes"], limits["max_event_bytes"]
        source = chunks if held_whole else iter(chunks)
        decode_into(sink, provider, MAPPERS[provider], source, REQUEST, line, event, False)

    def one_by_one(out: list[Any]) -> None:
        decoder = stream.Decoder(provider, request=REQUEST, **limits)
        try:
            for chunk in chunks:
                out += decoder.feed(chunk)
            out += decoder.close()
        except StreamDecodeError as exc:
            out += exc.events
            raise

    assert _decode_outcome(joined) == _decode_outcome(one_by_one)


def test_assemble_straight_from_the_decoder_in_batches() -> None:
    """Many events, one chunk each: several batches, the same Response as iterating."""
    chunks = [_chat(f"w{i} ") for i in range(300)] + [FINISH, b"data: [DONE]\n\n"]
    fused = lc.assemble(stream.decode(CHAT, chunks, request=REQUEST), request=REQUEST)
    assert fused == lc.assemble(list(stream.decode(CHAT, chunks, request=REQUEST)), request=REQUEST)
    assert fused.text == "".join(f"w{i} " for i in range(300))


def test_decode_response() -> None:
    body = json.dumps(
        {"id": "x", "model": "m", "choices": [{"message": {"content": "hi"}, "finish_reason": "stop"}]}
    )
    for value in (body.encode(), bytearray(body.encode()), memoryview(body.encode()), body):
        response = decode_response(CHAT, value, request=REQUEST)  # type: ignore[arg-type]
        assert response.text == "hi" and response.id == "x" and response.model == "m"
    with pytest.raises(lc.DecodeError):
        decode_response("openai", b"<html>")
    with pytest.raises(lc.LmcodecError) as info:
        decode_response("openai", b'{"error":{"code":"server_error","message":"boom"}}')
    assert info.value.code == "server" and info.value.provider == "openai"  # type: ignore[attr-defined]
    assert stream.decode_response is decode_response


# -- the SSE framer's bulk path ---------------------------------------------------------------

SSE_PIECES = [
    b'data: {"a":1}\n',
    b"event: x\n",
    b"\n",
    b"\r\n",
    b"\r",
    b": comment\n",
    b"data:x\n",
    b"data:  y\n",
    b"data:\n",
    b"id: 3\n",
    b"data: \xc2\xa0z\n",
    b"data: [DONE]\n",
    b"data",
    b"ta: q",
    b"\n\n\n",
    b"data: \xc3\xa9\n",
    b'data: {"b":2}\n\n',
    b"event: e\ndata: {}\n\n",
]


@settings(max_examples=examples(500), deadline=None)
@given(
    pieces=st.lists(st.sampled_from(SSE_PIECES), max_size=20),
    cuts=st.lists(st.integers(0, 400), max_size=6),
    mix=st.lists(st.booleans(), max_size=8),
)
def test_feed_data_equals_feed(pieces: list[bytes], cuts: list[int], mix: list[bool]) -> None:
    body = b"".join(pieces)
    reference, bulk = SSEDecoder(), SSEDecoder()
    expected: list[bytes] = []
    got: list[bytes] = []
    for i, chunk in enumerate(split_at(body, cuts)):
        expected += [e.data for e in reference.feed(chunk)]
        if i < len(mix) and mix[i]:
            got += [e.data for e in bulk.feed(chunk)]  # mixing both entry points is allowed
        else:
            got += bulk.feed_data(chunk)
        assert bulk.bytes_fed == reference.bytes_fed
    expected += [e.data for e in reference.close()]
    got += bulk.close_data()
    assert got == expected


class _Name(str):
    pass


@pytest.mark.parametrize(
    ("provider", "request_", "unknown"),
    [
        ("gemini", None, "skip"),
        ("anthropic", lc.Request(model="m", messages=(lc.Message.user("hi"),)), "keep"),
        (_Name("gemini"), None, "skip"),
        ("gemini", None, _Name("keep")),
        ("nope", None, "skip"),
        (7, None, "skip"),
        ("gemini", None, "z"),
        ("gemini", None, None),
        ("gemini", 3, "skip"),
        ("gemini", {"model": "m"}, "skip"),
    ],
)
def test_decode_checks_its_arguments_as_checked_arguments_does(
    provider: Any, request_: Any, unknown: Any
) -> None:
    """``decode``'s inline test of the common arguments refuses (and names) what ``checked_arguments``
    refuses, and takes what it takes, with the same mapper."""
    from lmcodec.stream.engine import checked_arguments

    def outcome(run: Any) -> Any:
        try:
            return run()
        except Exception as exc:
            return type(exc), str(exc)

    want = outcome(lambda: checked_arguments(provider, request_, unknown))
    got = outcome(lambda: stream.decode(provider, [b""], request=request_, unknown=unknown))
    assert (got if isinstance(got, tuple) else got._mapper_cls) == want
