"""The helpers of lmcodec.api against lm15's own: same signatures, same values, same errors.

Each factory is called with the same arguments on both sides; the result must
serialize to what lm15's ``serde.part_to_dict`` gives for lm15's part, and a
call lm15 refuses must be refused here with the same exception type and message.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import lm15.serde as lm15_serde
import lm15.types as lm15_types
import pytest

import lmcodec as lc
import lmcodec.api as api

FACTORIES = [name for name in api.__all__ if name not in ("replace", "continuation_data")]

PNG = b"\x89PNG\r\n\x1a\n"
CALLS: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("text", ("hello",), {}),
    ("text", ("",), {}),
    ("thinking", ("",), {"continuation": "STATE"}),
    ("thinking", ("step",), {"continuation": ["STATE", "STATE"]}),
    ("refusal", ("no",), {}),
    ("refusal", ("",), {}),
    ("citation", (), {"url": "https://example.com", "title": "Example"}),
    ("citation", (), {"text": "quoted"}),
    ("citation", (), {}),
    ("data", ({"a": [1, 2.5, None]},), {}),
    ("data", (None,), {}),
    (
        "data",
        ({"score": 3},),
        {"probabilities": {"score": {"3": 0.75, "4": 0.25}}, "method": "provider_classification"},
    ),
    ("data", (1,), {"method": "provider_classification"}),
    ("tool_call", ("call_1", "get_weather", {"city": "Paris"}), {}),
    ("tool_call", ("", "f", {}), {}),
    ("tool_call", ("call_1", "f", {"x": 1}), {"continuation": "STATE"}),
    ("tool_result", ("call_1", "sunny"), {}),
    ("tool_result", ("call_1", ["a", "TEXT"]), {"name": "f", "is_error": True}),
    ("tool_result", ("call_1", "TEXT"), {}),
    ("tool_result", ("call_1", []), {}),
    ("tool_result", ("call_1", 42), {}),
    ("image", (), {"url": "https://example.com/a.png", "detail": "high"}),
    ("image", (), {"data": PNG}),
    ("image", (), {"data": "iVBORw0KGgo="}),
    ("image", (), {"file_id": "file_1", "media_type": "image/jpeg"}),
    ("image", (), {"path": "pictures/cat.jpg"}),
    ("image", (), {"path": ""}),
    ("image", (), {}),
    ("image", (), {"url": "https://example.com/a.png", "data": PNG}),
    ("image", (), {"data": "not base64!"}),
    ("audio", (), {"data": b"RIFF"}),
    ("audio", (), {"path": "sound/clip.mp3"}),
    ("video", (), {"url": "https://example.com/a.mp4"}),
    ("video", (), {"file_id": "file_2"}),
    ("document", (), {"data": b"%PDF-1.7"}),
    ("document", (), {"path": "docs/report.pdf"}),
    ("binary", (), {"data": b"\x00\x01"}),
    ("binary", (), {"path": "blob.unknownsuffix"}),
    ("binary", (), {"url": ""}),
]


def _resolve(value: Any, side: str) -> Any:
    """Placeholders built on each side: a ContinuationState, a TextPart."""
    if value == "STATE":
        cls = lc.ContinuationState if side == "lc" else lm15_types.ContinuationState
        return cls("anthropic", "signature", {"signature": "abc"})
    if value == "TEXT":
        return lc.TextPart("t") if side == "lc" else lm15_types.TextPart("t")
    if isinstance(value, list):
        return [_resolve(v, side) for v in value]
    return value


def _outcome(call: Callable[[], Any], to_dict: Callable[[Any], Any]) -> tuple[str, Any]:
    try:
        result = call()
    except (TypeError, ValueError) as exc:
        return type(exc).__name__, str(exc)
    return "ok", to_dict(result)


def _lm15_dict(part: Any) -> Any:
    out = lm15_serde.part_to_dict(part)
    if isinstance(out.get("path"), Path):
        out["path"] = str(out["path"])
    return out


@pytest.mark.parametrize("name", FACTORIES)
def test_factory_signature_is_lm15s(name: str) -> None:
    ours = inspect.signature(getattr(api, name))
    theirs = inspect.signature(getattr(lm15_types, name))
    assert [(p.name, p.kind, p.default) for p in ours.parameters.values()] == [
        (p.name, p.kind, p.default) for p in theirs.parameters.values()
    ]


@pytest.mark.parametrize(("name", "args", "kwargs"), CALLS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CALLS)])
def test_factory_builds_what_lm15_builds(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    lc_args = [_resolve(a, "lc") for a in args]
    lc_kwargs = {k: _resolve(v, "lc") for k, v in kwargs.items()}
    lm_args = [_resolve(a, "lm15") for a in args]
    lm_kwargs = {k: _resolve(v, "lm15") for k, v in kwargs.items()}
    ours = _outcome(lambda: getattr(api, name)(*lc_args, **lc_kwargs), lc.to_builtins)
    theirs = _outcome(lambda: getattr(lm15_types, name)(*lm_args, **lm_kwargs), _lm15_dict)
    assert ours == theirs


def test_every_factory_is_called() -> None:
    assert {c[0] for c in CALLS} == set(FACTORIES)


def test_media_factory_guesses_the_type_from_the_path() -> None:
    assert lc.image(path="a/b.jpg").media_type == lm15_types.image(path="a/b.jpg").media_type == "image/jpeg"
    assert lc.audio(path="x.unknownsuffix").media_type == "audio/wav"


def test_continuation_data_reads_messages_parts_and_tuples() -> None:
    states_lc = (
        lc.ContinuationState("openai", "reasoning", {"id": "rs_1"}),
        lc.ContinuationState("openai", "item", {"id": "it_1"}),
    )
    states_lm = tuple(lm15_types.ContinuationState(s.provider, s.kind, dict(s.data)) for s in states_lc)
    part_lc, part_lm = lc.TextPart("x", states_lc), lm15_types.TextPart("x", states_lm)
    message_lc = lc.Message("assistant", [part_lc], states_lc)
    message_lm = lm15_types.Message("assistant", (part_lm,), states_lm)
    for provider, kind in [
        ("openai", "reasoning"),
        ("openai", "item"),
        ("openai", "other"),
        ("anthropic", "reasoning"),
    ]:
        for ours, theirs in [(part_lc, part_lm), (message_lc, message_lm), (states_lc, states_lm)]:
            got = api.continuation_data(ours, provider, kind)
            assert got == lm15_types.continuation_data(theirs, provider, kind)
    assert api.continuation_data(lc.TextPart("x"), "openai", "reasoning") is None


REPLACE_CASES: list[tuple[Callable[[Any], Any], dict[str, Any]]] = [
    (lambda m: m.TextPart("a"), {"text": "b"}),
    (lambda m: m.Usage(1, 2), {"total_tokens": 3}),
    (lambda m: m.Message("user", (m.TextPart("a"),)), {"role": "assistant"}),
    (lambda m: m.Message("user", (m.TextPart("a"),)), {"role": "tool"}),
    (lambda m: m.Message("user", (m.TextPart("a"),)), {"parts": ()}),
    (lambda m: m.Config(temperature=0.5), {"temperature": 3.0}),
    (lambda m: m.TextPart("a"), {"nope": 1}),
    (
        lambda m: m.Request("m", (m.Message("user", (m.TextPart("a"),)),)),
        {"model": "other", "system": "Be brief."},
    ),
]


@pytest.mark.parametrize(("build", "changes"), REPLACE_CASES)
def test_replace_is_dataclasses_replace(build: Callable[[Any], Any], changes: dict[str, Any]) -> None:
    ours = _outcome(lambda: lc.replace(build(lc), **changes), lc.to_builtins)
    theirs = _outcome(lambda: dataclasses.replace(build(lm15_types), **changes), _lm15_to_dict)
    assert ours[0] == theirs[0]
    if ours[0] == "ok":
        assert ours == theirs


_LM15_TO_DICT = {
    "TextPart": lm15_serde.part_to_dict,
    "Usage": lm15_serde.usage_to_dict,
    "Message": lm15_serde.message_to_dict,
    "Config": lm15_serde.config_to_dict,
    "Request": lm15_serde.request_to_dict,
}


def _lm15_to_dict(obj: Any) -> Any:
    return _LM15_TO_DICT[type(obj).__name__](obj)


def test_replace_returns_a_new_object_of_the_same_class() -> None:
    part = lc.TextPart("a")
    changed = lc.replace(part, text="b")
    assert type(changed) is lc.TextPart and changed.text == "b" and part.text == "a"
    assert lc.replace(part) == part
