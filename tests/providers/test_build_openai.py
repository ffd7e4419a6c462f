"""lc.build_request("openai", ...) against lm15 1.5.0's OpenAI Responses adapter."""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._build_common import float_spelling_may_differ
from lmcodec.providers.openai._common import arguments_json, data_part_text

from ..wire.lm15_strategies import JSON_OBJ
from .openai_request_diff import REQUEST_SETTINGS, canonical_requests, check_build

PROVIDER = "openai"


@REQUEST_SETTINGS
@given(canonical_requests(), st.booleans())
def test_build_equals_lm15(request: lc.Request, stream: bool) -> None:
    check_build(PROVIDER, request, stream=stream)


@REQUEST_SETTINGS
@given(JSON_OBJ)
def test_arguments_fast_path_equals_json_dumps(value: dict[str, Any]) -> None:
    """The msgspec fast path of the arguments string and the data-part text is stdlib json's text."""
    assert arguments_json(value) == json.dumps(value, separators=(",", ":"))
    part = lc.DataPart(value=value)
    assert data_part_text(part) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_float_spellings(value: float) -> None:
    assert arguments_json({"x": value}) == json.dumps({"x": value}, separators=(",", ":"))


_SPELLING_REFERENCE = re.compile(rb"[0-9][eE]|0\.0000")


_SPELLING_BYTES = st.lists(st.sampled_from([b"0", b"7", b"e", b"E", b".", b"x", b"\xc3"])).map(b"".join)


@given(st.binary(max_size=40) | _SPELLING_BYTES)
def test_float_spelling_check_is_the_regular_expression(data: bytes) -> None:
    """The substring form of the float-spelling check says what ``[0-9][eE]|0\\.0000`` says."""
    assert float_spelling_may_differ(data) is (_SPELLING_REFERENCE.search(data) is not None)
