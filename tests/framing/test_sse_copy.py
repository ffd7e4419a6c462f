"""``copy.copy`` of an SSEDecoder half-way through a stream gives an independent decoder, as
``copy.deepcopy`` does: the copy and the original each frame the rest (red team 48 F03: a shallow
copy shared the partial line, so the copy's feed took it from the original)."""

from __future__ import annotations

import copy

import pytest

import lmcodec as lc
from lmcodec.sse import SSEDecoder

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
EVENTS: list[lc.StreamEvent] = [
    lc.StreamStartEvent(id="resp_1", model="m"),
    lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text="Hello, ")),
    lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text="w\u00f6rld")),
    lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=3, output_tokens=5)),
]
WIRE = {provider: b"".join(lc.stream.encode(provider, EVENTS)) for provider in PROVIDERS}  # type: ignore[arg-type]


def _cuts(data: bytes) -> range:
    return range(1, len(data), 3)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_sse_decoder_copied_mid_stream_and_its_original_each_frame_the_rest(provider: str) -> None:
    data = WIRE[provider]
    whole = SSEDecoder().feed(data)
    for cut in _cuts(data):
        original = SSEDecoder()
        first = original.feed(data[:cut])
        shallow = copy.copy(original)
        assert first + shallow.feed(data[cut:]) + shallow.close() == whole, cut
        assert first + original.feed(data[cut:]) + original.close() == whole, cut
