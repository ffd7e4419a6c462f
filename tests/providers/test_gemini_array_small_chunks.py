"""Gemini's JSON-array body fed in small reads (red team 57 F01): a chunk with no "," or "]" cannot
end an element, so it is held without the probe that parses the element so far (run at every
1-byte chunk, it cost ~10k instructions a byte); the elements are those of the body fed whole."""

from __future__ import annotations

import random

import pytest

from lmcodec.providers.gemini.framing import ArrayFramer, ScanningArrayFramer

_ELEMENTS = [
    b'{"candidates":[{"content":{"parts":[{"text":"Hi, \\"there\\" [x] {y}"}],"role":"model"}}]}',
    b'{"candidates":[{"content":{"parts":[{"text":"\xc3\xa9 ok"}]},"finishReason":"STOP"}]}',
    b'{"modelVersion":"gemini-2.5-flash","responseId":"r"}',
]
_BODY = b"[" + b",\r\n".join(_ELEMENTS) + b"]"


def _framed(framer: ScanningArrayFramer, chunks: list[bytes]) -> list[bytes]:
    out: list[bytes] = []
    for chunk in chunks:
        out += framer.feed_data(chunk)
    return out


@pytest.mark.parametrize("framer", [ArrayFramer, ScanningArrayFramer])
def test_small_reads_frame_as_the_body_whole(framer: type[ScanningArrayFramer]) -> None:
    whole = _framed(framer(), [_BODY])
    assert whole == _ELEMENTS
    rng = random.Random(57)
    for size in (1, 2, 3, 7):
        assert _framed(framer(), [_BODY[i : i + size] for i in range(0, len(_BODY), size)]) == whole
    for _ in range(20):
        cuts = sorted(rng.sample(range(1, len(_BODY)), rng.randrange(1, 30)))
        chunks = [_BODY[a:b] for a, b in zip([0, *cuts], [*cuts, len(_BODY)], strict=True)]
        assert _framed(framer(), chunks) == whole


def test_the_probe_runs_only_at_chunks_that_can_end_an_element(monkeypatch: pytest.MonkeyPatch) -> None:
    probes = 0
    probe = ArrayFramer._whole_elements

    def counted(self: ArrayFramer, buf: bytearray, out: list[bytes]) -> int:
        nonlocal probes
        probes += 1
        return probe(self, buf, out)

    monkeypatch.setattr(ArrayFramer, "_whole_elements", counted)
    assert _framed(ArrayFramer(), [_BODY[i : i + 1] for i in range(len(_BODY))]) == _ELEMENTS
    ends = _BODY.count(b",") + _BODY.count(b"]")
    assert 0 < probes <= 2 * ends < len(_BODY) // 4
