"""Gemini's JSON-array framing of a body fed in blocks: the elements before the last comma that
closes whole elements are cut by one parse (``_array_cut.elements_before_a_comma``), where a parse
to the buffer's last comma (most often inside the element being cut: an element's keys are
comma-separated) failed and every element of the block went to the one-by-one probe (red team 51
F02: 2.60x the floor read whole, 1.49x now).

Differential: the byte scanner (``ScanningArrayFramer``, the slow path) on Gemini-shaped chunks
(one or several parts, so that ``},{`` stands inside an element too; compact, Google's
pretty-printed ``\\r\\n,\\r\\n`` form) whole, in 64 KiB blocks, at random cuts and byte by byte;
and the events a Decoder makes of the array equal to those of the same chunks as SSE.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.gemini import framing
from lmcodec.providers.gemini.framing import ArrayFramer, ScanningArrayFramer

from ..budget import examples
from .provider_support import split_at

_TEXT = st.text(st.sampled_from('ab, {}[]"\\é😀\n'), max_size=12)


@st.composite
def chunks(draw: st.DrawFn) -> list[dict[str, Any]]:
    out = []
    n = draw(st.integers(1, 8))
    for k in range(n):
        parts: list[dict[str, Any]] = [{"text": t} for t in draw(st.lists(_TEXT, min_size=1, max_size=3))]
        if draw(st.booleans()):
            parts.append({"functionCall": {"name": "f", "args": {"q": draw(_TEXT), "n": [k, {"x": 1}]}}})
        candidate: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
        chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": "m-1"}
        if k == n - 1:
            candidate["finishReason"] = "STOP"
            chunk["usageMetadata"] = {"promptTokenCount": 1, "candidatesTokenCount": 2, "totalTokenCount": 3}
        out.append(chunk)
    return out


def array_body(elements: list[dict[str, Any]], pretty: bool) -> bytes:
    if pretty:  # Google's REST form: each element indented, "\r\n,\r\n" between them
        texts = [json.dumps(e, indent=2, ensure_ascii=False).replace("\n", "\r\n") for e in elements]
        return ("[" + "\r\n,\r\n".join(texts) + "]").encode()
    return ("[" + ",\r\n".join(json.dumps(e, separators=(",", ":")) for e in elements) + "]").encode()


def framed(framer: Any, pieces: list[bytes]) -> list[bytes]:
    out: list[bytes] = []
    for piece in pieces:
        out += framer.feed_data(piece)
    return out + framer.close_data()


@settings(max_examples=examples(200), deadline=None)
@given(
    elements=chunks(),
    pretty=st.booleans(),
    cuts=st.lists(st.integers(min_value=0, max_value=3000), max_size=8),
)
def test_the_elements_cut_in_blocks_are_the_scanners(
    elements: list[dict[str, Any]], pretty: bool, cuts: list[int]
) -> None:
    body = array_body(elements, pretty)
    for pieces in ([body], split_at(body, cuts), [body[i : i + 1] for i in range(len(body))]):
        assert framed(ArrayFramer(), pieces) == framed(ScanningArrayFramer(), pieces)
    assert [json.loads(e) for e in framed(ArrayFramer(), [body])] == elements


@settings(max_examples=examples(100), deadline=None)
@given(elements=chunks(), pretty=st.booleans(), cut=st.integers(min_value=1, max_value=400))
def test_the_events_of_the_array_are_those_of_the_same_chunks_as_sse(
    elements: list[dict[str, Any]], pretty: bool, cut: int
) -> None:
    body = array_body(elements, pretty)
    sse = b"".join(b"data: " + json.dumps(e).encode() + b"\r\n\r\n" for e in elements)
    expected = list(lc.stream.decode("gemini", [sse]))
    for pieces in ([body], [body[i : i + cut] for i in range(0, len(body), cut)]):
        assert list(lc.stream.decode("gemini", pieces)) == expected


class _Counted:
    """``framing._RAW`` counting its decodes: the one-by-one probe's, one an element."""

    def __init__(self) -> None:
        self.calls = 0

    def decode(self, data: Any) -> Any:
        self.calls += 1
        return framing.msgspec.json.decode(data, type=msgspec.Raw)


@pytest.mark.parametrize("pretty", [False, True])
def test_a_body_fed_in_blocks_is_not_cut_element_by_element(
    pretty: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """4,000 chunks fed 64 KiB at a time (as the engine feeds a body given whole): each block's
    whole elements are cut by the one parse, the probe left to the element a block cuts short."""
    element = {
        "candidates": [{"content": {"parts": [{"text": "a, b"}], "role": "model"}, "index": 0}],
        "modelVersion": "m-1",
        "responseId": "r1",
    }
    body = array_body([element] * 4000, pretty)
    probe = _Counted()
    monkeypatch.setattr(framing, "_RAW", probe)
    blocks = [body[i : i + 65536] for i in range(0, len(body), 65536)]
    out = framed(ArrayFramer(), blocks)
    assert len(out) == 4000
    assert probe.calls <= 2 * len(blocks)
