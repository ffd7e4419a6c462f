"""A replayed tool call whose arguments are not a JSON object, read by ``translate_request`` as
lm15's own markers (red team 5, F15).

A backend cut by ``max_tokens`` inside a call's arguments is written to a Chat / Responses client
with the raw unfinished ``arguments`` (docs/writers.md), and non-object JSON (``[1]``, ``null``)
as it came. The agent appends the assistant message as the SDK returned it and answers the call;
``translate_request`` refused that turn in every pair, Chat -> Chat included ("the tool call
arguments are not JSON"), though OpenAI takes such a history. The gateway's reading now reads
them as lm15's ``parse_json_object`` does (``{"partial_json": raw}`` / ``{"value": v}``), which
every builder writes, each one a ``substituted`` Adaptation with its path. ``decode_request``
keeps refusing them (its round trip)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lm15.providers.common import parse_json_object

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_accepts, chat_body, responses_accepts, responses_body

RAW = '{"path": "a.py", "text": "import os\\n'
ARGUMENTS = [RAW, "[1, 2]", "null", '"text"', "7", "{not json"]
DESTINATIONS = ["openai", "openai_chat", "anthropic", "gemini"]


def _chat(arguments: str) -> bytes:
    call = {"id": "call_1", "type": "function", "function": {"name": "write_file", "arguments": arguments}}
    return chat_body(
        model="gpt-4o",
        tools=[{"type": "function", "function": {"name": "write_file", "parameters": {"type": "object"}}}],
        messages=[
            {"role": "user", "content": "write a.py"},
            {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "call_1", "content": "invalid JSON arguments, retry"},
        ],
    )


def _responses(arguments: str) -> bytes:
    return responses_body(
        model="gpt-4o",
        tools=[{"type": "function", "name": "write_file", "parameters": {"type": "object"}}],
        input=[
            {"role": "user", "content": "write a.py"},
            {"type": "function_call", "call_id": "call_1", "name": "write_file", "arguments": arguments},
            {"type": "function_call_output", "call_id": "call_1", "output": "invalid JSON arguments, retry"},
        ],
    )


BODIES = {"openai_chat": _chat, "openai": _responses}


def _call(request: lc.Request) -> Any:
    return next(p for m in request.messages for p in m.parts if isinstance(p, lc.ToolCallPart))


@pytest.mark.parametrize("destination", DESTINATIONS)
@pytest.mark.parametrize("source", list(BODIES))
@pytest.mark.parametrize("arguments", ARGUMENTS)
def test_the_turn_goes_through_with_lm15s_marker(source: str, destination: str, arguments: str) -> None:
    built = lc.translate_request(source, destination, BODIES[source](arguments))
    assert built.body
    substituted = [a for a in built.adaptations if a.field.endswith("arguments")]
    assert [(a.action, a.asked, a.applied) for a in substituted] == [
        ("substituted", arguments, parse_json_object(arguments))
    ]
    if destination == "anthropic":
        anthropic_accepts(built.body)
        sent = json.loads(built.body)
        uses = [b for m in sent["messages"] for b in m["content"] if b.get("type") == "tool_use"]
        assert [u["input"] for u in uses] == [parse_json_object(arguments)]
    elif destination == "openai_chat":
        chat_accepts(built.body)
    elif destination == "openai":
        responses_accepts(built.body)


@pytest.mark.parametrize("source", list(BODIES))
def test_the_marker_is_the_canonical_call_input(source: str) -> None:
    """What the builders get: lm15's own reading of the arguments (its ``parse_json_object``)."""
    built = lc.translate_request(source, source, BODIES[source](RAW))
    again = lc.decode_request(source, built.body)
    assert _call(again).input == {"partial_json": RAW}


@pytest.mark.parametrize("source", list(BODIES))
def test_decode_request_still_refuses_them(source: str) -> None:
    with pytest.raises(lc.ValidationError, match="arguments"):
        lc.decode_request(source, BODIES[source](RAW))


@pytest.mark.parametrize("source", list(BODIES))
def test_json_object_arguments_are_read_as_before(source: str) -> None:
    built = lc.translate_request(source, "anthropic", BODIES[source]('{"path": "a.py"}'))
    assert not [a for a in built.adaptations if a.field.endswith("arguments")]
