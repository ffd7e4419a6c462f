"""Tool-call arguments holding a float msgspec spells otherwise than ``json.dumps`` (``0.00001``,
``1e16``) on the OpenAI and Chat wires (red-team 6 F14): the floats of msgspec's bytes are respelled
as ``json.dumps`` spells them, not the whole input encoded again by the stdlib; the text is still
lm15's ``json.dumps`` byte for byte."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._build_common import is_ascii_json_as_stdlib
from lmcodec.providers.openai import _common
from lmcodec.providers.openai._common import arguments_json, stdlib_text

_TRICKY_TEXT = st.sampled_from(
    ["1e-5", "0.00001", '"', "\\", '\\"1e5\\"', "10.00001", "a\u00e9", "\x7f", "\n"]
)
_FLOATS = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(
    [1e-5, -1e-5, 0.00001234, 1.5e-7, 1e16, 1e22, 10.00001, -10.00001, 0.0001, 5e-324, -0.0]
)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | _FLOATS | st.text(max_size=8) | _TRICKY_TEXT,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5) | _TRICKY_TEXT, inner, max_size=5)
    ),
    max_leaves=30,
)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


@given(_VALUES)
def test_respelled_text_is_json_dumps(value: Any) -> None:
    assert stdlib_text(msgspec.json.encode(value), value) == _dumps(value)
    assert arguments_json({"v": value}) == _dumps({"v": value})


@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
@given(values=st.lists(_VALUES, min_size=1, max_size=3))
def test_built_arguments_are_json_dumps(provider: str, values: list[Any]) -> None:
    calls = [lc.tool_call(f"c{i}", "f", {"v": value}) for i, value in enumerate(values)]
    results = [lc.tool_result(f"c{i}", "ok") for i in range(len(values))]
    request = lc.Request(
        "gpt-4.1-mini", [lc.Message.user("x"), lc.Message.assistant(calls), lc.Message.tool(results)]
    )
    body = json.loads(lc.build_request(provider, request).body)
    if provider == "openai":
        sent = [item["arguments"] for item in body["input"] if item.get("type") == "function_call"]
    else:
        sent = [call["function"]["arguments"] for call in body["messages"][1]["tool_calls"]]
    assert sent == [_dumps({"v": value}) for value in values]


class _NoStdlib:
    def encode(self, value: Any) -> str:
        raise AssertionError(f"the stdlib encoder ran on {value!r}")


@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
def test_a_small_float_does_not_send_the_input_to_the_stdlib(
    provider: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    value = {"vector": [0.25, 0.5, 0.00005, 1e16], "name": "1e-5 and 0.00001"}
    request = lc.Request(
        "gpt-4.1-mini",
        [
            lc.Message.user("x"),
            lc.Message.assistant([lc.tool_call("c1", "f", value)]),
            lc.Message.tool([lc.tool_result("c1", "ok")]),
        ],
    )
    monkeypatch.setattr(_common, "_ascii_json", _NoStdlib())
    monkeypatch.setattr(_common, "acyclic_json", _NoStdlib().encode)
    body = lc.build_request(provider, request).body
    assert json.dumps(_dumps(value)).encode() in body


@pytest.mark.parametrize("count", [1, 31, 32, 33, 200])
def test_many_odd_floats_are_json_dumps_too(count: int) -> None:
    value = {"v": [1e-5 * (i + 1) for i in range(count)], "s": ["1e5", "0.00001"] * count, "w": 10.00001}
    assert stdlib_text(msgspec.json.encode(value), value) == _dumps(value)


_ARGUMENT_BYTES = st.binary(max_size=16) | st.sampled_from(
    [b"1e5", b"1E5", b"0.00001", b"10.00001", b"\x7f", b"\xc3\xa9", b'{"a":1.5e-7}', b"e0", b"0", b"e"]
)


@given(st.lists(st.lists(_ARGUMENT_BYTES, max_size=3).map(b"".join), min_size=1, max_size=4))
def test_the_builders_one_pass_check_is_the_check_of_the_joined_bytes(datas: list[bytes]) -> None:
    """The builders' check of a build's arguments (one translation for DEL, bytes past ASCII and
    exponents) answers as ``stdlib_spells_alike`` of the joined bytes, for any bytes."""
    assert is_ascii_json_as_stdlib(datas) == _common.stdlib_spells_alike(b"\n".join(datas))
