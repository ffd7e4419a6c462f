"""The Gemini writer's chunk of one text or thought part with citations waiting (every block of a
cited answer after the first: red team 14 F09's shape), written from the one-part template with
the ``groundingMetadata`` spliced in, against the struct path it bypasses: every chunk written is
the bytes the ``Chunk`` struct it decodes to encodes, and the citations are where google-genai
reads them. Hypothesis runs text, thought and citation deltas with any text, flushed anywhere."""

from __future__ import annotations

import sys
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.gemini import _frames as f
from lmcodec.providers.gemini.write import StreamWriter
from lmcodec.stream.encoder import line_safe

from ..budget import examples
from .sdk_readers import gemini_chunks, sdk_gemini

_decode_chunk = msgspec.json.Decoder(f.Chunk).decode


def _chunks(written: bytes) -> list[bytes]:
    return [frame[len(b"data: ") :] for frame in written.split(b"\r\n\r\n") if frame]


def _check(written: bytes) -> int:
    """Each chunk against its struct's encoding; the number of chunks with citations."""
    grounded = 0
    for data in _chunks(written):
        chunk = _decode_chunk(data)
        assert f.ENCODER.encode(chunk) == data
        grounded += any(c.groundingMetadata is not f.UNSET for c in chunk.candidates)
    return grounded


def _delta(delta: Any) -> lc.StreamDeltaEvent:
    return lc.StreamDeltaEvent(delta=delta)


def _call(writer: StreamWriter, op: tuple[Any, ...]) -> bytes:
    kind = op[0]
    if kind == "text":
        return writer.write_text(op[1], op[2])
    if kind == "thinking":
        return writer.write_thinking(op[1], op[2])
    if kind == "cite":
        return writer.feed(_delta(lc.CitationDelta(part_index=op[1], url=op[2], title=op[3], text=op[4])))
    return writer.flush()


_texts = st.text(max_size=6)
_ops = st.lists(
    st.one_of(
        st.tuples(st.just("text"), st.integers(0, 20), _texts),
        st.tuples(st.just("thinking"), st.integers(0, 2), _texts),
        st.tuples(st.just("cite"), st.integers(0, 20), st.none() | _texts, st.none() | _texts, _texts),
        st.tuples(st.just("flush")),
    ),
    max_size=25,
)


@settings(max_examples=examples(200), deadline=None)
@given(ops=_ops)
def test_every_chunk_is_its_structs_encoding(ops: list[tuple[Any, ...]]) -> None:
    writer = StreamWriter()
    out = [writer.feed(lc.StreamStartEvent(id="resp-1", model="gemini-x"))]
    for op in ops:
        try:
            out.append(_call(writer, op))
        except lc.LmcodecError:
            return  # a part the writer cannot place (past 16 slots of one chunk): nothing to compare
    out.append(writer.feed(lc.StreamEndEvent(finish_reason="stop")))
    _check(b"".join(out))


def test_a_cited_answer_carries_each_citation_on_the_next_chunk() -> None:
    """Cited blocks past the slots a chunk reaches (each at position 0): the fast path's chunks,
    read by google-genai, hold every citation where the struct path put it."""
    writer = StreamWriter()
    out = [writer.feed(lc.StreamStartEvent(id="resp-1", model="gemini-x"))]
    for i in range(40):
        out.append(writer.write_text(i, f'Fact "{i}"\u2028. '))
        out.append(writer.flush())
        cite = lc.CitationDelta(part_index=i, url=f'https://e.com/{i}?q="\u00e9"', title="P", text=f"c{i}\\")
        out.append(writer.feed(_delta(cite)))
        out.append(writer.flush())
    out.append(writer.feed(lc.StreamEndEvent(finish_reason="stop")))
    written = b"".join(out)
    assert _check(written) == 40
    # What leaves an Encoder: U+2028 escaped (google-genai 2.x splits a chunk's lines with
    # str.splitlines, so a raw one cuts the JSON in two; stream/encoder.py's line_safe).
    sent = line_safe(written)
    assert "\u2028".encode() not in sent
    view = sdk_gemini(sent)
    assert view["text"] == "".join(f'Fact "{i}"\u2028. ' for i in range(40))
    uris = [
        grounding.web.uri
        for chunk in gemini_chunks(sent)
        for candidate in chunk.candidates or []
        if candidate.grounding_metadata is not None
        for grounding in candidate.grounding_metadata.grounding_chunks or []
        if grounding.web is not None
    ]
    assert uris == [f'https://e.com/{i}?q="\u00e9"' for i in range(40)]


def _python_calls(run: Any) -> int:
    """How many Python functions ``run`` calls."""
    count = 0

    def hook(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(hook)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


def test_a_citation_beside_held_text_is_not_made_a_part() -> None:
    """Red team 39 F07: a cited answer's every citation comes between two text deltas; the writer
    kept its held text as a part and cleared a chunk for it (~8 Python calls a citation, 1.9x the
    floor to Gemini). Now the citation waits beside the held text: a pair of text and citation
    costs the calls of the text's chunk and its groundingMetadata alone."""
    writer = StreamWriter()
    writer.feed(lc.StreamStartEvent(id="resp-1", model="gemini-x"))
    writer.write_text(0, "Intro. ")
    cite = _delta(lc.CitationDelta(part_index=0, url="https://e.x/0", title="t", text="c"))
    writer.feed(cite)
    writer.write_text(0, "claim. ")  # (the templates made)

    def pair() -> None:
        writer.feed(cite)
        writer.write_text(0, "claim. ")

    assert _python_calls(pair) <= 8


def test_citations_between_unflushed_text_deltas_are_read_by_google_genai() -> None:
    """The held-text path (no flush between the deltas, as a whole input chunk translates): each
    citation on the chunk after it, as google-genai reads them, the text whole."""
    writer = StreamWriter()
    out = [writer.feed(lc.StreamStartEvent(id="resp-1", model="gemini-x"))]
    out.append(writer.write_text(0, "Intro. "))
    for i in range(30):
        cite = lc.CitationDelta(part_index=0, url=f"https://e.com/{i}", title="P", text=f"c{i}")
        out.append(writer.feed(_delta(cite)))
        out.append(writer.write_text(0, f"claim {i}. "))
    out.append(writer.feed(lc.StreamEndEvent(finish_reason="stop")))
    written = b"".join(out)
    assert _check(written) == 30
    assert sdk_gemini(written)["text"] == "Intro. " + "".join(f"claim {i}. " for i in range(30))
    uris = [
        grounding.web.uri
        for chunk in gemini_chunks(written)
        for candidate in chunk.candidates or []
        if candidate.grounding_metadata is not None
        for grounding in candidate.grounding_metadata.grounding_chunks or []
        if grounding.web is not None
    ]
    assert uris == [f"https://e.com/{i}" for i in range(30)]
