"""A client's request body in UTF-8 with a byte order mark, or in UTF-16/32, is read as its UTF-8
form, as ``json.loads(bytes)`` (Starlette's ``request.json()``) and ``lc.decode_response`` read such a
body (red team 10, F06: ``decode_request`` and ``translate_request`` refused it, "invalid character
(byte 0)"). docs/hostile-input.md H8."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

_BODIES: dict[str, dict[str, Any]] = {
    "openai": {"model": "gpt-4.1", "input": [{"role": "user", "content": "h\u00e9 \U0001f600"}]},
    "openai_chat": {"model": "gpt-4.1", "messages": [{"role": "user", "content": "h\u00e9 \U0001f600"}]},
    "anthropic": {
        "model": "claude",
        "max_tokens": 10,
        "messages": [{"role": "user", "content": "h\u00e9 \U0001f600"}],
    },
    "gemini": {"contents": [{"role": "user", "parts": [{"text": "h\u00e9 \U0001f600"}]}]},
}
_ENCODINGS = {
    "utf-8 with a mark": lambda text: b"\xef\xbb\xbf" + text.encode(),
    "utf-16": lambda text: text.encode("utf-16"),
    "utf-16-le": lambda text: text.encode("utf-16-le"),
    "utf-16-be": lambda text: text.encode("utf-16-be"),
    "utf-32": lambda text: text.encode("utf-32"),
    "utf-32-be": lambda text: text.encode("utf-32-be"),
}


@pytest.mark.parametrize("encoding", list(_ENCODINGS))
@pytest.mark.parametrize("dialect", list(_BODIES))
def test_a_request_body_is_read_in_the_encodings_json_loads_reads(dialect: str, encoding: str) -> None:
    text = json.dumps(_BODIES[dialect])
    body = _ENCODINGS[encoding](text)
    assert json.loads(body) == _BODIES[dialect]  # what a gateway's own JSON reading gives
    model = "gemini-2.5-flash" if dialect == "gemini" else None
    assert lc.decode_request(dialect, body, model=model) == lc.decode_request(dialect, text, model=model)
    for destination in ("anthropic", "gemini"):
        expected = lc.translate_request(dialect, destination, text.encode(), model=model)
        assert lc.translate_request(dialect, destination, body, model=model) == expected


def test_a_body_its_encoding_cannot_decode_is_a_decode_error() -> None:
    body = "{".encode("utf-16") + b"\x00\xd8"  # a lone surrogate
    with pytest.raises(lc.DecodeError, match="not JSON"):
        lc.decode_request("openai_chat", body)
    with pytest.raises(lc.DecodeError, match="not JSON"):
        lc.translate_request("openai_chat", "anthropic", body)
