"""Time of SSEDecoder.feed_data over hostile chunkings at n, 2n, 4n: each ratio should be ~2."""

from __future__ import annotations

import time

from lmcodec.framing.sse import SSEDecoder


def shapes(n: int) -> dict[str, list[bytes]]:
    line_cr = b"data: x\r"
    return {
        "one CR event, 7-byte chunks": [bytes(c) for c in _chunks(line_cr * n + b"\r", 7)],
        "one CR event, chunks ending at CR": [line_cr] * n + [b"\r"],
        "CR events, each chunk ends at CR, LF next": [b"data: x\r\r", b"\n"] * n,
        "one LF event, 1-byte chunks": _chunks(b"data: x\n" * (n // 4) + b"\n", 1),
        "one long CR line 1-byte": _chunks(b"data: " + b"y" * (n * 4) + b"\r\r", 1),
        "CRLF cut at CR each": [b"data: x\r", b"\n"] * n + [b"\r\n"],
        "mixed ends every chunk": [b"data: a\n", b"data: b\r", b"data: c\r\n"] * (n // 3) + [b"\n"],
        "comments CR": [b": ping\r"] * n + [b"data: 1\r\r"],
        "id lines CR 3-byte": _chunks(b"id: 1\r" * n + b"data: 1\r\r", 3),
    }


def _chunks(body: bytes, size: int) -> list[bytes]:
    return [body[i : i + size] for i in range(0, len(body), size)]


def cost(chunks: list[bytes]) -> float:
    best = float("inf")
    for _ in range(3):
        d = SSEDecoder(max_line_bytes=None, max_event_bytes=None)
        t = time.process_time()
        for c in chunks:
            d.feed_data(c)
        d.close_data()
        best = min(best, time.process_time() - t)
    return best


def main() -> int:
    n = 20000
    worst = 0.0
    for name in shapes(n):
        t = [cost(shapes(k)[name]) for k in (n, 2 * n, 4 * n)]
        r = t[2] / max(t[0], 1e-9)
        worst = max(worst, r)
        print(f"{name:45} {t[0]*1e3:8.1f} {t[1]*1e3:8.1f} {t[2]*1e3:8.1f} ms  4n/n={r:.1f}")
    return 1 if worst > 8 else 0


if __name__ == "__main__":
    raise SystemExit(main())
