"""The Gemini stream writer never ends a turn with a chunk whose content has no parts (red team 5
F16): google-genai's chat session (``client.chats``) counts a streamed turn with such a chunk as
invalid and leaves the whole exchange out of the history it sends next. A text answer that
arrives in several network chunks used to end with ``"parts": []``; it now ends with an empty
text part, as Gemini's own streams do, which every reader joins to the text before it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from google.genai import chats, types

import lmcodec as lc

BASE = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o"}


def _chat(*deltas: tuple[dict[str, Any], str | None]) -> bytes:
    rows = [dict(BASE, choices=[{"index": 0, "delta": d, "finish_reason": fin}]) for d, fin in deltas]
    return b"".join(b"data: " + json.dumps(r).encode() + b"\n\n" for r in rows) + b"data: [DONE]\n\n"


CALL = {"index": 0, "id": "c", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}
STREAMS = {
    "text": _chat(
        ({"role": "assistant", "content": "It is "}, None), ({"content": "sunny."}, None), ({}, "stop")
    ),
    "empty": _chat(({"role": "assistant", "content": ""}, None), ({}, "stop")),
    "reasoning": _chat(({"role": "assistant", "reasoning_content": "Hm."}, None), ({}, "stop")),
    "reasoning then text": _chat(
        ({"role": "assistant", "reasoning_content": "Hm."}, None), ({"content": "Yes."}, None), ({}, "stop")
    ),
    "call": _chat(({"role": "assistant", "tool_calls": [CALL]}, None), ({}, "tool_calls")),
    "text then call": _chat(
        ({"role": "assistant", "content": "Let me see."}, None),
        ({"tool_calls": [CALL]}, None),
        ({}, "tool_calls"),
    ),
}


def _pieces(body: bytes, size: int) -> list[bytes]:
    return [body[i : i + size] for i in range(0, len(body), size)]


def _chunks(out: bytes) -> list[types.GenerateContentResponse]:
    frames = [f for f in out.split(b"\r\n\r\n") if f.strip()]
    return [types.GenerateContentResponse.model_validate_json(f.removeprefix(b"data: ")) for f in frames]


@pytest.mark.parametrize("size", [7, 40, 10_000])
@pytest.mark.parametrize("name", list(STREAMS))
def test_every_chunk_is_one_google_genai_keeps_in_its_chat_history(name: str, size: int) -> None:
    body = STREAMS[name]
    out = b"".join(lc.stream.translate("openai_chat", "gemini", _pieces(body, size)))
    written = _chunks(out)
    assert written
    for chunk in written:
        assert chats._validate_response(chunk), chunk  # the SDK's own rule for its curated history
    assert written[-1].candidates and written[-1].candidates[0].finish_reason is not None
    source = lc.assemble(lc.stream.decode("openai_chat", [body]))
    back = lc.assemble(lc.stream.decode("gemini", [out]))
    assert back.message.parts == source.message.parts
    assert back.finish_reason == source.finish_reason


@pytest.mark.parametrize("name", list(STREAMS))
def test_the_encoder_fed_event_by_event_ends_with_a_part(name: str) -> None:
    events = list(lc.stream.decode("openai_chat", [STREAMS[name]]))
    encoder = lc.stream.Encoder("gemini")
    out = b"".join(encoder.feed(event) for event in events) + encoder.close()
    for chunk in _chunks(out):
        assert chats._validate_response(chunk), chunk
