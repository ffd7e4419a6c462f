"""A MessagePack extension kept in a payload by ``lc.msgpack.decode`` (docs/hostile-input.md H16)
reaching build_request / encode_response: the EncodeError ``lc.encode`` gives for the same value,
not the builder's or writer's bare TypeError (red-team codec F13, provider side)."""

from __future__ import annotations

import msgspec
import pytest

import lmcodec as lc

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
EXT = msgspec.msgpack.Ext(5, b"\x00\x01")


def _call(value: object) -> lc.ToolCallPart:
    return lc.msgpack.decode(
        msgspec.msgpack.encode({"type": "tool_call", "id": "c1", "name": "f", "input": {"v": value}}),
        lc.ToolCallPart,
    )


@pytest.mark.parametrize("provider", PROVIDERS)
def test_build_request_refuses_an_extension_as_lc_encode_does(provider: str) -> None:
    call = _call(EXT)
    request = lc.Request(
        model="m",
        messages=[lc.Message.user("q"), lc.Message(role="assistant", parts=[call])],
    )
    with pytest.raises(lc.EncodeError):
        lc.encode(request)
    with pytest.raises(lc.EncodeError):
        lc.build_request(provider, request)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_encode_response_refuses_an_extension_as_lc_encode_does(provider: str) -> None:
    response = lc.Response(
        id="r",
        model="m",
        message=lc.Message(role="assistant", parts=[_call(EXT)]),
        finish_reason="tool_call",
        usage=lc.Usage(),
    )
    with pytest.raises(lc.EncodeError):
        lc.encode_response(provider, response)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_value_json_can_spell_is_written(provider: str) -> None:
    """bytes, as lc.encode writes them (base64 text): no error on this path."""
    request = lc.Request(
        model="m", messages=[lc.Message.user("q"), lc.Message(role="assistant", parts=[_call(b"\x01")])]
    )
    assert lc.build_request(provider, request).body
