"""A str subclass where a str goes (a tagged id or text, a model set by ``msgspec.structs.replace``)
is written as its str, as lm15's ``json.dumps`` writes it, by every request builder, body writer and
stream writer (red team 40 F01: a bare msgspec TypeError before)."""

from __future__ import annotations

import enum
import re
from typing import Any

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


class Count(int):
    """An int subclass a user may hold (a numpy-like integer)."""


class Ratio(float):
    """A float subclass a user may hold (numpy.float64 is one)."""


class Colour(str, enum.Enum):
    """A str mixin enum, as a schema's enum values are often spelled."""

    RED = "red"


class Level(enum.IntEnum):
    """An int enum."""

    LOW = 1


def _tagged(value: Any) -> Any:
    """``value`` (JSON) with every str, int and float made a subclass instance, keys too."""
    if isinstance(value, dict):
        return {Tagged(key): _tagged(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_tagged(item) for item in value]
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return Tagged(value)
    if isinstance(value, int):
        return Count(value)
    return Ratio(value) if isinstance(value, float) else value


SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "colour": {"type": "string", "enum": ["red", "blue"], "description": "a colour"},
        "n": {"type": "integer", "minimum": 1, "maximum": 2.5},
        "items": {"type": "array", "items": {"type": "object", "properties": {}}},
    },
    "required": ["colour"],
}


def _schema_request(provider: str, schema: dict[str, Any], value: Any) -> lc.Request:
    user = lc.Message(role="user", parts=(lc.TextPart(text="hi"),))
    code = lc.BuiltinTool(name="code_execution", config={"k": value})
    builtin = () if provider == "openai_chat" else (code,)
    return lc.Request(
        model="m",
        messages=(user,),
        tools=(lc.FunctionTool(name="f", parameters=schema), *builtin),  # (Chat carries no builtin tool)
        config=lc.Config(
            response_format={"type": "json_schema", "name": "n", "schema": schema},
            extensions={"metadata": {"k": value}},
        ),
    )


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize(("value", "plain"), [(Colour.RED, "red"), (Level.LOW, 1), (Ratio(0.5), 0.5)])
def test_build_request_writes_subclass_schemas_and_settings_as_their_values(
    provider: str, value: Any, plain: Any
) -> None:
    """Tool schemas, a builtin tool's config, a response format and extensions made of str, int and
    float subclasses and str/int enums are written as the plain values are (the Gemini tools and
    schema memos and the crossing's schema test key them by their JSON; rtleft24)."""
    tagged = lc.build_request(provider, _schema_request(provider, _tagged(SCHEMA), value)).body
    assert tagged == lc.build_request(provider, _schema_request(provider, SCHEMA, plain)).body


def _thinking_events(signature: str, provider: str, kind: str, key: str) -> list[lc.StreamEvent]:
    state = lc.ContinuationDelta(part_index=0, provider=provider, kind=kind, data={key: signature})
    return [
        lc.StreamStartEvent(id="r", model="m"),
        lc.StreamDeltaEvent(delta=lc.ThinkingDelta(part_index=0, text="t")),
        lc.StreamDeltaEvent(delta=state),
        lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=1, text="a")),
        lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage()),
    ]


CARRIED = [("gemini", "thought_signature", "value"), ("anthropic", "redacted_thinking", "data")]


@pytest.mark.parametrize(("provider", "kind", "key"), CARRIED)
def test_stream_encode_carries_a_str_subclass_signature(provider: str, kind: str, key: str) -> None:
    """Another provider's signed thinking to a Responses client rides in lmcodec's carriage
    (``encrypted_content``), whose encoder now writes a tagged signature as its str (rtleft24:
    a bare msgspec TypeError before)."""
    tagged = _thinking_events(Tagged("c2ln"), Tagged(provider), Tagged(kind), Tagged(key))
    written = b"".join(lc.stream.encode("openai", tagged))
    plain = b"".join(lc.stream.encode("openai", _thinking_events("c2ln", provider, kind, key)))
    assert _masked(written) == _masked(plain)


@pytest.mark.parametrize(("provider", "kind", "key"), CARRIED)
def test_encode_response_carries_a_str_subclass_signature(provider: str, kind: str, key: str) -> None:
    def response(signature: str) -> lc.Response:
        state = lc.ContinuationState(provider=provider, kind=kind, data={key: signature})
        parts = (lc.ThinkingPart(text="t", continuation=(state,)), lc.TextPart(text="a"))
        message = lc.Message(role="assistant", parts=parts)
        return lc.Response(id="r", model="m", message=message, finish_reason="stop", usage=lc.Usage())

    written = lc.encode_response("openai", response(Tagged("c2ln")))
    assert _masked(written) == _masked(lc.encode_response("openai", response("c2ln")))
