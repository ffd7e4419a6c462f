"""A str subclass where a str goes (a tagged id or text, a model set by ``msgspec.structs.replace``)
is written as its str, as lm15's ``json.dumps`` writes it, by every request builder, body writer and
stream writer (red team 40 F01: a bare msgspec TypeError before)."""

from __future__ import annotations

import re

import msgspec
import pytest

import lmcodec as lc

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
GEMINI_BODY = (
    b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"hi"}]},"finishReason":"STOP"}]}\n\n'
)


class Tagged(str):
    """A str subclass a user may hold (a tagged id, a str mixin)."""


def _request(text: str, model: str) -> lc.Request:
    user = lc.Message(role="user", parts=(lc.TextPart(text=text),))
    return msgspec.structs.replace(lc.Request(model="gemini-2.0", messages=(user,)), model=model)


def _response(text: str, model: str) -> lc.Response:
    answer = lc.Message(role="assistant", parts=(lc.TextPart(text=text),))
    response = lc.Response(id="r", model="m", message=answer, finish_reason="stop", usage=lc.Usage())
    return msgspec.structs.replace(response, model=model)


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("field", ["text", "model"])
def test_build_request_writes_a_str_subclass_as_its_str(provider: str, field: str) -> None:
    text, model = ("hi", "gemini-2.0")
    tagged = _request(Tagged(text) if field == "text" else text, Tagged(model) if field == "model" else model)
    assert lc.build_request(provider, tagged).body == lc.build_request(provider, _request(text, model)).body


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("field", ["text", "model"])
def test_encode_response_writes_a_str_subclass_as_its_str(provider: str, field: str) -> None:
    text, model = ("yo", "m")
    tagged = _response(Tagged(text) if field == "text" else text, Tagged(model) if field == "model" else "m")
    written = lc.encode_response(provider, tagged)
    assert _masked(written) == _masked(lc.encode_response(provider, _response(text, model)))


@pytest.mark.parametrize("dst", PROVIDERS)
def test_translate_with_a_str_subclass_request_model(dst: str) -> None:
    def run(model: str) -> bytes:
        return b"".join(lc.stream.translate("gemini", dst, [GEMINI_BODY], request=_request("hi", model)))

    tagged, plain = run(Tagged("gemini-2.0")), run("gemini-2.0")
    masked = [_masked(out) for out in (tagged, plain)]
    if dst != "gemini":  # (Gemini to Gemini passes the chunks through)
        assert b"gemini-2.0" in tagged
    assert masked[0] == masked[1]


def _masked(out: bytes) -> bytes:
    """The stream or body with its generated ids and times blanked (they differ run to run)."""
    return re.sub(rb'"(id|created|created_at|item_id|responseId)":("[^"]*"|[\d.]+)', rb'"\1":_', out)


def _events(text: str, model: str) -> list[lc.StreamEvent]:
    return [
        lc.StreamStartEvent(id="r", model=model),
        lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text=text)),
        lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage()),
    ]


@pytest.mark.parametrize("dst", PROVIDERS)
@pytest.mark.parametrize("field", ["text", "model"])
def test_stream_encode_writes_a_str_subclass_as_its_str(dst: str, field: str) -> None:
    text, model = ("yo", "m")
    tagged = _events(Tagged(text) if field == "text" else text, Tagged(model) if field == "model" else model)
    written = b"".join(lc.stream.encode(dst, tagged))
    assert _masked(written) == _masked(b"".join(lc.stream.encode(dst, _events(text, model))))
