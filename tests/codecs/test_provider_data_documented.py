"""What the encoders do with ``Response.provider_data``, said where a caller looks (red team 54
F06: ``lc.decode(lc.encode(r), lc.Response) != r`` for a Response read from a provider, and
``lc.encode``'s one-line docstring named neither the field nor the keyword)."""

from __future__ import annotations

from typing import Any

import pytest

import lmcodec as lc

RESPONSE = lc.Response(
    id="r",
    model="m",
    message=lc.Message.assistant("hi"),
    finish_reason="stop",
    usage=lc.Usage(),
    provider_data={"type": "message_stop"},
)


@pytest.mark.parametrize(
    "function", [lc.encode, lc.to_builtins, lc.msgpack.encode, lc.jsonl.write], ids=lambda f: f.__qualname__
)
def test_the_docstring_says_provider_data_needs_the_keyword(function: Any) -> None:
    doc = " ".join((function.__doc__ or "").split())
    assert "provider_data" in doc and "include_provider_data" in doc, doc


def test_what_the_docstring_says_holds() -> None:
    assert lc.decode(lc.encode(RESPONSE), lc.Response) != RESPONSE
    assert lc.decode(lc.encode(RESPONSE, include_provider_data=True), lc.Response) == RESPONSE
    assert lc.msgpack.decode(lc.msgpack.encode(RESPONSE, include_provider_data=True), lc.Response) == RESPONSE
