"""Differential properties vs lm15 1.5.0 for the endpoint and live types (files, batches, caches,
generation jobs, LiveConfig and the live events); see test_differential_core.py."""

from __future__ import annotations

import pytest
from hypothesis import given

from .lm15_endpoint_strategies import endpoint_types, live_types, more_endpoint_types
from .lm15_trees import SETTINGS, Obj, check, construct


@SETTINGS
@given(endpoint_types())
def test_endpoint_types(node: Obj) -> None:
    """FileInfo, FilePage, CacheInfo, BatchJobInfo, VideoJobInfo, image/speech generation, BatchEntry."""
    check(node)


@SETTINGS
@given(more_endpoint_types())
def test_more_endpoint_types(node: Obj) -> None:
    """FileUploadRequest (bytes as base64, or path), BatchRequest, CachePage, CachedPrefix, generation I/O."""
    check(node)


@SETTINGS
@given(live_types())
def test_live_types(node: Obj) -> None:
    """AudioFormat, LiveConfig and every live client/server event."""
    check(node)


_GENERATION_REQUESTS = ("ImageGenerationRequest", "SpeechGenerationRequest", "VideoGenerationRequest")


@pytest.mark.parametrize("name", _GENERATION_REQUESTS)
@pytest.mark.parametrize(
    "kwargs",
    [
        {"model": None, "prompt": "0"},  # found by hypothesis: lm15 checks model before its type
        {"model": 5, "prompt": 3},
        {"model": "", "prompt": None},
        {"model": "m", "prompt": None, "size": 5, "voice": 5},
        {"model": "m", "prompt": "", "seconds": -1},
    ],
)
def test_generation_request_check_order(name: str, kwargs: dict[str, object]) -> None:
    """The first failing check is lm15's: model, then prompt, then the rest (same exception kind)."""
    fields = {"ImageGenerationRequest": "size", "SpeechGenerationRequest": "voice"}
    own = {k: v for k, v in kwargs.items() if k in ("model", "prompt") or k == fields.get(name)}
    if name == "VideoGenerationRequest" and "seconds" in kwargs:
        own["seconds"] = kwargs["seconds"]
    assert construct(Obj(name, own, 0)) is None  # both raised, the same kind
