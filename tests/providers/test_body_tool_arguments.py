"""decode_response of a Chat / Responses tool call: its arguments text read by msgspec and the part
built without the constructor's walk where msgspec reads it (red team 13 F01), else as lm15 reads
it (``json.loads``, the checked constructor): the same part either way."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.providers as lcp
import lmcodec.wire._checks as checks
from lmcodec.providers._json import parse_json_object
from lmcodec.providers._tool_arguments import arguments_call

from ..budget import examples
from .provider_support import check_body_value

ODD_ARGUMENTS = [
    "",
    "{}",
    '{"a":1}',
    "[1,2]",
    "3",
    '"s"',
    "null",
    '{"a":1,"b":2,"a":3}',
    '{"a":NaN}',
    '{"a":-Infinity}',
    '{"a":1e400}',
    '{"a":-1e400}',
    f'{{"a":{2**70}}}',
    f'{{"a":-{2**64}}}',
    '{"a":' + "7" * 5000 + "}",
    '{"a":"\\ud83d"}',
    '{"a":"\\udc00x"}',
    '{"a":"\\u0000"}',
    '{"a":-0}',
    '{"a":-0.0}',
    '{"a":1E5,"b":1.5e-7}',
    "\ufeff{}",
    " \t\n{} \r\n",
    "{'a': 1}",
    '{"a":1',
    '{"a":1}x',
    '{"a":[' * 40 + "1" + "]}" * 40,
    "\x00",
    '{"é":"ü\U0001f600"}',
]


def _typed(value: Any) -> Any:
    """``value`` with every scalar's type beside it (``1``, ``1.0`` and ``True`` are equal in Python)."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}, list(value)
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return type(value).__name__, repr(value)


def _outcome(build: Any) -> Any:
    try:
        part = build()
    except (TypeError, ValueError) as exc:
        return type(exc).__name__, str(exc)
    return type(part).__name__, part.id, part.name, _typed(part.input), part.continuation


def _check(arguments: Any, call_id: Any = "c", name: Any = "f") -> None:
    expected = _outcome(lambda: lc.ToolCallPart(id=call_id, name=name, input=parse_json_object(arguments)))
    assert _outcome(lambda: arguments_call(call_id, name, arguments)) == expected, repr(arguments)[:200]


@pytest.mark.parametrize("arguments", ODD_ARGUMENTS, ids=range(len(ODD_ARGUMENTS)))
def test_the_part_of_parse_json_object_and_the_checked_constructor(arguments: str) -> None:
    _check(arguments)


@pytest.mark.parametrize("arguments", [None, {"a": 1}, {"a": float("nan")}, [1], 3, ""])
@pytest.mark.parametrize(("call_id", "name"), [("c", "f"), ("", "f"), ("c", ""), (3, "f"), ("c", None)])
def test_other_values_and_fields_as_the_checked_constructor_takes_them(
    arguments: Any, call_id: Any, name: Any
) -> None:
    _check(arguments, call_id, name)


_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
)
_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
)


@st.composite
def _arguments(draw: st.DrawFn) -> str:
    text = json.dumps(draw(_values), ensure_ascii=draw(st.booleans()))
    if draw(st.booleans()):  # a cut, a splice or a duplicated key
        cut = draw(st.integers(0, len(text)))
        text = (
            text[:cut] + draw(st.sampled_from(["", ",", '"a":1,"a":', "\\ud800", "}", "]", " "])) + text[cut:]
        )
    return text


@settings(max_examples=examples(400), deadline=None)
@given(_arguments())
def test_any_arguments_text_reads_as_the_slow_path_reads_it(arguments: str) -> None:
    """Hypothesis: the fast path (msgspec, template copy) against the path it skips."""
    _check(arguments)


def _bodies(arguments: str) -> dict[str, dict[str, Any]]:
    return {
        "openai_chat": {
            "id": "x",
            "model": "g",
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {"id": "c", "type": "function", "function": {"name": "f", "arguments": arguments}}
                        ],
                    },
                }
            ],
        },
        "openai": {
            "id": "r",
            "model": "g",
            "status": "completed",
            "output": [
                {"type": "function_call", "id": "fc", "call_id": "c", "name": "f", "arguments": arguments}
            ],
        },
    }


@pytest.mark.parametrize("provider", ["openai_chat", "openai"])
@pytest.mark.parametrize("arguments", ODD_ARGUMENTS, ids=range(len(ODD_ARGUMENTS)))
def test_the_arguments_read_as_lm15_reads_them(provider: str, arguments: str) -> None:
    check_body_value(provider, _bodies(arguments)[provider])


@pytest.mark.parametrize("provider", ["openai_chat", "openai"])
def test_the_arguments_msgspec_reads_are_not_walked(provider: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``is_json_value`` (the constructor's Python walk, ~60% of the time for 1 MB of arguments)
    never sees an input msgspec parsed: it is strict JSON already."""
    walked: list[Any] = []
    real = checks.is_json_value

    def counting(value: Any) -> bool:
        walked.append(value)
        return real(value)

    monkeypatch.setattr(checks, "is_json_value", counting)
    rows = {"rows": [{"k": i, "v": "abc", "f": i / 7} for i in range(50)]}
    body = json.dumps(_bodies(json.dumps(rows))[provider]).encode()
    read = lcp.decode_response(provider, body)
    assert read.tool_calls[0].input == rows
    assert not any(value == rows for value in walked)
