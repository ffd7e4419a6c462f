"""Gemini's ``toolUsePromptTokenCount`` in the usage a gateway restates for another dialect.

Red team 14 F07: with code execution or URL context, Gemini counts what the tool fed the model as
``toolUsePromptTokenCount``, beside ``promptTokenCount`` (which leaves it out) and inside
``totalTokenCount``. lm15's Usage has no slot for it (its input is the prompt count, its total
Google's), so a Chat client read prompt 100 + completion 50 against total 4,150, and an Anthropic
client, whose wire has no total, was never told of the 4,000 tokens. Restated for another dialect the
count joins the input, as LiteLLM counts it; a Gemini client gets Google's counts as they came.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .write_support import REQUEST, sdk_chat, sdk_responses

_USAGE = {
    "promptTokenCount": 100,
    "candidatesTokenCount": 50,
    "thoughtsTokenCount": 20,
    "toolUsePromptTokenCount": 4000,
    "totalTokenCount": 4170,
}


def _body(usage: dict[str, Any]) -> bytes:
    chunk = {
        "candidates": [{"content": {"role": "model", "parts": [{"text": "45"}]}, "finishReason": "STOP"}],
        "usageMetadata": usage,
        "modelVersion": "gemini-2.5-pro",
        "responseId": "r-1",
    }
    return b"data: " + json.dumps(chunk).encode() + b"\r\n\r\n"


def _usage(dst: str, written: bytes) -> tuple[Any, ...]:
    if dst == "openai_chat":
        return tuple(sdk_chat(written)["usage"])
    if dst == "openai":
        return tuple(sdk_responses(written)["usage"])
    return tuple(sdk_anthropic(written)["usage"][:2])


@pytest.mark.parametrize(
    ("dst", "expected"),
    [("openai_chat", (4100, 70, 4170)), ("openai", (4100, 70, 4170)), ("anthropic", (4100, 70))],
)
def test_the_tool_use_prompt_is_counted_as_input_for_another_dialect(
    dst: str, expected: tuple[int, ...]
) -> None:
    written = b"".join(lc.stream.translate("gemini", dst, [_body(_USAGE)], request=REQUEST))
    assert _usage(dst, written) == expected


def test_a_gemini_client_gets_google_s_counts_as_they_came() -> None:
    written = b"".join(lc.stream.translate("gemini", "gemini", [_body(_USAGE)], request=REQUEST))
    assert sdk_gemini(written)["usage"] == (100, 50, 4170, 20, None)
    assert b'"toolUsePromptTokenCount":4000' in written


@pytest.mark.parametrize("dst", ["openai_chat", "openai", "anthropic"])
def test_encode_response_told_the_source_counts_it_alike(dst: str) -> None:
    response = lc.decode_response("gemini", _body(_USAGE)[6:-4])
    assert response.usage.input_tokens == 100  # lm15's reading, unchanged
    written = json.loads(lc.encode_response(dst, response, usage_from="gemini"))
    usage = written["usage"]
    if dst == "openai_chat":
        assert (usage["prompt_tokens"], usage["completion_tokens"], usage["total_tokens"]) == (4100, 70, 4170)
    elif dst == "openai":
        assert (usage["input_tokens"], usage["output_tokens"], usage["total_tokens"]) == (4100, 70, 4170)
    else:
        assert (usage["input_tokens"], usage["output_tokens"]) == (4100, 70)


def test_a_usage_without_the_count_is_restated_as_before() -> None:
    usage = {k: v for k, v in _USAGE.items() if k != "toolUsePromptTokenCount"} | {"totalTokenCount": 170}
    written = b"".join(lc.stream.translate("gemini", "openai_chat", [_body(usage)], request=REQUEST))
    assert _usage("openai_chat", written) == (100, 70, 170)
