"""Provider response bodies: ``lc.encode_response(p, response)`` per provider, on a Response of
many parts (red team 6 F08: the Gemini writer placed thought signatures at a cost per part even
when no part carries one). The four writers write one body part or block per part, so their rows
are comparable; the floor is msgspec's encode of the Response's builtins."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

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
