"""A Gemini body given whole whose end chunk is past a block (red team 39 F01, F02: parallel calls,
a long text) is cut by ``stream/_lone.lone_frames`` and its end chunk read once (``map_body``),
where the framer fed it by blocks had it decoded typed twice: the bytes written are the framer's
way's (``iter([body])``), to every destination."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.stream._foreign_parts import ForeignParts
from lmcodec.stream._whole import BLOCK_BYTES

from ..budget import examples
from ..providers.test_gemini_stream_views import _CHUNK, _END, _MANY_PARTS_END
from .test_lone_past_block import _SHAPES

_DESTINATIONS = ("openai", "openai_chat", "anthropic", "gemini")
_FRESH_ID = re.compile(rb"(?<=[_-])[0-9a-f]{24}")  # (new_id's and Anthropic's fresh ids: a counter's)


def _written(dst: str, chunks: Any) -> bytes | type[BaseException]:
    try:
        return _FRESH_ID.sub(b"ID", b"".join(lc.stream.translate("gemini", dst, chunks)))
    except (lc.EncodeError, lc.DecodeError) as exc:
        return type(exc)


@pytest.fixture(autouse=True)
def _one_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "time", lambda: 1_700_000_000.0)  # (the Chat chunks' created)


@pytest.mark.parametrize("dst", _DESTINATIONS)
@pytest.mark.parametrize("shape", list(_SHAPES))
def test_a_body_given_whole_writes_the_framers_bytes(shape: str, dst: str) -> None:
    body = b"".join(_SHAPES[shape]())
    assert _written(dst, [body]) == _written(dst, iter([body]))


@pytest.mark.parametrize("dst", _DESTINATIONS)
def test_the_end_chunk_past_a_block_is_not_mapped_frame_by_frame(
    dst: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The framer's way maps the end chunk by ``frames`` (the text view, then the general view,
    then untyped for the end); given whole it is read once, by ``map_body``."""
    mapped: list[int] = []
    frames = ForeignParts.frames

    def recorded(self: ForeignParts, datas: list[bytes]) -> int:
        mapped.extend(map(len, datas))
        return frames(self, datas)

    monkeypatch.setattr(ForeignParts, "frames", recorded)
    for shape in ("calls past a block, raw UTF-8", "text past a block, escaped"):
        body = b"".join(_SHAPES[shape]())
        assert b"".join(lc.stream.translate("gemini", dst, [body]))
    assert all(size < BLOCK_BYTES for size in mapped), mapped


@settings(max_examples=examples(60), deadline=None)
@given(
    st.one_of(_CHUNK, _END, _MANY_PARTS_END),
    st.integers(min_value=BLOCK_BYTES - 200, max_value=2 * BLOCK_BYTES),
    st.sampled_from([0, 1, 3]),
    st.sampled_from(_DESTINATIONS),
)
def test_any_long_end_chunk_writes_the_framers_bytes(payload: Any, size: int, before: int, dst: str) -> None:
    """Any end chunk the views test (calls, texts, thoughts, inline data, usage, odd values),
    padded by a field the reading skips to about a block or more, after text chunks or none."""
    chunk = json.dumps(payload, separators=(",", ":")).encode()
    if not chunk.startswith(b"{") or len(chunk) > size:
        return
    padded = b'{"pad":"' + b"p" * (size - len(chunk)) + b'",' + chunk[1:] if chunk != b"{}" else chunk
    body = b'data: {"candidates":[{"content":{"parts":[{"text":"a"}]}}]}\n\n' * before
    body += b"data: " + padded + b"\n\n"
    assert _written(dst, [body]) == _written(dst, iter([body]))
