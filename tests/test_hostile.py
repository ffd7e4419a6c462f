"""Every row of docs/hostile-input.md: each hostile input has one defined outcome, tested here.

Rows are named H1..H19 as in the table. Truncated streams across the four
providers (H14, streams) are in test_truncation.py; unknown tags kept by
``unknown="keep"`` (H10-H12) are in test_unknown.py.
"""

from __future__ import annotations

import asyncio
import io
import json
import time
import tracemalloc
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any

import msgspec
import pytest

import lmcodec as lc
import lmcodec.sse
from lmcodec import llm
from lmcodec.providers import PROVIDERS
from lmcodec.wire.unknown import UnknownPart

DEEP = 100_000


def deep_array(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def deep_object(depth: int) -> bytes:
    return b'{"k":' * depth + b"0" + b"}" * depth


def turn_with_metadata(value: bytes) -> bytes:
    return (
        b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]},'
        b'"response":{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"ok"}]},'
        b'"finish_reason":"stop"},"metadata":{"x":' + value + b"}}"
    )


def data_part(value: bytes) -> bytes:
    return b'{"type":"data","value":' + value + b"}"


def sse(*frames: bytes) -> bytes:
    return b"".join(b"data: " + f + b"\n\n" for f in frames)


REQUEST = lc.Request(model="m", messages=(lc.Message.user("hi"),))
CHAT_TEXT = b'{"choices":[{"index":0,"delta":{"content":"Hi"}}]}'
CHAT_END = b'{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}'
OPENAI_BODY = (
    b'{"id":"r","model":"m","output":[{"type":"message","content":[{"type":"output_text","text":"Hi"}]}]}'
)


def fails(exc_type: type[BaseException], call: Any) -> Any:
    with pytest.raises(exc_type) as info:
        call()
    return info.value


# -- H1 deep nesting inside opaque payloads ------------------------------------------------


@pytest.mark.parametrize("blob", [deep_array(DEEP), deep_object(DEEP)], ids=["arrays", "objects"])
@pytest.mark.parametrize(
    "options", [{}, {"lenient": True}, {"unknown": "keep"}], ids=["strict", "lenient", "keep"]
)
def test_h1_deep_nesting_json(blob: bytes, options: dict[str, Any]) -> None:
    data = turn_with_metadata(blob)
    err = fails(lc.DecodeError, lambda: lc.decode(data, lc.Turn, **options))
    assert "nested too deeply" in str(err)
    assert data[err.offset] in b"[{" and err.offset < DEEP  # where nesting goes too deep, not the end


def test_h1_offset_ignores_brackets_inside_strings() -> None:
    """Brackets and escaped quotes inside strings do not nest; the offset is the real bracket."""
    noise = b'"[[[{{\\"[[" , '  # a string full of brackets with an escaped quote in it
    blob = b"[" + noise + deep_array(DEEP)[1:]
    data = turn_with_metadata(blob)
    err = fails(lc.DecodeError, lambda: lc.decode(data, lc.Turn))
    plain = turn_with_metadata(deep_array(DEEP))
    plain_err = fails(lc.DecodeError, lambda: lc.decode(plain, lc.Turn))
    assert data[err.offset] == ord("[")
    assert err.offset - plain_err.offset == len(noise)  # the same level, shifted by the string only


def test_h1_moderate_nesting_decodes() -> None:
    turn = lc.decode(turn_with_metadata(deep_array(400)), lc.Turn)
    depth, value = 0, turn.metadata["x"]
    while value:
        depth, value = depth + 1, value[0]
    assert depth == 399


def test_h1_deep_nesting_other_entry_points() -> None:
    assert "nested too deeply" in str(
        fails(lc.DecodeError, lambda: lc.decode(data_part(deep_array(DEEP)), lc.Part))
    )
    packed = b"\x82\xa4type\xa4data\xa5value" + b"\x91" * DEEP + b"\xc0"
    assert "nested too deeply" in str(fails(lc.DecodeError, lambda: lc.msgpack.decode(packed, lc.Part)))
    record = b'{"model":"m","prompt":{"options":{"x":' + deep_array(DEEP) + b"}}}"
    assert "nested too deeply" in str(fails(lc.DecodeError, lambda: llm.decode(record)))
    for provider in PROVIDERS:
        body = b'{"deep":' + deep_array(DEEP) + b"}"
        fails(lc.DecodeError, lambda p=provider, b=body: lc.decode_response(p, b, request=REQUEST))
        decoder = lc.stream.Decoder(provider, request=REQUEST)
        err = fails(lc.DecodeError, lambda d=decoder, b=body: d.feed(sse(b)))
        assert "SSE event #0" in str(err)


def test_h1_deep_nesting_in_logs_is_one_bad_line() -> None:
    good = lc.encode(lc.decode(turn_with_metadata(b"1"), lc.Turn))
    log = good + b"\n" + turn_with_metadata(deep_array(DEEP)) + b"\n" + good + b"\n"
    reader = lc.jsonl.read(log, lc.Turn, on_error="collect")
    assert len(list(reader)) == 2
    assert [(e.line, "nested too deeply" in e.message) for e in reader.errors] == [(2, True)]
    packed = lc.msgpack.encode(lc.TextPart(text="x"))
    bad = b"\x82\xa4type\xa4data\xa5value" + b"\x91" * DEEP + b"\xc0"
    stream = b"".join(len(r).to_bytes(4, "big") + r for r in (packed, bad))
    got: list[Any] = []
    with pytest.raises(lc.DecodeError) as info:
        got.extend(lc.msgpack.read_stream(stream, lc.Part))
    assert got == [lc.TextPart(text="x")]
    assert str(info.value).startswith(f"record 1 (byte {4 + len(packed)}): MessagePack is nested too deeply")


def test_h1_deep_values_from_builtins_are_opaque() -> None:
    value: Any = []
    for _ in range(DEEP):
        value = [value]
    part = lc.from_builtins({"type": "data", "value": value}, lc.Part)
    assert part.value is value  # opaque values are taken as given
    fails(lc.EncodeError, lambda: lc.encode(part))


def test_h1_deep_tool_input_assembles_as_partial_json() -> None:
    raw = deep_array(DEEP).decode()
    events = [
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input=raw, part_index=0, id="c", name="f")),
        lc.StreamEndEvent(finish_reason="tool_call"),
    ]
    response = lc.assemble(events, request=REQUEST)
    assert response.tool_calls[0].input == {"partial_json": raw}


# -- H2 very long strings, very many parts -------------------------------------------------


def test_h2_long_strings_and_many_parts() -> None:
    text = "x" * 10_000_000
    start = time.perf_counter()
    part = lc.decode(b'{"type":"text","text":"' + text.encode() + b'"}', lc.Part)
    assert part.text == text
    parts = b",".join([b'{"type":"text","text":"p"}'] * 100_000)
    message = lc.decode(b'{"role":"user","parts":[' + parts + b"]}", lc.Message)
    assert len(message.parts) == 100_000
    deltas = [lc.StreamDeltaEvent(delta=lc.TextDelta(text="t", part_index=i % 7)) for i in range(100_000)]
    response = lc.assemble([*deltas, lc.StreamEndEvent(finish_reason="stop")], request=REQUEST)
    assert sum(len(p.text) for p in response.message.parts) == 100_000
    assert time.perf_counter() - start < 20


# -- H3 1e400 and H4 integers of thousands of digits -----------------------------------------


def test_h3_out_of_range_floats() -> None:
    err = fails(lc.ValidationError, lambda: lc.decode(data_part(b"1e400"), lc.Part))
    assert (err.message, err.path) == ("Number out of range", "$.value")
    err = fails(lc.ValidationError, lambda: lc.decode(b'{"token":"a","logprob":-1e400}', lc.TokenLogprob))
    assert err.path == "$.logprob"
    record = llm.decode(b'{"model":"m","prompt":{"options":{"t":1e400}}}')  # Python's json dialect, as llm
    assert b'"t":Infinity' in llm.encode(record)


def test_h4_long_integers() -> None:
    assert lc.decode(data_part(b"9" * 4300), lc.Part).value == int("9" * 4300)
    err = fails(lc.ValidationError, lambda: lc.decode(data_part(b"9" * 4301), lc.Part))
    assert (err.message, err.path) == ("Integer value out of range", "$.value")
    usage = lc.decode(b'{"input_tokens":' + b"9" * 30 + b"}", lc.Usage)
    assert lc.decode(lc.encode(usage), lc.Usage) == usage
    assert "ints" in str(fails(lc.EncodeError, lambda: lc.msgpack.encode(usage)))
    fails(lc.DecodeError, lambda: lc.decode_response("openai", b'{"x":' + b"9" * 5000 + b"}"))


# -- H5 NaN/Infinity, H6 lone surrogates, H7 invalid UTF-8, H8 BOM ---------------------------


@pytest.mark.parametrize("literal", [b"NaN", b"Infinity", b"-Infinity"])
def test_h5_non_finite_literals(literal: bytes) -> None:
    data = data_part(literal)
    err = fails(lc.DecodeError, lambda: lc.decode(data, lc.Part))
    assert err.offset in (23, 24) and f"(byte {err.offset})" in str(err)
    record = llm.decode(b'{"model":"m","prompt":{"options":{"t":' + literal + b"}}}")
    assert literal in llm.encode(record)


def test_h5_non_finite_literals_in_provider_frames_map_as_lm15() -> None:
    frame = b'{"choices":[{"index":0,"delta":{"content":"Hi"}}],"x":NaN}'
    events = list(lc.stream.decode("openai_chat", [sse(frame, CHAT_END)], request=REQUEST))
    assert [type(e).__name__ for e in events] == ["StreamStartEvent", "StreamDeltaEvent", "StreamEndEvent"]


def test_h6_lone_surrogates() -> None:
    for escape in (rb"\ud800", rb"\udc00", rb"x\ud83d"):
        data = b'{"type":"text","text":"' + escape + b'"}'
        err = fails(lc.DecodeError, lambda d=data: lc.decode(d, lc.Part))
        assert "surrogate" in str(err) and err.offset is not None
    text = fails(lc.DecodeError, lambda: lc.decode('{"type":"text","text":"\ud800"}', lc.Part))
    assert "not valid Unicode" in str(text)
    record = llm.decode(rb'{"model":"m","prompt":{"options":{"s":"\ud800"}}}')  # llm round-trips them
    assert rb'"s":"\ud800"' in llm.encode(record)


def test_h7_invalid_utf8() -> None:
    err = fails(lc.DecodeError, lambda: lc.decode(b'{"type":"text","text":"ab\xff"}', lc.Part))
    assert err.offset == 25 and "Invalid UTF-8" in str(err)
    fails(lc.DecodeError, lambda: llm.decode(b'{"model":"\xff"}'))
    fails(lc.DecodeError, lambda: lc.decode_response("openai", OPENAI_BODY.replace(b"Hi", b"H\xff")))
    frame = CHAT_TEXT.replace(b"Hi", b"H\xff")  # an SSE frame: decoded with U+FFFD, as lm15's parser
    events = list(lc.stream.decode("openai_chat", [sse(frame, CHAT_END)], request=REQUEST))
    assert events[1].delta.text == "H\ufffd"


def test_h8_byte_order_mark() -> None:
    bom = b"\xef\xbb\xbf"
    assert fails(lc.DecodeError, lambda: lc.decode(bom + b'{"type":"text","text":"x"}', lc.Part)).offset == 0
    fails(lc.LmcodecError, lambda: lc.msgpack.decode(bom + lc.msgpack.encode(lc.TextPart(text="x")), lc.Part))
    # a JSONL file: a BOM starting any line is ignored (editors write one; joined logs: red team 56 F01)
    reader = lc.jsonl.read(
        bom + b'{"type":"text","text":"x"}\n' + bom + b'{"type":"text","text":"y"}\n',
        lc.Part,
        on_error="collect",
    )
    assert [p.text for p in reader] == ["x", "y"] and not reader.errors
    # Python's json.loads(bytes) reads a BOM (and UTF-16/32): so do llm's reader and lm15's body parser
    assert llm.decode(bom + b'{"model":"m"}').model == "m"
    for body in (bom + OPENAI_BODY, OPENAI_BODY.decode().encode("utf-16")):
        assert lc.decode_response("openai", body, request=REQUEST).text == "Hi"
    # SSE: the BOM makes the first line no field (as in lm15); the events after it decode
    events = list(
        lc.stream.decode("openai_chat", [bom + sse(CHAT_TEXT, CHAT_TEXT, CHAT_END)], request=REQUEST)
    )
    assert [e.delta.text for e in events if type(e) is lc.StreamDeltaEvent] == ["Hi"]


# -- H9 duplicate keys ------------------------------------------------------------------------


def test_h9_duplicate_keys_last_wins() -> None:
    assert lc.decode(b'{"type":"text","text":"a","text":"b"}', lc.Part).text == "b"
    part = lc.decode(b'{"type":"data","value":{"k":1,"k":2}}', lc.Part)
    assert part.value == json.loads('{"k":1,"k":2}') == {"k": 2}
    assert lc.decode(b'{"type":"text","type":"text","text":"a"}', lc.Part).text == "a"
    err = fails(
        lc.ValidationError, lambda: lc.decode(b'{"type":"text","type":"thinking","text":"a"}', lc.Part)
    )
    assert err.path == "$.type"


# -- H10 wrong tag, H11 missing tag, H12 tag of another union ------------------------------


def test_h10_to_h12_tags() -> None:
    message = b'{"role":"user","parts":[{"type":"text","text":"a"},%s]}'
    cases = {
        b'{"type":"hologram"}': ("Invalid value 'hologram'", "$.parts[1].type"),
        b'{"text":"b"}': ("Object missing required field `type`", "$.parts[1]"),
        b'{"type":"delta","delta":{}}': ("Invalid value 'delta'", "$.parts[1].type"),
        b'{"type":5}': ("Expected `str`", "$.parts[1].type"),
    }
    for item, (text, path) in cases.items():
        err = fails(lc.ValidationError, lambda i=item: lc.decode(message % i, lc.Message))
        assert (err.message, err.path) == (text, path)
    kept = lc.decode(message % b'{"type":"delta","delta":{}}', lc.Message, unknown="keep")
    assert type(kept.parts[1]) is UnknownPart
    err = fails(lc.ValidationError, lambda: lc.decode(message % b'{"text":"b"}', lc.Message, unknown="keep"))
    assert err.path == "$.parts[1]"


# -- H13 an SSE event of 100 MB -----------------------------------------------------------------


def test_h13_event_over_the_configured_limits() -> None:
    decoder = lc.stream.Decoder("openai_chat", max_line_bytes=1000, max_event_bytes=1500)
    decoder.feed(b"data: " + b"x" * 900 + b"\n")
    err = fails(lc.DecodeError, lambda: decoder.feed(b"data: " + b"y" * 700 + b"\n"))
    assert "SSE event #0" in str(err) and "max_event_bytes=1500" in str(err)
    decoder = lc.stream.Decoder("openai_chat", max_line_bytes=1000)
    err = fails(lc.DecodeError, lambda: decoder.feed(b"data: " + b"x" * 2000))  # no line end yet
    assert "max_line_bytes=1000" in str(err)
    unlimited = lc.stream.Decoder("openai_chat", max_line_bytes=None, max_event_bytes=None)
    assert unlimited.feed(b"data: " + CHAT_TEXT + b"\n\n")


def test_h13_real_100_megabyte_event() -> None:
    decoder = lc.stream.Decoder("openai_chat", request=REQUEST)
    chunk = b"x" * (1 << 20)
    tracemalloc.start()
    start = time.perf_counter()
    try:
        decoder.feed(b'data: {"choices":[{"delta":{"content":"')
        with pytest.raises(lc.DecodeError) as info:
            for _ in range(100):
                decoder.feed(chunk)
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert "exceeds max_line_bytes=67108864" in str(info.value) and "SSE event #0" in str(info.value)
    assert peak < 200 << 20  # bounded by the line limit, not by what is sent
    assert time.perf_counter() - start < 20  # linear in the bytes fed (about 1 s unloaded)


# -- H14 a body cut at every byte offset -------------------------------------------------------


def _turn_bytes() -> bytes:
    from lmcodec.cli import workload

    turn = workload.turn_dicts(1, seed=3)[0]
    turn["request"]["messages"] = turn["request"]["messages"][:1]
    return lc.encode(lc.from_builtins(turn, lc.Turn))


def test_h14_json_cut_at_every_offset() -> None:
    data = _turn_bytes()
    for cut in range(len(data)):
        err = fails(lc.LmcodecError, lambda c=cut: lc.decode(data[:c], lc.Turn, unknown="keep"))
        assert isinstance(err, lc.DecodeError) and err.offset is not None, cut


def test_h14_msgpack_stream_cut_at_every_offset() -> None:
    turn = lc.decode(_turn_bytes(), lc.Turn)
    buf = io.BytesIO()
    lc.msgpack.write_stream(buf, [turn, turn])
    data = buf.getvalue()
    record = len(data) // 2
    for cut in range(0, len(data), 7):
        reader = lc.msgpack.read_stream(data[:cut], lc.Turn)
        complete = cut // record
        if cut % record == 0:
            assert len(list(reader)) == complete
            continue
        got = []
        with pytest.raises(lc.DecodeError, match="truncated") as info:
            got.extend(reader)
        assert len(got) == complete and f"record {complete}" in str(info.value)


def test_h14_llm_and_complete_bodies_cut_at_every_offset() -> None:
    record = (
        b'{"model":"m","prompt":{"messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]},'
        b'"messages":[]}'
    )
    assert llm.decode(record)
    for cut in range(len(record)):
        fails(lc.LmcodecError, lambda c=cut: llm.decode(record[:c]))
    for cut in range(len(OPENAI_BODY)):
        fails(lc.DecodeError, lambda c=cut: lc.decode_response("openai", OPENAI_BODY[:c], request=REQUEST))


# -- H15 forged MessagePack length, H16 MessagePack-only values ------------------------------


def test_h15_forged_length_prefix_allocates_nothing() -> None:
    tracemalloc.start()
    try:
        err = fails(lc.DecodeError, lambda: list(lc.msgpack.read_stream(b"\xff\xff\xff\xff\x80", lc.Part)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert "truncated record (1 of 4294967295 bytes)" in str(err) and err.offset == 0
    assert peak < 4 << 20


def test_h16_msgpack_only_values_in_opaque_payloads() -> None:
    packed = msgspec.msgpack.encode({"type": "data", "value": {1: b"bin", "e": msgspec.msgpack.Ext(5, b"x")}})
    part = lc.msgpack.decode(packed, lc.Part)
    assert part.value[1] == b"bin" and isinstance(part.value["e"], msgspec.msgpack.Ext)
    assert lc.msgpack.encode(part) == packed
    fails(lc.EncodeError, lambda: lc.encode(part))


# -- H17 wrong JSON types, H18 non-JSON Python values, H19 programming errors -------------------


def test_h17_wrong_json_types_name_the_path() -> None:
    err = fails(
        lc.ValidationError,
        lambda: lc.decode(b'{"role":"user","parts":[{"type":"text","text":1}]}', lc.Message),
    )
    assert (err.message, err.path) == ("Expected `str`, got `int`", "$.parts[0].text")
    assert fails(lc.ValidationError, lambda: lc.decode(b"[]", lc.Turn)).path == "$"
    err = fails(lc.ValidationError, lambda: lc.from_builtins({"role": "user", "parts": "x"}, lc.Message))
    assert err.path == "$.parts"


def test_h18_non_json_python_values_from_builtins() -> None:
    part = lc.from_builtins({"type": "data", "value": {"x": object()}}, lc.Part)
    fails(lc.EncodeError, lambda: lc.encode(part))
    fails(lc.ValidationError, lambda: lc.from_builtins({"type": "text", "text": object()}, lc.Part))


def test_h19_programming_errors_are_python_errors() -> None:
    fails(TypeError, lambda: lc.decode(b"{}", 42))
    fails(TypeError, lambda: lc.from_builtins({}, 42))
    fails(ValueError, lambda: lc.decode(b"{}", lc.Part, unknown="maybe"))
    fails(ValueError, lambda: lc.stream.Decoder("nope"))
    fails(ValueError, lambda: lc.stream.Decoder("openai", unknown="error"))
    fails(ValueError, lambda: lc.decode_response("nope", b"{}"))


SSE_CHUNK = b'data: {"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"hi"}}]}\n\n'
CHAT_BODY = b'{"id":"c","model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"hi"}}]}'
CHAT_REQUEST = b'{"model":"m","messages":[{"role":"user","content":"hi"}]}'


def _response() -> lc.Response:
    return lc.decode_response("openai_chat", CHAT_BODY)


def _events() -> list[lc.StreamEvent]:
    return list(lc.stream.decode("openai_chat", [SSE_CHUNK]))


def _named(name: Any) -> Any:
    """``usage_from=None`` means "the provider's own": 0 stands for None there."""
    return 0 if name is None else name


async def _drain(chunks: AsyncIterator[Any]) -> list[Any]:
    return [chunk async for chunk in chunks]


PROVIDER_ENTRY_POINTS: dict[str, Callable[[Any], object]] = {
    "build_request": lambda name: lc.build_request(name, lc.decode_request("openai_chat", CHAT_REQUEST)),
    "decode_request": lambda name: lc.decode_request(name, CHAT_REQUEST),
    "translate_request source": lambda name: lc.translate_request(name, "openai", CHAT_REQUEST),
    "translate_request destination": lambda name: lc.translate_request("openai_chat", name, CHAT_REQUEST),
    "decode_response": lambda name: lc.decode_response(name, CHAT_BODY),
    "stream.decode_response": lambda name: lc.stream.decode_response(name, CHAT_BODY),
    "encode_response": lambda name: lc.encode_response(name, _response()),
    "encode_response usage_from": lambda name: lc.encode_response(
        "openai", _response(), usage_from=_named(name)
    ),
    "stream.decode": lambda name: list(lc.stream.decode(name, [SSE_CHUNK])),
    "stream.adecode": lambda name: asyncio.run(_drain(lc.stream.adecode(name, _agen([SSE_CHUNK])))),
    "stream.Decoder": lambda name: lc.stream.Decoder(name),
    "stream.translate source": lambda name: list(lc.stream.translate(name, "openai", [SSE_CHUNK])),
    "stream.translate destination": lambda name: list(lc.stream.translate("openai_chat", name, [SSE_CHUNK])),
    "stream.atranslate source": lambda name: asyncio.run(
        _drain(lc.stream.atranslate(name, "openai", _agen([SSE_CHUNK])))
    ),
    "stream.atranslate destination": lambda name: asyncio.run(
        _drain(lc.stream.atranslate("openai_chat", name, _agen([SSE_CHUNK])))
    ),
    "stream.encode": lambda name: list(lc.stream.encode(name, _events())),
    "stream.encode usage_from": lambda name: list(
        lc.stream.encode("openai", _events(), usage_from=_named(name))
    ),
    "stream.aencode": lambda name: asyncio.run(_drain(lc.stream.aencode(name, _agen(_events())))),
    "stream.Encoder": lambda name: lc.stream.Encoder(name),
    "stream.Encoder usage_from": lambda name: lc.stream.Encoder("openai", usage_from=_named(name)),
}


@pytest.mark.parametrize("name", ["bedrock", "OpenAI", "", None])
@pytest.mark.parametrize("entry", PROVIDER_ENTRY_POINTS)
def test_h19_an_unknown_provider_is_a_validation_error_from_every_entry_point(entry: str, name: Any) -> None:
    """red team 18 F01: translate_request's destination raised a bare KeyError from its table of
    parameterless-tool rules ('bedrock'); every position taking a provider name refuses it as
    lc.ValidationError."""
    with pytest.raises(lc.ValidationError, match=r"provider|usage_from"):
        PROVIDER_ENTRY_POINTS[entry](name)


def _released(data: bytes) -> memoryview:
    view = memoryview(data)
    view.release()
    return view


async def _agen(chunks: Iterable[Any]) -> AsyncIterator[Any]:
    for chunk in chunks:
        yield chunk


def _adecode(chunks: Iterable[Any]) -> object:
    async def run() -> list[lc.StreamEvent]:
        return [e async for e in lc.stream.adecode("openai_chat", _agen(chunks))]

    return asyncio.run(run())


def _atranslate(chunks: Iterable[Any]) -> object:
    async def run() -> list[bytes]:
        return [b async for b in lc.stream.atranslate("gemini", "anthropic", _agen(chunks))]

    return asyncio.run(run())


def _feed(chunks: Iterable[Any]) -> object:
    decoder = lc.stream.Decoder("openai_chat")
    return [decoder.feed(chunk) for chunk in chunks] + [decoder.close()]


STREAM_ENTRY_POINTS: dict[str, Callable[[Iterable[Any]], object]] = {
    "Decoder.feed": _feed,
    "stream.decode": lambda chunks: list(lc.stream.decode("openai_chat", chunks)),
    "assemble(decode)": lambda chunks: lc.assemble(lc.stream.decode("openai_chat", chunks)),
    "assemble(decode) gemini": lambda chunks: lc.assemble(lc.stream.decode("gemini", chunks)),
    "adecode": _adecode,
    "translate": lambda chunks: list(lc.stream.translate("openai_chat", "anthropic", chunks)),
    "translate anthropic": lambda chunks: list(lc.stream.translate("anthropic", "openai", chunks)),
    "atranslate": _atranslate,
    "sse.iter_sse": lambda chunks: list(lmcodec.sse.iter_sse(chunks)),
}
CHUNKINGS: dict[str, Callable[[], Iterable[Any]]] = {
    "only chunk": lambda: [_released(SSE_CHUNK)],
    "in a tuple": lambda: (_released(SSE_CHUNK),),
    "after a good chunk": lambda: [SSE_CHUNK[:20], _released(SSE_CHUNK)],
    "from a generator": lambda: iter([SSE_CHUNK[:20], _released(SSE_CHUNK)]),
}
BODY_ENTRY_POINTS: dict[str, Callable[[memoryview], object]] = {
    "decode": lambda view: lc.decode(view, lc.Part),
    "msgpack.decode": lambda view: lc.msgpack.decode(view, lc.Part),
    "decode_response": lambda view: lc.decode_response("openai_chat", view),
    "stream.decode_response": lambda view: lc.stream.decode_response("openai_chat", view),
    "decode_request": lambda view: lc.decode_request("openai_chat", view),
    "translate_request": lambda view: lc.translate_request("openai_chat", "anthropic", view),
    "llm.decode": lambda view: llm.decode(view),
    "llm.decode(Prompt)": lambda view: llm.decode(view, llm.Prompt),
    "jsonl.read": lambda view: list(lc.jsonl.read(view, lc.Part)),
    "msgpack.read_stream": lambda view: list(lc.msgpack.read_stream(view, lc.Part)),
}
BODIES = {"decode_response": CHAT_BODY, "stream.decode_response": CHAT_BODY}


@pytest.mark.parametrize(
    ("entry", "chunking"),
    [(entry, chunking) for entry in STREAM_ENTRY_POINTS for chunking in CHUNKINGS]
    + [(entry, "body") for entry in BODY_ENTRY_POINTS],
)
def test_h19_a_released_memoryview_is_a_type_error_naming_it(entry: str, chunking: str) -> None:
    """red team 8 F18: lc.decode names a released memoryview; every other public entry point
    taking bytes-like input raised Python's bare ValueError ("operation forbidden on released
    memoryview object"), from Decoder.feed, the stream functions at any position of the chunk,
    the llm reader and the log readers."""
    with pytest.raises(TypeError, match="a released memoryview cannot be read"):
        if chunking == "body":
            BODY_ENTRY_POINTS[entry](_released(BODIES.get(entry, CHAT_REQUEST)))
        else:
            STREAM_ENTRY_POINTS[entry](CHUNKINGS[chunking]())
