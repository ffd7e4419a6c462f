"""lc.stream.Encoder / encode / aencode: canonical events -> a provider's SSE, one event at a time."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import lmcodec as lc

from .write_support import DIALECTS, REQUEST, skip_unless_writer, synthesized

SYNTH = synthesized()


@pytest.mark.parametrize("provider", DIALECTS)
def test_encode_is_the_encoder_fed_event_by_event(provider: str) -> None:
    skip_unless_writer(provider)
    events = SYNTH["parallel_tool_calls"]
    encoder = lc.stream.Encoder(provider)
    pieces = [encoder.feed(e) for e in events] + [encoder.close()]
    assert all(isinstance(p, bytes) for p in pieces)
    joined = b"".join(pieces)
    assert (
        lc.assemble(lc.stream.decode(provider, [joined], request=REQUEST), request=REQUEST).message.parts[-1]
        == lc.assemble(events).message.parts[-1]
    )


@pytest.mark.parametrize("provider", DIALECTS)
def test_a_delta_is_written_by_the_time_the_next_arrives(provider: str) -> None:
    """Written when it arrives (the OpenAI wires) or at most one event later (a writer may hold the
    last chunk back to put the finish and usage on it, as Gemini's last chunk carries them)."""
    skip_unless_writer(provider)
    encoder = lc.stream.Encoder(provider)
    encoder.feed(lc.StreamStartEvent(id="resp_x", model="m"))
    out = encoder.feed(lc.StreamDeltaEvent(delta=lc.TextDelta(text="zq\u00e9", part_index=0)))
    out += encoder.feed(lc.StreamDeltaEvent(delta=lc.TextDelta(text="next", part_index=0)))
    assert "zq\u00e9".encode() in out or b"zq\\u00e9" in out


@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
def test_the_openai_wires_write_each_delta_when_it_arrives(provider: str) -> None:
    encoder = lc.stream.Encoder(provider)
    encoder.feed(lc.StreamStartEvent(id="resp_x", model="m"))
    out = encoder.feed(lc.StreamDeltaEvent(delta=lc.TextDelta(text="zq\u00e9", part_index=0)))
    assert "zq\u00e9".encode() in out


@pytest.mark.parametrize("provider", DIALECTS)
def test_aencode(provider: str) -> None:
    skip_unless_writer(provider)
    events = SYNTH["text"]

    async def run() -> list[bytes]:
        async def source() -> Any:
            for e in events:
                yield e

        return [c async for c in lc.stream.aencode(provider, source())]

    got = b"".join(asyncio.run(run()))
    assert (
        lc.assemble(lc.stream.decode(provider, [got], request=REQUEST)).message == lc.assemble(events).message
    )


def test_unknown_provider() -> None:
    with pytest.raises(ValueError, match="unknown provider"):
        lc.stream.Encoder("nope")


@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
def test_an_event_after_the_end_is_refused(provider: str) -> None:
    encoder = lc.stream.Encoder(provider)
    for event in SYNTH["text"]:
        encoder.feed(event)
    with pytest.raises(ValueError, match="after the end"):
        encoder.feed(lc.StreamStartEvent(id="again", model="m"))
