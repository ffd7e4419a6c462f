"""``translate_request`` without ``stream=`` follows the client's body (red team 24 F11): a body saying
``"stream": true`` goes to the backend as a streaming request; ``stream=`` given, it decides."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _translate_request
from lmcodec.providers._translate_request import _body_streams

from ..budget import examples
from .gateway_support import anthropic_body, chat_body, responses_body

DESTINATIONS = ("openai", "openai_chat", "anthropic", "gemini")


def _streams(built: Any, destination: str) -> bool:
    if destination == "gemini":
        return "streamGenerateContent" in built.path
    return json.loads(built.body).get("stream") is True


def _body(source: str, flag: Any) -> bytes:
    body: dict[str, Any]
    if source == "openai":
        body = {"model": "gpt-5", "input": "hi"}
    elif source == "openai_chat":
        body = {"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}]}
    else:
        body = {
            "model": "claude-sonnet-4-5",
            "max_tokens": 64,
            "messages": [{"role": "user", "content": "hi"}],
        }
    if flag != "absent":
        body["stream"] = flag
    return json.dumps(body).encode()


@pytest.mark.parametrize("destination", DESTINATIONS)
def test_an_sdk_streaming_body_streams_without_the_keyword(destination: str) -> None:
    message = [{"role": "user", "content": "hi"}]
    bodies = {
        "openai": responses_body(model="gpt-5", input="hi", stream=True),
        "openai_chat": chat_body(model="gpt-4.1", messages=message, stream=True),
        "anthropic": anthropic_body(model="claude-sonnet-4-5", max_tokens=64, messages=message, stream=True),
    }
    for source, body in bodies.items():
        assert json.loads(body)["stream"] is True
        assert _streams(lc.translate_request(source, destination, body, model="m"), destination), source
        assert not _streams(
            lc.translate_request(source, destination, body, model="m", stream=False), destination
        )


@settings(max_examples=examples(80), deadline=None)
@given(
    source=st.sampled_from(["openai", "openai_chat", "anthropic"]),
    destination=st.sampled_from(DESTINATIONS),
    flag=st.sampled_from([True, False, None, "absent"]),
    keyword=st.sampled_from([True, False, None]),
)
def test_the_keyword_decides_else_the_body(source: str, destination: str, flag: Any, keyword: Any) -> None:
    built = lc.translate_request(source, destination, _body(source, flag), model="m", stream=keyword)
    assert _streams(built, destination) is (flag is True if keyword is None else keyword)


def test_a_key_spelled_with_escapes_is_the_same_key() -> None:
    body = b'{"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}], "\\u0073tream": true}'
    assert _streams(lc.translate_request("openai_chat", "anthropic", body), "anthropic")


def test_a_gemini_body_streams_when_the_gateway_says_so() -> None:
    body = json.dumps({"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}).encode()
    assert not _streams(lc.translate_request("gemini", "gemini", body), "gemini")
    assert _streams(lc.translate_request("gemini", "gemini", body, stream=True), "gemini")


def _says_stream(body: bytes) -> bool:
    """The rule as a parse: the body is a JSON object whose ``stream`` is ``true``."""
    try:
        value = json.loads(body)
    except ValueError:
        return False
    return isinstance(value, dict) and value.get("stream") is True


_STREAM_VALUES = st.sampled_from([True, False, None, "true", 1, "absent"])
_TEXTS = st.sampled_from(["hi", '"stream"', "stream", "\\u0073", "é"])


@settings(max_examples=examples(300), deadline=None)
@given(_STREAM_VALUES, _TEXTS, st.booleans(), st.sampled_from([bytes, bytearray, memoryview]))
def test_the_body_s_stream_flag_is_read_as_a_parse_reads_it(
    flag: Any, text: str, escaped: bool, kind: Any
) -> None:
    """``_translate_request._body_streams`` (byte searches, then a decode of the one key) against a
    parse of the body: its key as bytes or escaped, ``"stream"`` in a text, a body that is not JSON."""
    value: dict[str, Any] = {"model": "m", "input": text}
    if flag != "absent":
        value["stream"] = flag
    body = json.dumps(value, ensure_ascii=False).encode()
    if escaped:
        body = body.replace(b'"stream"', b'"\\u0073tream"')
    for sent in (body, body[:-1]):
        assert _body_streams(kind(sent)) is _says_stream(sent)


def _key_respelled(draw: st.DrawFn) -> bytes:
    """``"stream"`` with each letter as it is or as its ``\\u00XX`` escape (hex digits in either case)."""
    letters = []
    for char in "stream":
        form = draw(st.sampled_from(["plain", "lower", "upper"]))
        digits = f"{ord(char):04x}"
        letters.append(char if form == "plain" else "\\u" + (digits if form == "lower" else digits.upper()))
    return ('"' + "".join(letters) + '"').encode()


def _searched_before(data: bytes) -> bool:
    """``_body_streams`` before tinyreq18: a decode wherever the body held ``\\u`` at all."""
    if data.find(b'"stream"') < 0 and data.find(b"\\u") < 0:
        return False
    return _says_stream(data)


@settings(max_examples=examples(400), deadline=None)
@given(st.data(), _STREAM_VALUES, st.text(max_size=6), st.booleans())
def test_the_escape_search_finds_every_spelling_of_the_key(
    data: st.DataObject, flag: Any, text: str, ascii_only: bool
) -> None:
    """The key with any of its letters escaped, beside texts json.dumps escapes (``\\u00e9``,
    ``\\u2019``, surrogate pairs): the same answer as a parse and as the search before."""
    value: dict[str, Any] = {"model": "m", "input": text}
    if flag != "absent":
        value["stream"] = flag
    body = json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    body = body.replace(b'"stream"', data.draw(st.composite(_key_respelled)()))
    assert _body_streams(body) is _says_stream(body) is _searched_before(body)


def test_escapes_of_other_characters_are_not_decoded_for_the_key() -> None:
    """A body without the key whose text json.dumps escaped (a Python client's non-ASCII text) is
    answered by the searches alone: no decode of the whole body, which on a 4 kB body cost as much
    as the searches' step through it for ``\\u``."""
    body = json.dumps(
        {"model": "m", "messages": [{"role": "user", "content": "caf\u00e9 \u2019 \U0001f642 " * 50}]}
    ).encode()
    assert b"\\u" in body
    with mock.patch.object(_translate_request, "_STREAM_FLAG", _Refusing()):
        assert _body_streams(body) is False


class _Refusing:
    def decode(self, data: bytes) -> Any:
        raise AssertionError("the body was decoded for its stream flag")
