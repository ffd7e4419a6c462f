"""lenient=True reads each field as lm15 1.5.0's ``*_from_dict`` reads it, differentially.

lm15 reads a sequence field by iterating it (``tuple(v)``, ``for x in v``), so an empty string
or object there is an empty list; a few fields by truthiness (``d.get("adaptations") or ()``,
``d.get("usage") or {}``), so any falsy value there is the default; ``Reasoning`` with a null
``effort`` and a budget takes its effort from the budget. The sweep sets every key of every
object of every lm15 positive vector to each empty or falsy JSON value and reads the record
with lm15's ``from_dict`` and with ``lc.decode(..., lenient=True)``: both refuse it, or both
give the same canonical JSON.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import lm15.serde as ls
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc

from ..corpus import KIND_TYPES, load_json, needs_corpus
from ..wire.lm15_trees import SETTINGS

VECTORS = load_json("lm15-1.5.0/vectors.json")
EMPTY_VALUES: list[Any] = [None, 0, 0.0, False, "", [], {}]

_STEMS = {kind: kind for kind in KIND_TYPES} | {"continuation_state": "continuation"}

KNOWN_DIFFERENCES = {
    **{
        (field, empty): "lm15 writes an empty list as absent (which it reads back as ['text'])"
        for field in ("input_modalities", "output_modalities")
        for empty in ('""', "[]", "{}")
    },
    ("sample_rate", "null"): "lm15 keeps None and writes an AudioFormat its own reader refuses",
    ("channels", "null"): "lm15 keeps None in an int field, written as absent (read back as 1)",
}
"""(field, value) where lm15 reads a value lmcodec refuses or writes another way, on purpose;
each is pinned by test_the_known_differences_stand."""


def lm15_outcome(kind: str, value: Any) -> tuple[str, str]:
    stem = _STEMS[kind]
    try:
        obj = getattr(ls, f"{stem}_from_dict")(value)
        options = {"include_provider_data": True} if kind == "response" else {}
        return "ok", json.dumps(getattr(ls, f"{stem}_to_dict")(obj, **options))
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        return "refused", f"{type(exc).__name__}: {exc}"


def lenient_outcome(kind: str, value: Any) -> tuple[str, str]:
    try:
        obj = lc.decode(json.dumps(value).encode(), KIND_TYPES[kind], lenient=True)
    except lc.LmcodecError as exc:
        return "refused", str(exc)
    return "ok", json.dumps(json.loads(lc.encode(obj, include_provider_data=True)))


def _key_paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from _key_paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _key_paths(item, (*path, index))


def _with(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    out = copy.deepcopy(value)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new
    return out


def _kinds() -> list[str]:
    return sorted({v["kind"] for v in VECTORS.get("positive", [])})


@needs_corpus
@pytest.mark.parametrize("kind", _kinds())
def test_every_empty_value_reads_as_lm15_reads_it(kind: str) -> None:
    differ: dict[tuple[str, str, str], str] = {}
    for vector in VECTORS["positive"]:
        if vector["kind"] != kind:
            continue
        for path in _key_paths(vector["value"]):
            for empty in EMPTY_VALUES:
                record = _with(vector["value"], path, empty)
                theirs, ours = lm15_outcome(kind, record), lenient_outcome(kind, record)
                if theirs[0] == ours[0] == "refused" or theirs == ours:
                    continue
                key = (str(path[-1]), json.dumps(empty))
                if key not in KNOWN_DIFFERENCES:
                    differ.setdefault((kind, *key), f"{vector['id']} {path}: lm15 {theirs}, lenient {ours}")
    assert not differ, "\n".join(differ.values())


@needs_corpus
def test_the_sweep_covers_the_fields_lm15_reads_by_iteration_and_truthiness() -> None:
    """The vectors hold each such field, so the sweep reaches it."""
    reached = {
        (v["kind"], str(path[-1])) for v in VECTORS.get("positive", []) for path in _key_paths(v["value"])
    }
    for field in [
        ("stream_event", "adaptations"),
        ("response", "adaptations"),
        ("token_logprob", "top"),
        ("token_logprob", "bytes"),
        ("file_page", "items"),
        ("cache_page", "items"),
        ("image_generation_request", "images"),
        ("video_generation_request", "images"),
        ("request", "tools"),
        ("live_config", "tools"),
        ("delta", "logprobs"),
        ("response", "logprobs"),
        ("config", "stop"),
        ("tool_choice", "allowed"),
        ("image_generation_response", "usage"),
        ("speech_generation_response", "usage"),
        ("model_info", "aliases"),
        ("model_info", "supports_reasoning"),
    ]:
        assert field in reached, field


@pytest.mark.parametrize(
    ("tp", "record"),
    [
        (
            lc.ModelInfo,
            {"id": "m", "provider": "p", "api_family": "f", "inference": {"input_modalities": []}},
        ),
        (lc.LiveConfig, {"model": "m", "input_format": {"encoding": "pcm16", "sample_rate": None}}),
        (
            lc.LiveConfig,
            {"model": "m", "input_format": {"encoding": "pcm16", "sample_rate": 8000, "channels": None}},
        ),
    ],
)
def test_the_known_differences_stand(tp: Any, record: dict[str, Any]) -> None:
    """An empty modalities list reads as it stands (lm15 writes it as absent, which it reads as
    ['text']); a null AudioFormat.sample_rate or channels is refused (lm15 keeps None in an int
    field and writes a record its own reader refuses, or reads back as 1)."""
    if tp is lc.ModelInfo:
        info = lc.decode(json.dumps(record).encode(), tp, lenient=True)
        assert info.inference is not None and info.inference.input_modalities == ()
    else:
        with pytest.raises(lc.ValidationError):
            lc.decode(json.dumps(record).encode(), tp, lenient=True)


_BUDGETS = st.one_of(
    st.integers(-3, 40_000),
    st.integers(2**63, 2**70),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-10, max_value=40_000),
    st.sampled_from([0.0, 1024.0, 16000.0, 1.5, True, False, "8000", None, [], {}]),
)


@SETTINGS
@given(
    budget=_BUDGETS,
    key=st.sampled_from(["thinking_budget", "budget"]),
    enabled=st.sampled_from([None, True, False]),
)
def test_a_null_effort_takes_its_effort_from_the_budget(budget: Any, key: str, enabled: Any) -> None:
    """lm15 reads ``{"effort": null, "thinking_budget": N}`` as Reasoning(thinking_budget=N): the
    effort comes from the budget (MAP-7 rule 3); a budget it refuses is refused."""
    record: dict[str, Any] = {"effort": None, key: budget}
    if enabled is not None:
        record["enabled"] = enabled
    assert lenient_outcome("reasoning", record)[0] == lm15_outcome("reasoning", record)[0]
    if lm15_outcome("reasoning", record)[0] == "ok":
        assert lenient_outcome("reasoning", record) == lm15_outcome("reasoning", record)
        nested = {"reasoning": record}
        assert lenient_outcome("config", nested) == lm15_outcome("config", nested)


_LOGPROBS_COMPLETE_NULL = [
    (
        lc.Response,
        ls.response_from_dict,
        {
            "model": "m",
            "message": {"role": "assistant", "parts": [{"type": "text", "text": "x"}]},
            "finish_reason": "stop",
            "logprobs_complete": None,
        },
        "$.logprobs_complete",
    ),
    (
        lc.StreamEvent,
        ls.stream_event_from_dict,
        {"type": "delta", "delta": {"type": "text", "part_index": 0, "text": "x", "logprobs_complete": None}},
        "$.delta.logprobs_complete",
    ),
]


@pytest.mark.parametrize(("tp", "lm15_read", "record", "path"), _LOGPROBS_COMPLETE_NULL)
def test_a_null_logprobs_complete_is_refused_as_lm15_refuses_it(
    tp: Any, lm15_read: Any, record: dict[str, Any], path: str
) -> None:
    """F12: lenient read a Response's null ``logprobs_complete`` as true (and refused it on a
    TextDelta); lm15's bool check refuses both."""
    with pytest.raises(TypeError, match="logprobs_complete must be a bool"):
        lm15_read(record)
    for lenient in (False, True):
        with pytest.raises(lc.ValidationError) as caught:
            lc.decode(json.dumps(record).encode(), tp, lenient=lenient)
        assert caught.value.path == path
