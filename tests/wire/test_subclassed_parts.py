"""A user's subclass of a part, in a Message, against lm15 (red team 15, F06).

lm15's role rules are isinstance checks and its serde writes a subclass of a part as the part:
lmcodec's Message took only the exact classes ("user messages cannot contain model/tool protocol
parts" for a TextPart subclass). Each part class is subclassed on both sides and put in a message
of each role: both accept it and write the same JSON, or both raise the same class.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import lm15.serde as ls
import lm15.types as lt
import pytest

import lmcodec as lc

from .lm15_trees import Obj, _kind, build

_ARGUMENTS: dict[str, dict[str, Any]] = {
    "TextPart": {"text": "hi"},
    "ThinkingPart": {"text": "hm"},
    "RefusalPart": {"text": "no"},
    "CitationPart": {"url": "https://x"},
    "ImagePart": {"url": "https://x/a.png"},
    "AudioPart": {"url": "https://x/a.wav"},
    "VideoPart": {"url": "https://x/a.mp4"},
    "DocumentPart": {"url": "https://x/a.pdf"},
    "BinaryPart": {"url": "https://x/a.bin"},
    "ToolCallPart": {"id": "c", "name": "f", "input": {"a": 1}},
    "ToolResultPart": {"id": "c", "content": [Obj("TextPart", {"text": "r"})]},
    "DataPart": {"value": {"a": 1}},
    "JudgedDataPart": {"value": "a", "probabilities": {"a": {"a": 1.0}}, "method": "provider_classification"},
}


def _subclass(side: str, name: str) -> Any:
    """A user's subclass of the part class ``name`` on one side (a dataclass, for lm15's)."""
    base = getattr(lt if side == "lm" else lc, name)
    if side == "lm":
        return dataclasses.dataclass(frozen=True, slots=True)(type(f"My{name}", (base,), {}))
    return type(f"My{name}", (base,), {})


def _message(side: str, role: str, label: str, count: int) -> Any:
    """A message of ``count`` parts: the subclassed one last, parts the role takes before it."""
    name = "DataPart" if label == "JudgedDataPart" else label
    types = lt if side == "lm" else lc
    filler = "ToolResultPart" if role == "tool" else "TextPart"
    plain = [getattr(types, filler)(**build(_ARGUMENTS[filler], side)) for _ in range(count - 1)]
    part = _subclass(side, name)(**build(_ARGUMENTS[label], side))
    return types.Message(role, [*plain, part])


@pytest.mark.parametrize("count", [1, 20])  # (over 8 parts Message asks their classes in one C call)
@pytest.mark.parametrize("role", ["user", "developer", "assistant", "tool"])
@pytest.mark.parametrize("label", _ARGUMENTS)
def test_a_subclassed_part_in_a_message_is_taken_as_lm15_takes_it(role: str, label: str, count: int) -> None:
    outcomes: dict[str, Any] = {}
    for side in ("lm", "lc"):
        try:
            outcomes[side] = _message(side, role, label, count)
        except (TypeError, ValueError) as exc:
            outcomes[side] = exc
    lm, ours = outcomes["lm"], outcomes["lc"]
    if isinstance(lm, Exception):
        assert isinstance(ours, Exception), f"lm15 raised {lm!r}, lmcodec built {ours!r}"
        assert _kind(ours) == _kind(lm), f"lm15 raised {lm!r}, lmcodec {ours!r}"
        return
    assert not isinstance(ours, Exception), f"lmcodec raised {ours!r}, lm15 built it"
    assert json.loads(lc.encode(ours)) == json.loads(json.dumps(ls.message_to_dict(lm)))
    assert lc.to_lm15(ours) == lt.Message(
        role, [getattr(lt, type(p).__name__.removeprefix("My"))(**_fields(p)) for p in lm.parts]
    )


def _fields(part: Any) -> dict[str, Any]:
    return {f.name: getattr(part, f.name) for f in dataclasses.fields(part) if f.init}


def test_system_content_refuses_a_subclassed_protocol_part_as_lm15() -> None:
    """Request(system=...) refuses a protocol part, subclassed or not, as lm15 does."""
    with pytest.raises(TypeError):
        lt.Request("m", [lt.Message.user("x")], system=[_subclass("lm", "ToolCallPart")("c", "f", {})])
    with pytest.raises(TypeError, match="protocol parts"):
        lc.Request("m", [lc.Message.user("x")], system=[_subclass("lc", "ToolCallPart")("c", "f", {})])
