"""Values of str, int and float subclasses are written as lm15's to_dict + json.dumps writes them.

The constructors take them as lm15's do (numpy.float64 in a DataPart or a tool input,
markupsafe.Markup text, an int subclass in max_tokens); msgspec encodes only the exact builtin
types (and enums), and ``lc.encode`` raised EncodeError (``jsonl.write`` stopped the log there).
json.dumps writes a str subclass as its string, an int subclass by ``int.__repr__`` and a float
subclass by ``float.__repr__``, whatever the subclass overrides; so do ``lc.encode``,
``lc.msgpack.encode`` and ``lc.to_builtins``.
"""

from __future__ import annotations

import enum
import io
import json
from typing import Any

import lm15.serde as ls
import lm15.types as lt
import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.codecs.json import encode_into

from ..wire.lm15_trees import SETTINGS


class Markup(str):
    """Like markupsafe.Markup: a str subclass whose methods differ from str's."""

    def __str__(self) -> str:
        return "overridden"


class Count(int):
    """An int subclass that spells itself otherwise."""

    def __repr__(self) -> str:
        return "Count(...)"

    def __index__(self) -> int:
        return 999


class Float64(float):
    """Like numpy.float64: a float subclass."""

    def __repr__(self) -> str:
        return "np.float64(...)"


class Level(enum.IntEnum):
    HIGH = 3


class Tier(str, enum.Enum):
    FLEX = "flex"


def lm15_json(obj: Any, to_dict: Any) -> str:
    return json.dumps(to_dict(obj), separators=(",", ":"), ensure_ascii=False)


CASES = [
    ("TextPart.text", lambda m: m.TextPart(text=Markup("hi")), ls.part_to_dict),
    ("Message text", lambda m: m.Message.user(Markup("b")), ls.message_to_dict),
    ("DataPart.value", lambda m: m.DataPart(value=Float64(0.25)), ls.part_to_dict),
    (
        "ToolCallPart.input",
        lambda m: m.ToolCallPart(
            id="c1",
            name="f",
            input={"p": Float64(0.5), "n": Count(7), Markup("k"): [Markup("v"), Level.HIGH]},
        ),
        ls.part_to_dict,
    ),
    ("Config.max_tokens", lambda m: m.Config(max_tokens=Count(64)), ls.config_to_dict),
    ("Config.max_tokens IntEnum", lambda m: m.Config(max_tokens=Level.HIGH), ls.config_to_dict),
    ("Config.service_tier str Enum", lambda m: m.Config(service_tier=Tier.FLEX), ls.config_to_dict),
    ("Config.temperature", lambda m: m.Config(temperature=Float64(0.5)), ls.config_to_dict),
    ("DataPart int keys", lambda m: m.DataPart(value={"a": {"b": Count(2)}}), ls.part_to_dict),
]


@pytest.mark.parametrize(("label", "make", "to_dict"), CASES, ids=[c[0] for c in CASES])
def test_subclass_values_are_written_as_lm15_writes_them(label: str, make: Any, to_dict: Any) -> None:
    expected = lm15_json(make(lt), to_dict)
    ours = make(lc)
    assert lc.encode(ours).decode() == expected
    assert lc.to_builtins(ours) == json.loads(expected)
    assert msgspec.msgpack.decode(lc.msgpack.encode(ours)) == json.loads(expected)
    buffer = bytearray()
    encode_into(ours, buffer)
    assert buffer.decode() == expected


def test_jsonl_write_goes_on_past_a_str_subclass() -> None:
    """The red team's log: the second record's user text is a str subclass; it stopped the write."""
    records = [lc.Request("m", [lc.Message.user("a")]), lc.Request("m", [lc.Message.user(Markup("b"))])]
    out = io.BytesIO()
    assert lc.jsonl.write(out, records) == 2
    assert out.getvalue().splitlines()[1] == lc.encode(lc.Request("m", [lc.Message.user("b")]))
    assert list(lc.jsonl.read(out.getvalue(), lc.Request)) == records


def test_a_str_subclass_with_a_lone_surrogate_is_written_as_its_escape() -> None:
    part = lc.TextPart(text=Markup("a\ud800"))
    expected = json.dumps(ls.part_to_dict(lt.TextPart(text=Markup("a\ud800"))), separators=(",", ":"))
    assert lc.encode(part).decode() == expected


_SCALARS = st.one_of(
    st.integers(-(2**70), 2**70).map(Count),
    st.floats(allow_nan=False, allow_infinity=False).filter(lambda f: "e" not in repr(f)).map(Float64),
    st.text(max_size=4).map(Markup),
    st.integers(-5, 5),
    st.booleans(),
    st.none(),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3).map(Markup), inner, max_size=3)
    ),
    max_leaves=12,
)


@SETTINGS
@given(_VALUES)
def test_any_payload_of_subclasses_is_written_as_json_dumps_writes_it(value: Any) -> None:
    expected = lm15_json(lt.DataPart(value=value), ls.part_to_dict)
    assert lc.encode(lc.DataPart(value=value)).decode() == expected
