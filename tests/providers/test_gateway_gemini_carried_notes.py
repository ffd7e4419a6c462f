"""A google-genai body's ``tools``, ``toolConfig`` and empty ``generationConfig`` kept in extensions
are sent as the canonical tools, tool choice and settings: ``translate_request`` notes only what of
them is left out (red team 24 F06: every tool was reported ``dropped`` although sent)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import gemini_body

OTHERS = (("openai", "gpt-5"), ("openai_chat", "gpt-5"), ("anthropic", "claude-sonnet-4-5"))


def _extension_notes(built: Any) -> list[tuple[str, str, Any]]:
    return [(a.field, a.action, a.asked) for a in built.adaptations if a.field.startswith("extensions.")]


@pytest.mark.parametrize(("destination", "model"), OTHERS)
def test_sdk_tools_that_are_sent_are_not_noted(destination: str, model: str) -> None:
    from google.genai import types

    declaration = types.FunctionDeclaration(
        name="f",
        description="d",
        parameters_json_schema={"type": "object", "properties": {"a": {"type": "string"}}},
    )
    choice = types.FunctionCallingConfig(
        mode=types.FunctionCallingConfigMode.AUTO, allowed_function_names=["f"]
    )
    config = types.GenerateContentConfig(
        tools=[types.Tool(function_declarations=[declaration])],
        tool_config=types.ToolConfig(function_calling_config=choice),
    )
    body = gemini_body("hi", config=config)
    assert b"parameters_json_schema" in body and b'"generationConfig": {}' in body
    built = lc.translate_request("gemini", destination, body, model=model)
    assert len(json.loads(built.body)["tools"]) == 1
    assert _extension_notes(built) == []


@pytest.mark.parametrize(("destination", "model"), OTHERS)
def test_what_the_canonical_tools_leave_out_is_still_dropped(destination: str, model: str) -> None:
    body = {
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
        "tools": [{"functionDeclarations": [{"name": "f", "behavior": "NON_BLOCKING", "parameters": {}}]}],
        "toolConfig": {"functionCallingConfig": {"mode": "ANY"}, "retrievalConfig": {"languageCode": "en"}},
    }
    built = lc.translate_request("gemini", destination, json.dumps(body).encode(), model=model)
    assert _extension_notes(built) == [
        ("extensions.tools", "dropped", [{"name": "f", "behavior": "NON_BLOCKING"}]),
        ("extensions.toolConfig", "dropped", {"retrievalConfig": {"languageCode": "en"}}),
    ]
