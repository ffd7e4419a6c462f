"""lc.build_request("openai", ...) against lm15 1.5.0's OpenAI Responses adapter."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc

from .openai_request_diff import REQUEST_SETTINGS, canonical_requests, check_build

PROVIDER = "openai"


@REQUEST_SETTINGS
@given(canonical_requests(), st.booleans())
def test_build_equals_lm15(request: lc.Request, stream: bool) -> None:
    check_build(PROVIDER, request, stream=stream)
