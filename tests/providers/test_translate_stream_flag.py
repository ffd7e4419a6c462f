"""``translate_request`` without ``stream=`` follows the client's body (red team 24 F11): a body saying
``"stream": true`` goes to the backend as a streaming request; ``stream=`` given, it decides."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _translate_request
from lmcodec.providers._gateway_read import _replayed_read
from lmcodec.providers._translate_request import _body_streams
from lmcodec.providers._typed_readings import TYPED_READERS, TYPED_WITHOUT_SURVEY

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


# The flag handed over by the typed readings (handover19): each typed view decodes ``stream``
# already, so translate_request takes it from the reading and searches the bytes only where no
# typed reading took the body (the dict fallback). The handed-over value must be the search's on
# every spelling: escaped letters, white space, a repeated key (the last one counts), the key
# nested below the top level.

_SOURCES = ("openai", "openai_chat", "anthropic")
_TOOL_SCHEMA = '{"type": "object", "properties": {"stream": {"type": "boolean"}}}'
"""A function tool whose parameters name a ``stream`` property: the key nested below the top level."""


def _members(source: str, text: str, tool: bool) -> list[str]:
    """The top-level members of a one-message ``source`` body (JSON text, in lm15's order)."""
    quoted = json.dumps(text)
    if source == "openai":
        members = ['"model": "gpt-5"', f'"input": [{{"role": "user", "content": {quoted}}}]']
        if tool:
            members.append(f'"tools": [{{"type": "function", "name": "t", "parameters": {_TOOL_SCHEMA}}}]')
        return members
    message = f'"messages": [{{"role": "user", "content": {quoted}}}]'
    if source == "openai_chat":
        members = ['"model": "gpt-4.1"', message]
        if tool:
            function = f'{{"name": "t", "parameters": {_TOOL_SCHEMA}}}'
            members.append(f'"tools": [{{"type": "function", "function": {function}}}]')
        return members
    members = ['"model": "claude-sonnet-4-5"', '"max_tokens": 64', message]
    if tool:
        members.append(f'"tools": [{{"name": "t", "input_schema": {_TOOL_SCHEMA}}}]')
    return members


_SPACINGS = (":", " : ", ":\n  ", "\t:")
_FLAG_VALUES = ("true", "false", "null", '"true"', "1")


@st.composite
def _flagged_bodies(draw: st.DrawFn) -> tuple[str, bytes]:
    """A source and its one-message body with zero to three top-level ``stream`` members, each key
    spelled with any letters escaped, each with its own spacing and value, at drawn places among
    the other members; maybe a tool whose schema names a ``stream`` property, maybe a text that
    holds ``"stream": true``."""
    source = draw(st.sampled_from(_SOURCES))
    text = draw(st.sampled_from(["hi", '"stream": true', "\\u0073tream", "caf\u00e9"]))
    members = _members(source, text, draw(st.booleans()))
    for _ in range(draw(st.integers(0, 3))):
        key = draw(_key_respelled_strategy).decode()
        member = key + draw(st.sampled_from(_SPACINGS)) + draw(st.sampled_from(_FLAG_VALUES))
        members.insert(draw(st.integers(0, len(members))), member)
    return source, ("{" + ", ".join(members) + "}").encode()


_key_respelled_strategy = st.composite(_key_respelled)()


def _readings(source: str, body: bytes) -> list[Any]:
    """The typed readings translate_request asks of ``body``: toward another dialect (with the
    survey) and toward its own, each None where it refuses the body."""
    return [TYPED_READERS[source](body, None), TYPED_WITHOUT_SURVEY[source](body, None)]


@settings(max_examples=examples(400), deadline=None)
@given(_flagged_bodies(), st.sampled_from(DESTINATIONS))
def test_the_handed_over_flag_is_the_searched_one(drawn: tuple[str, bytes], destination: str) -> None:
    """Each typed reading's stream flag (``TypedReading``'s last value) against ``_body_streams``'
    search and a parse; translate_request without ``stream=`` gives what it gives told the searched
    flag (the same request and notes, or the same refusal of a flag that is no boolean)."""
    source, body = drawn
    searched = _body_streams(body)
    assert searched is _says_stream(body)
    for reading in _readings(source, body):
        assert reading is None or reading[4] is searched
    assert _outcome(source, destination, body, None) == _outcome(source, destination, body, searched)


def _outcome(source: str, destination: str, body: bytes, stream: bool | None) -> Any:
    try:
        built = lc.translate_request(source, destination, body, model="m", stream=stream)
    except lc.LmcodecError as error:
        return type(error).__name__, str(error), getattr(error, "path", None)
    return built.path, built.body, built.adaptations


_TRICKY = {
    "escaped": '"\\u0073tr\\u0065am": true',
    "upper hex": '"s\\u0074re\\u006Dm": true',
    "spaced": '"stream" :\n true',
    "true then false": '"stream": true, "stream": false',
    "false then true": '"stream": false, "st\\u0072eam": true',
}


@pytest.mark.parametrize("source", _SOURCES)
@pytest.mark.parametrize("spelling", list(_TRICKY))
def test_the_typed_readings_take_odd_spellings_and_agree(source: str, spelling: str) -> None:
    """The odd spellings are read by the typed views (not left to the search), and hand over what
    the search finds; a tool schema's nested ``stream`` is no flag."""
    members = _members(source, '"stream": true', tool=True)
    body = ("{" + ", ".join([*members, _TRICKY[spelling]]) + "}").encode()
    readings = _readings(source, body)
    assert None not in readings
    for reading in readings:
        assert reading[4] is _body_streams(body) is _says_stream(body)


@pytest.mark.parametrize("source", _SOURCES)
@pytest.mark.parametrize("destination", DESTINATIONS)
@pytest.mark.parametrize("flag", [True, False, "absent"])
def test_a_body_a_typed_view_reads_is_not_searched(source: str, destination: str, flag: Any) -> None:
    """Where a typed reading took the body, its flag is the one used: the bytes are not searched
    for the key (``_body_streams``, 4.4-5.5k instructions a one-message call before)."""
    body = _body(source, flag)
    with mock.patch.object(_translate_request, "_body_streams", side_effect=AssertionError("searched")):
        built = lc.translate_request(source, destination, body, model="m")
    assert _streams(built, destination) is (flag is True)


def test_a_body_no_typed_view_reads_is_searched() -> None:
    """A Chat body with an Anthropic-style cache mark (refused by the typed views, read by the
    passes): its flag is searched for, and followed."""
    body = json.dumps(
        {
            "model": "gpt-4.1",
            "messages": [{"role": "user", "content": "hi", "cache_control": {"type": "ephemeral"}}],
            "st\u0072eam": True,
        }
    ).encode()
    assert TYPED_READERS["openai_chat"](body, None) is None
    with mock.patch.object(_translate_request, "_body_streams", wraps=_body_streams) as searched:
        built = lc.translate_request("openai_chat", "anthropic", body, model="m")
    assert searched.call_count == 1
    assert _streams(built, "anthropic")


# A Codex body (a replayed phase: read in one decode by ``_gateway_read._replayed_read``, not by the
# typed readings above) hands over the flag its view decoded too (codexid20: ``ClientReading``'s
# last value), where it was searched for in the bytes.

_PHASED_INPUT = (
    '"input": [{"role": "user", "content": "hi"}, {"type": "message", "role": "assistant", '
    '"id": "msg_1", "phase": "commentary", '
    '"content": [{"type": "output_text", "text": "\\"stream\\": true"}]}]'
)


@st.composite
def _flagged_codex_bodies(draw: st.DrawFn) -> bytes:
    """A Codex-like body with zero to three top-level ``stream`` members, each key respelled, each
    with its own spacing and value, at drawn places; a text holding ``"stream": true``."""
    members = ['"model": "gpt-5-codex"', _PHASED_INPUT]
    if draw(st.booleans()):
        members.append(f'"tools": [{{"type": "function", "name": "t", "parameters": {_TOOL_SCHEMA}}}]')
    for _ in range(draw(st.integers(0, 3))):
        key = draw(_key_respelled_strategy).decode()
        member = key + draw(st.sampled_from(_SPACINGS)) + draw(st.sampled_from(_FLAG_VALUES))
        members.insert(draw(st.integers(0, len(members))), member)
    return ("{" + ", ".join(members) + "}").encode()


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_flagged_codex_bodies(), st.sampled_from(DESTINATIONS))
def test_a_codex_body_s_handed_over_flag_is_the_searched_one(body: bytes, destination: str) -> None:
    """The typed views' reading of a Codex body: its flag against ``_body_streams``' search and a
    parse; translate_request without ``stream=`` gives what it gives told the searched flag."""
    searched = _body_streams(body)
    assert searched is _says_stream(body)
    read = _replayed_read(body, destination, None)
    assert read is None or read[-1] is searched
    assert _outcome("openai", destination, body, None) == _outcome("openai", destination, body, searched)


@pytest.mark.parametrize("destination", DESTINATIONS)
@pytest.mark.parametrize("flag", [True, False, "absent"])
def test_a_codex_body_is_not_searched(destination: str, flag: Any) -> None:
    """A Codex body the typed views read whole: the flag they decoded is the one used, the bytes are
    not searched for the key (``_body_streams``: a ``find`` through the body, then a decode of it)."""
    body = ("{" + ", ".join(['"model": "gpt-5-codex"', _PHASED_INPUT]) + "}").encode()
    if flag != "absent":
        body = body[:-1] + b', "stream": ' + json.dumps(flag).encode() + b"}"
    assert _replayed_read(body, destination, None) is not None
    with mock.patch.object(_translate_request, "_body_streams", side_effect=AssertionError("searched")):
        built = lc.translate_request("openai", destination, body, model="m")
    assert _streams(built, destination) is (flag is True)
