"""``strict_asked``'s Responses branch and ``strict_flags_in`` written with plain loops and a
Struct (perf27b: ~9k and ~5k instructions a gateway call with tools) give what their comprehension
forms gave: each held equal, on drawn tools and flags, to that form spelled here as the reference."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._crossing_schemas import strict_flags_in
from lmcodec.providers._crossing_strict import NONE, Strictness, strict_asked

from ..budget import examples

_NAMES = st.sampled_from(["get_weather", "search", "book", "lookup", "web_search"])


@st.composite
def _tools(draw: st.DrawFn) -> tuple[Any, ...]:
    """Function tools of distinct names, with or without a description, a hosted tool among them."""
    names = draw(st.lists(_NAMES, unique=True, max_size=4))
    tools: list[Any] = []
    for name in names:
        if name == "web_search":
            tools.append(lc.BuiltinTool(name="web_search"))
        else:
            description = draw(st.sampled_from(["", "what it does"]))
            tools.append(lc.FunctionTool(name=name, description=description, parameters={"type": "object"}))
    return tuple(tools)


def _request(tools: tuple[Any, ...], extensions: dict[str, Any] | None = None) -> lc.Request:
    request = lc.Request(model="gpt-4.1-mini", messages=(lc.Message.user("hi"),), tools=tools)
    if extensions:
        config = msgspec.structs.replace(request.config, extensions=extensions)
        request = msgspec.structs.replace(request, config=config)
    return request


def _asked_reference(request: lc.Request, strict_tools: frozenset[str]) -> tuple[Any, ...]:
    """The Responses branch as it was written (no ``tools`` in the extensions)."""
    functions = [tool.name for tool in request.tools if type(tool) is lc.FunctionTool]
    return (
        strict_tools.intersection(functions),
        tuple(name for name in functions if name not in strict_tools),
        {},
    )


@settings(max_examples=examples(100), deadline=None)
@given(tools=_tools(), strict=st.frozensets(_NAMES, max_size=3))
def test_strict_asked_of_a_responses_body_is_its_comprehension_form(
    tools: tuple[Any, ...], strict: frozenset[str]
) -> None:
    request = _request(tools)
    got = strict_asked("openai", request, strict, ())
    if not tools:
        assert got is NONE
        return
    assert (got.asked, got.defaulted, got.read_notes) == _asked_reference(request, strict)


def _flags_reference(
    request: lc.Request, notes: tuple[lc.Adaptation, ...], strictness: Strictness
) -> tuple[Any, tuple[Any, ...]]:
    """``strict_flags_in`` as it was written: its tools' entries and the notes it gives (the last
    one's ``applied``, the tools sent loose, in its place where there are any)."""
    entries: list[Any] = []
    loose: list[str] = []
    flagged: set[str] = set()
    for tool in request.tools:
        if type(tool) is not lc.FunctionTool:
            entries.append(None)
            continue
        entry: dict[str, Any] = {"type": "function", "name": tool.name}
        if tool.description:
            entry["description"] = tool.description
        entry["parameters"] = tool.parameters
        entry["strict"] = strict = tool.name in strictness.asked
        (flagged.add(tool.name) if strict else loose.append(tool.name))
        entries.append(entry)
    if not loose and not flagged:
        return None, notes
    carried = {field for name, field in strictness.read_notes.items() if name in flagged}
    if carried:
        notes = tuple(note for note in notes if note.field not in carried)
    return entries, (*notes, loose) if loose else notes


@settings(max_examples=examples(100), deadline=None)
@given(
    tools=_tools(),
    asked=st.frozensets(_NAMES, max_size=3),
    noted=st.frozensets(_NAMES, max_size=3),
    kept=st.booleans(),
)
def test_strict_flags_in_is_its_comprehension_form(
    tools: tuple[Any, ...], asked: frozenset[str], noted: frozenset[str], kept: bool
) -> None:
    """The entries written (their keys in order), the extensions kept beside them, the read notes
    withdrawn for the tools flagged and the one note of the tools sent loose."""
    request = _request(tools, {"metadata": {"a": "b"}} if kept else None)
    read_notes = {name: f"$.tools[{i}].function.strict" for i, name in enumerate(sorted(noted))}
    notes = tuple(lc.Adaptation(field=field, action="dropped", reason="r") for field in read_notes.values())
    strictness = Strictness(asked, (), read_notes)
    got, got_notes = strict_flags_in(request, notes, strictness)
    entries, expected_notes = _flags_reference(request, notes, strictness)
    if entries is None:
        assert got is request and got_notes == notes
        return
    sent = got.config.extensions or {}
    assert [list(entry.items()) if entry is not None else None for entry in entries] == [
        list(entry.items()) if type(tool) is lc.FunctionTool else None
        for entry, tool in zip(sent["tools"], tools, strict=True)
    ]
    assert sent.get("metadata") == ({"a": "b"} if kept else None)
    if expected_notes and isinstance(expected_notes[-1], list):
        assert got_notes[:-1] == expected_notes[:-1]
        assert got_notes[-1].applied == expected_notes[-1]
    else:
        assert got_notes == expected_notes
