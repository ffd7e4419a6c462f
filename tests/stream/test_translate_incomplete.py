"""A Responses stream ended by ``response.incomplete`` reaches every client as its own truncation.

Red-team gateway F04: lm15 1.5.0's Responses stream adapter maps ``response.incomplete`` to nothing
(no end event), and lmcodec's decoder keeps that reading, so ``lc.stream.translate`` ended every such
stream (an answer cut at ``max_output_tokens``, or filtered) with an error event, Responses ->
Responses included, while the same response non-streamed reads as finish ``length`` /
``content_filter``; lmcodec's own Responses writer writes ``response.incomplete`` for those ends, so
chains through Responses failed too. ``translate`` now reads that last frame's response as lm15 reads
it whole (``decode_response``) and writes each dialect's truncation: Chat ``finish_reason: "length"``,
Anthropic ``stop_reason: "max_tokens"``, Gemini ``MAX_TOKENS``, Responses ``response.incomplete``.
``decode`` and ``assemble`` still read no end (lm15's reading).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from ..providers.provider_support import lm15_events, requests_for, sse_body
from .test_translate_finish import _body_finish, _stream_finish
from .write_support import DIALECTS, REQUEST, response_object, sdk_chat

_USAGE = {
    "input_tokens": 5,
    "output_tokens": 16,
    "total_tokens": 21,
    "input_tokens_details": {"cached_tokens": 0},
    "output_tokens_details": {"reasoning_tokens": 0},
}
_TEXT = "The answer is long and"


def _incomplete(reason: str) -> tuple[bytes, dict[str, Any]]:
    """A Responses stream cut for ``reason``, and its final response."""
    message = {"id": "msg_1", "type": "message", "role": "assistant", "status": "in_progress", "content": []}
    part = {"type": "output_text", "text": _TEXT, "annotations": []}
    done = dict(message, status="incomplete", content=[part])
    final = response_object("incomplete", incomplete_details={"reason": reason}, output=[done], usage=_USAGE)
    at = {"item_id": "msg_1", "output_index": 0, "content_index": 0}
    frames: list[dict[str, Any]] = [
        {"type": "response.created", "response": response_object("in_progress")},
        {"type": "response.output_item.added", "output_index": 0, "item": message},
        {"type": "response.content_part.added", **at, "part": dict(part, text="")},
        {"type": "response.output_text.delta", **at, "delta": _TEXT},
        {"type": "response.output_text.done", **at, "text": _TEXT},
        {"type": "response.content_part.done", **at, "part": part},
        {"type": "response.output_item.done", "output_index": 0, "item": done},
        {"type": "response.incomplete", "response": final},
    ]
    for number, frame in enumerate(frames):
        frame["sequence_number"] = number
    return sse_body(frames, events=[frame["type"] for frame in frames]), final


REASONS = {"max_output_tokens": "length", "content_filter": "content_filter"}
TRUNCATION = {
    "openai_chat": {"length": "length", "content_filter": "content_filter"},
    "anthropic": {"length": "max_tokens", "content_filter": "refusal"},
    "gemini": {"length": "MAX_TOKENS", "content_filter": "SAFETY"},
    "openai": {
        "length": ("incomplete", "max_output_tokens"),
        "content_filter": ("incomplete", "content_filter"),
    },
}


@pytest.mark.parametrize("reason", sorted(REASONS))
def test_decode_reads_no_end_as_lm15_does(reason: str) -> None:
    """The decode stays lm15's: no end event, and assemble refuses the stream (MAP-3)."""
    body, final = _incomplete(reason)
    events = list(lc.stream.decode("openai", [body], request=REQUEST))
    assert [e.type for e in events] == ["start", "delta"]
    lm15_request, request = requests_for()
    assert [e.type for e in lm15_events("openai", body, lm15_request)] == ["start", "delta"]
    with pytest.raises(lc.StreamAssemblyError, match="MAP-3"):
        lc.assemble(lc.stream.decode("openai", [body], request=request), request=request)
    assert lc.decode_response("openai", json.dumps(final).encode()).finish_reason == REASONS[reason]


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("reason", sorted(REASONS))
def test_a_cut_responses_stream_reaches_every_client_as_its_truncation(reason: str, dst: str) -> None:
    body, final = _incomplete(reason)
    out = b"".join(lc.stream.translate("openai", dst, [body], request=REQUEST))
    assert b"error" not in out.replace(b'"error":null', b"")
    finish = REASONS[reason]
    assert _stream_finish(dst, out) == TRUNCATION[dst][finish]
    whole = lc.encode_response(dst, lc.decode_response("openai", json.dumps(final).encode()))
    assert _stream_finish(dst, out) == _body_finish(dst, whole)
    if dst == "openai_chat":
        view = sdk_chat(out)
        assert (view["text"], view["usage"]) == (_TEXT, (5, 16, 21))


def test_responses_to_responses_passes_the_incomplete_response_through() -> None:
    body, final = _incomplete("max_output_tokens")
    out = b"".join(lc.stream.translate("openai", "openai", [body], request=REQUEST))
    last = out.rstrip().split(b"\n")[-1]
    assert last.startswith(b"data: ")
    written = json.loads(last[6:])
    assert written["type"] == "response.incomplete"
    assert written["response"] == final


@pytest.mark.parametrize("dst", DIALECTS)
def test_a_truncated_answer_crosses_a_chain_through_responses(dst: str) -> None:
    """Chat ``length`` -> Responses (written as ``response.incomplete``) -> every dialect."""
    chunks = [
        {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [choice]}
        for choice in (
            {"index": 0, "delta": {"role": "assistant", "content": "cut"}, "finish_reason": None},
            {"index": 0, "delta": {}, "finish_reason": "length"},
        )
    ]
    chat = sse_body([*chunks, "[DONE]"])
    hop = b"".join(lc.stream.translate("openai_chat", "openai", [chat], request=REQUEST))
    out = b"".join(lc.stream.translate("openai", dst, [hop], request=REQUEST))
    assert _stream_finish(dst, out) == TRUNCATION[dst]["length"]


def test_a_responses_stream_cut_short_still_ends_with_an_error_event() -> None:
    """Only the incomplete response is read: a stream that just stops is still not a whole one."""
    body, _ = _incomplete("max_output_tokens")
    cut = body[: body.index(b"event: response.incomplete")]
    out = b"".join(lc.stream.translate("openai", "openai_chat", [cut], request=REQUEST))
    assert b'"error"' in out and b"without an end event" in out


@pytest.mark.parametrize("done", [False, True], ids=["last", "then-done"])
@pytest.mark.parametrize("size", [0, 1, 9, 200])
def test_the_incomplete_response_is_read_at_every_chunking(size: int, done: bool) -> None:
    """The frame is found however the body is cut, also with a ``[DONE]`` after it."""
    body, _ = _incomplete("max_output_tokens")
    body += b"data: [DONE]\n\n" if done else b""
    pieces = [body[i : i + size] for i in range(0, len(body), size)] if size else [body]
    out = b"".join(lc.stream.translate("openai", "openai_chat", pieces, request=REQUEST))
    assert _stream_finish("openai_chat", out) == "length"
