"""Where Gemini's stream writer refuses a lone surrogate (rtfix54's left item, decided: as is).

Gemini's writer holds each text chunk until the next event (or ``flush``, ``close``), so a lone
surrogate is refused by the call that writes the chunk holding it, not by the feed of its event.
Refusing it at its event would lose the chunk before it: that feed writes the held chunk, and an
Encoder is spent after its EncodeError (red team 48 F04), so what it held then would never be
written. As is, the bytes written before the error hold every text before the surrogate's delta,
as the other three writers' (which write each delta at once and refuse at its event) do.
docs/writers.md ("One rule for the four writers") says so. Passed before: no code changed."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import lmcodec as lc

LONE = "x\ud83d"
DELTAS: dict[str, Callable[[str], lc.Delta]] = {
    "text": lambda text: lc.TextDelta(part_index=0, text=text),
    "thinking": lambda text: lc.ThinkingDelta(part_index=0, text=text),
}


def _events(kind: str) -> list[lc.StreamEvent]:
    texts = ("a", "b", LONE, "c")
    deltas = [lc.StreamDeltaEvent(delta=DELTAS[kind](text)) for text in texts]
    return [lc.StreamStartEvent(id="r1", model="m"), *deltas, lc.StreamEndEvent(finish_reason="stop")]


def _fed_until_refused(provider: lc.Provider, events: list[lc.StreamEvent]) -> tuple[bytes, int]:
    """The bytes an Encoder fed one event at a time wrote before its EncodeError, and which event's
    feed raised it."""
    encoder = lc.stream.Encoder(provider)
    written = b""
    for at, event in enumerate(events):
        try:
            written += encoder.feed(event)
        except lc.EncodeError as refused:
            assert "U+D83D" in str(refused)
            return written, at
    raise AssertionError("no EncodeError")


def _texts(provider: lc.Provider, written: bytes) -> str:
    """The text and thinking read back from a stream cut before its end."""
    events = lc.stream.Decoder(provider).feed(written)
    deltas = [event.delta for event in events if isinstance(event, lc.StreamDeltaEvent)]
    return "".join(d.text for d in deltas if isinstance(d, (lc.TextDelta, lc.ThinkingDelta)))


@pytest.mark.parametrize("kind", sorted(DELTAS))
def test_the_chunk_before_the_surrogate_is_written_and_the_next_call_refuses(kind: str) -> None:
    events = _events(kind)
    written, at = _fed_until_refused("gemini", events)
    assert at == 4  # the event after the surrogate's (index 3): its feed writes the held chunk
    assert _texts("gemini", written) == "ab"
    for other in ("anthropic", "openai_chat", "openai"):
        other_written, other_at = _fed_until_refused(other, events)
        assert other_at == 3
        assert _texts(other, other_written) == "ab"


@pytest.mark.parametrize("kind", sorted(DELTAS))
@pytest.mark.parametrize("then", ["flush", "close"])
def test_flush_or_close_after_the_surrogate_refuses_it(kind: str, then: str) -> None:
    encoder = lc.stream.Encoder("gemini")
    written = b"".join(encoder.feed(event) for event in _events(kind)[:4])
    assert _texts("gemini", written) == "ab"
    with pytest.raises(lc.EncodeError, match="U\\+D83D"):
        getattr(encoder, then)()


@pytest.mark.parametrize("kind", sorted(DELTAS))
def test_feed_all_of_the_surrogate_s_input_chunk_refuses_it(kind: str) -> None:
    encoder = lc.stream.Encoder("gemini")
    events = _events(kind)
    assert _texts("gemini", encoder.feed_all(events[:3])) == "ab"
    with pytest.raises(lc.EncodeError, match="U\\+D83D"):
        encoder.feed_all(events[3:4])
