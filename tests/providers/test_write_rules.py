"""The rules every stream writer keeps (lmcodec.stream.encoder's docstring), held across the four
dialects by one parametrised test each: events after the end and after an error, UnknownEvent
and non-events, and the id a tool call without one is written with."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

import lmcodec as lc

from ..stream.write_support import DIALECTS, REQUEST, skip_unless_writer

_START = lc.StreamStartEvent(id="msg_rules", model="m-1")
_TEXT = lc.StreamDeltaEvent(delta=lc.TextDelta(text="hello", part_index=0))
_END = lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=3, output_tokens=1))
_ERROR = lc.StreamErrorEvent(error=lc.ErrorDetail(code="server", message="backend fell over"))
_LATE: list[Any] = [
    lc.StreamStartEvent(id="again", model="m-1"),
    lc.StreamDeltaEvent(delta=lc.TextDelta(text="late", part_index=0)),
    lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input="{}", part_index=1, id="c", name="f")),
    lc.StreamEndEvent(finish_reason="stop"),
    lc.StreamErrorEvent(error=lc.ErrorDetail(code="server", message="late")),
]


def _unknown() -> Any:
    return next(
        iter(lc.stream.decode("anthropic", [b'event: x\ndata: {"type":"weird","a":1}\n\n'], unknown="keep"))
    )


@pytest.mark.parametrize("late", _LATE, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("dialect", DIALECTS)
def test_an_event_after_the_end_is_a_validation_error(dialect: str, late: Any) -> None:
    skip_unless_writer(dialect)
    encoder = lc.stream.Encoder(dialect)
    written = encoder.feed_all([_START, _TEXT, _END])
    assert written
    with pytest.raises(lc.ValidationError, match="after the end of the stream"):
        encoder.feed(late)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_what_follows_an_error_is_dropped(dialect: str) -> None:
    skip_unless_writer(dialect)
    encoder = lc.stream.Encoder(dialect)
    written = encoder.feed_all([_START, _TEXT, _ERROR])
    assert b"backend fell over" in written
    for late in _LATE:
        assert encoder.feed(late) == b""
    assert encoder.flush() == b""
    assert encoder.close() == b""
    # the decoder's own shape of it: an in-band error, then the merged end at the close
    again = list(lc.stream.decode(dialect, [written], request=REQUEST))
    assert any(isinstance(e, lc.StreamErrorEvent) for e in again)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_an_unknown_event_is_dropped_and_a_non_event_refused(dialect: str) -> None:
    skip_unless_writer(dialect)
    unknown = _unknown()
    assert isinstance(unknown, lc.UnknownEvent)
    plain = b"".join(lc.stream.encode(dialect, [_START, _TEXT, _END]))
    encoder = lc.stream.Encoder(dialect)
    assert encoder.feed(unknown) == b""
    got = encoder.feed_all([_START, unknown, _TEXT]) + encoder.feed(unknown) + encoder.feed_all([_END])
    assert b"weird" not in got
    assert _events(dialect, got) == _events(dialect, plain)
    with pytest.raises(lc.ValidationError, match="expects a StreamEvent"):
        lc.stream.Encoder(dialect).feed({"type": "start"})  # type: ignore[arg-type]


def _events(dialect: str, body: bytes) -> list[Any]:
    """The decoded events, less the end's provider_data (a writer's own timestamps and item ids) and
    the Gemini writer's closing empty text part, written when the text went out before the end
    (whether it did depends on how the events were fed: tests/providers/test_write_gemini_closing_part.py)."""
    closing = lc.StreamDeltaEvent(delta=lc.TextDelta(text=""))
    return [
        msgspec.structs.replace(e, provider_data=None) if isinstance(e, lc.StreamEndEvent) else e
        for e in lc.stream.decode(dialect, [body], request=REQUEST)
        if not (dialect == "gemini" and e == closing)
    ]


def _call_ids(dialect: str, events: list[Any]) -> list[str | None]:
    body = b"".join(lc.stream.encode(dialect, events))
    return [
        e.delta.id
        for e in lc.stream.decode(dialect, [body], request=REQUEST)
        if isinstance(e, lc.StreamDeltaEvent) and isinstance(e.delta, lc.ToolCallDelta) and e.delta.id
    ]


def _calls(message_id: str | None) -> list[Any]:
    return [
        lc.StreamStartEvent(id=message_id, model="m-1"),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input='{"a":1}', part_index=0, name="f")),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input='{"b":2}', part_index=3, name="g")),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input="{}", part_index=4, name="h", id="call_own")),
        lc.StreamEndEvent(finish_reason="tool_call"),
    ]


_MISSING_ID_RULE = {
    "openai": lambda ids: ids == ["tool_call_0", "tool_call_3", "call_own"],
    "openai_chat": lambda ids: ids == ["tool_call_0", "tool_call_3", "call_own"],
    "anthropic": lambda ids: (
        len(ids) == 3
        and all(re.fullmatch(r"toolu_[0-9a-f]{24}_[0-9]+", i) for i in ids[:2])
        and ids[0] != ids[1]
        and ids[2] == "call_own"
    ),
    "gemini": lambda ids: ids == ["call_own"],
}


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_call_without_an_id_gets_its_dialects_deterministic_id(dialect: str) -> None:
    skip_unless_writer(dialect)
    ids = _call_ids(dialect, _calls("msg_one"))
    assert _MISSING_ID_RULE[dialect](ids), ids
    assert _call_ids(dialect, _calls("msg_one")) == ids  # the same stream, the same ids
    other = _call_ids(dialect, _calls("msg_two"))
    if dialect == "anthropic":  # unique within a conversation: another message, other ids
        assert other[:2] != ids[:2] and other[2] == "call_own"
    else:
        assert other == ids


LINE_BREAKS = "a\x85b\u2028c\u2029d"  # valid raw in JSON strings; line breaks to str.splitlines


@pytest.mark.parametrize("dialect", DIALECTS)
def test_unicode_line_breaks_are_written_as_escapes_every_sdk_reads(dialect: str) -> None:
    """google-genai split an event in two at a raw U+0085 (found by hypothesis on 3.10)."""
    from ..stream import write_support
    from . import sdk_readers

    check_written = (
        sdk_readers.check_written if dialect in ("anthropic", "gemini") else write_support.check_written
    )
    skip_unless_writer(dialect)
    events = [
        lc.StreamStartEvent(id="msg_nel", model=REQUEST.model),
        lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text=LINE_BREAKS)),
        lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=2)),
    ]
    body = check_written(dialect, events)
    assert "\x85".encode() not in body and "\u2028".encode() not in body and "\u2029".encode() not in body
    for src in DIALECTS:
        skip_unless_writer(src)
        source = b"".join(lc.stream.encode(src, events))
        out = b"".join(lc.stream.translate(src, dialect, [source], request=REQUEST))
        assert "\x85".encode() not in out
        assert lc.assemble(lc.stream.decode(dialect, [out], request=REQUEST)).message.parts[0] == lc.TextPart(
            text=LINE_BREAKS
        )
