"""What a gateway sends on as it came, by rule (red team 34's "Left" items, documented in README's
gateway section and docs/writers.md, rtleft24): these tests hold the documented behaviour, so a
change to it comes with a change to the docs.

- A Chat or Responses client's function name outside ``^[a-zA-Z0-9_-]{1,64}$`` (``server.tool``)
  goes to Anthropic as sent: the renaming pass runs from a Gemini client and toward Gemini only
  (``providers/_tool_names.py``); OpenAI itself refuses such a body.
- An Anthropic client's tool name of 65-128 characters goes to Chat as sent.
- A tool result holding an image goes to Gemini as ``functionResponse.parts``, whatever the model.
- An Anthropic ``pause_turn`` reaches a client of another dialect as the plain stop (lm15 reads it
  as ``tool_call`` with no call); a gateway that continues paused turns reads the backend's end in
  the end event's ``provider_data`` (the ``message_delta``) or the Response's (the body)."""

from __future__ import annotations

import json
from typing import Any

import lmcodec as lc

SCHEMA = {"type": "object", "properties": {}}
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="


def _sent(src: str, dst: str, body: dict[str, Any], model: str) -> Any:
    return json.loads(lc.translate_request(src, dst, json.dumps(body).encode(), model=model).body)


def test_a_chat_clients_dotted_tool_name_goes_to_anthropic_as_sent() -> None:
    tool = {"type": "function", "function": {"name": "server.tool", "parameters": SCHEMA}}
    chat = {"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}], "tools": [tool]}
    assert _sent("openai_chat", "anthropic", chat, "claude-sonnet-4-5")["tools"][0]["name"] == "server.tool"


def test_a_long_anthropic_tool_name_goes_to_chat_as_sent() -> None:
    name = "t" * 100
    body = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 10,
        "messages": [{"role": "user", "content": "hi"}],
        "tools": [{"name": name, "input_schema": SCHEMA}],
    }
    assert _sent("anthropic", "openai_chat", body, "gpt-4.1")["tools"][0]["function"]["name"] == name


def test_a_tool_result_image_goes_to_gemini_as_function_response_parts() -> None:
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
    body = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 10,
        "messages": [
            {"role": "user", "content": "hi"},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "toolu_1", "name": "shot", "input": {}}],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [image]}],
            },
        ],
        "tools": [{"name": "shot", "input_schema": SCHEMA}],
    }
    answer = _sent("anthropic", "gemini", body, "gemini-2.5-flash")["contents"][2]["parts"][0][
        "functionResponse"
    ]
    assert answer["parts"] == [{"inlineData": {"mimeType": "image/png", "data": PNG}}]


_MESSAGE = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5",
    "content": [],
    "stop_reason": None,
    "stop_sequence": None,
    "usage": {"input_tokens": 3, "output_tokens": 1},
}
_PAUSED_END = {"type": "message_delta", "delta": {"stop_reason": "pause_turn", "stop_sequence": None}}
PAUSED_STREAM = b"".join(
    f"event: {frame['type']}\ndata: {json.dumps(frame)}\n\n".encode()
    for frame in (
        {"type": "message_start", "message": _MESSAGE},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Searching"}},
        {"type": "content_block_stop", "index": 0},
        _PAUSED_END | {"usage": {"output_tokens": 5}},
        {"type": "message_stop"},
    )
)
PAUSED_BODY = json.dumps(
    _MESSAGE | {"content": [{"type": "text", "text": "Searching"}], "stop_reason": "pause_turn"}
).encode()


def test_a_paused_anthropic_turn_is_a_plain_stop_elsewhere_and_readable_at_its_end() -> None:
    chat = b"".join(lc.stream.translate("anthropic", "openai_chat", [PAUSED_STREAM]))
    assert b'"finish_reason":"stop"' in chat
    assert b'"finishReason":"STOP"' in b"".join(lc.stream.translate("anthropic", "gemini", [PAUSED_STREAM]))
    end = list(lc.stream.decode("anthropic", [PAUSED_STREAM]))[-1]
    assert isinstance(end, lc.StreamEndEvent) and end.finish_reason == "tool_call"
    assert end.provider_data is not None and end.provider_data["delta"]["stop_reason"] == "pause_turn"
    response = lc.decode_response("anthropic", PAUSED_BODY)
    assert response.provider_data is not None and response.provider_data["stop_reason"] == "pause_turn"
    assert (
        json.loads(lc.translate_response("anthropic", "openai_chat", PAUSED_BODY))["choices"][0][
            "finish_reason"
        ]
        == "stop"
    )
