"""A JSON object or list where a reader tests a string against a set of known words (red team 37
F01's pattern beyond the Gemini finish): the membership test raised TypeError ("unhashable
type"), surfacing as a bare TypeError or as a ValidationError with that text and no path. Such a
value is read as any other word the set does not hold (an unknown string or a number) is."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

import lmcodec as lc

ODD = [{}, [1], {"mode": "ANY"}]


def _gemini(mode: Any) -> str:
    tools = [{"functionDeclarations": [{"name": "f", "parameters": {"type": "object"}}]}]
    return json.dumps(
        {
            "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
            "tools": tools,
            "toolConfig": {"functionCallingConfig": {"mode": mode}},
        }
    )


def _anthropic(effort: Any) -> str:
    return json.dumps(
        {
            "model": "claude-opus-4-6",
            "max_tokens": 100,
            "messages": [{"role": "user", "content": "hi"}],
            "thinking": {"type": "adaptive"},
            "output_config": {"effort": effort},
        }
    )


BODIES = {"gemini": _gemini, "anthropic": _anthropic}
MODEL = {"gemini": "gemini-2.5-flash", "anthropic": None}


def _without_extensions(request: lc.Request) -> lc.Request:
    return msgspec.structs.replace(request, config=msgspec.structs.replace(request.config, extensions=None))


@pytest.mark.parametrize("odd", ODD, ids=json.dumps)
@pytest.mark.parametrize("source", BODIES)
def test_an_object_where_a_word_goes_is_read_as_an_unknown_word(source: str, odd: Any) -> None:
    body, model = BODIES[source], MODEL[source]
    unknown = lc.decode_request(source, body("NO_SUCH_WORD"), model=model)
    read = lc.decode_request(source, body(odd), model=model)
    assert _without_extensions(read) == _without_extensions(unknown)
    for destination in ("openai", "openai_chat", "anthropic", "gemini"):
        if destination == source:
            continue
        want = lc.translate_request(source, destination, body("NO_SUCH_WORD"), model=model)
        got = lc.translate_request(source, destination, body(odd), model=model)
        assert [(a.field, a.action) for a in got.adaptations] == [
            (a.field, a.action) for a in want.adaptations
        ]
        assert got.body == want.body


@pytest.mark.parametrize("odd", ODD, ids=json.dumps)
def test_a_cache_marked_chat_row_whose_role_is_an_object_is_refused_at_its_path(odd: Any) -> None:
    """The Chat-to-Anthropic cache-mark pass met the row before the reader refused it."""
    mark = {"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}}
    messages = [{"role": "system", "content": "be brief"}, {"role": odd, "content": [mark]}]
    body = json.dumps({"model": "claude-sonnet-4-5", "messages": messages})
    for destination in ("openai", "anthropic", "gemini"):
        with pytest.raises(lc.ValidationError) as refused:
            lc.translate_request("openai_chat", destination, body)
        assert refused.value.path == "$.messages[1].role"
