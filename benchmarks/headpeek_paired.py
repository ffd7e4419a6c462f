"""stream.translate's cost on bytes before and around its head (review 14 F03, headpeek15), interleaved
against a floor.

Inputs: (a) a 0.9 MB pretty-printed Gemini JSON-array stream (``streamGenerateContent`` without
``alt=sse``: no data line at all) in 64 KiB chunks, ``translate("gemini", "openai_chat")``, against
msgspec's untyped decode of the body; (b) 1 MiB of ``:\\n`` comment lines before one Chat event, in
one chunk and (c) in 2-byte chunks, ``translate("openai_chat", "anthropic")``, against the SSE framer
(``SSEDecoder.feed``) over the same chunks (the bytes are no JSON); (d) the corpus's Chat streams
(every ``openai_chat.*`` SSE body, one chunk per event) through the whole
``lc.stream.translate(..., "anthropic", ...)``, against msgspec's untyped decode of each event's
data. Each round times the contestant and its floor back to back (``time.process_time``); the
figure is the median of the per-round ratios. The tree measured is the ``lmcodec`` on ``PYTHONPATH``
(until 2e9e949 the head was read by ``stream._head.HeadPeek``, a line peek over every chunk's bytes;
since headpeek15 from the first frame the framer cuts).

Run: python benchmarks/headpeek_paired.py [rounds]
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import msgspec

import lmcodec as lc
from lmcodec.framing.sse import SSEDecoder

BODIES = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "lm15-contract" / "bodies"
_EVENT_END = re.compile(rb"(?:\r\n\r\n|\n\n|\r\r)")


def gemini_array() -> bytes:
    candidate: dict[str, object] = {"content": {"parts": [{"text": "word "}], "role": "model"}, "index": 0}
    item: dict[str, object] = {
        "candidates": [candidate],
        "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 1, "totalTokenCount": 6},
        "modelVersion": "gemini-2.5-flash",
        "responseId": "abc",
    }
    last = {**item, "candidates": [{**candidate, "finishReason": "STOP"}]}
    text = "[" + ",\n".join([json.dumps(item, indent=2)] * 2500 + [json.dumps(last, indent=2)]) + "]"
    return text.encode()


def cut(body: bytes, size: int) -> list[bytes]:
    return [body[i : i + size] for i in range(0, len(body), size)]


def chat_streams() -> list[list[bytes]]:
    out = []
    for path in sorted(BODIES.glob("openai_chat.*/*")):
        body = path.read_bytes()
        if body.startswith(b"data:"):
            ends = [m.end() for m in _EVENT_END.finditer(body)]
            out.append([body[a:b] for a, b in zip([0, *ends], [*ends, len(body)], strict=True) if b > a])
    return out


def timed(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def framer(chunks: list[bytes]) -> Callable[[], object]:
    def run() -> object:
        decoder = SSEDecoder()
        for chunk in chunks:
            decoder.feed(chunk)
        return decoder

    return run


def median_ratio(rounds: int, contestant: Callable[[], object], floor: Callable[[], object]) -> float:
    contestant()  # warm-up
    floor()
    return statistics.median(timed(contestant) / timed(floor) for _ in range(rounds))


def main(rounds: int) -> None:
    array = gemini_array()
    pieces = cut(array, 65536)
    event = b'data: {"id":"c1","model":"m","choices":[{"index":0,"delta":{"content":"hi"}}]}\n\n'
    comments = b":\n" * (1 << 19) + event
    one_chunk, two_bytes = [comments], cut(comments, 2)
    streams = chat_streams()
    datas = [
        line[5:]
        for chunks in streams
        for c in chunks
        for line in c.split(b"\n")
        if line.startswith(b"data: {")
    ]

    def translate_array() -> object:
        return b"".join(lc.stream.translate("gemini", "openai_chat", pieces))

    def translate_comments(chunks: list[bytes]) -> Callable[[], object]:
        return lambda: b"".join(lc.stream.translate("openai_chat", "anthropic", chunks))

    def translate_chat() -> object:
        return [b"".join(lc.stream.translate("openai_chat", "anthropic", chunks)) for chunks in streams]

    def decode_datas() -> object:
        return [msgspec.json.decode(d) for d in datas]

    figures = {
        f"Gemini array {len(array):,} B, 64 KiB chunks: translate gemini->openai_chat / msgspec decode": (
            translate_array,
            lambda: msgspec.json.decode(array),
        ),
        "1 MiB of ':\\n' then an event, one chunk: translate / SSEDecoder.feed": (
            translate_comments(one_chunk),
            framer(one_chunk),
        ),
        "1 MiB of ':\\n' then an event, 2-byte chunks: translate / SSEDecoder.feed": (
            translate_comments(two_bytes),
            framer(two_bytes),
        ),
        f"{len(streams)} corpus Chat streams, an event a chunk: translate / msgspec decode of the data": (
            translate_chat,
            decode_datas,
        ),
    }
    for name, (contestant, floor) in figures.items():
        print(f"{name}: {median_ratio(rounds, contestant, floor):.2f}x (median of {rounds})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
