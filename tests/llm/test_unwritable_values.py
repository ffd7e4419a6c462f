"""Values llm's json.dumps cannot write (red team 15 F05): bytes became base64 text, a set an
array, a datetime / Decimal / UUID a string when lc.llm.encode wrote what from_llm / from_builtins
took, where llm's json.dumps(to_dict()) raises TypeError (so llm never stores them) and only
object() was refused. Each is now an lc EncodeError naming its path, where it comes in from llm."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import json
import pickle
import uuid
from typing import Any

import pytest

import lmcodec as lc
import lmcodec.llm as L
from lmcodec.llm._json_values import UnwritableValueError

from .llm_support import llm, needs_llm


class Color(enum.Enum):
    RED = 1


@dataclasses.dataclass
class Point:
    x: int


UNWRITABLE = {
    "bytes": b"ab",
    "bytearray": bytearray(b"ab"),
    "set": {1, 2},
    "frozenset": frozenset({1}),
    "datetime": datetime.datetime(2020, 1, 1),
    "date": datetime.date(2020, 1, 1),
    "Decimal": decimal.Decimal("1.5"),
    "UUID": uuid.UUID(int=1),
    "Enum": Color.RED,
    "dataclass": Point(1),
    "object": object(),
    "tuple key": {(1, 2): 3},
}


def _refused_by_json_dumps(value: Any) -> None:
    with pytest.raises(TypeError):
        json.dumps(value)


@needs_llm
@pytest.mark.parametrize("value", UNWRITABLE.values(), ids=UNWRITABLE.keys())
def test_from_llm_refuses_what_llms_json_dumps_refuses(value: Any) -> None:
    lp = llm.parts
    cases = [
        (lp.TextPart("x", provider_metadata={"plugin": {"v": value}}), "$.provider_metadata.plugin.v"),
        (lp.ToolCallPart(name="f", arguments={"a": [1, value]}), "$.arguments.a[1]"),
        (
            lp.Message("assistant", [lp.TextPart("x")], provider_metadata={"p": {"weird key": value}}),
            '$.provider_metadata.p["weird key"]',
        ),
        (
            lp.Message(
                "assistant", [lp.TextPart("y"), lp.ReasoningPart("r", provider_metadata={"p": value})]
            ),
            "$.parts[1].provider_metadata.p",
        ),
    ]
    for obj, path in cases:
        _refused_by_json_dumps(obj.to_dict())
        with pytest.raises(lc.EncodeError, match=r"llm's json.dumps refuses it") as info:
            L.from_llm(obj)
        assert isinstance(info.value, UnwritableValueError)
        assert info.value.path == path


@pytest.mark.parametrize("value", UNWRITABLE.values(), ids=UNWRITABLE.keys())
def test_from_builtins_names_the_path_in_the_record(value: Any) -> None:
    record = {
        "model": "m",
        "prompt": {"messages": [], "options": {"x": [value]}},
        "messages": [],
    }
    _refused_by_json_dumps(record)
    with pytest.raises(lc.EncodeError) as info:
        L.from_builtins(record, L.Response)
    assert str(info.value).endswith("- at `$.prompt.options.x[0]`")


@pytest.mark.parametrize("odd", [False, True], ids=["typed", "read-as-llm-reads"])
def test_usage_details_and_a_part_llms_reader_rereads(odd: bool) -> None:
    """The same path whether msgspec.convert took the record or llm's reading rules re-read the
    part (``"redacted": 1`` is outside the canonical form)."""
    part = {"type": "reasoning", "text": "", "provider_metadata": {"v": b"x"}}
    if odd:
        part["redacted"] = 1
    record = {
        "model": "m",
        "prompt": {"messages": []},
        "messages": [{"role": "assistant", "parts": [{"type": "text", "text": "a"}, part]}],
    }
    with pytest.raises(lc.EncodeError, match=r"at `\$\.messages\[0\]\.parts\[1\]\.provider_metadata\.v`"):
        L.from_builtins(record, L.Response)
    details = {"model": "m", "prompt": {}, "messages": [], "usage": {"input": 1, "details": {"t": {1}}}}
    with pytest.raises(lc.EncodeError, match=r"at `\$\.usage\.details\.t`"):
        L.from_builtins(details, L.Response)


def test_a_value_in_a_key_llm_ignores_is_not_refused() -> None:
    """llm's from_dict drops unknown keys: what they hold is never written, so never refused."""
    record = {"type": "text", "text": "x", "extra": b"ab"}
    assert L.encode(L.from_builtins(record, L.Part)) == b'{"type":"text","text":"x"}'


def test_json_values_pass_unchanged() -> None:
    """What json.dumps writes (tuples, int keys, str and int subclasses, big ints) is kept."""

    class Name(str):
        pass

    metadata = {"t": (1, 2), 3: "int key", "s": Name("x"), "big": 2**70, "b": True}
    part = L.from_builtins({"type": "text", "text": "x", "provider_metadata": metadata}, L.Part)
    assert part.provider_metadata == metadata


def test_the_error_pickles() -> None:
    with pytest.raises(UnwritableValueError) as info:
        L.from_builtins({"type": "text", "text": "x", "provider_metadata": {"v": b"x"}}, L.Part)
    copy = pickle.loads(pickle.dumps(info.value))
    assert (type(copy), str(copy), copy.path) == (type(info.value), str(info.value), info.value.path)
