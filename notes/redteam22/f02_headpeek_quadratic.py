"""F02: lc.stream.translate is quadratic in the chunks before the first data line (HeadPeek).

translate anthropic -> anthropic (new in rtfix21 e08ca0c: HeadPeek reads the message_start usage)
and from any Chat or Gemini source (HeadPeek since earlier rounds) re-scans every byte seen so far
for b"data:" at each chunk until the first data line comes (up to 1 MiB): a backend (or a proxy
cutting small) that sends keep-alive comments, or a first data line in small reads, costs time
quadratic in its size. Decoder.feed over the same chunks stays linear. The per-chunk cost must not
grow with the number of chunks; here it grows ~linearly (x8 chunks -> ~x8 per chunk).
"""

import sys
import time

import lmcodec as lc

lc.stream.translate  # import outside the timing


def per_chunk(src: str, dst: str, n: int) -> float:
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        for _out in lc.stream.translate(src, dst, (b":\n" for _ in range(n))):
            pass
        best = min(best, time.perf_counter() - t)
    return best / n


failed = False
for src, dst in (("anthropic", "anthropic"), ("openai_chat", "openai")):
    small, large = per_chunk(src, dst, 5_000), per_chunk(src, dst, 40_000)
    growth = large / small
    print(f"{src} -> {dst}: {small * 1e6:.1f} us a chunk at 5,000 keep-alive chunks, "
          f"{large * 1e6:.1f} us at 40,000 (x{growth:.1f}; linear would be ~x1)")
    failed |= growth > 3
t = time.perf_counter()
decoder = lc.stream.Decoder("anthropic")
for _ in range(40_000):
    decoder.feed(b":\n")
print(f"floor: Decoder.feed of the same 40,000 chunks {time.perf_counter() - t:.2f} s in all")
sys.exit(1 if failed else 0)
