"""F01: an SSE field line after the data line (`data: {...}\\nid: 7\\n\\n`) costs 3-8x the floor.

Servers that write the data line first and `id:`/`event:`/`retry:` after it (zio-http's
ServerSentEvent.encode, several C#/Java SSE writers; the SSE spec allows any field order) make the
bulk framer fall off its fast paths: the same stream with the `id:` line before the data line runs
at ~0.7x the floor, as README/RESULTS claim for every framing feature (0.40-1.26x). The ratio grows
with the data line's length (the framer's per-byte cost rises ~6x), not only with the event count.

Exits 1 while the stream with the trailing field costs more than 2x the floor (or 2.5x the same
stream with the field first).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import interleave, ms, ratio, sse_floor

import lmcodec as lc

END = (
    b'data: {"model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'
    b'data: {"model":"m","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":7,"total_tokens":12}}\n\n'
    b"data: [DONE]\n\n"
)


def stream(events: int, text_len: int, field_after: bool) -> bytes:
    out = []
    for n in range(events):
        data = b'data: {"model":"m","choices":[{"index":0,"delta":{"content":"' + b"w" * text_len + b'"}}]}\n'
        field = b"id: %d\n" % n
        out.append(data + field + b"\n" if field_after else field + data + b"\n")
    return b"".join(out) + END


def run(body: bytes) -> object:
    return lc.assemble(lc.stream.decode("openai_chat", [body]))


if __name__ == "__main__":
    worst = 0.0
    for text_len in (50, 300, 1000):
        before, after = stream(2000, text_len, False), stream(2000, text_len, True)
        assert run(before).text == run(after).text
        t = interleave(
            {
                "field first": lambda: run(before),
                "field after": lambda: run(after),
                "floor first": lambda: sse_floor([before]),
                "floor after": lambda: sse_floor([after]),
            },
            5,
        )
        r_before, r_after = ratio(t, "field first", "floor first"), ratio(t, "field after", "floor after")
        worst = max(worst, r_after, r_after / r_before / 1.25)
        print(
            f"openai_chat, 2,000 events of {text_len} B text, whole body: id: before data {ms(t, 'field first'):.1f} ms "
            f"= {r_before:.2f}x the floor; id: after data {ms(t, 'field after'):.1f} ms = {r_after:.2f}x the floor "
            f"(should be near the field-first figure, <= ~1.2x)"
        )

    def fed(events: list[bytes]) -> None:
        decoder = lc.stream.Decoder("openai_chat")
        for event in events:
            decoder.feed(event)
        decoder.close()

    first, after = (
        [e + b"\n\n" for e in stream(2000, 300, field_after).split(b"\n\n") if e] for field_after in (False, True)
    )
    t = interleave(
        {
            "first": lambda: fed(first),
            "after": lambda: fed(after),
            "floor first": lambda: sse_floor(first),
            "floor after": lambda: sse_floor(after),
        },
        5,
    )
    r_first, r_after = ratio(t, "first", "floor first"), ratio(t, "after", "floor after")
    worst = max(worst, r_after)
    print(
        f"the same 300 B events fed to Decoder.feed one chunk per event: id: first {r_first:.2f}x the floor, "
        f"id: after data {r_after:.2f}x (should be near the first)"
    )
    sys.exit(1 if worst > 2.0 else 0)
