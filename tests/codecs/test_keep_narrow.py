"""``unknown="keep"`` on JSON reads only the subtrees holding unknown items (red team 6 F09).

A 4,000-message Turn with one unknown part was decoded into a skeleton and every part of every
message rebuilt in Python (8-25x its strict decode). The strict decoder's error path now leads to
the item, the arrays on the way are decoded around it in one strict call, and the item-by-item
walk (the reference here) is left for what the narrow reading cannot finish: same results, same
errors.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.codecs import _keep, _keep_json

from ..budget import examples


def _walked(data: bytes, tp: Any) -> Any:
    """The item-by-item walk every keep decode took before the fix (the reference)."""
    return _keep.decode(data, tp, "json")


def _outcome(read: Any, data: bytes, tp: Any) -> Any:
    try:
        got = read(data, tp)
    except lc.LmcodecError as exc:
        return type(exc), str(exc)
    shape = [type(got)]
    if isinstance(got, (tuple, list)):
        shape = [type(item) for item in got]
    return shape, lc.encode(got), got  # the Unknown items re-encode byte-exact


def _keep_decode(data: bytes, tp: Any) -> Any:
    return lc.decode(data, tp, unknown="keep")


_ODD = [
    {"type": "hologram", "frames": 3},
    {"type": "sparkle"},
    {"type": "text", "text": 1},  # a known tag, a bad field: the strict error at its path
    {"type": 5},
    {"no_type": True},
]
_ITEMS = st.sampled_from(_ODD)


def _insert(data: st.DataObject, array: list[Any], budget: int) -> None:
    for _ in range(data.draw(st.integers(0, budget))):
        array.insert(data.draw(st.integers(0, len(array))), data.draw(_ITEMS))


def _turn(n: int) -> lc.Turn:
    messages = [lc.Message.user(f"q{i}") if i % 2 == 0 else lc.Message.assistant(f"a{i}") for i in range(n)]
    tools = [lc.FunctionTool("f", parameters={"type": "object"})]
    response = lc.Response("r", "m", lc.Message.assistant("ok"), "stop", lc.Usage())
    return lc.Turn(request=lc.Request("m", messages, tools=tools), response=response)


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(1, 12), st.data())
def test_a_turn_reads_as_the_walk_reads_it(n: int, data: st.DataObject) -> None:
    value = lc.to_builtins(_turn(n))
    for message in value["request"]["messages"]:
        if data.draw(st.booleans()):
            _insert(data, message["parts"], 2)
    _insert(data, value["response"]["message"]["parts"], 2)
    _insert(data, value["request"]["tools"], 2)
    text = msgspec.json.encode(value)
    for tp, wrapped in ((lc.Turn, text), (tuple[lc.Turn, ...], b"[" + text + b"," + text + b"]")):
        assert _outcome(_keep_decode, wrapped, tp) == _outcome(_walked, wrapped, tp)


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(1, 12), st.data())
def test_stream_events_read_as_the_walk_reads_them(n: int, data: st.DataObject) -> None:
    events: list[Any] = [lc.StreamStartEvent(id="x", model="m")]
    events += [lc.StreamDeltaEvent(lc.TextDelta(part_index=0, text=f"t{i}")) for i in range(n)]
    value = lc.to_builtins(events)
    for event in value:
        if event["type"] == "delta" and data.draw(st.integers(0, 4)) == 0:
            event["delta"] = data.draw(_ITEMS)
    _insert(data, value, 3)
    text = msgspec.json.encode(value)
    for tp in (tuple[lc.StreamEvent, ...], list[lc.StreamEvent]):
        assert _outcome(_keep_decode, text, tp) == _outcome(_walked, text, tp)


def test_one_unknown_part_is_not_walked_item_by_item(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unknown part in the middle of a 4,000-message Turn and one in its response: no other
    message is rebuilt in Python."""
    data = lc.encode(_turn(4000))
    for at in (data.rfind(b'{"type":"text"'), data.find(b'{"type":"text","text":"q2000"')):
        data = data[:at] + b'{"type":"hologram","frames":3},' + data[at:]
    calls = {"walk": 0, "build": 0}
    walk, build = _keep._walk, _keep._build

    def counted_walk(*args: Any) -> Any:
        calls["walk"] += 1
        return walk(*args)

    def counted_build(*args: Any) -> Any:
        calls["build"] += 1
        return build(*args)

    monkeypatch.setattr(_keep, "_walk", counted_walk)
    monkeypatch.setattr(_keep, "_build", counted_build)
    got = lc.decode(data, lc.Turn, unknown="keep")
    assert isinstance(got.response.message.parts[0], lc.UnknownPart)
    assert len(got.request.messages) == 4000
    assert isinstance(got.request.messages[2000].parts[0], lc.UnknownPart)
    assert calls["walk"] + calls["build"] <= 4, calls


def test_many_unknown_items_in_one_array_stay_linear(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every other part unknown: the rest of the array is re-decoded a bounded number of times."""
    parts = [{"type": "text", "text": "a"} if i % 2 else {"type": "hologram"} for i in range(200)]
    value = lc.to_builtins(lc.Message.user("x"))
    value["parts"] = parts
    text = msgspec.json.encode(value)
    decoder = _keep_json._strict_decoder
    sizes: list[int] = []

    def counted(tp: Any) -> Any:
        inner = decoder(tp)

        class Counting:
            def decode(self, data: Any) -> Any:
                sizes.append(len(data))
                return inner.decode(data)

        return Counting()

    monkeypatch.setattr(_keep_json, "_strict_decoder", counted)
    got = lc.decode(text, lc.Message, unknown="keep")
    assert [type(p) for p in got.parts] == [lc.UnknownPart if i % 2 == 0 else lc.TextPart for i in range(200)]
    assert sum(sizes) <= 12 * len(text), (sum(sizes), len(text), len(sizes))


STRUCTS = sorted(
    {
        obj
        for obj in (getattr(lc, name) for name in lc.__all__)
        if isinstance(obj, type) and issubclass(obj, msgspec.Struct)
    },
    key=lambda cls: cls.__name__,
)


@pytest.mark.parametrize("cls", STRUCTS, ids=lambda cls: cls.__name__)
def test_a_skeleton_is_read_as_its_class_is(cls: Any) -> None:
    """``_keep.struct_like``, the one skeleton maker of the walk and of the narrow reading: the
    class's fields in order, each default (value or factory), the tag, the tag field and the
    unknown-field rule, with the field types given."""
    types = [msgspec.Raw] * len(msgspec.structs.fields(cls))
    skeleton = _keep.struct_like(cls, f"{cls.__name__}Like", types)
    ours, theirs = msgspec.structs.fields(skeleton), msgspec.structs.fields(cls)
    assert [(f.name, f.default, f.default_factory, f.type) for f in ours] == [
        (f.name, f.default, f.default_factory, msgspec.Raw) for f in theirs
    ]
    mine, config = skeleton.__struct_config__, cls.__struct_config__
    assert (mine.tag, mine.tag_field, mine.forbid_unknown_fields) == (
        config.tag,
        config.tag_field,
        config.forbid_unknown_fields,
    )
    assert skeleton.__name__ == f"{cls.__name__}Like"


def test_past_the_bound_an_item_of_a_union_slot_is_read_without_a_strict_try(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Red team 16 F05 (unknown="keep" 37x the strict decode per unknown item): past the bound of
    faults in one array each item was first decoded strictly (an exception and its path parsed,
    for each unknown one) before it was read as its tag says; a part is now read as its tag says
    at once, so the strict decodes stay those of the first faults."""
    parts = [{"type": "hologram", "n": i} if i % 3 else {"type": "text", "text": str(i)} for i in range(300)]
    value = lc.to_builtins(lc.Message.user("x"))
    value["parts"] = parts
    text = msgspec.json.encode(value)
    decoder = _keep_json._strict_decoder
    calls: list[Any] = []

    def counted(tp: Any) -> Any:
        inner = decoder(tp)

        class Counting:
            def decode(self, data: Any) -> Any:
                calls.append(tp)
                return inner.decode(data)

        return Counting()

    monkeypatch.setattr(_keep_json, "_strict_decoder", counted)
    got = lc.decode(text, lc.Message, unknown="keep")
    assert [type(p) for p in got.parts] == [lc.UnknownPart if i % 3 else lc.TextPart for i in range(300)]
    assert got == _keep.decode(text, lc.Message, "json")  # as the item-by-item walk reads it
    assert len(calls) <= 4 * _keep_json._JOINS, len(calls)  # was one a part past the bound (~300)
