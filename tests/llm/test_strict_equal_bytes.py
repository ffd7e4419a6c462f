"""``llm._channel.strict_equal``'s MessagePack fast path (red team 6 F05: ``lc.llm.to_turn`` of a
record ``from_turn`` wrote re-ran ``from_turn`` and compared both sides as builtins in Python,
3.8x the conversion): it answers as the builtins walk does, on pairs chosen at the edges of what
the walk tells apart."""

from __future__ import annotations

import math
from pathlib import PurePosixPath
from typing import Any

import msgspec
import pytest

import lmcodec as lc
from lmcodec.llm import _channel

_PART = lc.TextPart(text="hi")
PAIRS: dict[str, tuple[Any, Any]] = {
    "equal dicts": ({"a": 1, "b": [1, 2.5, None]}, {"a": 1, "b": [1, 2.5, None]}),
    "key order": ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
    "1 and 1.0": ({"a": 1}, {"a": 1.0}),
    "True and 1": ([True], [1]),
    "tuple and list": ((1, "x"), [1, "x"]),
    "0.0 and -0.0": ([0.0], [-0.0]),
    "NaN and NaN": ([math.nan], [float("nan")]),
    "NaN and None": ([math.nan], [None]),
    "inf and None": ([math.inf], [None]),
    "int key and str key": ({1: "x"}, {"1": "x"}),
    "lone surrogates, equal": (["\\ud800"[0] + "\ud800"], ["\\ud800"[0] + "\ud800"]),
    "lone surrogates, differ": (["\ud800"], ["\ud801"]),
    "int past 64 bits, equal": ([2**70], [2**70]),
    "int past 64 bits, differ": ([2**70], [2**70 + 1]),
    "bytes and their base64": ([b"x"], ["eA=="]),
    "a path and its text": ([PurePosixPath("/a/b")], ["/a/b"]),
    "a Struct and its builtins": (_PART, {"type": "text", "text": "hi"}),
    "Structs that differ": (_PART, lc.TextPart(text="ho")),
    "nested, one leaf differs": ({"a": [{"b": [1, 2, {"c": "x"}]}]}, {"a": [{"b": [1, 2, {"c": "y"}]}]}),
    "empty dict and list": ({}, []),
}


def _walk(a: Any, b: Any) -> bool:
    hook = _channel.builtins_hook
    return _channel._same(msgspec.to_builtins(a, enc_hook=hook), msgspec.to_builtins(b, enc_hook=hook))


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_strict_equal_answers_as_the_walk(name: str) -> None:
    a, b = PAIRS[name]
    assert _channel.strict_equal(a, b) is _walk(a, b)
    assert _channel.strict_equal(b, a) is _walk(b, a)


def test_from_turn_records_read_back_and_an_edited_one_is_refused() -> None:
    messages = [lc.Message.user(f"q {i}") for i in range(3)]
    usage = lc.Usage(input_tokens=1, output_tokens=1)
    answer = lc.Message.assistant([lc.text("ok"), lc.DataPart(value=[1])])
    turn = lc.Turn(
        request=lc.Request("gpt-4.1-mini", messages), response=lc.Response("r1", "m", answer, "stop", usage)
    )
    record = lc.llm.from_turn(turn)
    assert lc.llm.to_turn(record) == turn
    edited = lc.llm.to_builtins(record)
    edited["messages"][0]["parts"][1]["text"] = "[2]"  # the channel no longer describes the part
    with pytest.raises(lc.ValidationError, match="side channel"):
        lc.llm.to_turn(lc.llm.from_builtins(edited))
