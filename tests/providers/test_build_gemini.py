"""lc.build_request("gemini", ...) against lm15 1.5.0's adapter: path, headers, body, adaptations, errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..wire.lm15_trees import SETTINGS
from .request_support import assert_same_build, canonical_requests, rich_requests

PROVIDER = "gemini"


@settings(SETTINGS, max_examples=400)
@given(canonical_requests(PROVIDER), st.booleans())
def test_build_matches_lm15(request: lc.Request, stream: bool) -> None:
    assert_same_build(PROVIDER, request, stream=stream)


@settings(SETTINGS, max_examples=400)
@given(rich_requests(PROVIDER), st.booleans())
def test_build_matches_lm15_on_realistic_requests(request: lc.Request, stream: bool) -> None:
    assert_same_build(PROVIDER, request, stream=stream)


_HI = lc.Message(role="user", parts=(lc.TextPart(text="hi"),))
REFUSALS = {
    "force_builtin": lc.Request(
        model="gemini-2.5-flash",
        messages=(_HI,),
        tools=(lc.BuiltinTool(name="web_search"),),
        config=lc.Config(tool_choice=lc.ToolChoice(mode="required", allowed=("web_search",))),
    ),
    "unnamed_result": lc.Request(
        model="gemini-2.5-flash",
        messages=(
            _HI,
            lc.Message(role="tool", parts=(lc.ToolResultPart(id="t", content=(lc.TextPart(text="r"),)),)),
        ),
    ),
    "audio_result": lc.Request(
        model="gemini-2.5-flash",
        messages=(
            _HI,
            lc.Message(
                role="tool",
                parts=(lc.ToolResultPart(id="t", name="f", content=(lc.AudioPart(data="AA=="),)),),
            ),
        ),
    ),
    "developer_image": lc.Request(
        model="gemini-2.5-flash", messages=(lc.Message(role="developer", parts=(lc.ImagePart(data="AA=="),)),)
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refuses_what_lm15_refuses(name: str) -> None:
    outcome = assert_same_build(PROVIDER, REFUSALS[name])
    assert outcome.error is not None and outcome.error[0] == "unsupported_feature"


def test_stored_cache_with_no_message_left_is_a_validation_error() -> None:
    request = lc.Request(
        model="gemini-2.5-flash",
        messages=(_HI,),
        config=lc.Config(cache=lc.CacheConfig(mode="auto", resource="c", prefix_until_index=0)),
    )
    assert assert_same_build(PROVIDER, request).error == ("ValueError",)


MODEL_RULES = [
    ("gemini-2.5-flash", lc.Reasoning(effort="high"), {"thinkingBudget": 16384}, ":generateContent"),
    ("gemini-3-pro-preview", lc.Reasoning(effort="max"), {"thinkingLevel": "high"}, ":generateContent"),
    ("gemini-3-flash", lc.Reasoning(effort="off"), {"thinkingLevel": "minimal"}, ":generateContent"),
    ("gemini-2.5-pro", lc.Reasoning(effort="off"), {"thinkingBudget": 0}, ":generateContent"),
]


@pytest.mark.parametrize(("model", "reasoning", "thinking", "suffix"), MODEL_RULES)
def test_model_family_rules(model: str, reasoning: lc.Reasoning, thinking: Any, suffix: str) -> None:
    request = lc.Request(model=model, messages=(_HI,), config=lc.Config(reasoning=reasoning))
    assert_same_build(PROVIDER, request)
    built = lc.build_request(PROVIDER, request)
    assert json.loads(built.body)["generationConfig"]["thinkingConfig"] == thinking
    assert built.path == f"/v1beta/models/{model}{suffix}"
    assert lc.build_request(PROVIDER, request, stream=True).path.endswith(":streamGenerateContent?alt=sse")
