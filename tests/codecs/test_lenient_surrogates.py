"""lenient=True reads a record holding lone surrogate escapes as lm15 reads it (``json.loads`` then
``*_from_dict``), whatever else the record holds: lm15's tolerant forms, keys msgspec skips, a
tag written after the fields it selects.

A lone surrogate escape is not canonical JSON: the strict decoder refuses it, naming it ("lone
UTF-16 surrogate escape", hostile-input H6), and that name routes the record to the lenient
reader of Python's JSON. The strict decoder stops at the first fault it meets, which may be a
tolerant form before the escape (F09), or meets the escape where it skips or scans ahead over a
string, where msgspec says "unexpected end of hex escape" (F10).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import lmcodec as lc

from ..corpus import KIND_TYPES, load_json, needs_corpus
from ..wire.lm15_trees import SETTINGS
from .test_lenient_forms import lm15_outcome

VECTORS = load_json("lm15-1.5.0/vectors.json")
SURROGATES = ["\ud800", "\udc00", "\udbff"]


def _records() -> list[tuple[str, Any]]:
    out = [(v["kind"], v["input"]) for v in VECTORS.get("normalize", [])]
    out += [(v["kind"], v["value"]) for v in VECTORS.get("positive", [])]
    return [(kind, value) for kind, value in out if isinstance(value, dict)]


RECORDS = _records()


def lenient_outcome(kind: str, text: str) -> tuple[str, str]:
    try:
        obj = lc.decode(text.encode(), KIND_TYPES[kind], lenient=True)
    except lc.LmcodecError as exc:
        return "refused", str(exc)
    return "ok", json.dumps(json.loads(lc.encode(obj, include_provider_data=True)))


def _objects(value: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _string_slots(value: Any) -> list[tuple[Any, Any]]:
    """(container, key) of every string value."""
    slots: list[tuple[Any, Any]] = []
    for obj in _objects(value):
        slots += [(obj, k) for k, v in obj.items() if isinstance(v, str)]
        for v in obj.values():
            if isinstance(v, list):
                slots += [(v, i) for i, item in enumerate(v) if isinstance(item, str)]
    return slots


@st.composite
def records_with_surrogates(draw: st.DrawFn) -> tuple[str, str]:
    kind, value = draw(st.sampled_from(RECORDS))
    record = copy.deepcopy(value)
    objects = _objects(record)
    surrogate = draw(st.sampled_from(SURROGATES))
    slots = _string_slots(record)
    placed = False
    if slots and draw(st.booleans()):
        container, key = draw(st.sampled_from(slots))
        container[key] = container[key] + surrogate
        placed = True
    if not placed or draw(st.booleans()):  # a key no type declares
        obj = draw(st.sampled_from(objects))
        obj["x_note"] = "n" + surrogate
    if draw(st.booleans()):  # the tag after the fields it selects
        for obj in objects:
            if "type" in obj:
                obj["type"] = obj.pop("type")
    return kind, json.dumps(record)


@needs_corpus
@SETTINGS
@given(records_with_surrogates())
@example(("stream_event", r'{"type":"start","adaptations":null,"id":"r\ud800"}'))
@example(("message", r'{"role":"user","parts":["hi \ud800"]}'))
@example(("part", r'{"type":"tool_result","id":"c","content":["a","b\ud800"]}'))
@example(("reasoning", r'{"effort":"off","summary":"x\ud800"}'))
@example(("part", r'{"text":"a\ud800","type":"text"}'))
@example(("part", r'{"type":"text","text":"a","note":"b\ud800","continuation":[]}'))
def test_lenient_reads_lone_surrogates_as_lm15_reads_them(case: tuple[str, str]) -> None:
    kind, text = case
    theirs = lm15_outcome(kind, json.loads(text))
    ours = lenient_outcome(kind, text)
    assert ours[0] == theirs[0], (text, theirs, ours)
    if theirs[0] == "ok":
        assert ours == theirs
        reader = lc.jsonl.read(text.encode() + b"\n", KIND_TYPES[kind], lenient=True, on_error="collect")
        assert [lc.encode(r, include_provider_data=True) for r in reader] == [
            lc.encode(lc.decode(text.encode(), KIND_TYPES[kind], lenient=True), include_provider_data=True)
        ]


@pytest.mark.parametrize(
    ("text", "offset"),
    [
        (rb'{"text":"a\ud800","type":"text"}', 10),
        (rb'{"type":"text","text":"a","note":"b\ud800","continuation":[]}', 35),
        (rb'{"type":"text","text":"a","note":"b\ud83d","x":1}', 35),
    ],
)
def test_a_lone_surrogate_in_a_skipped_string_is_named(text: bytes, offset: int) -> None:
    """F10: msgspec reports a lone high surrogate in a string it skips or scans ahead over as
    "unexpected end of hex escape" after it; the strict error names it as H6 says, at its offset."""
    with pytest.raises(lc.DecodeError) as caught:
        lc.decode(text, lc.Part)
    assert "lone UTF-16 surrogate escape" in str(caught.value)
    assert caught.value.offset == offset


def test_a_malformed_escape_is_not_taken_for_a_surrogate() -> None:
    """The same msgspec message after something else than a lone surrogate stays as it was."""
    with pytest.raises(lc.DecodeError) as caught:
        lc.decode(rb'{"text":"a\u12","type":"text"}', lc.Part, lenient=True)
    assert "surrogate" not in str(caught.value)
