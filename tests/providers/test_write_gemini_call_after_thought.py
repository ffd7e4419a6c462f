"""The Gemini stream writer never puts a call at a thought's position (red team 53 F02).

A Responses stream of reasoning, a text, an empty text part (a message item with an empty
``output_text``: the translator hands the writer nothing for it) and a function call reached the
writer as thinking 0, text 1, call 3: the call, past a gap, started a chunk and took position 0,
the thought's. lm15 (and lmcodec) read a Gemini stream by position, so they read thinking, call,
text, and the call took the thought's signature; the source reads thinking, text, call. The oracle
is lm15's reading of the written stream against ``decode`` + ``assemble`` of the source.
"""

from __future__ import annotations

from typing import Any

import lm15.result as lr
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .provider_support import lm15_events, requests_for

_DELTA = lc.StreamDeltaEvent


def responses_source(empty_texts: int, calls: int, text: str = "Let me look.") -> bytes:
    """lmcodec's Responses stream: a thought, ``text``, ``empty_texts`` empty texts, ``calls`` calls."""
    events: list[Any] = [
        lc.StreamStartEvent(id="resp_1", model="gpt-x"),
        _DELTA(delta=lc.ThinkingDelta(text="a", part_index=0)),
        _DELTA(delta=lc.TextDelta(text=text, part_index=1)),
    ]
    events += [_DELTA(delta=lc.TextDelta(text="", part_index=2 + k)) for k in range(empty_texts)]
    first = 2 + empty_texts
    for k in range(calls):
        call = lc.ToolCallDelta(input=f'{{"q": {k}}}', part_index=first + k, id=f"call_{k}", name="search")
        events.append(_DELTA(delta=call))
    end = lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=2))
    return b"".join(lc.stream.encode("openai", [*events, end]))


def shape(parts: Any) -> list[tuple[str, Any]]:
    """Each non-empty part's kind and content (an empty text adds nothing to what a client reads)."""
    out: list[tuple[str, Any]] = []
    for part in parts:
        if type(part).__name__ == "ToolCallPart":
            out.append(("call", (part.id, part.name, part.input)))
        elif getattr(part, "text", ""):
            out.append((type(part).__name__, part.text))
    return out


def lm15_reading(body: bytes) -> list[tuple[str, Any]]:
    request, _ = requests_for("gpt-x")
    return shape(lr.materialize_response(iter(lm15_events("gemini", body, request)), request).message.parts)


def chunkings(body: bytes) -> dict[str, list[bytes]]:
    return {
        "whole": [body],
        "per event": [event + b"\n\n" for event in body.split(b"\n\n") if event],
        "1 byte": [body[i : i + 1] for i in range(len(body))],
    }


def test_the_reproducers_call_is_read_after_the_text_at_every_chunking() -> None:
    source = responses_source(empty_texts=1, calls=1)
    want = shape(lc.assemble(lc.stream.decode("openai", [source])).message.parts)
    assert [kind for kind, _ in want] == ["ThinkingPart", "TextPart", "call"]
    for name, chunks in chunkings(source).items():
        out = b"".join(lc.stream.translate("openai", "gemini", chunks))
        assert lm15_reading(out) == want, name
        assert shape(lc.assemble(lc.stream.decode("gemini", [out])).message.parts) == want, name


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 3),
    st.integers(1, 4),
    st.sampled_from(["whole", "per event"]),
    st.text(min_size=1, max_size=5),
)
def test_lm15_reads_the_translated_stream_in_the_sources_order(
    empty_texts: int, calls: int, chunking: str, text: str
) -> None:
    source = responses_source(empty_texts, calls, text)
    want = shape(lc.assemble(lc.stream.decode("openai", [source])).message.parts)
    out = b"".join(lc.stream.translate("openai", "gemini", chunkings(source)[chunking]))
    assert lm15_reading(out) == want
