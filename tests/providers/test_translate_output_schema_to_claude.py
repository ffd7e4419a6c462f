"""A structured-output schema crossing to Anthropic (``lc.translate_request``; red team 11 F10).

The Messages API refuses an object schema in ``output_config.format`` without
``additionalProperties: false`` (lm15's builder: "HTTP 400 otherwise, live 2026-09-02"; the
anthropic SDK's ``transform_schema`` closes every object before it sends one). A Chat
``response_format`` or Responses ``text.format`` that is not strict (pydantic's own
``model_json_schema()``) and every google-genai ``responseSchema`` leave objects open. Between two
dialects the gateway closes every object as the SDK does, ``config.response_format.schema``
``substituted``; the same dialect goes as the client sent it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "owner": {"type": "object", "properties": {"name": {"type": "string"}}},
        "pets": {"type": "array", "items": {"$ref": "#/$defs/Pet"}},
        "tag": {"anyOf": [{"type": "object", "properties": {"id": {"type": "integer"}}}, {"type": "null"}]},
    },
    "required": ["name"],
    "$defs": {
        "Pet": {"type": "object", "properties": {"kind": {"type": "string"}}, "additionalProperties": True}
    },
}
ASK = "A cat"


def _bodies(schema: dict[str, Any]) -> dict[str, bytes]:
    chat = {
        "model": "claude-sonnet-4-5",
        "messages": [{"role": "user", "content": ASK}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "cat", "schema": schema}},
    }
    responses = {
        "model": "claude-sonnet-4-5",
        "input": [{"role": "user", "content": ASK}],
        "text": {"format": {"type": "json_schema", "name": "cat", "schema": schema}},
    }
    return {"openai_chat": json.dumps(chat).encode(), "openai": json.dumps(responses).encode()}


def _sent_schema(built: Any) -> Any:
    anthropic_accepts(built.body)
    return json.loads(built.body)["output_config"]["format"]["schema"]


def _notes(built: Any) -> list[tuple[str, Any, Any]]:
    field = "config.response_format.schema"
    return [(a.action, a.asked, a.applied) for a in built.adaptations if a.field == field]


def _open_objects(schema: Any, path: str = "$") -> list[str]:
    found: list[str] = []
    if isinstance(schema, dict):
        if schema.get("type") == "object" and schema.get("additionalProperties") is not False:
            found.append(path)
        for key, value in schema.items():
            if key in ("properties", "$defs"):
                for name, item in value.items():
                    found += _open_objects(item, f"{path}.{key}.{name}")
            elif key in ("items", "anyOf"):
                for i, item in enumerate(value if isinstance(value, list) else [value]):
                    found += _open_objects(item, f"{path}.{key}[{i}]")
    return found


@pytest.mark.parametrize("source", ["openai_chat", "openai"])
def test_an_open_schema_reaches_claude_with_every_object_closed(source: str) -> None:
    built = lc.translate_request(source, "anthropic", _bodies(SCHEMA)[source])
    sent = _sent_schema(built)
    assert _open_objects(SCHEMA) != [] and _open_objects(sent) == []
    assert _notes(built) == [("substituted", SCHEMA, sent)]


def test_the_closed_schema_is_the_anthropic_sdks_transform() -> None:
    from anthropic.lib._parse._transform import transform_schema

    built = lc.translate_request("openai_chat", "anthropic", _bodies(SCHEMA)["openai_chat"])
    assert _sent_schema(built) == transform_schema(SCHEMA)


def test_a_gemini_response_schema_reaches_claude_closed() -> None:
    body = {
        "contents": [{"role": "user", "parts": [{"text": ASK}]}],
        "generationConfig": {
            "responseMimeType": "application/json",
            "responseSchema": {
                "type": "OBJECT",
                "properties": {"owner": {"type": "OBJECT", "properties": {"name": {"type": "STRING"}}}},
            },
        },
    }
    built = lc.translate_request("gemini", "anthropic", json.dumps(body).encode(), model="claude-sonnet-4-5")
    owner = {"type": "object", "properties": {"name": {"type": "string"}}, "additionalProperties": False}
    assert _sent_schema(built) == {
        "type": "object",
        "properties": {"owner": owner},
        "additionalProperties": False,
    }
    assert [note[0] for note in _notes(built)] == ["substituted", "substituted"]  # OpenAPI, then closed


def test_a_closed_schema_and_the_same_dialect_go_as_sent() -> None:
    closed = {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False}
    built = lc.translate_request("openai_chat", "anthropic", _bodies(closed)["openai_chat"])
    assert _sent_schema(built) == closed and _notes(built) == []
    own = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "messages": [{"role": "user", "content": ASK}],
        "output_config": {"format": {"type": "json_schema", "schema": SCHEMA}},
    }
    same = lc.translate_request("anthropic", "anthropic", json.dumps(own).encode())
    assert _sent_schema(same) == SCHEMA and _notes(same) == []


def test_a_schema_too_deep_to_walk_is_an_lc_error() -> None:
    deep = '{"type":"object","properties":{"a":' * 5000 + '{"type":"object"}' + "}}" * 5000
    body = _bodies({"type": "object"})["openai_chat"].replace(b'{"type": "object"}', deep.encode())
    with pytest.raises(lc.LmcodecError):
        lc.translate_request("openai_chat", "anthropic", body)
