"""Differential properties vs lm15 1.5.0 for the endpoint and live types (files, batches, caches,
generation jobs, LiveConfig and the live events); see test_differential_core.py."""

from __future__ import annotations

from hypothesis import given
from lm15_endpoint_strategies import endpoint_types, live_types, more_endpoint_types
from lm15_trees import SETTINGS, Obj, check


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
