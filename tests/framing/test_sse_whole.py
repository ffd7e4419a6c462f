"""One SSE event matched whole (framing/_sse_whole.py): a chunk that cannot be one is refused
without the continued shape's match, the line framer's events otherwise."""

from __future__ import annotations

import pytest

from lmcodec.framing import _sse_whole
from lmcodec.framing.sse import SSEDecoder


def _refuse(chunk: bytes) -> None:
    raise AssertionError(f"the continued shape's match over {chunk!r}")


@pytest.mark.parametrize(
    "chunk", [b'data: {"candidat', b"data:", b"data: [DO", b'event: delta\ndata: {"a"', b"event: x"]
)
def test_a_chunk_without_its_line_end_is_refused_without_the_continued_match(
    monkeypatch: pytest.MonkeyPatch, chunk: bytes
) -> None:
    """The first chunk of a small read (Gemini's body cut at 16 bytes): its missing line end was read
    as a data line at its start, and two more matches walked it."""
    monkeypatch.setattr(_sse_whole, "_WHOLE_CONTINUED_EVENT", _refuse)
    assert _sse_whole.whole_event(chunk) is None
    lines = SSEDecoder()
    assert [e.data for e in lines.feed(chunk)] == []  # (what the line framer cuts from it: nothing)
