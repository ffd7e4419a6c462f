"""A Responses client's server-side state through ``lc.translate_request`` (red-team 5 F11):
``previous_response_id`` and ``conversation`` (the history lives on OpenAI's server) and a stored
``prompt`` (its instructions do) were dropped with an Adaptation on the way to another dialect,
and the new input went alone: a context-free answer with a 200, or a tool result without its call.
Now the gateway refuses such a body with a ValidationError at the key's path saying the state lives
on OpenAI's server; to OpenAI it is kept."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import gemini_body, responses_body

STATE: dict[str, Any] = {
    "previous_response_id": "resp_0aa",
    "conversation": "conv_123",
    "prompt": {"id": "pmpt_abc", "variables": {"city": "Paris"}},
}


def _body(key: str, value: Any) -> bytes:
    return responses_body(model="gpt-5", input="and in London?", **{key: value})


@pytest.mark.parametrize("destination", ["openai_chat", "anthropic", "gemini"])
@pytest.mark.parametrize("key", sorted(STATE))
def test_server_state_is_refused_to_another_dialect(key: str, destination: str) -> None:
    with pytest.raises(lc.ValidationError, match="OpenAI's server") as caught:
        lc.translate_request("openai", destination, _body(key, STATE[key]), model="m")
    assert caught.value.path == f"$.{key}"


def test_a_tool_output_turn_is_refused_too() -> None:
    body = json.dumps(
        {
            "model": "gpt-5",
            "previous_response_id": "resp_0aa",
            "input": [{"type": "function_call_output", "call_id": "call_1", "output": "sunny"}],
        }
    ).encode()
    with pytest.raises(lc.ValidationError, match="previous_response_id"):
        lc.translate_request("openai", "anthropic", body)


@pytest.mark.parametrize("key", sorted(STATE))
def test_to_openai_it_is_kept(key: str) -> None:
    built = lc.translate_request("openai", "openai", _body(key, STATE[key]))
    assert json.loads(built.body)[key] == STATE[key]


def test_a_null_previous_response_id_is_no_state() -> None:
    body = json.dumps({"model": "gpt-5", "previous_response_id": None, "input": "hi"}).encode()
    built = lc.translate_request("openai", "anthropic", body)
    assert json.loads(built.body)["messages"][0]["content"][0]["text"] == "hi"


def _cached_body() -> bytes:
    from google.genai import types

    config = types.GenerateContentConfig(cached_content="cachedContents/abc123")
    return gemini_body("and in London?", config=config)


@pytest.mark.parametrize("destination", ["openai", "openai_chat", "anthropic"])
def test_a_gemini_cached_content_is_refused_at_its_key(destination: str) -> None:
    """Red team 24 F07: a ValidationError at ``$.cachedContent`` before the builder, as for a
    Responses id (lm15's builder raised a ProviderError naming no path in the client's body)."""
    with pytest.raises(lc.ValidationError, match="Google's server") as refused:
        lc.translate_request("gemini", destination, _cached_body(), model="m")
    assert refused.value.path == "$.cachedContent"


def test_to_gemini_a_cached_content_is_kept() -> None:
    built = lc.translate_request("gemini", "gemini", _cached_body(), model="gemini-2.5-flash")
    assert json.loads(built.body)["cachedContent"] == "cachedContents/abc123"


def test_a_stored_prompt_without_input_is_refused_to_openai_too() -> None:
    """Red team 24 F08, as documented: a canonical Request holds at least one message."""
    body = responses_body(model="gpt-5", prompt=STATE["prompt"])
    with pytest.raises(lc.ValidationError) as refused:
        lc.translate_request("openai", "openai", body)
    assert refused.value.path == "$.input"


def test_a_reference_goes_back_to_openai_and_is_refused_elsewhere_at_its_path() -> None:
    """Red team 24 F09: a Responses item_reference names an item stored on OpenAI's server. It was
    refused to OpenAI too; now it goes back as sent there (issue #15,
    ``test_gateway_replayed_server_items.py``), and is refused elsewhere, at the item."""
    items = [{"role": "user", "content": "hi"}, {"type": "item_reference", "id": "msg_1"}]
    reference = responses_body(model="gpt-5", input=items)
    assert json.loads(lc.translate_request("openai", "openai", reference).body)["input"][1] == items[1]
    with pytest.raises(lc.ValidationError) as refused:
        lc.translate_request("openai", "anthropic", reference)
    assert refused.value.path == "$.input[1]"


def test_same_dialect_shapes_the_canonical_request_cannot_hold_are_refused_at_their_path() -> None:
    """Red team 24 F09, as documented: a Gemini videoMetadata."""
    video = {"fileUri": "gs://b/v.mp4", "mimeType": "video/mp4"}
    clip = {"startOffset": "1s", "endOffset": "5s"}
    parts = [{"text": "what happens?"}, {"fileData": video, "videoMetadata": clip}]
    body = json.dumps({"contents": [{"role": "user", "parts": parts}]}).encode()
    with pytest.raises(lc.ValidationError) as refused:
        lc.translate_request("gemini", "gemini", body)
    assert refused.value.path == "$.contents[0].parts[1]"
