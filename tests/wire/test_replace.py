"""``copy.replace`` / ``__replace__`` and ``lc.replace`` against lm15's ``dataclasses.replace``.

lm15's dataclasses get ``__replace__`` from ``dataclasses``, which rebuilds through ``__init__``
and ``__post_init__``: every check and normalization of a fresh construction runs. Python 3.13's
``copy.replace(obj, **changes)`` calls it; msgspec's own ``__replace__`` stored the changes
unchecked (red team 15, F01). Before 3.13 the tests call ``type(obj).__replace__`` directly, which
is what ``copy.replace`` does.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

import lm15.types as lt
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc

from .lm15_call_strategies import configs, deltas, requests, responses, stream_events
from .lm15_strategies import (
    data_parts,
    media_parts,
    messages,
    text_parts,
    tool_call_parts,
    tool_result_parts,
    usages,
)
from .lm15_trees import SETTINGS, Obj, _kind, build, check_wire, construct


def copy_replace(obj: Any, **changes: Any) -> Any:
    """``copy.replace`` on 3.13 and later; the call it makes, before."""
    replace = getattr(copy, "replace", None)
    if replace is not None:
        return replace(obj, **changes)
    return type(obj).__replace__(obj, **changes)


def _outcome(make: Any) -> tuple[Any, BaseException | None]:
    try:
        return make(), None
    except (TypeError, ValueError) as exc:
        return None, exc


_STRATEGIES = [
    text_parts("TextPart"),
    media_parts(),
    tool_call_parts(),
    tool_result_parts(),
    data_parts(),
    messages(),
    deltas(),
    stream_events(),
    usages(),
    configs(),
    requests(),
    responses(),
]


@SETTINGS
@given(st.data())
def test_copy_replace_builds_as_lm15_s_dataclass_replace(data: st.DataObject) -> None:
    """An object drawn valid, given the arguments of a second drawn call of its class (valid or
    not): lmcodec's ``__replace__`` and lc.replace raise the class lm15's ``dataclasses.replace``
    raises, or build an object lc.encode writes as lm15 writes its own."""
    strategy = data.draw(st.sampled_from(_STRATEGIES))
    node: Obj = data.draw(strategy)
    pair = construct(node)
    if pair is None:
        return
    lm_obj, lc_obj = pair
    changes: Obj = data.draw(strategy.filter(lambda other: other.name == node.name))
    lm_done, lm_exc = _outcome(lambda: dataclasses.replace(lm_obj, **build(changes.kwargs, "lm")))
    for replace in (copy_replace, lc.replace):
        lc_done, lc_exc = _outcome(lambda: replace(lc_obj, **build(changes.kwargs, "lc")))  # noqa: B023
        if lm_exc is not None:
            assert lc_exc is not None, f"lm15 raised {lm_exc!r}, lmcodec built {lc_done!r}"
            assert _kind(lc_exc) == _kind(lm_exc), f"lm15 raised {lm_exc!r}, lmcodec {lc_exc!r}"
        else:
            assert lc_exc is None, f"lmcodec raised {lc_exc!r}, lm15 built {lm_done!r}"
            check_wire(lm_done, lc_done)


_REPLACED: list[tuple[Any, Any, dict[str, Any]]] = [
    (lc.Config(), lt.Config(), {"stop": "x"}),
    (lc.Config(), lt.Config(), {"temperature": 1}),
    (lc.TextDelta("a"), lt.TextDelta("a"), {"part_index": 2.0}),
]


@pytest.mark.parametrize(
    ("obj", "lm_obj", "changes"), _REPLACED, ids=["stop-str", "temperature-int", "index-float"]
)
def test_copy_replace_normalizes_as_the_constructor(obj: Any, lm_obj: Any, changes: dict[str, Any]) -> None:
    """The red team's cases: what lm15 normalizes (a stop string to a tuple, 1 to 1.0, 2.0 to 2)
    is written as lm15 writes it, and reads back."""
    replaced = copy_replace(obj, **changes)
    check_wire(dataclasses.replace(lm_obj, **changes), replaced)
    assert lc.decode(lc.encode(replaced), type(obj)) == replaced


_REFUSED: list[tuple[Any, dict[str, Any], type[Exception]]] = [
    (lc.TextPart("a"), {"text": 5}, TypeError),
    (lc.TextDelta("a"), {"part_index": -1}, ValueError),
    (lc.Usage(), {"input_tokens": -5}, ValueError),
    (lc.ToolCallPart("i", "n", {}), {"input": {"a": float("nan")}}, TypeError),
    (lc.Request("m", [lc.Message.user("x")]), {"messages": []}, ValueError),
    (
        lc.Response(
            id="r", model="m", message=lc.Message.assistant("x"), finish_reason="stop", usage=lc.Usage()
        ),
        {"finish_reason": "bogus"},
        ValueError,
    ),
]


@pytest.mark.parametrize(
    ("obj", "changes", "error"),
    _REFUSED,
    ids=[f"{type(obj).__name__}-{next(iter(c))}" for obj, c, _ in _REFUSED],
)
def test_copy_replace_refuses_what_the_constructor_refuses(
    obj: Any, changes: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        copy_replace(obj, **changes)


def test_replacing_the_tag_is_lm15_s_error() -> None:
    """``type`` is lm15's ``init=False`` field: dataclasses.replace refuses it (ValueError before
    Python 3.13, TypeError since); lc.replace and copy.replace raise the same class, same words."""
    with pytest.raises((ValueError, TypeError)) as lm15_error:
        dataclasses.replace(lt.TextPart("a"), type="x")  # type: ignore[call-arg]
    for replace in (copy_replace, lc.replace):
        with pytest.raises(type(lm15_error.value)) as ours:
            replace(lc.TextPart("a"), type="x")
        assert type(ours.value) is type(lm15_error.value)
        assert str(ours.value) == str(lm15_error.value)


@pytest.mark.parametrize("obj", [3, lt.TextPart("a"), {"type": "text", "text": "a"}], ids=repr)
def test_lc_replace_of_another_object_is_a_type_error_saying_what_it_takes(obj: Any) -> None:
    with pytest.raises(TypeError, match=r"lc\.replace takes an lmcodec object") as error:
        lc.replace(obj, text="b")
    assert ("lc.from_lm15" in str(error.value)) == isinstance(obj, lt.TextPart)


def test_replace_with_no_change_is_an_equal_copy_of_the_same_class() -> None:
    response = lc.Response(
        id="r",
        model="m",
        message=lc.Message.assistant("x"),
        finish_reason="stop",
        usage=lc.Usage(input_tokens=1),
    )
    for replace in (copy_replace, lc.replace):
        copied = replace(response)
        assert copied == response and type(copied) is lc.Response
        assert json.loads(lc.encode(copied)) == json.loads(lc.encode(response))
