"""Gemini's framer told SSE by the body's first byte (``Framer.feed_data``: a first byte that is no
byte order mark, blank or ``[`` goes to the SSE framer at once) against the full sniff (the byte
order mark, the blanks and the JSON array looked for): the same frames, or the same failure, for
any body in any chunking, stream after stream."""

from __future__ import annotations

from typing import Any
from unittest import mock

from hypothesis import example, given, settings
from hypothesis import strategies as st

from lmcodec.providers.gemini import framing
from lmcodec.providers.gemini.framing import Framer, KeepAliveFramer

from ..budget import examples

_BOM = b"\xef\xbb\xbf"
_STARTS = st.sampled_from(
    [
        b"data: ",
        b"data:",
        b": ping\n\n",
        b"event: x\n",
        b"\n",
        b"\r\n",
        b" ",
        b"[",
        _BOM,
        _BOM[:1],
        b"x",
        b"{",
    ]
)
_RESTS = st.sampled_from(
    [b'{"a": 1}\n\n', b'{"a": 1}\r\n\r\ndata: {"b": 2}\r\n\r\n', b'{"a": 1}]', b"data: 1\n\n", b"", b"\n\n"]
)


def _framed(framer: Any, bodies: list[list[bytes]]) -> list[Any]:
    """The frames of each body fed in its pieces (then closed), or the failure that stops it."""
    out: list[Any] = []
    try:
        for pieces in bodies:
            for piece in pieces:
                out.append(framer.feed_data(piece))
            out.append(framer.close_data())
    except Exception as exc:  # the outcome compared: the class and message
        out.append(f"{type(exc).__name__}: {exc}")
    return out


def _pieces(body: bytes, cuts: list[int], as_view: bool) -> list[Any]:
    at = sorted({min(c, len(body)) for c in cuts})
    pieces = [body[a:b] for a, b in zip([0, *at], [*at, len(body)], strict=True)]
    return [memoryview(p) for p in pieces] if as_view else pieces


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(
        st.tuples(_STARTS, _RESTS, st.lists(st.integers(0, 60), max_size=3), st.booleans()),
        min_size=1,
        max_size=3,
    ),
    st.sampled_from([Framer, KeepAliveFramer]),
)
@example([(b"data: ", b'{"a": 1}\n\n', [], False)], Framer)
@example([(_BOM[:1], b"data: 1\n\n", [1], False)], Framer)
def test_the_first_byte_tells_sse_as_the_full_sniff_does(bodies: Any, framer_cls: Any) -> None:
    cut = [_pieces(start + rest, cuts, as_view) for start, rest, cuts, as_view in bodies]
    fast = _framed(framer_cls(), cut)
    with mock.patch.object(framing, "_NOT_SSE_FIRST", frozenset(range(256))):  # every byte sniffed
        full = _framed(framer_cls(), cut)
    assert fast == full


def test_an_sse_body_skips_the_sniff() -> None:
    """The common body: decided by its first byte, the byte order mark and blanks not looked for."""
    framer = Framer()
    with mock.patch.object(framing, "_BOM", None):  # (the full sniff would fail on it)
        assert framer.feed_data(b'data: {"a": 1}\n\n') == [b'{"a": 1}']
    assert framer.close_data() == []
