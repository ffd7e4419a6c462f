"""Function names another dialect's client may use that Gemini refuses, through the gateway
(leftover 9 item 4). Gemini's rule (google-genai's ``FunctionDeclaration.name``): "Must start with
a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes,
with a maximum length of 128"; OpenAI and Anthropic take a name that starts with a digit or a dash
(``2fa_verify``, ``-lint``), and lm15's Gemini builder sends it as it is. ``lc.translate_request``
renames each as it renames a Gemini client's names toward the others: consistently (tools,
tool_choice, calls, results), the same every turn, one ``substituted`` Adaptation each, and
``lc.stream.translate`` given the adaptations writes the answer's calls back under the client's
names."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import chat_body, gemini_tools_accepted
from .provider_support import sse_body

GEMINI_NAME = re.compile(r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}")
PARAMS = {"type": "object", "properties": {"code": {"type": "string"}}}
NAMES = ["2fa_verify", "-lint", "_2fa_verify", "get_weather"]  # _2fa_verify: the plain rename, taken
TOOLS = [{"type": "function", "function": {"name": n, "parameters": PARAMS}} for n in NAMES]
CALL = {"id": "call_1", "type": "function", "function": {"name": "2fa_verify", "arguments": '{"code":"1"}'}}
TURN = [
    {"role": "user", "content": "verify me"},
    {"role": "assistant", "content": None, "tool_calls": [CALL]},
    {"role": "tool", "tool_call_id": "call_1", "content": "ok"},
]


def _chat(messages: list[Any], **params: Any) -> bytes:
    return chat_body(model="gemini-2.5-flash", messages=messages, tools=TOOLS, **params)


def _sent_names(body: bytes) -> tuple[list[str], list[str], list[str], list[str]]:
    sent = json.loads(body)
    tools = [d["name"] for t in sent.get("tools", []) for d in t.get("functionDeclarations", [])]
    allowed = sent.get("toolConfig", {}).get("functionCallingConfig", {}).get("allowedFunctionNames", [])
    parts = [p for c in sent["contents"] for p in c["parts"]]
    calls = [p["functionCall"]["name"] for p in parts if "functionCall" in p]
    results = [p["functionResponse"]["name"] for p in parts if "functionResponse" in p]
    return tools, allowed, calls, results


def test_names_gemini_refuses_are_renamed_consistently() -> None:
    choice = {"type": "function", "function": {"name": "2fa_verify"}}
    built = lc.translate_request("openai_chat", "gemini", _chat(TURN, tool_choice=choice))
    gemini_tools_accepted(built.body)
    tools, allowed, calls, results = _sent_names(built.body)
    assert all(GEMINI_NAME.fullmatch(name) for name in [*tools, *allowed, *calls, *results])
    assert len(set(tools)) == len(NAMES) and tools[2:] == ["_2fa_verify", "get_weather"]  # valid: as sent
    renamed = {
        a.asked: a.applied for a in built.adaptations if a.action == "substituted" and "name" in a.field
    }
    assert sorted(renamed) == ["-lint", "2fa_verify"]
    assert allowed == calls == results == [renamed["2fa_verify"]]
    assert renamed["-lint"] == tools[1]
    again = lc.translate_request("openai_chat", "gemini", _chat([*TURN, {"role": "user", "content": "and?"}]))
    assert _sent_names(again.body)[0] == tools  # the same names every turn


def test_valid_names_and_gemini_to_gemini_are_untouched() -> None:
    body = chat_body(model="gemini-2.5-flash", messages=TURN[:1], tools=TOOLS[3:])
    built = lc.translate_request("openai_chat", "gemini", body)
    assert not [a for a in built.adaptations if "name" in a.field]
    for src, dst in (("openai_chat", "openai"), ("openai_chat", "anthropic")):  # they take 2fa_verify
        built = lc.translate_request(src, dst, _chat(TURN), model="claude-sonnet-4-5")
        assert not [a for a in built.adaptations if "name" in a.field]


def _gemini_call(name: str) -> bytes:
    chunk = {
        "candidates": [
            {
                "content": {
                    "role": "model",
                    "parts": [{"functionCall": {"name": name, "args": {"code": "1"}}}],
                },
                "finishReason": "STOP",
                "index": 0,
            }
        ],
        "modelVersion": "gemini-2.5-flash",
    }
    return sse_body([chunk])


@pytest.mark.parametrize("client", ["openai_chat", "openai", "anthropic"])
def test_the_answers_calls_go_back_under_the_clients_names(client: str) -> None:
    built = lc.translate_request("openai_chat", "gemini", _chat(TURN))
    sent = {a.applied: a.asked for a in built.adaptations if a.action == "substituted" and "name" in a.field}
    assert sorted(sent.values()) == ["-lint", "2fa_verify"]
    request = lc.decode_request("openai_chat", _chat(TURN))
    for name, asked in sent.items():
        out = b"".join(
            lc.stream.translate(
                "gemini", client, [_gemini_call(name)], request=request, adaptations=built.adaptations
            )
        )
        answer = lc.assemble(lc.stream.decode(client, [out], request=request), request=request)
        assert [(c.name, c.input) for c in answer.tool_calls] == [(asked, {"code": "1"})]
