"""Items of an unknown type (``lc.decode(..., unknown="keep")``: a newer lm15's log) reaching the
provider writers and ``lc.to_lm15`` (red-team codec F05).

No wire has a form for an ``UnknownPart`` / ``UnknownTool`` / ``UnknownDelta``: build_request
refuses one with the ProviderError (unsupported_feature) it gives any part a wire cannot carry,
encode_response, the stream writers and to_lm15 with a ValidationError. Before: a bare
AttributeError (an unknown tool in three builders, an unknown delta in the Anthropic writer), an
empty text block in the part's place (Anthropic refuses those), the tool or the part silently
left out (Gemini's tools, every encode_response, every stream writer), a bare TypeError from
lm15's constructors.
"""

from __future__ import annotations

from typing import Any

import pytest

import lmcodec as lc

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
USER = b'{"role":"user","parts":[{"type":"text","text":"a"}]}'
HOLOGRAM = b'{"type":"hologram","scene":"x"}'


def _keep(data: bytes, tp: Any) -> Any:
    return lc.decode(data, tp, unknown="keep")


REQUESTS = {
    "a tool": b'{"model":"m","messages":[' + USER + b'],"tools":[{"type":"mcp","server_url":"https://x"}]}',
    "a tool beside a function tool": (
        b'{"model":"m","messages":[' + USER + b'],"tools":[{"type":"function","name":"f",'
        b'"parameters":{"type":"object"}},{"type":"mcp","name":"m"}]}'
    ),
    "a user part": b'{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"a"},'
    + HOLOGRAM
    + b"]}]}",
    "an assistant part": b'{"model":"m","messages":['
    + USER
    + b',{"role":"assistant","parts":['
    + HOLOGRAM
    + b"]},"
    + USER
    + b"]}",
    "the system": b'{"model":"m","system":[' + HOLOGRAM + b'],"messages":[' + USER + b"]}",
    "a tool result": (
        b'{"model":"m","messages":[' + USER + b',{"role":"assistant","parts":[{"type":"tool_call",'
        b'"id":"c1","name":"f","input":{}}]},{"role":"tool","parts":[{"type":"tool_result","id":"c1",'
        b'"content":[{"type":"text","text":"ok"},' + HOLOGRAM + b"]}]}]}"
    ),
}


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("where", list(REQUESTS))
def test_build_request_refuses_an_unknown_item(provider: str, where: str) -> None:
    request = _keep(REQUESTS[where], lc.Request)
    with pytest.raises(lc.ProviderError) as caught:
        lc.build_request(provider, request)
    assert caught.value.code == "unsupported_feature"
    assert "unknown type" in str(caught.value)
    assert ("'mcp'" if "tool" in where and "result" not in where else "'hologram'") in str(caught.value)


RESPONSE = (
    b'{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"hi"},'
    + HOLOGRAM
    + b']},"finish_reason":"stop","usage":{}}'
)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_encode_response_refuses_an_unknown_part(provider: str) -> None:
    response = _keep(RESPONSE, lc.Response)
    with pytest.raises(lc.ValidationError) as caught:
        lc.encode_response(provider, response)
    assert caught.value.path == "$.message.parts[1]"
    assert "'hologram'" in str(caught.value)


BEFORE = {
    "first": [],
    "after text": [lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text="hi"))],
    "inside a call": [lc.StreamDeltaEvent(delta=lc.ToolCallDelta(part_index=0, input="{", id="c", name="f"))],
}


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("before", list(BEFORE))
def test_a_stream_writer_refuses_an_unknown_delta(provider: str, before: str) -> None:
    event = _keep(b'{"type":"delta","delta":{"type":"hologram","part_index":0}}', lc.StreamEvent)
    encoder = lc.stream.Encoder(provider)
    encoder.feed(lc.StreamStartEvent(id="r", model="m"))
    for earlier in BEFORE[before]:
        encoder.feed(earlier)
    with pytest.raises(lc.ValidationError, match="unknown type 'hologram'"):
        encoder.feed(event)


def test_an_unknown_event_is_still_dropped_by_the_writers() -> None:
    """The writers' documented rule: a frame the source adapter did not know is not written."""
    event = _keep(b'{"type":"frame_of_the_future","x":1}', lc.StreamEvent)
    for provider in PROVIDERS:
        encoder = lc.stream.Encoder(provider)
        encoder.feed(lc.StreamStartEvent(id="r", model="m"))
        assert encoder.feed(event) == b""


@pytest.mark.parametrize(
    ("data", "tp", "path"),
    [
        (RESPONSE, lc.Response, "$.message.parts[1]"),
        (REQUESTS["a tool"], lc.Request, "$.tools[0]"),
        (REQUESTS["the system"], lc.Request, "$.system[0]"),
        (b'{"type":"delta","delta":{"type":"hologram","part_index":0}}', lc.StreamEvent, "$.delta"),
    ],
    ids=["response part", "request tool", "system part", "delta"],
)
def test_to_lm15_refuses_an_unknown_item_with_its_path(data: bytes, tp: Any, path: str) -> None:
    pytest.importorskip("lm15")
    with pytest.raises(lc.ValidationError) as caught:
        lc.to_lm15(_keep(data, tp))
    assert caught.value.path == path
    assert "no lm15 counterpart" in str(caught.value)
