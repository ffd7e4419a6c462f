"""lc.stream.translate / atranslate: one dialect's SSE in, another's out, event by event."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .write_support import (
    DIALECTS,
    REQUEST,
    corpus_id,
    corpus_streams,
    named_as_served,
    served_request,
    skip_unless_writer,
    unnamed_call,
)

PAIRS = [(s, d) for s in DIALECTS for d in DIALECTS]


def _cut(body: bytes, size: int) -> list[bytes]:
    return [body[i : i + size] for i in range(0, len(body), size)]


def _events(dst: str, body: bytes, src: str = "") -> list[Any]:
    """The destination's events, less what a writer synthesizes fresh per stream: the response id
    and, across dialects, the final response object (its ids and timestamps) and tool-call ids
    (numbered in order of appearance instead); and, from the Gemini writer, an empty text delta:
    the closing ``{"text": ""}`` part it writes when the text went out in an earlier chunk (whether
    it did depends on where the input was cut; google-genai's chat session drops a turn whose last
    chunk has no part: tests/providers/test_write_gemini_closing_part.py)."""
    out = []
    call_ids: dict[str, str] = {}  # a writer may synthesize fresh tool-call ids where the source has none
    for event in lc.stream.decode(dst, [body], request=REQUEST):
        closing = isinstance(event, lc.StreamDeltaEvent) and event.delta == lc.TextDelta(text="")
        if dst == "gemini" and closing:
            continue
        if isinstance(event, lc.StreamStartEvent):  # translate names the served model: checked below
            event = msgspec.structs.replace(event, id=None, model=None)
        elif isinstance(event, lc.StreamEndEvent) and src != dst:
            event = msgspec.structs.replace(event, provider_data=None)
        elif isinstance(event, lc.StreamDeltaEvent) and isinstance(event.delta, lc.ToolCallDelta):
            if event.delta.id is not None and src != dst:
                placeholder = call_ids.setdefault(event.delta.id, f"call{len(call_ids)}")
                event = lc.StreamDeltaEvent(delta=msgspec.structs.replace(event.delta, id=placeholder))
        out.append(event)
    return out


@pytest.mark.parametrize("case", corpus_streams(), ids=corpus_id)
@pytest.mark.parametrize("dst", DIALECTS)
def test_translate_equals_decode_then_encode(case: tuple[str, Path], dst: str) -> None:
    skip_unless_writer(dst)
    src, path = case
    body = path.read_bytes()
    if unnamed_call(list(lc.stream.decode(src, [body], request=REQUEST))):  # MAP-9: encode refuses it,
        with pytest.raises(lc.ValidationError, match="without a name"):  # translate ends with the error
            b"".join(lc.stream.encode(dst, lc.stream.decode(src, [body], request=REQUEST)))
        last = list(lc.stream.decode(dst, lc.stream.translate(src, dst, _cut(body, 7), request=REQUEST)))[-1]
        assert isinstance(last, lc.StreamErrorEvent) and "without a name" in last.error.message
        return
    served = served_request(src, body)  # translate's start names the served model: the reference's too
    decoded = named_as_served(src, body, list(lc.stream.decode(src, [body], request=served)))  # its id too
    reference = b"".join(lc.stream.encode(dst, decoded, usage_from=src))
    whole = b"".join(lc.stream.translate(src, dst, [body], request=REQUEST))
    chunked = b"".join(lc.stream.translate(src, dst, _cut(body, 7), request=REQUEST))
    assert _events(dst, whole, src) == _events(dst, reference, src) == _events(dst, chunked, src)
    from ..providers.provider_support import assert_same_outcome, lc_stream, lm15_stream, requests_for

    req15, reqlc = requests_for(REQUEST.model)  # lm15 1.5.0's adapter reads the output as lmcodec does
    assert_same_outcome(lc_stream(dst, [whole], reqlc), lm15_stream(dst, whole, req15), f"{src}->{dst}")


@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_output_comes_before_the_input_ends(src: str, dst: str) -> None:
    skip_unless_writer(src)
    skip_unless_writer(dst)
    words = [lc.StreamDeltaEvent(delta=lc.TextDelta(text=f" w{i}", part_index=0)) for i in range(200)]
    events = [
        lc.StreamStartEvent(id="msg_long", model="m-1"),
        *words,
        lc.StreamEndEvent(finish_reason="stop"),
    ]
    chunks = _cut(b"".join(lc.stream.encode(src, events)), 16)
    consumed = 0

    def source() -> Iterator[bytes]:
        nonlocal consumed
        for chunk in chunks:
            consumed += 1
            yield chunk

    outputs = lc.stream.translate(src, dst, source(), request=REQUEST)
    first = next(outputs)
    assert consumed < len(chunks) / 10, "the first output waited for much of the input"
    rest = b"".join(outputs)
    text = lc.assemble(lc.stream.decode(dst, [first + rest], request=REQUEST)).message.parts[0]
    assert text == lc.TextPart(text="".join(f" w{i}" for i in range(200)))


@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_a_source_cut_before_its_end_ends_with_the_destination_error_event(src: str, dst: str) -> None:
    """Where lc.assemble raises (no end event), the client is told too: a truncated stream must
    not read as a whole one (it did: the output just stopped, and every SDK took it as complete)."""
    skip_unless_writer(src)
    skip_unless_writer(dst)
    words = [lc.StreamDeltaEvent(delta=lc.TextDelta(text=f" w{i}", part_index=0)) for i in range(40)]
    events = [lc.StreamStartEvent(id="msg_cut", model="m-1"), *words, lc.StreamEndEvent(finish_reason="stop")]
    body = b"".join(lc.stream.encode(src, events))
    whole = list(lc.stream.decode(dst, [b"".join(lc.stream.translate(src, dst, [body], request=REQUEST))]))
    assert not any(isinstance(e, lc.StreamErrorEvent) for e in whole)
    for fraction in (0.3, 0.6, 0.9):
        cut = body[: int(len(body) * fraction)]
        with pytest.raises(lc.StreamAssemblyError):
            lc.assemble(lc.stream.decode(src, [cut], request=REQUEST))
        out = b"".join(lc.stream.translate(src, dst, _cut(cut, 64), request=REQUEST))
        got = list(lc.stream.decode(dst, [out], request=REQUEST))
        errors = [e for e in got if isinstance(e, lc.StreamErrorEvent)]
        assert len(errors) == 1 and "without an end event" in errors[0].error.message, got[-3:]
        assert not any(isinstance(e, lc.StreamEndEvent) and e.finish_reason == "stop" for e in got)


@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_refused_input_becomes_the_destination_error_event(src: str, dst: str) -> None:
    skip_unless_writer(dst)
    bad = b"data: {not json}\n\n" if src != "gemini" else b"data: [1, 2\n\ndata: {x}\n\n"
    out = b"".join(lc.stream.translate(src, dst, [bad, b"data: never read\n\n"], request=REQUEST))
    events = list(lc.stream.decode(dst, [out], request=REQUEST))
    errors = [e for e in events if isinstance(e, lc.StreamErrorEvent)]
    assert len(errors) == 1 and errors[0].error.code in ("provider", "server")
    assert "stream" in errors[0].error.message


@pytest.mark.parametrize("dst", DIALECTS)
def test_a_framing_error_becomes_the_destination_error_event(dst: str) -> None:
    skip_unless_writer(dst)
    body = [b'[{"candidates": [{"content": {"parts": [{"text": "Hi"}]}}]}]', b" trailing"]
    out = b"".join(lc.stream.translate("gemini", dst, body, request=REQUEST))
    events = list(lc.stream.decode(dst, [out], request=REQUEST))
    assert isinstance(events[-1], lc.StreamErrorEvent)
    assert "data after the end of the JSON array body" in events[-1].error.message


@pytest.mark.parametrize(
    "after", [b"data: {bad}\n\n", b'data: {"choices":[{"delta":{"content":"more"}}]}\n\n']
)
@pytest.mark.parametrize("dst", DIALECTS)
def test_nothing_is_written_after_a_source_error(dst: str, after: bytes) -> None:
    skip_unless_writer(dst)
    body = b'data: {"error":{"message":"overloaded","code":"server_error"}}\n\n'
    out = b"".join(
        lc.stream.translate("openai_chat", dst, [body, after, b"data: [DONE]\n\n"], request=REQUEST)
    )
    events = list(lc.stream.decode(dst, [out], request=REQUEST))
    assert [type(e) for e in events][-1] is lc.StreamErrorEvent
    assert sum(isinstance(e, lc.StreamErrorEvent) for e in events) == 1
    assert b"more" not in out


@pytest.mark.parametrize("dst", DIALECTS)
def test_source_error_event_crosses(dst: str) -> None:
    skip_unless_writer(dst)
    body = (
        b'data: {"choices":[{"delta":{"content":"par"}}]}\n\n'
        b'data: {"error":{"message":"overloaded","type":"server_error","code":"server_error"}}\n\n'
    )
    out = b"".join(lc.stream.translate("openai_chat", dst, [body], request=REQUEST))
    events = list(lc.stream.decode(dst, [out], request=REQUEST))
    assert isinstance(events[-1], lc.StreamErrorEvent)
    assert events[-1].error.message == "overloaded"


@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_async_twin(src: str, dst: str) -> None:
    skip_unless_writer(dst)
    bodies = [p for s, p in corpus_streams() if s == src]
    if not bodies:
        pytest.skip(f"no {src} stream in the corpus")
    body = bodies[-1].read_bytes()

    async def run() -> bytes:
        async def chunks() -> Any:
            for chunk in _cut(body, 11):
                yield chunk

        return b"".join([c async for c in lc.stream.atranslate(src, dst, chunks(), request=REQUEST)])

    got = asyncio.run(run())
    want = b"".join(lc.stream.translate(src, dst, _cut(body, 11), request=REQUEST))
    assert _events(dst, got, src) == _events(dst, want, src)


@pytest.mark.parametrize("src", ["openai_chat", "gemini"])
@pytest.mark.parametrize("dst", DIALECTS)
def test_a_start_less_stream_keeps_its_id_and_served_model(src: str, dst: str) -> None:
    skip_unless_writer(dst)
    alias = lc.Request(model="my-alias", messages=(lc.Message.user("hi"),))
    for path in [p for s, p in corpus_streams() if s == src]:
        body = path.read_bytes()
        first = msgspec.json.decode(body[body.index(b"data:") + 5 : body.index(b"\n")])
        want_id = first.get("id") or first.get("responseId")
        want_model = first.get("model") or first.get("modelVersion")
        out = b"".join(lc.stream.translate(src, dst, _cut(body, 5), request=alias))
        start = next(iter(lc.stream.decode(dst, [out], request=alias)))
        if dst in ("openai", "anthropic"):  # wires with a start frame: it names both
            assert (start.id, start.model) == (want_id, want_model), path
        for line in out.split(b"\n"):  # Chat and Gemini say it in every chunk
            if line.startswith(b"data: {") and b'"error"' not in line:
                chunk = msgspec.json.decode(line[6:])
                assert chunk.get("model", chunk.get("modelVersion")) in (want_model, None), path
                assert chunk.get("id", chunk.get("responseId")) in (want_id, None) or dst in (
                    "openai",
                    "anthropic",
                )


@pytest.mark.parametrize(("src", "dst"), [("openai", "nope"), ("nope", "openai")])
def test_unknown_dialect_is_refused(src: str, dst: str) -> None:
    with pytest.raises(lc.ValidationError, match="unknown provider"):
        list(lc.stream.translate(src, dst, [b""]))


# ── hostile input ─────────────────────────────────────────────────────────────

_SOURCES = corpus_streams()


@st.composite
def _damaged(draw: st.DrawFn) -> tuple[str, list[bytes]]:
    """A corpus stream with bytes flipped, cut out or repeated, then cut into random chunks."""
    src, path = draw(st.sampled_from(_SOURCES))
    body = bytearray(path.read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(body) - 1))
        how = draw(st.sampled_from(["flip", "cut", "repeat"]))
        if how == "flip":
            body[at] = draw(st.integers(0, 255))
        elif how == "cut":
            del body[at : at + draw(st.integers(1, 40))]
        else:
            body[at:at] = body[at : at + draw(st.integers(1, 40))]
    size = draw(st.integers(1, 64))
    return src, _cut(bytes(body), size)


@pytest.mark.skipif(not _SOURCES, reason="no corpus streams")
@pytest.mark.parametrize("dst", DIALECTS)
@settings(max_examples=examples(40), deadline=None)
@given(case=_damaged())
def test_damaged_input_never_escapes_as_a_python_error(dst: str, case: tuple[str, list[bytes]]) -> None:
    """Whatever the source bytes, translate ends (an error event where the source was refused) and
    what it wrote reads back in the destination dialect."""
    skip_unless_writer(dst)
    src, chunks = case
    out = b"".join(lc.stream.translate(src, dst, chunks, request=REQUEST))
    events = list(lc.stream.decode(dst, [out], request=REQUEST))
    assert all(isinstance(e, lc.StreamEvent.__args__) for e in events)  # type: ignore[attr-defined]


_LATE_NAME = (
    b'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,'
    b'"function":{"arguments":"{\\"a\\""}}]}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","type":"function",'
    b'"function":{"name":"g","arguments":"{}"}}]}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function",'
    b'"function":{"name":"f","arguments":":1"}}]}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"}"}}]}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\ndata: [DONE]\n\n'
)


def _calls(response: lc.Response) -> list[tuple[Any, ...]]:
    return sorted((p.id, p.name, p.input) for p in response.message.parts if isinstance(p, lc.ToolCallPart))


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("size", [1, 7, 10_000])
def test_a_chat_call_named_after_its_first_fragments_crosses_whole(dst: str, size: int) -> None:
    """A Chat stream may send an index's arguments before its name; the source reads the call
    whole (as lm15 does), so translate holds it until it is named instead of refusing it."""
    skip_unless_writer(dst)
    source = lc.assemble(lc.stream.decode("openai_chat", [_LATE_NAME], request=REQUEST), request=REQUEST)
    assert _calls(source) == [("call_a", "f", {"a": 1}), ("call_b", "g", {})]
    out = b"".join(lc.stream.translate("openai_chat", dst, _cut(_LATE_NAME, size), request=REQUEST))
    written = lc.assemble(lc.stream.decode(dst, [out], request=REQUEST), request=REQUEST)
    assert _calls(written) == _calls(source)


@pytest.mark.parametrize("dst", DIALECTS)
def test_a_chat_call_never_named_still_ends_with_the_error_event(dst: str) -> None:
    skip_unless_writer(dst)
    body = _LATE_NAME.replace(b'"name":"f",', b"")
    last = list(lc.stream.decode(dst, lc.stream.translate("openai_chat", dst, [body], request=REQUEST)))[-1]
    assert isinstance(last, lc.StreamErrorEvent) and "without a name" in last.error.message


_RENAMED = (
    b'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function",'
    b'"function":{"name":"get_","arguments":""}}]}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"weather",'
    b'"arguments":"{}"}}]}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\ndata: [DONE]\n\n'
)


@pytest.mark.parametrize("dst", DIALECTS)
def test_a_chat_call_renamed_later_keeps_the_name_the_module_says(dst: str) -> None:
    """The difference translate's docstring states: a name sent again, changed, after the call's
    block was written stays the first on the wires that write a call's start as it comes;
    Gemini writes a call whole and keeps the last, as lm15 and assemble do."""
    skip_unless_writer(dst)
    source = lc.assemble(lc.stream.decode("openai_chat", [_RENAMED], request=REQUEST), request=REQUEST)
    assert _calls(source) == [("c1", "weather", {})]
    out = b"".join(lc.stream.translate("openai_chat", dst, [_RENAMED], request=REQUEST))
    written = lc.assemble(lc.stream.decode(dst, [out], request=REQUEST), request=REQUEST)
    want = "weather" if dst == "gemini" else "get_"
    assert [name for _, name, _ in _calls(written)] == [want]


_FRESH = re.compile(rb'([-_][0-9a-f]{24})|("created(?:_at)?":\d+)')  # what a writer makes per stream


def _fresh_ids_out(out: bytes) -> bytes:
    return _FRESH.sub(b"#", out)


_DAMAGE = [b"", b"data: {not json\n\n", b": keep-alive\n\n", b"data: [DONE]\n\n", b"data: {\n\n"]


@pytest.mark.skipif(not _SOURCES, reason="no corpus streams (../shared/corpus is absent)")
@settings(max_examples=examples(120), deadline=None)
@given(data=st.data())
def test_one_body_in_a_list_is_translated_as_framed(data: st.DataObject) -> None:
    """translate(src, dst, [body]) cuts a whole body without a framer: the bytes, chunk for chunk,
    are those of the body through the framer (given by an iterator), damaged or not, LF or CRLF."""
    src, path = data.draw(st.sampled_from(_SOURCES), label="body")
    dst = data.draw(st.sampled_from(DIALECTS), label="dst")
    skip_unless_writer(dst)
    body = path.read_bytes()
    at = data.draw(st.integers(0, len(body)), label="at")
    body = body[:at] + data.draw(st.sampled_from(_DAMAGE), label="damage") + body[at:]
    if data.draw(st.booleans(), label="crlf"):
        body = body.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    body = body[: data.draw(st.sampled_from([len(body), len(body) - 1, len(body) // 2]), label="cut")]

    def run(chunks: Any) -> list[bytes] | str:
        try:
            return [_fresh_ids_out(out) for out in lc.stream.translate(src, dst, chunks, request=REQUEST)]
        except lc.LmcodecError as exc:
            return f"{type(exc).__name__}: {exc}"

    assert run([body]) == run(iter([body])) == run((body,))
