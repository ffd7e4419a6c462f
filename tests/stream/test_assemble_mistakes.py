"""``lc.assemble`` given what is no event stream says what to call (red team 54 F04: a Request
raised Python's "'Request' object is not iterable"; F13: a whole JSON body decoded as a stream
ended "without an end event", no word of ``decode_response``)."""

from __future__ import annotations

import json

import pytest

import lmcodec as lc

BODY = json.dumps(
    {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-x",
        "content": [{"type": "text", "text": "Hello"}],
        "stop_reason": "end_turn",
        "usage": {"input_tokens": 1, "output_tokens": 1},
    }
).encode()


@pytest.mark.parametrize(
    "value", [lc.Request(model="m", messages=(lc.Message.user("hi"),)), 7], ids=["Request", "int"]
)
def test_a_value_that_is_no_event_source_is_named(value: object) -> None:
    with pytest.raises(lc.ValidationError) as caught:
        lc.assemble(value)  # type: ignore[arg-type]
    article = "an" if isinstance(value, int) else "a"
    assert str(caught.value) == (
        f"lc.assemble takes a stream's canonical events, not {article} {type(value).__name__}: "
        "lc.assemble(lc.stream.decode(provider, chunks)) for a stream's bytes"
    )


@pytest.mark.parametrize("body", [BODY, b"  \n" + BODY], ids=["body", "blank-first"])
def test_a_json_body_decoded_as_a_stream_names_decode_response(body: bytes) -> None:
    with pytest.raises(lc.StreamAssemblyError) as caught:
        lc.assemble(lc.stream.decode("anthropic", [body]))
    message = str(caught.value)
    assert message.startswith("Stream ended without an end event")
    assert message.endswith(
        "the input held no SSE frame: a whole JSON body? read it with lc.decode_response('anthropic', body)"
    )
    assert lc.decode_response("anthropic", BODY).message.parts == (lc.TextPart(text="Hello"),)


def test_a_cut_stream_gets_no_body_hint() -> None:
    cut = b'event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"c"}}\n\n'
    with pytest.raises(lc.StreamAssemblyError) as caught:
        lc.assemble(lc.stream.decode("anthropic", [cut]))
    assert "decode_response" not in str(caught.value)
