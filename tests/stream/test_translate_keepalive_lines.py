"""A source's ``event: ping`` is a keep-alive as a line, as its framer reads it (framing/_sse_keepalive.py):
the same words inside a data line's text, in a chunk that wrote nothing (the line cut there), are not
one. The per-chunk scan of 58c3527 counted them anywhere in the bytes and wrote the client a
keep-alive the backend never sent."""

from __future__ import annotations

import json

import pytest

import lmcodec as lc
from lmcodec.stream._keepalive import KEEP_ALIVES

from .write_support import DIALECTS, REQUEST

_START = (
    b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message",'
    b'"role":"assistant","model":"claude-x","content":[],"usage":{"input_tokens":3,"output_tokens":1}}}\n\n'
    b'event: content_block_start\ndata: {"type":"content_block_start","index":0,'
    b'"content_block":{"type":"text","text":""}}\n\n'
)
_TEXT = "an SSE keep-alive reads\nevent: ping\ndata: {}"
_DELTA = (
    b"event: content_block_delta\ndata: "
    + json.dumps(
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": _TEXT}}
    ).encode()
    + b"\n\n"
)
_END = (
    b'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n'
    b'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},'
    b'"usage":{"output_tokens":2}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n'
)


@pytest.mark.parametrize("dst", DIALECTS)
def test_ping_words_in_a_text_are_no_keep_alive(dst: str) -> None:
    cut = _DELTA.index(b"event: ping") + len(b"event: ping")  # the chunk ends inside the data line
    chunks = [_START, _DELTA[:cut], _DELTA[cut:] + _END]
    written = list(lc.stream.translate("anthropic", dst, chunks, request=REQUEST))
    assert KEEP_ALIVES[dst] not in written
    read = lc.assemble(lc.stream.decode(dst, [b"".join(written)], request=REQUEST), request=REQUEST)
    assert read.message.parts == (lc.TextPart(_TEXT),)
