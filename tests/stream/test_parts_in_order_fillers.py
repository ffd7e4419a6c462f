"""translate from Gemini leaves out the empty thought fillers of lmcodec's Gemini writer (red team 53 F01).

The Gemini stream writer keeps a canonical slot at one position across chunks, so every chunk
after a thought holds ``{"text":"","thought":true}`` before its text (providers/gemini/
_write_positions.py). ``decode`` + ``assemble`` join that empty thought into the thinking part at
its position (it adds nothing); translate's sink for a client that reads each slot as a block
(stream/_parts_in_order.py) wrote it as a new thinking block, and the text after it as a new text
block: 2N blocks for N chunks, unsigned empty thinking a client would replay to Claude. The oracle
is ``decode`` + ``assemble`` of the source, against the same of the translated output.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.wire.dialects import Provider

from ..budget import examples

CLIENTS: tuple[Provider, ...] = ("anthropic", "openai", "openai_chat", "gemini")
_FRAGMENTS = st.lists(st.text(min_size=1, max_size=6), min_size=1, max_size=8)
_DELTA = lc.StreamDeltaEvent
_END = lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=3, output_tokens=4))


def gemini_source(thoughts: list[str], texts: list[str]) -> bytes:
    """lmcodec's own Gemini stream of ``thoughts`` (slot 0) then ``texts`` (slot 1), a chunk a fragment."""
    events: list[Any] = [lc.StreamStartEvent(id="r1", model="gemini-2.5-flash")]
    events += [_DELTA(delta=lc.ThinkingDelta(text=t, part_index=0)) for t in thoughts]
    events += [_DELTA(delta=lc.TextDelta(text=t, part_index=1)) for t in texts]
    return b"".join(lc.stream.encode("gemini", [*events, _END]))


def parts(dialect: Provider, body: bytes) -> list[tuple[str, str]]:
    """``decode`` + ``assemble`` of ``body``: each part's kind and text."""
    response = lc.assemble(lc.stream.decode(dialect, [body]))
    return [(type(p).__name__, getattr(p, "text", "")) for p in response.message.parts]


def chunked(body: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({cut % (len(body) + 1) for cut in cuts})
    return [body[a:b] for a, b in zip([0, *points], [*points, len(body)], strict=True) if b > a]


def test_the_reproducers_stream_reads_one_thinking_block_and_one_text_block() -> None:
    source = gemini_source(["plan"], ["Hel", "lo, ", "world"])
    assert source.count(b'{"text":"","thought":true}') == 2  # the fillers this is about
    for dst in CLIENTS:
        out = b"".join(lc.stream.translate("gemini", dst, [source]))
        assert parts(dst, out) == [("ThinkingPart", "plan"), ("TextPart", "Hello, world")], dst


def test_the_anthropic_client_gets_no_empty_thinking_block() -> None:
    out = b"".join(lc.stream.translate("gemini", "anthropic", [gemini_source(["a", "b"], ["x", "y", "z"])]))
    assert out.count(b'"type":"content_block_start"') == 2
    assert out.count(b'"type":"thinking"') == 1


def test_a_signed_empty_thought_after_the_text_keeps_its_block_and_its_signature() -> None:
    """An empty thought with a signature is no filler (Gemini 3 sends one): a Responses client
    gets it as a reasoning item of its own that carries the signature, as before the fix."""
    chunk = (
        b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"plan","thought":true},'
        b'{"text":"Hi"}]}}],"modelVersion":"g"}\r\n\r\n'
        b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"","thought":true,'
        b'"thoughtSignature":"c2ln"}]},"finishReason":"STOP"}],"modelVersion":"g"}\r\n\r\n'
    )
    out = b"".join(lc.stream.translate("gemini", "openai", [chunk]))
    got = lc.assemble(lc.stream.decode("openai", [out])).message.parts
    assert [(type(p).__name__, getattr(p, "text", "")) for p in got] == [
        ("ThinkingPart", "plan"),
        ("TextPart", "Hi"),
        ("ThinkingPart", ""),
    ]
    assert got[2].continuation  # (the carriage: the Gemini signature inside the reasoning item)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    _FRAGMENTS,
    _FRAGMENTS,
    st.sampled_from(CLIENTS),
    st.one_of(st.just("whole"), st.just("event"), st.lists(st.integers(0, 1 << 16), max_size=12)),
)
def test_translate_reads_as_decode_and_assemble_a_gemini_stream_of_thinking_then_text(
    thoughts: list[str], texts: list[str], dst: Provider, chunking: Any
) -> None:
    source = gemini_source(thoughts, texts)
    if chunking == "whole":
        chunks = [source]
    elif chunking == "event":
        chunks = [event + b"\r\n\r\n" for event in source.split(b"\r\n\r\n") if event]
    else:
        chunks = chunked(source, chunking)
    out = b"".join(lc.stream.translate("gemini", dst, chunks))
    assert parts(dst, out) == parts("gemini", source)
