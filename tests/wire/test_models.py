"""ModelInfo and its nests write exactly what lm15 1.5.0's ``model_info_to_dict`` writes.

lm15's ``_clean_mapping`` drops an empty optional value of ModelInfo, ModelOrigin,
InferenceModelInfo and InferencePricing; lmcodec stores ``None`` for an empty ``extensions``,
``dimensions`` or ``provider_data`` (as for every other optional JSON object), so the
constructors, ``from_lm15`` and a decode all write lm15's bytes. Generated values, built
through lm15's and lmcodec's constructors side by side.
"""

from __future__ import annotations

import json
from typing import Any

import lm15.models as lm
import lm15.serde as ls
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.lm15 import from_lm15, to_lm15

from .lm15_trees import SETTINGS

_JSON_OBJECTS = st.one_of(
    st.none(),
    st.just({}),
    st.dictionaries(
        st.sampled_from(["a", "tier", "x"]), st.one_of(st.integers(0, 9), st.text(max_size=3)), max_size=2
    ),
)
_NAMES = st.lists(st.sampled_from(["text", "image", "audio"]), min_size=1, max_size=3, unique=True)
_PRICES = st.one_of(st.none(), st.integers(0, 100), st.sampled_from([0.25, 1.5, 15.0]))


@st.composite
def model_info_kwargs(draw: st.DrawFn) -> dict[str, Any]:
    """Keyword trees (classes by name) of ModelInfo values: every optional field absent, empty or set."""
    kwargs: dict[str, Any] = {"id": "m1", "provider": "p", "api_family": "openai"}
    if draw(st.booleans()):
        kwargs["aliases"] = draw(st.lists(st.sampled_from(["a", "b"]), max_size=2, unique=True))
    if draw(st.booleans()):
        kwargs["origin"] = (
            "ModelOrigin",
            {
                "type": draw(st.sampled_from(["provider", "fine_tune"])),
                "id": draw(st.sampled_from([None, "ft-1"])),
                "provider_data": draw(_JSON_OBJECTS),
            },
        )
    if draw(st.booleans()):
        inference: dict[str, Any] = {
            "context_window": draw(st.sampled_from([None, 8192])),
            "supports_reasoning": draw(st.booleans()),
            "reasoning_efforts": draw(st.lists(st.sampled_from(["low", "high"]), max_size=2, unique=True)),
            "extensions": draw(_JSON_OBJECTS),
        }
        for key in ("input_modalities", "output_modalities"):
            if draw(st.booleans()):
                inference[key] = draw(_NAMES)
        if draw(st.booleans()):
            inference["pricing"] = (
                "InferencePricing",
                {
                    "input_per_million": draw(_PRICES),
                    "output_per_million": draw(_PRICES),
                    "currency": draw(st.sampled_from(["USD", "EUR"])),
                    "dimensions": draw(_JSON_OBJECTS),
                },
            )
        kwargs["inference"] = ("InferenceModelInfo", inference)
    kwargs["extensions"] = draw(_JSON_OBJECTS)
    return kwargs


def _build(value: Any, module: Any) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        name, kwargs = value
        return getattr(module, name)(**{k: _build(v, module) for k, v in kwargs.items()})
    if isinstance(value, dict):
        return {k: _build(v, module) for k, v in value.items()}
    if isinstance(value, list):
        return [_build(v, module) for v in value]
    return value


def lm15_bytes(info: Any) -> bytes:
    return json.dumps(ls.model_info_to_dict(info), separators=(",", ":"), ensure_ascii=False).encode()


@SETTINGS
@given(model_info_kwargs())
def test_model_info_writes_lm15s_bytes(kwargs: dict[str, Any]) -> None:
    theirs = _build(("ModelInfo", kwargs), lm)
    ours = _build(("ModelInfo", kwargs), lc)
    expected = lm15_bytes(theirs)
    assert lc.encode(ours) == expected
    assert lc.encode(from_lm15(theirs)) == expected
    decoded = lc.decode(expected, lc.ModelInfo)
    assert lc.encode(decoded) == expected and decoded == ours
    assert lc.encode(lc.decode(lc.encode(ours), lc.ModelInfo)) == expected
    assert lc.encode(lc.from_builtins(json.loads(expected), lc.ModelInfo)) == expected
    assert lc.msgpack.decode(lc.msgpack.encode(ours), lc.ModelInfo) == ours


def test_empty_json_objects_are_written_as_lm15_omits_them() -> None:
    """F11: ``{}`` in ModelInfo.extensions, InferenceModelInfo.extensions, InferencePricing.dimensions
    and ModelOrigin.provider_data was written; lm15 omits each (an origin that is then the default
    is omitted whole)."""
    text = (
        b'{"id":"m1","provider":"p","api_family":"openai","origin":{"type":"provider","provider_data":{}},'
        b'"inference":{"input_modalities":["text"],"output_modalities":["text"],"pricing":'
        b'{"currency":"USD","dimensions":{}},"extensions":{}},"extensions":{}}'
    )
    expected = lm15_bytes(ls.model_info_from_dict(json.loads(text)))
    assert expected == (
        b'{"id":"m1","provider":"p","api_family":"openai","inference":{"input_modalities":["text"],'
        b'"output_modalities":["text"],"pricing":{"currency":"USD"}}}'
    )
    for lenient in (False, True):
        assert lc.encode(lc.decode(text, lc.ModelInfo, lenient=lenient)) == expected
    assert lc.encode(lc.from_builtins(json.loads(text), lc.ModelInfo)) == expected
    assert lc.encode(from_lm15(ls.model_info_from_dict(json.loads(text)))) == expected


def test_empty_modalities_are_written_and_kept() -> None:
    """The one place lmcodec writes what lm15 omits: lm15 writes ``input_modalities=()`` as absent
    and reads an absent key as ``("text",)``; msgspec can only omit a field whose read default is
    the omitted value, so lmcodec writes ``[]`` (lm15 reads it back as ``()``, the value written)
    and its strict reader keeps refusing an absent key (``lenient=True`` reads lm15's ``("text",)``)."""
    info = lc.ModelInfo("m1", "p", "openai", inference=lc.InferenceModelInfo(input_modalities=()))
    text = lc.encode(info)
    assert b'"input_modalities":[]' in text
    assert ls.model_info_from_dict(json.loads(text)).inference.input_modalities == ()  # type: ignore[union-attr]
    theirs = lm15_bytes(to_lm15(info))
    assert b"input_modalities" not in theirs
    with pytest.raises(lc.ValidationError, match="input_modalities"):
        lc.decode(theirs, lc.ModelInfo)
    read = lc.decode(theirs, lc.ModelInfo, lenient=True)
    assert read.inference is not None and read.inference.input_modalities == ("text",)
