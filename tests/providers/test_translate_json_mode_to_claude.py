"""JSON mode without a schema crossing to Anthropic (``lc.translate_request``; red team 11 F09).

A Chat ``response_format: {"type": "json_object"}`` or a google-genai ``responseMimeType:
application/json`` without a schema is read as the canonical ``json_object`` format, which lm15's
Anthropic builder refuses (the Messages API has no any-JSON mode), so the gateway answered the
whole request with a 400. Every other setting a destination lacks is ``dropped`` with a note; so is
this one now, in ``translate_request`` only (``build_request`` keeps lm15's refusal).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts

CHAT = json.dumps(
    {
        "model": "claude-sonnet-4-5",
        "messages": [{"role": "user", "content": "A cat as JSON"}],
        "response_format": {"type": "json_object"},
    }
).encode()
GEMINI = json.dumps(
    {
        "contents": [{"role": "user", "parts": [{"text": "A cat as JSON"}]}],
        "generationConfig": {"responseMimeType": "application/json"},
    }
).encode()


def _format_notes(built: Any) -> list[tuple[str, Any]]:
    return [(a.action, a.asked) for a in built.adaptations if a.field == "config.response_format"]


@pytest.mark.parametrize(("source", "body"), [("openai_chat", CHAT), ("gemini", GEMINI)])
def test_json_mode_is_dropped_with_a_note(source: str, body: bytes) -> None:
    built = lc.translate_request(source, "anthropic", body, model="claude-sonnet-4-5")
    anthropic_accepts(built.body)
    assert "output_config" not in json.loads(built.body)
    assert _format_notes(built) == [("dropped", {"type": "json_object"})]


def test_the_rest_is_lm15s_build_without_it() -> None:
    from .request_support import lm15_build

    built = lc.translate_request("openai_chat", "anthropic", CHAT)
    request = lc.decode_request("openai_chat", CHAT)
    plain = lc.replace(request, config=lc.replace(request.config, response_format=None))
    assert json.loads(built.body) == lm15_build("anthropic", plain).body_value


def test_build_request_keeps_lm15s_refusal() -> None:
    request = lc.decode_request("openai_chat", CHAT)
    with pytest.raises(lc.ProviderError, match="json_object"):
        lc.build_request("anthropic", request)
