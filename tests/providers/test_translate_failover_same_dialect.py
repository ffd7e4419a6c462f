"""A backend switched mid tool loop, the client's dialect the new backend's own (red team 20 F02,
F03): the same-dialect ``translate_request`` applies the failover steps the cross path applies.

Each test plays red team 20's ``switch.py`` in small: the first backend's answer (a thought and a
call) goes through the gateway's body path (``decode_response`` + ``encode_response``) to the
client, which appends it to its history as its SDK keeps it (Chat: the message; Responses:
``input += output``; Anthropic: ``content``; google-genai: the candidate's ``content``) with the
call's result; the next turn goes to the other backend. For every client dialect:

- to Claude with manual thinking after a Gemini turn (whose thought reached the client unsigned,
  left out): the request goes without thinking, ``dropped`` (the Messages API refuses a tool loop
  whose assistant turn starts with ``tool_use`` under manual thinking);
- to Gemini 3 after a Claude turn (no Gemini signature on the call): the first call of the model
  turn carries Google's placeholder signature, ``defaulted`` (Gemini 3 refuses an unsigned call of
  the current turn; ai.google.dev/gemini-api/docs/thought-signatures).

A same-dialect body that needs neither is built exactly as ``build_request(decode_request(...))``.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
PLACEHOLDER = base64.b64encode(b"skip_thought_signature_validator").decode()
SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
CLAUDE = "claude-sonnet-4-5"
GEMINI_3 = "gemini-3-pro-preview"

GEMINI_ANSWER = {
    "candidates": [
        {
            "content": {
                "role": "model",
                "parts": [
                    {"text": "The user wants the weather in Paris.", "thought": True},
                    {
                        "functionCall": {"name": "get_weather", "args": {"city": "Paris"}},
                        "thoughtSignature": base64.b64encode(b"gemini-signature").decode(),
                    },
                ],
            },
            "finishReason": "STOP",
            "index": 0,
        }
    ],
    "usageMetadata": {"promptTokenCount": 40, "candidatesTokenCount": 12, "totalTokenCount": 52},
    "modelVersion": "gemini-2.5-pro",
    "responseId": "gemresp0",
}
CLAUDE_ANSWER = {
    "id": "msg_01R0",
    "type": "message",
    "role": "assistant",
    "model": CLAUDE,
    "content": [
        {"type": "thinking", "thinking": "The user wants the weather.", "signature": "EqQBCkgIBhABGAIiQsig"},
        {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {"city": "Paris"}},
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {"input_tokens": 40, "output_tokens": 12},
}


def _answered(backend: str, answer: dict[str, Any], client: str) -> dict[str, Any]:
    """The backend's answer as the gateway's body path writes it to ``client``."""
    response = lc.decode_response(backend, json.dumps(answer).encode())
    written: dict[str, Any] = json.loads(lc.encode_response(client, response, usage_from=backend))
    return written


def _next_turn(client: str, answer: dict[str, Any], model: str) -> bytes:
    """The client's next request: the question, the answer as its SDK keeps it, the call's result,
    with thinking asked for in the client's own spelling."""
    question = "Weather in Paris?"
    if client == "openai_chat":
        message = {k: v for k, v in answer["choices"][0]["message"].items() if v is not None}
        results = [
            {"role": "tool", "tool_call_id": call["id"], "content": "21C"} for call in message["tool_calls"]
        ]
        body: dict[str, Any] = {
            "model": model,
            "reasoning_effort": "medium",
            "messages": [{"role": "user", "content": question}, message, *results],
            "tools": [{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}],
        }
    elif client == "openai":
        output = answer["output"]
        outputs = [
            {"type": "function_call_output", "call_id": item["call_id"], "output": "21C"}
            for item in output
            if item["type"] == "function_call"
        ]
        body = {
            "model": model,
            "reasoning": {"effort": "medium"},
            "input": [{"role": "user", "content": question}, *output, *outputs],
            "tools": [{"type": "function", "name": "get_weather", "parameters": SCHEMA, "strict": False}],
        }
    elif client == "anthropic":
        content = answer["content"]
        results = [
            {"type": "tool_result", "tool_use_id": block["id"], "content": "21C"}
            for block in content
            if block["type"] == "tool_use"
        ]
        body = {
            "model": model,
            "max_tokens": 4096,
            "thinking": {"type": "enabled", "budget_tokens": 2048},
            "messages": [
                {"role": "user", "content": question},
                {"role": "assistant", "content": content},
                {"role": "user", "content": results},
            ],
            "tools": [{"name": "get_weather", "input_schema": SCHEMA}],
        }
    else:
        content = answer["candidates"][0]["content"]
        responses = [
            {
                "functionResponse": {
                    **{k: v for k, v in part["functionCall"].items() if k in ("id", "name")},
                    "response": {"output": "21C"},
                }
            }
            for part in content["parts"]
            if "functionCall" in part
        ]
        body = {
            "contents": [
                {"role": "user", "parts": [{"text": question}]},
                content,
                {"role": "user", "parts": responses},
            ],
            "tools": [{"functionDeclarations": [{"name": "get_weather", "parametersJsonSchema": SCHEMA}]}],
            "generationConfig": {"thinkingConfig": {"includeThoughts": True, "thinkingBudget": 2048}},
        }
    return json.dumps(body).encode()


def _translated(client: str, destination: str, body: bytes, model: str) -> lc.ProviderRequest:
    return lc.translate_request(client, destination, body, model=model if client == "gemini" else None)


@pytest.mark.parametrize("client", DIALECTS)
def test_a_failover_to_claude_mid_tool_loop_goes_without_thinking(client: str) -> None:
    body = _next_turn(client, _answered("gemini", GEMINI_ANSWER, client), CLAUDE)
    built = _translated(client, "anthropic", body, CLAUDE)
    sent = json.loads(built.body)
    anthropic_accepts(built.body)
    assert "thinking" not in sent
    assistant = sent["messages"][1]["content"]
    assert assistant[0]["type"] == "tool_use"
    dropped = [a for a in built.adaptations if a.field == "config.reasoning" and a.action == "dropped"]
    assert len(dropped) == 1
    assert "tool_use" in dropped[0].reason


def test_the_anthropic_client_keeps_its_whole_cap_when_thinking_goes() -> None:
    body = _next_turn("anthropic", _answered("gemini", GEMINI_ANSWER, "anthropic"), CLAUDE)
    sent = json.loads(lc.translate_request("anthropic", "anthropic", body).body)
    assert sent["max_tokens"] == 4096


@pytest.mark.parametrize("client", DIALECTS)
def test_a_failover_to_gemini_3_mid_tool_loop_signs_the_call_with_the_placeholder(client: str) -> None:
    body = _next_turn(client, _answered("anthropic", CLAUDE_ANSWER, client), GEMINI_3)
    built = _translated(client, "gemini", body, GEMINI_3)
    model_turns = [c for c in json.loads(built.body)["contents"] if c["role"] == "model"]
    assert len(model_turns) == 1
    calls = [part for part in model_turns[0]["parts"] if "functionCall" in part]
    assert [call["functionCall"]["name"] for call in calls] == ["get_weather"]
    assert calls[0]["thoughtSignature"] == PLACEHOLDER
    defaulted = [a for a in built.adaptations if a.action == "defaulted"]
    assert [(a.field, a.applied) for a in defaulted] == [("messages[1].parts[0].continuation", PLACEHOLDER)]


def test_signed_claude_thinking_to_claude_is_built_as_the_client_sent_it() -> None:
    body = _next_turn("anthropic", _answered("anthropic", CLAUDE_ANSWER, "anthropic"), CLAUDE)
    built = lc.translate_request("anthropic", "anthropic", body)
    expected = lc.build_request("anthropic", lc.decode_request("anthropic", body))
    assert built.body == expected.body
    assert json.loads(built.body)["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert built.adaptations == expected.adaptations


def test_a_signed_gemini_call_to_gemini_3_is_built_as_the_client_sent_it() -> None:
    body = _next_turn("gemini", _answered("gemini", GEMINI_ANSWER, "gemini"), GEMINI_3)
    built = lc.translate_request("gemini", "gemini", body, model=GEMINI_3)
    assert not [a for a in built.adaptations if a.action == "defaulted"]
    calls = [p for c in json.loads(built.body)["contents"] for p in c["parts"] if "functionCall" in p]
    assert (
        calls[0]["thoughtSignature"]
        == GEMINI_ANSWER["candidates"][0]["content"]["parts"][1]["thoughtSignature"]
    )


def test_an_adaptive_class_claude_with_manual_thinking_spelled_goes_without_it() -> None:
    body = json.loads(
        _next_turn("anthropic", _answered("gemini", GEMINI_ANSWER, "anthropic"), "claude-opus-4-6")
    )
    built = lc.translate_request("anthropic", "anthropic", json.dumps(body).encode())
    assert "thinking" not in json.loads(built.body)
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if "thinking" in a.field]
    assert ("config.extensions.thinking", "dropped", {"type": "enabled", "budget_tokens": 2048}) in notes
