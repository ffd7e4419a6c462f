"""``lc.decode`` takes a ``str`` as it takes the same text's UTF-8 bytes: the same value, or the same
lc error at the same path (red team 50, F01: a ``str`` that failed validation was a bare
``TypeError`` from the repeated-key rewrite's ``bytes(data)``, for every target but Config and
Usage). The sweep is over every public type of ``lmcodec`` and JSON texts whose objects may repeat
a key, in every mode."""

from __future__ import annotations

import inspect
import json
import types
import typing
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples


def _is_type(obj: object) -> bool:
    if inspect.ismodule(obj) or inspect.isfunction(obj) or inspect.isbuiltin(obj):
        return False
    if isinstance(obj, type):
        return not issubclass(obj, BaseException)
    return isinstance(obj, (types.UnionType, types.GenericAlias)) or typing.get_origin(obj) is not None


TARGETS = sorted(
    (
        (name, getattr(lc, name))
        for name in dir(lc)
        if not name.startswith("_") and _is_type(getattr(lc, name))
    ),
    key=lambda pair: pair[0],
)
KEYS = (
    "type",
    "role",
    "parts",
    "text",
    "model",
    "messages",
    "finish_reason",
    "id",
    "name",
    "part_index",
    "delta",
    "detail",
    "input",
    "usage",
    "config",
    "tools",
    "message",
    "media_type",
    "data",
)
TAGS = ("text", "thinking", "tool_call", "end", "start", "delta", "user", "assistant", "function", "é")


def _text(value: Any) -> str:
    """``value`` as JSON, a ``("pairs", [...])`` node written as an object that may repeat keys."""
    if isinstance(value, tuple):
        return "{" + ",".join(f"{json.dumps(k)}:{_text(v)}" for k, v in value[1]) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_text(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)


_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from(TAGS),
    st.floats(allow_nan=False, allow_infinity=False),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.tuples(st.just("pairs"), st.lists(st.tuples(st.sampled_from(KEYS), inner), max_size=5)),
    ),
    max_leaves=12,
)


def _outcome(data: str | bytes, tp: Any, lenient: bool, unknown: Any) -> tuple[object, ...]:
    try:
        return ("value", lc.decode(data, tp, lenient=lenient, unknown=unknown))
    except lc.LmcodecError as exc:
        return (type(exc), str(exc), getattr(exc, "path", None))


@pytest.mark.parametrize(("name", "tp"), TARGETS, ids=[name for name, _ in TARGETS])
@settings(max_examples=examples(40), deadline=None)
@given(value=_VALUES, lenient=st.booleans(), unknown=st.sampled_from(["error", "keep"]))
def test_a_str_decodes_as_its_utf8_bytes(name: str, tp: Any, value: Any, lenient: bool, unknown: str) -> None:
    text = _text(value)
    assert _outcome(text, tp, lenient, unknown) == _outcome(text.encode(), tp, lenient, unknown)


@pytest.mark.parametrize(
    ("text", "tp", "options"),
    [
        ("{}", lc.Message, {}),
        ("[]", lc.Turn, {}),
        ('{"model":"m","messages":[]}', lc.Request, {"lenient": True}),
        ('{"type":"text","text":1}', lc.Part, {"unknown": "keep"}),
        ('{"type":"end","finish_reason":"nope"}', lc.StreamEvent, {}),
    ],
)
def test_a_refused_str_is_the_validation_error_of_its_bytes(
    text: str, tp: Any, options: dict[str, Any]
) -> None:
    with pytest.raises(lc.ValidationError) as from_bytes:
        lc.decode(text.encode(), tp, **options)
    with pytest.raises(lc.ValidationError) as from_str:
        lc.decode(text, tp, **options)
    assert (str(from_str.value), from_str.value.path) == (str(from_bytes.value), from_bytes.value.path)


def test_a_str_with_a_repeated_key_reads_its_last_value() -> None:
    assert lc.decode('{"type":"text","text":0,"text":"hi"}', lc.Part) == lc.TextPart(text="hi")
