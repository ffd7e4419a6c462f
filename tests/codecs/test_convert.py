"""codecs/_convert.convert (a union or container target converted as a wrapper Struct's field,
its plan kept) gives what ``msgspec.convert`` gives: the same value, or the same error message
with the same path, for every target the codecs convert into."""

from __future__ import annotations

import copy
from typing import Any

import msgspec
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.codecs._convert import convert
from lmcodec.codecs._hooks import dec_hook

from ..corpus import KIND_TYPES, load_json, needs_corpus
from ..wire.lm15_trees import SETTINGS

VECTORS = load_json("lm15-1.5.0/vectors.json")
VALUES: list[tuple[str, Any]] = [
    *((v["kind"], v["value"]) for v in VECTORS.get("positive", [])),
    *((v["kind"], v["input"]) for v in VECTORS.get("negative", []) if "input" in v),
    *((v["kind"], v["input"]) for v in VECTORS.get("normalize", [])),
]
TARGETS = sorted(set(KIND_TYPES.values()), key=repr)
JSON = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 3),
        st.floats(-2, 2),
        st.sampled_from(["", "x", "text", "type"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=2),
        st.dictionaries(st.sampled_from(["type", "text", "a"]), inner, max_size=2),
    ),
    max_leaves=6,
)


def outcome(call: Any) -> tuple[str, Any]:
    try:
        return "value", call()
    except msgspec.ValidationError as exc:
        return "ValidationError", str(exc)
    except (TypeError, ValueError, UnicodeError) as exc:
        return type(exc).__name__, str(exc)


def _nodes(value: Any) -> list[tuple[Any, Any]]:
    """(container, key) of every node under the root."""
    found: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        item = stack.pop()
        pairs = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        for key, child in pairs:
            found.append((item, key))
            stack.append(child)
    return found


@st.composite
def cases(draw: st.DrawFn) -> tuple[Any, Any]:
    kind, value = draw(st.sampled_from(VALUES))
    value = copy.deepcopy(value)
    nodes = _nodes(value)
    if nodes and draw(st.booleans()):
        container, key = draw(st.sampled_from(nodes))
        container[key] = draw(JSON)
    tp = draw(st.sampled_from([KIND_TYPES[kind], draw(st.sampled_from(TARGETS))]))
    shape = draw(st.sampled_from(["as is", "list", "optional", "dict", "tuple"]))
    if shape == "list":
        return [value, value], list[tp]  # type: ignore[valid-type]
    if shape == "optional":
        return value, tp | None
    if shape == "dict":
        return {"k": value}, dict[str, tp]  # type: ignore[valid-type]
    if shape == "tuple":
        return [value], tuple[tp, ...]  # type: ignore[valid-type]
    return value, tp


@needs_corpus
@SETTINGS
@given(cases())
def test_convert_gives_what_msgspec_convert_gives(case: tuple[Any, Any]) -> None:
    value, tp = case
    direct = outcome(lambda: msgspec.convert(value, tp, dec_hook=dec_hook))
    kept = outcome(lambda: convert(value, tp))
    assert kept == direct


@needs_corpus
def test_every_vector_converts_alike_into_its_target() -> None:
    for kind, value in VALUES:
        tp = KIND_TYPES[kind]
        for target, item in ((tp, value), (list[tp], [value]), (tp | None, value)):  # type: ignore[valid-type]
            assert outcome(lambda t=target, v=item: convert(v, t)) == outcome(
                lambda t=target, v=item: msgspec.convert(v, t, dec_hook=dec_hook)
            ), (kind, target)


def test_root_and_key_errors_keep_msgspecs_spelling() -> None:
    for value, tp in [
        (1, lc.Part),
        ({}, lc.Part),
        ({1: 2}, dict[str, int]),
        ({"a": {1: 2}}, dict[str, dict[str, int]]),
    ]:
        direct = outcome(lambda v=value, t=tp: msgspec.convert(v, t, dec_hook=dec_hook))
        assert outcome(lambda v=value, t=tp: convert(v, t)) == direct
        assert "$.value" not in direct[1]
