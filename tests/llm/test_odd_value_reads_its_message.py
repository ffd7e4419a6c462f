"""``lc.llm.decode`` of a record holding one value llm keeps but the typed decoder refuses
(``"text": null``, ``"text": 42``; red team 6 F15): only the message and part holding it go
through llm's reading rules value by value, the others are converted typed, and the result is
the one the value-by-value reading gives for the whole record."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.llm import reading

_RESPONSE = lc.Response(
    "r1", "m", lc.Message.assistant("ok"), "stop", lc.Usage(input_tokens=1, output_tokens=1)
)


def _record(messages: int) -> dict[str, Any]:
    history = []
    for i in range(messages // 2):
        history += [lc.Message.user(f"question {i}"), lc.Message.assistant(f"answer {i}")]
    turn = lc.Turn(request=lc.Request("gpt-4.1-mini", history), response=_RESPONSE)
    record: dict[str, Any] = lc.llm.to_builtins(lc.llm.from_turn(turn))
    for message in record["prompt"]["messages"] + record["messages"]:
        message.pop("provider_metadata", None)  # as llm writes it
    return record


def _set(
    path: Callable[[dict[str, Any]], dict[str, Any]], key: str, value: Any
) -> Callable[[dict[str, Any]], None]:
    return lambda record: path(record).__setitem__(key, value)


ODD: dict[str, Callable[[dict[str, Any]], Any]] = {
    "text null": _set(lambda r: r["prompt"]["messages"][5]["parts"][0], "text", None),
    "text 42": _set(lambda r: r["prompt"]["messages"][2]["parts"][0], "text", 42),
    "role 7 on an output message": _set(lambda r: r["messages"][0], "role", 7),
    "parts as an empty string": _set(lambda r: r["prompt"]["messages"][3], "parts", ""),
    "an unknown key beside a null text": lambda r: r["prompt"]["messages"][1]["parts"][0].update(
        text=None, extra={"x": [1, 2]}
    ),
    "two odd values": lambda r: (ODD["text null"](r), ODD["text 42"](r)),
}


@pytest.mark.parametrize("name", sorted(ODD))
def test_decode_equals_the_value_by_value_reading(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    record = _record(40)
    ODD[name](record)
    data = json.dumps(record).encode()
    fast = lc.llm.decode(data)
    monkeypatch.setattr(reading, "_typed", lambda value, target: None)  # every value read by llm's rules
    slow = lc.llm.decode(data)
    assert lc.llm.encode(fast) == lc.llm.encode(slow)
    assert fast == slow


def test_only_the_odd_message_is_read_value_by_value(monkeypatch: pytest.MonkeyPatch) -> None:
    record = _record(400)
    ODD["text null"](record)
    read: list[str] = []
    read_message = reading.read_message

    def counted(value: Any, path: str = "$") -> Any:
        read.append(path)
        return read_message(value, path)

    monkeypatch.setattr(reading, "read_message", counted)
    decoded = lc.llm.decode(json.dumps(record).encode())
    part = decoded.prompt.messages[5].parts[0]
    assert isinstance(part, lc.llm.TextPart) and part.text is None
    assert read == ["$.prompt.messages[5]"]


def test_a_refused_value_is_still_refused_with_its_path() -> None:
    record = _record(10)
    broken = copy.deepcopy(record)
    del broken["prompt"]["messages"][4]["parts"][0]["text"]
    with pytest.raises(lc.ValidationError) as info:
        lc.llm.decode(json.dumps(broken).encode())
    assert info.value.path == "$.prompt.messages[4].parts[0]"
