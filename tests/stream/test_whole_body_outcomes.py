"""A body held whole (a list or tuple of chunks) decodes and assembles as the same chunks from a
generator do: the same events, or the same lc error after the same events.

The whole-body path (``stream/_whole.py``) frames such a body without a framer; these tests hold its
outcome equal to the chunk-by-chunk engine's on bodies built from the SSE lines real streams carry,
including bodies with no data event at all (a keep-alive and a closed connection).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))

# A few frames of each dialect: a delta, an end, and for those with one, a start.
FRAMES: dict[str, list[bytes]] = {
    "openai_chat": [
        b'{"id":"c1","model":"gpt-x","choices":[{"index":0,"delta":{"content":"Hi"}}]}',
        b'{"id":"c1","model":"gpt-x","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}',
    ],
    "openai": [
        b'{"type":"response.created","response":{"id":"r1","model":"gpt-x"}}',
        b'{"type":"response.output_text.delta","output_index":0,"content_index":0,"delta":"Hi"}',
        b'{"type":"response.completed","response":{"id":"r1","model":"gpt-x","status":"completed",'
        b'"output":[],"usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}}',
    ],
    "anthropic": [
        b'{"type":"message_start","message":{"id":"m1","model":"claude-x","usage":{"input_tokens":1}}}',
        b'{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}',
        b'{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}',
        b'{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}',
        b'{"type":"message_stop"}',
    ],
    "gemini": [
        b'{"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]}}],"modelVersion":"gem-x"}',
        b'{"candidates":[{"content":{"role":"model","parts":[{"text":"!"}]},"finishReason":"STOP"}],'
        b'"usageMetadata":{"promptTokenCount":1,"candidatesTokenCount":1},"modelVersion":"gem-x"}',
    ],
}
FIELD_LINES = [b": keep-alive", b"event: ping", b"retry: 1000", b"id: 7", b":", b"event: message"]
NO_DATA_BODIES = [b": keep-alive\n\n", b"event: ping\n\n", b"retry: 1000\r\n\r\n", b"id: 1\n:\n\n"]


def _outcome(run: Any) -> tuple[list[Any], str | None]:
    """The events a run yields, and the lc error it ends with (class and message), if any."""
    got: list[Any] = []
    try:
        got.extend(run())
    except lc.LmcodecError as exc:
        return got, f"{type(exc).__name__}: {exc}"
    return got, None


def _assembled(provider: str, chunks: Any, request: lc.Request | None) -> tuple[Any, str | None]:
    try:
        return lc.assemble(lc.stream.decode(provider, chunks, request=request), request=request), None
    except lc.LmcodecError as exc:
        return None, f"{type(exc).__name__}: {exc}"


def _check(provider: str, chunks: list[bytes], request: lc.Request | None) -> None:
    reference = _outcome(lambda: lc.stream.decode(provider, iter(chunks), request=request))
    for held in (list(chunks), tuple(chunks)):
        assert _outcome(lambda held=held: lc.stream.decode(provider, held, request=request)) == reference
    assert _assembled(provider, list(chunks), request) == _assembled(provider, iter(chunks), request)


@pytest.mark.parametrize("provider", sorted(FRAMES))
@pytest.mark.parametrize("body", NO_DATA_BODIES)
@pytest.mark.parametrize("with_request", [False, True])
def test_a_body_without_data_events_decodes_as_a_generator_of_it(
    provider: str, body: bytes, with_request: bool
) -> None:
    """A backend that sent only a keep-alive and closed: no events, and assembly reports the
    missing end (it raised a bare IndexError without a request)."""
    request = REQUEST if with_request else None
    _check(provider, [body], request)
    assert _outcome(lambda: lc.stream.decode(provider, [body], request=request)) == ([], None)


@st.composite
def _bodies(draw: st.DrawFn) -> tuple[str, list[bytes], bool]:
    provider = draw(st.sampled_from(sorted(FRAMES)))
    frames = FRAMES[provider]
    events: list[bytes] = []
    for _ in range(draw(st.integers(0, 6))):
        lines = draw(st.lists(st.sampled_from(FIELD_LINES), max_size=3))
        if draw(st.booleans()):
            space = draw(st.sampled_from([b"", b" "]))
            lines.insert(draw(st.integers(0, len(lines))), b"data:" + space + draw(st.sampled_from(frames)))
        if lines:
            events.append(b"\n".join(lines))
    newline = draw(st.sampled_from([b"\n", b"\r\n"]))
    body = b"".join(event.replace(b"\n", newline) + newline + newline for event in events)
    cuts = sorted(draw(st.lists(st.integers(0, len(body)), max_size=4)))
    chunks = [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)], strict=True)]
    return provider, chunks, draw(st.booleans())


@settings(max_examples=examples(300), deadline=None)
@given(_bodies())
def test_a_body_held_whole_decodes_as_a_generator_of_its_chunks(case: tuple[str, list[bytes], bool]) -> None:
    provider, chunks, with_request = case
    _check(provider, chunks, REQUEST if with_request else None)
