"""An event changed past its checks (``msgspec.structs.replace``) whose odd value a stream writer
holds and writes later (the Responses writer joins an item's text and call fragments at the item's
end; the Gemini writer builds its pending chunk, with its logprobs and call arguments, when the next
event or the end arrives) is refused as an lc error where it is written: a ValidationError naming the
delta kind and its field, where it was a bare TypeError or AttributeError raised at a later feed or
at close, when the event is gone (oddmodel23's left item, rtleft24). A value no wire field holds (an
``object()``) is refused as an lc error by every writer, held or not: an EncodeError from the
writers' encoder, or the ValidationError at its path that ``refuse_odd`` now finds, where both
ended in msgspec's or Python's bare TypeError."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

import lmcodec as lc

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")


def _events() -> list[lc.StreamEvent]:
    """A stream of every delta kind a writer holds: thinking, text with logprobs, a call in two
    fragments, a citation, a signature."""
    logprobs = (lc.TokenLogprob(token="a", logprob=-0.5),)
    signature = lc.ContinuationDelta(
        part_index=0, provider="anthropic", kind="signature", data={"signature": "s"}
    )
    return [
        lc.StreamStartEvent(id="r", model="m"),
        lc.StreamDeltaEvent(delta=lc.ThinkingDelta(part_index=0, text="t")),
        lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=1, text="a", logprobs=logprobs)),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(part_index=2, id="c", name="f", input='{"a":')),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(part_index=2, input="1}")),
        lc.StreamDeltaEvent(delta=lc.CitationDelta(part_index=1, url="http://x", title="t")),
        lc.StreamDeltaEvent(delta=signature),
        lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=2)),
    ]


def _with(index: int, field: str, value: Any) -> list[lc.StreamEvent]:
    """The stream with event ``index``'s (or its delta's) ``field`` set to ``value`` past its checks."""
    events = _events()
    event = events[index]
    if isinstance(event, lc.StreamDeltaEvent):
        events[index] = msgspec.structs.replace(
            event, delta=msgspec.structs.replace(event.delta, **{field: value})
        )
    else:
        events[index] = msgspec.structs.replace(event, **{field: value})
    return events


def _write(dialect: str, events: list[lc.StreamEvent], whole: bool) -> bytes:
    encoder = lc.stream.Encoder(dialect)
    out = encoder.feed_all(events) if whole else b"".join(encoder.feed(event) for event in events)
    return out + encoder.close()


HELD = [
    # (dialect, event index, field, value, the delta kind named)
    *(("openai", 1, "text", odd, "a thinking delta") for odd in (5, b"t", ["t"])),
    *(("openai", 2, "text", odd, "a text delta") for odd in (5, b"a", ["a"])),
    ("openai", 4, "input", ["1}"], "a tool call delta"),
    *(("gemini", 2, "logprobs", odd, "a text delta") for odd in (5, b"a", ["a"])),
    *(("gemini", 4, "input", odd, "a tool call delta") for odd in (5, b"1}", ["1}"])),
]


@pytest.mark.parametrize("whole", [False, True], ids=["feed", "feed_all"])
@pytest.mark.parametrize(("dialect", "index", "field", "value", "kind"), HELD)
def test_a_held_odd_value_is_refused_where_it_is_written(
    dialect: str, index: int, field: str, value: Any, kind: str, whole: bool
) -> None:
    with pytest.raises(lc.ValidationError) as caught:
        _write(dialect, _with(index, field, value), whole)
    assert f"what {kind} left it holding: its {field} is" in caught.value.message
    assert caught.value.path == f"$.delta.{field}"


def _unsayable_fields() -> list[tuple[int, str]]:
    """Every field of every event and delta of :func:`_events` (given an ``object()``)."""
    out = []
    for index, event in enumerate(_events()):
        target = event.delta if isinstance(event, lc.StreamDeltaEvent) else event
        out.extend((index, name) for name in target.__struct_fields__)
    return out


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(("index", "field"), _unsayable_fields())
def test_a_value_no_wire_field_holds_is_an_lc_error(dialect: str, index: int, field: str) -> None:
    """Written or ignored, never a bare exception (the writers ignore some fields: a Chat stream
    carries no citation, a signature goes where its dialect takes one)."""
    for whole in (False, True):
        try:
            _write(dialect, _with(index, field, object()), whole)
        except lc.LmcodecError:
            pass


def test_refuse_odd_names_the_path_of_a_value_no_builtin_says() -> None:
    end = lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(), provider_data={"a": [1, {"b": 2}]})
    odd = msgspec.structs.replace(end, usage=object())
    with pytest.raises(lc.ValidationError) as caught:
        b"".join(lc.stream.encode("openai", [lc.StreamStartEvent(id="r", model="m"), odd]))
    assert caught.value.path == "$.usage"
    assert "a value of type 'object', which no wire field holds" in caught.value.message


def test_the_held_value_check_leaves_a_plain_stream_as_it_was() -> None:
    """The catches sit on the error path: the plain stream is written whole by both writers."""
    for dialect in ("openai", "gemini"):
        for whole in (False, True):
            response = lc.stream.assemble(lc.stream.decode(dialect, [_write(dialect, _events(), whole)]))
            parts = {type(part).__name__: part for part in response.message.parts}
            assert parts["TextPart"].text == "a"
            assert parts["ToolCallPart"].input == {"a": 1}


def test_a_held_logprobs_tuple_names_its_odd_entry() -> None:
    entries = (lc.TokenLogprob(token="a", logprob=-0.5), 5)
    with pytest.raises(lc.ValidationError) as caught:
        _write("gemini", _with(2, "logprobs", entries), False)
    assert "its logprobs is an int, not what its type holds" in caught.value.message
