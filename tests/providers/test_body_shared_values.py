"""A decoded body's tool-call input and its ``provider_data``: lm15 1.5.0's ``parse_response``
takes a Gemini ``functionCall``'s ``args`` and an Anthropic ``tool_use`` block's ``input`` from the
body it keeps as ``provider_data``, so the call's input IS the dict inside it: changed through one,
both change. ``lc.decode_response`` builds the Response as lm15 does, sharing included (copying
each call's input on every decode would cost every caller for a use lm15 does not support); a
caller who changes either copies first (``docs/architecture.md``)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import lmcodec as lc

from .provider_support import lm15_response, requests_for

CALL = {"functionCall": {"name": "f", "args": {"a": {"b": 1}}}}
BODIES: dict[str, dict[str, Any]] = {
    "gemini": {
        "candidates": [{"content": {"role": "model", "parts": [CALL]}, "finishReason": "STOP"}],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
        "modelVersion": "gemini-2.5-flash",
    },
    "anthropic": {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": {"b": 1}}}],
        "stop_reason": "tool_use",
        "usage": {"input_tokens": 1, "output_tokens": 1},
    },
}


def _changed_through_the_input(response: Any) -> Any:
    call = response.message.parts[0]
    call.input["added"] = 1
    call.input["a"]["b"] = 2
    return response.provider_data


@pytest.mark.parametrize("provider", sorted(BODIES))
def test_a_call_s_input_is_the_one_in_provider_data_as_in_lm15(provider: str) -> None:
    body = json.dumps(BODIES[provider]).encode()
    theirs_request, ours_request = requests_for(BODIES[provider].get("modelVersion") or "claude-sonnet-4-5")
    theirs = _changed_through_the_input(lm15_response(provider, body, theirs_request))
    ours = _changed_through_the_input(lc.decode_response(provider, body, request=ours_request))
    assert ours == theirs
    expected = copy.deepcopy(BODIES[provider])
    call = (
        expected["candidates"][0]["content"]["parts"][0]["functionCall"]["args"]
        if provider == "gemini"
        else expected["content"][0]["input"]
    )
    call.update({"added": 1, "a": {"b": 2}})
    assert ours == expected


@pytest.mark.parametrize("provider", sorted(BODIES))
def test_a_copy_taken_first_leaves_provider_data_as_decoded(provider: str) -> None:
    body = json.dumps(BODIES[provider]).encode()
    response = lc.decode_response(provider, body)
    mine = copy.deepcopy(response.message.parts[0].input)
    mine["a"]["b"] = 2
    assert response.provider_data == BODIES[provider]
