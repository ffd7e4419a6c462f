"""An Encoder that raised :class:`lmcodec.EncodeError` refuses every later call (``feed``,
``feed_all``, ``flush``, ``close``) with an EncodeError naming the first, as a Decoder refuses a
feed after its StreamDecodeError (red team 48 F04). The writer had begun the refused event (an
Anthropic block opened, a Responses output index taken and its item put in the final response, a
Gemini chunk held): what it wrote next was a stream the SDKs fail on (anthropic's IndexError, no
``response.completed``) or read short (Gemini's text lost, a Chat call without id or name)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import lmcodec as lc

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")

# A delta no wire carries (a lone surrogate has no UTF-8 spelling), in part 1 of a stream whose
# part 0 is text, as an Anthropic source with a "\ud800" block decodes.
REFUSED: dict[str, Callable[[], lc.StreamDeltaEvent]] = {
    "text": lambda: lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=1, text="\ud800")),
    "thinking": lambda: lc.StreamDeltaEvent(delta=lc.ThinkingDelta(part_index=1, text="\ud800")),
    "call name": lambda: lc.StreamDeltaEvent(
        delta=lc.ToolCallDelta(part_index=1, id="call_2", name="f\ud800", input="{}")
    ),
    "call arguments": lambda: lc.StreamDeltaEvent(
        delta=lc.ToolCallDelta(part_index=1, id="call_2", name="f", input='{"a":"\\ud800"}')
    ),
}


def _events(refused: lc.StreamDeltaEvent) -> list[lc.StreamEvent]:
    return [
        lc.StreamStartEvent(id="resp_1", model="m"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text="Hello")),
        refused,
        lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=2, text="after")),
        lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=2)),
    ]


def _assert_refused_naming(call: Callable[[], object], first: lc.EncodeError) -> None:
    with pytest.raises(lc.EncodeError, match="used after an EncodeError") as raised:
        call()
    assert str(first) in str(raised.value)
    assert raised.value.__cause__ is first


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("where", sorted(REFUSED))
def test_every_call_after_an_encode_error_is_refused_naming_it(provider: str, where: str) -> None:
    encoder = lc.stream.Encoder(provider)  # type: ignore[arg-type]
    events = _events(REFUSED[where]())
    first: lc.EncodeError | None = None
    for event in events:
        if first is None:
            try:
                encoder.feed(event)
            except lc.EncodeError as exc:  # (Gemini's writer holds the chunk: a later event raises)
                first = exc
        else:
            _assert_refused_naming(lambda event=event: encoder.feed(event), first)  # type: ignore[misc]
    if first is None:
        with pytest.raises(lc.EncodeError) as raised:
            encoder.close()
        first = raised.value
    assert "U+D800" in str(first)
    _assert_refused_naming(encoder.flush, first)
    _assert_refused_naming(lambda: encoder.feed_all(events[-1:]), first)
    _assert_refused_naming(encoder.close, first)
    _assert_refused_naming(encoder.close, first)  # (every later call, not only the next)


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("where", sorted(REFUSED))
def test_an_encode_error_in_feed_all_refuses_the_calls_after_it(provider: str, where: str) -> None:
    encoder = lc.stream.Encoder(provider)  # type: ignore[arg-type]
    events = _events(REFUSED[where]())
    encoder.feed_all(events[:2])
    calls: list[Callable[[], object]] = [
        lambda: encoder.feed_all(events[2:4]),
        lambda: encoder.feed_all(events[4:]),  # (Gemini's writer holds a call until the end)
        encoder.close,
    ]
    first: lc.EncodeError | None = None
    for call in calls:
        if first is None:
            try:
                call()
            except lc.EncodeError as exc:
                first = exc
        else:
            _assert_refused_naming(call, first)
    assert first is not None
    assert "U+D800" in str(first)
    _assert_refused_naming(lambda: encoder.feed(events[4]), first)
    _assert_refused_naming(encoder.flush, first)
    _assert_refused_naming(encoder.close, first)


def _text_parts(provider: str, data: bytes) -> list[str]:
    response = lc.assemble(lc.stream.decode(provider, [data]))  # type: ignore[arg-type]
    return [part.text for part in response.message.parts if isinstance(part, lc.TextPart)]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_other_refusals_leave_the_encoder_usable(provider: str) -> None:
    """A ValidationError (here a non-event) is refused before the writer begins anything: the
    rest is written as if it had never come, as before."""
    events = _events(lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=1, text="x")))
    encoder = lc.stream.Encoder(provider)  # type: ignore[arg-type]
    out = [encoder.feed(events[0]), encoder.feed(events[1])]
    with pytest.raises(lc.ValidationError):
        encoder.feed("not an event")  # type: ignore[arg-type]
    out += [encoder.feed(event) for event in events[2:]]
    out.append(encoder.close())
    unrefused = b"".join(lc.stream.encode(provider, events))  # type: ignore[arg-type]
    assert _text_parts(provider, b"".join(out)) == _text_parts(provider, unrefused) != []


@pytest.mark.parametrize("provider", PROVIDERS)
def test_close_is_still_refused_as_a_validation_error_after_a_close(provider: str) -> None:
    encoder = lc.stream.Encoder(provider)  # type: ignore[arg-type]
    encoder.close()
    with pytest.raises(lc.ValidationError, match="after close"):
        encoder.feed(lc.StreamStartEvent(model="m"))
