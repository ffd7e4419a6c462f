"""``lc.decode_response`` of an SSE stream names the stream reader (red team 54 F13: it said
"not JSON" only)."""

from __future__ import annotations

import pytest

import lmcodec as lc

SSE = b'event: message_start\ndata: {"type":"message_start"}\n\n'
HINT = "; it is an SSE stream: lc.assemble(lc.stream.decode(provider, [body])). Body starts:"


@pytest.mark.parametrize("body", [SSE, b"\r\n" + SSE, b'data: {"x": 1}\n\n', b"data:{}\n\n"])
def test_an_sse_body_names_assemble(body: bytes) -> None:
    with pytest.raises(lc.DecodeError) as caught:
        lc.decode_response("anthropic", body)
    assert HINT in str(caught.value)


@pytest.mark.parametrize("body", [b"<html>bad gateway</html>", b"not json", b"database: x"])
def test_other_text_gets_no_stream_hint(body: bytes) -> None:
    with pytest.raises(lc.DecodeError) as caught:
        lc.decode_response("anthropic", body)
    assert "SSE" not in str(caught.value)
