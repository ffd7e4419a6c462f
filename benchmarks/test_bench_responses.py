"""Provider response bodies: ``lc.encode_response(p, response)`` per provider, on a Response of
many parts (red team 6 F08: the Gemini writer placed thought signatures at a cost per part even
when no part carries one). The four writers write one body part or block per part, so their rows
are comparable; the floors are msgspec's encode of the Response's builtins and of each
provider's very body as plain objects.

And ``lc.decode_response(p, body)`` of bodies with many items (red team 6 F02: a checked
constructor call per part, continuation state and logprob, and the whole body walked again as
provider_data, made it 1.2-1.75x lm15's ``parse_response``), against lm15's ``parse_response`` of
the same body and msgspec's untyped decode of it (the floor)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from lm15 import serde, vet

import lmcodec as lc

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
_USAGE = lc.Usage(input_tokens=10, output_tokens=20)
RESPONSES = {
    "2000 text parts": lc.Response(
        "r1", "m", lc.Message.assistant([lc.text(f"para {i}. ") for i in range(2000)]), "stop", _USAGE
    ),
    "1000 tool calls": lc.Response(
        "r1",
        "m",
        lc.Message.assistant(
            [lc.tool_call(f"call_{i}", "get_weather", {"city": f"C{i}"}) for i in range(1000)]
        ),
        "tool_call",
        _USAGE,
    ),
}


@pytest.mark.parametrize("shape", sorted(RESPONSES))
@pytest.mark.parametrize("provider", PROVIDERS)
def test_encode_response(benchmark: Any, provider: str, shape: str) -> None:
    response = RESPONSES[shape]
    read = lc.decode_response(provider, lc.encode_response(provider, response)).message
    if provider == "openai_chat" and shape == "2000 text parts":  # Chat's content is one string
        assert [p.text for p in read.parts] == ["".join(p.text for p in response.message.parts)]  # type: ignore[union-attr]
    else:
        assert read == response.message
    benchmark.group = f"encode_response, {shape}"
    benchmark(lc.encode_response, provider, response)


@pytest.mark.parametrize("shape", sorted(RESPONSES))
def test_floor(benchmark: Any, shape: str) -> None:
    plain = lc.to_builtins(RESPONSES[shape])
    benchmark.group = f"encode_response, {shape}"
    benchmark(msgspec.json.encode, plain)


@pytest.mark.parametrize("shape", sorted(RESPONSES))
@pytest.mark.parametrize("provider", PROVIDERS)
def test_floor_of_the_body(benchmark: Any, provider: str, shape: str) -> None:
    """msgspec's encode of the very body ``encode_response`` writes, as plain objects: what
    writing it costs without building it (red team 13 F03: the writers ran at 8-11x this)."""
    plain = msgspec.json.decode(lc.encode_response(provider, RESPONSES[shape]))
    benchmark.group = f"encode_response, {shape}"
    benchmark(msgspec.json.encode, plain)


def _logprobs(n: int) -> lc.Response:
    top = tuple(lc.TopLogprob(token=f"a{j}", logprob=-1.0 - j, bytes=(97,)) for j in range(5))
    lps = tuple(lc.TokenLogprob(token=f"t{i}", logprob=-0.5, bytes=(116,), top=top) for i in range(n))
    return lc.Response("r1", "m", lc.Message.assistant("x" * n), "stop", _USAGE, logprobs=lps)


_LOREM = "The quick brown fox jumps over the lazy dog. " * 6
BODIES = {
    "openai, 1000 reasoning items": (
        "openai",
        lc.Response(
            "r1",
            "m",
            lc.Message.assistant([lc.thinking(_LOREM) for _ in range(1000)] + [lc.text("done")]),
            "stop",
            _USAGE,
        ),
    ),
    "openai, 2000 logprob tokens": ("openai", _logprobs(2000)),
    "openai_chat, 2000 logprob tokens": ("openai_chat", _logprobs(2000)),
    "gemini, 2000 logprob tokens": ("gemini", _logprobs(2000)),
    "anthropic, 2000 text blocks": ("anthropic", RESPONSES["2000 text parts"]),
    "gemini, 2000 parts": ("gemini", RESPONSES["2000 text parts"]),
    "anthropic, 1000 tool calls": ("anthropic", RESPONSES["1000 tool calls"]),
    "gemini, 1000 tool calls": ("gemini", RESPONSES["1000 tool calls"]),  # red team 25 F07
}
_REQUEST = lc.Request("m", [lc.Message.user("hi")])
_LM15 = {"openai": "openai", "openai_chat": "openai-chat", "anthropic": "anthropic", "gemini": "gemini"}


@pytest.mark.parametrize("shape", sorted(BODIES))
def test_decode_response(benchmark: Any, shape: str) -> None:
    provider, response = BODIES[shape]
    body = lc.encode_response(provider, response)
    adapter: Any = vet.adapter_for_provider(_LM15[provider], api_key="sk-test")
    theirs = adapter.parse_response(lc.to_lm15(_REQUEST), vet._http_response(200, body))
    assert lc.to_builtins(lc.decode_response(provider, body)) == serde.response_to_dict(theirs)
    benchmark.group = f"decode_response, {shape}"
    benchmark(lc.decode_response, provider, body)


@pytest.mark.parametrize("shape", sorted(BODIES))
def test_decode_response_lm15(benchmark: Any, shape: str) -> None:
    provider, response = BODIES[shape]
    body = lc.encode_response(provider, response)
    adapter: Any = vet.adapter_for_provider(_LM15[provider], api_key="sk-test")
    request = lc.to_lm15(_REQUEST)
    benchmark.group = f"decode_response, {shape}"
    benchmark(lambda: adapter.parse_response(request, vet._http_response(200, body)))


@pytest.mark.parametrize("shape", sorted(BODIES))
def test_decode_response_floor(benchmark: Any, shape: str) -> None:
    provider, response = BODIES[shape]
    body = lc.encode_response(provider, response)
    benchmark.group = f"decode_response, {shape}"
    benchmark(msgspec.json.decode, body)
