"""lc.build_request("gemini", ...) against lm15 1.5.0's adapter: path, headers, body, adaptations, errors."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..wire.lm15_trees import SETTINGS
from .request_support import assert_same_build, canonical_requests, rich_requests

PROVIDER = "gemini"


@settings(SETTINGS, max_examples=400)
@given(canonical_requests(PROVIDER), st.booleans())
def test_build_matches_lm15(request: lc.Request, stream: bool) -> None:
    assert_same_build(PROVIDER, request, stream=stream)


@settings(SETTINGS, max_examples=400)
@given(rich_requests(PROVIDER), st.booleans())
def test_build_matches_lm15_on_realistic_requests(request: lc.Request, stream: bool) -> None:
    assert_same_build(PROVIDER, request, stream=stream)
