"""The request path under hostile JSON values (red team 34 F04): ``decode_request`` and
``translate_request`` into every dialect give a Request / a body or an lc error, never a bare
``TypeError`` from a pass that looked a client value up in a set of names.

The bodies, ``tests/fixtures/providers/sdk_request_bodies.json``, are what the official SDKs sent
(openai 3.63 Chat and Responses, anthropic 2.17, google-genai 3.6.1, captured behind an httpx mock
transport by ``notes/redteam34/probes/sdk_matrix.py``): every tool kind, tool_choice form, media
source, replayed loop and setting those SDKs type."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "providers"
BODIES: dict[str, Any] = json.loads((FIXTURES / "sdk_request_bodies.json").read_bytes())
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {
    "openai": "gpt-5",
    "openai_chat": "gpt-4o",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
HOSTILE: list[Any] = [[], {}, [[]], {"type": []}, 0, -1, 2**64, 1.5, True, False, None]
"""A list, an object, numbers, booleans and null: what a string field of a client body is not."""

_TOOL = {"type": "function", "name": "get_weather", "parameters": {"type": "object", "properties": {}}}
_LOOP = [
    {"role": "user", "content": "w?"},
    {"type": "function_call", "call_id": "call_a", "name": "get_weather", "arguments": "{}"},
    {"type": "function_call_output", "call_id": "call_a", "output": "sun"},
]
F04_BODIES = {  # red team 34's reproducer, one body for each pass's site: (body, the refused path)
    "a call item's type": (
        {"model": "gpt-5", "input": [_LOOP[0], {**_LOOP[1], "type": []}, _LOOP[2]], "tools": [_TOOL]},
        "$.input[1].type",
    ),
    "a tool's type beside a call": (
        {"model": "gpt-5", "input": _LOOP, "tools": [{"type": {}}]},
        "$.tools[0].type",
    ),
    "a tool's type beside a hosted tool_choice": (
        {
            "model": "gpt-5",
            "input": "hi",
            "tools": [{"type": []}],
            "tool_choice": {"type": "web_search_preview"},
        },
        "$.tools[0].type",
    ),
}


def _places(value: Any, out: list[tuple[Any, ...]], at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path of a value in ``value`` (keys and indexes), depth first."""
    if isinstance(value, dict):
        for key, item in value.items():
            out.append((*at, key))
            _places(item, out, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.append((*at, index))
            _places(item, out, (*at, index))
    return out


def _replaced(body: Any, path: tuple[Any, ...], new: Any) -> bytes:
    copy = json.loads(json.dumps(body))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return json.dumps(copy).encode()


def _outcomes(dialect: str, raw: bytes) -> list[str]:
    """What each entry point made of ``raw``: ``"read"`` / ``"built"`` or the lc error's class; a
    bare exception escapes."""
    model = {"model": MODELS["gemini"]} if dialect == "gemini" else {}
    out: list[str] = []
    try:
        lc.decode_request(dialect, raw, **model)
        out.append("read")
    except lc.LmcodecError as exc:
        out.append(type(exc).__name__)
    for destination in DIALECTS:
        try:
            lc.translate_request(dialect, destination, raw, **model)
            out.append("built")
        except lc.LmcodecError as exc:
            out.append(type(exc).__name__)
    return out


@pytest.mark.parametrize("case", F04_BODIES)
@pytest.mark.parametrize("destination", DIALECTS)
def test_a_responses_type_that_is_no_string_is_refused_at_its_path(case: str, destination: str) -> None:
    body, path = F04_BODIES[case]
    with pytest.raises(lc.ValidationError) as refused:
        lc.translate_request("openai", destination, json.dumps(body).encode())
    assert refused.value.path == path


@st.composite
def _hostile_bodies(draw: st.DrawFn, only_types: bool) -> tuple[str, bytes]:
    """A captured body with one value replaced by a hostile one (``only_types``: a ``type``)."""
    name = draw(st.sampled_from(sorted(BODIES)))
    case = BODIES[name]
    places = _places(case["body"], [])
    if only_types:
        places = [path for path in places if path[-1] == "type"] or places
    path = draw(st.sampled_from(places))
    return case["dialect"], _replaced(case["body"], path, draw(st.sampled_from(HOSTILE)))


@settings(max_examples=examples(400), deadline=None)
@given(_hostile_bodies(only_types=False))
def test_any_value_made_hostile_is_read_or_refused_in_every_pair(drawn: tuple[str, bytes]) -> None:
    dialect, raw = drawn
    assert len(_outcomes(dialect, raw)) == 1 + len(DIALECTS)


@settings(max_examples=examples(400), deadline=None)
@given(_hostile_bodies(only_types=True))
def test_any_type_made_hostile_is_read_or_refused_in_every_pair(drawn: tuple[str, bytes]) -> None:
    dialect, raw = drawn
    assert len(_outcomes(dialect, raw)) == 1 + len(DIALECTS)


def test_the_captured_bodies_are_read_and_crossed() -> None:
    """The fixture is what the SDKs send: most of it reads, and crosses into every dialect."""
    read = built = 0
    for case in BODIES.values():
        outcomes = _outcomes(case["dialect"], json.dumps(case["body"]).encode())
        read += outcomes[0] == "read"
        built += outcomes[1:].count("built")
    assert read >= 150 and built >= 600, (read, built)
