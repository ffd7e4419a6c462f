"""What ``Encoder.feed`` and ``Encoder.close`` say they do (red team 42 F06: they had no docstring,
where a gateway author needs to know that ``feed`` may give ``b""`` and what ``close`` adds)."""

from __future__ import annotations

import pytest

import lmcodec as lc

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
EVENTS = [
    lc.StreamStartEvent(id="r1", model="m"),
    lc.StreamDeltaEvent(lc.TextDelta("Hello")),
    lc.StreamDeltaEvent(lc.TextDelta(" you")),
    lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=1)),
]


def test_every_public_method_of_the_stream_classes_says_what_it_does() -> None:
    bare = [
        f"{cls.__qualname__}.{name}"
        for cls in (lc.stream.Encoder, lc.stream.Decoder, lc.Assembler)
        for name, member in vars(cls).items()
        if callable(member) and not name.startswith("_") and not (member.__doc__ or "").strip()
    ]
    assert bare == []


def test_gemini_feed_gives_nothing_while_it_holds_a_chunk() -> None:
    encoder = lc.stream.Encoder("gemini")
    sizes = [len(encoder.feed(event)) for event in EVENTS]
    assert sizes[:2] == [0, 0] and all(sizes[2:])  # the first delta goes out with the next event
    assert encoder.close() == b""


@pytest.mark.parametrize("provider", DIALECTS)
def test_close_after_the_end_adds_nothing_and_spends_the_encoder(provider: str) -> None:
    encoder = lc.stream.Encoder(provider)
    written = b"".join(encoder.feed(event) for event in EVENTS)
    assert encoder.close() == b""
    assert lc.assemble(lc.stream.decode(provider, [written])).text == "Hello you"
    with pytest.raises(lc.ValidationError):
        encoder.feed(EVENTS[0])


@pytest.mark.parametrize("provider", DIALECTS)
def test_close_of_a_stream_cut_short_writes_no_end(provider: str) -> None:
    encoder = lc.stream.Encoder(provider)
    written = b"".join(encoder.feed(event) for event in EVENTS[:3])
    tail = encoder.close()
    assert (tail != b"") == (provider == "gemini")  # Gemini's held chunk; the others hold nothing
    with pytest.raises(lc.StreamAssemblyError):
        lc.assemble(lc.stream.decode(provider, [written + tail]))
