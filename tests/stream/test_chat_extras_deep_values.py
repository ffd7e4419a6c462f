"""An OpenAI Chat chunk holding a value nested past msgspec's bound where the extras reader scans
it (a choice's ``index``, another choice's, a tool call's, a key no view names): ``translate``
writes the error ``decode`` raises for that event, in-band, and raises nothing else (red team 50,
F06: ``_other_choice`` caught only msgspec's errors, and its ``RecursionError`` escaped bare)."""

from __future__ import annotations

import json

import pytest

import lmcodec as lc

DEEP = b'{"a":' * 10_000 + b"1" + b"}" * 10_000


def _chunk(choices: bytes) -> bytes:
    return (
        b'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":'
        + choices
        + b"}\n\n"
    )


HEAD = _chunk(b'[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]')
TAIL = _chunk(b'[{"index":0,"delta":{},"finish_reason":"stop"}]') + b"data: [DONE]\n\n"
PLACES = {
    "index": b'[{"index":' + DEEP + b',"delta":{"content":"x"},"finish_reason":null}]',
    "second_index": b'[{"index":0,"delta":{"content":"x"}},{"index":' + DEEP + b',"delta":{"content":"y"}}]',
    "tool_call_index": b'[{"index":0,"delta":{"tool_calls":[{"index":' + DEEP + b',"id":"t"}]}}]',
    "refusal_of_another_choice": b'[{"index":1,"delta":{"refusal":' + DEEP + b"}}]",
    "unnamed_key": b'[{"index":2,"delta":{"content":"x","zzz":' + DEEP + b"}}]",
}


@pytest.mark.parametrize("destination", ["openai_chat", "anthropic", "openai", "gemini"])
@pytest.mark.parametrize("place", sorted(PLACES))
def test_translate_writes_the_error_decode_raises(place: str, destination: str) -> None:
    stream = HEAD + _chunk(PLACES[place]) + TAIL
    with pytest.raises(lc.StreamDecodeError) as decoded:
        list(lc.stream.decode("openai_chat", [stream]))
    out = b"".join(lc.stream.translate("openai_chat", destination, [stream]))
    assert json.dumps(str(decoded.value))[1:-1].encode() in out
