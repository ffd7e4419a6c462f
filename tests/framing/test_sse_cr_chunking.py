"""A blank line ended by a ``\\r`` completes its event at that ``\\r`` at any chunking (red team 10,
F01): the bulk framer (``feed_data``) hands each event over at the feed the line-by-line framer
(``feed``) hands it over at, with CRLF, CR and mixed line ends, a chunk cut between a blank line's
``\\r`` and its ``\\n`` included; a stream decoder's events and failure are those of the body given
whole."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.errors import DecodeError
from lmcodec.framing.sse import SSEDecoder

from ..budget import examples

_CHAT_GOOD = b'{"choices":[{"index":0,"delta":{"content":"Hi"}}]}'
_CHAT_BAD = b'{"choices":['


def _per_feed_bulk(chunks: list[bytes]) -> list[list[bytes]]:
    """What ``feed_data`` returns for each chunk, then ``close_data`` (the frames before an error,
    then the error's text)."""
    framer = SSEDecoder()
    out: list[list[bytes]] = []
    try:
        for chunk in chunks:
            out.append(framer.feed_data(chunk))
        out.append(framer.close_data())
    except DecodeError as exc:
        out.append([*framer.frames_before_error(), str(exc).encode()])
    return out


def _per_feed_lines(chunks: list[bytes]) -> list[list[bytes]]:
    """The same by the line-by-line framer (``feed``/``close``)."""
    framer = SSEDecoder()
    out: list[list[bytes]] = []
    try:
        for chunk in chunks:
            out.append([e.data for e in framer.feed(chunk)])
        out.append([e.data for e in framer.close()])
    except DecodeError as exc:
        out.append([*(e.data for e in framer.events_before_error()), str(exc).encode()])
    return out


def _decoded(chunks: list[bytes]) -> tuple[list[lc.StreamEvent], str | None]:
    """A Chat stream's events and the error it ends in."""
    events: list[lc.StreamEvent] = []
    try:
        for event in lc.stream.decode("openai_chat", chunks):
            events.append(event)
    except lc.StreamDecodeError as exc:
        return events, str(exc)
    return events, None


@st.composite
def _streams(draw: st.DrawFn) -> bytes:
    """SSE bodies of Chat frames (some malformed), comments and event lines, whose line ends are
    all CRLF, all CR, or mixed, the last event maybe without its blank line."""
    style = draw(st.sampled_from(["crlf", "cr", "mixed"]))
    eols = {"crlf": [b"\r\n"], "cr": [b"\r"], "mixed": [b"\r\n", b"\r", b"\n"]}[style]
    out: list[bytes] = []
    prev = b"\n"

    def line(text: bytes) -> None:
        nonlocal prev
        eol = draw(st.sampled_from(eols))
        if text == b"" and prev == b"\r" and eol != b"\r":
            eol = b"\r"  # "\r" then "\n" would be one CRLF line end, not a blank line
        out.append(text + eol)
        prev = eol

    count = draw(st.integers(1, 5))
    for k in range(count):
        if draw(st.booleans()):
            line(b": keep-alive")
        if draw(st.booleans()):
            line(b"event: chunk")
        line(b"data: " + draw(st.sampled_from([_CHAT_GOOD, _CHAT_GOOD, _CHAT_BAD])))
        if k < count - 1 or draw(st.booleans()):
            line(b"")
    return b"".join(out)


def _cut(body: bytes, cuts: list[int]) -> list[bytes]:
    edges = [0, *sorted({c % (len(body) + 1) for c in cuts}), len(body)]
    return [body[a:b] for a, b in itertools.pairwise(edges)]


def _cuts_after_each_cr(body: bytes) -> list[bytes]:
    """The body cut right after every ``\\r``: a blank line's ``\\n`` always comes in the next chunk."""
    return [piece + b"\r" for piece in body.split(b"\r")[:-1]] + [body.rsplit(b"\r", 1)[-1]]


def test_the_event_comes_at_the_feed_of_its_blank_lines_cr() -> None:
    # (red team 10's reproducer: held until close() before)
    frame = b"data: " + _CHAT_GOOD
    framer = SSEDecoder()
    assert framer.feed_data(frame + b"\r\n\r") == [_CHAT_GOOD]
    assert framer.feed_data(b"\n" + frame + b"\r\n\r") == [_CHAT_GOOD]
    assert framer.feed_data(b"\n") == []
    assert framer.close_data() == []
    gemini = b'data: {"candidates":[{"content":{"parts":[{"text":"Hi"}],"role":"model"}}]}'
    cut, whole = lc.stream.Decoder("gemini"), lc.stream.Decoder("gemini")
    assert cut.feed(gemini + b"\r\n\r") == whole.feed(gemini + b"\r\n\r\n")
    assert [type(e).__name__ for e in whole.feed(gemini + b"\r\n\r\n")] == ["StreamDeltaEvent"]
    assert [type(e).__name__ for e in cut.feed(b"\n" + gemini + b"\r\n\r")] == ["StreamDeltaEvent"]


def test_cr_framing_hands_over_an_event_in_the_chunk_that_ends_it() -> None:
    framer = SSEDecoder()
    assert framer.feed_data(b"data: 1\r\rdata: 2\r\r") == [b"1", b"2"]
    assert framer.feed_data(b"data: 3\r\n\r\ndata: 4\r\n\r") == [b"3", b"4"]
    assert framer.feed_data(b"\ndata: 5\r") == []
    assert framer.feed_data(b"\r") == [b"5"]


def test_a_malformed_last_frame_fails_alike_when_its_lf_comes_late() -> None:
    body = b"\r\ndata: " + _CHAT_GOOD + b"\r\n\r\ndata: " + _CHAT_BAD + b"\r\n\r\n"
    whole = _decoded([body])
    assert whole[1] is not None and "SSE event #1" in whole[1]
    assert _decoded([body[:-1], body[-1:]]) == whole  # no error before (read as a cut stream)
    assert _decoded([body[i : i + 1] for i in range(len(body))]) == whole


@settings(max_examples=examples(300), deadline=None)
@given(body=_streams(), cuts=st.lists(st.integers(0, 1000), max_size=8))
def test_bulk_framing_matches_line_framing_feed_by_feed(body: bytes, cuts: list[int]) -> None:
    for chunks in (_cut(body, cuts), _cuts_after_each_cr(body), [body[i : i + 1] for i in range(len(body))]):
        assert _per_feed_bulk(chunks) == _per_feed_lines(chunks)


@settings(max_examples=examples(150), deadline=None)
@given(body=_streams())
def test_every_two_chunk_cut_decodes_as_the_whole_body(body: bytes) -> None:
    whole = _decoded([body])
    for at in range(len(body) + 1):
        chunks = [body[:at], body[at:]]
        assert _per_feed_bulk(chunks) == _per_feed_lines(chunks), at
        assert _decoded(chunks) == whole, at
    assert _decoded(_cuts_after_each_cr(body)) == whole
