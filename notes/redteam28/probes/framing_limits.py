"""feed_data/close_data against feed/close under small limits (the bulk path hands over to the line
framer mid-stream), mixed LF/CR/CRLF, every chunking: the same frames, the same refusal, the same
frames kept before it."""

from __future__ import annotations

import random
import sys

sys.path.insert(0, "notes/redteam28/probes")
from framing_fuzz import body_of, cut  # noqa: E402

from lmcodec.errors import DecodeError
from lmcodec.framing.sse import SSEDecoder


def run(chunks: list[bytes], bulk: bool, line: int | None, event: int | None) -> tuple[list[bytes], str | None, list[bytes]]:
    d = SSEDecoder(max_line_bytes=line, max_event_bytes=event)
    out: list[bytes] = []
    try:
        for c in chunks:
            out += d.feed_data(c) if bulk else [e.data for e in d.feed(c)]
        out += d.close_data() if bulk else [e.data for e in d.close()]
    except DecodeError as exc:
        kept = d.frames_before_error() if bulk else [e.data for e in d.events_before_error()]
        return out, str(exc), kept
    except Exception as exc:  # noqa: BLE001
        return out, f"ESCAPED {type(exc).__name__}: {exc}", []
    return out, None, []


def main(n: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = 0
    for _ in range(n):
        body = body_of(rng, rng.choice(["one", "mixed"]))
        line = rng.choice([None, 8, 20, 64, 2100, 3000])
        event = rng.choice([None, 16, 40, 100, 2200, 5000])
        chunkings = [[body], [bytes([b]) for b in body], cut(body, [j + 1 for j, b in enumerate(body) if b == 13])]
        for _ in range(3):
            chunkings.append(cut(body, rng.sample(range(len(body) + 1), min(len(body), rng.randint(1, 5)))))
        for chunks in chunkings:
            a = run(chunks, True, line, event)
            b = run(chunks, False, line, event)
            a_all = a[0] + a[2]
            b_all = b[0] + b[2]
            if (a[1] is None) != (b[1] is None) or a_all != b_all or (a[1] and "ESCAPED" in a[1]):
                bad += 1
                if bad <= 6:
                    print(f"MISMATCH line={line} event={event} chunks={[c[:60] for c in chunks]!r}\n  bulk ={a!r}\n  lines={b!r}"[:1500])
    print(f"{n} bodies, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000, int(sys.argv[2]) if len(sys.argv) > 2 else 0))
