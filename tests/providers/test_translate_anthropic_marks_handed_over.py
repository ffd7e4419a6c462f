"""An Anthropic client's cache marks toward another dialect, handed over by the typed reading
(handover19): a body the reading took off its usual keys with no block marked (its system prompt
a string, its tools plain function tools) holds no ``cache_control`` where
``_crossing_cache_marks.anthropic_marks_out`` looks, so translate_request skips that pass (its byte
search, 8.5k instructions a one-message call before); any other body is searched as before. The
handed-over finding must give what the search gives: marks on system blocks, tools, message blocks
and a tool result's blocks, the key escaped, repeated, or named inside a tool's schema or a call's
input (where it is no mark)."""

from __future__ import annotations

import json
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _translate_request
from lmcodec.providers._crossing_cache_marks import anthropic_marks
from lmcodec.providers._typed_readings import TYPED_READERS

from ..budget import examples
from .survey_support import marked_places

DESTINATIONS = ("openai", "openai_chat", "gemini")
MODELS = {"openai": "gpt-4.1", "openai_chat": "gpt-4.1", "gemini": "gemini-2.5-flash"}
_MARK = {"type": "ephemeral"}
_LONG = {"type": "ephemeral", "ttl": "1h"}


def _block(text: str, mark: Any) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "text", "text": text}
    if mark is not None:
        block["cache_control"] = mark
    return block


@st.composite
def _bodies(draw: st.DrawFn) -> bytes:
    """An Anthropic body whose marks (if any) sit where the gateway notes them or nowhere: a system
    prompt as a string or blocks, plain or marked tools, a tool loop, marked blocks, the key
    ``cache_control`` inside a schema, a call's input and a text; the key then respelled with
    escapes or repeated in a block."""
    marks = st.sampled_from([None, None, _MARK, _LONG])
    value: dict[str, Any] = {"model": "claude-sonnet-4-5", "max_tokens": 256}
    system = draw(st.sampled_from(["absent", "string", "blocks"]))
    if system == "string":
        value["system"] = "Be terse."
    elif system == "blocks":
        value["system"] = [_block("Be terse.", draw(marks))]
    if draw(st.booleans()):
        tool: dict[str, Any] = {
            "name": "lookup",
            "input_schema": {"type": "object", "properties": {"cache_control": {"type": "string"}}},
        }
        if (mark := draw(marks)) is not None:
            tool["cache_control"] = mark
        value["tools"] = [tool]
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": [_block("a", draw(marks)), _block('"cache_control"', draw(marks))]}
    ]
    if draw(st.booleans()):
        result: Any = draw(st.sampled_from(["42", [_block("42", None)], [_block("42", _MARK)]]))
        messages += [
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {"cache_control": 1}}
                ],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": result}],
            },
            {"role": "assistant", "content": "Done."},
            {"role": "user", "content": [_block("and?", draw(marks))]},
        ]
    value["messages"] = messages
    body = json.dumps(value).encode()
    spelling = draw(st.sampled_from(["as is", "escaped", "upper hex", "repeated"]))
    if spelling == "escaped":
        body = body.replace(b'"cache_control"', b'"cache\\u005fcontrol"')
    elif spelling == "upper hex":
        body = body.replace(b'"cache_control"', b'"\\u0063ache_contro\\u006C"')
    elif spelling == "repeated":
        body = body.replace(
            b'"type": "text", "text": "a"', b'"type": "text", "text": "a", "cache_control": null'
        )
    return body


_TYPED = TYPED_READERS["anthropic"]


def _searched(raw: Any, model: str | None) -> Any:
    """The gateway's Anthropic typed reading without the hand-over: the marks searched for."""
    read = _TYPED(raw, model)
    return None if read is None else (*read[:5], False, *read[6:])


def _outcome(destination: str, body: bytes) -> Any:
    try:
        built = lc.translate_request("anthropic", destination, body, model=MODELS[destination])
    except lc.LmcodecError as error:
        return type(error).__name__, str(error), getattr(error, "path", None)
    return built.path, built.body, built.adaptations


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_bodies(), st.sampled_from(DESTINATIONS))
def test_the_handed_over_finding_gives_what_the_search_gives(body: bytes, destination: str) -> None:
    """translate_request with the reading's finding against the same with the marks searched for
    (the request sent, its notes, or the refusal); a body found unmarked holds no mark the search
    finds, nor one ``json.loads`` shows."""
    read = TYPED_READERS["anthropic"](body, None)
    if read is not None and read[5]:
        assert anthropic_marks(body) == []
        assert marked_places(json.loads(body)) == []
    handed_over = _outcome(destination, body)
    with mock.patch.dict(_translate_request.TYPED_READERS, {"anthropic": _searched}):
        assert handed_over == _outcome(destination, body)


_PLAIN = {
    "one message": {"messages": [{"role": "user", "content": "What is the capital of France?"}]},
    "a string system prompt": {"system": "Be terse.", "messages": [{"role": "user", "content": "hi"}]},
    "a tool loop": {
        "tools": [{"name": "lookup", "description": "Look up.", "input_schema": {"type": "object"}}],
        "messages": [
            {"role": "user", "content": "Look it up."},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": "t1", "name": "lookup", "input": {}}],
            },
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "42"}]},
        ],
    },
}


@pytest.mark.parametrize("shape", list(_PLAIN))
@pytest.mark.parametrize("destination", DESTINATIONS)
def test_an_unmarked_body_is_not_searched_for_marks(shape: str, destination: str) -> None:
    """The usual bodies (lm15's one-message body among them) skip the marks pass: the reading
    says they hold none."""
    body = json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 64, **_PLAIN[shape]}).encode()
    expected = _outcome(destination, body)
    with mock.patch.object(_translate_request, "anthropic_marks_out", side_effect=AssertionError("searched")):
        assert _outcome(destination, body) == expected


@pytest.mark.parametrize("destination", DESTINATIONS)
def test_a_marked_body_is_still_searched(destination: str) -> None:
    """A body with a marked system block and a marked tool (the typed reading takes it, off its
    general settings): each mark is noted ``dropped``, as before."""
    body = json.dumps(
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 64,
            "system": [_block("Be terse.", _MARK)],
            "tools": [{"name": "lookup", "input_schema": {"type": "object"}, "cache_control": _MARK}],
            "messages": [{"role": "user", "content": "hi"}],
        }
    ).encode()
    read = TYPED_READERS["anthropic"](body, None)
    assert read is not None and not read[5]
    built = lc.translate_request("anthropic", destination, body, model=MODELS[destination])
    dropped = [note.field for note in built.adaptations if note.action == "dropped"]
    assert dropped == ["$.system[0].cache_control", "$.tools[0].cache_control"]
