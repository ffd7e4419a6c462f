"""``copy.copy`` of a stream object half-way through a stream gives an independent copy, as
``copy.deepcopy`` and pickle do: the copy and the original each go on from where the copy was made
(red team 48 F03: a shallow copy shared the held bytes, the writer's state and the assembler's
slot lists, so feeding the copy broke the original). A Decoding (what ``decode`` returns) copies
before its first pull and refuses, as a generator does, once iteration began."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import lmcodec as lc

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
EVENTS: list[lc.StreamEvent] = [
    lc.StreamStartEvent(id="resp_1", model="m"),
    lc.StreamDeltaEvent(delta=lc.ThinkingDelta(part_index=0, text="Let me see.")),
    lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=1, text="Hello, ")),
    lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=1, text="wörld 🌍")),
    lc.StreamDeltaEvent(delta=lc.ToolCallDelta(part_index=2, id="call_1", name="f", input='{"a":')),
    lc.StreamDeltaEvent(delta=lc.ToolCallDelta(part_index=2, input="1}")),
    lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=3, output_tokens=5)),
]
WIRE = {provider: b"".join(lc.stream.encode(provider, EVENTS)) for provider in PROVIDERS}  # type: ignore[arg-type]


def _cuts(data: bytes) -> range:
    return range(1, len(data), 7)


def _decoded(decoder: lc.stream.Decoder, rest: bytes) -> bytes:
    return lc.encode(decoder.feed(rest) + decoder.close())


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_decoder_copied_mid_stream_and_its_original_each_decode_the_rest(provider: str) -> None:
    data = WIRE[provider]
    for cut in _cuts(data):
        original = lc.stream.Decoder(provider)  # type: ignore[arg-type]
        first = original.feed(data[:cut])
        shallow = copy.copy(original)
        deep = copy.deepcopy(original)
        want = _decoded(deep, data[cut:])
        assert _decoded(shallow, data[cut:]) == want, cut
        assert _decoded(original, data[cut:]) == want, cut
        assert lc.encode(first + lc.decode(want, list[lc.StreamEvent])) == lc.encode(  # type: ignore[arg-type]
            list(lc.stream.decode(provider, [data]))  # type: ignore[arg-type]
        )


def _written(encoder: lc.stream.Encoder, events: list[lc.StreamEvent]) -> bytes:
    return b"".join(encoder.feed(event) for event in events) + encoder.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_encoder_copied_mid_stream_and_its_original_each_write_the_rest(provider: str) -> None:
    text = lc.assemble(lc.stream.decode(provider, [WIRE[provider]])).text  # type: ignore[arg-type]
    for at in range(len(EVENTS) + 1):
        original = lc.stream.Encoder(provider)  # type: ignore[arg-type]
        head = b"".join(original.feed(event) for event in EVENTS[:at])
        shallow = copy.copy(original)
        deep = copy.deepcopy(original)
        want = _written(deep, EVENTS[at:])
        assert _written(shallow, EVENTS[at:]) == want, at
        assert _written(original, EVENTS[at:]) == want, at
        assert lc.assemble(lc.stream.decode(provider, [head + want])).text == text  # type: ignore[arg-type]


def _assembled(assembler: lc.Assembler, events: list[lc.StreamEvent]) -> bytes:
    assembler.extend(events)
    return lc.encode(assembler.result())


def test_an_assembler_copied_mid_stream_and_its_original_each_assemble_the_rest() -> None:
    want = lc.encode(lc.assemble(EVENTS))
    for at in range(len(EVENTS) + 1):
        original = lc.Assembler()
        original.extend(EVENTS[:at])
        shallow = copy.copy(original)
        assert _assembled(shallow, EVENTS[at:]) == want, at
        assert _assembled(original, EVENTS[at:]) == want, at


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_decoding_copies_before_its_first_pull_and_refuses_after(provider: str) -> None:
    data = WIRE[provider]
    want = lc.encode(list(lc.stream.decode(provider, [data])))  # type: ignore[arg-type]
    decoding: Any = lc.stream.decode(provider, [data[:40], data[40:]])  # type: ignore[arg-type]
    shallow = copy.copy(decoding)
    assert lc.encode(list(shallow)) == want
    first = next(decoding)
    assert lc.encode([first, *decoding]) == want
    pulled: Any = lc.stream.decode(provider, [data[:40], data[40:]])  # type: ignore[arg-type]
    next(pulled)
    with pytest.raises(TypeError):
        copy.copy(pulled)
    assert len(list(pulled)) == len(lc.decode(want, list[lc.StreamEvent])) - 1  # (the original goes on)
