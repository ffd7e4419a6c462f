"""``_whole.common_events``: the two commonest body shapes cut by bytes operations, against the framers.

A body of events of one ``data: `` line each (LF line ends) is cut without the framer's bulk regular
expressions; what it gives must be what every framer of the registry gives for the same body (and
what the bulk path gives), for bodies drawn near that shape: separators doubled or missing, stray
``\\n``/``\\r``, values that start with white space or are empty or hold the separator's text,
``event:`` lines among the events.
"""

from __future__ import annotations

from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.framing._sse_fields import whole_body_events
from lmcodec.providers import FRAMERS
from lmcodec.stream._whole import common_events, whole_body

from ..budget import examples
from ..corpus import CORPUS, needs_corpus

_PIECES = st.sampled_from(
    [
        b"a",
        b"{",
        b"}",
        b'"x"',
        b" ",
        b"\t",
        b"\x0b",
        b"\x0c",
        b"\x1c",
        b"\x85",
        b"\xc2\xa0",
        b"\xff",
        b"\x00",
        b"\n",
        b"\r",
        b"\n\n",
        b"\ndata: ",
        b"\n\nevent:",
        b"\n\nevent:{",
        b"data: ",
        b"data:",
        b"event:",
        b"[DONE]",
    ]
)
_TEXT = st.lists(_PIECES, max_size=6).map(b"".join)
_VALUE = st.one_of(_TEXT, _TEXT.map(lambda t: b"{" + t), st.just(b'{"a":1}'))
_EVENT = st.one_of(
    st.tuples(_VALUE).map(lambda v: b"data: " + v[0] + b"\n\n"),
    st.tuples(_TEXT, _VALUE).map(lambda nv: b"event:" + nv[0] + b"\ndata: " + nv[1] + b"\n\n"),
    st.tuples(_TEXT, _VALUE).map(lambda nv: b"event: " + nv[0] + b"\ndata: " + nv[1] + b"\n\n"),
    _TEXT.map(lambda t: b"event: " + t + b"\n\n"),
    _TEXT,
)


def _framed(provider: str, body: bytes) -> Any:
    framer = FRAMERS[provider]()
    try:
        return framer.feed_data(body) + framer.close_data()
    except lc.DecodeError as exc:
        return ("DecodeError", str(exc))


def _check(body: bytes) -> None:
    events = common_events(body)
    if events is None:
        return
    assert events == whole_body_events(body)
    for provider in FRAMERS:
        assert _framed(provider, body) == events, provider


@settings(max_examples=examples(2000), deadline=None)
@given(st.lists(_EVENT, min_size=1, max_size=5), st.sampled_from([b"", b"\n", b"\n\n", b"x"]))
@example([b'data: {"a":1}\n\n', b"data: [DONE]\n\n"], b"")
@example([b'event: a\ndata: {"a":1}\n\n', b'event: b\ndata: {"b":2}\n\n'], b"")
@example([b"event: a\n\n", b'event: b\ndata: {"b":2}\ndata: {"c":3}\n\n'], b"")
@example([b'event: a\ndata: {"a":1}\n\nevent:{x}\n\n', b'event: b\ndata: {"b":2}\n\n'], b"")
@example([b"data: \x1c{}\n\n"], b"")
@example([b"data: \xc2\xa0{}\n\n"], b"")
def test_the_common_shapes_are_cut_as_every_framer_cuts_them(events: list[bytes], tail: bytes) -> None:
    _check(b"".join(events) + tail)


def test_the_common_shapes_are_taken() -> None:
    """What the cut takes (the test above proves what it gives is right), and near misses it leaves."""
    chat = b'data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n'
    named = b'event: a\ndata: {"a":1}\n\nevent:b\ndata: {"b":2}\n\n'
    assert common_events(chat) == [b'{"a":1}', b'{"b":2}', b"[DONE]"]
    for near in (
        chat.replace(b"\n", b"\r\n"),  # CRLF
        chat[:-1],  # unfinished
        chat.replace(b"data: [", b"data:["),  # no space
        chat.replace(b"data: [", b"data:  ["),  # white space first
        b"data: {}\n\n\ndata: {}\n\n",  # a blank line more
        b": c\n\n" + chat,  # a comment first
        chat.replace(b'data: {"b', b'event: b\ndata: {"b'),  # an event: line
        chat.replace(b'{"b":2}', b'{"b":2}\ndata: {"c":3}'),  # two data lines
        b"data: \n\n" + chat,  # an empty value
        named,  # (Anthropic's and Responses' shape: the framer's bulk paths)
    ):
        assert common_events(near) is None, near
        _check(near)


@needs_corpus
def test_the_corpus_bodies_are_cut_as_every_framer_cuts_them() -> None:
    """Every SSE body of the corpus that the cut takes (Chat's and Gemini's SSE bodies) is cut as the
    framers cut it, and whole_body gives the same frames."""
    taken = 0
    for path in sorted((CORPUS / "lm15-contract" / "bodies").glob("*/*.txt")):
        body = path.read_bytes()
        events = common_events(body)
        if events is None:
            continue
        taken += 1
        assert whole_body(body) == events, path
        _check(body)
    assert taken >= 5
