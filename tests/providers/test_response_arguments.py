"""What decode_response does with the body's type: its JSON as bytes, bytearray, memoryview or str
reads the same in every dialect; anything else is a TypeError saying what was expected."""

from __future__ import annotations

from typing import Any

import pytest

import lmcodec as lc

BODIES = {  # the smallest complete body each dialect's reader takes, one non-ASCII text
    "openai": '{"id":"r","model":"m","status":"completed","output":[{"type":"message","role":"assistant",'
    '"content":[{"type":"output_text","text":"héllo"}]}]}',
    "openai_chat": '{"id":"c","model":"m","choices":[{"index":0,"message":{"role":"assistant",'
    '"content":"héllo"},"finish_reason":"stop"}]}',
    "anthropic": '{"id":"m1","type":"message","role":"assistant","model":"m",'
    '"content":[{"type":"text","text":"héllo"}],"stop_reason":"end_turn"}',
    "gemini": '{"candidates":[{"content":{"role":"model","parts":[{"text":"héllo"}]},'
    '"finishReason":"STOP"}],"modelVersion":"m"}',
}


@pytest.mark.parametrize("dialect", BODIES)
def test_the_same_body_as_str_bytes_bytearray_and_memoryview_reads_the_same(dialect: str) -> None:
    text = BODIES[dialect]
    data = text.encode()
    read = lc.decode_response(dialect, data)
    assert read.text == "héllo"
    for body in (text, bytearray(data), memoryview(data)):
        assert lc.decode_response(dialect, body) == read


@pytest.mark.parametrize("dialect", BODIES)
@pytest.mark.parametrize("body", [None, [1], 3, {"id": "r"}], ids=repr)
def test_a_body_that_is_not_json_text_is_a_type_error_in_every_dialect(dialect: str, body: Any) -> None:
    """As decode_request says it (msgspec's own message named no argument)."""
    expected = f"body must be the response's JSON as bytes or str, not {type(body).__name__}"
    with pytest.raises(TypeError, match=expected):
        lc.decode_response(dialect, body)
