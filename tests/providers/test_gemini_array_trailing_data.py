"""A Gemini JSON-array stream with data after its ``]`` (red team 10, F02): the elements before the
``]`` are handed over, then the error, at the same frame whatever the chunking (they were all lost
when the ``]`` and what follows came in one chunk: no event, frame 0)."""

from __future__ import annotations

import pytest

import lmcodec as lc
from lmcodec.providers.gemini.framing import ArrayFramer, ScanningArrayFramer

_ELEMENT = (
    b'{"candidates":[{"content":{"parts":[{"text":"Hi"}],"role":"model"},"finishReason":"STOP"}],'
    b'"modelVersion":"gemini-2.5-flash","responseId":"r"}'
)
_BODIES = {
    "two captures": (b"[" + _ELEMENT + b"]\n[" + _ELEMENT + b"]", 1),
    "junk": (b"[" + _ELEMENT + b"]x", 1),
    "a comma": (b"[" + _ELEMENT + b"] ,", 1),
    "two elements, junk": (b"[" + _ELEMENT + b",\n" + _ELEMENT + b"]x", 2),
}


def _decoded(chunks: list[bytes]) -> tuple[list[str], int | None, str]:
    events: list[str] = []
    with pytest.raises(lc.StreamDecodeError) as info:
        for event in lc.stream.decode("gemini", chunks):
            events.append(type(event).__name__)
    return events, info.value.frame, str(info.value)


def _chunkings(body: bytes) -> list[list[bytes]]:
    by = [[body[i : i + n] for i in range(0, len(body), n)] for n in (1, 7, 64)]
    return [[body], *by, *([body[:at], body[at:]] for at in range(len(body) + 1))]


@pytest.mark.parametrize("name", list(_BODIES))
def test_the_elements_before_the_trailing_data_come_first_at_any_chunking(name: str) -> None:
    body, elements = _BODIES[name]
    expected = (["StreamStartEvent"] + ["StreamDeltaEvent"] * elements, elements,
                "gemini: data after the end of the JSON array body")  # fmt: skip
    for chunks in _chunkings(body):
        assert _decoded(chunks) == expected, chunks


@pytest.mark.parametrize("framer", [ArrayFramer, ScanningArrayFramer])
def test_the_framer_keeps_the_last_element_before_the_refusal(framer: type[ScanningArrayFramer]) -> None:
    body, _ = _BODIES["two elements, junk"]
    array = framer()
    with pytest.raises(lc.DecodeError, match="data after the end"):
        array.feed_data(body)
    assert array.frames_before_error() == [_ELEMENT, _ELEMENT]


def test_assemble_keeps_the_text_before_the_trailing_data() -> None:
    body, _ = _BODIES["two captures"]
    with pytest.raises(lc.StreamDecodeError) as info:
        lc.assemble(lc.stream.decode("gemini", [body]))
    partial = info.value.partial
    assert partial is not None and partial.text == "Hi"
