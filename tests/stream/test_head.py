"""``HeadPeek`` (stream/_head.py) reads a stream's first data line at any chunking, looking at each
chunk's bytes once (red team 22 F02: it searched all it had seen again on every chunk, quadratic
in the chunks before that line), and reads a ``data:`` field at a line's start only, past pings and
comments (red team 22 F05)."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from lmcodec.stream._head import HeadPeek


def _fed(chunks: list[bytes]) -> HeadPeek:
    peek = HeadPeek()
    for chunk in chunks:
        if peek.done:
            break
        peek.feed(chunk)
    return peek


def _read(peek: HeadPeek) -> tuple[Any, ...]:
    return (peek.id, peek.model, peek.created, peek.start_usage)


def _reference(body: bytes) -> tuple[Any, ...]:
    """What the first data line at a line's start that is not a ping's says (read whole, by json)."""
    for line in re.split(rb"\r\n|\r|\n", body):
        if line.startswith(b"data:"):
            head = json.loads(line[5:])
            if head.get("type") == "ping":
                continue
            created = head.get("created")
            usage = head["message"]["usage"] if "message" in head else None
            ident, model = head.get("id") or None, head.get("model") or None  # ("": none named)
            return (ident, model, created if created >= 0 else None, usage)
    return (None, None, None, None)


def test_keep_alive_chunks_before_the_first_data_line_are_not_held() -> None:
    """Comment chunks (``:\\n``, a proxy's keep-alives) leave at most a line's first 5 bytes held, so
    no chunk makes the next one's search longer (58c3527 held, and searched again, all of them)."""
    peek = HeadPeek()
    for _ in range(10_000):
        peek.feed(b":\n")
        assert len(peek.seen) <= 5
    for byte in b": a long comment line read a byte at a time, data: in it too\n":
        peek.feed(bytes([byte]))
        assert len(peek.seen) <= 5
    peek.feed(b'data: {"id":"c1","model":"m"}\n')
    assert peek.done and (peek.id, peek.model) == ("c1", "m")


def test_a_ping_and_comments_before_the_message_start_are_passed_over() -> None:
    body = (
        b': data: a comment\n\nevent: ping\ndata: {"type": "ping"}\n\n'
        b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1",'
        b'"usage":{"input_tokens":9,"output_tokens":1}}}\n\n'
    )
    assert _fed([body]).start_usage == {"input_tokens": 9, "output_tokens": 1}


_HEADS = st.fixed_dictionaries(
    {
        "id": st.text(max_size=8),
        "model": st.text(max_size=8),
        "created": st.integers(-3, 2**40),
        "message": st.fixed_dictionaries(
            {"usage": st.fixed_dictionaries({"input_tokens": st.integers(0, 99)})}
        ),
    }
)
_BEFORE = st.lists(
    st.sampled_from(
        [
            b": keep-alive",
            b":",
            b": data: in a comment",
            b"event: ping",
            b'data: {"type":"ping"}',
            b"",
            b"retry: 100",
            b"id: data:",
            b"event: message_start",
        ]
    ),
    max_size=8,
)


@st.composite
def _streams(draw: st.DrawFn) -> tuple[bytes, list[bytes]]:
    end = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    head = json.dumps(draw(_HEADS)).encode()
    lines = [*draw(_BEFORE), b"data: " + head, b'data: {"id":"not this one","created":1}']
    body = end.join(lines) + end
    cuts = sorted(draw(st.lists(st.integers(0, len(body)), max_size=12)))
    chunks = [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)], strict=True)]
    return body, chunks


@given(_streams())
def test_any_chunking_reads_what_the_first_data_line_says(stream: tuple[bytes, list[bytes]]) -> None:
    """The whole body (the first chunk's ``find``, where its first ``data:`` starts a line), byte by
    byte (the line-by-line path alone) and cut anywhere read what the reference reads."""
    body, chunks = stream
    one_by_one = [body[i : i + 1] for i in range(len(body))]
    assert _read(_fed(chunks)) == _read(_fed([body])) == _read(_fed(one_by_one)) == _reference(body)
