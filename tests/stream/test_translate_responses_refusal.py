"""A Responses backend's streamed refusal through ``stream.translate`` (red team 20 F04).

OpenAI streams a refusal as a message item whose content part is ``refusal``
(``response.content_part.added``, ``response.refusal.delta`` / ``.done``). lm15's Responses stream
adapter reads the fragments as text, and so do lmcodec's decode and assemble; but the translator
handed them on as text too, so a Chat client read the refusal as ``message.content`` and an
Anthropic client as an ``end_turn`` answer, where the same response as a body reaches them as a
refusal (Chat ``message.refusal``, Anthropic ``stop_reason: "refusal"``). Translate now writes it as
each dialect writes a RefusalPart, as it does for a Chat source (``test_translate_chat_refusal.py``).
The SDKs' accumulators read each stream."""

from __future__ import annotations

import json
from typing import Any

import lmcodec as lc

from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .test_translate_chat_refusal import _chat_message, _responses_output
from .write_support import REQUEST

REFUSAL = "I can't help with that."
_ITEM: dict[str, Any] = {"type": "message", "id": "msg_1", "role": "assistant"}
_PART = {"type": "refusal", "refusal": REFUSAL}
_DONE_ITEM = {**_ITEM, "status": "completed", "content": [_PART]}
_RESPONSE: dict[str, Any] = {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5"}
_USAGE = {
    "input_tokens": 10,
    "input_tokens_details": {"cached_tokens": 0},
    "output_tokens": 5,
    "output_tokens_details": {"reasoning_tokens": 0},
    "total_tokens": 15,
}


def _event(frame: dict[str, Any]) -> bytes:
    return f"event: {frame['type']}\ndata: {json.dumps(frame)}\n\n".encode()


_AT = {"item_id": "msg_1", "output_index": 0, "content_index": 0}
STREAM = b"".join(
    _event(frame)
    for frame in (
        {"type": "response.created", "response": {**_RESPONSE, "status": "in_progress", "output": []}},
        {
            "type": "response.output_item.added",
            "output_index": 0,
            "item": {**_ITEM, "status": "in_progress", "content": []},
        },
        {"type": "response.content_part.added", **_AT, "part": {"type": "refusal", "refusal": ""}},
        {"type": "response.refusal.delta", **_AT, "delta": "I can't "},
        {"type": "response.refusal.delta", **_AT, "delta": "help with that."},
        {"type": "response.refusal.done", **_AT, "refusal": REFUSAL},
        {"type": "response.content_part.done", **_AT, "part": _PART},
        {"type": "response.output_item.done", "output_index": 0, "item": _DONE_ITEM},
        {
            "type": "response.completed",
            "response": {**_RESPONSE, "status": "completed", "output": [_DONE_ITEM], "usage": _USAGE},
        },
    )
)
BODY = json.dumps({**_RESPONSE, "status": "completed", "output": [_DONE_ITEM], "usage": _USAGE}).encode()


def _translated(dst: str) -> bytes:
    return b"".join(lc.stream.translate("openai", dst, [STREAM], request=REQUEST))


def _written(dst: str) -> dict[str, Any]:
    """The same response as a body, as the gateway's body path writes it."""
    written: dict[str, Any] = json.loads(
        lc.encode_response(dst, lc.decode_response("openai", BODY, request=REQUEST), usage_from="openai")
    )
    return written


def test_decode_and_assemble_keep_lm15s_reading() -> None:
    """lm15's Responses stream adapter reads ``response.refusal.delta`` as text."""
    response = lc.assemble(lc.stream.decode("openai", [STREAM], request=REQUEST))
    assert [type(p) for p in response.message.parts] == [lc.TextPart]
    assert response.message.parts[0].text == REFUSAL  # type: ignore[union-attr]


def test_chat_client_reads_the_refusal() -> None:
    choice = _chat_message(_translated("openai_chat"))
    assert choice.message.refusal == REFUSAL
    assert not choice.message.content
    assert _written("openai_chat")["choices"][0]["message"]["refusal"] == choice.message.refusal


def test_anthropic_client_reads_text_and_refusal_stop() -> None:
    view = sdk_anthropic(_translated("anthropic"))
    assert view["text"] == REFUSAL
    assert view["finish_reason"] == "content_filter"  # the SDK's stop_reason "refusal"
    body = _written("anthropic")
    assert body["stop_reason"] == "refusal" and body["content"] == [{"type": "text", "text": REFUSAL}]


def test_responses_client_reads_a_refusal_part() -> None:
    content = _responses_output(_translated("openai"))
    assert content == [_PART]
    assert [c for item in _written("openai")["output"] for c in item["content"]] == content


def test_gemini_client_reads_the_refusal_as_text() -> None:
    view = sdk_gemini(_translated("gemini"))
    assert view["text"] == REFUSAL
    assert view["finish_reason"] == "stop"
