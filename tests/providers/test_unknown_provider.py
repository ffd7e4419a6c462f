"""providers/_errors.py ``unknown_provider``: a value given where the provider name goes is
quoted bounded, a non-str named by its type with the likeliest cause (red team 54 F02:
``lc.encode_response(response, "openai_chat")`` raised a message of 2,000,358 characters, the
whole Response, in five places)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import lmcodec as lc

BIG = "x" * 2_000_000
REQUEST = lc.Request(model="m", messages=(lc.Message.user(BIG),))
RESPONSE = lc.Response(
    id="r", model="m", message=lc.Message.assistant(BIG), finish_reason="stop", usage=lc.Usage()
)
BODY = BIG.encode()

SWAPPED: dict[str, tuple[Callable[[], Any], str]] = {
    "encode_response": (lambda: lc.encode_response(RESPONSE, "openai_chat"), "Response"),  # type: ignore[arg-type]
    "build_request": (lambda: lc.build_request(REQUEST, "openai"), "Request"),  # type: ignore[arg-type]
    "decode_response": (lambda: lc.decode_response(BODY, "anthropic"), "bytes"),  # type: ignore[arg-type]
    "stream.decode": (lambda: list(lc.stream.decode(BODY, [b"data: {}\n\n"])), "bytes"),  # type: ignore[arg-type]
    "stream.encode": (lambda: list(lc.stream.encode(RESPONSE, [])), "Response"),  # type: ignore[arg-type]
    "stream.translate": (lambda: list(lc.stream.translate(BODY, "openai", [])), "bytes"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("name", sorted(SWAPPED))
def test_swapped_arguments_are_named_by_type(name: str) -> None:
    call, type_name = SWAPPED[name]
    with pytest.raises(lc.ValidationError) as caught:
        call()
    message = str(caught.value)
    assert len(message) < 300, message[:300]
    assert f"unknown provider: a {type_name} was passed where the provider name goes" in message
    assert "arguments swapped? the provider name comes first" in message


def test_a_long_unknown_name_is_quoted_bounded() -> None:
    with pytest.raises(lc.ValidationError) as caught:
        lc.decode_response(BIG, b"{}")
    message = str(caught.value)
    assert len(message) < 300 and "(2,000,000 characters)" in message, message[:300]
    assert message.endswith("expected one of ['anthropic', 'gemini', 'openai', 'openai_chat']")
