"""Tool-call ids crossing to Anthropic (red-team gateway F11): the Messages API requires
``^[a-zA-Z0-9_-]+$`` for ``tool_use.id`` / ``tool_result.tool_use_id``; Kimi/Moonshot's Chat
servers name calls ``functions.get_weather:0``. ``lc.translate_request(..., "anthropic", ...)``
rewrites each invalid id deterministically and injectively, a call and its result alike, each
rewrite in ``.adaptations``; valid ids go as they came."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._tool_ids import anthropic_tool_id, anthropic_tool_ids_out

from .gateway_support import anthropic_accepts, chat_body

VALID = re.compile(r"[a-zA-Z0-9_-]+")


def _history(*ids: str) -> bytes:
    """A Chat history (the openai SDK's body) with one call and its result per id."""
    messages: list[Any] = [{"role": "user", "content": "weather?"}]
    for n, call_id in enumerate(ids):
        call = {"id": call_id, "type": "function", "function": {"name": f"f{n}", "arguments": "{}"}}
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        messages.append({"role": "tool", "tool_call_id": call_id, "content": f"r{n}"})
    return chat_body(model="m", messages=messages)


def _pairs(body: bytes) -> list[tuple[str, str]]:
    """(tool_use id, the id the next tool_result answers) per call in an Anthropic body."""
    blocks = [b for m in json.loads(body)["messages"] for b in m["content"] if isinstance(b, dict)]
    uses = [b["id"] for b in blocks if b["type"] == "tool_use"]
    results = [b["tool_use_id"] for b in blocks if b["type"] == "tool_result"]
    return list(zip(uses, results, strict=True))


def test_a_kimi_id_is_rewritten_valid_and_its_result_stays_paired() -> None:
    built = lc.translate_request("openai_chat", "anthropic", _history("functions.get_weather:0"))
    [(use, result)] = _pairs(built.body)
    assert VALID.fullmatch(use) and use == result
    assert use.startswith("functions_get_weather_0_x")
    anthropic_accepts(built.body)
    [note] = [a for a in built.adaptations if a.field.endswith(".id")]
    assert (note.field, note.action, note.asked, note.applied) == (
        "messages[1].parts[0].id",
        "substituted",
        "functions.get_weather:0",
        use,
    )


def test_the_same_id_gives_the_same_rewrite_in_every_request() -> None:
    first = lc.translate_request("openai_chat", "anthropic", _history("functions.f:0"))
    second = lc.translate_request("openai_chat", "anthropic", _history("a_b", "functions.f:0"))
    assert _pairs(first.body)[0][0] == _pairs(second.body)[1][0]


def test_ids_differing_only_in_rewritten_characters_stay_apart() -> None:
    built = lc.translate_request("openai_chat", "anthropic", _history("f.a:0", "f:a.0", "f_a_0"))
    ids = [use for use, _ in _pairs(built.body)]
    assert len(set(ids)) == 3 and ids[2] == "f_a_0"
    assert all(use == result for use, result in _pairs(built.body))


def test_a_valid_id_spelling_the_rewrite_does_not_take_it() -> None:
    taken = anthropic_tool_id("f.0")
    built = lc.translate_request("openai_chat", "anthropic", _history(taken, "f.0"))
    ids = [use for use, _ in _pairs(built.body)]
    assert ids[0] == taken and ids[1] != taken and VALID.fullmatch(ids[1])
    assert all(use == result for use, result in _pairs(built.body))


def test_valid_ids_cross_untouched_and_unnoted() -> None:
    body = _history("call_abc-1", "toolu_01XYZ")
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert [use for use, _ in _pairs(built.body)] == ["call_abc-1", "toolu_01XYZ"]
    assert not [a for a in built.adaptations if a.field.endswith(".id")]
    request = lc.decode_request("openai_chat", body)
    assert anthropic_tool_ids_out(request) == (request, ())


def test_other_destinations_keep_the_ids_as_they_came() -> None:
    built = lc.translate_request("openai_chat", "openai", _history("functions.f:0"))
    items = json.loads(built.body)["input"]
    assert [i["call_id"] for i in items if i.get("type") == "function_call"] == ["functions.f:0"]


@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=6, unique=True))
def test_the_rewrite_is_valid_and_injective_over_any_ids(ids: list[str]) -> None:
    rewritten = [anthropic_tool_id(i) for i in ids]
    assert all(VALID.fullmatch(new) for new in rewritten)
    assert len(set(rewritten)) == len(ids)
    assert [anthropic_tool_id(i) for i in ids] == rewritten
