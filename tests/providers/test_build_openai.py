"""lc.build_request("openai", ...) against lm15 1.5.0's OpenAI Responses adapter."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._build_common import float_spelling_may_differ
from lmcodec.providers._build_wire import ResponsesCall
from lmcodec.providers.openai._build_input import (
    _input_block,
    input_block_general,
    text_and_image_blocks,
    tool_output_general,
)
from lmcodec.providers.openai._common import (
    ENCODE_ERRORS,
    Pending,
    arguments_json,
    data_part_text,
    encode_arguments,
    settle_arguments,
    stdlib_spells_alike,
)

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


def _encodable(values: list[dict[str, Any]]) -> list[tuple[dict[str, Any], bytes]]:
    """The values msgspec writes, with its bytes (the others are written by the stdlib at once)."""
    out = []
    for value in values:
        try:
            out.append((value, encode_arguments(value)))
        except ENCODE_ERRORS:
            continue
    return out


@REQUEST_SETTINGS
@given(st.lists(JSON_OBJ, max_size=6))
def test_one_check_of_all_the_arguments_says_what_each_check_says(values: list[dict[str, Any]]) -> None:
    """The builders check msgspec's text of every call input of a request at once: the check of
    the texts joined by newlines passes if and only if the check of each one does."""
    datas = [data for _, data in _encodable(values)]
    assert stdlib_spells_alike(b"\n".join(datas)) is all(stdlib_spells_alike(d) for d in datas)


@REQUEST_SETTINGS
@given(st.lists(JSON_OBJ, max_size=6))
def test_settled_arguments_are_what_the_per_call_path_writes(values: list[dict[str, Any]]) -> None:
    """The calls of a walk hold msgspec's text unchecked; settled, each is json.dumps's text,
    the per-call path's (arguments_json)."""
    pending: Pending = ([], [], [])
    for value, data in _encodable(values):
        call = ResponsesCall("call_1", "f", data.decode())
        pending[0].append(call)
        pending[1].append(data)
        pending[2].append(value)
    settle_arguments(pending)
    for call, value in zip(pending[0], pending[2], strict=True):
        assert call.arguments == json.dumps(value, separators=(",", ":")) == arguments_json(value)


_INPUTS = [  # msgspec writes the first, second and last as json.dumps does; the others not
    {"city": "Lisbon"},
    {"limit": 3, "query": "x1e2"},
    {"city": "São Paulo"},
    {"ratio": 1e16, "small": 0.00001},
    {"bell": "\x7f", "big": 2**70, "lone": "\ud800"},
    {"nested": [{"a": 1.5}, {"b": None}]},
]


@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
@pytest.mark.parametrize(
    "order", [_INPUTS, _INPUTS[::-1], _INPUTS[:2], _INPUTS[2:3]], ids=["all", "reversed", "ascii", "one"]
)
def test_a_request_whose_calls_need_the_stdlib_in_part_builds_as_lm15(
    provider: str, order: list[Any]
) -> None:
    """Calls whose inputs msgspec spells as json.dumps does next to calls it does not (non-ASCII,
    DEL, exponent and long-fraction floats, an int past 64 bits, a lone surrogate), across messages."""
    calls = [lc.ToolCallPart(f"call_{i}", "f", value) for i, value in enumerate(order)]
    half = len(calls) // 2
    messages = [lc.Message.user("go")]
    for group in (calls[:half], calls[half:]):
        if group:
            messages.append(lc.Message.assistant(group))
            messages.append(lc.Message.tool({call.id: "ok" for call in group}))
    messages.append(lc.Message.user("and?"))
    request = lc.Request("gpt-4.1-mini", messages)
    expected = check_build(provider, request, stream=False)
    assert "error" not in expected


_RESULT_PART = st.one_of(
    st.builds(lambda t: lc.TextPart(text=t), st.text(max_size=4)),
    st.builds(
        lambda u, d: lc.ImagePart(url=u, detail=d),
        st.just("https://x.test/a.png"),
        st.sampled_from([None, "low"]),
    ),
    st.builds(lambda f: lc.ImagePart(file_id=f), st.just("file-1")),
    st.builds(
        lambda d, d2: lc.ImagePart(data=d, detail=d2), st.just("aGk="), st.sampled_from([None, "high"])
    ),
    st.builds(lambda u: lc.DocumentPart(url=u), st.just("https://x.test/a.pdf")),
    st.builds(lambda d: lc.AudioPart(data=d), st.just("AAAA")),
)


def _outcome(write: Any, part: lc.ToolResultPart) -> Any:
    try:
        return write(part)
    except lc.ProviderError as exc:
        return ("refused", exc.message, exc.feature)


@given(st.lists(_RESULT_PART, min_size=2, max_size=4), st.booleans())
def test_a_result_of_texts_and_images_is_written_as_the_general_path_writes_it(
    content: list[Any], is_error: bool
) -> None:
    """The one-pass output of a tool result of exact text and image parts (the usual result
    with media) is the general path's: blocks, their order, the error mark, refusals."""
    part = lc.ToolResultPart(id="c1", content=tuple(content), is_error=is_error)
    fast = _outcome(text_and_image_blocks, part)
    if fast is not None:
        assert fast == _outcome(tool_output_general, part)
    else:
        assert not any(type(p) is lc.ImagePart for p in content) or any(
            type(p) not in (lc.TextPart, lc.ImagePart) for p in content
        )


_SOURCES = st.sampled_from([{"url": "https://x.test/f"}, {"file_id": "file-1"}, {"data": "aGk="}])


def _media(cls: Any, media_type: str) -> Any:
    """Parts of ``cls`` by each source (inline data with ``media_type``)."""
    return st.builds(lambda s: cls(**({**s, "media_type": media_type} if "data" in s else s)), _SOURCES)


_PROMPT_PART = st.one_of(
    st.builds(lambda t: lc.TextPart(text=t), st.text(max_size=4)),
    st.builds(
        lambda v: lc.DataPart(value=v), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2)
    ),
    st.builds(
        lambda p, d: lc.replace(p, detail=d),
        _media(lc.ImagePart, "image/png"),
        st.sampled_from([None, "low"]),
    ),
    _media(lc.AudioPart, "audio/mpeg"),
    _media(lc.AudioPart, "audio/wav"),
    _media(lc.DocumentPart, "application/pdf"),
    _media(lc.BinaryPart, "application/octet-stream"),
    _media(lc.VideoPart, "video/mp4"),
    st.builds(lambda u: lc.CitationPart(text="cited", url=u), st.sampled_from([None, "https://c"])),
    st.builds(lambda t: lc.ThinkingPart(text=t), st.text(max_size=4)),
    st.just(lc.RefusalPart(text="no")),
    st.just(lc.ToolCallPart(id="c1", name="f", input={})),
)


def _block_outcome(write: Any, part: Any) -> Any:
    try:
        return write(part)
    except lc.ProviderError as exc:
        return ("refused", exc.message, exc.feature)


@given(_PROMPT_PART)
def test_an_input_block_by_exact_type_is_the_isinstance_chains(part: Any) -> None:
    """A prompt part's input block found by its class's exact type is the block (or refusal) of
    lm15's ``isinstance`` chain, for every part class and media source."""
    assert _block_outcome(_input_block, part) == _block_outcome(input_block_general, part)
