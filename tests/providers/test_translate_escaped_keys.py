"""A key spelled with JSON ``\\u`` escapes is the same key: ``lc.translate_request`` gives the body
and notes it gives for the plain spelling (issue #15).

The gateway found a Responses tool's ``strict`` by searching the client's bytes for ``"strict"``, so
``"str\\u0069ct": true`` was lost (the tool went as strict by default, listed); it now takes the
flags the reading recorded (``_typed_readings.TypedReading``). Chat -> Chat found a ``developer`` row
by its bytes (``"d\\u0065veloper"`` went back as ``system``), and a Gemini body's part field no
canonical part carries was looked for by its bytes (an escaped ``mediaResolution`` was refused),
and so were Anthropic-style ``cache_control`` marks (found by the property test); they now look
for the escaped spellings too (``providers/_key_marks.py``). The property test respells random
keys of request bodies of every dialect, to every dialect.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .openai_request_diff import canonical_requests

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {
    "openai": "gpt-5",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "requests"
SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
    "additionalProperties": False,
}


def _escaped(text: str, chosen: Any) -> str:
    """``text`` as a JSON string, each ASCII letter, digit or underscore ``chosen(i)`` picks written
    as a ``\\u00XX`` escape (its hex digits in either case)."""
    out = []
    for i, char in enumerate(text):
        if (char.isascii() and (char.isalnum() or char == "_")) and chosen(i):
            digits = f"{ord(char):04x}"
            out.append("\\u" + (digits.upper() if i % 2 else digits))
        else:
            out.append(json.dumps(char)[1:-1])
    return '"' + "".join(out) + '"'


def _respelled(value: Any, pick: random.Random) -> str:
    """``value`` as JSON, some characters of some of its keys (and of ``"developer"`` values) spelled
    as escapes: the same JSON value."""
    if isinstance(value, dict):
        return (
            "{" + ",".join(f"{_key(key, pick)}:{_respelled(item, pick)}" for key, item in value.items()) + "}"
        )
    if isinstance(value, list):
        return "[" + ",".join(_respelled(item, pick) for item in value) + "]"
    if value == "developer":
        return _key(value, pick)
    return json.dumps(value)


def _key(key: str, pick: random.Random) -> str:
    if pick.random() < 0.5:
        return json.dumps(key)
    return _escaped(key, lambda _: pick.random() < 0.5)


def _everywhere(key: str) -> str:
    return _escaped(key, lambda _: True)


def _translated(source: str, destination: str, body: bytes) -> Any:
    """The body and notes, or the refusal."""
    try:
        built = lc.translate_request(source, destination, body, model=MODELS[destination])
    except lc.LmcodecError as error:
        return type(error).__name__, str(error), getattr(error, "path", None)
    return built.body, built.adaptations


def _responses(*flags: Any) -> dict[str, Any]:
    tools = []
    for i, flag in enumerate(flags):
        tool: dict[str, Any] = {"type": "function", "name": f"f{i}", "parameters": SCHEMA}
        if flag != "absent":
            tool["strict"] = flag
        tools.append(tool)
    return {"model": "gpt-5", "input": "weather in Paris?", "tools": tools}


@pytest.mark.parametrize("destination", DIALECTS)
@pytest.mark.parametrize("flags", [(True,), (True, "absent"), (True, None, True), (False, True)])
def test_an_escaped_strict_key_is_the_key(destination: str, flags: tuple[Any, ...]) -> None:
    plain = json.dumps(_responses(*flags)).encode()
    escaped = plain.replace(b'"strict"', _everywhere("strict").encode())
    assert escaped != plain and json.loads(escaped) == json.loads(plain)
    assert _translated("openai", destination, escaped) == _translated("openai", destination, plain)


def test_an_escaped_strict_key_goes_strict_to_chat() -> None:
    """What the plain spelling gives (``test_translate_strict_across.py``): the flag, no note."""
    body = json.dumps(_responses(True)).encode().replace(b'"strict"', b'"str\\u0069ct"')
    built = lc.translate_request("openai", "openai_chat", body)
    assert [tool["function"].get("strict") for tool in json.loads(built.body)["tools"]] == [True]
    assert built.adaptations == ()


def _chat(*roles: str) -> bytes:
    messages = [{"role": role, "content": f"row {i}"} for i, role in enumerate(roles)]
    return json.dumps({"model": "gpt-4.1-mini", "messages": messages}).encode()


@pytest.mark.parametrize(
    "roles",
    [("developer", "user"), ("system", "developer", "user", "assistant", "developer"), ("user", "developer")],
)
def test_an_escaped_developer_role_is_the_role(roles: tuple[str, ...]) -> None:
    plain = _chat(*roles)
    escaped = plain.replace(b'"developer"', b'"d\\u0065veloper"')
    assert escaped != plain and json.loads(escaped) == json.loads(plain)
    built = lc.translate_request("openai_chat", "openai_chat", escaped)
    assert [row["role"] for row in json.loads(built.body)["messages"]] == list(roles)
    assert _translated("openai_chat", "openai_chat", escaped) == _translated(
        "openai_chat", "openai_chat", plain
    )


def test_an_escaped_gemini_part_field_is_the_field() -> None:
    """A part's ``mediaResolution`` (no canonical part carries it) is read without it, back to
    Gemini where the client wrote it, dropped elsewhere, however the key is spelled."""
    part = {"text": "what is in it?", "mediaResolution": {"level": "MEDIA_RESOLUTION_HIGH"}}
    plain = json.dumps({"contents": [{"role": "user", "parts": [part]}]}).encode()
    escaped = plain.replace(b'"mediaResolution"', _everywhere("mediaResolution").encode())
    assert escaped != plain and json.loads(escaped) == json.loads(plain)
    for destination in DIALECTS:
        assert _translated("gemini", destination, escaped) == _translated("gemini", destination, plain)
    assert not isinstance(_translated("gemini", "gemini", plain)[0], str)  # (read, not refused)


@pytest.mark.parametrize("destination", DIALECTS)
@pytest.mark.parametrize("kind", ["web_search", "web_search_2025_08_26", "web_search_preview"])
def test_an_escaped_web_search_type_is_the_type(kind: str, destination: str) -> None:
    """A dated GA web search tool is read by the passes (as ``web_search_preview``) wherever its
    type is spelled, escaped too (the typed path's hand-over looked for its bytes)."""
    plain = json.dumps({"model": "gpt-5", "input": "hi", "tools": [{"type": kind}]}).encode()
    escaped = plain.replace(b'"web_search', b'"w\\u0065b_search')
    assert escaped != plain and json.loads(escaped) == json.loads(plain)
    assert _translated("openai", destination, escaped) == _translated("openai", destination, plain)


def _marked(source: str) -> dict[str, Any]:
    """A body with Anthropic-style ``cache_control`` marks: an Anthropic one, or a Chat one (which
    LiteLLM and OpenRouter take)."""
    mark = {"type": "ephemeral", "ttl": "1h"}
    block = {"type": "text", "text": "You are terse.", "cache_control": mark}
    if source == "anthropic":
        return {
            "model": "claude-sonnet-4-5",
            "max_tokens": 100,
            "system": [block],
            "messages": [
                {"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": mark}]}
            ],
        }
    rows = [{"role": "system", "content": [block]}, {"role": "user", "content": "hi"}]
    return {"model": "claude-sonnet-4-5", "messages": rows}


@pytest.mark.parametrize("destination", DIALECTS)
@pytest.mark.parametrize("source", ["anthropic", "openai_chat"])
def test_an_escaped_cache_control_key_is_the_key(source: str, destination: str) -> None:
    """Found by the property test below: the marks were looked for by their bytes, so an escaped
    key went without its ``dropped`` notes (Anthropic) or was refused (Chat)."""
    plain = json.dumps(_marked(source)).encode()
    escaped = plain.replace(b'"cache_control"', _everywhere("cache_control").encode())
    assert escaped != plain and json.loads(escaped) == json.loads(plain)
    assert _translated(source, destination, escaped) == _translated(source, destination, plain)


def _hand_made() -> list[tuple[str, dict[str, Any]]]:
    """Bodies holding the keys the gateway looks for beside its reading."""
    chat_tool = {"type": "function", "function": {"name": "f", "parameters": SCHEMA, "strict": True}}
    anthropic_tool = {"name": "f", "input_schema": SCHEMA, "strict": True}
    return [
        ("openai", _responses(True, "absent", None)),
        ("openai", _responses(False, True)),
        ("openai_chat", json.loads(_chat("system", "developer", "user", "developer"))),
        (
            "openai_chat",
            {"model": "gpt-5", "messages": [{"role": "user", "content": "hi"}], "tools": [chat_tool]},
        ),
        (
            "anthropic",
            {
                "model": "claude-sonnet-4-5",
                "max_tokens": 100,
                "messages": [{"role": "user", "content": "hi"}],
                "tools": [anthropic_tool],
            },
        ),
        ("openai", {"model": "gpt-5", "input": "hi", "stream": True}),
        ("anthropic", _marked("anthropic")),
        ("openai_chat", _marked("openai_chat")),
        (
            "gemini",
            {"contents": [{"role": "user", "parts": [{"text": "hi", "mediaResolution": {"level": "x"}}]}]},
        ),
    ]


def _fixtures() -> list[tuple[str, dict[str, Any]]]:
    return [
        (source, json.loads(path.read_bytes()))
        for source in DIALECTS
        for path in sorted((FIXTURES / source).glob("*.json"))
    ]


_SHAPES = _hand_made() + _fixtures()


@st.composite
def _bodies(draw: Any) -> tuple[str, dict[str, Any]]:
    """A source dialect and a body of it: a fixture, a hand-made shape, or lm15's body for a Request."""
    if draw(st.booleans()):
        return draw(st.sampled_from(_SHAPES))
    source = draw(st.sampled_from(DIALECTS))
    request = draw(canonical_requests())
    try:
        body = lc.build_request(source, request).body
    except (lc.LmcodecError, OSError):  # lm15 refuses it, or a part names a file not there
        return draw(st.sampled_from(_SHAPES))
    return source, json.loads(body)


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_bodies(), st.sampled_from(DIALECTS), st.integers(0, 2**32 - 1).map(random.Random))
def test_respelled_keys_translate_as_the_plain_ones(
    shaped: tuple[str, dict[str, Any]], destination: str, pick: random.Random
) -> None:
    source, value = shaped
    plain = json.dumps(value).encode()
    respelled = _respelled(value, pick).encode()
    assert json.loads(respelled) == value
    assert _translated(source, destination, respelled) == _translated(source, destination, plain)
