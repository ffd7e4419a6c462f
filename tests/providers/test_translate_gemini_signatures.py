"""An Anthropic or Chat client's tool-use history sent to a Gemini 3 backend through
``lc.translate_request`` (red-team gateway F07, the Gemini half): Gemini 3 answers 400 when the
first function call of a step has no thought signature, and the client's wire never carried one.
The gateway sends Google's documented placeholder (base64 of ``skip_thought_signature_validator``)
on the first call of each assistant turn, one ``defaulted`` Adaptation each; Gemini 2.5 (which
does not validate) gets the history as before."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._crossing_signatures import _validates_signatures

from ..budget import examples
from .gateway_support import anthropic_body, chat_body

PLACEHOLDER = base64.b64encode(b"skip_thought_signature_validator").decode()


def _anthropic_history() -> bytes:
    uses = [
        {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Oslo"}},
        {"type": "tool_use", "id": "toolu_2", "name": "get_weather", "input": {"city": "Rome"}},
    ]
    results = [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "12 C"},
        {"type": "tool_result", "tool_use_id": "toolu_2", "content": "20 C"},
    ]
    messages = [
        {"role": "user", "content": "Weather in Oslo and Rome?"},
        {"role": "assistant", "content": uses},
        {"role": "user", "content": results},
    ]
    return anthropic_body(model="claude-sonnet-4-5", max_tokens=256, messages=messages)


def _chat_history() -> bytes:
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city":"Oslo"}'},
    }
    messages = [
        {"role": "user", "content": "Weather in Oslo?"},
        {"role": "assistant", "content": None, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_1", "content": "12 C"},
    ]
    return chat_body(model="gpt-4.1", messages=messages)


def _calls(body: bytes) -> list[dict[str, Any]]:
    return [p for c in json.loads(body)["contents"] for p in c["parts"] if "functionCall" in p]


@pytest.mark.parametrize(
    ("source", "make", "count"), [("anthropic", _anthropic_history, 2), ("openai_chat", _chat_history, 1)]
)
def test_gemini_3_gets_the_placeholder_on_the_first_call_of_each_turn(
    source: str, make: Any, count: int
) -> None:
    from google.genai import types

    built = lc.translate_request(source, "gemini", make(), model="gemini-3-pro-preview")
    calls = _calls(built.body)
    assert len(calls) == count
    assert calls[0]["thoughtSignature"] == PLACEHOLDER
    assert all("thoughtSignature" not in call for call in calls[1:])  # parallel calls: the first only
    for content in json.loads(built.body)["contents"]:
        types.Content.model_validate(content)
    notes = [(a.field, a.action, a.applied) for a in built.adaptations if a.action == "defaulted"]
    assert notes == [("messages[1].parts[0].continuation", "defaulted", PLACEHOLDER)]


def test_gemini_2_5_gets_no_placeholder() -> None:
    built = lc.translate_request("anthropic", "gemini", _anthropic_history(), model="gemini-2.5-flash")
    assert all("thoughtSignature" not in call for call in _calls(built.body))
    assert not [a for a in built.adaptations if a.action == "defaulted" and "continuation" in a.field]


def test_a_gemini_signature_of_its_own_is_kept() -> None:
    signed = "c2lnbmVkLWJ5LWdlbWluaQ=="
    body = json.dumps(
        {
            "contents": [
                {"role": "user", "parts": [{"text": "weather?"}]},
                {
                    "role": "model",
                    "parts": [{"functionCall": {"name": "f", "args": {}}, "thoughtSignature": signed}],
                },
                {
                    "role": "user",
                    "parts": [{"functionResponse": {"name": "f", "response": {"result": "ok"}}}],
                },
            ]
        }
    ).encode()
    request = lc.decode_request("gemini", body, model="gemini-3-pro-preview")
    from lmcodec.providers._crossing_signatures import placeholder_signatures

    assert placeholder_signatures(request) == (request, ())


@settings(max_examples=examples(300), deadline=None)
@given(
    st.one_of(
        st.sampled_from(["gemini-2.5-flash", "gemini-3-pro-preview", "models/gemini-3.1-flash", "gpt-4.1"]),
        st.from_regex(r"[a-z/]{0,8}gemini-[0-9]{1,3}[a-z.-]{0,8}", fullmatch=True),
        st.text(max_size=200),
    )
)
def test_the_remembered_answer_is_the_search_s(model: str) -> None:
    """_validates_signatures answers a usual name from its memo: the same as the search every time."""
    found = re.search(r"gemini-(\d+)", model)
    expected = found is not None and int(found.group(1)) >= 3
    assert _validates_signatures(model) is expected
    assert _validates_signatures(model) is expected  # asked again: the remembered answer
