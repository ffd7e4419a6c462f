"""A client's cache mark whose ``ttl`` is not a string (review7 R11).

The Messages API takes ``ttl`` "5m" or "1h" only; a list or an object there escaped
``translate_request`` as a bare ``TypeError: unhashable type`` (the ttl looked up in a set). Now
such a mark is judged as the destination would judge it, a mark Anthropic would refuse: never
the Chat client's breakpoint, never a long retention, and ``dropped`` at its path where the mark
is taken out; or the reader's own lc error where the reader refuses it."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

ODD_TTLS: list[Any] = [["1h"], {"h": 1}, 3600, True, None, ""]
DESTINATIONS = ["anthropic", "openai", "openai_chat", "gemini"]


def _anthropic(mark: dict[str, Any]) -> dict[str, bytes]:
    base: dict[str, Any] = {"model": "claude-sonnet-4-5", "max_tokens": 10}
    user = {"role": "user", "content": "hi"}
    result = {
        "type": "tool_result",
        "tool_use_id": "t1",
        "content": [{"type": "text", "text": "r", "cache_control": mark}],
    }
    call = {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}]}
    tool = {"name": "f", "input_schema": {"type": "object"}}
    bodies = {
        "tool": {**base, "messages": [user], "tools": [{**tool, "cache_control": mark}]},
        "system": {
            **base,
            "messages": [user],
            "system": [{"type": "text", "text": "s", "cache_control": mark}],
        },
        "message": {
            **base,
            "messages": [
                {"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": mark}]}
            ],
        },
        "tool_result": {
            **base,
            "tools": [tool],
            "messages": [user, call, {"role": "user", "content": [result]}],
        },
    }
    return {name: json.dumps(body).encode() for name, body in bodies.items()}


def _chat(mark: dict[str, Any]) -> dict[str, bytes]:
    bodies = {
        "block": [{"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": mark}]}],
        "row": [{"role": "user", "content": "hi", "cache_control": mark}],
        "system": [
            {"role": "system", "content": [{"type": "text", "text": "s", "cache_control": mark}]},
            {"role": "user", "content": "hi"},
        ],
    }
    return {
        name: json.dumps({"model": "claude-sonnet-4-5", "messages": rows}).encode()
        for name, rows in bodies.items()
    }


@pytest.mark.parametrize("ttl", ODD_TTLS, ids=repr)
@pytest.mark.parametrize("destination", DESTINATIONS)
@pytest.mark.parametrize("source", ["anthropic", "openai_chat"])
def test_an_odd_ttl_is_an_lc_error_or_a_mark_refused(source: str, destination: str, ttl: Any) -> None:
    if source == destination == "anthropic":
        pytest.skip("the same dialect: the body goes as decode_request reads it")
    mark = {"type": "ephemeral", "ttl": ttl}
    for name, body in (_anthropic(mark) if source == "anthropic" else _chat(mark)).items():
        try:
            built = lc.translate_request(source, destination, body)
        except lc.LmcodecError:
            continue
        sent = json.loads(built.body)
        assert "prompt_cache_retention" not in sent, name
        assert b"cache_control" not in built.body or destination == "anthropic", name
        if source == "openai_chat":
            assert b"prompt_cache_breakpoint" not in built.body, name  # not read as the breakpoint
            assert sent.get("cache_control") is None and "cache_control" not in json.dumps(sent), name
            assert [a.action for a in built.adaptations if a.field.endswith("cache_control")] == [
                "dropped"
            ], name
