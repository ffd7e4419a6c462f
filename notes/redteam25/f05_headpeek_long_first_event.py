"""F05: translating from Chat or Gemini costs 3-5x the floor when the stream's first event is long
(HeadPeek finds the first data line's end with a regular expression, ~10x slower than memchr).

``lc.stream.translate`` from a start-less dialect (openai_chat, gemini) runs ``stream/_head.HeadPeek``
over the chunks until it has read the first data line; ``_scan`` finds that line's end with
``_LINE_END.search(chunk, found + 5)`` (``re.compile(rb"[\\r\\n]")``), a character-class scan in
sre over every byte of the line. A Gemini image model's first chunk (an ``inlineData`` image,
megabytes of base64) or a Chat backend sending a whole answer / whole tool call in its first delta
pays it; the same events with a short first event translate at 1.2-1.7x the floor (the figure this
should be near; README: translate 1.19-2.59x whole), and decoding them at 0.7-0.9x.

Exits 1 while the long-first stream costs more than 2x the short-first one (each to its floor).
"""

import base64
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import interleave, ms, ratio, sse, sse_floor

import lmcodec as lc

REQUEST = lc.Request("gemini-2.5-flash-image", [lc.Message.user("draw a cat")])
USAGE = {"promptTokenCount": 5, "candidatesTokenCount": 3, "totalTokenCount": 8}


def chunk(parts: list[dict[str, object]], finish: str | None = None) -> bytes:
    candidate: dict[str, object] = {"content": {"parts": parts, "role": "model"}, "index": 0}
    if finish:
        candidate["finishReason"] = finish
    return sse({"candidates": [candidate], "usageMetadata": USAGE, "modelVersion": "gemini-2.5-flash-image"})


def translate(body: bytes, dst: str) -> list[bytes]:
    return list(lc.stream.translate("gemini", dst, [body], request=REQUEST))


if __name__ == "__main__":
    image = chunk(
        [
            {
                "inlineData": {
                    "mimeType": "image/png",
                    "data": base64.b64encode(bytes(range(256)) * 6000).decode(),
                }
            }
        ]
    )
    text = chunk([{"text": "Here is your cat."}])
    end = chunk([{"text": ""}], "STOP")
    long_first, short_first = image + text + end, text + image + end
    worst = 0.0
    for dst in ("anthropic", "openai_chat"):
        t = interleave(
            {
                "long first": lambda: translate(long_first, dst),
                "short first": lambda: translate(short_first, dst),
                "floor long": lambda: sse_floor([long_first]),
                "floor short": lambda: sse_floor([short_first]),
            },
            5,
        )
        r_long, r_short = ratio(t, "long first", "floor long"), ratio(t, "short first", "floor short")
        worst = max(worst, r_long / r_short)
        print(
            f"gemini -> {dst:11s} {len(long_first) / 1e6:.1f} MB: image chunk first {ms(t, 'long first'):5.1f} ms = "
            f"{r_long:.2f}x the floor; image chunk second {ms(t, 'short first'):5.1f} ms = {r_short:.2f}x (should be near)"
        )
    sys.exit(1 if worst > 2.0 else 0)
