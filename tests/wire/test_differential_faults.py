"""Single- and multi-fault constructor calls the red-team found lmcodec treating unlike lm15 1.5.0.

Each call is made through ``lm15.types`` and through ``lmcodec``: both accept (and then write the
same canonical JSON) or both raise the same exception class. With several bad arguments the class
tells which rule fired first, so those cases pin lm15's check order.
"""

from __future__ import annotations

import collections
import enum
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

import lm15.types as lt
import pytest
from lm15.adaptation import Adaptation as LmAdaptation

import lmcodec as lc

from .lm15_trees import SERDE, Obj, check, check_wire

_TEXT = Obj("TextPart", {"text": "x"})
_STATE = Obj("ContinuationState", {"provider": "p", "kind": "k"})

SINGLE_FAULTS: list[tuple[str, Obj]] = [
    # response/error break the outcome rule: lm15 says ValueError before any type check
    (
        "batch-succeeded-str-response",
        Obj("BatchEntry", {"index": 0, "outcome": "succeeded", "response": "x"}),
    ),
    ("batch-cancelled-int-error", Obj("BatchEntry", {"index": 0, "outcome": "cancelled", "error": 5})),
    ("batch-errored-str-error", Obj("BatchEntry", {"index": 0, "outcome": "errored", "error": "x"})),
    # a Literal field given an unhashable value is just not one of the allowed values
    ("config-probabilities-list", Obj("Config", {"probabilities": ["off"]})),
    ("datapart-method-list", Obj("DataPart", {"value": 1, "probabilities": {"a": {"y": 0.5}}, "method": []})),
    ("message-role-list", Obj("Message", {"role": [], "parts": [_TEXT]})),
    # lm15 calls tuple(): '' and {} are empty sequences, so "requires content" fires (ValueError)
    ("tool-result-empty-str", Obj("ToolResultPart", {"id": "c", "content": ""})),
    ("tool-result-empty-dict", Obj("ToolResultPart", {"id": "c", "content": {}})),
    ("tool-result-nonempty-dict", Obj("ToolResultPart", {"id": "c", "content": {"a": 1}})),
    ("live-tool-result-empty-dict", Obj("LiveClientToolResultEvent", {"id": "c", "content": {}})),
    ("live-turn-empty-str", Obj("LiveClientTurnEvent", {"parts": ""})),
    ("image-response-empty-str", Obj("ImageGenerationResponse", {"images": ""})),
    ("batch-request-empty-dict", Obj("BatchRequest", {"model": "m", "requests": {}})),
    ("message-empty-dict", Obj("Message", {"role": "user", "parts": {}})),
    # ... and accepted where an empty sequence is allowed
    ("continuation-empty-dict", Obj("TextPart", {"text": "x", "continuation": {}})),
    ("continuation-empty-str", Obj("TextPart", {"text": "x", "continuation": ""})),
    ("continuation-str", Obj("TextPart", {"text": "x", "continuation": "ab"})),
    ("logprobs-empty-str", Obj("TextDelta", {"text": "x", "logprobs": ""})),
    ("top-empty-dict", Obj("TokenLogprob", {"token": "a", "logprob": -1.0, "top": {}})),
    ("top-nonempty-str", Obj("TokenLogprob", {"token": "a", "logprob": -1.0, "top": "ab"})),
    ("file-page-empty-str", Obj("FilePage", {"items": ""})),
    ("image-request-empty-dict", Obj("ImageGenerationRequest", {"model": "m", "prompt": "p", "images": {}})),
    # several faults: lm15's first rule decides the class
    (
        "datapart-value-before-probabilities",
        Obj(
            "DataPart",
            {"value": float("nan"), "probabilities": {"a": {"x": 2}}, "method": "provider_classification"},
        ),
    ),
    ("message-role-before-parts", Obj("Message", {"role": "auto", "parts": "user"})),
    ("message-role-before-empty-parts", Obj("Message", {"role": "auto", "parts": []})),
]


@pytest.mark.parametrize(
    "node", [node for _, node in SINGLE_FAULTS], ids=[label for label, _ in SINGLE_FAULTS]
)
def test_fault_is_treated_as_lm15_treats_it(node: Obj) -> None:
    """Both accept (same canonical JSON where lm15 has a serializer) or both raise the same class."""
    check(node)


class _Three(enum.IntEnum):
    THREE = 3


def _adaptation(m: ModuleType) -> Any:
    return (lc.Adaptation if m is lc else LmAdaptation)("f", "dropped", "r")


CALLS: list[tuple[str, Callable[[ModuleType], Any]]] = [
    # adaptations: lm15 takes only a list or a tuple
    ("adaptations-set", lambda m: m.StreamStartEvent(adaptations={_adaptation(m)})),
    ("adaptations-iterator", lambda m: m.StreamStartEvent(adaptations=iter([_adaptation(m)]))),
    (
        "adaptations-frozenset",
        lambda m: m.Response(
            id="r",
            message=m.Message("assistant", [m.TextPart("x")]),
            model="m",
            finish_reason="stop",
            usage=m.Usage(),
            adaptations=frozenset(),
        ),
    ),
    # lm15 stores None for any empty mapping in extensions (the argument trees copy into plain dicts)
    ("config-extensions-defaultdict", lambda m: m.Config(extensions=collections.defaultdict(int))),
    ("config-extensions-ordered", lambda m: m.Config(extensions=collections.OrderedDict())),
    ("adaptations-list", lambda m: m.StreamStartEvent(adaptations=[_adaptation(m)])),
    # a logprob: lm15 coerces only an exact int
    ("logprob-intenum", lambda m: m.TokenLogprob("a", _Three.THREE)),
    ("top-logprob-intenum", lambda m: m.TopLogprob("a", _Three.THREE)),
    ("logprob-int", lambda m: m.TokenLogprob("a", -3)),
    # the factories check continuation before building the part (lm15 normalizes it first)
    ("image-detail-and-continuation", lambda m: m.image(url="http://x", detail="bogus", continuation="x")),
    ("refusal-empty-and-continuation", lambda m: m.refusal("", continuation="x")),
    ("text-bad-text-and-continuation", lambda m: m.text(5, continuation=[1])),
    ("data-bad-value-and-continuation", lambda m: m.data(float("nan"), continuation=5)),
    ("tool-call-and-continuation", lambda m: m.tool_call("", "n", {}, continuation="x")),
    ("citation-and-continuation", lambda m: m.citation(url="", continuation="x")),
    ("audio-two-sources-and-continuation", lambda m: m.audio(url="u", data=b"x", continuation="x")),
    ("thinking-continuation-dict", lambda m: m.thinking("t", continuation={})),
]


def _outcome(call: Callable[[ModuleType], Any], module: ModuleType) -> tuple[str, Any]:
    try:
        return "ok", call(module)
    except (TypeError, ValueError) as exc:
        return type(exc).__name__, exc


@pytest.mark.parametrize("call", [call for _, call in CALLS], ids=[label for label, _ in CALLS])
def test_call_is_treated_as_lm15_treats_it(call: Callable[[ModuleType], Any]) -> None:
    """Calls the argument trees cannot express (sets, iterators, enums, factories) agree with lm15."""
    lm_kind, lm_value = _outcome(call, lt)
    lc_kind, lc_value = _outcome(call, lc)
    assert lc_kind == lm_kind, f"lm15: {lm_kind} {lm_value!r}; lmcodec: {lc_kind} {lc_value!r}"
    if lm_kind == "ok" and type(lm_value).__name__ in SERDE:
        check_wire(lm_value, lc_value)


_LM15_MODELS = importlib.import_module("lm15.models")

# red team 15, F07: where lmcodec's field checks raised TypeError (or an unhashable's TypeError)
# before lm15's own checks, which raise ValueError
CLASS_FAULTS: list[tuple[str, str, dict[str, Any]]] = [
    ("adaptation-action-list", "Adaptation", {"field": "f", "action": [], "reason": "r"}),
    ("adaptation-action-dict-and-reason", "Adaptation", {"field": "f", "action": {}, "reason": 5}),
    ("adaptation-field-before-action", "Adaptation", {"field": 5, "action": [], "reason": "r"}),
    ("pricing-str", "InferencePricing", {"input_per_million": "x"}),
    ("pricing-bool", "InferencePricing", {"output_per_million": True}),
    ("pricing-negative", "InferencePricing", {"cache_read_per_million": -1}),
    ("pricing-currency-tuple", "InferencePricing", {"currency": ("a",)}),
    ("pricing-currency-empty", "InferencePricing", {"currency": ""}),
    ("model-info-context-str", "InferenceModelInfo", {"context_window": "x"}),
    ("model-info-context-fraction", "InferenceModelInfo", {"context_window": 1.5}),
    ("model-info-max-output-bool", "InferenceModelInfo", {"max_output_tokens": True}),
    ("model-info-context-float", "InferenceModelInfo", {"context_window": 2.0}),
    ("origin-type-tuple", "ModelOrigin", {"type": ("a",)}),
    ("origin-id-int", "ModelOrigin", {"id": 5}),
    ("origin-base-model-empty", "ModelOrigin", {"base_model": ""}),
    ("upload-two-sources-bad-bytes", "FileUploadRequest", {"filename": "a", "bytes_data": "x", "path": "p"}),
    ("upload-two-sources", "FileUploadRequest", {"filename": "a", "bytes_data": b"x", "path": "p"}),
]


def _lm15_class(name: str) -> Any:
    for module in (lt, _LM15_MODELS):
        if hasattr(module, name):
            return getattr(module, name)
    return LmAdaptation


@pytest.mark.parametrize(
    ("name", "kwargs"), [(n, k) for _, n, k in CLASS_FAULTS], ids=[label for label, _, _ in CLASS_FAULTS]
)
def test_a_fault_raises_lm15_s_exception_class(name: str, kwargs: dict[str, Any]) -> None:
    lm_kind, lm_value = _outcome(lambda _: _lm15_class(name)(**kwargs), lt)
    lc_kind, lc_value = _outcome(lambda _: getattr(lc, name)(**kwargs), lc)
    assert lc_kind == lm_kind, f"lm15: {lm_kind} {lm_value!r}; lmcodec: {lc_kind} {lc_value!r}"


# red team 15: lm15 wraps one string given to Config.stop and ToolChoice.allowed, and calls tuple()
# on the other string-item fields, which gives a string's characters ('' gives ())
STRING_FIELDS: list[tuple[str, str, dict[str, Any]]] = [
    ("model-info-input-modalities", "InferenceModelInfo", {}),
    ("model-info-output-modalities", "InferenceModelInfo", {}),
    ("model-info-reasoning-efforts", "InferenceModelInfo", {}),
    ("model-aliases", "ModelInfo", {"id": "m", "provider": "p", "api_family": "f"}),
    ("config-stop", "Config", {}),
    ("tool-choice-allowed", "ToolChoice", {"mode": "required"}),
]
_FIELD_OF = {
    "model-info-input-modalities": "input_modalities",
    "model-info-output-modalities": "output_modalities",
    "model-info-reasoning-efforts": "reasoning_efforts",
    "model-aliases": "aliases",
    "config-stop": "stop",
    "tool-choice-allowed": "allowed",
}


@pytest.mark.parametrize("text", ["ab", "", "text"])
@pytest.mark.parametrize(
    ("label", "name", "kwargs"), STRING_FIELDS, ids=[label for label, _, _ in STRING_FIELDS]
)
def test_a_string_for_a_string_sequence_is_taken_as_lm15_takes_it(
    label: str, name: str, kwargs: dict[str, Any], text: str
) -> None:
    field = _FIELD_OF[label]
    lm_kind, lm_value = _outcome(lambda _: _lm15_class(name)(**kwargs, **{field: text}), lt)
    lc_kind, lc_value = _outcome(lambda _: getattr(lc, name)(**kwargs, **{field: text}), lc)
    assert lc_kind == lm_kind, f"lm15: {lm_kind} {lm_value!r}; lmcodec: {lc_kind} {lc_value!r}"
    if lm_kind == "ok":
        assert getattr(lc_value, field) == getattr(lm_value, field)


# red team 18, F09: a sequence of parts holding something else than a Part
PART_SEQUENCE_FAULTS: list[tuple[str, Callable[[ModuleType], Any]]] = [
    ("message-str-item", lambda m: m.Message("user", ("a",))),
    ("message-none-item", lambda m: m.Message("user", [None])),
    ("message-part-then-int", lambda m: m.Message("user", [m.TextPart("x"), 1])),
    ("tool-result-str-item", lambda m: m.ToolResultPart("c", ("a",))),
    ("live-turn-int-item", lambda m: m.LiveClientTurnEvent((1,))),
]


@pytest.mark.parametrize(
    "call", [call for _, call in PART_SEQUENCE_FAULTS], ids=[label for label, _ in PART_SEQUENCE_FAULTS]
)
def test_a_sequence_of_parts_with_another_item_says_lm15_s_words(call: Callable[[ModuleType], Any]) -> None:
    """lmcodec said "Message.parts must be a valid object"; lm15 says what it takes."""
    lm_kind, lm_value = _outcome(call, lt)
    lc_kind, lc_value = _outcome(call, lc)
    assert lm_kind == "TypeError" and str(lm_value).endswith(" must contain Part objects")
    assert (lc_kind, str(lc_value)) == (lm_kind, str(lm_value))
