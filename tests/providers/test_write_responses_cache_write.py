"""``input_tokens_details.cache_write_tokens`` in a written Responses usage (red team 20 F06,
bigrows24's left item).

The installed openai SDK's ``InputTokensDetails`` requires ``cache_write_tokens``, and OpenAI sends
it in every Responses usage (``{"cache_write_tokens": 0, "cached_tokens": 0}`` in the corpus's
2026-09 capture; the April captures have ``cached_tokens`` alone). The writer writes the count the
source reported (OpenAI's own, Anthropic's ``cache_creation_input_tokens``), and OpenAI's ``0``
where the source has none (a Chat backend's ``prompt_tokens_details`` carries no such count), as it
writes the cached and reasoning counts (docs/writers.md, "Usage"): before, that usage was left
without it, and the SDK's ``Response.model_validate_json`` refused the body (its lenient client
read ``None``). A Responses backend's own final response that lacks the count (an April capture)
still goes on as it came in a same-dialect stream."""

from __future__ import annotations

import json
from typing import Any

from openai.types.responses import Response

import lmcodec as lc

REQUEST = lc.Request("gpt-5", [lc.Message.user("x")])
_RESPONSES = {
    "id": "resp_1",
    "object": "response",
    "created_at": 1,
    "status": "completed",
    "model": "gpt-5",
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
    "output": [
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": "hi", "annotations": []}],
        }
    ],
    "usage": {
        "input_tokens": 57,
        "input_tokens_details": {"cache_write_tokens": 0, "cached_tokens": 0},
        "output_tokens": 20,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 77,
    },
}
_ANTHROPIC = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5",
    "content": [{"type": "text", "text": "hi"}],
    "stop_reason": "end_turn",
    "usage": {
        "input_tokens": 10,
        "output_tokens": 5,
        "cache_creation_input_tokens": 30,
        "cache_read_input_tokens": 20,
    },
}
_CHAT = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-4.1",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}],
    "usage": {
        "prompt_tokens": 100,
        "completion_tokens": 5,
        "total_tokens": 105,
        "prompt_tokens_details": {"cached_tokens": 80},
    },
}


def _usage(source: str, body: dict[str, Any]) -> dict[str, Any]:
    response = lc.decode_response(source, json.dumps(body).encode(), request=REQUEST)
    usage: dict[str, Any] = json.loads(lc.encode_response("openai", response, usage_from=source))["usage"]
    return usage


def test_openai_s_own_count_goes_on_and_the_sdk_model_takes_the_body() -> None:
    usage = _usage("openai", _RESPONSES)
    assert usage["input_tokens_details"] == {"cached_tokens": 0, "cache_write_tokens": 0}
    written = lc.encode_response(
        "openai", lc.decode_response("openai", json.dumps(_RESPONSES), request=REQUEST)
    )
    assert Response.model_validate_json(written).usage.input_tokens_details.cache_write_tokens == 0  # type: ignore[union-attr]


def test_anthropic_s_cache_creation_is_the_cache_write_count() -> None:
    usage = _usage("anthropic", _ANTHROPIC)
    assert usage["input_tokens_details"] == {"cached_tokens": 20, "cache_write_tokens": 30}


def test_a_source_without_a_cache_write_count_gets_openai_s_zero_and_the_sdk_model_takes_it() -> None:
    usage = _usage("openai_chat", _CHAT)
    assert usage["input_tokens_details"] == {"cache_write_tokens": 0, "cached_tokens": 80}
    response = lc.decode_response("openai_chat", json.dumps(_CHAT).encode(), request=REQUEST)
    body = lc.encode_response("openai", response, usage_from="openai_chat")
    assert Response.model_validate_json(body).usage.input_tokens_details.cache_write_tokens == 0  # type: ignore[union-attr]
