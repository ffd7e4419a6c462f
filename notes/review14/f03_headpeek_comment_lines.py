"""F03: HeadPeek (rtfix22 a37df10/5f18e35) walks every line of a chunk in Python when the chunk holds
no ``data:``: 1 MiB of SSE comment lines (``:\\n``, a keep-alive) before the first data line costs
it ~7x what the SSE framer costs over the same bytes (~100x its 58c3527 cost), in every
translate() from a start-less source. Bounded per stream by the 1 MiB peek limit, still a
per-line interpreter loop where one ``find`` per chunk (58c3527) said "no data line here".
Interleaved, median of per-round ratios over the framer (the floor). Exits 1 above 2x.
"""

import json
import statistics
import sys
import time

import msgspec

import lmcodec as lc
from lmcodec.framing.sse import SSEDecoder
from lmcodec.stream._head import HeadPeek

chunk = b":\n" * 32768  # 64 KiB of comment lines, no data line
N = 16  # 1 MiB: within HeadPeek's peek limit


def peek() -> float:
    p = HeadPeek()
    t = time.process_time()
    for _ in range(N):
        p.feed(chunk)
    return time.process_time() - t


def framer() -> float:
    d = SSEDecoder()
    t = time.process_time()
    for _ in range(N):
        d.feed(chunk)
    return time.process_time() - t


ratios = []
for _ in range(7):
    a, b = peek(), framer()
    ratios.append(a / b)
ratio = statistics.median(ratios)
print(
    f"HeadPeek / SSEDecoder.feed over 1 MiB of ':\\n' comment lines in 64 KiB chunks: "
    f"{ratio:.1f}x (median of 7)"
)

# The same loop over a Gemini JSON-array stream (streamGenerateContent without alt=sse, pretty-printed
# as the REST API writes it): no data line at all, so HeadPeek walks its first MiB line by line.
# Against the floor: msgspec's untyped decode of the same bytes; and the whole translate for scale.
item = {
    "candidates": [{"content": {"parts": [{"text": "word "}], "role": "model"}, "index": 0}],
    "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 1, "totalTokenCount": 6},
    "modelVersion": "gemini-2.5-flash",
    "responseId": "abc",
}
last = {**item, "candidates": [{**item["candidates"][0], "finishReason": "STOP"}]}
body = ("[" + ",\n".join([json.dumps(item, indent=2)] * 2500 + [json.dumps(last, indent=2)]) + "]").encode()
pieces = [body[i : i + 65536] for i in range(0, len(body), 65536)]


def peek_array() -> float:
    p = HeadPeek()
    t = time.process_time()
    for piece in pieces:
        if p.done:
            break
        p.feed(piece)
    return time.process_time() - t


def floor() -> float:
    t = time.process_time()
    msgspec.json.decode(body)
    return time.process_time() - t


def translate() -> float:
    t = time.process_time()
    b"".join(lc.stream.translate("gemini", "openai_chat", pieces))
    return time.process_time() - t


array_ratios, translate_ratios = [], []
for _ in range(7):
    a, f, w = peek_array(), floor(), translate()
    array_ratios.append(a / f)
    translate_ratios.append(w / f)
array_ratio = statistics.median(array_ratios)
print(
    f"Gemini JSON-array stream, {len(body)} bytes in 64 KiB chunks: HeadPeek {array_ratio:.1f}x the floor "
    f"(msgspec untyped decode of the body), whole translate gemini->openai_chat "
    f"{statistics.median(translate_ratios):.1f}x the floor (median of 7)"
)
if ratio > 2 or array_ratio > 2:
    print("FAIL: the head peek costs more than the framer / the floor, on lines it does not read")
    sys.exit(1)
print("ok")
