"""The keep-alives the counting framers hand to stream.translate (framing/_sse_keepalive.py, Gemini's
KeepAliveFramer) are exactly those the per-chunk scan of red team 21 F04 counted (``KeepAlivesOracle``
below, stream/_keepalive.py's ``KeepAlives`` as it was at 58c3527), chunk by chunk, for random
streams with comment lines and ping events anywhere, LF, CRLF or CR line ends, any chunking, and
chunks whose count is wanted or not; and they frame as the framers that count nothing."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.framing._sse_keepalive import KeepAliveSSEDecoder
from lmcodec.framing.sse import SSEDecoder
from lmcodec.providers.gemini.framing import Framer, KeepAliveFramer

from ..budget import examples

_KEPT = len(b"event: ping") - 1


class KeepAlivesOracle:
    """stream/_keepalive.KeepAlives at 58c3527: each chunk's bytes scanned, with the end of the one before."""

    def __init__(self, pings: bool) -> None:
        self._pings = pings
        self._tail = b"\n"

    def count(self, chunk: bytes, wanted: bool) -> int:
        tail = self._tail
        if not wanted:
            end = chunk[-_KEPT:]
            self._tail = end if len(end) == _KEPT else (tail + end)[-_KEPT:]
            return 0
        data = tail + chunk
        self._tail = data[-_KEPT:]
        comments = data.count(b"\n:") - tail.count(b"\n:")
        if b"\r" in data:
            comments += data.count(b"\r:") - tail.count(b"\r:")
        return comments + data.count(b"event: ping") if self._pings else comments


def _counted(framer: KeepAliveSSEDecoder | KeepAliveFramer, wanted: bool) -> int:
    """What stream.translate reads after a chunk: nothing left to count, or the count."""
    count = framer.keep_alive_count
    return count.keep_alives(wanted) if count.unscanned else 0


# Values with colons, spaces, "event" and "ping" (never "event: ping": a data line is not a ping)
_TEXT = st.text(alphabet='ab :{}evntpig"', max_size=12).filter(lambda t: "event: ping" not in t)
_COMMENT = st.sampled_from([b":", b": keep-alive", b":ping", b": event: pin"])


@st.composite
def _event(draw: st.DrawFn, pings: bool) -> list[bytes]:
    """One event's lines (no line ends), or a block of comment lines only."""
    kind = draw(
        st.sampled_from(["data", "data", "ping", "comments"] if pings else ["data", "data", "comments"])
    )
    if kind == "comments":
        return draw(st.lists(_COMMENT, min_size=1, max_size=3))
    head: list[bytes] = []
    for _ in range(draw(st.integers(0, 3))):
        head.append(
            draw(
                st.one_of(
                    _COMMENT,
                    st.sampled_from([b"event: message", b"id: 7", b"retry: 10", b"event:delta"]),
                )
            )
        )
    if kind == "ping":
        head.insert(draw(st.integers(0, len(head))), b"event: ping")
        data = [b'data: {"type": "ping"}']
    else:
        data = [b"data: " + json.dumps({"t": draw(_TEXT)}).encode() for _ in range(draw(st.integers(1, 2)))]
    return head + data + draw(st.lists(_COMMENT, max_size=1))


@st.composite
def _stream(draw: st.DrawFn, pings: bool) -> tuple[bytes, list[int]]:
    """An SSE body and the offsets its events end at."""
    end = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    body = b""
    ends = []
    for lines in draw(st.lists(_event(pings), max_size=8)):
        body += end.join(lines) + end + end
        ends.append(len(body))
    return body, ends


@st.composite
def _chunks(draw: st.DrawFn, body: bytes, ends: list[int]) -> list[bytes]:
    """``body`` cut at some of its event ends and at random offsets."""
    cuts = {at for at in ends if draw(st.booleans())}
    cuts |= set(draw(st.lists(st.integers(1, max(len(body) - 1, 1)), max_size=6)))
    edges = [0, *sorted(at for at in cuts if 0 < at < len(body)), len(body)]
    return [body[a:b] for a, b in pairwise(edges) if b > a]


def _check(
    framer: KeepAliveSSEDecoder | KeepAliveFramer,
    plain: SSEDecoder | Framer,
    pings: bool,
    chunks: list[bytes],
    wanted: list[bool],
) -> None:
    oracle = KeepAlivesOracle(pings)
    for i, chunk in enumerate(chunks):
        want = wanted[i % len(wanted)]
        assert framer.feed_data(chunk) == plain.feed_data(chunk)
        assert _counted(framer, want) == oracle.count(chunk, want), (i, chunks)
    assert framer.close_data() == plain.close_data()


@settings(max_examples=examples(800), deadline=None)
@given(st.data(), st.booleans(), st.lists(st.booleans(), min_size=1, max_size=5))
def test_sse_count_is_the_per_chunk_scans(data: st.DataObject, pings: bool, wanted: list[bool]) -> None:
    body, ends = data.draw(_stream(pings))
    chunks = data.draw(_chunks(body, ends))
    _check(KeepAliveSSEDecoder(pings=pings), SSEDecoder(), pings, chunks, wanted)


def test_one_event_a_chunk_leaves_nothing_to_scan() -> None:
    """The common shape (a transport handing over one event at a time) costs no scan."""
    framer = KeepAliveSSEDecoder(pings=True)
    for chunk in (
        b'event: message_start\ndata: {"a":1}\n\n',
        b'data: {"b":2}\r\n\r\n',
        b"id: 1\ndata: {}\n\n",
    ):
        assert framer.feed_data(chunk)
        assert framer.unscanned == []
    assert framer.feed_data(b'event: ping\ndata: {"type": "ping"}\n\n')
    assert framer.keep_alives(True) == 1


@pytest.mark.parametrize(
    "event",
    [
        b":\ndata:x\n\n",  # the shortest heads, near the length of an event of one data line alone
        b":\ndata: x\n\n",
        b"e\ndata: x\n\n",
        b":\r\ndata:x\r\n\r\n",
        b"data: x\r\n\r\n",
        b"id: 1\n:\ndata: x\n\n",
        b"event: ping\ndata: {}\n\n",
        b"id: 1\nevent: ping\ndata: {}\n\n",
        b"id: 1\r\nevent: ping\r\ndata: {}\r\n\r\n",
        b"event: pong\n: ping\ndata: a\ndata: b\n\n",
    ],
)
@pytest.mark.parametrize("pings", [False, True])
def test_each_event_fed_alone_is_the_per_chunk_scans(event: bytes, pings: bool) -> None:
    _check(KeepAliveSSEDecoder(pings=pings), SSEDecoder(), pings, [event, event], [True])


@settings(max_examples=examples(300), deadline=None)
@given(st.data(), st.lists(st.booleans(), min_size=1, max_size=5))
def test_gemini_sse_count_is_the_per_chunk_scans(data: st.DataObject, wanted: list[bool]) -> None:
    body, ends = data.draw(_stream(False))
    chunks = data.draw(_chunks(b"\n" + body, [at + 1 for at in ends]))  # (blank bytes first: sniffed)
    _check(KeepAliveFramer(), Framer(), False, chunks, wanted)


@st.composite
def _array(draw: st.DrawFn) -> bytes:
    """A Gemini JSON array body, white space (line ends too) before and after its colons."""
    ws = st.sampled_from([b"", b" ", b"\n", b"\r\n", b"\n "])
    items = []
    for _ in range(draw(st.integers(0, 4))):
        text = json.dumps(draw(_TEXT)).encode()
        items.append(b'{"text"' + draw(ws) + b":" + draw(ws) + text + b"}")
    return draw(ws) + b"[" + (b"," + draw(ws)).join(items) + b"]" + draw(ws)


@settings(max_examples=examples(300), deadline=None)
@given(st.data(), st.lists(st.booleans(), min_size=1, max_size=5))
def test_gemini_array_count_is_the_per_chunk_scans(data: st.DataObject, wanted: list[bool]) -> None:
    body = data.draw(_array())
    chunks = data.draw(_chunks(body, []))
    _check(KeepAliveFramer(), Framer(), False, chunks, wanted)
