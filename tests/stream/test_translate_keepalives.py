"""A source's keep-alives reach the client (red team 21 F04). A backend working before its first
token sends keep-alives (Anthropic's ``event: ping``, a Chat server's ``: keep-alive`` comment);
``translate`` wrote nothing for them, so a gateway's client saw no bytes while the backend kept
the stream open, and an idle timeout cut it. Now each keep-alive in a chunk that wrote nothing
else is written as one of the destination's (``stream/_keepalive.py``), and every SDK reads the
stream as it reads it without them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.stream._keepalive import KEEP_ALIVES

from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .write_support import DIALECTS, REQUEST, sdk_read

_START = (
    b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message",'
    b'"role":"assistant","model":"claude-x","content":[],"usage":{"input_tokens":3,"output_tokens":1}}}\n\n'
)
_PING = b'event: ping\ndata: {"type": "ping"}\n\n'
_REST = (
    b'event: content_block_start\ndata: {"type":"content_block_start","index":0,'
    b'"content_block":{"type":"text","text":""}}\n\n'
    b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,'
    b'"delta":{"type":"text_delta","text":"Hello"}}\n\n'
    b'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n'
    b'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},'
    b'"usage":{"output_tokens":2}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n'
)
_CHAT_CHUNK = (
    b'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m-1","choices":'
    b'[{"index":0,"delta":{"role":"assistant","content":"Hello"},"finish_reason":null}]}\n\n'
)
_CHAT_END = (
    b'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m-1","choices":'
    b'[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
)
_SOURCES = {
    "anthropic": (_START, _PING, _REST),
    "openai_chat": (_CHAT_CHUNK, b": keep-alive\n\n", _CHAT_END),
}


def _read(dst: str, body: bytes) -> Any:
    if dst == "anthropic":
        return sdk_anthropic(body)["text"]
    if dst == "gemini":
        return sdk_gemini(body)["text"]
    return sdk_read(dst, body)["text"]


@pytest.mark.parametrize("src", sorted(_SOURCES))
@pytest.mark.parametrize("dst", DIALECTS)
def test_each_keep_alive_yields_the_destinations(src: str, dst: str) -> None:
    start, keep_alive, rest = _SOURCES[src]
    pulled = 0

    def chunks() -> Iterator[bytes]:
        nonlocal pulled
        for chunk in (start, *[keep_alive] * 1000, rest):
            pulled += 1
            yield chunk

    written = [(pulled, out) for out in lc.stream.translate(src, dst, chunks(), request=REQUEST)]
    by_keep_alive = {at: out for at, out in written if 2 <= at <= 1001}  # the chunk each yield answers
    assert sorted(by_keep_alive) == list(range(2, 1002))  # one yield for each keep-alive chunk
    assert set(by_keep_alive.values()) == {KEEP_ALIVES[dst]}
    assert len(written) in (1001, 1002, 1003)  # and the start's, the rest's, the close's, if any
    assert _read(dst, b"".join(out for _, out in written)) == "Hello"


@pytest.mark.parametrize("dst", DIALECTS)
def test_a_keep_alive_cut_byte_by_byte_is_one(dst: str) -> None:
    body = _START + _PING * 3 + b": keep-alive\r\n\r\n" + _REST
    chunks = [body[i : i + 1] for i in range(len(body))]
    written = list(lc.stream.translate("anthropic", dst, chunks, request=REQUEST))
    assert written.count(KEEP_ALIVES[dst]) == 4
    assert _read(dst, b"".join(written)) == "Hello"


def test_a_chunk_that_writes_content_writes_no_keep_alive() -> None:
    """A ping beside content: the content keeps the client alive, the bytes are the Encoder's."""
    body = _START + _PING + _REST
    for dst in DIALECTS:
        whole = b"".join(lc.stream.translate("anthropic", dst, [body], request=REQUEST))
        events = list(lc.stream.decode("anthropic", [body], request=REQUEST))
        assert whole.count(b": keep-alive") == 0
        if dst == "anthropic":
            assert whole.count(b"event: ping") == 1  # the writer's own, after message_start
        assert _read(dst, whole) == _read(dst, b"".join(lc.stream.encode(dst, events)))
